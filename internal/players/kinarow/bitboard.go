package kinarow

import (
	"context"
	"math/bits"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
)

// bitSolver solves four in a row on a two-dimensional gravity board of at
// most 56 cells with their column tops (width*(height+1) <= 56), Connect
// Four 7x6 among them, with bitboards: Pascal Pons's solver (and John
// Tromp's Fhourstones before it), written for Go.
//
// A position is two words: mask, the occupied cells, and cur, the stones
// of the side to move. Column c takes bits c*(h+1) .. c*(h+1)+h-1, and the
// bit above them stays clear, so shifting by h, h+1 or h+2 walks the
// diagonals and rows without wrapping from one column into the next. The
// key cur+mask tells every position apart (the lowest empty cell of every
// column marks the top of its stones).
//
// The search is negamax with alpha-beta, always on a null window: Solve
// narrows the score between its bounds by bisection, asking at each step
// whether the score is above a guess. It plays only moves that do not lose
// at once (the one block when the opponent threatens, never under the
// opponent's winning cell), tries first the moves that create the most
// winning cells, then the central columns, and keeps upper and lower
// bounds in a transposition table keyed by the position or its mirror
// image, whichever is smaller.
type bitSolver struct {
	w, h, cells int
	std         bool     // 7x6: winning takes the constant shifts
	h1          uint     // h+1: bits per column
	bottom      uint64   // the lowest cell of every column
	board       uint64   // every cell of the board (no tops)
	colMask     []uint64 // the cells of column c
	order       []int    // columns from the centre out
	bounds      bounds   // the scores a table entry holds
	tt          table
	nodes       int64
	budget      int64 // 0: none
	ctx         context.Context
	stop        bool
	// colOf and hOf map a cell of the kinarow board to its column and height.
	colOf, hOf []int
	gameCol    []int // column -> the cell of kinarow at height 0
	fall       int   // stride of the gravity axis
}

// bitSolvable tells whether g fits bitSolver.
func bitSolvable(g *kinarow.Game) bool {
	d := g.Dims()
	if len(d) != 2 || g.Gravity() == 0 || g.Connect() != 4 || g.Exact() {
		return false
	}
	ga := g.Gravity() - 1
	w, h := d[1-ga], d[ga]
	return w*(h+1) <= 56
}

func newBitSolver(g *kinarow.Game, hashMB int) *bitSolver {
	d := g.Dims()
	ga := g.Gravity() - 1
	w, h := d[1-ga], d[ga]
	b := &bitSolver{w: w, h: h, cells: w * h, h1: uint(h + 1)}
	b.colMask = make([]uint64, w)
	for c := range w {
		b.bottom |= 1 << (uint(c) * b.h1)
		b.colMask[c] = (1<<uint(h) - 1) << (uint(c) * b.h1)
	}
	b.board = b.bottom * (1<<uint(h) - 1)
	b.std = w == 7 && h == 6
	if b.std && b.board != board7x6 {
		panic("kinarow: board7x6 is wrong")
	}
	for i := range w { // 3, 4, 2, 5, 1, 6, 0 for width 7
		b.order = append(b.order, w/2+(1-2*(i%2))*(i+1)/2)
	}
	b.bounds = boundsFor(b.cells)
	b.tt = newTable(hashMB)
	b.colOf, b.hOf = make([]int, g.Cells()), make([]int, g.Cells())
	b.gameCol = make([]int, w)
	for cell := range g.Cells() {
		b.colOf[cell], b.hOf[cell] = g.Coord(cell, 1-ga), g.Coord(cell, ga)
		if b.hOf[cell] == 0 {
			b.gameCol[b.colOf[cell]] = cell
		}
	}
	if g.Cells() > 1 {
		b.fall = g.Cell(boolInts(ga == 0, 1, 0), boolInts(ga == 1, 1, 0))
	}
	return b
}

func boolInts(c bool, a, b int) int {
	if c {
		return a
	}
	return b
}

// bitPos is a position: cur the stones of the side to move, mask all of
// them, n their number.
type bitPos struct {
	cur, mask uint64
	n         int
}

// fromState reads a kinarow position.
func (b *bitSolver) fromState(s *kinarow.State) bitPos {
	var p bitPos
	me := s.Player()
	for cell, col := range b.colOf {
		v := s.At(cell)
		if v < 0 {
			continue
		}
		bit := uint64(1) << (uint(col)*b.h1 + uint(b.hOf[cell]))
		p.mask |= bit
		if v == me {
			p.cur |= bit
		}
		p.n++
	}
	return p
}

// move returns the kinarow move of a one-bit move.
func (b *bitSolver) move(m uint64) games.Move {
	i := uint(bits.TrailingZeros64(m))
	col, h := int(i/b.h1), int(i%b.h1)
	return games.Move(b.gameCol[col] + h*b.fall)
}

func (p bitPos) play(m uint64) bitPos {
	return bitPos{cur: p.cur ^ p.mask, mask: p.mask | m, n: p.n + 1}
}

func (p bitPos) key() uint64 { return p.cur + p.mask }

// winning returns the empty cells (playable or not) where the stones of pos
// would make four in a row.
func (b *bitSolver) winning(pos, mask uint64) uint64 {
	if b.std {
		return winning7x6(pos) & (board7x6 ^ mask)
	}
	r := (pos << 1) & (pos << 2) & (pos << 3)
	for _, s := range [3]uint{b.h1 - 1, b.h1, b.h1 + 1} {
		s &= 63
		q := (pos << s) & (pos << (2 * s & 63))
		r |= q & (pos << (3 * s & 63))
		r |= q & (pos >> s)
		q = (pos >> s) & (pos >> (2 * s & 63))
		r |= q & (pos << s)
		r |= q & (pos >> (3 * s & 63))
	}
	return r & (b.board ^ mask)
}

// board7x6 is bitSolver.board on 7x6.
const board7x6 = 0x1 * 0b0111111_0111111_0111111_0111111_0111111_0111111_0111111

// winning7x6 is winning on 7x6 with the shifts known to the compiler,
// before the mask.
func winning7x6(pos uint64) uint64 {
	r := (pos << 1) & (pos << 2) & (pos << 3)
	q := (pos << 7) & (pos << 14)
	r |= q & (pos << 21)
	r |= q & (pos >> 7)
	q = (pos >> 7) & (pos >> 14)
	r |= q & (pos << 7)
	r |= q & (pos >> 21)
	q = (pos << 6) & (pos << 12)
	r |= q & (pos << 18)
	r |= q & (pos >> 6)
	q = (pos >> 6) & (pos >> 12)
	r |= q & (pos << 6)
	r |= q & (pos >> 18)
	q = (pos << 8) & (pos << 16)
	r |= q & (pos << 24)
	r |= q & (pos >> 8)
	q = (pos >> 8) & (pos >> 16)
	r |= q & (pos << 8)
	r |= q & (pos >> 24)
	return r
}

func (b *bitSolver) possible(p bitPos) uint64 { return (p.mask + b.bottom) & b.board }

func (b *bitSolver) canWinNext(p bitPos) bool {
	return b.winning(p.cur, p.mask)&b.possible(p) != 0
}

// nonLosing returns the playable cells after which the opponent cannot win
// at once; 0 when there is none.
func (b *bitSolver) nonLosing(p bitPos) uint64 {
	poss := b.possible(p)
	opWin := b.winning(p.cur^p.mask, p.mask)
	if forced := poss & opWin; forced != 0 {
		if forced&(forced-1) != 0 {
			return 0
		}
		poss = forced
	}
	return poss &^ (opWin >> 1)
}

// mirror returns the key of the position reflected left to right.
func (b *bitSolver) mirror(k uint64) uint64 {
	col := uint64(1)<<b.h1 - 1
	var r uint64
	for c := 0; c < b.w; c++ {
		r |= (k >> (uint(c) * b.h1) & col) << (uint(b.w-1-c) * b.h1)
	}
	return r
}

// negamax returns the score of p for its side to move, which cannot win
// at once, within the window alpha < beta: the exact score inside it, an
// upper bound at or below alpha, a lower bound at or above beta.
func (b *bitSolver) negamax(p bitPos, alpha, beta int) int {
	b.nodes++
	if b.budget > 0 && b.nodes > b.budget || b.nodes&0xfff == 0 && b.ctx.Err() != nil {
		b.stop = true
	}
	if b.stop {
		return 0
	}
	next := b.nonLosing(p)
	if next == 0 {
		return -(b.cells - p.n) / 2
	}
	if p.n >= b.cells-2 {
		return 0
	}
	if lo := -(b.cells - 2 - p.n) / 2; alpha < lo {
		if alpha = lo; alpha >= beta {
			return alpha
		}
	}
	if hi := (b.cells - 1 - p.n) / 2; beta > hi {
		if beta = hi; alpha >= beta {
			return beta
		}
	}
	key := p.key()
	if p.n < 12 { // early on, a position and its mirror image share one entry
		key = min(key, b.mirror(key))
	}
	if v := b.tt.get(key); v != 0 {
		if score, done := b.bounds.cut(v, &alpha, &beta); done {
			return score
		}
	}
	var moves [16]uint64
	nm := b.sorted(p, next, &moves)
	for i := nm - 1; i >= 0; i-- {
		score := -b.negamax(p.play(moves[i]), -beta, -alpha)
		if b.stop {
			return 0
		}
		if score >= beta {
			b.tt.put(key, b.bounds.lower(score))
			return score
		}
		alpha = max(alpha, score)
	}
	b.tt.put(key, b.bounds.upper(alpha))
	return alpha
}

// sorted writes the moves of next (one bit each) into moves in the order
// the search tries them, from the last: the moves that create the most
// winning cells, the central column first among equals. It returns their
// number.
func (b *bitSolver) sorted(p bitPos, next uint64, moves *[16]uint64) int {
	var scores [16]int
	nm := 0
	for i := len(b.order) - 1; i >= 0; i-- { // insertion sort, stable: centre first among equals
		m := next & b.colMask[b.order[i]]
		if m == 0 {
			continue
		}
		sc := bits.OnesCount64(b.winning(p.cur|m, p.mask))
		j := nm
		for ; j > 0 && scores[j-1] > sc; j-- {
			moves[j], scores[j] = moves[j-1], scores[j-1]
		}
		moves[j], scores[j] = m, sc
		nm++
	}
	return nm
}

// sift proves, move by move in the search's order, which moves of p win
// for its side to move: it returns the first move proved to win (0: none
// was), the moves proved not to win, and false when stopped first. Each
// move costs one null-window search, the cheapest question the solver
// can answer about it.
func (b *bitSolver) sift(p bitPos) (win, refuted uint64, ok bool) {
	poss := b.possible(p)
	if w := b.winning(p.cur, p.mask) & poss; w != 0 {
		return w & -w, 0, true
	}
	next := b.nonLosing(p) // the others lose at once
	refuted = poss &^ next
	var moves [16]uint64
	for i := b.sorted(p, next, &moves) - 1; i >= 0; i-- {
		r := b.negamax(p.play(moves[i]), -1, 0)
		if b.stop {
			return 0, refuted, false
		}
		if r <= -1 {
			return moves[i], refuted, true
		}
		refuted |= moves[i]
	}
	return 0, refuted, true
}

// solve returns the exact score of p, or ok false when stopped.
func (b *bitSolver) solve(p bitPos) (score int, ok bool) {
	if b.canWinNext(p) {
		return (b.cells + 1 - p.n) / 2, true
	}
	return bisect(-(b.cells-p.n)/2, (b.cells+1-p.n)/2, func(med int) (int, bool) {
		r := b.negamax(p, med, med+1)
		return r, !b.stop
	})
}

// bisect finds the exact score in [lo, hi] with null-window probes
// (probe(med) searches the window [med, med+1] and says whether it ran to
// the end), halving the interval towards zero first, as Pons's solver
// does: scores near zero are the cheap ones to refute.
func bisect(lo, hi int, probe func(med int) (int, bool)) (int, bool) {
	for lo < hi {
		med := lo + (hi-lo)/2
		if med <= 0 && lo/2 < med {
			med = lo / 2
		} else if med >= 0 && hi/2 > med {
			med = hi / 2
		}
		r, ok := probe(med)
		if !ok {
			return 0, false
		}
		if r <= med {
			hi = r
		} else {
			lo = r
		}
	}
	return lo, true
}

// best returns a move of p that keeps its score, known to be score, and
// false when stopped.
func (b *bitSolver) best(p bitPos, score int) (uint64, bool) {
	poss := b.possible(p)
	win := b.winning(p.cur, p.mask) & poss
	if win != 0 {
		return win & -win, true
	}
	// The block of the opponent's win first: where every move loses as
	// soon, a fallible opponent must still find its win.
	cands := make([]uint64, 0, 16)
	if forced := poss & b.winning(p.cur^p.mask, p.mask); forced != 0 {
		cands = append(cands, forced&-forced)
	}
	for _, c := range b.order {
		if m := poss & b.colMask[c]; m != 0 && (len(cands) == 0 || m != cands[0]) {
			cands = append(cands, m)
		}
	}
	var fallback uint64
	for _, m := range cands {
		if fallback == 0 {
			fallback = m
		}
		q := p.play(m)
		if b.canWinNext(q) {
			if -(b.cells-p.n)/2 == score {
				return m, true
			}
			continue
		}
		if q.n == b.cells {
			if score == 0 {
				return m, true
			}
			continue
		}
		// Does the move hold the opponent to -score or less?
		r := b.negamax(q, -score, -score+1)
		if b.stop {
			return 0, false
		}
		if r <= -score {
			return m, true
		}
	}
	return fallback, true // unreachable with a true score
}

// line returns the moves of a best line from p, whose score is score.
func (b *bitSolver) line(p bitPos, score int) ([]uint64, bool) {
	var pv []uint64
	for p.n < b.cells {
		m, ok := b.best(p, score)
		if !ok {
			return pv, false
		}
		pv = append(pv, m)
		if b.winning(p.cur, p.mask)&m != 0 {
			break
		}
		p, score = p.play(m), -score
	}
	return pv, true
}
