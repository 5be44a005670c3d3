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
	e []uint64
	n uint64 // len(e), a prime
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

func (t *table) put(key uint64, v uint8) { t.e[t.slot(key)] = key<<8 | uint64(v) }

func (t *table) clear() { clear(t.e) }
