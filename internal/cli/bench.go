package cli

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/internal/search"
)

// The bench workload is fixed: for each shipped variant, perft from the
// start at depths 1, 2, ... until one counts benchPerftLeaves leaves or more
// (decided by counting, so the same on every machine; its nodes are the
// leaves of all the depths run), then a fixed-depth search
// from the start with a fresh searcher. Node counts are deterministic, so
// their total is a signature: a change to move generation or search that
// changes it shows up here.
const benchPerftLeaves = 2_000_000

// benchDepth is the search depth for each shipped variant; others get
// benchDefaultDepth.
var benchDepth = map[string]int{
	"tictactoe": 9,
	"connect4":  12,
	"qubic":     5,
	"score4":    8,
	"hypercube": 4,
	"gomoku":    4,
	// Othello: alpha-beta with the evaluation (4x4 is solved outright).
	"othello":       11,
	"othello-6x6":   12,
	"othello-10x10": 7,
	// Chess: the chess player (internal/players/chess) from the start position.
	"chess":    10,
	"chess960": 10,
}

const benchDefaultDepth = 4

func runBench(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "bench", "[VARIANT...]", `
Runs the fixed benchmark workload: perft and a fixed-depth search from the
start of every shipped variant (or only the named ones), printing nodes,
time and nodes/s per item and a total node count that is identical from run
to run (the signature).

meeple bench thegame [--players P] [--games N] [--seed S] plays N seeded
games of The Game (or of any thegame variant named first) with the auto
player in every seat and prints the win rate and the mean cards left with
95% intervals.

Examples:
  meeple bench tictactoe connect4
  meeple bench thegame --players 3 --games 100`)
	if len(args) > 0 && isTheGame(args[0]) {
		return runBenchTheGame(ctx, env, args[0], args[1:])
	}
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	vs, err := games.Shipped()
	if err != nil {
		return err
	}
	if len(args) == 0 { // The Game has a workload of its own (bench thegame)
		vs = slices.DeleteFunc(vs, func(v *games.Variant) bool { return v.Family == "thegame" })
	} else {
		vs = slices.DeleteFunc(vs, func(v *games.Variant) bool { return !slices.Contains(args, v.Name) })
		if len(vs) != len(args) {
			return fmt.Errorf("unknown shipped variant among %v; see 'meeple variants'", args)
		}
	}
	w := env.Stdout
	fmt.Fprintf(w, "%-14s %-7s %5s %12s %10s %12s\n", "variant", "item", "depth", "nodes", "time", "nodes/s")
	var total uint64
	var elapsed time.Duration
	for _, v := range vs {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		n, d := benchPerft(w, v)
		total += n
		elapsed += d
		n, d, err = benchSearch(ctx, w, v)
		if err != nil {
			return err
		}
		total += n
		elapsed += d
	}
	fmt.Fprintf(w, "%-14s %-7s %5s %12d %10s %12.0f\n", "total", "", "", total, elapsed.Round(time.Millisecond), float64(total)/max(elapsed.Seconds(), 1e-9))
	fmt.Fprintf(w, "signature %d\n", total)
	return nil
}

func benchPerft(w io.Writer, v *games.Variant) (uint64, time.Duration) {
	st := v.Game.NewState()
	var nodes uint64
	start := time.Now()
	depth := 0
	for d := 1; d <= 12; d++ {
		n := games.CountLeaves(st, d)
		if n == 0 { // every game ends before d: the tree is exhausted
			break
		}
		nodes += n
		depth = d
		if n >= benchPerftLeaves {
			break
		}
	}
	el := time.Since(start)
	benchLine(w, v.Name, "perft", depth, nodes, el)
	return nodes, el
}

func benchSearch(ctx context.Context, w io.Writer, v *games.Variant) (uint64, time.Duration, error) {
	s, err := players.New(v.Game, engine.Config{Algorithm: "auto", HashMB: 16, Seed: 1})
	if err != nil {
		return 0, 0, err
	}
	depth, ok := benchDepth[v.Name]
	if !ok {
		depth = benchDefaultDepth
	}
	st := v.Game.NewState()
	start := time.Now()
	r := s.Search(ctx, st, search.Limits{Depth: depth}, nil)
	el := time.Since(start)
	benchLine(w, v.Name, "search", depth, uint64(r.Info.Nodes), el)
	return uint64(r.Info.Nodes), el, nil
}

func benchLine(w io.Writer, name, item string, depth int, nodes uint64, el time.Duration) {
	fmt.Fprintf(w, "%-14s %-7s %5d %12d %10s %12.0f\n", name, item, depth, nodes, el.Round(time.Microsecond), float64(nodes)/max(el.Seconds(), 1e-9))
}
