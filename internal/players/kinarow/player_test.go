package kinarow

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/meepletest"
	"github.com/meeple-games/meeple/internal/players/playertest"
	"github.com/meeple-games/meeple/internal/search"
)

func parse(t testing.TB, g *kinarow.Game, pos string) *kinarow.State {
	t.Helper()
	st, err := g.ParseState(pos)
	if err != nil {
		t.Fatalf("ParseState(%q): %v", pos, err)
	}
	return st.(*kinarow.State)
}

func cell(t testing.TB, st *kinarow.State, s string) games.Move {
	t.Helper()
	m, err := st.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestThreatEval(t *testing.T) {
	g := loadKinarow(t, "tictactoe")
	tests := []struct {
		pos  string
		want int // exact score, or 0: compare sign with sign
		sign int
	}{
		{"xx1/3/oo1 x", winNext, 0},    // x completes the top row
		{"xx1/x1o/1o1 o", -winNext, 0}, // o faces two threats
		{"3/o2/xox x", forkNext, 0},    // x forks at c3
		{"3/1x1/3 o", 0, -1},           // x's centre stone: o is worse
		{"3/1x1/o2 x", 0, 1},
	}
	for _, tc := range tests {
		e := newThreatEval(newBoard(g))
		got := e.Evaluate(parse(t, g, tc.pos))
		switch {
		case tc.want != 0 && got != tc.want:
			t.Errorf("%s: %d, want %d", tc.pos, got, tc.want)
		case tc.sign != 0 && got*tc.sign <= 0:
			t.Errorf("%s: %d, want the sign of %d", tc.pos, got, tc.sign)
		}
	}
	// Symmetric positions score the same for either side to move: the
	// evaluation reads the board from the side to move.
	q := loadKinarow(t, "qubic")
	st := q.NewState()
	e := newThreatEval(newBoard(q))
	if v := e.Evaluate(st); v != 0 {
		t.Errorf("empty qubic: %d", v)
	}
}

func TestMoveOrder(t *testing.T) {
	g := loadKinarow(t, "tictactoe")
	e := newThreatEval(newBoard(g))
	st := parse(t, g, "xx1/x2/oo1 o") // o to move: o wins at c1, must otherwise block c3
	moves := st.LegalMoves(nil)
	scores := make([]int32, len(moves))
	e.ScoreMoves(st, moves, scores)
	best := func() games.Move {
		b := 0
		for i := range scores {
			if scores[i] > scores[b] {
				b = i
			}
		}
		m := moves[b]
		scores[b] = -1
		return m
	}
	if m := best(); m != cell(t, st, "c1") {
		t.Errorf("first %s, want the win c1", st.FormatMove(m))
	}
	if m := best(); m != cell(t, st, "c3") {
		t.Errorf("second %s, want the block c3", st.FormatMove(m))
	}
}

// immediateWins lists, by brute force over the board, the cells where seat
// completes a line now.
func immediateWins(st *kinarow.State, seat int) []games.Move {
	g := st.Game()
	var out []games.Move
	for c := 0; c < g.Cells(); c++ {
		if !st.Playable(c) {
			continue
		}
		for _, li := range g.LinesThrough(c) {
			n := 0
			for _, x := range g.Lines()[li] {
				if st.At(int(x)) == seat {
					n++
				}
			}
			if n == g.Connect()-1 {
				out = append(out, games.Move(c))
				break
			}
		}
	}
	return out
}

// TestTactics checks on random positions that the engine, on a budget of
// one node, never misses a win in one and never fails to block the
// opponent's only immediate win.
func TestTactics(t *testing.T) {
	meepletest.OneGoroutine(t)
	t.Parallel()
	for _, name := range []string{"tictactoe", "qubic", "hypercube", "connect4", "score4", "gomoku"} {
		t.Run(name, func(t *testing.T) {
			g := loadKinarow(t, name)
			rng := rand.New(rand.NewPCG(1, 1))
			eng := NewPlayer(g, 1)
			var wins, blocks int
			for range playertest.Size(40, 40, 10) {
				st := g.NewState().(*kinarow.State)
				for st.Player() >= 0 {
					me := st.Player()
					mine, theirs := immediateWins(st, me), immediateWins(st, 1-me)
					if len(mine) > 0 || len(theirs) == 1 {
						res := eng.Search(context.Background(), st, search.Limits{Nodes: 1}, nil)
						if len(mine) > 0 {
							wins++
							if !slices.Contains(mine, res.Move) {
								t.Fatalf("%s: played %s, missing the win at %s", st.Position(), st.FormatMove(res.Move), st.FormatMove(mine[0]))
							}
						} else {
							blocks++
							if res.Move != theirs[0] {
								t.Fatalf("%s: played %s, not blocking %s", st.Position(), st.FormatMove(res.Move), st.FormatMove(theirs[0]))
							}
						}
					}
					moves := st.LegalMoves(nil)
					st.Play(moves[rng.IntN(len(moves))])
				}
			}
			if wins == 0 || blocks == 0 {
				t.Errorf("%d wins and %d blocks tested", wins, blocks)
			}
		})
	}
}

// TestRootMoves: with Limits.RootMoves Player answers among them, even
// where its tactics would play a win or a block elsewhere (the Prover
// relies on it to keep the moves its solver refuted out).
func TestRootMoves(t *testing.T) {
	g := loadKinarow(t, "connect4")
	rng := rand.New(rand.NewPCG(2, 2))
	eng := NewPlayer(g, 1)
	tested := 0
	for range 20 {
		st := g.NewState().(*kinarow.State)
		for st.Player() >= 0 {
			me := st.Player()
			if tactic := append(immediateWins(st, me), immediateWins(st, 1-me)...); len(tactic) > 0 {
				var only []games.Move
				for _, m := range st.LegalMoves(nil) {
					if !slices.Contains(tactic, m) {
						only = append(only, m)
					}
				}
				if len(only) > 0 {
					tested++
					res := eng.Search(context.Background(), st, search.Limits{Nodes: 200, RootMoves: only}, nil)
					if !slices.Contains(only, res.Move) {
						t.Fatalf("%s: played %s, not one of the root moves", st.Position(), st.FormatMove(res.Move))
					}
				}
			}
			moves := st.LegalMoves(nil)
			st.Play(moves[rng.IntN(len(moves))])
		}
	}
	if tested == 0 {
		t.Error("no position tested")
	}
}

// orderOnly hides the move filter of the threat evaluation, for searches
// that check it.
type orderOnly struct{ e *threatEval }

func (o orderOnly) Evaluate(st games.State) int { return o.e.Evaluate(st) }
func (o orderOnly) ScoreMoves(st games.State, moves []games.Move, scores []int32) {
	o.e.ScoreMoves(st, moves, scores)
}

// TestVCFSound checks the threat-space search against alpha-beta: every
// win it claims on random positions is confirmed by a full-width search
// (no move filter) to the claimed depth.
func TestVCFSound(t *testing.T) {
	claims, gamesPer, depth := 0, playertest.Size(20, 6, 6), playertest.Size(3, 3, 2)
	for _, name := range []string{"qubic", "score4", "connect4"} {
		g := loadKinarow(t, name)
		b := newBoard(g)
		v := newVCF(b)
		ab := search.NewAlphaBeta(orderOnly{newThreatEval(b)}, 4)
		rng := rand.New(rand.NewPCG(2, 2))
		for range gamesPer {
			st := g.NewState().(*kinarow.State)
			for st.Player() >= 0 {
				if len(b.winCells(st, st.Player(), nil)) == 0 && len(b.winCells(st, 1-st.Player(), nil)) <= 1 {
					if m, plies, ok := v.solve(context.Background(), st, depth, 5000, time.Time{}); ok {
						claims++
						res := ab.Search(context.Background(), st, search.Limits{Depth: plies}, nil)
						if res.Info.Mate <= 0 || res.Info.Mate > plies {
							t.Fatalf("%s %s: vcf claims %s wins in %d plies; alpha-beta says mate %d", name, st.Position(), st.FormatMove(m), plies, res.Info.Mate)
						}
					}
				}
				moves := st.LegalMoves(nil)
				st.Play(moves[rng.IntN(len(moves))])
			}
		}
	}
	if claims < 10 {
		t.Errorf("only %d claims checked", claims)
	}
	t.Logf("%d claims confirmed", claims)
}

// TestMoveFilterExact compares alpha-beta with and without the move filter
// on random positions: the scores agree.
func TestMoveFilterExact(t *testing.T) {
	meepletest.OneGoroutine(t)
	t.Parallel()
	for _, name := range []string{"tictactoe", "qubic", "connect4", "score4"} {
		g := loadKinarow(t, name)
		rng := rand.New(rand.NewPCG(6, 6))
		compared, gamesPer := 0, playertest.Size(30, 12, 4)
		for range gamesPer {
			st := g.NewState().(*kinarow.State)
			for st.Player() >= 0 {
				if rng.IntN(4) == 0 {
					e := newThreatEval(newBoard(g))
					with := search.NewAlphaBeta(e, 1).Search(context.Background(), st, search.Limits{Depth: 3}, nil)
					without := search.NewAlphaBeta(orderOnly{e}, 1).Search(context.Background(), st, search.Limits{Depth: 3}, nil)
					if with.Info.Score != without.Info.Score {
						t.Fatalf("%s %s: score %d with the filter, %d without", name, st.Position(), with.Info.Score, without.Info.Score)
					}
					compared++
				}
				moves := st.LegalMoves(nil)
				st.Play(moves[rng.IntN(len(moves))])
			}
		}
		if compared < gamesPer {
			t.Errorf("%s: %d positions compared", name, compared)
		}
	}
}

func TestBaselinePriorities(t *testing.T) {
	g := loadKinarow(t, "tictactoe")
	tests := []struct {
		pos  string
		want []string // any of these
	}{
		{"xx1/3/oo1 x", []string{"c3"}},       // win rather than block
		{"x2/2x/oo1 x", []string{"c1"}},       // block
		{"2x/1o1/x2 o", []string{"a3", "c1"}}, // fork-block: x would fork at a3 or c1
		{"3/o2/xox x", []string{"b2"}},        // fork-block before fork: o forks at b2
		// fork-block on a single line: o's a1 lies on row 1 and the
		// a1-c3 diagonal (column a holds x's a3)
		{"x2/3/o2 x", []string{"b1", "c1", "b2", "c3"}},
	}
	// check plays the baseline with five seeds at pos and wants one of want.
	check := func(g *kinarow.Game, pos string, want []string) {
		st := parse(t, g, pos)
		for seed := range uint64(5) {
			p := NewBaseline(g, seed)
			res := p.Search(context.Background(), st, search.Limits{}, nil)
			if !slices.Contains(want, st.FormatMove(res.Move)) {
				t.Errorf("%s seed %d: %s, want one of %v", pos, seed, st.FormatMove(res.Move), want)
			}
		}
	}
	for _, tc := range tests {
		check(g, tc.pos, tc.want)
	}
	// 4x4, four in a row (two is k-2).
	g4 := loadKinarow(t, "kinarow(dims=2,size=4,connect=4)")
	for _, tc := range []struct {
		pos  string
		want []string
	}{
		{"o3/3o/4/xx2 x", []string{"c1", "d1"}},  // fork on a single line: o has no line with two
		{"oo2/4/4/xxx1 o", []string{"d1"}},       // block before fork-block and fork
		{"oo2/4/3x/xx2 o", []string{"c1", "d1"}}, // fork-block (x's row 1) before fork (o's row 4)
		{"o3/oo1x/3x/xx2 o", []string{"d1"}},     // fork-block on the most lines: d1 is on x's row 1 and column d
	} {
		check(g4, tc.pos, tc.want)
	}
	// On random positions of the big boards, every choice keeps the order.
	for _, name := range []string{"qubic", "hypercube"} {
		g := loadKinarow(t, name)
		b := newBoard(g)
		rng := rand.New(rand.NewPCG(5, 5))
		var steps [5]int
		for game := range 20 {
			p := NewBaseline(g, uint64(game))
			st := g.NewState().(*kinarow.State)
			for st.Player() >= 0 {
				me := st.Player()
				m := p.Search(context.Background(), st, search.Limits{}, nil).Move
				legal := st.LegalMoves(nil)
				forkBlocks := b.mostForks(st, 1-me, legal, nil)
				forks := b.mostForks(st, me, legal, nil)
				step := 4
				for i, want := range [][]games.Move{immediateWins(st, me), immediateWins(st, 1-me), forkBlocks, forks} {
					if len(want) > 0 {
						step = i
						if !slices.Contains(want, m) {
							t.Fatalf("%s %s: baseline played %s, want one of %v (step %d)", name, st.Position(), st.FormatMove(m), want, i)
						}
						break
					}
				}
				steps[step]++
				if rng.IntN(2) == 0 { // alternate with random moves for variety
					moves := st.LegalMoves(nil)
					m = moves[rng.IntN(len(moves))]
				}
				st.Play(m)
			}
		}
		for i, n := range steps {
			if n == 0 {
				t.Errorf("%s: step %d of the baseline never tested", name, i)
			}
		}
	}
}

func BenchmarkSearch(b *testing.B) {
	for _, name := range []string{"qubic", "hypercube", "connect4", "gomoku"} {
		b.Run(name, func(b *testing.B) {
			g := loadKinarow(b, name)
			rng := rand.New(rand.NewPCG(4, 4))
			st := g.NewState()
			for range 4 {
				moves := st.LegalMoves(nil)
				st.Play(moves[rng.IntN(len(moves))])
			}
			ab := search.NewAlphaBeta(newThreatEval(newBoard(g)), 4)
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				ab.Clear()
				nodes += ab.Search(context.Background(), st, search.Limits{Nodes: 50_000}, nil).Info.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// TestLimits checks the k-in-a-row player's budgets: nodes are not
// overspent, and a cancelled infinite search or a move time ends promptly
// (generous bounds: speed is not asserted).
func TestLimits(t *testing.T) {
	g := loadKinarow(t, "hypercube")
	st := g.NewState()
	for _, m := range []string{"b2b2", "c3c3", "a1a1"} {
		mv, err := st.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		st.Play(mv)
	}
	eng := NewPlayer(g, 1)
	for _, nodes := range []int64{1, 100, 5000} {
		res := eng.Search(context.Background(), st, search.Limits{Nodes: nodes}, nil)
		if res.Info.Nodes > nodes || !slices.Contains(st.LegalMoves(nil), res.Move) {
			t.Errorf("limit %d: %d nodes, move %d", nodes, res.Info.Nodes, res.Move)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan search.Result, 1)
	go func() { done <- eng.Search(ctx, st, search.Limits{Infinite: true}, nil) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case res := <-done:
		if !slices.Contains(st.LegalMoves(nil), res.Move) {
			t.Errorf("infinite: move %d", res.Move)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no answer 10s after cancel")
	}
	begin := time.Now()
	res := eng.Search(context.Background(), st, search.Limits{MoveTime: 50 * time.Millisecond}, nil)
	if took := time.Since(begin); took > 5*time.Second || !slices.Contains(st.LegalMoves(nil), res.Move) {
		t.Errorf("movetime 50ms: %v, move %d", took, res.Move)
	}
}
