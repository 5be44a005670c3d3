package othello

import (
	"bufio"
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/othello"
	"github.com/meeple-games/meeple/internal/meepletest"
	"github.com/meeple-games/meeple/internal/players/playertest"
	"github.com/meeple-games/meeple/internal/search"
)

var (
	ffoAll   = flag.Bool("ffo.all", false, "also solve FFO #45-#49 (minutes)")
	solveSix = flag.Bool("solve.six", false, "solve 6x6 Othello from the start (minutes)")
)

type ffoProblem struct {
	name   string
	pos    string         // our position string (the FFO format)
	scores map[string]int // move -> exact score
	best   int
}

// readFFO reads the file of testdata named (ffo.txt, or another in its
// format).
func readFFO(t testing.TB, name string) []ffoProblem {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ps []ffoProblem
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		ln := strings.TrimSpace(sc.Text())
		if ln == "" || ln[0] == '#' {
			continue
		}
		parts := strings.Split(strings.TrimSuffix(ln, ";"), ";")
		head := strings.Fields(parts[0])
		if len(head) != 3 {
			t.Fatalf("%s: bad line %q", name, ln)
		}
		p := ffoProblem{name: head[0], pos: head[1] + " " + head[2], scores: map[string]int{}, best: -999}
		for _, ms := range parts[1:] {
			mv, v, ok := strings.Cut(strings.TrimSpace(ms), ":")
			n, err := strconv.Atoi(v)
			if !ok || err != nil {
				t.Fatalf("%s: %s: bad move score %q", name, p.name, ms)
			}
			p.scores[strings.ToLower(mv)] = n
			p.best = max(p.best, n)
		}
		ps = append(ps, p)
	}
	return ps
}

func loadOthello(t testing.TB, spec string) *othello.Game {
	t.Helper()
	v, err := games.LoadVariant(spec)
	if err != nil {
		t.Fatal(err)
	}
	return v.Game.(*othello.Game)
}

// TestFFO solves FFO #40 (#40-#44 with -tags strength, and #45-#49 too
// with -args -ffo.all): the exact score, and a move that reaches it.
func TestFFO(t *testing.T) {
	if testing.Short() {
		t.Skip("FFO endgames: skipped under -short")
	}
	g := loadOthello(t, "othello")
	solver := NewSolver(64)
	for _, p := range readFFO(t, "ffo.txt") {
		t.Run(p.name, func(t *testing.T) {
			n, _ := strconv.Atoi(strings.TrimPrefix(p.name, "ffo-"))
			switch {
			case n >= 45 && !*ffoAll:
				t.Skip("run with -args -ffo.all")
			case n > 40 && !playertest.Full && !*ffoAll:
				t.Skip("run with -tags strength")
			}
			st, err := g.ParseState(p.pos)
			if err != nil {
				t.Fatal(err)
			}
			solver.Clear()
			sol := solver.Solve(context.Background(), st.(*othello.State), search.Limits{})
			mv := st.FormatMove(sol.Move)
			t.Logf("%s: score %+d, move %s, %d nodes, %v (%.1f M nodes/s)", p.name, sol.Score, mv, sol.Nodes, sol.Time, float64(sol.Nodes)/sol.Time.Seconds()/1e6)
			if !sol.Exact || sol.Score != p.best {
				t.Errorf("score %+d (exact %v); want %+d", sol.Score, sol.Exact, p.best)
			}
			if got, ok := p.scores[mv]; !ok || got != p.best {
				t.Errorf("move %s scores %d; want a move scoring %+d", mv, got, p.best)
			}
			checkPV(t, st.(*othello.State), sol)
		})
	}
}

// checkPV plays the solution's line: it must be legal, end the game, and
// end it with the solution's score.
func checkPV(t *testing.T, st *othello.State, sol Solution) {
	t.Helper()
	me := st.ToMove()
	cp := st.Clone().(*othello.State)
	for _, m := range sol.PV {
		if !cp.Legal(m) {
			t.Errorf("%s: the line %v plays the illegal %s", st.Position(), sol.PV, cp.FormatMove(m))
			return
		}
		cp.Play(m)
	}
	if cp.Player() != games.Terminal || cp.Score(me) != sol.Score {
		t.Errorf("%s: the line %v ends with %q, score %d; want the end, %d", st.Position(), sol.PV, cp.EndReason(), cp.Score(me), sol.Score)
	}
}

// bruteScore is a plain negamax over othello.State: the exact score for
// the side to move, no pruning, no table.
func bruteScore(st *othello.State) int {
	if st.Player() == games.Terminal {
		return st.Score(st.ToMove())
	}
	best := -1000
	for _, m := range st.LegalMoves(nil) {
		st.Play(m)
		v := -bruteScore(st) // the side to move always changes, a pass too
		st.Undo()
		best = max(best, v)
	}
	return best
}

// randomEndgame plays random moves from the start until empties squares
// are left (or the game ends).
func randomEndgame(g *othello.Game, seed uint64, empties int) *othello.State {
	st := g.NewState().(*othello.State)
	rng := rand.New(rand.NewPCG(seed, 99))
	for st.Player() != games.Terminal && st.Empties() > empties {
		moves := st.LegalMoves(nil)
		st.Play(moves[rng.IntN(len(moves))])
	}
	return st
}

// TestSolverExact compares the solver with a plain negamax on random
// endgames of every size, the bitboard path (4x4, 6x6, 8x8) and the
// wide one (10x10), and checks that the move it names reaches the score.
func TestSolverExact(t *testing.T) {
	meepletest.OneGoroutine(t)
	t.Parallel()
	for _, tc := range []struct {
		spec      string
		empties   int
		positions int
	}{
		{"othello-4x4", 12, 30},
		{"othello-6x6", 10, 30},
		{"othello", 10, 40},
		{"othello(start=parallel)", 9, 20},
		{"othello-10x10", 8, 15},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			g := loadOthello(t, tc.spec)
			solver := NewSolver(4)
			n := playertest.Size(tc.positions, (tc.positions+1)/2, (tc.positions+9)/10)
			for seed := range n {
				st := randomEndgame(g, uint64(seed), tc.empties)
				pos := st.Position()
				want := bruteScore(st)
				sol := solver.Solve(context.Background(), st, search.Limits{})
				if st.Position() != pos {
					t.Fatalf("Solve changed the position")
				}
				if !sol.Exact || sol.Score != want {
					t.Errorf("%s: score %d (exact %v); negamax says %d", pos, sol.Score, sol.Exact, want)
					continue
				}
				if st.Player() == games.Terminal {
					continue
				}
				st.Play(sol.Move)
				if got := -bruteScore(st); got != want {
					t.Errorf("%s: move %s scores %d; the best is %d", pos, st.FormatMove(sol.Move), got, want)
				}
				st.Undo()
				checkPV(t, st, sol)
			}
		})
	}
}

// TestSolveSixBySix proves that 6x6 Othello is a win for the second
// player by 4 discs, 16-20 (Feinstein 1993). About 5 billion nodes: run
// with -args -solve.six -test.timeout 0.
func TestSolveSixBySix(t *testing.T) {
	if !*solveSix {
		t.Skip("run with -args -solve.six (minutes)")
	}
	g := loadOthello(t, "othello-6x6")
	st := g.NewState().(*othello.State)
	sol := NewSolver(1024).Solve(context.Background(), st, search.Limits{})
	t.Logf("6x6 from the start: %+d, %s, %d nodes, %v", sol.Score, st.FormatMove(sol.Move), sol.Nodes, sol.Time)
	if !sol.Exact || sol.Score != -4 {
		t.Errorf("score %+d (exact %v); want -4", sol.Score, sol.Exact)
	}
	checkPV(t, st, sol)
}

// TestSolverStopsPromptly: far from the end each node of the solver runs
// shallow searches that cost thousands of nodes; the solver still sees its
// deadline between them, and a stopped solve returns within a moment
// (the margin here is some hundred times what it takes).
func TestSolverStopsPromptly(t *testing.T) {
	st := loadOthello(t, "othello").NewState().(*othello.State) // 60 empties
	s := NewSolver(16)
	ctx, cancel := context.WithCancel(context.Background())
	stopped := make(chan time.Time, 1)
	timer := time.AfterFunc(50*time.Millisecond, func() { stopped <- time.Now(); cancel() })
	defer timer.Stop()
	sol := s.Solve(ctx, st, search.Limits{Infinite: true})
	late := time.Since(<-stopped)
	if sol.Exact || sol.Move == games.NoMove || !st.Legal(sol.Move) {
		t.Fatalf("a stopped solve of the start: %+v", sol)
	}
	if late > 2*time.Second {
		t.Errorf("the solve returned %v after it was stopped", late)
	}
	// The same with a time limit.
	start := time.Now()
	s.Solve(context.Background(), st, search.Limits{MoveTime: 50 * time.Millisecond})
	if el := time.Since(start); el > 50*time.Millisecond+2*time.Second {
		t.Errorf("a solve of 50ms took %v", el)
	}
}

// TestSolverClear checks that a cleared table behaves as a new one: a
// solve searches as many nodes again after Clear (not fewer, from what the
// first one left), and after 256 Clears (the generations wrap, and the
// tables are cleared for real: the entries of 256 generations back must
// not count).
func TestSolverClear(t *testing.T) {
	g := loadOthello(t, "othello")
	st := randomEndgame(g, 1, 14)
	solve := func(s *Solver) int64 {
		return s.Solve(context.Background(), st, search.Limits{}).Nodes
	}
	s := NewSolver(4)
	want := solve(s)
	s.Clear()
	if got := solve(s); got != want {
		t.Fatalf("after Clear: %d nodes; a new solver searched %d", got, want)
	}
	for range 256 {
		s.Clear()
	}
	if got := solve(s); got != want {
		t.Fatalf("after 256 Clears: %d nodes; a new solver searched %d", got, want)
	}
}

// TestFullLines8 checks the shifts of fullLines8 against the lines of the
// 8x8 board one by one, on fillings from nearly empty to full.
func TestFullLines8(t *testing.T) {
	g := newGeometry(8)
	r := rand.New(rand.NewPCG(8, 19))
	for i := range 20000 {
		f := ^uint64(0)
		for range i % 4 { // thin the filling out: dense boards have full lines
			f &= r.Uint64() | r.Uint64()
		}
		if i%5 == 0 {
			f &^= 1 << (r.Uint64() & 63)
		}
		if got, want := fullLines8(f), g.fullLinesByLines(f); got != want {
			t.Fatalf("filled %#x: fullLines8 %#x, the lines one by one %#x", f, got, want)
		}
	}
}

// TestSolverRanks checks the table's ranks: a selective pass's bounds
// reach no exact search (its move does), and a selective pass neither
// replaces an exact entry nor ignores its bounds.
func TestSolverRanks(t *testing.T) {
	s := NewSolver(1)
	s.Clear()
	const p, o, n = 0x0000000810000000, 0x0000001008000000, 60
	s.rank = 0
	s.store(p, o, n, 10, 10, 5)
	s.rank = solveExact
	if e, ok := s.probe(p, o, n); !ok || e != (solveBounds{-solveScoreSpan, solveScoreSpan, 5}) {
		t.Fatalf("the exact pass reads a selective entry as %+v, %v; want its move only", e, ok)
	}
	s.store(p, o, n, -4, 2, 7)
	if e, _ := s.probe(p, o, n); e != (solveBounds{-4, 2, 7}) {
		t.Fatalf("an exact entry over a selective one reads %+v; want the exact bounds alone", e)
	}
	s.rank = 1
	s.store(p, o, n, 6, 6, 9)
	if e, _ := s.probe(p, o, n); e != (solveBounds{-4, 2, 7}) {
		t.Fatalf("a selective pass replaced an exact entry: %+v", e)
	}
}
