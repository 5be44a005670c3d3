package cli

import (
	"context"

	"github.com/meeple-games/meeple/protocol"
)

func runEngine(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "engine", "[flags]", `
Speaks the engine protocol on stdin/stdout until EOF or quit. The dialect is
picked by the first command ("uci" starts UCI for chess, "ugi" starts UGI
for two-player games, "nboard" starts the NBoard protocol for Othello;
anything else is the native protocol) unless --protocol names it. Only
protocol goes to stdout; diagnostics go to stderr. protocol/README.md is
the specification.`)
	dialect := fs.String("protocol", "auto", "auto, native, ugi, uci or nboard")
	variant := fs.String("variant", "tictactoe", "the variant loaded at start")
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 0, 0); err != nil {
		return err
	}
	return protocol.Run(ctx, env.Stdin, env.Stdout, protocol.Options{Dialect: *dialect, Variant: *variant, Stderr: env.Stderr})
}
