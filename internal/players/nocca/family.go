package nocca

import (
	"context"
	"io"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/nocca"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/search"
)

// proveBytes bounds the tables of the analysis behind hints (a 4x4 board
// from its start takes 28 MB and 5 s).
const proveBytes = 64 << 20

// Family is Nocca Nocca's part of meeple's players, registered in
// internal/players.
var Family = engine.Family{
	Name:      "nocca",
	Auto:      func(g games.Game, c engine.Config) search.Searcher { return NewPlayer(g.(*nocca.Game), c.HashMB) },
	Eval:      func(g games.Game) search.Evaluator { return NewEval(g.(*nocca.Game)) },
	Baseline:  func(_ games.Game, c engine.Config) search.Searcher { return &search.Random{Seed: c.Seed} },
	Reference: "a random baseline (the Nocca Nocca article has no computer player): a uniformly random legal move",
	Solver:    func(games.Game, int) engine.Solver { return familySolver{} },
	SolveDoc: `A Nocca Nocca variant is solved by retrograde analysis of every position
reachable from the start (or --position, a position string of the nocca
family, then --moves; its past is not taken into account): it prints the
value for the side to move (win, loss or draw), the plies to the end with
best play, a best move and the line, and the positions reached. Its tables
take two bits for every arrangement of the pieces to find the positions
reached, then a bit an arrangement and a byte a position reached to solve
them: 1.7 GB at the peak for 4 rows x 5 columns, 13.5 GB for 5 x 5.
--memory bounds them (default 16 GiB): a board whose enumeration does not
fit is refused up front, one whose positions reached do not is stopped as
soon as they outgrow it. Progress goes to stderr; --checkpoint FILE saves
the state about every 10 minutes and at the end, and a solve that finds
FILE resumes from it (with a larger --memory too). --time stops it;
--nodes and --hash are not used.`,
}

// familySolver is the retrograde analysis behind engine.Solver. Its values
// are those of the position graph, where endless play draws: exact under
// the draw by repetition for a position with no repetition in its past.
type familySolver struct{}

func (familySolver) ProveMoves(ctx context.Context, st games.State) []engine.Proof {
	sol, err := Solve(ctx, st.(*nocca.State), Options{MaxBytes: proveBytes})
	if err != nil { // too large, or the time gone
		return nil
	}
	var out []engine.Proof
	for _, m := range sol.Moves {
		out = append(out, engine.Proof{Move: m.Move, Outcome: m.Value, Plies: m.Plies})
	}
	return out
}

func (familySolver) Solve(ctx context.Context, st games.State, o engine.SolveOptions, w io.Writer) error {
	if o.MoveTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.MoveTime)
		defer cancel()
	}
	nst := st.(*nocca.State)
	sol, err := Solve(ctx, nst, Options{MaxBytes: o.MaxBytes, Progress: o.Progress, Checkpoint: o.Checkpoint})
	if err != nil {
		return err
	}
	sol.Report(w, nst)
	return nil
}
