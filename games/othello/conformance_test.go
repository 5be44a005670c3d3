package othello

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
	gametest.RandomPlay(st, rand.New(rand.NewPCG(seed, 0x0e11)), plies)
}

func TestConformanceShipped(t *testing.T) {
	var names []string
	for _, v := range gametest.Shipped(t, "othello") {
		names = append(names, v.Name)
		t.Run(v.Name, func(t *testing.T) {
			gametest.RunOptions(t, v.Game, gametest.Options{Playouts: 20})
		})
	}
	if len(names) != 4 {
		t.Errorf("shipped othello variants %v; want othello-4x4, othello-6x6, othello, othello-10x10", names)
	}
}

func TestConformanceOther(t *testing.T) {
	for _, spec := range []string{
		"othello(start=parallel)", "othello(size=4,start=parallel)", "othello(size=12)",
		"othello(size=14,start=parallel)", "othello(size=16)",
	} {
		t.Run(spec, func(t *testing.T) {
			gametest.RunOptions(t, load(t, spec), gametest.Options{Playouts: 5})
		})
	}
}
