package nocca

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/nocca"
)

// randomCells fills cells with a random position of k's board: p pieces a
// side on stacks of at most k.stack, in a random colour order.
func randomCells(k *ranking, rng *rand.Rand, cells *[64]uint8) {
	var heights [64]int
	for range 2 * k.pieces {
		for {
			sq := rng.IntN(k.cells)
			if heights[sq] < k.stack {
				heights[sq]++
				break
			}
		}
	}
	colours := make([]uint8, 2*k.pieces)
	for i := range k.pieces {
		colours[i] = 1
	}
	rng.Shuffle(len(colours), func(i, j int) { colours[i], colours[j] = colours[j], colours[i] })
	for sq := range k.cells {
		v := uint8(1) << heights[sq]
		for l := range heights[sq] {
			v |= colours[0] << l
			colours = colours[1:]
		}
		cells[sq] = v
	}
}

// TestRanking checks on random positions of several boards that unrank
// inverts rank, that an index is below the number of indices, that a
// position and its mirror image have the same canonical index, and that
// ranking turned over is ranking the turned-over cells.
func TestRanking(t *testing.T) {
	for _, spec := range []string{"nocca-3x3", "nocca-4x4", "nocca(rows=4,columns=5)", "nocca(rows=2,columns=6)", "nocca(rows=5,columns=5)", "nocca(rows=8,columns=8,pieces=4,stack=7)", "nocca-3x3(pieces=2,stack=2)"} {
		t.Run(spec, func(t *testing.T) {
			k, err := newRanking(loadNocca(t, spec))
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			var u unranker
			for range 2000 {
				var cells, back, mirror, turned [64]uint8
				randomCells(k, rng, &cells)
				i := k.rank(&cells, 0, 0)
				if i >= k.n {
					t.Fatalf("rank %d of %d indices", i, k.n)
				}
				k.unrank(i, &back)
				if back != cells {
					t.Fatalf("unrank(rank(%v)) = %v", cells[:k.cells], back[:k.cells])
				}
				// An unranker kept from index to index: the last one, and
				// one with the same heights.
				for _, j := range []uint64{i, i - i%k.colours + rng.Uint64N(k.colours)} {
					var fresh, kept [64]uint8
					k.unrank(j, &fresh)
					k.unrankWith(&u, j, &kept)
					if kept != fresh {
						t.Fatalf("unrankWith(%d) = %v, unrank %v", j, kept[:k.cells], fresh[:k.cells])
					}
				}
				for sq := range k.cells {
					r, c := sq/k.cols, sq%k.cols
					mirror[r*k.cols+k.cols-1-c] = cells[sq]
					turned[(k.rows-1-r)*k.cols+c] = k.swap[cells[sq]]
				}
				if a, b := k.canonical(&cells, 0), k.canonical(&mirror, 0); a != b || a != min(i, k.rank(&mirror, 0, 0)) {
					t.Fatalf("canonical %d, of the mirror image %d", a, b)
				}
				if a, b := k.canonical(&cells, 1), k.canonical(&turned, 0); a != b {
					t.Fatalf("canonical turned %d, of the turned cells %d", a, b)
				}
			}
		})
	}
	// Boards past an int of indices are refused, not wrapped.
	if _, err := newRanking(loadNocca(t, "nocca(rows=8,columns=8,pieces=8,stack=7)")); !errors.Is(err, ErrTooLarge) {
		t.Errorf("8x8, 8 pieces, stacks of 7: %v; want ErrTooLarge", err)
	}
}

// TestChildren checks the successors the solver generates against the
// game's move generator on positions of random games: the canonical
// indices of the positions after each move but the moves into the goal,
// without repeats; and that each child lists the position among its
// parents.
func TestChildren(t *testing.T) {
	for _, spec := range []string{"nocca-3x3", "nocca-4x4", "nocca(rows=4,columns=5)", "nocca-3x3(goal=straight,stack=2)"} {
		t.Run(spec, func(t *testing.T) {
			g := loadNocca(t, spec)
			k, err := newRanking(g)
			if err != nil {
				t.Fatal(err)
			}
			for seed := range 40 {
				st := g.NewState().(*nocca.State)
				randomNocca(st, uint64(seed), seed%25)
				if st.Player() == games.Terminal {
					continue
				}
				var cells [64]uint8
				k.cellsOf(st, &cells)
				var want []uint64
				for _, m := range st.LegalMoves(nil) {
					if st.IsGoalMove(m) {
						continue
					}
					st.Play(m)
					var c [64]uint8
					k.cellsOf(st, &c)
					want = append(want, k.canonical(&c, 0))
					st.Undo()
				}
				slices.Sort(want)
				want = slices.Compact(want)
				got := k.children(&cells, nil)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: children %v, the move generator's %v", st.Position(), got, want)
				}
				hasGoal := k.tryWin(&cells)
				if hasGoal != slices.ContainsFunc(st.LegalMoves(nil), st.IsGoalMove) {
					t.Fatalf("%s: tryWin %v", st.Position(), hasGoal)
				}
				if b, want1 := k.fillByte(&cells, new([]uint64)), wantFill(k, &cells, got); b != want1 {
					t.Fatalf("%s: fillByte %d, want %d", st.Position(), b, want1)
				}
				self := k.canonical(&cells, 0)
				for _, c := range got {
					var kid [64]uint8
					k.unrank(c, &kid)
					if ps := k.parents(&kid, nil); !slices.Contains(ps, self) {
						t.Fatalf("%s: not among the parents %v of its child %d", st.Position(), ps, c)
					}
				}
			}
		})
	}
}

// wantFill is fillByte's answer derived from the children kids of cells
// and their tryWin: won in one, lost in none, lost in two (every child won
// in one), else the number of children not won in one.
func wantFill(k *ranking, cells *[64]uint8, kids []uint64) uint8 {
	won := 0
	for _, c := range kids {
		var kid [64]uint8
		k.unrank(c, &kid)
		if k.tryWin(&kid) {
			won++
		}
	}
	switch {
	case k.tryWin(cells):
		return decided + 1
	case len(kids) == 0:
		return decided
	case won == len(kids):
		return decided + 2
	}
	return uint8(len(kids) - won)
}

// TestFillByte checks fillByte on random positions against the children
// and their tryWin: the number not won in one, or won in one, lost in
// none, lost in two.
func TestFillByte(t *testing.T) {
	for _, spec := range []string{"nocca-3x3", "nocca-4x4", "nocca(rows=4,columns=5)", "nocca(rows=2,columns=6)", "nocca-3x3(stack=2)"} {
		t.Run(spec, func(t *testing.T) {
			k, err := newRanking(loadNocca(t, spec))
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(5, 6))
			for range 3000 {
				var cells [64]uint8
				randomCells(k, rng, &cells)
				want := wantFill(k, &cells, k.children(&cells, nil))
				if got := k.fillByte(&cells, new([]uint64)); got != want {
					t.Fatalf("%v: fillByte %d, want %d", cells[:k.cells], got, want)
				}
			}
		})
	}
}

// TestRankDir checks rank1 and selectBit against a naive count on random
// bitsets of several lengths and densities.
func TestRankDir(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 7, 8, 9, 64, 1000} {
		for _, density := range []float64{0, 0.01, 0.3, 0.5, 0.97, 1} {
			set := make([]uint64, n)
			for j := range 64 * n {
				if rng.Float64() < density {
					set[j>>6] |= 1 << (j & 63)
				}
			}
			dir := make([]uint64, dirWords(uint64(n)))
			total := buildDir(set, dir)
			var count uint64
			for j := range uint64(64 * n) {
				if got := rank1(set, dir, j); got != count {
					t.Fatalf("%d words, density %g: rank1(%d) = %d, want %d", n, density, j, got, count)
				}
				if set[j>>6]>>(j&63)&1 != 0 {
					if b := selectBit(set[j>>6], int(count-rank1(set, dir, j&^63))); uint64(b) != j&63 {
						t.Fatalf("%d words, density %g: selectBit of bit %d = %d", n, density, j, b)
					}
					count++
				}
			}
			if total != count {
				t.Fatalf("%d words, density %g: %d set, buildDir says %d", n, density, count, total)
			}
		}
	}
}

// TestSolveNoccaResume stops solves part way, after a checkpoint, in the
// enumeration and in the retrograde rounds (between two, and in one), and
// checks that a solve resuming from the file gets what a solve from
// scratch gets; and that a checkpoint of another variant is refused.
func TestSolveNoccaResume(t *testing.T) {
	t.Parallel()
	spec := "nocca-4x3" // four chunks: passes stop part way for checkpoints
	if testing.Short() {
		spec = "nocca-3x3"
	}
	g := loadNocca(t, spec)
	st := g.NewState().(*nocca.State)
	want, err := Solve(context.Background(), st, Options{})
	if err != nil {
		t.Fatal(err)
	}
	stops := []string{"enumerate pass 3:", "fill", "retrograde round 4:"}
	if !testing.Short() {
		// A round stopped part way: the chunks left are spread on resuming.
		stops = append(stops, "retrograde round 3 (stopped")
	}
	for _, stop := range stops {
		file := filepath.Join(t.TempDir(), "ckpt")
		ctx, cancel := context.WithCancel(context.Background())
		opt := Options{Checkpoint: file, CheckpointEvery: 1, Progress: &cancelAt{line: stop, cancel: cancel}}
		if _, err := Solve(ctx, st, opt); !errors.Is(err, context.Canceled) {
			t.Fatalf("stopped at %q: %v", stop, err)
		}
		cancel()
		var log strings.Builder
		opt.Progress = &log
		got, err := Solve(context.Background(), st, opt)
		if err != nil {
			t.Fatal(err)
		}
		resumed := "resumed from"
		if strings.HasSuffix(stop, "(stopped") {
			resumed = "retrograde, step 3, from chunk"
		}
		if !strings.Contains(log.String(), resumed) {
			t.Errorf("stopped at %q: no %q in\n%s", stop, resumed, log.String())
		}
		got.Time, want.Time = 0, 0
		if !slices.Equal(got.PV, want.PV) || got.Value != want.Value || got.Plies != want.Plies ||
			got.Positions != want.Positions || got.Wins != want.Wins || got.Losses != want.Losses || got.Draws != want.Draws {
			t.Errorf("stopped at %q, resumed: %+v; from scratch %+v", stop, got, want)
		}
		// Done: a third solve reads the answer from the file.
		log.Reset()
		if again, err := Solve(context.Background(), st, opt); err != nil || again.Positions != want.Positions || !strings.Contains(log.String(), "done") {
			t.Errorf("a finished checkpoint: %+v, %v\n%s", again, err, log.String())
		}
		other := loadNocca(t, spec+"(first=black)").NewState().(*nocca.State)
		if _, err := Solve(context.Background(), other, opt); err == nil || !strings.Contains(err.Error(), "another variant") {
			t.Errorf("a checkpoint of another variant: %v", err)
		}
		moved := st.Clone().(*nocca.State)
		moved.Play(moved.LegalMoves(nil)[0])
		if _, err := Solve(context.Background(), moved, opt); err == nil || !strings.Contains(err.Error(), "another start") {
			t.Errorf("a checkpoint of another start: %v", err)
		}
	}
}

// TestSolveNoccaMemory checks that a solve whose positions reached outgrow
// the limit stops with ErrTooLarge and a checkpoint, that a rerun with a
// larger limit resumes from it, and that a checkpoint of the old layout
// is refused.
func TestSolveNoccaMemory(t *testing.T) {
	t.Parallel()
	st := loadNocca(t, "nocca-3x3").NewState().(*nocca.State)
	want, err := Solve(context.Background(), st, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := newRetro(st, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r.release()
	file := filepath.Join(t.TempDir(), "ckpt")
	// Room to enumerate, and for the solve's tables with a tenth of the
	// positions reached.
	small := int64(max(r.enumBytes(), r.solveBytes(uint64(want.Positions)/10)))
	var log strings.Builder
	_, err = Solve(context.Background(), st, Options{MaxBytes: small, Checkpoint: file, Progress: &log})
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "reached so far") {
		t.Fatalf("limit %d: %v\n%s", small, err, log.String())
	}
	log.Reset()
	got, err := Solve(context.Background(), st, Options{Checkpoint: file, Progress: &log})
	if err != nil || got.Positions != want.Positions || got.Value != want.Value || got.Plies != want.Plies {
		t.Fatalf("resumed with room: %+v, %v; want %+v", got, err, want)
	}
	if !strings.Contains(log.String(), "resumed from") {
		t.Errorf("no resumption in\n%s", log.String())
	}
	// Solved: the tables of the file do not fit in the small limit.
	if _, err := Solve(context.Background(), st, Options{MaxBytes: small, Checkpoint: file}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a finished checkpoint, limit %d: %v", small, err)
	}
	old := filepath.Join(t.TempDir(), "old")
	if err := os.WriteFile(old, []byte("meeple nocca checkpoint 1\nvariant "+st.Game().String()+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Solve(context.Background(), st, Options{Checkpoint: old}); err == nil || !strings.Contains(err.Error(), "another version") {
		t.Errorf("a checkpoint of the old layout: %v", err)
	}
}

// cancelAt is a progress writer that cancels once a line starts with
// "nocca solve: " + line.
type cancelAt struct {
	mu     sync.Mutex
	line   string
	cancel context.CancelFunc
}

func (c *cancelAt) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if strings.HasPrefix(string(p), "nocca solve: "+c.line) {
		c.cancel()
	}
	return len(p), nil
}

// FuzzCheckpoint feeds arbitrary files to the checkpoint reader: an error
// or a resumption, never a panic.
func FuzzCheckpoint(f *testing.F) {
	g := loadNocca(f, "nocca(rows=2,columns=2)")
	st := g.NewState().(*nocca.State)
	dir := f.TempDir()
	good := filepath.Join(dir, "good")
	if _, err := Solve(context.Background(), st, Options{Checkpoint: good}); err != nil {
		f.Fatal(err)
	}
	data, err := os.ReadFile(good)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add(data[:len(data)-1])
	ctx, cancel := context.WithCancel(context.Background())
	enum := filepath.Join(dir, "enumerate")
	Solve(ctx, st, Options{Checkpoint: enum, CheckpointEvery: 1, Progress: &cancelAt{line: "enumerate pass 2:", cancel: cancel}})
	cancel()
	if data, err := os.ReadFile(enum); err == nil {
		f.Add(data)
	}
	f.Add([]byte(checkpointMagic + "\nvariant x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file := filepath.Join(t.TempDir(), "ckpt")
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := newRetro(st, Options{Checkpoint: file})
		if err != nil {
			t.Fatal(err)
		}
		defer r.release()
		if phase, step, ok, err := r.resume(); ok && (err != nil || phase < 0 || phase >= len(phaseNames) || step < 0) {
			t.Fatalf("resumed at %d %d: %v", phase, step, err)
		}
	})
}

// TestUnreached: tables that lack a successor of a reached position (only
// a checkpoint written by hand, its checksum right, can) give an error,
// not a panic.
func TestUnreached(t *testing.T) {
	st := loadNocca(t, "nocca-3x3(pieces=2)").NewState().(*nocca.State)
	r, err := newRetro(st, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.release()
	if err := r.run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.result(r.root); err != nil {
		t.Fatal(err)
	}
	next := st.Clone().(*nocca.State)
	next.Play(next.LegalMoves(nil)[0])
	var cells [64]uint8
	r.cellsOf(next, &cells)
	i := r.canonical(&cells, 0)
	r.reached[i>>6] &^= 1 << (i & 63)
	if _, _, err := r.result(i); !errors.Is(err, errUnreached) {
		t.Errorf("result of an unreached position: %v", err)
	}
	if _, err := r.bestMove(st); !errors.Is(err, errUnreached) {
		t.Errorf("bestMove with an unreached successor: %v", err)
	}
}
