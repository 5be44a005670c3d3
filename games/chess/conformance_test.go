package chess

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

// mustFEN parses a FEN in g or fails the test.
func mustFEN(t testing.TB, g *Game, fen string) *State {
	t.Helper()
	s, err := g.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return s
}

// randomPlay plays up to plies random legal moves (fewer if the game ends).
func randomPlay(st *State, seed uint64, plies int) {
	gametest.RandomPlay(st, rand.New(rand.NewPCG(seed, 0xc4e55)), plies)
}

func TestConformanceShipped(t *testing.T) {
	var names []string
	for _, v := range gametest.Shipped(t, "chess") {
		names = append(names, v.Name)
		t.Run(v.Name, func(t *testing.T) {
			gametest.RunOptions(t, v.Game, gametest.Options{Playouts: 40})
		})
	}
	if len(names) != 2 {
		t.Errorf("shipped chess variants %v; want chess, chess960", names)
	}
}

// TestConformanceOther runs the harness on other Chess960 arrays and from
// positions where the game ends soon in every way: promotions and mates
// (few pieces), the fifty-move rule (a clock near 100) and repetitions.
func TestConformanceOther(t *testing.T) {
	n := 6
	for _, spec := range []string{"chess960(number=518)", "chess960(number=959)", "chess960(number=314)"} {
		t.Run(spec, func(t *testing.T) {
			gametest.RunOptions(t, load(t, spec), gametest.Options{Playouts: n})
		})
	}
	g := load(t, "chess")
	for _, fen := range []string{
		"8/2P5/8/8/8/8/5pk1/K7 w - - 0 1",
		"4k3/8/8/8/8/8/8/4K2R w K - 95 60",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 90 1",
		"8/8/8/3k4/8/3K4/8/2B2n2 w - - 0 1",
	} {
		t.Run(fen, func(t *testing.T) {
			gametest.RunOptions(t, g, gametest.Options{Playouts: 3 * n, Start: func() games.State { return mustFEN(t, g, fen) }})
		})
	}
}
