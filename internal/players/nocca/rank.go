package nocca

import (
	"fmt"
	"math/bits"

	"github.com/meeple-games/meeple/games/nocca"
)

// ranking numbers the positions of one Nocca Nocca board densely, each
// seen by the side to move (its pieces moving up, row 0 its home row):
// the heights of the stacks, square by square, each 0..stack and p+p in
// all, and the colours of the 2p pieces, square by square and bottom-up,
// p of them the mover's. Pieces are never captured (a move into the goal
// ends the game), so every unfinished position has p pieces a side. The
// rank is rankHeights*C(2p,p) + rankColours: the heights by the
// combinatorial number system over count, the colours by a table over the
// 2p-bit patterns.
//
// A cell is a byte as in games/nocca, relative to the mover: a sentinel
// bit at the stack's height and a bit a piece below it, 0 for the mover's
// pieces and 1 for the opponent's.
type ranking struct {
	cols, rows, cells, stack, pieces int

	// count[k][s] is the number of height vectors of k squares summing to
	// s; below[(k*(2p+1)+s)*(stack+2)+h] the number of those of k+1
	// squares summing to s whose first height is less than h.
	count [][]uint64
	below []uint64
	sums  int // 2p+1
	hs    int // stack+2

	// height[turn][v] and colour[turn][v] are the height and the colour
	// bits of cell v, its colours exchanged if turn is 1.
	height, colour [2][256]uint8
	// pairs[turn][q] are order[turn][0][q] and order[turn][1][q].
	pairs [2][][2]uint8

	colours       uint64   // C(2p, p)
	colourRank    []uint32 // by pattern (bit i: piece i is the opponent's)
	colourPattern []uint32 // by rank

	// order[turn][mirror][q] is the square whose cell lands on square q of
	// the position turned over (the next mover's view) and/or mirrored.
	order [2][2][]int
	swap  [256]uint8 // a cell with its colours exchanged

	n uint64 // the number of indices: heights x colours
}

// newRanking builds the tables of g's board, or says why it cannot: the
// number of indices must fit in an int.
func newRanking(g *nocca.Game) (*ranking, error) {
	k := &ranking{cols: g.Columns(), rows: g.Rows(), cells: g.Squares(), stack: g.Stack(), pieces: g.Pieces()}
	sum := 2 * k.pieces
	k.count = make([][]uint64, k.cells+1)
	for c := range k.count {
		k.count[c] = make([]uint64, sum+1)
	}
	k.count[0][0] = 1
	for c := 1; c <= k.cells; c++ {
		for s := 0; s <= sum; s++ {
			for h := 0; h <= min(k.stack, s); h++ {
				k.count[c][s] += k.count[c-1][s-h] // at most C(79, 16) < 2^64: no overflow
			}
		}
	}
	k.sums, k.hs = sum+1, k.stack+2
	k.below = make([]uint64, k.cells*k.sums*k.hs)
	for c := range k.cells {
		for s := 0; s <= sum; s++ {
			b := k.below[(c*k.sums+s)*k.hs:][:k.hs]
			for h := 1; h <= k.stack+1; h++ {
				b[h] = b[h-1]
				if h-1 <= s {
					b[h] += k.count[c][s-h+1]
				}
			}
		}
	}
	k.colourRank = make([]uint32, 1<<sum)
	for pat := range uint32(1 << sum) {
		if bits.OnesCount32(pat) == k.pieces {
			k.colourRank[pat] = uint32(len(k.colourPattern))
			k.colourPattern = append(k.colourPattern, pat)
		}
	}
	k.colours = uint64(len(k.colourPattern))
	hi, n := bits.Mul64(k.count[k.cells][sum], k.colours)
	if hi != 0 || n > uint64(maxInt) {
		return nil, fmt.Errorf("nocca: %d squares and %d pieces a side number more positions than an int holds: %w", k.cells, k.pieces, ErrTooLarge)
	}
	k.n = n
	for v := 1; v < 256; v++ {
		h := cellHeight(uint8(v))
		k.swap[v] = uint8(v) ^ (1<<h - 1)
		k.height[0][v], k.height[1][v] = uint8(h), uint8(h)
		k.colour[0][v], k.colour[1][v] = uint8(v)&(1<<h-1), k.swap[v]&(1<<h-1)
	}
	for turn := range 2 {
		for mirror := range 2 {
			o := make([]int, k.cells)
			for row := range k.rows {
				for col := range k.cols {
					r, c := row, col
					if turn == 1 {
						r = k.rows - 1 - row
					}
					if mirror == 1 {
						c = k.cols - 1 - col
					}
					o[r*k.cols+c] = row*k.cols + col
				}
			}
			k.order[turn][mirror] = o
		}
		k.pairs[turn] = make([][2]uint8, k.cells)
		for q := range k.cells {
			k.pairs[turn][q] = [2]uint8{uint8(k.order[turn][0][q]), uint8(k.order[turn][1][q])}
		}
	}
	return k, nil
}

const maxInt = int(^uint(0) >> 1)

func cellHeight(v uint8) int { return bits.Len8(v) - 1 }

// ranks returns the index of the cells and of their mirror image, turned
// over (the next mover's view) if turn is 1. This is the solver's inner
// loop: both images in one pass, tables for the heights and colours.
func (k *ranking) ranks(cells *[64]uint8, turn int) (a, b uint64) {
	height, colour := &k.height[turn], &k.colour[turn]
	var pa, pb uint32
	ra, rb := 2*k.pieces, 2*k.pieces
	var sa, sb uint8
	step := k.sums * k.hs
	base := (k.cells - 1) * step
	for _, pr := range k.pairs[turn] {
		va, vb := cells[pr[0]&63], cells[pr[1]&63]
		ha, hb := height[va], height[vb]
		a += k.below[base+ra*k.hs+int(ha)]
		b += k.below[base+rb*k.hs+int(hb)]
		ra -= int(ha)
		rb -= int(hb)
		pa |= uint32(colour[va]) << sa
		pb |= uint32(colour[vb]) << sb
		sa += ha
		sb += hb
		base -= step
	}
	return a*k.colours + uint64(k.colourRank[pa]), b*k.colours + uint64(k.colourRank[pb])
}

// rank returns the index of the cells, turned over and mirrored as asked.
func (k *ranking) rank(cells *[64]uint8, turn, mirror int) uint64 {
	a, b := k.ranks(cells, turn)
	if mirror == 1 {
		return b
	}
	return a
}

// canonical returns the index of the cells or of their mirror image,
// whichever is smaller, turned over if turn is 1.
func (k *ranking) canonical(cells *[64]uint8, turn int) uint64 {
	a, b := k.ranks(cells, turn)
	return min(a, b)
}

// unrank writes the position of index i (below k.n) into cells.
func (k *ranking) unrank(i uint64, cells *[64]uint8) {
	var u unranker
	k.unrankWith(&u, i, cells)
}

// An unranker remembers the heights of the last index it unranked: the
// colours vary fastest in an index, so indices close together share them.
type unranker struct {
	next    uint64 // the height rank + 1 of heights; 0: none yet
	heights [64]uint8
}

// unrankWith writes the position of index i (below k.n) into cells.
func (k *ranking) unrankWith(u *unranker, i uint64, cells *[64]uint8) {
	hr, pat := i/k.colours, k.colourPattern[i%k.colours]
	if u.next != hr+1 {
		u.next = hr + 1
		rem := 2 * k.pieces
		for q := range k.cells {
			b := k.below[((k.cells-1-q)*k.sums+rem)*k.hs:][:k.hs]
			h := 0
			for h < min(k.stack, rem) && hr >= b[h+1] {
				h++
			}
			hr -= b[h]
			rem -= h
			u.heights[q] = uint8(h)
		}
	}
	for q, h := range u.heights[:k.cells] {
		cells[q] = 1<<h | uint8(pat&(1<<h-1))
		pat >>= h
	}
}

// cellsOf writes a game position as cells from the mover's point of view
// (for black, the board turned over and the colours exchanged).
func (k *ranking) cellsOf(st *nocca.State, cells *[64]uint8) {
	me := st.ToMove()
	for sq := range k.cells {
		row, col := sq/k.cols, sq%k.cols
		h, colours := st.Stack(sq)
		if me == nocca.Black {
			row = k.rows - 1 - row // black moves down: turn the board over
			colours ^= 1<<h - 1
		}
		cells[row*k.cols+col] = 1<<h | colours
	}
}

// tryWin reports whether the mover has an uncovered piece on the far row.
func (k *ranking) tryWin(cells *[64]uint8) bool {
	for sq := (k.rows - 1) * k.cols; sq < k.cells; sq++ {
		if v := cells[sq]; v > 1 && v>>(cellHeight(v)-1)&1 == 0 {
			return true
		}
	}
	return false
}

// A view is one image of a position (turned over or not, mirrored or not)
// laid out to rank the positions one step from it cheaply: a step changes
// two squares, and only the terms of the height rank between their places
// in the order change; the colour pattern loses a bit and gains one.
type view struct {
	pos [64]uint8  // the place in the order of each square
	h   [64]uint8  // heights, by place
	rem [65]int    // pieces at the places from q on
	pre [65]uint64 // the height rank's terms before place q
	suf [65]uint64 // and from q on
	bit [65]uint8  // colour bits before place q
	pat uint32     // the colour pattern
}

// look lays out cells turned and mirrored as asked.
func (k *ranking) look(cells *[64]uint8, turn, mirror int, v *view) {
	height, colour := &k.height[turn], &k.colour[turn]
	v.pat = 0
	rem, bit := 2*k.pieces, uint8(0)
	for q, sq := range k.order[turn][mirror] {
		c := cells[sq]
		h := height[c]
		v.pos[sq], v.h[q], v.rem[q], v.bit[q] = uint8(q), h, rem, bit
		v.pre[q+1] = v.pre[q] + k.below[((k.cells-1-q)*k.sums+rem)*k.hs+int(h)]
		v.pat |= uint32(colour[c]) << bit
		rem -= int(h)
		bit += h
	}
	v.suf[k.cells] = 0
	for q := k.cells - 1; q >= 0; q-- {
		v.suf[q] = v.suf[q+1] + v.pre[q+1] - v.pre[q]
	}
}

// step returns the index of v's position after its top piece on square
// from steps onto square to (squares of the cells v was laid out from).
func (k *ranking) step(v *view, from, to int) uint64 {
	qa, qb := int(v.pos[from]), int(v.pos[to])
	x, y := min(qa, qb), max(qa, qb)
	r := v.pre[x] + v.suf[y+1]
	rem := v.rem[x]
	for q := x; q <= y; q++ {
		h := int(v.h[q])
		switch q {
		case qa:
			h--
		case qb:
			h++
		}
		r += k.below[((k.cells-1-q)*k.sums+rem)*k.hs+h]
		rem -= h
	}
	pat := v.pat
	ia := v.bit[qa] + v.h[qa] - 1 // the piece that steps
	c := pat >> ia & 1
	pat = pat&(1<<ia-1) | pat>>(ia+1)<<ia
	ib := v.bit[qb] + v.h[qb] // onto the top of to
	if qb > qa {
		ib--
	}
	pat = pat&(1<<ib-1) | c<<ib | pat>>ib<<(ib+1)
	return r*k.colours + uint64(k.colourRank[pat])
}

// children appends the canonical indices of the positions the mover's
// steps lead to (moves into the goal are not among them), each once.
func (k *ranking) children(cells *[64]uint8, out []uint64) []uint64 {
	var v [2]view
	k.look(cells, 1, 0, &v[0])
	k.look(cells, 1, 1, &v[1])
	return k.steps(cells, &v, out)
}

// parents appends the canonical indices of the positions with a step to
// the position in cells, each once: turned to the previous mover's point
// of view, every top piece of its is stepped back to a neighbour that is
// not full. (The mirror image's parents are the mirror images of these:
// the same canonical indices.)
func (k *ranking) parents(cells *[64]uint8, out []uint64) []uint64 {
	var turned [64]uint8
	for q, sq := range k.order[1][0] {
		turned[q] = k.swap[cells[sq]]
	}
	var v [2]view
	k.look(&turned, 0, 0, &v[0])
	k.look(&turned, 0, 1, &v[1])
	return k.steps(&turned, &v, out)
}

// steps appends, once each, the canonical indices that the views v of
// cells give after every step of a top piece of colour 0 to a neighbour
// that is not full (children: a move of the mover; parents: a move taken
// back, on the board turned to the previous mover's view).
func (k *ranking) steps(cells *[64]uint8, v *[2]view, out []uint64) []uint64 {
	out = out[:0]
	for sq := range k.cells {
		c := cells[sq]
		h := cellHeight(c)
		if h == 0 || c>>(h-1)&1 != 0 {
			continue
		}
		r, col := sq/k.cols, sq%k.cols
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				nr, nc := r+dr, col+dc
				if dr == 0 && dc == 0 || nr < 0 || nr >= k.rows || nc < 0 || nc >= k.cols {
					continue
				}
				nb := nr*k.cols + nc
				if cellHeight(cells[nb]) >= k.stack {
					continue
				}
				out = append(out, min(k.step(&v[0], sq, nb), k.step(&v[1], sq, nb)))
			}
		}
	}
	return sortCompact(out)
}

// sortCompact sorts a short list and drops repeats.
func sortCompact(s []uint64) []uint64 {
	for i := 1; i < len(s); i++ { // insertion sort: at most 64 entries
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	n := 0
	for i, x := range s {
		if i == 0 || x != s[n-1] {
			s[n] = x
			n++
		}
	}
	return s[:n]
}

// A rank directory numbers the set bits of a bitset densely: rank1 of bit
// j is the number of set bits below it. The directory holds the count
// before each block of 512 bits (a cache line of the bitset), so a query
// reads one directory word and one block.

// dirWords is the length of the directory of a bitset of n words.
func dirWords(n uint64) uint64 { return (n + 7) / 8 }

// buildDir fills dir, of dirWords(len(set)) words, and returns the number
// of set bits.
func buildDir(set, dir []uint64) uint64 {
	var s uint64
	for b := range dir {
		dir[b] = s
		for _, w := range set[b*8 : min(b*8+8, len(set))] {
			s += uint64(bits.OnesCount64(w))
		}
	}
	return s
}

// rank1 returns the number of set bits of set below bit j (j < 64*len(set)).
func rank1(set, dir []uint64, j uint64) uint64 {
	w := j >> 6
	s := dir[w>>3]
	for _, x := range set[w&^7 : w] {
		s += uint64(bits.OnesCount64(x))
	}
	return s + uint64(bits.OnesCount64(set[w]&(1<<(j&63)-1)))
}

// selectBit returns the place of the set bit of x with k set bits below
// it (k < bits.OnesCount64(x)).
func selectBit(x uint64, k int) int {
	for b := 0; b < 64; b += 8 {
		if c := bits.OnesCount8(uint8(x >> b)); k >= c {
			k -= c
			continue
		}
		x >>= b
		for range k {
			x &= x - 1
		}
		return b + bits.TrailingZeros64(x)
	}
	panic("nocca: selectBit past the set bits")
}

// fillByte returns a reached node's first byte: won in one (decided+1)
// if the mover has a piece to step into the goal; lost (decided) if it has
// no move; lost in two (decided+2) if every successor is won in one for
// its mover (it can step into the goal); else the number of its distinct
// successors not won in one. (Round 1 of the retrograde analysis leaves
// out the nodes won in one, whose predecessors were counted here.)
//
// The successors are not ranked: distinct steps lead to distinct
// positions, and two of them to mirror images of each other only if the
// position and its mirror image differ on at most the four squares the
// two steps touch; only then are they ranked. A successor is won in one
// if the opponent has an uncovered piece on the mover's home row after
// the step: one of those it had, less one the step covers, plus one it
// uncovers.
func (k *ranking) fillByte(cells *[64]uint8, kids *[]uint64) uint8 {
	if k.tryWin(cells) {
		return decided + 1
	}
	theirs := func(sq int) int { // 1 if an opponent's piece tops square sq on the home row
		if c := cells[sq]; sq < k.cols && c > 1 && c>>(cellHeight(c)-1)&1 == 1 {
			return 1
		}
		return 0
	}
	open := 0
	for sq := range k.cols {
		open += theirs(sq)
	}
	n, won, differ := 0, 0, 0
	for sq := range k.cells {
		c := cells[sq]
		r, col := sq/k.cols, sq%k.cols
		if c != cells[r*k.cols+k.cols-1-col] {
			differ++
		}
		h := cellHeight(c)
		if h == 0 || c>>(h-1)&1 != 0 {
			continue
		}
		uncover := 0
		if sq < k.cols && h >= 2 && c>>(h-2)&1 == 1 {
			uncover = 1
		}
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				nr, nc := r+dr, col+dc
				if dr == 0 && dc == 0 || nr < 0 || nr >= k.rows || nc < 0 || nc >= k.cols {
					continue
				}
				if nb := nr*k.cols + nc; cellHeight(cells[nb]) < k.stack {
					n++
					if open-theirs(nb)+uncover > 0 {
						won++
					}
				}
			}
		}
	}
	if n > 0 && differ <= 4 {
		*kids = k.children(cells, *kids)
		n, won = len(*kids), 0
		var kid [64]uint8
		for _, j := range *kids {
			k.unrank(j, &kid)
			if k.tryWin(&kid) {
				won++
			}
		}
	}
	switch {
	case n == 0:
		return decided
	case won == n:
		return decided + 2
	}
	return uint8(n - won)
}
