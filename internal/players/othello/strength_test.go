package othello

import (
	"context"
	"flag"

	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/othello"
	"github.com/meeple-games/meeple/internal/players/playertest"
	"github.com/meeple-games/meeple/internal/search"
)

// The Othello strength suite (item 7 of issue 5): the engine against the
// source article's CPU, a depth-4 disc-counting alpha-beta and generic
// MCTS, over games from seeded random openings with colours alternated.
// Deterministic: node and depth budgets, fixed seeds, no clock. With the
// strength tag it plays a few games against each, and with -args
// -strength.full 200; the quick version plays one or two games against
// each on smaller budgets.

var (
	strengthFull = flag.Bool("strength.full", false, "with -tags strength: play 200 games against each Othello opponent (hours)")
	strengthOnly = flag.String("strength.only", "", "play only against this Othello opponent")
)

// Budgets of the strength games.
const (
	// othelloEngineNodes is the engine's budget per move: about 0.1 s on
	// one core of the machine the suite was written on.
	othelloEngineNodes = 200_000
	// othelloMCTSIterations is MCTS's budget per move: about one second of
	// one core of that machine (0.5 s of CPU per 100,000 iterations a few
	// moves into the game, 0.3 s with 32 empty squares).
	othelloMCTSIterations = 250_000
	// othelloOpeningPlies random moves start each game.
	othelloOpeningPlies = 4
	// The budgets of the quick version.
	othelloQuickEngineNodes    = 20_000
	othelloQuickMCTSIterations = 10_000
)

// discEval scores a position by the disc count alone (centi-discs).
type discEval struct{}

func (discEval) Evaluate(st games.State) int {
	s := st.(*othello.State)
	me := s.ToMove()
	return 100 * (s.Count(me) - s.Count(1-me))
}

// othelloOpponent makes a fresh opponent for game i, and its limits.
type othelloOpponent struct {
	name  string
	make  func(g *othello.Game, seed uint64) search.Searcher
	lim   search.Limits
	games int     // with the strength tag (without -strength.full)
	want  float64 // the least score (wins + draws/2) / games

	// The quick version: its games, threshold and the opponent's limits.
	quickGames int
	quickWant  float64
	quickLim   search.Limits
}

var othelloOpponents = []othelloOpponent{
	{"baseline", func(g *othello.Game, seed uint64) search.Searcher { return Baseline{} },
		search.Limits{}, 6, 1.00, 2, 0.5, search.Limits{}},
	{"alphabeta-discs-4", func(g *othello.Game, seed uint64) search.Searcher { return search.NewAlphaBeta(discEval{}, 1) },
		search.Limits{Depth: 4}, 6, 0.90, 2, 0.5, search.Limits{Depth: 4}},
	{"mcts", func(g *othello.Game, seed uint64) search.Searcher {
		m := search.NewMCTS(seed)
		m.MinReturn, m.MaxReturn = -1, 1
		return m
	}, search.Limits{Nodes: othelloMCTSIterations}, 2, 0.95, 1, 0.5, search.Limits{Nodes: othelloQuickMCTSIterations}},
}

// othelloGame plays game i of a match: the opening from seed i/2, the
// engine black in even games and white in odd ones (so each opening is
// played with both colours). It returns the engine's result (+1, 0, -1)
// and the final position. The engine searches engineNodes a move, the
// opponent within oppLim.
func othelloGame(t *testing.T, g *othello.Game, opp othelloOpponent, oppLim search.Limits, engineNodes int64, i int) (int, *othello.State) {
	st := g.NewState().(*othello.State)
	rng := rand.New(rand.NewPCG(uint64(i/2), 0x0e11))
	for range othelloOpeningPlies {
		moves := st.LegalMoves(nil)
		st.Play(moves[rng.IntN(len(moves))])
	}
	engineSeat := i % 2
	var seats [2]search.Searcher
	var lims [2]search.Limits
	seats[engineSeat] = NewPlayer(g, 16)
	lims[engineSeat] = search.Limits{Nodes: engineNodes}
	seats[1-engineSeat] = opp.make(g, uint64(i))
	lims[1-engineSeat] = oppLim
	for st.Player() != games.Terminal {
		p := st.Player()
		res := seats[p].Search(context.Background(), st, lims[p], nil)
		if !st.Legal(res.Move) {
			t.Fatalf("game %d: seat %d played %s, illegal in %s", i, p, st.FormatMove(res.Move), st.Position())
		}
		st.Play(res.Move)
	}
	switch st.Winner() {
	case engineSeat:
		return 1, st
	case -1:
		return 0, st
	}
	return -1, st
}

func TestStrengthOthello(t *testing.T) {
	playertest.SkipIfShort(t)
	if (*strengthFull || *strengthOnly != "") && !playertest.Full {
		t.Fatal("-strength.full and -strength.only need -tags strength")
	}
	g := loadOthello(t, "othello")
	for _, opp := range othelloOpponents {
		t.Run(opp.name, func(t *testing.T) {
			if *strengthOnly != "" && *strengthOnly != opp.name {
				t.Skip("-strength.only")
			}
			t.Parallel()
			n, want := playertest.Pick(opp.games, opp.quickGames), playertest.Pick(opp.want, opp.quickWant)
			lim, nodes := playertest.Pick(opp.lim, opp.quickLim), playertest.Pick(int64(othelloEngineNodes), othelloQuickEngineNodes)
			if *strengthFull {
				n = 200
			}
			start := time.Now()
			var mu sync.Mutex
			var w, d, l int
			var wg sync.WaitGroup
			next := make(chan int)
			for range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range next {
						r, st := othelloGame(t, g, opp, lim, nodes, i)
						mu.Lock()
						if *strengthFull {
							t.Logf("game %d: engine %s, %s", i, []string{"black", "white"}[i%2], st.EndReason())
						}
						switch r {
						case 1:
							w++
						case 0:
							d++
						default:
							l++
							t.Logf("game %d lost (engine %s): %s", i, []string{"black", "white"}[i%2], st.EndReason())
						}
						mu.Unlock()
					}
				}()
			}
			for i := range n {
				next <- i
			}
			close(next)
			wg.Wait()
			score := (float64(w) + float64(d)/2) / float64(n)
			playertest.Logf(t, "othello vs %s: %.1f%% of %d games, %d won, %d drawn, %d lost (threshold %.0f%%; %v)", opp.name, 100*score, n, w, d, l, 100*want, time.Since(start).Round(time.Second))
			if score < want {
				t.Errorf("engine scored %.1f%% against %s; want at least %.0f%%", 100*score, opp.name, 100*want)
			}
		})
	}
}
