package players

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/search"
)

// The strength suite (item 11 of the issue): deterministic (node and depth
// budgets, fixed seeds), skipped under -short.

func loadKinarow(t testing.TB, name string) *kinarow.Game {
	t.Helper()
	v, err := games.LoadVariant(name)
	if err != nil {
		t.Fatal(err)
	}
	return v.Game.(*kinarow.Game)
}

// engineLimits is the engine's budget per move in the strength games.
var engineLimits = search.Limits{Nodes: 20_000}

// playGame plays one game from the start and returns the winner's seat
// (-1: a draw) and the number of moves.
func playGame(t testing.TB, g games.Game, seats [2]search.Searcher, lim [2]search.Limits) (int, int) {
	st := g.NewState()
	moves := 0
	for st.Player() >= 0 {
		p := st.Player()
		res := seats[p].Search(context.Background(), st, lim[p], nil)
		if !contains(st.LegalMoves(nil), res.Move) {
			t.Fatalf("seat %d played %d, illegal in %s", p, res.Move, st.Position())
		}
		st.Play(res.Move)
		moves++
	}
	return st.(*kinarow.State).Winner(), moves
}

func contains(moves []games.Move, m games.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// TestNeverLosesTicTacToe explores every line of play the opponent can
// choose, from both sides, with the engine at full depth: the engine must
// lose none.
func TestNeverLosesTicTacToe(t *testing.T) {
	if testing.Short() {
		t.Skip("strength suite: skipped under -short")
	}
	g := loadKinarow(t, "tictactoe")
	for engineSeat := range 2 {
		eng, err := New(g, Config{HashMB: 1})
		if err != nil {
			t.Fatal(err)
		}
		var lines, wins, draws int
		var walk func(st games.State)
		walk = func(st games.State) {
			p := st.Player()
			if p < 0 {
				lines++
				switch st.(*kinarow.State).Winner() {
				case engineSeat:
					wins++
				case -1:
					draws++
				default:
					t.Errorf("engine (seat %d) lost: %s", engineSeat, st.Position())
				}
				return
			}
			if p == engineSeat {
				res := eng.Search(context.Background(), st, search.Limits{Depth: 9}, nil)
				st.Play(res.Move)
				walk(st)
				st.Undo()
				return
			}
			for _, m := range st.LegalMoves(nil) {
				st.Play(m)
				walk(st)
				st.Undo()
			}
		}
		walk(g.NewState())
		t.Logf("engine as %s: %d opponent lines, %d won, %d drawn, 0 lost", []string{"x", "o"}[engineSeat], lines, wins, draws)
	}
}

// match plays games between the engine and the baseline on g, the engine
// on seat engineSeat, with seeds 1..games, in parallel; it returns the
// engine's wins, draws and losses.
func match(t *testing.T, g games.Game, engineSeat, n int) (wins, draws, losses int) {
	var w, d, l atomic.Int64
	var wg sync.WaitGroup
	seeds := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range seeds {
				eng, err := New(g, Config{HashMB: 4})
				if err != nil {
					t.Error(err)
					return
				}
				base, err := New(g, Config{Algorithm: Baseline, Seed: uint64(seed)})
				if err != nil {
					t.Error(err)
					return
				}
				var seats [2]search.Searcher
				var lim [2]search.Limits
				seats[engineSeat], seats[1-engineSeat] = eng, base
				lim[engineSeat] = engineLimits
				winner, _ := playGame(t, g, seats, lim)
				switch winner {
				case engineSeat:
					w.Add(1)
				case -1:
					d.Add(1)
				default:
					l.Add(1)
				}
			}
		}()
	}
	for seed := 1; seed <= n; seed++ {
		seeds <- seed
	}
	close(seeds)
	wg.Wait()
	return int(w.Load()), int(d.Load()), int(l.Load())
}

func TestQubicBeatsBaseline(t *testing.T) {
	if testing.Short() {
		t.Skip("strength suite: skipped under -short")
	}
	start := time.Now()
	g := loadKinarow(t, "qubic")
	w, d, l := match(t, g, 0, 100)
	t.Logf("qubic, engine as x: %d won, %d drawn, %d lost of 100 (%v)", w, d, l, time.Since(start).Round(time.Millisecond))
	if w < 95 {
		t.Errorf("engine won %d of 100 as x; want at least 95", w)
	}
}

func TestHypercubeBeatsBaseline(t *testing.T) {
	if testing.Short() {
		t.Skip("strength suite: skipped under -short")
	}
	g := loadKinarow(t, "hypercube")
	for seat, name := range []string{"x", "o"} {
		start := time.Now()
		w, d, l := match(t, g, seat, 50)
		t.Logf("hypercube, engine as %s: %d won, %d drawn, %d lost of 50 (%v)", name, w, d, l, time.Since(start).Round(time.Millisecond))
		if w < 45 {
			t.Errorf("engine won %d of 50 as %s; want at least 45", w, name)
		}
	}
}
