package cli

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
	chessplayer "github.com/meeple-games/meeple/internal/players/chess"
)

func runTune(ctx context.Context, env Env, args []string) error {
	if len(args) > 0 && (args[0] == "gen" || args[0] == "fit") {
		if args[0] == "gen" {
			return runTuneGen(ctx, env, args[1:])
		}
		return runTuneFit(ctx, env, args[1:])
	}
	fs := newFlags(env, "tune", "gen|fit [flags]", `
Tunes the chess evaluation by Texel's method, in two steps:
  meeple tune gen --out FILE   plays meeple against itself and writes quiet
                               positions with the games' results
  meeple tune fit FILE         fits the evaluation's weights to them by
                               logistic regression and writes weights.go
A real run plays more: --games 2500 --nodes 3000; fit --out
internal/players/chess/weights.go in the source tree, then rebuild meeple
and measure it against the old build. Run "meeple tune gen --help" and
"meeple tune fit --help" for the flags.

Examples:
  meeple tune gen --games 20 --nodes 300 --seed 1 --out tune.txt
  meeple tune fit tune.txt --keep pst,mobility,king-attack --out weights.go`)
	if _, err := parse(fs, env, args); err != nil {
		return err
	}
	return fmt.Errorf("tune: want gen or fit")
}

func tuneChess() (*chess.Game, error) {
	v, err := games.LoadVariant("chess")
	if err != nil {
		return nil, err
	}
	return v.Game.(*chess.Game), nil
}

func runTuneGen(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "tune gen", "[flags]", `
Plays the chess engine against itself at a fixed number of nodes a move,
each game from the standard start after some random plies (seeded), and
writes the quiet positions of every game (not in check, the engine's move
no capture or promotion) as lines "FEN result", the result for white (1,
0.5, 0). The same flags make the same file. Progress goes to stderr.

Examples:
  meeple tune gen --games 20 --nodes 300 --seed 1 --out tune.txt`)
	n := fs.Int("games", 1000, "games to play")
	nodes := fs.Int64("nodes", 3000, "nodes a move")
	plies := fs.Int("random-plies", 8, "random plies at the start of each game")
	seed := fs.Uint64("seed", 1, "seed of the random plies")
	out := fs.String("out", "", "output `FILE` (required)")
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 0, 0); err != nil {
		return err
	}
	if *out == "" {
		return fmt.Errorf("tune gen: --out FILE is required")
	}
	g, err := tuneChess()
	if err != nil {
		return err
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	o := chessplayer.GenOptions{Games: *n, Nodes: *nodes, RandomPlies: *plies, Seed: *seed, HashMB: 16,
		Progress: func(games, positions int) {
			if games%50 == 0 || games == *n {
				fmt.Fprintf(env.Stderr, "%d/%d games, %d positions\n", games, *n, positions)
			}
		}}
	if err := chessplayer.Generate(ctx, g, f, o); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func runTuneFit(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "tune fit", "FILE [flags]", `
Fits the chess evaluation's weights to the positions of FILE (written by
meeple tune gen) by Texel's method: the scaling constant k that best maps
the current weights' scores to the results, then Adam over all positions
to lower the mean squared error of the predicted results, stopping at
the epoch with the least error on held-out positions (one block of 256
lines in ten). Writes the
weights as Go source to --out (internal/players/chess/weights.go to ship
them; rebuild meeple after) and the error before and after to stderr.

Examples:
  meeple tune gen --games 20 --nodes 300 --seed 1 --out tune.txt
  meeple tune fit tune.txt --out weights.go`)
	epochs := fs.Int("epochs", 2000, "passes over the data")
	rate := fs.Float64("rate", 1, "Adam's step in centipawns")
	lambda := fs.Float64("lambda", 0.001, "pull toward the starting weights: this times the sum of their squared distances in pawns")
	keep := fs.String("keep", "", "comma-separated `groups` of weights left as they are: "+strings.Join(slices.Sorted(maps.Keys(chessplayer.WeightGroups)), ", "))
	out := fs.String("out", "", "output `FILE` for the weights (required)")
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 1, 1); err != nil {
		return err
	}
	if *out == "" {
		return fmt.Errorf("tune fit: --out FILE is required")
	}
	g, err := tuneChess()
	if err != nil {
		return err
	}
	in, err := os.Open(args[0])
	if err != nil {
		return err
	}
	defer in.Close()
	o := chessplayer.TuneOptions{Epochs: *epochs, Rate: *rate, Lambda: *lambda, Progress: func(epoch int, fit, held float64) {
		if epoch%100 == 0 {
			fmt.Fprintf(env.Stderr, "epoch %d: error %.6f fitted, %.6f held out\n", epoch, fit, held)
		}
	}}
	if *keep != "" {
		o.Keep = strings.Split(*keep, ",")
	}
	w, k, before, after, err := chessplayer.Tune(g, in, o)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stderr, "k %.4f, held-out error %.6f -> %.6f\n", k, before, after)
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	how := fmt.Sprintf("meeple tune fit %s --epochs %d --rate %g --lambda %g --keep %q", args[0], *epochs, *rate, *lambda, *keep)
	if err := chessplayer.WriteWeights(f, w, how); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
