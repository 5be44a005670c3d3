//go:build linux

package othello

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks the kernel to back the table t with huge pages (2 MB)
// as its pages are first written. The solver probes its tables at random:
// with pages of 4 KB nearly every probe of a table of hundreds of
// megabytes also misses the TLB and walks the page tables. The table
// stays in the Go heap (a large allocation is page-aligned; the kernel
// applies the advice to the 2 MB pages inside it); an error only means
// small pages, as without the advice.
func adviseHuge(t []solveBucket) {
	size := uintptr(len(t)) * unsafe.Sizeof(solveBucket{})
	if size < 4<<20 {
		return
	}
	syscall.Madvise(unsafe.Slice((*byte)(unsafe.Pointer(&t[0])), size), syscall.MADV_HUGEPAGE)
}
