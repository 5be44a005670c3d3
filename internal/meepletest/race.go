//go:build race

package meepletest

import (
	"os"
	"strings"
)

// Race is whether this binary was built with -race.
const Race = true

// The race detector makes a race-built program wait a second before it
// exits, for reports still being written (GORACE's atexit_sleep_ms). The
// processes a race-built test binary starts (itself as a helper, mostly)
// leave at once instead: their second is a test's wall time (the command
// line's race-built tests took 20.7 s with it, 9.5 s without), and the
// race a test looks for is reported by the test's own process, which
// keeps the default. Every test package that imports meepletest gets this
// for all its helpers; GORACE's other options, if any, are kept, and a
// GORACE that sets atexit_sleep_ms itself is left as it is.
func init() {
	if g := os.Getenv("GORACE"); !strings.Contains(g, "atexit_sleep_ms") {
		os.Setenv("GORACE", strings.TrimSpace(g+" atexit_sleep_ms=0"))
	}
}
