//go:build linux

package nocca

import (
	"syscall"
	"unsafe"
)

// hugeTable is the size from which a table is mapped on its own, with
// huge pages: the solver reads and writes its tables at random, and with
// pages of 4 KB nearly every access of a table of gigabytes misses the
// TLB (on this project's 2-core machine, 10^8 random read-and-increments
// in a 4 GB table took 5.8 s mapped so against 12.0 s from the Go heap;
// the 4x5 solve's tables are 4.7 GB). Smaller tables come from the Go
// heap, where the race detector sees them.
const hugeTable = 64 << 20

// allocWords returns a zeroed table of n words and a function that
// releases it (the table must not be used after).
func allocWords(n uint64) ([]uint64, func()) {
	if n*8 < hugeTable {
		return make([]uint64, n), func() {}
	}
	b, err := syscall.Mmap(-1, 0, int(n*8), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]uint64, n), func() {}
	}
	syscall.Madvise(b, syscall.MADV_HUGEPAGE) // advice: without it, small pages
	return unsafe.Slice((*uint64)(unsafe.Pointer(&b[0])), n), func() { syscall.Munmap(b) }
}
