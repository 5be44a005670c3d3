package othello

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/othello"
	"github.com/meeple-games/meeple/internal/meepletest"
	"github.com/meeple-games/meeple/internal/search"
)

func TestBaseline(t *testing.T) {
	g := loadOthello(t, "othello")
	base := Baseline{}
	// The baseline plays the first legal square in a1..h8 row order (d3
	// from the start: a1..h2 and a3..c3 are not legal), or passes.
	st := randomEndgame(g, 1, 64)
	for st.Player() != games.Terminal {
		res := base.Search(context.Background(), st, search.Limits{}, nil)
		first := othello.Pass
		for sq := range g.Squares() {
			if st.Legal(games.Move(sq)) {
				first = games.Move(sq)
				break
			}
		}
		if res.Move != first || st.Plies() == 0 && st.FormatMove(res.Move) != "d3" {
			t.Fatalf("baseline plays %s in %s; want %s", st.FormatMove(res.Move), st.Position(), st.FormatMove(first))
		}
		st.Play(res.Move)
	}
}

// symmetries maps a square index (row*n+col) under the eight symmetries of
// the square board.
func symmetries(n int) [8]func(sq int) int {
	var f [8]func(int) int
	for k := range 8 {
		f[k] = func(sq int) int {
			r, c := sq/n, sq%n
			if k&1 != 0 {
				c = n - 1 - c
			}
			if k&2 != 0 {
				r = n - 1 - r
			}
			if k&4 != 0 {
				r, c = c, r
			}
			return r*n + c
		}
	}
	return f
}

// transform writes st's position under a symmetry.
func transform(st *othello.State, f func(int) int) string {
	pos := st.Position()
	n := st.Game().Squares()
	b := []byte(pos)
	for sq := range n {
		b[f(sq)] = pos[sq]
	}
	return string(b)
}

// TestOthelloEvalSymmetric checks that the evaluation (and so every one of
// its features) gives the same score to a position under the eight
// symmetries of the board, on every size.
// On 8x8 it does so with random weights as well, so that every kind of
// pattern counts: a pattern read in another order than its mirror image
// is tied in would show.
func TestOthelloEvalSymmetric(t *testing.T) {
	meepletest.OneGoroutine(t)
	for _, spec := range []string{"othello-4x4", "othello-6x6", "othello", "othello-10x10", "othello random"} {
		t.Run(spec, func(t *testing.T) {
			g := loadOthello(t, strings.Fields(spec)[0])
			e := newEval(g)
			if strings.HasSuffix(spec, "random") {
				e.phases = randomPhases(1)
			}
			nonzero := 0
			defer func() {
				if nonzero < 10 {
					t.Errorf("only %d of the positions score other than 0", nonzero)
				}
			}()
			for seed := range 30 {
				st := randomEndgame(g, uint64(seed), g.Squares()*(seed%5+1)/6)
				if st.Player() == games.Terminal {
					continue
				}
				want := e.Evaluate(st)
				if want != 0 {
					nonzero++
				}
				for k, f := range symmetries(g.Size()) {
					sym, err := g.ParseState(transform(st, f))
					if err != nil {
						t.Fatal(err)
					}
					if got := e.Evaluate(sym); got != want {
						t.Errorf("%s: symmetry %d scores %d; the position scores %d", st.Position(), k, got, want)
					}
				}
			}
		})
	}
}

// randomPhases returns pattern and scalar weights drawn from seed.
func randomPhases(seed uint64) *[othelloBuckets]othelloPhase {
	rng := rand.New(rand.NewPCG(seed, 0))
	ph := new([othelloBuckets]othelloPhase)
	for b := range ph {
		w := make([]int32, othelloCanonical+othelloScalars)
		for i := range w {
			w[i] = int32(rng.IntN(2001) - 1000)
		}
		ph[b] = expandPhase(w)
	}
	return ph
}

// TestOthelloWeightsText checks that decodeWeights reads what
// encodeWeights writes, and refuses damaged text.
func TestOthelloWeightsText(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 0))
	var w [othelloBuckets][]int32
	for b := range w {
		w[b] = make([]int32, 1000)
		for i := range w[b] {
			w[b][i] = int32(rng.IntN(70001) - 35000)
		}
	}
	w[3][5], w[4][7] = math.MaxInt32, math.MinInt32+1
	text := encodeWeights(w)
	got, err := decodeWeights(text, 1000)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, w) {
		t.Error("decodeWeights(encodeWeights(w)) differs from w")
	}
	for _, bad := range []string{text[:len(text)/2], text + "A", "*" + text} {
		if _, err := decodeWeights(bad, 1000); err == nil {
			t.Errorf("decodeWeights accepted damaged text of %d characters", len(bad))
		}
	}
	if othelloFitted {
		if _, err := decodeWeights(othelloFittedWeights, othelloCanonical+othelloScalars); err != nil {
			t.Errorf("weights.go: %v", err)
		}
	}
}

// TestOthelloEvalSense checks the evaluation's signs on clear positions:
// corners are good, X-squares next to an empty corner bad, and the score
// is from the side to move's point of view.
func TestOthelloEvalSense(t *testing.T) {
	g := loadOthello(t, "othello")
	e := newEval(g)
	parse := func(rows string, side string) games.State {
		st, err := g.ParseState(strings.ReplaceAll(rows, "/", "") + " " + side)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	// Black holds a1 in an otherwise even position.
	corner := parse("X-------/--------/--------/---OX---/---XO---/--------/--------/--------", "X")
	if v := e.Evaluate(corner); v <= 0 {
		t.Errorf("black with a corner scores %d for black", v)
	}
	if v := e.Evaluate(parse("X-------/--------/--------/---OX---/---XO---/--------/--------/--------", "O")); v >= 0 {
		t.Errorf("the same position scores %d for white", v)
	}
	// Black on b2 with a1 empty.
	if v := e.Evaluate(parse("--------/-X------/--------/---OX---/---XO---/--------/------O-/--------", "X")); v >= 0 {
		t.Errorf("black on an X-square scores %d for black", v)
	}
}

// TestOthelloPlayer checks the player's answers: a pass when it must, the
// solver's move in its range, a legal move from the midgame search, the
// position left as it was.
func TestOthelloPlayer(t *testing.T) {
	t.Parallel()
	g := loadOthello(t, "othello-4x4")
	p := NewPlayer(g, 1)
	passes := 0
	for seed := range 200 {
		st := randomEndgame(g, uint64(seed), seed%12)
		if st.Player() == games.Terminal || st.Mobility(st.ToMove()) > 0 {
			continue
		}
		passes++
		res := p.Search(context.Background(), st, search.Limits{}, nil)
		if res.Move != othello.Pass {
			t.Errorf("%s: a side with no square plays %s; want pass", st.Position(), st.FormatMove(res.Move))
		}
		// The pass is scored by the position after it: the exact result.
		sol := NewSolver(1).Solve(context.Background(), st, search.Limits{})
		if res.Info.Score != 100*sol.Score || len(res.Info.PV) == 0 || res.Info.PV[0] != othello.Pass {
			t.Errorf("%s: the forced pass reports score %d pv %v; want %d, the pass first", st.Position(), res.Info.Score, res.Info.PV, 100*sol.Score)
		}
	}
	if passes == 0 {
		t.Error("no position with a pass among 200 random 4x4 games")
	}
	// From the start of 4x4 the solver answers (12 empties): white wins by
	// 10 whatever black plays.
	start := g.NewState()
	res := p.Search(context.Background(), start, search.Limits{}, nil)
	if res.Info.Score != -1000 || !start.(*othello.State).Legal(res.Move) {
		t.Errorf("4x4 start: %s, score %d; want a legal move scoring -1000", start.FormatMove(res.Move), res.Info.Score)
	}
	// Midgame on 8x8 and 10x10: a legal move, the position unchanged.
	for _, spec := range []string{"othello", "othello-10x10"} {
		g := loadOthello(t, spec)
		p := NewPlayer(g, 1)
		for seed := range 4 {
			st := randomEndgame(g, uint64(seed), g.Squares()-10-4*seed)
			pos, hash := st.Position(), st.Hash()
			res := p.Search(context.Background(), st, search.Limits{Nodes: 20_000}, nil)
			if !st.Legal(res.Move) {
				t.Errorf("%s: %s is not legal", pos, st.FormatMove(res.Move))
			}
			if st.Position() != pos || st.Hash() != hash {
				t.Errorf("%s: the search changed the position", pos)
			}
		}
	}
}

// TestOthelloPlayerStops checks that a solve too big for its limit still
// answers a legal move. 30 empties, far beyond 1000 nodes: from 40 the
// solver's first ordering searches overran the limit by a second of CPU
// (eight under -race).
func TestOthelloPlayerStops(t *testing.T) {
	g := loadOthello(t, "othello")
	p := NewPlayer(g, 1)
	p.SolveEmpties = 60
	st := randomEndgame(g, 7, 30)
	res := p.Search(context.Background(), st, search.Limits{Nodes: 1000}, nil)
	if !st.Legal(res.Move) {
		t.Errorf("stopped solve: %s is not legal", st.FormatMove(res.Move))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res = p.Search(ctx, st, search.Limits{}, nil)
	if !st.Legal(res.Move) {
		t.Errorf("cancelled solve: %s is not legal", st.FormatMove(res.Move))
	}
}

func BenchmarkOthelloEval(b *testing.B) {
	g := loadOthello(b, "othello")
	e := newEval(g)
	var sts []games.State
	for seed := range 16 {
		sts = append(sts, randomEndgame(g, uint64(seed), 30))
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		e.Evaluate(sts[i%len(sts)])
		i++
	}
}

// BenchmarkOthelloSearch reports the midgame search's nodes per second.
func BenchmarkOthelloSearch(b *testing.B) {
	g := loadOthello(b, "othello")
	st := randomEndgame(g, 3, 44)
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		p := NewPlayer(g, 16)
		nodes += p.Search(context.Background(), st, search.Limits{Depth: 8}, nil).Info.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestSymmetric checks the bitboard symmetries the solver uses to drop
// equivalent root moves against the square-by-square ones.
func TestSymmetric(t *testing.T) {
	for _, spec := range []string{"othello-4x4", "othello-6x6", "othello"} {
		g := loadOthello(t, spec)
		geo := newGeometry(g.Size())
		for seed := range 20 {
			st := randomEndgame(g, uint64(seed), g.Squares()-4-seed%(g.Squares()-4))
			p, o, _ := st.Bits()
			for k, f := range symmetries(g.Size()) {
				sym, err := g.ParseState(transform(st, f))
				if err != nil {
					t.Fatal(err)
				}
				q, r, _ := sym.(*othello.State).Bits()
				if !geo.symmetric(q, r, p, o) {
					t.Errorf("%s: symmetry %d (%s) not recognised", st.Position(), k, sym.Position())
				}
			}
			if p != o && geo.symmetric(o, p, p, o) && st.Count(0) != st.Count(1) {
				t.Errorf("%s: the colours swapped count as a symmetry", st.Position())
			}
		}
	}
}

// TestOthelloTablesReady: the player allocates its solver's tables when it
// is made, so that the first solve under a clock allocates none.
func TestOthelloTablesReady(t *testing.T) {
	const hashMB = 16
	for _, spec := range []string{"othello", "othello-10x10"} {
		g := loadOthello(t, spec)
		p := NewPlayer(g, hashMB)
		if p.solver.game != g || p.solver.eval != p.eval {
			t.Errorf("%s: the solver is not prepared for the game", spec)
		}
		if _, ok := g.Frame8(); !ok && len(p.solver.wide.tt) == 0 {
			t.Errorf("%s: the wide solver's table is not allocated", spec)
		}
		st := randomEndgame(g, 3, 12)
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		p.Search(context.Background(), st, search.Limits{Nodes: 2000}, nil)
		runtime.ReadMemStats(&m1)
		if a := m1.TotalAlloc - m0.TotalAlloc; a > hashMB<<20/4 {
			t.Errorf("%s: the first solve allocated %d bytes", spec, a)
		}
	}
}
