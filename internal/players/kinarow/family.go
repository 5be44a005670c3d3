package kinarow

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/search"
)

// Family is k-in-a-row's part of meeple's players, registered in
// internal/players.
var Family = engine.Family{
	Name: "kinarow",
	Auto: func(g games.Game, c engine.Config) search.Searcher {
		kg := g.(*kinarow.Game)
		p := NewPlayer(kg, c.HashMB)
		if Provable(kg) {
			return NewProver(kg, c.HashMB, p)
		}
		return p
	},
	Eval: func(g games.Game) search.Evaluator { return NewEval(g.(*kinarow.Game)) },
	Baseline: func(g games.Game, c engine.Config) search.Searcher {
		return NewBaseline(g.(*kinarow.Game), c.Seed)
	},
	Reference: "the 4-D tic-tac-toe article's CPU: win, block, fork-block, fork (each on the cell on the most lines with two), random",
	Solver: func(g games.Game, hashMB int) engine.Solver {
		kg := g.(*kinarow.Game)
		if !Provable(kg) {
			return nil
		}
		return familySolver{NewSolver(kg, hashMB)}
	},
	SolveDoc: `A k-in-a-row variant (connect4, tictactoe, qubic, ...) is proved by
negamax (bitboards for Connect Four and the other four-in-a-row gravity
boards): the score in Pascal Pons's convention (0 a draw; positive when
the side to move wins, (C+2-N)/2 rounded down for a win with stone N of
a board of C cells, so on 7x6 1 is a win with the winner's last, 21st,
stone; negative when it loses), win, draw or loss for the side to move,
the plies to the end with best play, a best move and the line. --nodes
and --time bound the search; --hash sizes its table.`,
}

// familySolver is the prover behind engine.Solver.
type familySolver struct{ s *Solver }

func (f familySolver) ProveMoves(ctx context.Context, st games.State) []engine.Proof {
	return engine.ProveEach(ctx, st, func(ctx context.Context, st games.State) (engine.Proof, bool) {
		sol, err := f.s.Solve(ctx, st.(*kinarow.State), 0)
		return engine.Proof{Outcome: engine.Sign(sol.Score), Plies: sol.Plies}, err == nil && sol.Exact
	})
}

func (f familySolver) Solve(ctx context.Context, st games.State, o engine.SolveOptions, w io.Writer) error {
	kst := st.(*kinarow.State)
	sctx := ctx
	if o.MoveTime > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, o.MoveTime)
		defer cancel()
	}
	sol, err := f.s.Solve(sctx, kst, o.Nodes)
	if err != nil {
		return err
	}
	side := []string{"x", "o"}[kst.Player()]
	fmt.Fprintf(w, "position %s\n", kst.Position())
	fmt.Fprintf(w, "stones %d, %s to move\n", kst.Ply(), side)
	if !sol.Exact {
		fmt.Fprintf(w, "score unknown: stopped before the proof\n")
	} else {
		score := fmt.Sprintf("%+d", sol.Score)
		if sol.Score == 0 {
			score = "0"
		}
		fmt.Fprintf(w, "score %s (%s for %s, the side to move, in %d plies)\n", score, sol.Outcome(), side, sol.Plies)
		fmt.Fprintf(w, "plies %d\n", sol.Plies)
		fmt.Fprintf(w, "bestmove %s\n", kst.FormatMove(sol.Move))
		pv := make([]string, len(sol.PV))
		c := kst.Clone()
		for i, m := range sol.PV {
			pv[i] = c.FormatMove(m)
			c.Play(m)
		}
		fmt.Fprintf(w, "pv %s\n", strings.Join(pv, " "))
		fmt.Fprintf(w, "method %s\n", sol.Method)
	}
	fmt.Fprintf(w, "nodes %d\ntime %s\nnps %.0f\n", sol.Nodes, sol.Time.Round(time.Millisecond), float64(sol.Nodes)/max(sol.Time.Seconds(), 1e-9))
	if ctx.Err() != nil && !sol.Exact {
		return fmt.Errorf("interrupted: %w", context.Cause(ctx))
	}
	return nil
}
