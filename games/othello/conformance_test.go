package othello

import (
	"math/rand/v2"
	"strings"
	"testing"

	"meeple/games"
	"meeple/games/gametest"
)

// load builds a variant by name, file or inline spec.
func load(t testing.TB, spec string) *Game {
	t.Helper()
	v, err := games.LoadVariant(spec)
	if err != nil {
		t.Fatalf("LoadVariant(%q): %v", spec, err)
	}
	g, ok := v.Game.(*Game)
	if !ok {
		t.Fatalf("LoadVariant(%q) is a %T, not an othello game", spec, v.Game)
	}
	return g
}

// randomPlay plays up to plies random legal moves (fewer if the game ends).
func randomPlay(st *State, seed uint64, plies int) {
	rng := rand.New(rand.NewPCG(seed, 0x0e11))
	var buf []games.Move
	for range plies {
		if st.Player() == games.Terminal {
			return
		}
		buf = st.LegalMoves(buf)
		st.Play(buf[rng.IntN(len(buf))])
	}
}

func TestConformanceShipped(t *testing.T) {
	var names []string
	for _, name := range games.ShippedNames() {
		v, err := games.LoadVariant(name)
		if err != nil {
			if strings.Contains(err.Error(), "unknown game") {
				continue // another family, not linked into this test
			}
			t.Fatal(err)
		}
		if v.Family != "othello" {
			continue
		}
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
			n := 5
			if testing.Short() {
				n = 1
			}
			gametest.RunOptions(t, load(t, spec), gametest.Options{Playouts: n})
		})
	}
}
