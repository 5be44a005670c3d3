package gametest

import (
	"math/rand/v2"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// Load builds the variant spec names (a name, a file or an inline spec, as
// games.LoadVariant reads it) and returns its game as a G, the game
// package's own type; it fails t if the variant does not load or is
// another family's.
//
//	g := gametest.Load[*Game](t, "othello(size=12)")
func Load[G games.Game](t testing.TB, spec string) G {
	t.Helper()
	v, err := games.LoadVariant(spec)
	if err != nil {
		t.Fatalf("LoadVariant(%q): %v", spec, err)
	}
	g, ok := v.Game.(G)
	if !ok {
		t.Fatalf("LoadVariant(%q) is a %T, not a %T", spec, v.Game, g)
	}
	return g
}

// LoadAll builds each of specs, failing t if one does not load.
func LoadAll(t testing.TB, specs ...string) []games.Game {
	t.Helper()
	var gs []games.Game
	for _, spec := range specs {
		v, err := games.LoadVariant(spec)
		if err != nil {
			t.Fatalf("LoadVariant(%q): %v", spec, err)
		}
		gs = append(gs, v.Game)
	}
	return gs
}

// Shipped returns the variants in configs/ of the named family, sorted by
// name (see games.Shipped); it fails t if one does not load.
func Shipped(t testing.TB, family string) []*games.Variant {
	t.Helper()
	vs, err := games.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	var out []*games.Variant
	for _, v := range vs {
		if v.Family == family {
			out = append(out, v)
		}
	}
	return out
}

// RandomPlay plays up to plies moves drawn from rng (fewer if the game
// ends): a legal move uniformly, a chance outcome with its probability.
func RandomPlay(st games.State, rng *rand.Rand, plies int) {
	var buf []games.Move
	for range plies {
		switch st.Player() {
		case games.Terminal:
			return
		case games.Chance:
			st.Play(games.SampleChance(st, rng))
		default:
			buf = st.LegalMoves(buf)
			st.Play(buf[rng.IntN(len(buf))])
		}
	}
}
