package thegame

import (
	"math/rand/v2"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
)

// load builds a variant by name, file or inline spec.
func load(t testing.TB, spec string) *Game {
	t.Helper()
	return gametest.Load[*Game](t, spec)
}

// dealt returns a state after the deal, drawn from seed.
func dealt(g *Game, seed uint64) *State {
	s := g.newState()
	rng := rand.New(rand.NewPCG(seed, 0x7e6a))
	for s.Player() == games.Chance {
		s.Play(games.SampleChance(s, rng))
	}
	return s
}

func TestConformanceShipped(t *testing.T) {
	for _, name := range []string{"thegame", "thegame-expert", "thegame-house"} {
		for _, n := range []int{1, 2, 3, 5} {
			spec := name + "(players=" + string(rune('0'+n)) + ")"
			t.Run(spec, func(t *testing.T) {
				gametest.RunOptions(t, load(t, spec), gametest.Options{Playouts: 20, MaxPlies: 5000})
			})
		}
	}
}

func TestConformanceOther(t *testing.T) {
	for _, spec := range []string{
		"thegame(players=4,trick=0)", "thegame(low=2,high=30,up=1,down=1,hand=4)",
		"thegame(players=2,min_plays_empty=2,min_plays=3)", "thegame(up=0,down=3,high=40)",
		"thegame(players=5,repdigit=true)", "thegame(players=2,last_digit=true,trick=5)",
	} {
		t.Run(spec, func(t *testing.T) {
			gametest.RunOptions(t, load(t, spec), gametest.Options{Playouts: 10, MaxPlies: 5000})
		})
	}
}
