package cli

import (
	"context"
	"fmt"

	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/referee"
)

func runReplay(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "replay", "FILE... [flags]", `
Re-validates every game of records files (games.txt, as meeple match writes
them) or journals (journal.jsonl) with meeple's own rules: the start
position, every move's legality and mover, every chance outcome against the
referee's seeded RNG, and the result and reason of every game that ended by
the rules (a fault or adjudication must leave the game unfinished, with the
returns its rule gives). A game saved in progress (termination
unterminated, result *) is valid when its moves are and it is not over; the
summary counts such games apart. It prints each game's result and a
summary, and exits with status 1 if any game is invalid. A directory means
its journal.jsonl.

Examples:
  meeple match --variant tictactoe --games 4 --engine 'name=a cmd=@self depth=1' --engine 'name=b cmd=@self' --out m
  meeple replay m`)
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 1, 1<<20); err != nil {
		return err
	}
	bad := 0
	for _, path := range args {
		rs, err := referee.ReadFile(path)
		if err != nil {
			return err
		}
		if len(args) > 1 {
			fmt.Fprintf(env.Stdout, "%s:\n", path)
		}
		sum := record.ReplayAll(env.Stdout, rs)
		bad += sum.Invalid
	}
	if bad > 0 {
		return fmt.Errorf("%d invalid games", bad)
	}
	return nil
}
