package cli

import (
	"context"
	"fmt"

	"github.com/meeple-games/meeple/games"
)

func runCheck(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "check", "FILE.toml...", `
Checks variant files with exactly the checks the loader makes everywhere
else (keys, types, ranges, the combination of values, extends). Prints one
line per file: "ok" with the effective rules, or the error with file, line
and key. Exits 1 if any file fails.

Examples:
  printf 'extends = "connect4"\nname = "connect5"\n[rules]\nsize = [9, 7]\nconnect = 5\n' > connect5.toml
  meeple check connect5.toml`)
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 1, 1<<20); err != nil {
		return err
	}
	failed := 0
	for _, f := range args {
		v, err := games.CheckFile(f)
		if err != nil {
			fmt.Fprintln(env.Stdout, err)
			failed++
			continue
		}
		fmt.Fprintf(env.Stdout, "%s: ok: %s (%s) %s\n", f, v.Name, v.Family, rulesLine(v))
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d files failed", failed, len(args))
	}
	return nil
}
