package kinarow

import "math/bits"

// table is a transposition table of small values keyed by a position key
// below 2^56: one word an entry, the key in the high 56 bits and the value
// (never 0) in the low 8. A new entry replaces whatever its slot held.
type table struct {
	e     []uint64
	shift uint
}

// newTable makes a table of about mb megabytes (a power of two entries,
// at least 2^10).
func newTable(mb int) table {
	n := max(mb, 1) << 20 / 8
	logN := max(bits.Len(uint(n))-1, 10)
	return table{e: make([]uint64, 1<<logN), shift: uint(64 - logN)}
}

func (t *table) slot(key uint64) int {
	return int((key * 0x9e3779b97f4a7c15) >> t.shift)
}

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
