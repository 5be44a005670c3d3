package cli

import (
	"context"

	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/protocol"
)

func runEngine(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "engine", "[flags]", `
Speaks the engine protocol on stdin/stdout until EOF or quit. The dialect is
picked by the first command ("uci" starts UCI for chess, "ugi" starts UGI
for two-player games, "nboard" starts the NBoard protocol for Othello, a
GTP command such as protocol_version or name starts GTP for Othello and
other placement games; anything else is the native protocol) unless
--protocol names it. Only protocol goes to stdout; diagnostics go to
stderr. protocol/README.md is the specification.

A GTP GUI such as Quarry takes the command line: meeple engine --protocol gtp
(add --limits "nodes 20000" for a quicker, weaker player).

Examples:
  printf 'newgame connect4\nplay d c d\ngo depth 8\nquit\n' | meeple engine
  printf 'boardsize 8\ngenmove black\n' | meeple engine --protocol gtp`)
	dialect := fs.String("protocol", "auto", "auto, native, ugi, uci, nboard or gtp")
	variant := fs.String("variant", "", "the variant loaded at start (default tictactoe; othello in GTP)")
	limits := fs.String("limits", "", "search `limits` of a move asked for without a clock (GTP's genmove):\n"+
		"go's words, like \"nodes 20000\", \"depth 6\", \"movetime 500\" (default: GTP thinks a second);\n"+
		"a node or depth limit applies under a clock too")
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 0, 0); err != nil {
		return err
	}
	return protocol.Run(ctx, env.Stdin, env.Stdout, protocol.Options{Dialect: *dialect, Variant: *variant, Limits: *limits, Stderr: env.Stderr, Players: players.New})
}
