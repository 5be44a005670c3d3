package kinarow

import (
	"bufio"
	"cmp"
	"context"
	"flag"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/players/playertest"
	"github.com/meeple-games/meeple/internal/search"
)

// TestConnectFourProvedWins plays the engine against itself from the won
// end and middle positions of Pons's reference file
// (testdata/connect4-solved.txt, a score above 0:
// the side to move wins) at a budget its solver proves them within: the
// side to move must win every game.
func TestConnectFourProvedWins(t *testing.T) {
	g := loadGame(t, "connect4")
	f, err := os.Open("testdata/connect4-solved.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lim := search.Limits{Nodes: 1_000_000}
	sc := bufio.NewScanner(f)
	played := 0
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 3 || fs[0] == "begin" || strings.HasPrefix(fs[2], "-") || fs[2] == "0" {
			continue
		}
		if testing.Short() && played >= 10 {
			break
		}
		played++
		st := g.NewState().(*kinarow.State)
		for _, c := range fs[1] {
			m, err := games.ParseLegal(st, string(rune('a'+c-'1')))
			if err != nil {
				t.Fatalf("%s: %v", fs[1], err)
			}
			st.Play(m)
		}
		winner := st.Player()
		var seats [2]search.Searcher
		for i := range seats {
			seats[i] = NewProver(g, 8, NewPlayer(g, 8))
		}
		var line []string
		for st.Player() >= 0 {
			res := seats[st.Player()].Search(context.Background(), st, lim, nil)
			line = append(line, st.FormatMove(res.Move))
			st.Play(res.Move)
		}
		if st.Winner() != winner {
			t.Errorf("%s (score %s): winner %d, want %d; line %v", fs[1], fs[2], st.Winner(), winner, line)
		}
	}
	if played < 10 {
		t.Fatalf("only %d positions", played)
	}
}

// proverSelfPlay plays the engine (Prover) against itself from the
// empty board of Connect Four, nodes a move for each side, and returns the
// winner (-1: a draw) and the moves.
func proverSelfPlay(g *kinarow.Game, nodes int64) (int, []games.Move) {
	seats := [2]search.Searcher{NewProver(g, 16, NewPlayer(g, 16)), NewProver(g, 16, NewPlayer(g, 16))}
	st := g.NewState().(*kinarow.State)
	var moves []games.Move
	for st.Player() >= 0 {
		res := seats[st.Player()].Search(context.Background(), st, search.Limits{Nodes: nodes}, nil)
		moves = append(moves, res.Move)
		st.Play(res.Move)
	}
	return st.Winner(), moves
}

// lostAt returns the ply (1-based) of the move
// with which x gave away the win in a game x did not win, found by
// solving x's positions from the end back to the last one x still won.
func lostAt(t *testing.T, g *kinarow.Game, moves []games.Move) int {
	s := NewSolver(g, 64)
	for n := len(moves) - 1; n >= 0; n-- {
		if n%2 != 0 {
			continue
		}
		st := g.NewState().(*kinarow.State)
		for _, m := range moves[:n] {
			st.Play(m)
		}
		score, _, ok := s.Score(context.Background(), st, 0)
		if !ok {
			t.Fatalf("%s: not solved", st.Position())
		}
		if score > 0 {
			return n + 1
		}
	}
	return 0 // x never won: the book's first move is wrong
}

// formatLine writes moves as column letters.
func formatLine(st *kinarow.State, moves []games.Move) string {
	var b strings.Builder
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(st.FormatMove(m))
		st.Play(m)
	}
	return b.String()
}

// selfPlayBudgets returns n node budgets spaced evenly on a log scale from
// lo to hi, rounded to two significant digits, without repeats (so fewer
// than n when they are dense).
func selfPlayBudgets(lo, hi float64, n int) []int64 {
	var out []int64
	for i := range n {
		v := lo * math.Pow(hi/lo, float64(i)/float64(max(n-1, 1)))
		scale := math.Pow(10, math.Floor(math.Log10(v))-1)
		if r := int64(math.Round(v/scale) * scale); len(out) == 0 || r != out[len(out)-1] {
			out = append(out, r)
		}
	}
	return out
}

var selfPlayN = flag.Int("c4.selfplay", 0, "TestConnectFourSelfPlay: play this many budgets from 1 to 1M nodes (the strength tag: 25)")

// TestConnectFourSelfPlay: the engine (Prover) against itself from the
// empty board, one game a budget (the engine draws no random numbers, so
// the budgets are what makes the games differ): x, the first player, must
// win every one. Quick: 1, 5k and 10k nodes a move (under -short: 1);
// with the strength tag 25 budgets spaced evenly on a log scale from 1 to
// 1M (-c4.selfplay N: N budgets). For a game x does not win it reports the ply of the stone
// that gave the win away.
func TestConnectFourSelfPlay(t *testing.T) {
	g := loadGame(t, "connect4")
	budgets := []int64{1, 5_000, 10_000}
	if testing.Short() {
		budgets = budgets[:1]
	}
	if playertest.Full || *selfPlayN > 0 {
		budgets = selfPlayBudgets(1, 1_000_000, cmp.Or(*selfPlayN, 25))
	}
	won := 0
	for _, nodes := range budgets {
		start := time.Now()
		winner, moves := proverSelfPlay(g, nodes)
		line := formatLine(g.NewState().(*kinarow.State), moves)
		if winner == 0 {
			won++
			t.Logf("%d nodes: x won in %d plies (%v)", nodes, len(moves), time.Since(start).Round(time.Millisecond))
			continue
		}
		t.Errorf("%d nodes: x did not win (winner %d); x gave the win away at ply %d: %s", nodes, winner, lostAt(t, g, moves), line)
	}
	playertest.Logf(t, "connect4, engine as x vs itself: x won %d of %d budgets from %d to %d nodes", won, len(budgets), budgets[0], budgets[len(budgets)-1])
}
