package kinarow

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/players/playertest"
	"github.com/meeple-games/meeple/internal/search"
)

// The strength suites of k-in-a-row (tic-tac-toe exhaustive, Qubic, the
// 4x4x4x4 hypercube against the article's CPU); playertest says how the
// strength tag sizes them.

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
		if !slices.Contains(st.LegalMoves(nil), res.Move) {
			t.Fatalf("seat %d played %d, illegal in %s", p, res.Move, st.Position())
		}
		st.Play(res.Move)
		moves++
	}
	return st.(*kinarow.State).Winner(), moves
}

// TestStrengthTicTacToe explores every line of play the opponent can
// choose, from both sides, with the engine at full depth: the engine must
// lose none. It is cheap, so the quick version is the full one.
func TestStrengthTicTacToe(t *testing.T) {
	playertest.SkipIfShort(t)
	g := loadKinarow(t, "tictactoe")
	for engineSeat := range 2 {
		eng := NewPlayer(g, 1)
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
		t.Logf("tictactoe, engine as %s against every line: %d lines, %d won, %d drawn, %d lost (threshold: 0 lost)", []string{"x", "o"}[engineSeat], lines, wins, draws, lines-wins-draws)
	}
}

// match plays games between the engine and the baseline on g, the engine
// on seat engineSeat, with seeds 1..games, in parallel; it returns the
// engine's wins, draws and losses.
func match(t *testing.T, g *kinarow.Game, engineSeat, n int) (wins, draws, losses int) {
	var w, d, l atomic.Int64
	var wg sync.WaitGroup
	seeds := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := range seeds {
				eng, base := NewPlayer(g, 4), NewBaseline(g, uint64(seed))
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

// TestStrengthQubic: the engine, as x, against the baseline; 95 wins of
// 100 games (quick: 3 of 4).
func TestStrengthQubic(t *testing.T) {
	playertest.SkipIfShort(t)
	n, want := playertest.Pick(100, 4), playertest.Pick(95, 3)
	start := time.Now()
	g := loadKinarow(t, "qubic")
	w, d, l := match(t, g, 0, n)
	playertest.Logf(t, "qubic, engine as x vs baseline: %d won, %d drawn, %d lost of %d (threshold: %d won; %v)", w, d, l, n, want, time.Since(start).Round(time.Millisecond))
	if w < want {
		t.Errorf("engine won %d of %d as x; want at least %d", w, n, want)
	}
}

// TestStrengthHypercube: the engine against the baseline on 4x4x4x4, as
// x and as o; 45 wins of 50 games each (quick: 1 of 2).
func TestStrengthHypercube(t *testing.T) {
	playertest.SkipIfShort(t)
	n, want := playertest.Pick(50, 2), playertest.Pick(45, 1)
	g := loadKinarow(t, "hypercube")
	for seat, name := range []string{"x", "o"} {
		start := time.Now()
		w, d, l := match(t, g, seat, n)
		playertest.Logf(t, "hypercube, engine as %s vs baseline: %d won, %d drawn, %d lost of %d (threshold: %d won; %v)", name, w, d, l, n, want, time.Since(start).Round(time.Millisecond))
		if w < want {
			t.Errorf("engine won %d of %d as %s; want at least %d", w, n, name, want)
		}
	}
}

// selfPlay plays the engine against itself from the empty board of g, x
// with xNodes a move and o with oNodes, and returns the winner (-1: a
// draw) and the first moves.
func selfPlay(t *testing.T, g *kinarow.Game, xNodes, oNodes int64) (int, []string) {
	seats := [2]search.Searcher{NewPlayer(g, 16), NewPlayer(g, 16)}
	lim := [2]search.Limits{{Nodes: xNodes}, {Nodes: oNodes}}
	st := g.NewState().(*kinarow.State)
	var line []string
	for st.Player() >= 0 {
		p := st.Player()
		res := seats[p].Search(context.Background(), st, lim[p], nil)
		if !slices.Contains(st.LegalMoves(nil), res.Move) {
			t.Fatalf("seat %d played %d, illegal in %s", p, res.Move, st.Position())
		}
		line = append(line, st.FormatMove(res.Move))
		st.Play(res.Move)
	}
	return st.Winner(), line
}

// TestStrengthQubicSelf: Qubic is a first-player win (Patashnik 1980), and
// the engine as x, given ten times o's budget, wins against itself from
// the empty board: game s gives o 10,000+2,000s nodes a move (so the games
// differ), x ten times that. Every game (quick: 2).
func TestStrengthQubicSelf(t *testing.T) {
	playertest.SkipIfShort(t)
	n := playertest.Pick(10, 2)
	g := loadKinarow(t, "qubic")
	start := time.Now()
	wins := 0
	for s := range n {
		o := int64(10_000 + 2_000*s)
		w, line := selfPlay(t, g, 10*o, o)
		if w == 0 {
			wins++
		} else {
			t.Errorf("o %d nodes, x %d: winner %d; %v", o, 10*o, w, line)
		}
	}
	playertest.Logf(t, "qubic, engine as x with ten times o's budget vs itself: %d won of %d (%v)", wins, n, time.Since(start).Round(time.Millisecond))
}

// TestStrengthGomokuSelf: in gomoku (15x15, five or more; a first-player
// win, Allis 1994) the engine as x opens in the centre and beats itself at
// equal budget in a majority of games: game s gives both 10,000(s+1)
// nodes a move (quick: 3 games).
func TestStrengthGomokuSelf(t *testing.T) {
	playertest.SkipIfShort(t)
	n := playertest.Pick(9, 3)
	g := loadKinarow(t, "gomoku")
	start := time.Now()
	wins := 0
	for s := range n {
		b := int64(10_000 * (s + 1))
		w, line := selfPlay(t, g, b, b)
		if line[0] != "h8" {
			t.Errorf("%d nodes: x opened %s, not in the centre (h8)", b, line[0])
		}
		if w == 0 {
			wins++
		}
		t.Logf("%d nodes: winner %d in %d moves", b, w, len(line))
	}
	playertest.Logf(t, "gomoku, engine as x vs itself at equal budget: %d won of %d (%v)", wins, n, time.Since(start).Round(time.Millisecond))
	if 2*wins <= n {
		t.Errorf("x won %d of %d; want a majority", wins, n)
	}
}
