package kinarow

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/meepletest"
)

var c4All = flag.Bool("c4.all", false, "solve every begin position of testdata/connect4-solved.txt (tens of seconds), not only a sample")

func loadGame(t testing.TB, name string) *kinarow.Game {
	t.Helper()
	v, err := games.LoadVariant(name)
	if err != nil {
		t.Fatal(err)
	}
	return v.Game.(*kinarow.Game)
}

// refPos is one line of testdata/connect4-solved.txt.
type refPos struct {
	class, moves string
	score        int
}

// readRef reads testdata/connect4-solved.txt: 120 Connect Four positions
// with their scores from Pascal Pons's solver (github.com/PascalPons/connect4
// at d6ba50d, no opening book); the file's header says how they were made.
func readRef(t testing.TB) []refPos {
	t.Helper()
	f, err := os.Open("testdata/connect4-solved.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []refPos
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			t.Fatalf("bad line %q", line)
		}
		s, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatalf("bad line %q: %v", line, err)
		}
		out = append(out, refPos{f[0], f[1], s})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// playDigits plays moves written as 1-based column digits (Pons's format).
func playDigits(g *kinarow.Game, moves string) (*kinarow.State, error) {
	st := g.NewState().(*kinarow.State)
	for i, c := range moves {
		if c < '1' || c > '9' {
			return nil, fmt.Errorf("move %d: %q is not a column digit", i+1, c)
		}
		m, err := games.ParseLegal(st, string(rune('a'+c-'1')))
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		st.Play(m)
	}
	return st, nil
}

// TestSolveReference checks the solver's score on the reference positions:
// every end and middle one, and the quicker half of the begin ones (all of
// them with -c4.all).
func TestSolveReference(t *testing.T) {
	meepletest.OneGoroutine(t)
	g := loadGame(t, "connect4")
	s := NewSolver(g, 16)
	begin := 0
	for _, p := range readRef(t) {
		if p.class == "begin" {
			begin++
			if !*c4All && (testing.Short() || len(p.moves) < 10 || begin > 8) {
				continue
			}
		}
		t.Run(p.class+"/"+p.moves, func(t *testing.T) {
			st, err := playDigits(g, p.moves)
			if err != nil {
				t.Fatal(err)
			}
			s.Clear()
			score, nodes, ok := s.Score(context.Background(), st, 0)
			if !ok || score != p.score {
				t.Fatalf("score %d (ok %v, %d nodes), want %d", score, ok, nodes, p.score)
			}
		})
	}
}

// TestSolveLine checks, on end positions, that the best line Solve gives
// is legal, ends the game as the score says, and keeps the score: each
// move of it, solved again, has the opposite score for the other side.
func TestSolveLine(t *testing.T) {
	g := loadGame(t, "connect4")
	s := NewSolver(g, 4)
	n := 0
	for _, p := range readRef(t) {
		if p.class != "end" || n >= 12 {
			continue
		}
		n++
		st, err := playDigits(g, p.moves)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := s.Solve(context.Background(), st, 0)
		if err != nil || !sol.Exact || sol.Score != p.score {
			t.Fatalf("%s: %+v, %v; want score %d", p.moves, sol, err, p.score)
		}
		if sol.Move != sol.PV[0] || len(sol.PV) != sol.Plies {
			t.Fatalf("%s: move %d, pv %v, plies %d", p.moves, sol.Move, sol.PV, sol.Plies)
		}
		me := st.Player()
		c := st.Clone().(*kinarow.State)
		for i, m := range sol.PV {
			if !c.Playable(int(m)) {
				t.Fatalf("%s: pv move %d (%s) is not legal", p.moves, i, c.FormatMove(m))
			}
			c.Play(m)
			if i == 0 && c.Player() >= 0 {
				s2 := NewSolver(g, 1)
				if sc, _, ok := s2.Score(context.Background(), c, 0); !ok || sc != -p.score {
					t.Fatalf("%s: after the best move the score is %d, want %d", p.moves, sc, -p.score)
				}
			}
		}
		want := -1
		switch {
		case p.score > 0:
			want = me
		case p.score < 0:
			want = 1 - me
		}
		if c.Player() >= 0 || c.Winner() != want {
			t.Fatalf("%s: the line ends with winner %d (over %v), want %d", p.moves, c.Winner(), c.Player() < 0, want)
		}
	}
}

// TestGeneric cross-checks the generic solver against the bitboard one on
// Connect Four end positions, and proves tic-tac-toe a draw.
func TestGeneric(t *testing.T) {
	g := loadGame(t, "connect4")
	bit := NewSolver(g, 4)
	gen := &Solver{g: g, gen: newGenSolver(g, 4)}
	n := 0
	for _, p := range readRef(t) {
		if p.class != "end" || len(p.moves) < 31 {
			continue
		}
		n++
		st, err := playDigits(g, p.moves)
		if err != nil {
			t.Fatal(err)
		}
		a, _, _ := bit.Score(context.Background(), st, 0)
		b, _, ok := gen.Score(context.Background(), st, 0)
		if !ok || a != p.score || b != p.score {
			t.Fatalf("%s: bitboard %d, generic %d (ok %v), want %d", p.moves, a, b, ok, p.score)
		}
	}
	if n < 10 {
		t.Fatalf("only %d positions", n)
	}
	for _, tc := range []struct {
		variant, moves string
		score, plies   int
	}{
		{"tictactoe", "", 0, 9},
		{"tictactoe", "b2 a2 a1", -2, 4}, // x forks after the block: it wins with stone 7, (11-7)/2 = 2
		{"tictactoe", "b2 a1 c3", 0, 6},
		{"tictactoe", "a1 b2 c3", 0, 6},
		{"kinarow(dims=2,size=4,connect=3)", "", 6, 5}, // 3 in a row on 4x4: x wins with its 3rd stone
	} {
		t.Run(tc.variant+" "+tc.moves, func(t *testing.T) {
			v, err := games.LoadVariant(tc.variant)
			if err != nil {
				t.Fatal(err)
			}
			st := v.Game.NewState().(*kinarow.State)
			for _, m := range strings.Fields(tc.moves) {
				mv, err := games.ParseLegal(st, m)
				if err != nil {
					t.Fatal(err)
				}
				st.Play(mv)
			}
			s := NewSolver(v.Game.(*kinarow.Game), 1)
			sol, err := s.Solve(context.Background(), st, 0)
			if err != nil || !sol.Exact || sol.Score != tc.score || sol.Plies != tc.plies || len(sol.PV) != tc.plies {
				t.Fatalf("%+v, %v; want score %d in %d plies", sol, err, tc.score, tc.plies)
			}
		})
	}
}

// TestSolveStops checks the node budget and the context.
func TestSolveStops(t *testing.T) {
	g := loadGame(t, "connect4")
	s := NewSolver(g, 1)
	st := g.NewState().(*kinarow.State)
	sol, err := s.Solve(context.Background(), st, 100_000)
	if err != nil || sol.Exact || sol.Nodes > 200_000 {
		t.Fatalf("%+v, %v; want a stop near 100000 nodes", sol, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if sol, _ := s.Solve(ctx, st, 0); sol.Exact {
		t.Fatalf("%+v: solved with a cancelled context", sol)
	}
	// The table holds nothing from the stopped searches: an end position
	// still gets its score.
	p := readRef(t)[0]
	st, _ = playDigits(g, p.moves)
	if sc, _, ok := s.Score(context.Background(), st, 0); !ok || sc != p.score {
		t.Fatalf("%s: %d, want %d", p.moves, sc, p.score)
	}
	over := g.NewState().(*kinarow.State)
	for _, m := range []string{"a", "b", "a", "b", "a", "b", "a"} {
		mv, _ := games.ParseLegal(over, m)
		over.Play(mv)
	}
	if _, err := s.Solve(context.Background(), over, 0); err == nil {
		t.Fatal("solved a finished game")
	}
}

func TestPlies(t *testing.T) {
	for _, tc := range []struct{ cells, n, score, plies int }{
		{42, 0, 1, 41},  // x's 21st stone is stone 41
		{42, 1, -1, 40}, // o to move, x wins with stone 41
		{42, 30, 4, 5},  // (44-N)/2 = 4: N is 35 or 36; the side to move places 31, 33, 35
		{42, 30, -4, 6}, // stone 36
		{42, 10, 0, 32},
		{9, 3, -2, 4}, // tic-tac-toe, x wins with stone 7
	} {
		if got := plies(tc.cells, tc.n, tc.score); got != tc.plies {
			t.Errorf("plies(%d, %d, %d) = %d, want %d", tc.cells, tc.n, tc.score, got, tc.plies)
		}
	}
}

// bruteScore is the score of st by plain minimax over every move, for
// checking the solvers on small trees.
func bruteScore(st *kinarow.State) int {
	cells := st.Game().Cells()
	me := st.Player()
	best := -cells
	for _, m := range st.LegalMoves(nil) {
		st.Play(m)
		var v int
		switch {
		case st.Winner() == me:
			v = (cells + 2 - st.Ply()) / 2
		case st.Player() < 0:
			v = 0
		default:
			v = -bruteScore(st)
		}
		st.Undo()
		best = max(best, v)
	}
	return best
}

// bruteWins tells by minimax whether m wins for the side to move in st.
func bruteWins(st *kinarow.State, m games.Move) bool {
	me := st.Player()
	st.Play(m)
	defer st.Undo()
	if st.Player() < 0 {
		return st.Winner() == me
	}
	return bruteScore(st) < 0
}

// TestBrute checks both solvers against plain minimax on random positions
// near the end of small boards, with and without gravity and exact: the
// score, the probes, and the moves Sift proves and refutes.
func TestBrute(t *testing.T) {
	meepletest.OneGoroutine(t)
	for _, tc := range []struct {
		variant string
		empties int
	}{
		{"tictactoe", 8}, // 9 would be the empty board each time
		{"kinarow(dims=2,size=4,connect=3)", 9},
		{"kinarow(dims=2,size=4,connect=3,exact=true)", 9},
		{"score4", 9},
		{"connect4", 10},
		{"kinarow(dims=2,size=[5,4],connect=4,gravity=2)", 10},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			v, err := games.LoadVariant(tc.variant)
			if err != nil {
				t.Fatal(err)
			}
			g := v.Game.(*kinarow.Game)
			s := NewSolver(g, 1)
			rng := rand.New(rand.NewPCG(3, uint64(g.Cells())))
			positions := 12
			if testing.Short() {
				positions = 3
			}
			for checked := 0; checked < positions; {
				st := g.NewState().(*kinarow.State)
				for st.Player() >= 0 && g.Cells()-st.Ply() > tc.empties {
					legal := st.LegalMoves(nil)
					st.Play(legal[rng.IntN(len(legal))])
				}
				if st.Player() < 0 {
					continue
				}
				checked++
				want := bruteScore(st)
				sol, err := s.Solve(context.Background(), st, 0)
				if err != nil || !sol.Exact || sol.Score != want {
					t.Fatalf("%s: %+v, %v; minimax says %d", st.Position(), sol, err, want)
				}
				for _, v := range []int{-1, 0} {
					if above, _, ok := s.probe(context.Background(), st, 0, v); !ok || above != (want > v) {
						t.Fatalf("%s: probe(%d) %v, %v; minimax says %d", st.Position(), v, above, ok, want)
					}
				}
				// Sift, unlimited and stopped early: a win it names wins, a
				// move it refutes does not.
				for _, nodes := range []int64{0, 20} {
					sift, err := s.Sift(context.Background(), st, nodes)
					if err != nil || nodes == 0 && (!sift.Done || (sift.Win != games.NoMove) != (want > 0)) {
						t.Fatalf("%s: %+v, %v; minimax says %d", st.Position(), sift, err, want)
					}
					if sift.Win != games.NoMove && !bruteWins(st, sift.Win) {
						t.Fatalf("%s: Sift's win %s does not win", st.Position(), st.FormatMove(sift.Win))
					}
					for _, m := range sift.Refuted {
						if bruteWins(st, m) {
							t.Fatalf("%s: Sift refuted %s, a win", st.Position(), st.FormatMove(m))
						}
					}
				}
			}
		})
	}
}
