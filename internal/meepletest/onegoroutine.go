package meepletest

import "testing"

// OneGoroutine skips t in a race-built test binary: t's code under test
// runs on one goroutine (a solver's cross-check, a search to a fixed depth
// or node count), so the race detector has nothing to find in it, and the
// run without -race checks the same. Such tests are the race run's
// costliest: the race-built solvers are 5 to 15 times slower.
func OneGoroutine(t testing.TB) {
	t.Helper()
	if Race {
		t.Skip("one goroutine: the run without -race checks it")
	}
}
