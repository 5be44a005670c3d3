package othello

import "math/bits"

// The hot path: move generation, flips and perft on bitboards.
//
// Boards of size 4, 6 and 8 live in an 8x8 frame in one uint64, bit
// row*8+col (row 0 is row 1 of the notation, at the top; col 0 is column a),
// the squares outside a smaller board always empty. Boards of size 10 to
// 16 live in a 16x16 frame in a wide (four uint64s, bit row*16+col). Discs
// are never outside the board, so a flood through the opponent's discs never
// leaves it, and masking the result with the board's squares is enough.

// notA and notH clear columns a and h: a shift along a row or a diagonal
// must not wrap from one edge of the frame to the other.
const (
	notA   = 0xfefefefefefefefe
	notH   = 0x7f7f7f7f7f7f7f7f
	notAH  = notA & notH
	frame8 = 8
)

// Moves returns the squares (8x8 frame bits) where the player with discs p
// may play against the discs o: empty squares from which a straight line of
// one or more of o's discs ends on one of p's. The caller masks the result
// with the board's squares when the board is smaller than 8x8. It is the
// parallel-prefix (Kogge-Stone) fill of Edax's get_moves: four shifts per
// direction pair, no loop and no branch.
func Moves(p, o uint64) uint64 {
	mo := o & notAH
	m := dirMoves(p, mo, 1) | dirMoves(p, o, 8) | dirMoves(p, mo, 7) | dirMoves(p, mo, 9)
	return m &^ (p | o)
}

// dirMoves fills from p through o both ways along the direction of step d
// (runs of up to six discs) and returns the squares just beyond the runs.
func dirMoves(p, o uint64, d uint) uint64 {
	fl := o & (p << d)
	fr := o & (p >> d)
	fl |= o & (fl << d)
	fr |= o & (fr >> d)
	pl := o & (o << d)
	pr := pl >> d
	d2 := d + d
	fl |= pl & (fl << d2)
	fr |= pr & (fr >> d2)
	fl |= pl & (fl << d2)
	fr |= pr & (fr >> d2)
	return fl<<d | fr>>d
}

// rays[sq] holds, for each of the eight directions, the squares of the 8x8
// frame from sq (excluded) to the edge. Directions 0-3 go towards higher
// bits (E, S, SE, SW), 4-7 towards lower bits (W, N, NW, NE).
var rays [64][8]uint64

func init() {
	steps := [8][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}}
	for sq := range 64 {
		for d, st := range steps {
			c, r := sq%8+st[0], sq/8+st[1]
			for c >= 0 && c < 8 && r >= 0 && r < 8 {
				rays[sq][d] |= 1 << (r*8 + c)
				c, r = c+st[0], r+st[1]
			}
		}
	}
}

// Flips returns the discs of o that p's disc on the empty square sq (an 8x8
// frame bit) turns over; zero when the move is illegal. In each direction
// the nearest square on the ray that is not o's is found with one bit trick
// (the lowest set bit towards higher bits, the highest towards lower ones);
// when it holds p's disc, the squares before it flip. No loop, no branch.
func Flips(p, o uint64, sq int) uint64 {
	r := &rays[sq]
	return flipUp(p, o, r[0]) | flipUp(p, o, r[1]) | flipUp(p, o, r[2]) | flipUp(p, o, r[3]) |
		flipDown(p, o, r[4]) | flipDown(p, o, r[5]) | flipDown(p, o, r[6]) | flipDown(p, o, r[7])
}

// flipUp handles a ray towards higher bits.
func flipUp(p, o, ray uint64) uint64 {
	b := ray &^ o
	b &= -b // the nearest square that is not o's; 0 if none
	x := b & p
	return (b - 1) & ray & -((x | -x) >> 63)
}

// flipDown handles a ray towards lower bits.
func flipDown(p, o, ray uint64) uint64 {
	b := uint64(1<<63) >> bits.LeadingZeros64(ray&^o) // the nearest; 0 if none
	x := b & p
	return ray & -(b << 1) & -((x | -x) >> 63)
}

// perft8 counts leaves (the games.Perft convention: a pass is a move, a
// finished game a leaf) with bulk counting at the last ply. valid masks the
// board's squares in the 8x8 frame.
func perft8(p, o, valid uint64, depth int) uint64 {
	m := Moves(p, o) & valid
	if m == 0 {
		if depth == 1 || Moves(o, p)&valid == 0 {
			return 1 // the pass, or the end of the game
		}
		return perft8(o, p, valid, depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(m))
	}
	var n uint64
	for m != 0 {
		sq := bits.TrailingZeros64(m)
		m &= m - 1
		f := Flips(p, o, sq)
		n += perft8(o^f, p|f|1<<sq, valid, depth-1)
	}
	return n
}

// wide is a 256-bit bitboard for boards of size 10 to 16: bit row*16+col
// is bit (row*16+col)%64 of word (row*16+col)/64.
type wide [4]uint64

func (a wide) and(b wide) wide { return wide{a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]} }
func (a wide) or(b wide) wide  { return wide{a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]} }
func (a wide) xor(b wide) wide { return wide{a[0] ^ b[0], a[1] ^ b[1], a[2] ^ b[2], a[3] ^ b[3]} }
func (a wide) andNot(b wide) wide {
	return wide{a[0] &^ b[0], a[1] &^ b[1], a[2] &^ b[2], a[3] &^ b[3]}
}
func (a wide) isZero() bool   { return a[0]|a[1]|a[2]|a[3] == 0 }
func (a wide) has(i int) bool { return a[i>>6]>>(i&63)&1 != 0 }
func (a wide) count() int {
	return bits.OnesCount64(a[0]) + bits.OnesCount64(a[1]) + bits.OnesCount64(a[2]) + bits.OnesCount64(a[3])
}

func bitW(i int) wide {
	var w wide
	w[i>>6] = 1 << (i & 63)
	return w
}

// shl shifts towards higher bits by k (0 <= k < 256).
func (a wide) shl(k uint) wide {
	q, r := int(k>>6), k&63
	var out wide
	for i := 3; i >= q; i-- {
		out[i] = a[i-q] << r
		if i-q > 0 {
			out[i] |= a[i-q-1] >> (64 - r) // a shift by 64 is 0 in Go
		}
	}
	return out
}

// shr shifts towards lower bits by k (0 <= k < 256).
func (a wide) shr(k uint) wide {
	q, r := int(k>>6), k&63
	var out wide
	for i := 0; i+q < 4; i++ {
		out[i] = a[i+q] >> r
		if i+q < 3 {
			out[i] |= a[i+q+1] << (64 - r)
		}
	}
	return out
}

// lowest returns the lowest set bit's index, or -1.
func (a wide) lowest() int {
	for i, w := range a {
		if w != 0 {
			return i<<6 | bits.TrailingZeros64(w)
		}
	}
	return -1
}

// highest returns the highest set bit's index, or -1.
func (a wide) highest() int {
	for i := 3; i >= 0; i-- {
		if a[i] != 0 {
			return i<<6 | (63 - bits.LeadingZeros64(a[i]))
		}
	}
	return -1
}

// wideNotEdge clears columns 0 and 15 of the 16x16 frame.
var wideNotEdge = func() wide {
	var w wide
	for i := range 256 {
		if c := i % 16; c != 0 && c != 15 {
			w[i>>6] |= 1 << (i & 63)
		}
	}
	return w
}()

// movesWide is Moves on the 16x16 frame: an occluded (Kogge-Stone) fill per
// direction pair, runs of up to 15 discs.
func movesWide(p, o wide) wide {
	mo := o.and(wideNotEdge)
	m := dirMovesWide(p, mo, 1).or(dirMovesWide(p, o, 16)).or(dirMovesWide(p, mo, 15)).or(dirMovesWide(p, mo, 17))
	return m.andNot(p.or(o))
}

func dirMovesWide(p, o wide, d uint) wide {
	// r1..r16: o's discs at most 1, 2, 4, 8, 16 steps from p along an
	// unbroken run of o; o2, o4, o8: runs of 2, 4, 8 of o ending there.
	o2 := o.and(o.shl(d))
	o4 := o2.and(o2.shl(2 * d))
	o8 := o4.and(o4.shl(4 * d))
	r := o.and(p.shl(d))
	r = r.or(o.and(r.shl(d)))
	r = r.or(o2.and(r.shl(2 * d)))
	r = r.or(o4.and(r.shl(4 * d)))
	r = r.or(o8.and(r.shl(8 * d)))
	left := r.shl(d)
	o2 = o.and(o.shr(d))
	o4 = o2.and(o2.shr(2 * d))
	o8 = o4.and(o4.shr(4 * d))
	r = o.and(p.shr(d))
	r = r.or(o.and(r.shr(d)))
	r = r.or(o2.and(r.shr(2 * d)))
	r = r.or(o4.and(r.shr(4 * d)))
	r = r.or(o8.and(r.shr(8 * d)))
	return left.or(r.shr(d))
}

// wideRays[sq][dir] are the rays of the 16x16 frame, as rays for 8x8.
var wideRays = func() *[256][8]wide {
	var r [256][8]wide
	steps := [8][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}}
	for sq := range 256 {
		for d, st := range steps {
			c, row := sq%16+st[0], sq/16+st[1]
			for c >= 0 && c < 16 && row >= 0 && row < 16 {
				i := row*16 + c
				r[sq][d][i>>6] |= 1 << (i & 63)
				c, row = c+st[0], row+st[1]
			}
		}
	}
	return &r
}()

// flipsWide is Flips on the 16x16 frame: in each direction the nearest
// square that is not o's is found by a bit scan over the ray; when it is
// p's, the ray up to it (the ray from sq less the ray from it) flips.
func flipsWide(p, o wide, sq int) wide {
	var f wide
	r := &wideRays[sq]
	for d := range 8 {
		ray := r[d]
		var b int
		if d < 4 {
			b = ray.andNot(o).lowest()
		} else {
			b = ray.andNot(o).highest()
		}
		if b >= 0 && p.has(b) {
			f = f.or(ray.andNot(wideRays[b][d]).andNot(bitW(b)))
		}
	}
	return f
}

func perftWide(p, o, valid wide, depth int) uint64 {
	m := movesWide(p, o).and(valid)
	if m.isZero() {
		if depth == 1 || movesWide(o, p).and(valid).isZero() {
			return 1
		}
		return perftWide(o, p, valid, depth-1)
	}
	if depth == 1 {
		return uint64(m.count())
	}
	var n uint64
	for w := range m {
		for x := m[w]; x != 0; x &= x - 1 {
			sq := w<<6 | bits.TrailingZeros64(x)
			f := flipsWide(p, o, sq)
			n += perftWide(o.xor(f), p.or(f).or(bitW(sq)), valid, depth-1)
		}
	}
	return n
}
