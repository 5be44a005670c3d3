package kinarow

import "math/bits"

// table is a transposition table of small values keyed by a position key
// below 2^56: one word an entry, the key in the high 56 bits and the value
// (never 0) in the low 8. A new entry replaces whatever its slot held.
//
// The slot is the key modulo the table's size, a prime: positions that
// differ in a few low bits (a move in a low column) fall near each other,
// which the memory caches like, and every bit of the key counts.
type table struct {
	e    []uint64
	n    uint64 // len(e), a prime
	used bool   // something put since the table was made or cleared
}

// newTable makes a table of about mb megabytes: the largest prime number
// of entries at most a power of two, at least 2^10.
func newTable(mb int) table {
	n := max(mb, 1) << 20 / 8
	logN := max(bits.Len(uint(n))-1, 10)
	p := uint64(1)<<logN - 1
	for !prime(p) {
		p -= 2
	}
	return table{e: make([]uint64, p), n: p}
}

func prime(n uint64) bool {
	for d := uint64(3); d*d <= n; d += 2 {
		if n%d == 0 {
			return false
		}
	}
	return n > 2
}

func (t *table) slot(key uint64) uint64 { return key % t.n }

// get returns the value stored for key, or 0.
func (t *table) get(key uint64) uint8 {
	e := t.e[t.slot(key)]
	if e>>8 != key {
		return 0
	}
	return uint8(e)
}

func (t *table) put(key uint64, v uint8) {
	t.e[t.slot(key)] = key<<8 | uint64(v)
	t.used = true
}

// clear empties the table; an unused one is empty already, and clearing
// it would only touch its pages (16 MB: most of an engine's start-up).
func (t *table) clear() {
	if t.used {
		clear(t.e)
	}
	t.used = false
}

// bounds packs a score bound into a table value (never 0) for scores in
// [min, max]: an upper bound u as u-min+1, a lower bound l above those, as
// l+max-2*min+2. Both solvers store their results this way.
type bounds struct{ min, max int }

// boundsFor is the range of the scores a table stores on a board of cells
// cells, as Pons's solver bounds them (MIN_SCORE, MAX_SCORE).
func boundsFor(cells int) bounds { return bounds{-cells/2 + 3, (cells+1)/2 - 3} }

func (r bounds) upper(score int) uint8 { return uint8(score - r.min + 1) }
func (r bounds) lower(score int) uint8 { return uint8(score + r.max - 2*r.min + 2) }

// cut narrows the window [*alpha, *beta] by the bound v (a table value,
// not 0) and, when the window is then empty, returns the score to answer
// and true.
func (r bounds) cut(v uint8, alpha, beta *int) (int, bool) {
	if x := int(v); x > r.max-r.min+1 {
		if lo := x + 2*r.min - r.max - 2; *alpha < lo {
			if *alpha = lo; lo >= *beta {
				return lo, true
			}
		}
	} else if hi := x + r.min - 1; *beta > hi {
		if *beta = hi; *alpha >= hi {
			return hi, true
		}
	}
	return 0, false
}
