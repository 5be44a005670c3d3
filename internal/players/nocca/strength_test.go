package nocca

import (
	"context"
	"flag"
	"sync"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/nocca"
	"github.com/meeple-games/meeple/internal/players/playertest"
	"github.com/meeple-games/meeple/internal/search"
)

// The Nocca Nocca strength suite: deterministic (node and iteration
// budgets, fixed seeds, no clock), skipped under -short. With the strength
// tag it plays a sample, with -args -nocca.strength the full 200 games a
// match; the quick version plays a few games, against MCTS on a smaller
// budget.

var (
	noccaStrength = flag.Bool("nocca.strength", false, "with -tags strength: play the full 200-game Nocca Nocca strength matches (about an hour on two cores)")
	noccaGames    = flag.Int("nocca.games", 0, "with -tags strength: play this many games a Nocca Nocca strength match (0: 200 with -nocca.strength, else a sample)")
)

// noccaGameCount is the number of games of a strength match: sample with
// the strength tag, quick without.
func noccaGameCount(t *testing.T, sample, quick int) int {
	switch {
	case !playertest.Full && (*noccaGames > 0 || *noccaStrength):
		t.Fatal("-nocca.strength and -nocca.games need -tags strength")
	case !playertest.Full:
		return quick
	case *noccaGames > 0:
		return *noccaGames
	case *noccaStrength:
		return 200
	}
	return sample
}

// Budgets of the strength games.
const (
	// noccaEngineNodes is the engine's budget a move: about 0.05 s of CPU
	// on the machine these tests were tuned on (4 to 5 million nodes a
	// second).
	noccaEngineNodes = 200_000
	// noccaQuickEngineNodes is the engine's budget in the quick version.
	noccaQuickEngineNodes = 50_000
	// noccaMCTSIterations is the generic MCTS opponent's budget a move:
	// about one second of CPU a move on that machine (80,000 to 100,000
	// iterations a second in the 5x6 game, measured as process CPU time
	// over the first 30 plies of random games).
	noccaMCTSIterations = 90_000
	// noccaQuickMCTSIterations is MCTS's budget in the quick version.
	noccaQuickMCTSIterations = 5_000
)

// noccaResult is the outcome of a match for the engine.
type noccaResult struct {
	wins, draws, losses int
	plies               int // over all games
	lost                []uint64
}

// noccaMatch plays games 1..n between the engine and an opponent made by
// opp(seed), the engine white in odd games and black in even ones, two
// games at a time.
func noccaMatch(t *testing.T, g *nocca.Game, n int, opp func(seed uint64) (search.Searcher, search.Limits)) noccaResult {
	var mu sync.Mutex
	var res noccaResult
	seeds := make(chan uint64)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range seeds {
				eng := NewPlayer(g, 16)
				o, olim := opp(seed)
				engineColour := 1 - int(seed%2) // white in odd games
				st := g.NewState().(*nocca.State)
				for st.Player() != games.Terminal {
					var r search.Result
					if st.ToMove() == engineColour {
						r = eng.Search(context.Background(), st, search.Limits{Nodes: playertest.Pick(int64(noccaEngineNodes), noccaQuickEngineNodes)}, nil)
					} else {
						r = o.Search(context.Background(), st, olim, nil)
					}
					if !st.Legal(r.Move) {
						t.Errorf("seed %d: %s played %s, illegal in %s", seed, colourName(st.ToMove()), st.FormatMove(r.Move), st.Position())
						return
					}
					st.Play(r.Move)
				}
				mu.Lock()
				res.plies += st.Plies()
				switch st.Winner() {
				case engineColour:
					res.wins++
				case -1:
					res.draws++
					res.lost = append(res.lost, seed)
				default:
					res.losses++
					res.lost = append(res.lost, seed)
				}
				mu.Unlock()
			}
		}()
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		seeds <- seed
	}
	close(seeds)
	wg.Wait()
	return res
}

func colourName(c int) string { return [2]string{"white", "black"}[c] }

// TestStrengthNoccaRandom: the engine wins every game against uniformly
// random moves (the Nocca article's CPU); quick: 3 of 4.
func TestStrengthNoccaRandom(t *testing.T) {
	playertest.SkipIfShort(t)
	n := noccaGameCount(t, 10, 4)
	want := playertest.Pick(n, 3)
	start := time.Now()
	g := loadNocca(t, "nocca")
	res := noccaMatch(t, g, n, func(seed uint64) (search.Searcher, search.Limits) {
		return search.Random{Seed: seed}, search.Limits{}
	})
	playertest.Logf(t, "nocca, engine (%d nodes) vs random moves: %d won, %d drawn, %d lost of %d (threshold: %d won; %.1f plies a game, %v)",
		playertest.Pick(int64(noccaEngineNodes), noccaQuickEngineNodes), res.wins, res.draws, res.losses, n, want, float64(res.plies)/float64(n), time.Since(start).Round(time.Second))
	if res.wins < want {
		t.Errorf("engine won %d of %d against random moves (not won: seeds %v); want %d", res.wins, n, res.lost, want)
	}
}

// TestStrengthNoccaMCTS: the engine wins 95% of its games against MCTS
// at about a second a move; quick: 1 of 2 against MCTS on a twentieth of
// that.
func TestStrengthNoccaMCTS(t *testing.T) {
	playertest.SkipIfShort(t)
	n := noccaGameCount(t, 4, 2)
	iterations := playertest.Pick(int64(noccaMCTSIterations), noccaQuickMCTSIterations)
	start := time.Now()
	g := loadNocca(t, "nocca")
	res := noccaMatch(t, g, n, func(seed uint64) (search.Searcher, search.Limits) {
		m := search.NewMCTS(seed)
		m.MinReturn, m.MaxReturn = g.Type().MinReturn, g.Type().MaxReturn
		return m, search.Limits{Nodes: iterations}
	})
	want := playertest.Pick(95, 50) // per cent of the games won
	playertest.Logf(t, "nocca, engine (%d nodes) vs MCTS (%d iterations): %d won, %d drawn, %d lost of %d (threshold: %d%% won; %.1f plies a game, %v)",
		playertest.Pick(int64(noccaEngineNodes), noccaQuickEngineNodes), iterations, res.wins, res.draws, res.losses, n, want, float64(res.plies)/float64(n), time.Since(start).Round(time.Second))
	if res.wins*100 < want*n {
		t.Errorf("engine won %d of %d against MCTS (not won: seeds %v); want at least %d%%", res.wins, n, res.lost, want)
	}
}
