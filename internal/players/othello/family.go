package othello

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/othello"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/search"
)

// ProveEmpties is how near its end a position must be for hints to prove
// its moves: this many empty squares or fewer.
const ProveEmpties = 20

// Family is Othello's part of meeple's players, registered in
// internal/players.
var Family = engine.Family{
	Name: "othello",
	Auto: func(g games.Game, c engine.Config) search.Searcher {
		p := NewPlayer(g.(*othello.Game), c.HashMB)
		if c.SolveEmpties != 0 {
			p.SolveEmpties = c.SolveEmpties
		}
		return p
	},
	Eval:      func(g games.Game) search.Evaluator { return NewEval(g.(*othello.Game)) },
	Baseline:  func(games.Game, engine.Config) search.Searcher { return Baseline{} },
	Reference: "the Othello article's CPU: the first legal square, a1 to h8 row by row",
	Solver:    func(_ games.Game, hashMB int) engine.Solver { return familySolver{NewSolver(hashMB)} },
	SolveDoc: `An Othello position is solved exactly: the final disc difference for the
side to move with perfect play by both sides (the empty squares counted
for the winner), a best move and the line, with the nodes searched and the
time. --position is in the FFO format (the squares a1, b1, ... row by row
as X, O or -, a space, X or O to move). Without a limit it runs until it
is done.`,
	Units: engine.Discs,
}

// familySolver is the endgame solver behind engine.Solver.
type familySolver struct{ s *Solver }

func (f familySolver) ProveMoves(ctx context.Context, st games.State) []engine.Proof {
	return engine.ProveEach(ctx, st, func(ctx context.Context, st games.State) (engine.Proof, bool) {
		os := st.(*othello.State)
		if os.Empties() > ProveEmpties {
			return engine.Proof{}, false
		}
		sol := f.s.Solve(ctx, os, search.Limits{})
		return engine.Proof{Outcome: engine.Sign(sol.Score), Plies: len(sol.PV), Margin: sol.Score, HasMargin: true}, sol.Exact
	})
}

func (f familySolver) Solve(ctx context.Context, st games.State, o engine.SolveOptions, w io.Writer) error {
	ost := st.(*othello.State)
	sol := f.s.Solve(ctx, ost, search.Limits{Nodes: o.Nodes, MoveTime: o.MoveTime})
	side := []string{"black", "white"}[ost.ToMove()]
	fmt.Fprintf(w, "position %s\n", ost.Position())
	fmt.Fprintf(w, "empties %d, %s to move\n", ost.Empties(), side)
	if sol.Exact {
		fmt.Fprintf(w, "score %+d (%s)\n", sol.Score, verdict(side, sol.Score, ost))
	} else {
		fmt.Fprintf(w, "score unknown: stopped before the end (the move is a guess)\n")
	}
	if sol.Move != games.NoMove {
		fmt.Fprintf(w, "bestmove %s\n", ost.FormatMove(sol.Move))
		pv := make([]string, len(sol.PV))
		c := ost.Clone().(*othello.State)
		for i, m := range sol.PV {
			pv[i] = c.FormatMove(m)
			if m == othello.Pass || c.Legal(m) {
				c.Play(m)
			}
		}
		fmt.Fprintf(w, "pv %s\n", strings.Join(pv, " "))
	}
	fmt.Fprintf(w, "nodes %d\ntime %s\nnps %.0f\n", sol.Nodes, sol.Time.Round(time.Millisecond), float64(sol.Nodes)/max(sol.Time.Seconds(), 1e-9))
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted: %w", context.Cause(ctx))
	}
	return nil
}

// verdict says the result in words: "black wins 40-24".
func verdict(side string, score int, st *othello.State) string {
	n := st.Game().Squares()
	a := (n + score) / 2
	other := map[string]string{"black": "white", "white": "black"}[side]
	switch {
	case score > 0:
		return fmt.Sprintf("%s wins %d-%d", side, a, n-a)
	case score < 0:
		return fmt.Sprintf("%s wins %d-%d", other, n-a, a)
	}
	return fmt.Sprintf("draw %d-%d", a, n-a)
}
