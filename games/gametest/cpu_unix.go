//go:build unix

package gametest

import (
	"syscall"
	"time"
)

// CPUTime is the CPU time (user and system) the process has used so far,
// 0 where it cannot be read. Benchmarks that compare meeple with another
// program on a shared machine compare CPU times: the wall clock measures
// the neighbours too.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
