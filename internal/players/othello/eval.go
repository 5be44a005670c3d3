package othello

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/othello"
	"github.com/meeple-games/meeple/internal/search"
)

// geometry holds the masks of a board in the 8x8 frame (size 4, 6 or 8)
// that the evaluation and the solver read.
type geometry struct {
	size     int
	valid    uint64
	corners  uint64
	xsquares uint64    // diagonal neighbours of the corners
	csquares uint64    // edge neighbours of the corners
	edges    uint64    // the border, corners included
	quad     [4]uint64 // the four quadrants (parity regions)
	quadOf   [64]uint8 // the quadrant of each square
	// quadSets[m] is the union of the quadrants of the bits of m (the
	// squares of the quadrants of odd parity, for the solver).
	quadSets [16]uint64
	colA     uint64 // the first and last columns and rows
	colL     uint64
	row1     uint64
	rowL     uint64
	lines    [4][]uint64 // every row, column and diagonal (two ways) as a mask
	// xcorner[i] is the corner next to xsquares/csquares bit i (0: none).
	xcorner [64]uint64
}

func newGeometry(size int) *geometry {
	g := &geometry{size: size}
	e := size - 1
	at := func(r, c int) uint64 { return 1 << (r*8 + c) }
	h := size / 2
	for r := range size {
		for c := range size {
			g.valid |= at(r, c)
			q := 0
			if c >= h {
				q++
			}
			if r >= h {
				q += 2
			}
			g.quad[q] |= at(r, c)
			g.quadOf[r*8+c] = uint8(q)
		}
		g.colA |= at(r, 0)
		g.colL |= at(r, e)
		g.row1 |= at(0, r)
		g.rowL |= at(e, r)
	}
	g.edges = g.colA | g.colL | g.row1 | g.rowL
	for m := range g.quadSets {
		for q := range 4 {
			if m>>q&1 != 0 {
				g.quadSets[m] |= g.quad[q]
			}
		}
	}
	for _, k := range [4][2]int{{0, 0}, {0, e}, {e, 0}, {e, e}} {
		r, c := k[0], k[1]
		dr, dc := 1, 1
		if r == e {
			dr = -1
		}
		if c == e {
			dc = -1
		}
		corner := at(r, c)
		g.corners |= corner
		x, c1, c2 := at(r+dr, c+dc), at(r, c+dc), at(r+dr, c)
		g.xsquares |= x
		g.csquares |= c1 | c2
		for _, b := range []uint64{x, c1, c2} {
			g.xcorner[bits.TrailingZeros64(b)] = corner
		}
	}
	// Lines: rows, columns, and diagonals both ways.
	for i := range size {
		var row, col uint64
		for j := range size {
			row |= at(i, j)
			col |= at(j, i)
		}
		g.lines[0] = append(g.lines[0], row)
		g.lines[1] = append(g.lines[1], col)
	}
	for k := -(size - 1); k <= size-1; k++ {
		var d1, d2 uint64 // r-c = k; r+c = k+size-1
		for r := range size {
			if c := r - k; c >= 0 && c < size {
				d1 |= at(r, c)
			}
			if c := k + size - 1 - r; c >= 0 && c < size {
				d2 |= at(r, c)
			}
		}
		g.lines[2] = append(g.lines[2], d1)
		g.lines[3] = append(g.lines[3], d2)
	}
	return g
}

// flipV mirrors a board of the frame top to bottom.
func (g *geometry) flipV(x uint64) uint64 {
	return bits.ReverseBytes64(x) >> (8 * (8 - g.size))
}

// flipH mirrors a board of the frame left to right.
func (g *geometry) flipH(x uint64) uint64 {
	const k1, k2, k4 = 0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f
	x = x>>1&k1 | x&k1<<1
	x = x>>2&k2 | x&k2<<2
	x = x>>4&k4 | x&k4<<4 // every byte reversed: a row of 8 mirrored
	return x >> (8 - g.size) & g.valid
}

// transpose mirrors a board of the frame in its a1-h8 diagonal (the board
// sits in the frame's top left corner, so this maps it onto itself).
func transpose(x uint64) uint64 {
	const k1, k2, k4 = 0x5500550055005500, 0x3333000033330000, 0x0f0f0f0f00000000
	t := k4 & (x ^ x<<28)
	x ^= t ^ t>>28
	t = k2 & (x ^ x<<14)
	x ^= t ^ t>>14
	t = k1 & (x ^ x<<7)
	x ^= t ^ t>>7
	return x
}

// symmetric reports whether the position (p, o) is the image of (q, r)
// under one of the eight symmetries of the square board.
func (g *geometry) symmetric(p, o, q, r uint64) bool {
	for k := range 8 {
		a, b := p, o
		if k&1 != 0 {
			a, b = g.flipH(a), g.flipH(b)
		}
		if k&2 != 0 {
			a, b = g.flipV(a), g.flipV(b)
		}
		if k&4 != 0 {
			a, b = transpose(a), transpose(b)
		}
		if a == q && b == r {
			return true
		}
	}
	return false
}

// fullLines returns, for the four line directions (rows, columns, the
// diagonals r-c and r+c), the squares whose whole line is filled.
func (g *geometry) fullLines(filled uint64) [4]uint64 {
	if g.valid == ^uint64(0) {
		return fullLines8(filled)
	}
	return g.fullLinesByLines(filled)
}

// fullLinesByLines is fullLines by testing each line of the board.
func (g *geometry) fullLinesByLines(filled uint64) [4]uint64 {
	var full [4]uint64
	for i, ls := range g.lines {
		for _, l := range ls {
			if filled&l == l {
				full[i] |= l
			}
		}
	}
	return full
}

// fullLines8 is fullLines on the 8x8 board, by shifts instead of a loop
// over its 46 lines (stableBoth takes half the instructions with it):
// a row is full when its byte is, a column when its bits in the eight
// bytes are; along a diagonal, fwd marks the squares from which the
// diagonal is filled up to its end ahead (a square past the board
// counting as filled: diagEnds), in three doubling steps, bwd the same
// behind, and the diagonal is full where both hold.
func fullLines8(f uint64) [4]uint64 {
	r := f & (f >> 4) // bit 0 of a byte ands bits 1 to 7 of the same byte
	r &= r >> 2
	r &= r >> 1
	r = (r & 0x0101010101010101) * 0xff
	c := f & bits.RotateLeft64(f, 32)
	c &= bits.RotateLeft64(c, 16)
	c &= bits.RotateLeft64(c, 8)
	e := &diagEnds
	fwd := f & (f>>9 | e[0][0])
	fwd &= fwd>>18 | e[0][1]
	fwd &= fwd>>36 | e[0][2]
	bwd := f & (f<<9 | e[1][0])
	bwd &= bwd<<18 | e[1][1]
	bwd &= bwd<<36 | e[1][2]
	d1 := fwd & bwd
	fwd = f & (f>>7 | e[2][0])
	fwd &= fwd>>14 | e[2][1]
	fwd &= fwd>>28 | e[2][2]
	bwd = f & (f<<7 | e[3][0])
	bwd &= bwd<<14 | e[3][1]
	bwd &= bwd<<28 | e[3][2]
	return [4]uint64{r, c, d1, fwd & bwd}
}

// diagEnds[d][k] holds the squares of the 8x8 board from which 2^k steps
// in direction d (+9: down and right; -9; +7: down and left; -7) leave
// the board.
var diagEnds = func() (t [4][3]uint64) {
	steps := [4][2]int{{1, 1}, {-1, -1}, {1, -1}, {-1, 1}}
	for d, st := range steps {
		for k := range 3 {
			for sq := range 64 {
				r, c := sq>>3+st[0]<<k, sq&7+st[1]<<k
				if r < 0 || r > 7 || c < 0 || c > 7 {
					t[d][k] |= 1 << sq
				}
			}
		}
	}
	return t
}()

// stable returns discs of p that can never be turned over (an
// under-estimate): starting from none, a disc of p is stable when along
// each of the four lines through it the line is full, or a neighbour on the
// line is off the board or a stable disc of p; repeated until nothing
// changes.
func (g *geometry) stable(p, o uint64) uint64 {
	return g.stableIn(p, g.fullLines(p|o))
}

// stableBoth returns the stable discs of p and of o, finding the full
// lines once.
func (g *geometry) stableBoth(p, o uint64) (uint64, uint64) {
	full := g.fullLines(p | o)
	return g.stableIn(p, full), g.stableIn(o, full)
}

// stableIn is stable for the discs p, full being fullLines of the filled
// squares.
func (g *geometry) stableIn(p uint64, full [4]uint64) uint64 {
	// Squares with a neighbour off the board along each line direction.
	hEdge := full[0] | g.colA | g.colL
	vEdge := full[1] | g.row1 | g.rowL
	d1Edge := full[2] | g.edges
	d2Edge := full[3] | g.edges
	// Only discs that are secured on every line can be stable; start from
	// the corners and grow.
	cand := p & g.valid
	st := uint64(0)
	for {
		h := hEdge | st<<1&^g.colA0() | st>>1&^g.colL7()
		v := vEdge | st<<8 | st>>8
		d1 := d1Edge | st<<9&^g.colA0() | st>>9&^g.colL7()
		d2 := d2Edge | st<<7&^g.colL7() | st>>7&^g.colA0()
		next := st | cand&h&v&d1&d2
		if next == st {
			return st
		}
		st = next
	}
}

// colA0 and colL7 are the frame's first and last columns: a shift along a
// row that wraps lands there.
func (g *geometry) colA0() uint64 { return 0x0101010101010101 }
func (g *geometry) colL7() uint64 { return 0x8080808080808080 }

// Weights of the hand-weighted Othello evaluation, in centi-discs, by
// phase: [0] with the board nearly empty, [1] at the end (interpolated by
// the discs on the board). Set by hand; the 8x8 board uses the fitted
// weights of weights.go instead.
var othelloWeights = struct {
	mobility, potential, corner, xsquare, csquare, stable, edge, parity, discs [2]int
}{
	mobility:  [2]int{90, 60},
	potential: [2]int{40, 20},
	corner:    [2]int{900, 500},
	xsquare:   [2]int{-300, -100},
	csquare:   [2]int{-120, -40},
	stable:    [2]int{150, 120},
	edge:      [2]int{15, 10},
	parity:    [2]int{0, 150},
	discs:     [2]int{-10, 40},
}

// othelloEval is the Othello midgame evaluation, a search.Evaluator and
// search.MoveOrderer. On the 8x8 board it is the fitted evaluation
// (evalPatterns, below) when weights.go holds weights; elsewhere,
// and on 8x8 without them, the hand-weighted one: for the side to move
// against the other it adds up, with weights that move from the opening to
// the end by the number of discs on the board: mobility (legal squares), potential mobility (empty
// squares next to the opponent's discs), corners, X-squares and C-squares
// next to an empty corner (a liability), stable discs (that can never be
// turned), edge discs, parity (who gets the last move of the board, or of
// each region), and the disc count (negative early: fewer discs is
// better, positive late). Boards of size 4, 6 and 8 are evaluated on
// bitboards; larger ones square by square through othello.State.
type othelloEval struct {
	g     *othello.Game
	geo   *geometry // nil on a board larger than 8x8
	nodes int64     // positions the shallow searches visited
	// stop, when not nil, cuts a shallow search short once set (its
	// result is then meaningless: the solver that set it is aborting);
	// the shallow searches set it themselves once nodes reach limit (0:
	// none), so that a solve's node limit bounds its ordering too.
	stop  *atomic.Bool
	limit int64
	board []int8 // scratch for evalWide
	// phases are the fitted pattern weights (othelloPhases) on the 8x8
	// board; nil: the hand-weighted evaluation.
	phases *[othelloBuckets]othelloPhase
}

// NewEval is the evaluation of g (see doc.go), with its move ordering
// (search.MoveOrderer).
func NewEval(g *othello.Game) search.Evaluator { return newEval(g) }

func newEval(g *othello.Game) *othelloEval {
	e := &othelloEval{g: g}
	if _, ok := g.Frame8(); ok {
		e.geo = newGeometry(g.Size())
		if g.Size() == 8 && othelloFitted {
			e.phases = othelloPhases()
		}
	}
	return e
}

// Evaluate scores st for the side to move (centi-discs).
func (e *othelloEval) Evaluate(st games.State) int {
	s, ok := st.(*othello.State)
	if !ok || s.Game() != e.g {
		return 0
	}
	if e.geo == nil {
		return e.evalWide(s)
	}
	p, o, _ := s.Bits()
	return e.eval8(p, o)
}

// mix interpolates a weight pair by phase t in 0..256.
func mix(w [2]int, t int) int { return (w[0]*(256-t) + w[1]*t) >> 8 }

// eval8 scores the position p (to move) against o on the 8x8 frame.
func (e *othelloEval) eval8(p, o uint64) int {
	if e.phases != nil && bits.OnesCount64(p|o) >= othelloFittedDiscs {
		return e.evalPatterns(p, o)
	}
	return e.evalHand(p, o)
}

// evalHand is the hand-weighted evaluation of p (to move) against o on
// the 8x8 frame (othelloWeights).
func (e *othelloEval) evalHand(p, o uint64) int {
	g := e.geo
	w := &othelloWeights
	filled := p | o
	empty := g.valid &^ filled
	squares := g.size * g.size
	t := (bits.OnesCount64(filled) - 4) * 256 / (squares - 4)
	mp := bits.OnesCount64(othello.Moves(p, o) & g.valid)
	mo := bits.OnesCount64(othello.Moves(o, p) & g.valid)
	score := mix(w.mobility, t) * (mp - mo) * 4 / (mp + mo + 4) * 2
	pot := bits.OnesCount64(neighbours(o)&empty) - bits.OnesCount64(neighbours(p)&empty)
	score += mix(w.potential, t) * pot / 2
	score += mix(w.corner, t) * (bits.OnesCount64(p&g.corners) - bits.OnesCount64(o&g.corners))
	// X- and C-squares next to an empty corner.
	var xs, cs int
	for x := (p | o) & (g.xsquares | g.csquares); x != 0; x &= x - 1 {
		sq := bits.TrailingZeros64(x)
		if g.xcorner[sq]&empty == 0 {
			continue
		}
		sgn := 1
		if o>>sq&1 != 0 {
			sgn = -1
		}
		if g.xsquares>>sq&1 != 0 {
			xs += sgn
		} else {
			cs += sgn
		}
	}
	score += mix(w.xsquare, t)*xs + mix(w.csquare, t)*cs
	if filled&g.edges != 0 {
		sp, so := g.stableBoth(p, o)
		score += mix(w.stable, t) * (bits.OnesCount64(sp) - bits.OnesCount64(so))
		score += mix(w.edge, t) * (bits.OnesCount64(p&g.edges&^sp) - bits.OnesCount64(o&g.edges&^so))
	}
	// Parity: with an odd number of empties the side to move gets the last
	// move (of the board, and of each region with an odd count).
	par := 0
	for _, q := range g.quad {
		if n := bits.OnesCount64(empty & q); n > 0 {
			if n&1 == 1 {
				par++
			} else {
				par--
			}
		}
	}
	score += mix(w.parity, t) * par / 4
	score += mix(w.discs, t) * (bits.OnesCount64(p) - bits.OnesCount64(o))
	return score
}

// shallow is a small fixed-depth negamax with the evaluation, for ordering
// moves: the score of p to move against o.
func (e *othelloEval) shallow(p, o uint64, depth int) int {
	return e.negamax(p, o, depth, -1<<30, 1<<30, false)
}

func (e *othelloEval) negamax(p, o uint64, depth, alpha, beta int, passed bool) int {
	e.nodes++
	if e.stop != nil && e.nodes&1023 == 0 && (e.stop.Load() || e.limit > 0 && e.nodes >= e.limit) {
		e.stop.Store(true)
		return 0
	}
	g := e.geo
	if depth == 0 {
		return e.eval8(p, o)
	}
	moves := othello.Moves(p, o) & g.valid
	if moves == 0 {
		if passed {
			return final(p, o, bits.OnesCount64(g.valid&^(p|o))) * 1000
		}
		return -e.negamax(o, p, depth, -beta, -alpha, true)
	}
	best := -1 << 30
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		f := othello.Flips(p, o, sq)
		v := -e.negamax(o^f, p|f|1<<sq, depth-1, -beta, -alpha, false)
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// evalWide evaluates a board larger than 8x8 square by square: mobility,
// potential mobility, corners, X- and C-squares, edges and parity (no
// stability).
func (e *othelloEval) evalWide(s *othello.State) int {
	w := &othelloWeights
	n := e.g.Size()
	me := int8(s.ToMove())
	squares := n * n
	e.board = s.Board(e.board)
	b := e.board
	t := (squares - s.Empties() - 4) * 256 / (squares - 4)
	mp, mo := s.Mobility(int(me)), s.Mobility(int(1-me))
	score := mix(w.mobility, t) * (mp - mo) * 4 / (mp + mo + 4) * 2
	pot := 0
	for sq, v := range b {
		if v >= 0 {
			continue
		}
		r, c := sq/n, sq%n
		var nextTo [2]bool
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if rr, cc := r+dr, c+dc; (dr != 0 || dc != 0) && rr >= 0 && rr < n && cc >= 0 && cc < n {
					if x := b[rr*n+cc]; x >= 0 {
						nextTo[x] = true
					}
				}
			}
		}
		if nextTo[1-me] {
			pot++
		}
		if nextTo[me] {
			pot--
		}
	}
	score += mix(w.potential, t) * pot / 2
	sgn := func(sq int) int {
		switch b[sq] {
		case me:
			return 1
		case 1 - me:
			return -1
		}
		return 0
	}
	e1 := n - 1
	for _, k := range [4][2]int{{0, 0}, {0, e1}, {e1, 0}, {e1, e1}} {
		r, c := k[0], k[1]
		dr, dc := 1, 1
		if r == e1 {
			dr = -1
		}
		if c == e1 {
			dc = -1
		}
		corner := r*n + c
		if v := sgn(corner); v != 0 {
			score += mix(w.corner, t) * v
			continue
		}
		score += mix(w.xsquare, t) * sgn((r+dr)*n+c+dc)
		score += mix(w.csquare, t) * (sgn(r*n+c+dc) + sgn((r+dr)*n+c))
	}
	edge := 0
	for i := 1; i < e1; i++ {
		edge += sgn(i) + sgn(e1*n+i) + sgn(i*n) + sgn(i*n+e1)
	}
	score += mix(w.edge, t) * edge
	if s.Empties()&1 == 1 {
		score += mix(w.parity, t)
	} else {
		score -= mix(w.parity, t)
	}
	score += mix(w.discs, t) * (s.Count(int(me)) - s.Count(int(1-me)))
	return score
}

// ScoreMoves orders moves for the search: corners first, then by the
// opponent's mobility after the move (fewer first), X-squares next to an
// empty corner last.
func (e *othelloEval) ScoreMoves(st games.State, moves []games.Move, scores []int32) {
	s, ok := st.(*othello.State)
	if !ok || s.Game() != e.g {
		clear(scores)
		return
	}
	if e.geo == nil {
		for i, m := range moves {
			if m == othello.Pass {
				scores[i] = 0
				continue
			}
			s.Play(m)
			scores[i] = int32(1<<12 - 64*s.Mobility(s.ToMove()))
			s.Undo()
		}
		return
	}
	g := e.geo
	p, o, _ := s.Bits()
	for i, m := range moves {
		if m == othello.Pass {
			scores[i] = 0
			continue
		}
		sq := e.g.Bit(int(m))
		f := othello.Flips(p, o, sq)
		np, no := o^f, p|f|1<<sq
		k := 1<<12 - 64*bits.OnesCount64(othello.Moves(np, no)&g.valid)
		switch {
		case g.corners>>sq&1 != 0:
			k += 1 << 11
		case g.xsquares>>sq&1 != 0 && g.xcorner[sq]&(p|o) == 0:
			k -= 1 << 10
		}
		scores[i] = int32(max(k, 0))
	}
}

// The fitted evaluation of the 8x8 board, after Buro's Logistello and
// Edax (the recipe cut down to what a few thousand games can fit): the
// position's features are looked up in tables of weights, one set per
// phase (a bucket of othelloBucketDiscs discs on the board), and added up.
// The features are patterns of squares, each read as a number in base 3
// (empty, mine, theirs), a table for each kind of pattern (othelloKinds),
// and othelloScalars counts for the side to move against the other
// (mobility, potential mobility, X-squares next to an empty corner, stable
// discs, parity, discs, a bias for having the move, and the discs on each
// of the ten classes of squares). The kinds of pattern: the lines of eight
// squares (the edges, the second, third and fourth lines from the edges,
// and the two long diagonals), and Edax's larger ones: the 3x3 square in
// each corner, the 2x5 rectangle along each edge from each corner, and
// each edge with its two X-squares. A pattern that is its own mirror image
// (a line, the corner square about the diagonal, the edge with its
// X-squares) has the same weight for a configuration and its mirror. In
// the first phases, with few positions to learn from, the tuner also makes
// the weight of a configuration the opposite of that of the one with mine
// and theirs exchanged.
//
// The weights are in weights.go, fitted by least squares to the
// exact endgame scores of positions from seeded games by TestTuneOthello
// (tune_test.go; the command is in that file's first line).
// Positions with fewer than othelloFittedDiscs discs, which no game of the
// tuner reaches, keep the hand-weighted evaluation.
const (
	othelloBucketDiscs = 4
	othelloBuckets     = (64-4)/othelloBucketDiscs + 1
	othelloScalars     = featSquares + othelloSquareClasses
	// othelloFittedDiscs: the fitted evaluation scores positions with at
	// least this many discs. The tuner's games start from random openings
	// of four plies or more, so the first phase has no positions of its
	// own to learn from; the first three plies keep the hand-weighted
	// evaluation.
	othelloFittedDiscs = 8
	// othelloSquareClasses are the squares of the 8x8 board up to its
	// symmetries: a1, b1, c1, d1, b2, c2, d2, c3, d3, d4.
	othelloSquareClasses = 10
)

// The scalar features of the fitted evaluation, in the order of
// othelloPhase.scalar; each the side to move's count minus the other's.
const (
	featMobility  = iota // legal moves
	featPotential        // empty squares next to the other's discs (theirs minus mine)
	featXSquares         // discs on an X-square next to an empty corner
	featStable           // stable discs
	featParity           // parity regions with an odd number of empties minus even ones
	featDiscs            // discs
	featBias             // 1: having the move
	featSquares          // then the discs on each class of squares (othelloSquareClass)
)

// The kinds of pattern, in the order of othelloKinds.
const (
	kindEdge     = iota // a1-h1
	kindSecond          // a2-h2
	kindThird           // a3-h3
	kindFourth          // a4-h4
	kindDiagonal        // a1-h8
	kindCorner          // a1 b1 c1, a2 b2 c2, a3 b3 c3
	kindRect            // a1-e1, a2-e2
	kindEdgeX           // a1-h1, b2, g2
	othelloKindCount
)

// patternKind is a kind of pattern: its squares as the instance at a1
// reads them (digit i of the index is squares[i]), and the digit
// permutation of its mirror symmetry (nil: it has none).
type patternKind struct {
	squares []int
	mirror  []int
	size    int // 3^len(squares)
	off     int // its table's place in a phase's (othelloPhase.table)
}

var (
	line8   = []int{7, 6, 5, 4, 3, 2, 1, 0} // the mirror image of a line
	sym3x3  = []int{0, 3, 6, 1, 4, 7, 2, 5, 8}
	symEdge = []int{7, 6, 5, 4, 3, 2, 1, 0, 9, 8}
	// othelloKinds are the kinds of pattern, indexed by kind*.
	othelloKinds = func() []patternKind {
		row := func(r int) []int { return []int{8 * r, 8*r + 1, 8*r + 2, 8*r + 3, 8*r + 4, 8*r + 5, 8*r + 6, 8*r + 7} }
		ks := []patternKind{
			{squares: row(0), mirror: line8},
			{squares: row(1), mirror: line8},
			{squares: row(2), mirror: line8},
			{squares: row(3), mirror: line8},
			{squares: []int{0, 9, 18, 27, 36, 45, 54, 63}, mirror: line8},
			{squares: []int{0, 1, 2, 8, 9, 10, 16, 17, 18}, mirror: sym3x3},
			{squares: []int{0, 1, 2, 3, 4, 8, 9, 10, 11, 12}},
			{squares: append(row(0), 9, 14), mirror: symEdge},
		}
		off := 0
		for i := range ks {
			ks[i].size, ks[i].off = pow3[len(ks[i].squares)], off
			off += ks[i].size
		}
		return ks
	}()
	// pow3[n] is 3^n.
	pow3 = [...]int{1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049}
)

// patternCanon is what weights.go lists of a kind of pattern: the
// configurations not above their mirror image (canon), from off in a
// phase's list, and the mirror image of each (mirrorOf).
type patternCanon struct {
	canon, mirrorOf []int32
	off             int
}

// patternCanons returns each kind's patternCanon, made on first use.
var patternCanons = sync.OnceValue(func() [othelloKindCount]patternCanon {
	var out [othelloKindCount]patternCanon
	off := 0
	for i := range othelloKinds {
		k, c := &othelloKinds[i], &out[i]
		c.off = off
		for x := range k.size {
			if m := k.mirrorIndex(x); x <= m {
				c.canon = append(c.canon, int32(x))
				c.mirrorOf = append(c.mirrorOf, int32(m))
			}
		}
		off += len(c.canon)
	}
	if off != othelloCanonical {
		panic("othello: canonical pattern count")
	}
	return out
})

// mirrorIndex is the index of the mirror image of configuration x.
func (k *patternKind) mirrorIndex(x int) int {
	if k.mirror == nil {
		return x
	}
	r := 0
	for d := range len(k.squares) {
		r += x % 3 * pow3[k.mirror[d]]
		x /= 3
	}
	return r
}

// othelloTable and othelloCanonical are the sizes of a phase's pattern
// weights, all kinds, as the evaluation holds them (five kinds of line of
// 3^8, 3^9 and twice 3^10) and as weights.go lists them (without mirror
// images: 3321 configurations of a line, 10,206 of a corner square, all
// 59,049 of a rectangle and 29,646 of an edge with its X-squares).
const (
	othelloTable     = 5*6561 + 19683 + 2*59049
	othelloCanonical = 5*3321 + 10206 + 59049 + 29646
)

// othelloPhase holds the weights of one phase, in centi-discs.
type othelloPhase struct {
	table  []int16               // the patterns' (othelloFeatures.patterns)
	scalar [othelloScalars]int32 // per unit of each scalar feature
}

var (
	// othelloPhases returns the fitted weights, decoded from
	// othelloFittedWeights on first use (about 20 ms that a program not
	// playing Othello on 8x8 does not pay).
	othelloPhases = sync.OnceValue(func() *[othelloBuckets]othelloPhase {
		w, err := decodeWeights(othelloFittedWeights, othelloCanonical+othelloScalars)
		if err != nil {
			panic("othello: weights.go: " + err.Error())
		}
		var ph [othelloBuckets]othelloPhase
		for b := range ph {
			ph[b] = expandPhase(w[b])
		}
		return &ph
	})
	// tern10 maps ten bits to their value read as base-3 digits (bit i
	// is digit i): a pattern's index is tern10[mine] + 2*tern10[theirs],
	// its squares gathered into the low bits in the order of its digits.
	tern10 [1024]uint16
	// othelloSquareClass are the squares of each class, the class of a1
	// first.
	othelloSquareClass [othelloSquareClasses]uint64
)

func init() {
	for b := range 1024 {
		v, d := 0, 1
		for i := range 10 {
			if b>>i&1 != 0 {
				v += d
			}
			d *= 3
		}
		tern10[b] = uint16(v)
	}
	if k := othelloKinds[othelloKindCount-1]; k.off+k.size != othelloTable {
		panic("othello: pattern table size")
	}
	for sq := range 64 {
		r, c := min(sq/8, 7-sq/8), min(sq%8, 7-sq%8)
		r, c = min(r, c), max(r, c)
		k := [4]int{0, 4, 7, 9}[r] + c - r // rows of the triangle: 4, 3, 2, 1 classes
		othelloSquareClass[k] |= 1 << sq
	}
}

// expandPhase makes a phase's tables from its weights as weights.go
// lists them: each kind's canonical configurations, then the scalars.
func expandPhase(w []int32) othelloPhase {
	ph := othelloPhase{table: make([]int16, othelloTable)}
	for i, pc := range patternCanons() {
		off := othelloKinds[i].off
		for c, x := range pc.canon {
			v := int16(max(min(w[pc.off+c], math.MaxInt16), math.MinInt16))
			ph.table[off+int(x)] = v
			ph.table[off+int(pc.mirrorOf[c])] = v
		}
	}
	copy(ph.scalar[:], w[othelloCanonical:])
	return ph
}

// weights.go holds the weights as text: phase by phase from the last,
// each weight (centi-discs, in the order of expandPhase) less the same
// weight of the phase after it (0 for the last phase: the tuner pulls a
// phase's weights towards those of the next, so most differences are
// small), zigzag-encoded (0, -1, 1, -2, ... as 0, 1, 2, 3, ...) and
// written in base 32, least significant digit first, a digit of
// weightDigits a character: the first 32 characters end a number, the
// last 32 continue it. Newlines are ignored. The tuner writes it
// (encodeWeights, in tune_test.go).
const weightDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// decodeWeights returns the n weights of each phase (in weights.go
// othelloCanonical pattern weights, then othelloScalars) that text
// encodes.
func decodeWeights(text string, n int) ([othelloBuckets][]int32, error) {
	var out [othelloBuckets][]int32
	var digit [256]int8
	for i := range digit {
		digit[i] = -1
	}
	for i := range len(weightDigits) {
		digit[weightDigits[i]] = int8(i)
	}
	var prev []int32
	for b := othelloBuckets - 1; b >= 0; b-- {
		w := make([]int32, 0, n)
		var z uint32
		shift := 0
		for len(w) < n {
			if len(text) == 0 {
				return out, errors.New("truncated")
			}
			c := text[0]
			text = text[1:]
			if c == '\n' {
				continue
			}
			d := digit[c]
			switch {
			case d < 0:
				return out, fmt.Errorf("bad character %q", c)
			case shift > 30:
				return out, errors.New("a number of more than 32 bits")
			}
			z |= uint32(d&31) << shift
			shift += 5
			if d >= 32 {
				continue
			}
			v := int32(z>>1) ^ -int32(z&1)
			if prev != nil {
				v += prev[len(w)]
			}
			w = append(w, v)
			z, shift = 0, 0
		}
		out[b], prev = w, w
	}
	for _, c := range []byte(text) {
		if c != '\n' {
			return out, errors.New("trailing characters")
		}
	}
	return out, nil
}

// othelloPatternCount is the number of patterns a position has: four of
// each line but the diagonals' two, four corner squares, eight rectangles
// and four edges with their X-squares.
const othelloPatternCount = 4*4 + 2 + 4 + 8 + 4

// othelloFeatures are the features of a position for the fitted
// evaluation.
type othelloFeatures struct {
	bucket   int
	patterns [othelloPatternCount]int32 // places in othelloPhase.table
	x        [othelloScalars]int32
}

// pattern is the index of the pattern of kind k whose squares, gathered
// by gather into the low bits in the order of its digits, are p's and
// o's, plus its table's offset.
func pattern(p, o uint64, k int, gather func(uint64) uint64) int32 {
	return int32(othelloKinds[k].off) + int32(tern10[gather(p)]) + 2*int32(tern10[gather(o)])
}

// The gathers of each kind at a1 (the lines are read by line).
func gatherCorner(x uint64) uint64 { return x&7 | x>>5&0x38 | x>>10&0x1c0 }
func gatherRect(x uint64) uint64   { return x&0x1f | x>>3&0x3e0 }
func gatherEdgeX(x uint64) uint64  { return x&0xff | x>>1&0x100 | x>>5&0x200 }

// flipColumns mirrors x left to right (column a to h).
func flipColumns(x uint64) uint64 {
	x = x>>1&0x5555555555555555 | x&0x5555555555555555<<1
	x = x>>2&0x3333333333333333 | x&0x3333333333333333<<2
	return x>>4&0x0f0f0f0f0f0f0f0f | x&0x0f0f0f0f0f0f0f0f<<4
}

// line is the index of row r (0..7) of the pair p, o, as a pattern of
// kind k.
func line(p, o uint64, r, k int) int32 {
	return int32(othelloKinds[k].off) + int32(tern10[p>>(8*r)&0xff]) + 2*int32(tern10[o>>(8*r)&0xff])
}

// The long diagonals: multiplying a diagonal's discs by diagGather moves
// them into the top byte, the disc of column c to bit c.
const (
	diagA1H8   = 0x8040201008040201
	diagH1A8   = 0x0102040810204080
	diagGather = 0x0101010101010101
)

func diagLine(p, o, mask uint64) int32 {
	return int32(othelloKinds[kindDiagonal].off) + int32(tern10[(p&mask)*diagGather>>56]) + 2*int32(tern10[(o&mask)*diagGather>>56])
}

// features fills f for p (to move) against o; g is the 8x8 geometry.
func (g *geometry) features(p, o uint64, f *othelloFeatures) {
	filled := p | o
	empty := g.valid &^ filled
	f.bucket = min(max((bits.OnesCount64(filled)-4)/othelloBucketDiscs, 0), othelloBuckets-1)
	tp, to := transpose(p), transpose(o)
	for k := range 4 { // edges, then the lines further in: rows k, 7-k and columns k, 7-k
		f.patterns[4*k] = line(p, o, k, k)
		f.patterns[4*k+1] = line(p, o, 7-k, k)
		f.patterns[4*k+2] = line(tp, to, k, k)
		f.patterns[4*k+3] = line(tp, to, 7-k, k)
	}
	f.patterns[16] = diagLine(p, o, diagA1H8)
	f.patterns[17] = diagLine(p, o, diagH1A8)
	// The corners' patterns, each corner brought to a1: the board and its
	// transpose, each as it is, mirrored left to right, top to bottom, and
	// both.
	i := 18
	for t, b := range [2][2]uint64{{p, o}, {tp, to}} {
		mp, mo := flipColumns(b[0]), flipColumns(b[1])
		for _, x := range [4][2]uint64{b, {mp, mo}, {bits.ReverseBytes64(b[0]), bits.ReverseBytes64(b[1])}, {bits.ReverseBytes64(mp), bits.ReverseBytes64(mo)}} {
			f.patterns[i] = pattern(x[0], x[1], kindRect, gatherRect)
			i++
			if t == 0 { // the corner square is its own transpose
				f.patterns[i] = pattern(x[0], x[1], kindCorner, gatherCorner)
				i++
			}
		}
		// The edges of rows 1 and 8 (of columns a and h in the transpose).
		f.patterns[i] = pattern(b[0], b[1], kindEdgeX, gatherEdgeX)
		f.patterns[i+1] = pattern(bits.ReverseBytes64(b[0]), bits.ReverseBytes64(b[1]), kindEdgeX, gatherEdgeX)
		i += 2
	}
	f.x[featMobility] = int32(bits.OnesCount64(othello.Moves(p, o)) - bits.OnesCount64(othello.Moves(o, p)))
	f.x[featPotential] = int32(bits.OnesCount64(neighbours(o)&empty) - bits.OnesCount64(neighbours(p)&empty))
	xs := 0
	for x := filled & g.xsquares; x != 0; x &= x - 1 {
		sq := bits.TrailingZeros64(x)
		if g.xcorner[sq]&empty == 0 {
			continue
		}
		if p>>sq&1 != 0 {
			xs++
		} else {
			xs--
		}
	}
	f.x[featXSquares] = int32(xs)
	f.x[featStable] = 0
	if filled&g.edges != 0 {
		sp, so := g.stableBoth(p, o)
		f.x[featStable] = int32(bits.OnesCount64(sp) - bits.OnesCount64(so))
	}
	par := 0
	for _, q := range g.quad {
		if n := bits.OnesCount64(empty & q); n > 0 {
			par += n&1*2 - 1
		}
	}
	f.x[featParity] = int32(par)
	f.x[featDiscs] = int32(bits.OnesCount64(p) - bits.OnesCount64(o))
	f.x[featBias] = 1
	for k, m := range othelloSquareClass {
		f.x[featSquares+k] = int32(bits.OnesCount64(p&m) - bits.OnesCount64(o&m))
	}
}

// evalPatterns is the fitted evaluation of p (to move) against o on the
// 8x8 board.
func (e *othelloEval) evalPatterns(p, o uint64) int {
	var f othelloFeatures
	e.geo.features(p, o, &f)
	w := &e.phases[f.bucket]
	t := w.table[:othelloTable]
	s := 0
	for _, i := range f.patterns {
		s += int(t[i])
	}
	for k, x := range f.x {
		s += int(w.scalar[k]) * int(x)
	}
	return s
}
