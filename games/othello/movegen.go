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
	notA  = 0xfefefefefefefefe
	notH  = 0x7f7f7f7f7f7f7f7f
	notAH = notA & notH
)

// innerColumns is notAH in a variable: with the constant, the compiler
// folds the mask into every use of o's inner discs in Moves, two ands
// each where one does (Moves takes 11% fewer instructions with it).
var innerColumns uint64 = notAH

// Moves returns the squares (8x8 frame bits) where the player with discs p
// may play against the discs o: empty squares from which a straight line of
// one or more of o's discs ends on one of p's. The caller masks the result
// with the board's squares when the board is smaller than 8x8. It is the
// parallel-prefix (Kogge-Stone) fill of Edax's get_moves: a handful of
// shifts per direction, no loop and no branch; along the rows towards
// higher bits an addition does the fill instead (Moves took 6% fewer
// instructions).
func Moves(p, o uint64) uint64 {
	mo := o & innerColumns
	// Along the rows (step 1) towards lower bits: fill from p through o,
	// runs of up to six; pr marks pairs of o's discs for the doubling
	// steps. The same both ways for the columns (8) and the diagonals (7,
	// 9), pl for the pairs towards higher bits, written out so that every
	// shift is by a constant.
	fr := mo & (p >> 1)
	fr |= mo & (fr >> 1)
	pr := mo & (mo >> 1)
	fr |= pr & (fr >> 2)
	fr |= pr & (fr >> 2)
	m := fr >> 1
	// Towards higher bits along the rows, an addition does the fill: a
	// disc of o next to one of p starts a run of o's discs (the square
	// before it is p's), and adding it to o's discs carries through the
	// run to the square past its end. The edge columns are not in mo, so
	// the carry stops in the row.
	m |= (mo&(p<<1) + mo) &^ mo

	fl, fr := o&(p<<8), o&(p>>8)
	fl |= o & (fl << 8)
	fr |= o & (fr >> 8)
	pl := o & (o << 8)
	pr = pl >> 8
	fl |= pl & (fl << 16)
	fr |= pr & (fr >> 16)
	fl |= pl & (fl << 16)
	fr |= pr & (fr >> 16)
	m |= fl<<8 | fr>>8

	fl, fr = mo&(p<<7), mo&(p>>7)
	fl |= mo & (fl << 7)
	fr |= mo & (fr >> 7)
	pl = mo & (mo << 7)
	pr = pl >> 7
	fl |= pl & (fl << 14)
	fr |= pr & (fr >> 14)
	fl |= pl & (fl << 14)
	fr |= pr & (fr >> 14)
	m |= fl<<7 | fr>>7

	fl, fr = mo&(p<<9), mo&(p>>9)
	fl |= mo & (fl << 9)
	fr |= mo & (fr >> 9)
	pl = mo & (mo << 9)
	pr = pl >> 9
	fl |= pl & (fl << 18)
	fr |= pr & (fr >> 18)
	fl |= pl & (fl << 18)
	fr |= pr & (fr >> 18)
	m |= fl<<9 | fr>>9

	return m &^ (p | o)
}

// Flips returns the discs of o that p's disc on the empty square sq (an 8x8
// frame bit) turns over; zero when the move is illegal. Each of the four
// lines through sq (its row, its column, its two diagonals) is read as a
// byte of o's discs and a byte of p's along it, the way LastFlips reads p's:
// a row by a shift, a column and the diagonals by a multiplication that
// gathers their squares into the top byte. Two tables of lines of eight
// squares then give the squares that close the runs of o's discs next to sq
// (lineOutflank) and, for those that hold p's discs, the squares between
// (lineFlipped), which go back onto the board: a shift for the row, a
// table for the column, and for a diagonal the byte copied to every row and
// masked with the diagonal. No loop, no branch: Edax's "kindergarten" flips,
// with tables of 8 bits where Edax's keep the inner 6.
func Flips(p, o uint64, sq int) uint64 {
	const col0, colGather, rows = 0x0101010101010101, 0x0102040810204080, 0x0101010101010101
	r, c := uint(sq>>3&7), uint(sq&7)
	out, fl := &lineOutflank, &lineFlipped

	// the row: bit i of the byte is column i
	rs := r << 3
	f := uint64(fl[c][out[c][uint8(o>>rs)]&uint8(p>>rs)]) << rs

	// the column: bit i of the byte is row i
	oc := uint8((o >> c & col0) * colGather >> 56)
	pc := uint8((p >> c & col0) * colGather >> 56)
	f |= lineToColumn[fl[r][out[r][oc]&pc]] << c

	// the diagonals: bit i of the byte is column i (a diagonal has a square
	// in a column at most; the columns it misses read as empty)
	d := &lastDiag[sq&63]
	od := uint8((o & d[0]) * rows >> 56)
	pd := uint8((p & d[0]) * rows >> 56)
	f |= uint64(fl[c][out[c][od]&pd]) * rows & d[0]
	oa := uint8((o & d[1]) * rows >> 56)
	pa := uint8((p & d[1]) * rows >> 56)
	f |= uint64(fl[c][out[c][oa]&pa]) * rows & d[1]
	return f
}

// lineOutflank[i][o] marks, on a line of eight squares with the opponent's
// discs o and a move on the empty square i, the square that ends the run
// of the opponent's discs next to i on each side (at most one a side; none
// when there is no run or it reaches the end of the line): a disc of the
// mover's there closes the run. lineFlipped[i][x] holds the squares
// strictly between i and the squares of x: the discs flipped when x holds
// the closing discs. lineToColumn puts bit i of a byte on row i of column a.
var (
	lineOutflank [8][256]uint8
	lineFlipped  [8][256]uint8
	lineToColumn [256]uint64
)

func init() {
	for i := range 8 {
		for x := range 256 {
			for _, step := range []int{-1, 1} {
				j := i + step
				for j >= 0 && j < 8 && x>>j&1 != 0 {
					j += step
				}
				if j >= 0 && j < 8 && j != i+step {
					lineOutflank[i][x] |= 1 << j
				}
				// the squares up to the nearest square of x on this side
				var run uint8
				for k := i + step; k >= 0 && k < 8; k += step {
					if x>>k&1 != 0 {
						lineFlipped[i][x] |= run
						break
					}
					run |= 1 << k
				}
			}
		}
	}
	for x := range 256 {
		for i := range 8 {
			if x>>i&1 != 0 {
				lineToColumn[x] |= 1 << (8 * i)
			}
		}
	}
}

// perft8 counts leaves (the games.Perft convention: a pass is a move, a
// game finished before depth no leaf) with bulk counting at the last ply,
// for depth >= 1. valid masks the board's squares in the 8x8 frame.
func perft8(p, o, valid uint64, depth int) uint64 {
	m := Moves(p, o) & valid
	if m == 0 {
		switch {
		case Moves(o, p)&valid == 0:
			return 0 // the end of the game
		case depth == 1:
			return 1 // the pass
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

// perftCache caches the counts of subtrees perft8 has counted, so that a
// position reached again, by another order of moves or as a mirror image or
// rotation of one counted (on the full 8x8 board, which has the eight
// symmetries of the square), is counted once, as Edax's "count games"
// does. An entry holds the position itself (its least image under the
// symmetries), so a hit is never a collision; a new count replaces the old.
type perftCache struct {
	e     []perftEntry
	shift uint // 64 - log2(len(e))
	sym   bool // key positions by their least image (8x8 only)
}

type perftEntry struct {
	p, o uint64
	n    uint64 // count<<8 | depth; 0 is empty (no position has depth 0 here)
}

// Perft counts from perftHashDepth plies left on use the table; below it
// a subtree costs less to count again than a cache miss. perftHashBits
// sizes the table (2^bits entries of 24 bytes) for a count of depth d.
const perftHashDepth = 3

func perftHashBits(depth int) uint { return uint(min(4+2*depth, 22)) }

func newPerftCache(depth int, valid uint64) *perftCache {
	b := perftHashBits(depth)
	return &perftCache{e: make([]perftEntry, 1<<b), shift: 64 - b, sym: valid == ^uint64(0)}
}

// perft8Hash is perft8 with the table t for depth >= perftHashDepth.
func perft8Hash(t *perftCache, p, o, valid uint64, depth int) uint64 {
	if depth < perftHashDepth {
		return perft8(p, o, valid, depth)
	}
	kp, ko := p, o
	if t.sym {
		kp, ko = leastImage(p, o)
	}
	e := &t.e[((kp^ko*0x9e3779b97f4a7c15)*0xc2b2ae3d27d4eb4f)>>t.shift]
	if e.p == kp && e.o == ko && e.n&0xff == uint64(depth) {
		return e.n >> 8
	}
	m := Moves(p, o) & valid
	var n uint64
	switch {
	case m != 0:
		for m != 0 {
			sq := bits.TrailingZeros64(m)
			m &= m - 1
			f := Flips(p, o, sq)
			n += perft8Hash(t, o^f, p|f|1<<sq, valid, depth-1)
		}
	case Moves(o, p)&valid != 0: // a pass
		n = perft8Hash(t, o, p, valid, depth-1)
	}
	*e = perftEntry{p: kp, o: ko, n: n<<8 | uint64(depth)}
	return n
}

// leastImage returns the least (p first, then o) of the eight images of the
// position under the symmetries of the 8x8 board: a key that all of them
// share.
func leastImage(p, o uint64) (uint64, uint64) {
	bp, bo := p, o
	for i := range 8 {
		if i == 4 {
			p, o = transpose(p), transpose(o)
		}
		switch i & 3 {
		case 1, 3:
			p, o = bits.ReverseBytes64(p), bits.ReverseBytes64(o) // rows upside down
		case 2:
			p, o = mirrorRows(p), mirrorRows(o) // columns right to left
		}
		if p < bp || p == bp && o < bo {
			bp, bo = p, o
		}
	}
	return bp, bo
}

// mirrorRows reverses the bits of each byte: a1..h1 become h1..a1.
func mirrorRows(x uint64) uint64 {
	x = x>>1&0x5555555555555555 | x&0x5555555555555555<<1
	x = x>>2&0x3333333333333333 | x&0x3333333333333333<<2
	return x>>4&0x0f0f0f0f0f0f0f0f | x&0x0f0f0f0f0f0f0f0f<<4
}

// transpose mirrors the board in its a1-h8 diagonal (Hacker's Delight).
func transpose(x uint64) uint64 {
	t := (x ^ x>>7) & 0x00aa00aa00aa00aa
	x ^= t ^ t<<7
	t = (x ^ x>>14) & 0x0000cccc0000cccc
	x ^= t ^ t<<14
	t = (x ^ x>>28) & 0x00000000f0f0f0f0
	return x ^ t ^ t<<28
}

// wide is a 256-bit bitboard for boards of size 10 to 16: bit row*16+col
// is bit (row*16+col)%64 of word (row*16+col)/64. It is a struct rather than
// an array because the compiler keeps a struct of four words in registers
// and an array of four in memory.
type wide struct{ x0, x1, x2, x3 uint64 }

// word returns word i (0..3).
func (a wide) word(i int) uint64 {
	switch i {
	case 0:
		return a.x0
	case 1:
		return a.x1
	case 2:
		return a.x2
	}
	return a.x3
}

// set sets bit i.
func (a *wide) set(i int) { *a = a.or(bitW(i)) }

func (a wide) and(b wide) wide { return wide{a.x0 & b.x0, a.x1 & b.x1, a.x2 & b.x2, a.x3 & b.x3} }
func (a wide) or(b wide) wide  { return wide{a.x0 | b.x0, a.x1 | b.x1, a.x2 | b.x2, a.x3 | b.x3} }
func (a wide) xor(b wide) wide { return wide{a.x0 ^ b.x0, a.x1 ^ b.x1, a.x2 ^ b.x2, a.x3 ^ b.x3} }
func (a wide) andNot(b wide) wide {
	return wide{a.x0 &^ b.x0, a.x1 &^ b.x1, a.x2 &^ b.x2, a.x3 &^ b.x3}
}
func (a wide) isZero() bool   { return a.x0|a.x1|a.x2|a.x3 == 0 }
func (a wide) has(i int) bool { return a.word(i>>6)>>(i&63)&1 != 0 }
func (a wide) count() int {
	return bits.OnesCount64(a.x0) + bits.OnesCount64(a.x1) + bits.OnesCount64(a.x2) + bits.OnesCount64(a.x3)
}

func bitW(i int) wide {
	b := uint64(1) << (i & 63)
	switch i >> 6 {
	case 0:
		return wide{b, 0, 0, 0}
	case 1:
		return wide{0, b, 0, 0}
	case 2:
		return wide{0, 0, b, 0}
	}
	return wide{0, 0, 0, b}
}

// up shifts towards higher bits by 0 < k < 64; down towards lower bits.
// Both inline, so that a constant k folds into straight-line code.
func (a wide) up(k uint) wide {
	l := 64 - k
	return wide{a.x0 << k, a.x1<<k | a.x0>>l, a.x2<<k | a.x1>>l, a.x3<<k | a.x2>>l}
}

func (a wide) down(k uint) wide {
	l := 64 - k
	return wide{a.x0>>k | a.x1<<l, a.x1>>k | a.x2<<l, a.x2>>k | a.x3<<l, a.x3 >> k}
}

// upWord and downWord shift by a whole word (64 bits).
func (a wide) upWord() wide   { return wide{0, a.x0, a.x1, a.x2} }
func (a wide) downWord() wide { return wide{a.x1, a.x2, a.x3, 0} }

// lowest returns the lowest set bit's index, or -1.
func (a wide) lowest() int {
	switch {
	case a.x0 != 0:
		return bits.TrailingZeros64(a.x0)
	case a.x1 != 0:
		return 64 | bits.TrailingZeros64(a.x1)
	case a.x2 != 0:
		return 128 | bits.TrailingZeros64(a.x2)
	case a.x3 != 0:
		return 192 | bits.TrailingZeros64(a.x3)
	}
	return -1
}

// highest returns the highest set bit's index, or -1.
func (a wide) highest() int {
	switch {
	case a.x3 != 0:
		return 255 - bits.LeadingZeros64(a.x3)
	case a.x2 != 0:
		return 191 - bits.LeadingZeros64(a.x2)
	case a.x1 != 0:
		return 127 - bits.LeadingZeros64(a.x1)
	case a.x0 != 0:
		return 63 - bits.LeadingZeros64(a.x0)
	}
	return -1
}

// wideNotEdge clears columns 0 and 15 of the 16x16 frame.
var wideNotEdge = func() wide {
	var w wide
	for i := range 256 {
		if c := i % 16; c != 0 && c != 15 {
			w.set(i)
		}
	}
	return w
}()

// movesWide is Moves on the 16x16 frame: an occluded (Kogge-Stone) fill
// per direction, runs of up to 15 discs. Each direction is written out so
// that every shift is by a constant: r collects o's discs at most 1, 2, 4, 8,
// 16 steps from p along an unbroken run of o, using o2, o4, o8, the squares
// that end runs of 2, 4, 8 of o's discs.
func movesWide(p, o wide) wide {
	mo := o.and(wideNotEdge)
	var m wide
	{ // east (+1) and west (-1): within each word, the edge columns masked
		o2 := mo.and(mo.up(1))
		o4 := o2.and(o2.up(2))
		o8 := o4.and(o4.up(4))
		r := mo.and(p.up(1))
		r = r.or(mo.and(r.up(1)))
		r = r.or(o2.and(r.up(2)))
		r = r.or(o4.and(r.up(4)))
		r = r.or(o8.and(r.up(8)))
		m = m.or(r.up(1))
		o2 = mo.and(mo.down(1))
		o4 = o2.and(o2.down(2))
		o8 = o4.and(o4.down(4))
		r = mo.and(p.down(1))
		r = r.or(mo.and(r.down(1)))
		r = r.or(o2.and(r.down(2)))
		r = r.or(o4.and(r.down(4)))
		r = r.or(o8.and(r.down(8)))
		m = m.or(r.down(1))
	}
	{ // south (+16) and north (-16)
		o2 := o.and(o.up(16))
		o4 := o2.and(o2.up(32))
		o8 := o4.and(o4.upWord())
		r := o.and(p.up(16))
		r = r.or(o.and(r.up(16)))
		r = r.or(o2.and(r.up(32)))
		r = r.or(o4.and(r.upWord()))
		r = r.or(o8.and(r.upWord().upWord()))
		m = m.or(r.up(16))
		o2 = o.and(o.down(16))
		o4 = o2.and(o2.down(32))
		o8 = o4.and(o4.downWord())
		r = o.and(p.down(16))
		r = r.or(o.and(r.down(16)))
		r = r.or(o2.and(r.down(32)))
		r = r.or(o4.and(r.downWord()))
		r = r.or(o8.and(r.downWord().downWord()))
		m = m.or(r.down(16))
	}
	{ // south-west (+15) and north-east (-15)
		o2 := mo.and(mo.up(15))
		o4 := o2.and(o2.up(30))
		o8 := o4.and(o4.up(60))
		r := mo.and(p.up(15))
		r = r.or(mo.and(r.up(15)))
		r = r.or(o2.and(r.up(30)))
		r = r.or(o4.and(r.up(60)))
		r = r.or(o8.and(r.upWord().up(56)))
		m = m.or(r.up(15))
		o2 = mo.and(mo.down(15))
		o4 = o2.and(o2.down(30))
		o8 = o4.and(o4.down(60))
		r = mo.and(p.down(15))
		r = r.or(mo.and(r.down(15)))
		r = r.or(o2.and(r.down(30)))
		r = r.or(o4.and(r.down(60)))
		r = r.or(o8.and(r.downWord().down(56)))
		m = m.or(r.down(15))
	}
	{ // south-east (+17) and north-west (-17)
		o2 := mo.and(mo.up(17))
		o4 := o2.and(o2.up(34))
		o8 := o4.and(o4.upWord().up(4))
		r := mo.and(p.up(17))
		r = r.or(mo.and(r.up(17)))
		r = r.or(o2.and(r.up(34)))
		r = r.or(o4.and(r.upWord().up(4)))
		r = r.or(o8.and(r.upWord().upWord().up(8)))
		m = m.or(r.up(17))
		o2 = mo.and(mo.down(17))
		o4 = o2.and(o2.down(34))
		o8 = o4.and(o4.downWord().down(4))
		r = mo.and(p.down(17))
		r = r.or(mo.and(r.down(17)))
		r = r.or(o2.and(r.down(34)))
		r = r.or(o4.and(r.downWord().down(4)))
		r = r.or(o8.and(r.downWord().downWord().down(8)))
		m = m.or(r.down(17))
	}
	return m.andNot(p.or(o))
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
				r[sq][d].set(i)
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
		switch {
		case movesWide(o, p).and(valid).isZero():
			return 0
		case depth == 1:
			return 1
		}
		return perftWide(o, p, valid, depth-1)
	}
	if depth == 1 {
		return uint64(m.count())
	}
	var n uint64
	for w := range 4 {
		for x := m.word(w); x != 0; x &= x - 1 {
			sq := w<<6 | bits.TrailingZeros64(x)
			f := flipsWide(p, o, sq)
			n += perftWide(o.xor(f), p.or(f).or(bitW(sq)), valid, depth-1)
		}
	}
	return n
}

// LastFlips returns how many discs the player with discs p turns over by
// playing on sq (an 8x8 frame bit) when sq is the only empty square of the
// full 8x8 board (every other square is the opponent's): the last move of
// an endgame, which needs the count and not the discs. Each of the four
// lines through sq is read as a byte of p's discs along it (a row by a
// shift, a column and the diagonals by a multiplication that gathers them
// into the top byte) and looked up in a table of the flips on a line of 8.
func LastFlips(p uint64, sq int) int {
	r, c := sq>>3&7, sq&7
	row := p >> (r << 3) & 0xff
	col := (p >> c & 0x0101010101010101) * 0x0102040810204080 >> 56
	d := &lastDiag[sq&63]
	diag := (p & d[0]) * 0x0101010101010101 >> 56
	anti := (p & d[1]) * 0x0101010101010101 >> 56
	t := &lastLine
	return int(t[c][row] + t[r][col] + t[c][diag] + t[c][anti])
}

// lastLine[i][x] is the number of discs flipped on a line of eight squares
// by a move on square i, when the mover's discs are the bits of x and every
// other square but i is the opponent's. lastDiag[sq] holds the two
// diagonals through sq: each has one square in a column at most, so the
// square in column c is bit c of its byte. A diagonal shorter than 8 leaves
// the bits of the columns it misses at 0, as if the opponent's; they lie
// past its ends, where no disc of the mover's can close a line, so the
// count is right.
var (
	lastLine [8][256]uint8
	lastDiag [64][2]uint64
)

func init() {
	for i := range 8 {
		for x := range 256 {
			n := 0
			for _, step := range []int{-1, 1} {
				k := 0
				j := i + step
				for ; j >= 0 && j < 8 && x>>j&1 == 0; j += step {
					k++
				}
				if j >= 0 && j < 8 && k > 0 {
					n += k
				}
			}
			lastLine[i][x] = uint8(n)
		}
	}
	for sq := range 64 {
		r, c := sq>>3, sq&7
		for s := range 64 {
			rr, cc := s>>3, s&7
			if rr-cc == r-c {
				lastDiag[sq][0] |= 1 << s
			}
			if rr+cc == r+c {
				lastDiag[sq][1] |= 1 << s
			}
		}
	}
}
