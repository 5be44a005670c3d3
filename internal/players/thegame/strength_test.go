package thegame

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/thegame"
	"github.com/meeple-games/meeple/internal/players/playertest"
	"github.com/meeple-games/meeple/internal/search"
)

// TestStrengthTheGame: the auto player in every seat of seeded games of
// The Game (game i draws from PCG(1, i), as `meeple bench thegame` does)
// against the thresholds below, and against the random baseline (the
// source article's web app has no computer player) on the same deals.
// The thresholds sit below what the full run measured (1,000 games each;
// 1 player: 28.8% won, 8.41 cards left; 3 players: 44.3%, 6.15; 5 players:
// 64.3%, 1.92; the random baseline about 85 cards left).
func TestStrengthTheGame(t *testing.T) {
	playertest.SkipIfShort(t)
	t.Parallel()
	for _, tc := range []struct {
		players int
		minWin  float64 // share of games won, at least
		maxLeft float64 // mean cards left, at most
	}{
		{1, playertest.Pick(0.15, 0.0), playertest.Pick(12, 20.0)},
		{3, playertest.Pick(0.30, 0.0), playertest.Pick(9, 15.0)},
		{5, playertest.Pick(0.55, 0.2), playertest.Pick(3, 8.0)},
	} {
		g := loadTheGame(t, fmt.Sprintf("thegame(players=%d)", tc.players))
		n := playertest.Pick(1000, 12)
		p := NewPlayer(g, 1)
		rnd := &search.Random{Seed: 1}
		won, left, randomLeft := 0, 0, 0
		for i := range n {
			l := playTheGame(g, p, uint64(i))
			if l == 0 {
				won++
			}
			left += l
			randomLeft += playTheGame(g, rnd, uint64(i))
		}
		win, mean, rmean := float64(won)/float64(n), float64(left)/float64(n), float64(randomLeft)/float64(n)
		playertest.Logf(t, "thegame, %d players, %d games: %.1f%% won, %.2f cards left; random baseline %.2f cards left (threshold: %.0f%% won, at most %.1f cards left, a quarter of the baseline's)",
			tc.players, n, 100*win, mean, rmean, 100*tc.minWin, tc.maxLeft)
		if win < tc.minWin || mean > tc.maxLeft || mean > rmean/4 {
			t.Errorf("thegame, %d players: %.1f%% won, %.2f cards left (random %.2f): below the threshold", tc.players, 100*win, mean, rmean)
		}
	}
}

// playTheGame plays game i of the seeded deals with s in every seat and
// returns the cards left.
func playTheGame(g *thegame.Game, s search.Searcher, i uint64) int {
	rng := rand.New(rand.NewPCG(1, i))
	st := g.NewState()
	for st.Player() != games.Terminal {
		if st.Player() == games.Chance {
			st.Play(games.SampleChance(st, rng))
			continue
		}
		st.Play(s.Search(context.Background(), st, search.Limits{}, nil).Move)
	}
	return st.(*thegame.State).CardsLeft()
}
