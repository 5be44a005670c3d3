package cli

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
)

func runPerft(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "perft", "VARIANT DEPTH [flags]", `
Counts the leaves of the move tree of VARIANT to DEPTH plies from the start
position (or --position), with the game's own fast perft where it has one.
perft 0 is 1; a game finished before DEPTH is no leaf, so a finished position
has perft 0 at depth 1 or more (chess, as in chess perft tables, ends a line
only at mate or stalemate, not at a draw rule). VARIANT is a shipped name, a family, a TOML file or an
inline spec such as 'kinarow(dims=3,size=4)'.

Examples:
  meeple perft chess 4
  meeple perft connect4 6 --set size=5x4
  meeple perft 'kinarow(dims=3,size=4)' 3`)
	pos := fs.String("position", "", "start from this position string")
	moves := fs.String("moves", "", "play these space-separated moves first")
	divide := fs.Bool("divide", false, "print the count below each legal move")
	var set setFlags
	addSet(fs, &set)
	// A negative depth would read as an unknown flag (-1): say what it is.
	for _, a := range args {
		if a == "--" {
			break
		}
		if n, err := strconv.Atoi(a); err == nil && n < 0 {
			return fmt.Errorf("depth %d is negative: want a whole number of plies, 0..64", n)
		}
	}
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 2, 2); err != nil {
		return err
	}
	depth, err := strconv.Atoi(args[1])
	switch {
	case err == nil && depth < 0:
		return fmt.Errorf("depth %d is negative: want a whole number of plies, 0..64", depth)
	case err != nil || depth > 64:
		return fmt.Errorf("depth %q: want a whole number of plies, 0..64", args[1])
	}
	_, st, err := startState(args[0], set, *pos, *moves)
	if err != nil {
		return err
	}
	start := time.Now()
	var total uint64
	if *divide && depth > 0 {
		for _, r := range games.Divide(st, depth) {
			total += r.Leaves
			fmt.Fprintf(env.Stdout, "%s: %d\n", st.FormatMove(r.Move), r.Leaves)
		}
	} else {
		total = games.CountLeaves(st, depth)
	}
	el := time.Since(start)
	fmt.Fprintf(env.Stdout, "nodes %d\ntime %s\nnps %.0f\n", total, el.Round(time.Microsecond), float64(total)/max(el.Seconds(), 1e-9))
	return nil
}

// startState loads a variant and sets up a position: the start, or pos,
// followed by moves.
func startState(spec string, set []string, pos, moves string) (games.Game, games.State, error) {
	v, err := games.LoadVariant(spec, set...)
	if err != nil {
		return nil, nil, err
	}
	st := v.Game.NewState()
	if pos != "" {
		if st, err = v.Game.ParseState(pos); err != nil {
			return nil, nil, err
		}
	}
	for _, s := range strings.Fields(moves) {
		m, err := games.ParseLegal(st, s)
		if err != nil {
			return nil, nil, err
		}
		st.Play(m)
	}
	return v.Game, st, nil
}
