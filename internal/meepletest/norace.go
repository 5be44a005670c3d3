//go:build !race

package meepletest

// Race is whether this binary was built with -race.
const Race = false
