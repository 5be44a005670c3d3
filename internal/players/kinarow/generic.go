package kinarow

import (
	"context"
	"slices"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
)

// genSolver solves any k-in-a-row board through kinarow.State (the window
// counts it keeps): the same null-window negamax, score bounds and table
// as bitSolver, the win in one found from the windows one stone short, the
// single block forced, with gravity no move under the opponent's winning
// cell, and the moves that make the most windows one stone short tried
// first. It knows no symmetry: tic-tac-toe is instant, Qubic and gomoku
// are far out of its reach.
type genSolver struct {
	g                  *kinarow.Game
	k, cells           int
	bounds             bounds
	tt                 table
	bufs               [][]games.Move
	nodes, budget      int64
	ctx                context.Context
	stop               bool
	fall               int // gravity: the stride of the gravity axis; 0 without
	fallAxis, fallSize int
}

func newGenSolver(g *kinarow.Game, hashMB int) *genSolver {
	c := g.Cells()
	s := &genSolver{g: g, k: g.Connect(), cells: c, tt: newTable(hashMB)}
	s.bounds = boundsFor(c)
	if g.Gravity() > 0 {
		s.fallAxis = g.Gravity() - 1
		s.fallSize = g.Dims()[s.fallAxis]
		coords := make([]int, len(g.Dims()))
		coords[s.fallAxis] = 1
		s.fall = g.Cell(coords...)
	}
	return s
}

// winsAt tells whether a stone of seat on the empty cell completes a
// winning window.
func (s *genSolver) winsAt(st *kinarow.State, seat, cell int) bool {
	for _, li := range s.g.LinesThrough(cell) {
		c := st.LineCount(li)
		if int(c[seat]) != s.k-1 || c[1-seat] != 0 {
			continue
		}
		if !s.g.Exact() {
			return true
		}
		before, after := s.g.LineEnds(li)
		if (before < 0 || st.At(int(before)) != seat) && (after < 0 || st.At(int(after)) != seat) {
			return true
		}
	}
	return false
}

// above returns the cell above cell along the gravity axis, or -1.
func (s *genSolver) above(cell int) int {
	if s.fall == 0 || s.g.Coord(cell, s.fallAxis)+1 >= s.fallSize {
		return -1
	}
	return cell + s.fall
}

// canWinNext tells whether the side to move wins with one stone.
func (s *genSolver) canWinNext(st *kinarow.State) bool {
	me := st.Player()
	for _, m := range st.LegalMoves(s.buf(st.Ply())) {
		if s.winsAt(st, me, int(m)) {
			return true
		}
	}
	return false
}

func (s *genSolver) buf(n int) []games.Move {
	for len(s.bufs) <= n {
		s.bufs = append(s.bufs, make([]games.Move, 0, s.cells))
	}
	return s.bufs[n][:0]
}

// nonLosing returns the legal moves after which the opponent cannot win at
// once, best first; none when every move loses so.
func (s *genSolver) nonLosing(st *kinarow.State) []games.Move {
	me := st.Player()
	op := 1 - me
	moves := st.LegalMoves(s.buf(st.Ply()))
	forced := games.NoMove
	for _, m := range moves {
		if s.winsAt(st, op, int(m)) {
			if forced != games.NoMove {
				return moves[:0]
			}
			forced = m
		}
	}
	if forced != games.NoMove {
		moves = append(moves[:0], forced)
	}
	out := moves[:0]
	for _, m := range moves {
		if a := s.above(int(m)); a >= 0 && s.winsAt(st, op, a) {
			continue
		}
		out = append(out, m)
	}
	// Order: the moves making the most windows one stone short, then those
	// through the most windows still open to the mover.
	var score [1024]int32
	if len(out) > len(score) {
		return out
	}
	for i, m := range out {
		v := int32(0)
		for _, li := range s.g.LinesThrough(int(m)) {
			c := st.LineCount(li)
			if c[op] == 0 {
				v++
				if int(c[me]) == s.k-2 {
					v += 64
				}
			}
		}
		score[i] = v
		for j := i; j > 0 && score[j-1] < score[j]; j-- {
			score[j-1], score[j] = score[j], score[j-1]
			out[j-1], out[j] = out[j], out[j-1]
		}
	}
	return out
}

// negamax is bitSolver.negamax on a kinarow.State.
func (s *genSolver) negamax(st *kinarow.State, alpha, beta int) int {
	s.nodes++
	if s.budget > 0 && s.nodes > s.budget || s.nodes&0xfff == 0 && s.ctx.Err() != nil {
		s.stop = true
	}
	if s.stop {
		return 0
	}
	n := st.Ply()
	moves := s.nonLosing(st)
	if len(moves) == 0 {
		return -(s.cells - n) / 2
	}
	if n >= s.cells-2 {
		return 0
	}
	if lo := -(s.cells - 2 - n) / 2; alpha < lo {
		if alpha = lo; alpha >= beta {
			return alpha
		}
	}
	if hi := (s.cells - 1 - n) / 2; beta > hi {
		if beta = hi; alpha >= beta {
			return beta
		}
	}
	key := st.Hash() >> 8
	if v := s.tt.get(key); v != 0 {
		if score, done := s.bounds.cut(v, &alpha, &beta); done {
			return score
		}
	}
	for _, m := range moves {
		st.Play(m)
		score := -s.negamax(st, -beta, -alpha)
		st.Undo()
		if s.stop {
			return 0
		}
		if score >= beta {
			s.tt.put(key, s.bounds.lower(score))
			return score
		}
		alpha = max(alpha, score)
	}
	s.tt.put(key, s.bounds.upper(alpha))
	return alpha
}

// solve returns the exact score of st, or ok false when stopped.
func (s *genSolver) solve(st *kinarow.State) (int, bool) {
	n := st.Ply()
	if s.canWinNext(st) {
		return (s.cells + 1 - n) / 2, true
	}
	return bisect(-(s.cells-n)/2, (s.cells+1-n)/2, func(med int) (int, bool) {
		r := s.negamax(st, med, med+1)
		return r, !s.stop
	})
}

// sift is bitSolver.sift on a kinarow.State.
func (s *genSolver) sift(st *kinarow.State) (win games.Move, refuted []games.Move, ok bool) {
	me := st.Player()
	legal := st.LegalMoves(nil)
	for _, m := range legal {
		if s.winsAt(st, me, int(m)) {
			return m, nil, true
		}
	}
	next := append([]games.Move(nil), s.nonLosing(st)...) // the others lose at once
	for _, m := range legal {
		if !slices.Contains(next, m) {
			refuted = append(refuted, m)
		}
	}
	for _, m := range next {
		st.Play(m)
		r := 0 // the board is full: a draw
		if st.Player() >= 0 {
			r = s.negamax(st, -1, 0)
		}
		st.Undo()
		if s.stop {
			return games.NoMove, refuted, false
		}
		if r <= -1 {
			return m, refuted, true
		}
		refuted = append(refuted, m)
	}
	return games.NoMove, refuted, true
}

// best returns a move of st keeping its score, known to be score.
func (s *genSolver) best(st *kinarow.State, score int) (games.Move, bool) {
	me, n := st.Player(), st.Ply()
	moves := append([]games.Move(nil), st.LegalMoves(nil)...)
	for _, m := range moves {
		if s.winsAt(st, me, int(m)) {
			return m, true
		}
	}
	for i, m := range moves { // the block of the opponent's win first
		if s.winsAt(st, 1-me, int(m)) {
			moves[0], moves[i] = moves[i], moves[0]
			break
		}
	}
	for _, m := range moves {
		st.Play(m)
		var r int
		switch {
		case st.Player() < 0: // the board is full: a draw
			r = 0
		case s.canWinNext(st):
			r = (s.cells + 1 - n - 1) / 2
		default:
			r = s.negamax(st, -score, -score+1)
		}
		st.Undo()
		if s.stop {
			return games.NoMove, false
		}
		if r <= -score {
			return m, true
		}
	}
	return moves[0], true // unreachable with a true score
}

// line returns a best line from st, whose score is score.
func (s *genSolver) line(st *kinarow.State, score int) ([]games.Move, bool) {
	var pv []games.Move
	defer func() {
		for range pv {
			st.Undo()
		}
	}()
	for st.Player() >= 0 {
		m, ok := s.best(st, score)
		if !ok {
			return append([]games.Move(nil), pv...), false
		}
		st.Play(m)
		pv = append(pv, m)
		score = -score
	}
	return append([]games.Move(nil), pv...), true
}
