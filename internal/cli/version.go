package cli

import (
	"context"

	"github.com/meeple-games/meeple/internal/version"
)

func runVersion(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "version", "", `
Prints meeple's version (the module version, or "(devel)"), the VCS
revision and its time, whether the tree was modified, the Go version and
the platform, as the Go toolchain recorded them in the binary ("unknown"
where it recorded nothing: go run, go test, -buildvcs=false). The engine's
handshakes and the referee's records carry the same version (the first
line's second word). 'meeple --version' is the same.

Examples:
  meeple version
  meeple --version`)
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 0, 0); err != nil {
		return err
	}
	return version.Get().Write(env.Stdout)
}
