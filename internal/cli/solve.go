package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/players"
)

func runSolve(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "solve", "VARIANT [flags]", solveDoc())
	pos := fs.String("position", "", "solve this position string instead of the start")
	moves := fs.String("moves", "", "play these space-separated moves first")
	nodes := fs.Int64("nodes", 0, "stop after this many nodes (0: no limit)")
	movetime := fs.Duration("time", 0, "stop after this long (0: no limit)")
	hash := fs.Int("hash", 256, "transposition table size in megabytes (memory is taken as the table fills)")
	memory := fs.Int64("memory", 0, "a retrograde solver's tables (Nocca Nocca): at most this many megabytes (0: its default)")
	checkpoint := fs.String("checkpoint", "", "Nocca Nocca: save the state to this file and resume from it")
	var set setFlags
	addSet(fs, &set)
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 1, 1); err != nil {
		return err
	}
	if *hash < 1 || *hash > 16384 {
		return fmt.Errorf("--hash %d: want 1..16384 megabytes", *hash)
	}
	if *memory < 0 || *memory > 1<<30 {
		return fmt.Errorf("--memory %d: want 0..%d megabytes", *memory, 1<<30)
	}
	g, st, err := startState(args[0], set, *pos, *moves)
	if err != nil {
		return err
	}
	solver := players.NewSolver(g, *hash)
	if solver == nil {
		return fmt.Errorf("%s is not a game meeple solves: solve knows %s", args[0], strings.Join(solvable(), ", "))
	}
	return solver.Solve(ctx, st, engine.SolveOptions{Nodes: *nodes, MoveTime: *movetime,
		MaxBytes: *memory << 20, Checkpoint: *checkpoint, Progress: env.Stderr}, env.Stdout)
}

// solveDoc is meeple solve's help: what each family's solver solves.
func solveDoc() string {
	var b strings.Builder
	b.WriteString("\nSolves a position exactly: the start of VARIANT, or --position (a position\nstring of its family), followed by --moves.")
	fams := players.Families()
	for _, name := range solvable() {
		b.WriteString("\n\n" + fams[name].SolveDoc)
	}
	b.WriteString("\n\nExamples:\n  meeple solve tictactoe\n  meeple solve nocca-3x3\n  meeple solve othello-4x4\n" +
		"  meeple solve connect4 --set size=5x4 --moves 'c c'")
	return b.String()
}

// solvable are the families with a solver, by name.
func solvable() []string {
	var names []string
	for name, f := range players.Families() {
		if f.Solver != nil {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}
