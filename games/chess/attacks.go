package chess

import "math/bits"

// Attack tables: leapers by table, sliders by fancy magic bitboards. Every
// table is computed here at init: the magic multipliers are found by trial
// with a fixed-seed generator (the method of the chessprogramming wiki's
// "Looking for Magics"), so every run builds the same tables, in a few
// milliseconds. This file is apart from movegen.go because it is the board
// geometry that everything else (move generation, make, SAN, the engine's
// exchange evaluation) reads, not move generation itself.

// Bitboard masks. Bit sq is square sq: a1 = 0, b1 = 1, ..., h8 = 63.
const (
	FileA uint64 = 0x0101010101010101
	FileH uint64 = FileA << 7
	Rank1 uint64 = 0xff
	Rank8 uint64 = Rank1 << 56
	// DarkSquares are a1, c1, ..., h8: the squares of a1's colour.
	DarkSquares uint64 = 0xaa55aa55aa55aa55
)

var (
	knightAtt [64]uint64
	kingAtt   [64]uint64
	pawnAtt   [2][64]uint64 // squares a pawn of the colour on the square attacks
	between   [64][64]uint64
	line      [64][64]uint64
	rookRay   [64]uint64 // rook attacks on an empty board
	bishopRay [64]uint64

	rookMagic   [64]magic
	bishopMagic [64]magic
	rookTable   [0x19000]uint64 // 102,400 entries: the sum of 2^bits over the squares
	bishopTable [0x1480]uint64  // 5,248 entries
)

// magic maps the relevant occupancy of a square to its slider attacks:
// table[(occ&mask)*mul >> shift].
type magic struct {
	mask  uint64
	mul   uint64
	table []uint64
	shift uint8
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

func init() {
	for sq := range 64 {
		f, r := sq&7, sq>>3
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			knightAtt[sq] |= bitAt(f+d[0], r+d[1])
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df != 0 || dr != 0 {
					kingAtt[sq] |= bitAt(f+df, r+dr)
				}
			}
		}
		pawnAtt[White][sq] = bitAt(f-1, r+1) | bitAt(f+1, r+1)
		pawnAtt[Black][sq] = bitAt(f-1, r-1) | bitAt(f+1, r-1)
		rookRay[sq] = slide(sq, 0, &rookDirs)
		bishopRay[sq] = slide(sq, 0, &bishopDirs)
	}
	for a := range 64 {
		for b := range 64 {
			if a == b {
				continue
			}
			for _, dirs := range []*[4][2]int{&rookDirs, &bishopDirs} {
				if slide(a, 0, dirs)&(1<<b) == 0 {
					continue
				}
				between[a][b] = slide(a, 1<<b, dirs) & slide(b, 1<<a, dirs)
				line[a][b] = slide(a, 0, dirs)&slide(b, 0, dirs) | 1<<a | 1<<b
			}
		}
	}
	rng := xorshift(0x6d656570_6c656368) // "meeplech"
	initMagics(&rookMagic, rookTable[:], &rookDirs, &rng)
	initMagics(&bishopMagic, bishopTable[:], &bishopDirs, &rng)
}

// bitAt is the bit of file f, rank r (0-based), or 0 off the board.
func bitAt(f, r int) uint64 {
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return 0
	}
	return 1 << (r*8 + f)
}

// slide walks each direction from sq until the edge or an occupied square
// (included): the slow reference the magic tables are built from.
func slide(sq int, occ uint64, dirs *[4][2]int) uint64 {
	var att uint64
	for _, d := range dirs {
		f, r := sq&7+d[0], sq>>3+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			b := uint64(1) << (r*8 + f)
			att |= b
			if occ&b != 0 {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return att
}

type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return uint64(*x) * 0x2545f4914f6cdd1d
}

// initMagics finds a multiplier for each square that maps every subset of
// the square's relevant occupancy (the rays less their last square) to a
// slot of its slice of table without a destructive collision.
func initMagics(ms *[64]magic, table []uint64, dirs *[4][2]int, rng *xorshift) {
	var occs, refs [4096]uint64
	var epoch [4096]int
	try := 0
	off := 0
	for sq := range 64 {
		edges := (Rank1|Rank8)&^(Rank1<<(sq&^7)) | (FileA|FileH)&^(FileA<<(sq&7))
		m := &ms[sq]
		m.mask = slide(sq, 0, dirs) &^ edges
		n := bits.OnesCount64(m.mask)
		m.shift = uint8(64 - n)
		size := 1 << n
		m.table = table[off : off+size : off+size]
		off += size
		// Every subset of the mask, by the carry-rippler trick.
		var b uint64
		for i := 0; i < size; i++ {
			occs[i], refs[i] = b, slide(sq, b, dirs)
			b = (b - m.mask) & m.mask
		}
		for {
			mul := rng.next() & rng.next() & rng.next()
			if bits.OnesCount64((m.mask*mul)>>56) < 6 {
				continue
			}
			try++
			ok := true
			for i := 0; i < size; i++ {
				idx := (occs[i] * mul) >> m.shift
				if epoch[idx] < try {
					epoch[idx] = try
					m.table[idx] = refs[i]
				} else if m.table[idx] != refs[i] {
					ok = false
					break
				}
			}
			if ok {
				m.mul = mul
				break
			}
		}
	}
	if off != len(table) {
		panic("chess: magic table size mismatch")
	}
}

// RookAttacks is the squares a rook on sq attacks with the squares of occ
// occupied (the first occupied square of each ray included).
func RookAttacks(sq int, occ uint64) uint64 {
	m := &rookMagic[sq&63]
	return m.table[((occ&m.mask)*m.mul)>>m.shift]
}

// BishopAttacks is the squares a bishop on sq attacks with occ occupied.
func BishopAttacks(sq int, occ uint64) uint64 {
	m := &bishopMagic[sq&63]
	return m.table[((occ&m.mask)*m.mul)>>m.shift]
}

// QueenAttacks is the union of the rook and bishop attacks from sq.
func QueenAttacks(sq int, occ uint64) uint64 { return RookAttacks(sq, occ) | BishopAttacks(sq, occ) }

// KnightAttacks is the squares a knight on sq attacks.
func KnightAttacks(sq int) uint64 { return knightAtt[sq&63] }

// KingAttacks is the squares a king on sq attacks.
func KingAttacks(sq int) uint64 { return kingAtt[sq&63] }

// PawnAttacks is the squares a pawn of colour c on sq attacks (captures
// to). The pawns of colour c that attack sq are PawnAttacks(c^1, sq).
func PawnAttacks(c Color, sq int) uint64 { return pawnAtt[c&1][sq&63] }

// Between is the squares strictly between a and b when they share a rank,
// file or diagonal, else 0.
func Between(a, b int) uint64 { return between[a&63][b&63] }

// Line is the whole rank, file or diagonal through a and b (both
// included), or 0 when they share none.
func Line(a, b int) uint64 { return line[a&63][b&63] }
