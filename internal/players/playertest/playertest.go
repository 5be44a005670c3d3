// Package playertest holds what the players' tests share: the strength
// build tag and the sizes it picks.
//
// The strength suites play the engine against the baselines of the source
// articles and generic searchers, deterministic (node and depth budgets,
// fixed seeds, no clock). Each test is named TestStrength..., logs its
// figure in one line and asserts its threshold. Built with the strength tag
// they play their full samples:
//
//	go test -tags strength -v -run Strength ./internal/players/...
//
// Without the tag each plays a quick version (a few seeded games, a loose
// threshold), so that a broken player fails fast; -short skips them.
package playertest

import "testing"

// Pick returns full in a build with the strength tag, quick without.
func Pick[T any](full, quick T) T {
	if Full {
		return full
	}
	return quick
}

// Size is the size of a long test: short under -short, full with the
// strength tag, quick otherwise.
func Size(full, quick, short int) int {
	if testing.Short() {
		return short
	}
	return Pick(full, quick)
}

// SkipIfShort skips a strength suite under -short.
func SkipIfShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("strength suite: skipped under -short")
	}
}

// Logf logs a strength suite's figure, marked quick when it is the quick
// version.
func Logf(t *testing.T, format string, args ...any) {
	t.Helper()
	if !Full {
		format = "quick: " + format
	}
	t.Logf(format, args...)
}
