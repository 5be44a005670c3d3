package search_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/search"
)

// solveTakeaway is the reference: whether the player to move wins from pile
// and in how many plies with best play (the winner hurries, the loser
// delays).
func solveTakeaway(pile, take int) (bool, int) {
	win, winPlies, losePlies := false, 1<<30, 0
	for t := 1; t <= take && t <= pile; t++ {
		if t == pile {
			return true, 1
		}
		w, d := solveTakeaway(pile-t, take)
		if !w {
			win = true
			winPlies = min(winPlies, d+1)
		} else {
			losePlies = max(losePlies, d+1)
		}
	}
	if win {
		return true, winPlies
	}
	return false, losePlies
}

func TestAlphaBetaTakeaway(t *testing.T) {
	tests := []struct {
		pile, max int
		hashMB    int
	}{
		{1, 3, 0}, {2, 3, 0}, {4, 3, 0}, {5, 3, 0}, {8, 3, 0}, {11, 3, 0},
		{13, 3, -1}, {16, 3, 0}, {17, 3, 1}, {21, 4, 0}, {25, 4, -1}, {30, 2, 1},
	}
	for _, tc := range tests {
		t.Run("", func(t *testing.T) {
			st := newTakeaway(tc.pile, tc.max)
			ab := search.NewAlphaBeta(nil, tc.hashMB)
			res := ab.Search(context.Background(), st, search.Limits{}, nil)
			win, plies := solveTakeaway(tc.pile, tc.max)
			want := plies
			if !win {
				want = -plies
			}
			if res.Info.Mate != want {
				t.Errorf("pile %d take 1..%d: mate %d, want %d (info %+v)", tc.pile, tc.max, res.Info.Mate, want, res.Info)
			}
			if win && (tc.pile-int(res.Move))%(tc.max+1) != 0 {
				t.Errorf("pile %d take 1..%d: took %d, leaving a won pile", tc.pile, tc.max, res.Move)
			}
			if !contains(st.LegalMoves(nil), res.Move) {
				t.Errorf("move %d is not legal", res.Move)
			}
		})
	}
}

// TestAlphaBetaForcedWinDepth checks that a win n plies away is found at
// depth n and reported as a mate in n.
func TestAlphaBetaForcedWinDepth(t *testing.T) {
	for _, pile := range []int{1, 2, 3, 5, 6, 7, 9, 10} {
		_, plies := solveTakeaway(pile, 3)
		ab := search.NewAlphaBeta(nil, 1)
		res := ab.Search(context.Background(), newTakeaway(pile, 3), search.Limits{Depth: plies}, nil)
		if res.Info.Mate != plies {
			t.Errorf("pile %d: mate %d at depth %d, want %d", pile, res.Info.Mate, plies, plies)
		}
	}
}

// minimax is the reference search: plain negamax to depth, no pruning,
// scoring as AlphaBeta does.
func minimax(st games.State, eval search.Evaluator, depth, ply int) int {
	me := st.Player()
	if depth == 0 {
		return eval.Evaluate(st)
	}
	best := -search.MateScore - 1
	for _, m := range st.LegalMoves(nil) {
		st.Play(m)
		var v int
		switch p := st.Player(); {
		case p == games.Terminal:
			r := st.Returns()[me]
			switch {
			case r > 0:
				v = search.MateScore - ply - 1
			case r < 0:
				v = -search.MateScore + ply + 1
			}
		case p == me:
			v = minimax(st, eval, depth-1, ply+1)
		default:
			v = -minimax(st, eval, depth-1, ply+1)
		}
		st.Undo()
		best = max(best, v)
	}
	return best
}

// TestAlphaBetaMatchesMinimax compares the score of alpha-beta (with and
// without a table, the smallest table forcing replacements) with plain
// minimax on random positions of a game with transpositions and extra
// turns.
func TestAlphaBetaMatchesMinimax(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	positions := 100
	if testing.Short() {
		positions = 30
	}
	for i := range positions {
		cells := 8 + rng.IntN(4)
		st := newClaim(cells, cells-rng.IntN(3), uint64(i))
		for range rng.IntN(3) {
			moves := st.LegalMoves(nil)
			st.Play(moves[rng.IntN(len(moves))])
		}
		depth := 3 + rng.IntN(4)
		want := minimax(st, claimEval{}, depth, 0)
		for _, mb := range []int{-1, 1, 16} {
			ab := search.NewAlphaBeta(claimEval{}, mb)
			// Search twice: the second search starts from a warm table.
			for range 2 {
				res := ab.Search(context.Background(), st, search.Limits{Depth: depth}, nil)
				if res.Info.Score != want {
					t.Fatalf("position %d (%s) depth %d hash %d MB: score %d, minimax %d", i, st.Position(), depth, mb, res.Info.Score, want)
				}
				if got := moveScore(st, res.Move, depth); got != want {
					t.Fatalf("position %d depth %d hash %d MB: move %d scores %d, best %d", i, depth, mb, res.Move, got, want)
				}
			}
		}
	}
}

// moveScore is minimax's score of move m at st searched to depth, for the
// player who plays it.
func moveScore(st games.State, m games.Move, depth int) int {
	me := st.Player()
	st.Play(m)
	defer st.Undo()
	switch p := st.Player(); {
	case p == games.Terminal:
		return int(st.Returns()[me]) * (search.MateScore - 1)
	case p == me:
		return minimax(st, claimEval{}, depth-1, 1)
	}
	return -minimax(st, claimEval{}, depth-1, 1)
}

// TestAlphaBetaMultiPV checks each line of a MultiPV search against
// minimax: line i's move scores the i-th best of the root moves' scores,
// lines come best first with their MultiPV index, and the answer is line
// 1's move.
func TestAlphaBetaMultiPV(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 30 {
		cells := 8 + rng.IntN(3)
		st := newClaim(cells, cells-rng.IntN(3), uint64(100+i))
		depth := 2 + rng.IntN(4)
		var want []int
		for _, m := range st.LegalMoves(nil) {
			want = append(want, moveScore(st, m, depth))
		}
		slices.SortFunc(want, func(a, b int) int { return b - a })
		k := 1 + rng.IntN(len(want)+1) // sometimes more lines than moves
		var lines []search.Info
		ab := search.NewAlphaBeta(claimEval{}, 1)
		res := ab.Search(context.Background(), st, search.Limits{Depth: depth, MultiPV: k}, func(in search.Info) {
			if in.Depth == depth {
				lines = append(lines, in)
			}
		})
		if n := min(k, len(want)); len(lines) != n {
			t.Fatalf("position %d depth %d multipv %d: %d lines at the last depth, want %d", i, depth, k, len(lines), n)
		}
		seen := map[games.Move]bool{}
		for j, in := range lines {
			m := in.PV[0]
			if seen[m] {
				t.Errorf("position %d: move %d leads two lines", i, m)
			}
			seen[m] = true
			if wantPV := j + 1; k == 1 && in.MultiPV != 0 || k > 1 && in.MultiPV != wantPV {
				t.Errorf("position %d: line %d has multipv %d", i, j+1, in.MultiPV)
			}
			if in.Score != want[j] || moveScore(st, m, depth) != want[j] {
				t.Errorf("position %d depth %d: line %d, move %d, score %d (minimax %d), want %d",
					i, depth, j+1, m, in.Score, moveScore(st, m, depth), want[j])
			}
		}
		if res.Move != lines[0].PV[0] {
			t.Errorf("position %d: answer %d, line 1's move %d", i, res.Move, lines[0].PV[0])
		}
	}
}

// TestRootMoves restricts each searcher to some root moves (as UCI's
// searchmoves does): the answer is one of them, and alpha-beta's score is
// the best of theirs; listing none that is legal searches them all.
func TestRootMoves(t *testing.T) {
	searchers := []struct {
		name string
		s    search.Searcher
	}{
		{"alphabeta", search.NewAlphaBeta(claimEval{}, 1)},
		{"alphabeta-multipv", search.NewAlphaBeta(claimEval{}, 1)},
		{"mcts", search.NewMCTS(1)},
		{"random", search.Random{Seed: 1}},
	}
	for _, sr := range searchers {
		t.Run(sr.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(5, 6))
			for i := range 20 {
				st := newClaim(9, 9, uint64(200+i))
				legal := st.LegalMoves(nil)
				only := []games.Move{legal[rng.IntN(len(legal))], legal[rng.IntN(len(legal))], 99}
				lim := search.Limits{Depth: 3, Nodes: 2000, RootMoves: only}
				if sr.name == "alphabeta-multipv" {
					lim.MultiPV = 3
				}
				res := sr.s.Search(context.Background(), st, lim, nil)
				if !slices.Contains(only, res.Move) {
					t.Fatalf("position %d: move %d, not one of %v", i, res.Move, only)
				}
				if _, ab := sr.s.(*search.AlphaBeta); ab {
					want := max(moveScore(st, only[0], 3), moveScore(st, only[1], 3))
					if res.Info.Score != want {
						t.Errorf("position %d: score %d, want %d (the best of %v)", i, res.Info.Score, want, only[:2])
					}
				}
				lim.RootMoves = []games.Move{99}
				if res := sr.s.Search(context.Background(), st, lim, nil); !slices.Contains(legal, res.Move) {
					t.Errorf("position %d: move %d with no legal root move listed", i, res.Move)
				}
			}
		})
	}
}

// TestSearchersLeaveStateUnchanged runs every searcher and compares the
// position and hash before and after.
func TestSearchersLeaveStateUnchanged(t *testing.T) {
	searchers := []struct {
		name string
		s    search.Searcher
	}{
		{"alphabeta", search.NewAlphaBeta(claimEval{}, 1)},
		{"mcts", search.NewMCTS(1)},
		{"random", search.Random{Seed: 1}},
	}
	for _, sr := range searchers {
		t.Run(sr.name, func(t *testing.T) {
			states := []games.State{newClaim(12, 12, 3), newTakeaway(17, 3), newChoices(3, false, 0), newGamble(0.7)}
			for _, st := range states {
				pos, hash := st.Position(), st.Hash()
				res := sr.s.Search(context.Background(), st, search.Limits{Nodes: 3000}, nil)
				if st.Position() != pos || st.Hash() != hash {
					t.Errorf("%T: position %q -> %q after search", st, pos, st.Position())
				}
				if !contains(st.LegalMoves(nil), res.Move) {
					t.Errorf("%T: move %d is not legal", st, res.Move)
				}
			}
		})
	}
}

func TestTerminalGivesNoMove(t *testing.T) {
	st := newTakeaway(0, 3)
	for _, s := range []search.Searcher{search.NewAlphaBeta(nil, 1), search.NewMCTS(1), search.Random{}} {
		if res := s.Search(context.Background(), st, search.Limits{}, nil); res.Move != games.NoMove {
			t.Errorf("%T: move %d in a finished game", s, res.Move)
		}
	}
}

// TestStopPromptly cancels infinite searches mid-way: a legal move must
// come back soon (the bound is generous: speed is not asserted here).
func TestStopPromptly(t *testing.T) {
	for _, s := range []search.Searcher{search.NewAlphaBeta(claimEval{}, 1), search.NewMCTS(1)} {
		st := newClaim(40, 40, 9)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan search.Result)
		go func() { done <- s.Search(ctx, st, search.Limits{Infinite: true}, nil) }()
		time.Sleep(50 * time.Millisecond)
		cancel()
		select {
		case res := <-done:
			if !contains(st.LegalMoves(nil), res.Move) {
				t.Errorf("%T: move %d is not legal", s, res.Move)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%T: no answer 10s after cancel", s)
		}
	}
}

// TestInfiniteWaitsForStop checks that an infinite search that has solved
// the game still answers only when stopped (UCI's rule).
func TestInfiniteWaitsForStop(t *testing.T) {
	ab := search.NewAlphaBeta(nil, 1)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan search.Result, 1)
	go func() { done <- ab.Search(ctx, newTakeaway(5, 3), search.Limits{Infinite: true}, nil) }()
	select {
	case <-done:
		t.Fatal("infinite search returned before it was stopped")
	case <-time.After(30 * time.Millisecond):
	}
	cancel()
	if res := <-done; res.Move != 1 || res.Info.Mate != 3 {
		t.Errorf("move %d mate %d, want 1 and 3", res.Move, res.Info.Mate)
	}
}

func TestMoveTime(t *testing.T) {
	st := newClaim(40, 40, 9)
	res := search.NewAlphaBeta(claimEval{}, 1).Search(context.Background(), st, search.Limits{MoveTime: 30 * time.Millisecond}, nil)
	if !contains(st.LegalMoves(nil), res.Move) || res.Info.Depth < 1 {
		t.Errorf("move %d depth %d", res.Move, res.Info.Depth)
	}
}

func TestNodeLimit(t *testing.T) {
	for _, nodes := range []int64{1, 10, 500, 5000} {
		st := newClaim(30, 30, 4)
		ab := search.NewAlphaBeta(claimEval{}, 1)
		res := ab.Search(context.Background(), st, search.Limits{Nodes: nodes}, nil)
		if res.Info.Nodes > nodes || !contains(st.LegalMoves(nil), res.Move) {
			t.Errorf("alphabeta, limit %d: %d nodes, move %d", nodes, res.Info.Nodes, res.Move)
		}
		res = search.NewMCTS(1).Search(context.Background(), st, search.Limits{Nodes: nodes}, nil)
		if res.Info.Nodes != nodes || !contains(st.LegalMoves(nil), res.Move) {
			t.Errorf("mcts, limit %d: %d iterations, move %d", nodes, res.Info.Nodes, res.Move)
		}
	}
}

func TestInfoPerDepth(t *testing.T) {
	var infos []search.Info
	st := newClaim(10, 10, 5)
	res := search.NewAlphaBeta(claimEval{}, 1).Search(context.Background(), st, search.Limits{Depth: 6}, func(i search.Info) { infos = append(infos, i) })
	if len(infos) != 6 {
		t.Fatalf("%d infos, want one per depth", len(infos))
	}
	for d, in := range infos {
		if in.Depth != d+1 || len(in.PV) == 0 || in.Nodes == 0 || in.SelDepth < in.Depth {
			t.Errorf("info %d: %+v", d, in)
		}
	}
	if !slices.Equal(res.Info.PV, infos[5].PV) || res.Move != infos[5].PV[0] {
		t.Errorf("result %v, last info %v", res.Info.PV, infos[5].PV)
	}
	// The PV is a legal line.
	c := st.Clone()
	for _, m := range res.Info.PV {
		if !contains(c.LegalMoves(nil), m) {
			t.Fatalf("pv %v: %d illegal", res.Info.PV, m)
		}
		c.Play(m)
	}
}

func TestAllocate(t *testing.T) {
	sec := time.Second
	tests := []struct {
		lim        search.Limits
		player     int
		soft, hard time.Duration
	}{
		{search.Limits{}, 0, 0, 0},
		{search.Limits{MoveTime: sec}, 1, sec - 30*time.Millisecond, sec - 30*time.Millisecond},           // less the overhead
		{search.Limits{MoveTime: 50 * time.Millisecond}, 0, 40 * time.Millisecond, 40 * time.Millisecond}, // at most a fifth of it
		{search.Limits{MoveTime: sec, MoveOverhead: 100 * time.Millisecond}, 0, 900 * time.Millisecond, 900 * time.Millisecond},
		{search.Limits{Infinite: true, MoveTime: sec}, 0, 0, 0},
		{search.Limits{Time: []time.Duration{0, 60 * sec}}, 0, 0, 0},
		{search.Limits{Time: []time.Duration{0, 60 * sec}, MovesToGo: 1}, 1, 60*sec - 30*time.Millisecond, 60*sec - 30*time.Millisecond},
	}
	for _, tc := range tests {
		soft, hard := search.Allocate(tc.lim, tc.player)
		if soft != tc.soft || hard != tc.hard {
			t.Errorf("Allocate(%+v, %d) = %v, %v; want %v, %v", tc.lim, tc.player, soft, hard, tc.soft, tc.hard)
		}
	}
	// A clock is never overspent, however it is set.
	for _, left := range []time.Duration{time.Millisecond, 50 * time.Millisecond, sec, 100 * sec} {
		for _, mtg := range []int{0, 1, 2, 40} {
			for _, inc := range []time.Duration{0, sec} {
				lim := search.Limits{Time: []time.Duration{left}, Inc: []time.Duration{inc}, MovesToGo: mtg}
				soft, hard := search.Allocate(lim, 0)
				if soft <= 0 || hard < soft || hard >= left && left > time.Millisecond {
					t.Errorf("left %v mtg %d inc %v: soft %v hard %v", left, mtg, inc, soft, hard)
				}
			}
		}
	}
}

func TestMCTSDeterministic(t *testing.T) {
	st := newClaim(14, 14, 2)
	lim := search.Limits{Nodes: 4000}
	a := search.NewMCTS(42).Search(context.Background(), st, lim, nil)
	b := search.NewMCTS(42).Search(context.Background(), st, lim, nil)
	if a.Move != b.Move || a.Info.Score != b.Info.Score || !slices.Equal(a.Info.PV, b.Info.PV) || a.Info.Nodes != b.Info.Nodes {
		t.Errorf("same seed and budget, different searches: %+v and %+v", a, b)
	}
	r1 := search.Random{Seed: 3}.Search(context.Background(), st, lim, nil)
	r2 := search.Random{Seed: 3}.Search(context.Background(), st, lim, nil)
	if r1.Move != r2.Move {
		t.Errorf("random: %d and %d", r1.Move, r2.Move)
	}
}

func TestMCTSRightMoves(t *testing.T) {
	tests := []struct {
		name string
		st   games.State
		want games.Move
	}{
		{"takeaway 5", newTakeaway(5, 3), 1},
		{"takeaway 7", newTakeaway(7, 3), 3},
		{"three players, own return", newChoices(3, false, 0), 1},
		{"three players, cooperative", newChoices(3, true, 3), 0},
		{"good gamble", newGamble(0.7), 1},
		{"bad gamble", newGamble(0.3), 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := search.NewMCTS(7).Search(context.Background(), tc.st, search.Limits{Nodes: 20000}, nil)
			if res.Move != tc.want {
				t.Errorf("move %d, want %d (info %+v)", res.Move, tc.want, res.Info)
			}
		})
	}
}

func TestAlphaBetaChance(t *testing.T) {
	for _, tc := range []struct {
		p    float64
		want games.Move
	}{{0.7, 1}, {0.3, 0}} {
		res := search.NewAlphaBeta(nil, 1).Search(context.Background(), newGamble(tc.p), search.Limits{Depth: 4}, nil)
		if res.Move != tc.want {
			t.Errorf("p %v: move %d, want %d", tc.p, res.Move, tc.want)
		}
	}
}

func TestMCTSDeterminization(t *testing.T) {
	n := 0
	st := &hidden{n: 3, card: 2, guess: -1, resamples: &n, ret: make([]float64, 2)}
	res := search.NewMCTS(5).Search(context.Background(), st, search.Limits{Nodes: 600}, nil)
	if n < 600 {
		t.Errorf("%d resamples for 600 iterations", n)
	}
	if !contains(st.LegalMoves(nil), res.Move) || st.guess != -1 {
		t.Errorf("move %d, state %s", res.Move, st.Position())
	}
	// Expected return of a guess among 3 with the card unseen: 1/3 win.
	if res.Info.Score < -60 || res.Info.Score > 0 {
		t.Errorf("score %d, want about -33", res.Info.Score)
	}
}

// TestAlphaBetaNoAllocs checks that the hot path does not allocate: a
// search of thousands of nodes makes only a handful of allocations (the
// clock, the reports).
func TestAlphaBetaNoAllocs(t *testing.T) {
	st := newClaim(16, 16, 1)
	ab := search.NewAlphaBeta(claimEval{}, 1)
	ab.Search(context.Background(), st, search.Limits{Depth: 5}, nil) // warm the buffers
	var nodes int64
	allocs := testing.AllocsPerRun(5, func() {
		ab.Clear()
		nodes = ab.Search(context.Background(), st, search.Limits{Depth: 5}, nil).Info.Nodes
	})
	if allocs > 30 || nodes < 1000 {
		t.Errorf("%v allocations for a search of %d nodes", allocs, nodes)
	}
}

func contains(moves []games.Move, m games.Move) bool { return slices.Contains(moves, m) }

func BenchmarkSearch(b *testing.B) {
	benches := []struct {
		name string
		s    func() search.Searcher
		lim  search.Limits
	}{
		{"alphabeta", func() search.Searcher { return search.NewAlphaBeta(claimEval{}, 4) }, search.Limits{Depth: 7}},
		{"mcts", func() search.Searcher { return search.NewMCTS(1) }, search.Limits{Nodes: 20000}},
	}
	for _, bc := range benches {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes int64
			s := bc.s()
			start := time.Now()
			for b.Loop() {
				if c, ok := s.(search.Clearer); ok {
					c.Clear()
				}
				nodes += s.Search(context.Background(), newClaim(20, 20, 1), bc.lim, nil).Info.Nodes
			}
			b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
		})
	}
}

// TestMCTSDepth: go depth d stops MCTS once every root move has been tried
// and its principal line is d plies long; a deeper d never stops sooner,
// a node limit still applies, and a depth the game cannot reach runs the
// default budget.
func TestMCTSDepth(t *testing.T) {
	ctx := context.Background()
	prev := int64(0)
	for d := 1; d <= 4; d++ {
		res := search.NewMCTS(5).Search(ctx, newClaim(14, 14, 2), search.Limits{Depth: d}, nil)
		if res.Info.Depth < d || res.Info.Nodes < 14 || res.Info.Nodes >= search.DefaultIterations || res.Info.Nodes < prev {
			t.Errorf("depth %d: depth %d after %d iterations (depth %d took %d)", d, res.Info.Depth, res.Info.Nodes, d-1, prev)
		}
		prev = res.Info.Nodes
	}
	if res := search.NewMCTS(5).Search(ctx, newClaim(14, 14, 2), search.Limits{Depth: 40, Nodes: 100}, nil); res.Info.Nodes != 100 {
		t.Errorf("depth 40 nodes 100: %d iterations", res.Info.Nodes)
	}
	if res := search.NewMCTS(5).Search(ctx, newClaim(6, 6, 2), search.Limits{Depth: 40}, nil); res.Info.Nodes != search.DefaultIterations {
		t.Errorf("depth 40 in a game of 6 plies: %d iterations, want the default %d", res.Info.Nodes, search.DefaultIterations)
	}
}

// TestAlphaBetaPVIsThisSearch: a principal variation is this search's
// own: a one-ply search reports one move, even when an earlier, deeper
// search left the rest of a line in the table.
func TestAlphaBetaPVIsThisSearch(t *testing.T) {
	ctx := context.Background()
	ab := search.NewAlphaBeta(claimEval{}, 1)
	st := newClaim(14, 14, 2)
	first := ab.Search(ctx, st, search.Limits{Depth: 8}, nil)
	if len(first.Info.PV) < 3 {
		t.Fatalf("depth 8: PV %v", first.Info.PV)
	}
	st.Play(first.Move)
	var reports []search.Info
	res := ab.Search(ctx, st, search.Limits{Depth: 1}, func(in search.Info) { reports = append(reports, in) })
	for _, in := range append(reports, res.Info) {
		if len(in.PV) != 1 {
			t.Errorf("depth 1 after a deeper search: PV %v", in.PV)
		}
	}
}

func TestLimitsSpend(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name string
		lim  search.Limits
		want search.Limits
	}{
		{"nodes", search.Limits{Nodes: 1000}, search.Limits{Nodes: 900}},
		{"nodes floor", search.Limits{Nodes: 50}, search.Limits{Nodes: 1}},
		{"movetime", search.Limits{MoveTime: 500 * ms}, search.Limits{MoveTime: 300 * ms}},
		{"movetime floor", search.Limits{MoveTime: 100 * ms}, search.Limits{MoveTime: ms}},
		{"clock", search.Limits{Time: []time.Duration{time.Second, time.Second}}, search.Limits{Time: []time.Duration{time.Second, 800 * ms}}},
		{"infinite", search.Limits{Infinite: true, Nodes: 10}, search.Limits{Infinite: true, Nodes: 10}},
		{"none", search.Limits{}, search.Limits{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := slices.Clone(tc.lim.Time)
			got := tc.lim.Spend(1, 100, 200*ms)
			if got.Nodes != tc.want.Nodes || got.MoveTime != tc.want.MoveTime || !slices.Equal(got.Time, tc.want.Time) || got.Infinite != tc.want.Infinite {
				t.Errorf("Spend: %+v, want %+v", got, tc.want)
			}
			if !slices.Equal(tc.lim.Time, before) {
				t.Errorf("Spend changed the caller's clocks: %v, was %v", tc.lim.Time, before)
			}
		})
	}
}
