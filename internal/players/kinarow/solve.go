package kinarow

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
)

// Solution is the proved value of a k-in-a-row position.
//
// Score follows Pascal Pons's convention for Connect Four, widened to any
// board of C cells: 0 for a draw, positive when the side to move wins,
// negative when it loses, both sides playing perfectly (the winner as early
// as it can, the loser as late); |Score| = (C+2-N)/2, rounded down, where N
// is the number of the winning stone counted over both players from the
// empty board. On 7x6 (C = 42) a Score of 1 is a win with the winner's
// 21st and last stone, 2 with its 20th, and so on.
type Solution struct {
	Exact  bool         // false: stopped before the proof, the rest is unset
	Score  int          // see above
	Plies  int          // plies from the position to the end of the game with best play
	Move   games.Move   // a best move
	PV     []games.Move // a best line to the end (Move first)
	Nodes  int64        // positions searched
	Time   time.Duration
	Method string // how it was proved
}

// Outcome says "win", "draw" or "loss" for the side to move.
func (s Solution) Outcome() string {
	switch {
	case s.Score > 0:
		return "win"
	case s.Score < 0:
		return "loss"
	}
	return "draw"
}

// plies returns the plies to the end of a game of cells cells, n stones
// played, whose score for the side to move is score.
func plies(cells, n, score int) int {
	if score == 0 {
		return cells - n
	}
	first := n + 1 // the side to move places the stones n+1, n+3, ...
	if score < 0 {
		first = n + 2
	}
	for stone := first; stone <= cells; stone += 2 {
		if (cells+2-stone)/2 == abs(score) {
			return stone - n
		}
	}
	return cells - n // unreachable for a score within the bounds
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Solver proves the value of positions of one k-in-a-row game. Connect
// Four and the other four-in-a-row gravity boards of at most 56 cells with
// their column tops go to a bitboard solver (see bitSolver); every other
// board to a solver on kinarow.State (see genSolver), which proves
// tic-tac-toe at once and boards as large as Qubic or gomoku only near
// their end. A Solver keeps its transposition table from one Solve to the
// next; it is not safe for concurrent use.
type Solver struct {
	g   *kinarow.Game
	bit *bitSolver
	gen *genSolver
}

// NewSolver returns a solver for g whose table takes about hashMB
// megabytes (at least one).
func NewSolver(g *kinarow.Game, hashMB int) *Solver {
	s := &Solver{g: g}
	if bitSolvable(g) {
		s.bit = newBitSolver(g, hashMB)
	} else {
		s.gen = newGenSolver(g, hashMB)
	}
	return s
}

// Clear empties the transposition table.
func (s *Solver) Clear() {
	if s.bit != nil {
		s.bit.tt.clear()
	} else {
		s.gen.tt.clear()
	}
}

// Method names the algorithm that proves this game's positions.
func (s *Solver) Method() string {
	if s.bit != nil {
		return "bitboard negamax, null-window bisection of the score, transposition table with mirror keys (after Pons and Tromp)"
	}
	return "negamax on the window counts, null-window bisection of the score, transposition table"
}

// ErrOver is returned for a position whose game is over.
var ErrOver = errors.New("kinarow: the game is over: nothing to solve")

// Solve proves the value of st (left as it was) within nodes positions
// (0: no limit) and while ctx lasts; a Solution that is not Exact says it
// stopped first. The best line is found by search too, on the warm table.
func (s *Solver) Solve(ctx context.Context, st *kinarow.State, nodes int64) (Solution, error) {
	return s.solve(ctx, st, nodes, true)
}

// Prove is Solve without the line: PV holds only the best move.
func (s *Solver) Prove(ctx context.Context, st *kinarow.State, nodes int64) (Solution, error) {
	return s.solve(ctx, st, nodes, false)
}

func (s *Solver) solve(ctx context.Context, st *kinarow.State, nodes int64, line bool) (Solution, error) {
	if st.Game() != s.g {
		return Solution{}, fmt.Errorf("kinarow: a position of %s given to the solver of %s", st.Game(), s.g)
	}
	if st.Player() < 0 {
		return Solution{}, ErrOver
	}
	start := time.Now()
	sol := Solution{Method: s.Method()}
	cells := s.g.Cells()
	if b := s.bit; b != nil {
		b.ctx, b.budget, b.stop, b.nodes = ctx, nodes, false, 0
		p := b.fromState(st)
		score, ok := b.solve(p)
		if ok {
			var pv []uint64
			if line {
				pv, ok = b.line(p, score)
			} else {
				var m uint64
				m, ok = b.best(p, score)
				pv = []uint64{m}
			}
			if ok {
				sol.Exact, sol.Score = true, score
				q := p
				for _, m := range pv {
					sol.PV = append(sol.PV, b.move(m))
					q = q.play(m)
				}
			}
		}
		sol.Nodes = b.nodes
	} else {
		g := s.gen
		g.ctx, g.budget, g.stop, g.nodes = ctx, nodes, false, 0
		score, ok := g.solve(st)
		if ok {
			var pv []games.Move
			if line {
				pv, ok = g.line(st, score)
			} else {
				var m games.Move
				m, ok = g.best(st, score)
				pv = []games.Move{m}
			}
			if ok {
				sol.Exact, sol.Score, sol.PV = true, score, pv
			}
		}
		sol.Nodes = g.nodes
	}
	sol.Time = time.Since(start)
	if !sol.Exact {
		return sol, nil
	}
	sol.Plies = plies(cells, st.Ply(), sol.Score)
	if len(sol.PV) > 0 {
		sol.Move = sol.PV[0]
	}
	return sol, nil
}

// Sift is what the solver proved of the moves of a position about a win
// for the side to move (see Solver.Sift).
type Sift struct {
	Win     games.Move   // a move proved to win; NoMove when none was
	Refuted []games.Move // moves proved not to win
	Done    bool         // every move was decided: Win, or all refuted
	Nodes   int64        // positions searched
}

// Sift asks of the moves of st, one at a time in the solver's own order,
// whether they win for the side to move, within nodes positions (0: no
// limit) and while ctx lasts, and stops at the first proved win. Each
// move costs one null-window search, cheaper than an exact score, and the
// moves it refutes are proved not to win whether or not it finishes.
func (s *Solver) Sift(ctx context.Context, st *kinarow.State, nodes int64) (Sift, error) {
	if st.Game() != s.g {
		return Sift{}, fmt.Errorf("kinarow: a position of %s given to the solver of %s", st.Game(), s.g)
	}
	if st.Player() < 0 {
		return Sift{}, ErrOver
	}
	out := Sift{Win: games.NoMove}
	if b := s.bit; b != nil {
		b.ctx, b.budget, b.stop, b.nodes = ctx, nodes, false, 0
		win, refuted, ok := b.sift(b.fromState(st))
		for refuted != 0 {
			out.Refuted = append(out.Refuted, b.move(refuted&-refuted))
			refuted &= refuted - 1
		}
		if win != 0 {
			out.Win = b.move(win)
		}
		out.Done, out.Nodes = ok, b.nodes
		return out, nil
	}
	g := s.gen
	g.ctx, g.budget, g.stop, g.nodes = ctx, nodes, false, 0
	var ok bool
	out.Win, out.Refuted, ok = g.sift(st)
	out.Done, out.Nodes = ok, g.nodes
	return out, nil
}

// probe tells whether the score of st is above v, within nodes positions
// (0: no limit) and while ctx lasts: one null-window search, the step of
// the bisection. ok is false when it stopped first.
func (s *Solver) probe(ctx context.Context, st *kinarow.State, nodes int64, v int) (above bool, n int64, ok bool) {
	if st.Player() < 0 || st.Game() != s.g {
		return false, 0, false
	}
	cells, stones := s.g.Cells(), st.Ply()
	if b := s.bit; b != nil {
		b.ctx, b.budget, b.stop, b.nodes = ctx, nodes, false, 0
		p := b.fromState(st)
		if b.canWinNext(p) {
			return (cells+1-stones)/2 > v, 0, true
		}
		r := b.negamax(p, v, v+1)
		return r > v, b.nodes, !b.stop
	}
	g := s.gen
	g.ctx, g.budget, g.stop, g.nodes = ctx, nodes, false, 0
	if g.canWinNext(st) {
		return (cells+1-stones)/2 > v, 0, true
	}
	r := g.negamax(st, v, v+1)
	return r > v, g.nodes, !g.stop
}

// Score returns only the proved score of st, without a best line: the
// quicker call for checking a table of positions. ok is false when it
// stopped first.
func (s *Solver) Score(ctx context.Context, st *kinarow.State, nodes int64) (score int, n int64, ok bool) {
	if st.Player() < 0 || st.Game() != s.g {
		return 0, 0, false
	}
	if b := s.bit; b != nil {
		b.ctx, b.budget, b.stop, b.nodes = ctx, nodes, false, 0
		score, ok = b.solve(b.fromState(st))
		return score, b.nodes, ok
	}
	g := s.gen
	g.ctx, g.budget, g.stop, g.nodes = ctx, nodes, false, 0
	score, ok = g.solve(st)
	return score, g.nodes, ok
}
