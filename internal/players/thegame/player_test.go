package thegame

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/thegame"
	"github.com/meeple-games/meeple/internal/meepletest"
	"github.com/meeple-games/meeple/internal/players/playertest"
	"github.com/meeple-games/meeple/internal/search"
)

func loadTheGame(t testing.TB, spec string) *thegame.Game {
	t.Helper()
	v, err := games.LoadVariant(spec)
	if err != nil {
		t.Fatal(err)
	}
	return v.Game.(*thegame.Game)
}

// TestTheGameIgnoresHidden feeds the player states that differ only in the
// parts its seat cannot see (the others' hands and the draw pile, dealt
// again at random) and checks it makes the same move: no decision reads
// another's cards or the draw pile.
func TestTheGameIgnoresHidden(t *testing.T) {
	meepletest.OneGoroutine(t)
	t.Parallel()
	for _, tc := range []struct {
		spec     string
		rollouts int
	}{{"thegame(players=3)", 0}, {"thegame(players=2)", 2}, {"thegame-house(players=5)", 0}, {"thegame(players=4)", 1}} {
		g := loadTheGame(t, tc.spec)
		p := NewPlayer(g, 7)
		p.Rollouts = tc.rollouts
		rng := rand.New(rand.NewPCG(1, 2))
		st := g.NewState().(*thegame.State)
		checked, limit := 0, playertest.Size(60, 30, 4)
		if tc.rollouts > 0 {
			limit = playertest.Size(25, 10, 1) // each search plays whole games
		}
		for st.Player() != games.Terminal && checked < limit {
			if st.Player() == games.Chance {
				st.Play(games.SampleChance(st, rng))
				continue
			}
			me := st.Player()
			want := p.Search(context.Background(), st, search.Limits{}, nil).Move
			for range 3 {
				other := st.Resample(me, rng)
				if other.(*thegame.State).Position() == st.Position() && st.DeckSize() > 10 {
					t.Fatalf("resample changed nothing")
				}
				if got := p.Search(context.Background(), other, search.Limits{}, nil).Move; got != want {
					t.Fatalf("%s: player %d moves %s, but %s when the hidden cards are dealt again\n%s\n%s",
						tc.spec, me+1, st.FormatMove(want), st.FormatMove(got), st.Position(), other.Position())
				}
			}
			checked++
			st.Play(want)
		}
	}
}

// TestTheGamePlaysLegal plays whole games with the auto player and checks
// every move is legal (-short: the first 15 moves of each).
func TestTheGamePlaysLegal(t *testing.T) {
	meepletest.OneGoroutine(t)
	t.Parallel()
	moves := math.MaxInt
	if testing.Short() {
		moves = 15
	}
	for _, spec := range []string{"thegame", "thegame-expert(players=3)", "thegame-house(players=2)"} {
		g := loadTheGame(t, spec)
		s := NewPlayer(g, 0)
		rng := rand.New(rand.NewPCG(3, 4))
		st := g.NewState()
		for n := 0; st.Player() != games.Terminal && n < moves; n++ {
			if st.Player() == games.Chance {
				st.Play(games.SampleChance(st, rng))
				continue
			}
			m := s.Search(context.Background(), st, search.Limits{Nodes: 6}, nil).Move
			if _, err := games.ParseLegal(st, st.FormatMove(m)); err != nil {
				t.Fatalf("%s: %v in %s", spec, err, st.Position())
			}
			st.Play(m)
		}
	}
}
