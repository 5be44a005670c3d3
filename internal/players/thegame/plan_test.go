package thegame

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/thegame"
	"github.com/meeple-games/meeple/internal/search"
)

// seq writes the cards from a to b (either way, by step) less skip as a
// pile of a position string.
func seq(a, b, step int, skip ...int) string {
	var out []string
	if a > b {
		step = -step
	}
	for c := a; (step > 0 && c <= b) || (step < 0 && c >= b); c += step {
		keep := true
		for _, s := range skip {
			keep = keep && c != s
		}
		if keep {
			out = append(out, strconv.Itoa(c))
		}
	}
	return strings.Join(out, ",")
}

// TestTheGamePlans checks the planner's choice in positions with one good
// play: the turn's first play it picks.
func TestTheGamePlans(t *testing.T) {
	for _, tc := range []struct {
		name, spec, pos, want string
	}{
		// The last three cards fit only pile a, and only as 40 (the trick
		// from 50), 45, 55: the endgame search finds the order.
		{"clearance", "thegame",
			seq(41, 50, 1, 45) + "/" + seq(51, 99, 1, 55) + "/" + seq(39, 3, 2) + "/" + seq(38, 2, 2) + " 40,45,55 0 play 1 0", "40a"},
		// 20 steps back on a (from 30); the rest fits piles b and d exactly.
		{"trick", "thegame",
			"30/40/70/60 20,41,59,80,85,90,95,99 86 play 1 0", "20a"},
		// Two plays that jump nothing: 31 on a and 69 on c.
		{"cheapest", "thegame",
			"30/40/70/60 31,48,69,80,85,90,95,99 86 play 1 0", "31a"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := loadTheGame(t, tc.spec)
			st, err := g.ParseState(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			p := NewPlayer(g, 1)
			m := p.Search(context.Background(), st, search.Limits{}, nil).Move
			if got := st.(*thegame.State).FormatMove(m); got != tc.want {
				t.Errorf("plays %s, want %s in %s", got, tc.want, tc.pos)
			}
			if tc.name != "clearance" {
				return
			}
			for st.Player() != games.Terminal {
				st.Play(p.Search(context.Background(), st, search.Limits{}, nil).Move)
			}
			if left := st.(*thegame.State).CardsLeft(); left != 0 {
				t.Errorf("%d cards left after the clearance", left)
			}
		})
	}
}
