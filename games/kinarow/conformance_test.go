package kinarow

import (
	"testing"

	"github.com/meeple-games/meeple/games/gametest"
)

// load builds a variant by name, file or inline spec.
func load(t testing.TB, spec string) *Game {
	t.Helper()
	return gametest.Load[*Game](t, spec)
}

// playouts keeps the big boards quick: every position of a playout checks
// every legal move.
var playouts = map[string]int{
	"gomoku":    3,
	"hypercube": 4,
	"qubic":     10,
}

func TestConformanceShipped(t *testing.T) {
	n := 0
	for _, v := range gametest.Shipped(t, "kinarow") {
		n++
		t.Run(v.Name, func(t *testing.T) {
			gametest.RunOptions(t, v.Game, gametest.Options{Playouts: playouts[v.Name]})
		})
	}
	if n < 6 {
		t.Errorf("%d shipped kinarow variants; want at least 6", n)
	}
}

func TestConformanceOdd(t *testing.T) {
	for _, tc := range []struct {
		name, spec string
		playouts   int
	}{
		{"1-D", "kinarow(dims=1,size=9,connect=3)", 0},
		{"1-D gravity", "kinarow(dims=1,size=5,connect=2,gravity=1)", 0},
		{"7x6 no gravity", "kinarow(size=7x6,connect=4)", 10},
		{"3-D gravity axis 1", "kinarow(dims=3,size=4x3x5,connect=3,gravity=1)", 10},
		{"exact gomoku", "gomoku(exact=true)", 3},
		{"exact small", "kinarow(size=6,connect=3,exact=true)", 0},
		{"5-D", "kinarow(dims=5,size=3,connect=3)", 3},
		{"6-D", "kinarow(dims=6,size=2,connect=2)", 5},
		{"connect 1", "kinarow(size=3,connect=1)", 0},
		{"5x5x5 gravity axis 3", "kinarow(dims=3,size=5,connect=4,gravity=3)", 3},
		{"4-D gravity axis 3", "kinarow(dims=4,size=3x2x3x2,connect=2,gravity=3)", 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gametest.RunOptions(t, load(t, tc.spec), gametest.Options{Playouts: tc.playouts})
		})
	}
}
