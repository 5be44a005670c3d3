package nocca

import (
	"math/rand/v2"
	"testing"

	"github.com/meeple-games/meeple/games/gametest"
)

// load builds a variant by name, file or inline spec.
func load(t testing.TB, spec string) *Game {
	t.Helper()
	return gametest.Load[*Game](t, spec)
}

// randomPlay plays up to plies random legal moves (fewer if the game ends).
func randomPlay(st *State, seed uint64, plies int) {
	gametest.RandomPlay(st, rand.New(rand.NewPCG(seed, 0x40cca)), plies)
}

func TestConformanceShipped(t *testing.T) {
	var names []string
	for _, v := range gametest.Shipped(t, "nocca") {
		names = append(names, v.Name)
		t.Run(v.Name, func(t *testing.T) {
			gametest.Run(t, v.Game)
		})
	}
	if len(names) < 3 {
		t.Errorf("shipped nocca variants %v; want nocca and at least two reduced boards", names)
	}
}

func TestConformanceOther(t *testing.T) {
	for _, spec := range []string{
		"nocca(goal=straight)", "nocca(first=black)", "nocca(repetition=0)", "nocca(repetition=2)",
		"nocca(columns=2,rows=2)", "nocca(columns=8,rows=8,stack=7)", "nocca(columns=7,pieces=4,stack=2)",
		"nocca(stack=1)", "nocca(columns=4,rows=5)", "nocca-3x3(pieces=2,first=black,goal=straight)",
	} {
		t.Run(spec, func(t *testing.T) {
			gametest.RunOptions(t, load(t, spec), gametest.Options{Playouts: 15})
		})
	}
}
