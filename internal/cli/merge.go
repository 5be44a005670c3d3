package cli

import (
	"context"

	"github.com/meeple-games/meeple/internal/referee"
)

func runMerge(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "merge", "--out DIR SOURCE... [flags]", `
Merges the journals of the shards of one match (meeple match --shard i/n)
into DIR: one journal.jsonl, games.txt (and games.pgn for chess) and the
stderr logs, and prints the standings, the same as one run of the whole
match would. A SOURCE is a shard's output directory or its journal file. Every journal must belong to
the same match (the same command but for --shard); DIR must not hold a
journal yet. A SOURCE that a running referee still writes (its
meeple.lock is live) is refused; a journal without a whole header line
holds no game and is left out. If games are missing, running the whole
match (no --shard) with --out DIR plays just those.

Examples:
  meeple match --variant tictactoe --games 4 --engine 'name=a cmd=@self depth=1' --engine 'name=b cmd=@self' --shard 1/2 --out s1
  meeple match --variant tictactoe --games 4 --engine 'name=a cmd=@self depth=1' --engine 'name=b cmd=@self' --shard 2/2 --out s2
  meeple merge --out all s1 s2`)
	out := fs.String("out", "", "the output `DIR` (required)")
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if *out == "" {
		fs.Usage()
		return errUsage
	}
	if err := wantArgs(fs, args, 1, 1<<20); err != nil {
		return err
	}
	_, err = referee.Merge(env.Stdout, *out, args)
	return err
}
