package othello

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"go/format"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/othello"
	"github.com/meeple-games/meeple/internal/search"
)

// The tuner of the fitted Othello evaluation (weights.go) and the
// match that measures it. Both are off in plain go test. To remake the
// weights (the defaults of the flags are those of the weights in
// weights.go, whose first line names the command; on two quiet cores
// the 48,000 games take 23 minutes to play and the fit about 10 more (with
// 32,000 games it took 7 GB of memory);
// -othello.tune.data keeps the games for refits):
//
//	nice -n 10 go test ./internal/players/othello -run 'TestTuneOthello$' -othello.tune -timeout 0 -othello.tune.out /tmp/w.go
//	cp /tmp/w.go internal/players/othello/weights.go
//
// and to measure them against the hand-weighted evaluation, both in the
// whole player at a node budget a move:
//
//	go test ./internal/players/othello -run TestTuneOthelloMatch -othello.match 200 -timeout 0 -v
//
// The positions come from seeded games: a random opening of 4 to 10
// plies, then the engine with the hand-weighted evaluation at
// -othello.tune.nodes a move, one move in 16 random (for variety). From
// -othello.tune.solve empties on, every position is solved exactly and
// labelled with its score, and the game goes on with the best move or,
// one time in four, a random one. Each earlier position is labelled with
// the exact score of the first solved position of its game (the side to
// move's final disc difference if the engine plays on from there as it
// did, and both sides perfectly from the solved position), or with
// -othello.tune.td N the fitted value of the position N plies later
// (a bootstrapped label: less noise from the moves in between).
//
// The weights of each phase are fitted by ridge least squares (conjugate
// gradients) to the positions of the phase and, at a quarter weight,
// those of the two phases beside it, from the last phase to the first:
// the ridge term pulls a phase's pattern weights towards those of the
// phase after it (so that a configuration seldom seen early keeps the
// value it has later), the last phase's towards 0. The ridge strength is the one of
// -othello.tune.lambda that predicts the held-out games (one in ten) best
// (measured against their exact labels).

var (
	tuneOthello   = flag.Bool("othello.tune", false, "fit the Othello evaluation's weights; the Go source of weights.go to stdout")
	tuneGames     = flag.Int("othello.tune.games", 48000, "games to take positions from")
	tuneSeed      = flag.Uint64("othello.tune.seed", 1, "seed of the games")
	tuneFirst     = flag.Int("othello.tune.first", 0, "generate games from this one on (to make a cache in parts: the parts concatenated are the whole)")
	tuneNodes     = flag.Int64("othello.tune.nodes", 3000, "the engine's nodes a move in the games")
	tuneSolve     = flag.Int("othello.tune.solve", 16, "solve positions with this many empties or fewer")
	tuneData      = flag.String("othello.tune.data", "", "cache of the labelled positions: read if it exists, else written")
	tuneLambdas   = flag.String("othello.tune.lambda", "60", "ridge strengths to try (in positions)")
	tuneOut       = flag.String("othello.tune.out", "", "write the source there instead of stdout")
	tuneTD        = flag.Int("othello.tune.td", 8, "label a position before the solver's range with the fitted value of the one this many plies later in its game (0: the exact score of the game's first solved position)")
	tuneAnti      = flag.Int("othello.tune.anti", 2, "fit this many phases from the first with antisymmetric patterns (a configuration's weight the opposite of its exchange's)")
	tuneKinds     = flag.Int("othello.tune.kinds", othelloKindCount, "fit the first this many kinds of pattern (othelloKinds: edges, second lines, third, fourth, diagonals, corners, rectangles, edges with X-squares); the others weigh 0")
	tuneDump      = flag.String("othello.tune.dump", "", "also write the fitted weights (float64s, by phase) there, for -othello.match.vs")
	tuneMatchVs   = flag.String("othello.match.vs", "", "play the fitted evaluation against the weights of this -othello.tune.dump file instead of the hand-weighted one")
	tuneMatch     = flag.Int("othello.match", 0, "play this many games of the fitted evaluation against the hand-weighted one")
	tuneMatchNode = flag.Int64("othello.match.nodes", 20_000, "nodes a move in -othello.match games")
)

// tuneSample is a labelled position: p to move against o, and the exact
// final disc difference for p.
type tuneSample struct {
	p, o  uint64
	score int8
}

// newHandOthelloPlayer is the Othello player with the hand-weighted
// evaluation in the midgame search and the solver's move ordering: the
// engine before the fitted weights.
func newHandOthelloPlayer(g *othello.Game, hashMB int) *Player {
	p := NewPlayer(g, hashMB)
	p.eval.phases = nil
	p.solver.eval = p.eval
	p.solver.game = g
	return p
}

// tuneGame plays game i of the tuner's set and returns its labelled
// positions.
func tuneGame(g *othello.Game, pl *Player, seed uint64, i int) []tuneSample {
	pl.Clear()
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	st := g.NewState().(*othello.State)
	random := func() games.Move {
		moves := st.LegalMoves(nil)
		return moves[rng.IntN(len(moves))]
	}
	for range 4 + rng.IntN(7) {
		if st.Player() == games.Terminal {
			return nil
		}
		st.Play(random())
	}
	var out []tuneSample
	var pending []tuneSample // before the first solved position
	var pendingSide []int
	label := func(score, side int) {
		for k := range pending {
			if pendingSide[k] == side {
				pending[k].score = int8(score)
			} else {
				pending[k].score = int8(-score)
			}
		}
		out = append(out, pending...)
		pending = nil
	}
	for st.Player() != games.Terminal {
		if st.Mobility(st.ToMove()) == 0 {
			st.Play(othello.Pass)
			continue
		}
		p, o, _ := st.Bits()
		var m games.Move
		if st.Empties() <= *tuneSolve {
			sol := pl.solver.Solve(context.Background(), st, search.Limits{})
			label(sol.Score, st.ToMove())
			out = append(out, tuneSample{p, o, int8(sol.Score)})
			m = sol.Move
			if rng.IntN(4) == 0 {
				m = random()
			}
		} else {
			pending = append(pending, tuneSample{p: p, o: o})
			pendingSide = append(pendingSide, st.ToMove())
			if rng.IntN(16) == 0 {
				m = random()
			} else {
				m = pl.ab.Search(context.Background(), st, search.Limits{Nodes: *tuneNodes}, nil).Move
			}
		}
		st.Play(m)
	}
	if len(pending) > 0 { // over before the solver's range
		label(st.Score(0), 0)
	}
	return out
}

// tuneGenerate plays n games on all cores and returns their positions, by
// game.
func tuneGenerate(t *testing.T, g *othello.Game, n int) [][]tuneSample {
	out := make([][]tuneSample, n-*tuneFirst)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done, start := 0, time.Now()
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pl := newHandOthelloPlayer(g, 4)
			for i := range next {
				out[i] = tuneGame(g, pl, *tuneSeed, *tuneFirst+i)
				mu.Lock()
				if done++; done%200 == 0 {
					t.Logf("%d games (%v)", done, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range n - *tuneFirst {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// writeSamples and readSamples keep the labelled positions in a file:
// for each game a count, then 17 bytes a position.
func writeSamples(w io.Writer, set [][]tuneSample) error {
	var buf bytes.Buffer
	for _, gs := range set {
		buf.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(gs))))
		for _, s := range gs {
			buf.Write(binary.LittleEndian.AppendUint64(nil, s.p))
			buf.Write(binary.LittleEndian.AppendUint64(nil, s.o))
			buf.WriteByte(byte(s.score))
		}
	}
	_, err := w.Write(buf.Bytes())
	return err
}

func readSamples(b []byte) ([][]tuneSample, error) {
	var set [][]tuneSample
	for len(b) > 0 {
		if len(b) < 4 {
			return nil, fmt.Errorf("samples: truncated count")
		}
		n := int(binary.LittleEndian.Uint32(b))
		b = b[4:]
		if len(b) < 17*n {
			return nil, fmt.Errorf("samples: truncated game")
		}
		gs := make([]tuneSample, n)
		for k := range gs {
			gs[k] = tuneSample{binary.LittleEndian.Uint64(b), binary.LittleEndian.Uint64(b[8:]), int8(b[16])}
			b = b[17:]
		}
		set = append(set, gs)
	}
	return set, nil
}

// tuneVars is the number of weights of a phase: the canonical
// configurations of each kind of pattern, then the scalars.
const tuneVars = othelloCanonical + othelloScalars

// tuneRow is a sample as the fit sees it: its weight, label, and the
// variables its features touch: each pattern's class, with a sign (a class
// twice in a position appears twice), and the scalars.
type tuneRow struct {
	w, y float64
	y0   float64 // the label: y is y0, or the bootstrapped target
	// The target of a bootstrapped label (-othello.tune.td): game and
	// position, and the sign to turn its value to this side's; tg -1: none.
	tg, tk int32
	sign   float64
	// idx and sgn: the variable of each pattern and the sign of its
	// weight, [0] as the tables are, [1] in an antisymmetric phase
	// (classOf).
	idx [2][othelloPatternCount]int32
	sgn [2][othelloPatternCount]int8
	x   [othelloScalars]float64
}

// swapIndex exchanges mine and theirs in configuration x of kind k.
func (k *patternKind) swapIndex(x int) int {
	r, d := 0, 1
	for range k.squares {
		if v := x % 3; v != 0 {
			r += (3 - v) * d
		}
		d *= 3
		x /= 3
	}
	return r
}

// classOf returns the smallest of the configurations of kind k that x is
// or mirrors, with or without mine and theirs exchanged, and the sign of
// x's weight against that one's: 1 if x is it or its mirror image, -1 if
// exchanged, 0 if x is its own exchange (its weight must be 0).
func (k *patternKind) classOf(x int) (rep, sign int) {
	m, s := k.mirrorIndex(x), k.swapIndex(x)
	ms := k.mirrorIndex(s)
	rep = min(x, m, s, ms)
	switch {
	case s == x || ms == x:
		return rep, 0
	case rep == x || rep == m:
		return rep, 1
	}
	return rep, -1
}

// canonPos is the variable of each configuration (by its place in a
// phase's table): the place of its mirror class among the canonical ones
// of weights.go; antiPos and antiSign, that of its class under mirroring
// and exchange, and the sign of its weight (classOf); kindOf, its kind.
var canonPos, antiPos, antiSign, kindOf = func() (pos, apos []int32, sign, kind []int8) {
	pos, apos = make([]int32, othelloTable), make([]int32, othelloTable)
	sign, kind = make([]int8, othelloTable), make([]int8, othelloTable)
	for ki, pc := range patternCanons() {
		k := &othelloKinds[ki]
		for c, x := range pc.canon {
			pos[k.off+int(x)], pos[k.off+int(pc.mirrorOf[c])] = int32(pc.off+c), int32(pc.off+c)
		}
		for x := range k.size {
			rep, s := k.classOf(x)
			apos[k.off+x], sign[k.off+x], kind[k.off+x] = pos[k.off+rep], int8(s), int8(ki)
		}
	}
	return pos, apos, sign, kind
}()

// antisymmetric returns the weights x (a phase's, as weights.go lists
// them) with each configuration's weight made the opposite of its
// exchange's.
func antisymmetric(x []float64) []float64 {
	out := append([]float64(nil), x...)
	for ki, pc := range patternCanons() {
		k := &othelloKinds[ki]
		for c, i := range pc.canon {
			out[pc.off+c] = (x[pc.off+c] - x[canonPos[k.off+k.swapIndex(int(i))]]) / 2
		}
	}
	return out
}

// expandAntisymmetric returns the weights of an antisymmetric fit x (its
// patterns' weights at the classes of classOf) as weights.go lists them.
func expandAntisymmetric(x []float64) []float64 {
	out := append([]float64(nil), x...)
	for ki, pc := range patternCanons() {
		for c, i := range pc.canon {
			j := othelloKinds[ki].off + int(i)
			out[pc.off+c] = float64(antiSign[j]) * x[antiPos[j]]
		}
	}
	return out
}

func tuneRowOf(geo *geometry, s tuneSample, w float64) (tuneRow, int) {
	var f othelloFeatures
	geo.features(s.p, s.o, &f)
	r := tuneRow{w: w, y: float64(s.score), y0: float64(s.score), tg: -1}
	for k, i := range f.patterns {
		r.idx[0][k], r.sgn[0][k] = canonPos[i], 1
		r.idx[1][k], r.sgn[1][k] = antiPos[i], antiSign[i]
		if int(kindOf[i]) >= *tuneKinds { // a kind left out: weight 0
			r.sgn[0][k], r.sgn[1][k] = 0, 0
		}
	}
	for k, x := range f.x {
		r.x[k] = float64(x)
	}
	return r, f.bucket
}

func (r *tuneRow) predict(x []float64) float64 { return r.predictAs(x, 0) }

// predictAs is the prediction with the pattern variables of idx[m].
func (r *tuneRow) predictAs(x []float64, m int) float64 {
	v := 0.0
	for k, i := range r.idx[m] {
		v += float64(r.sgn[m][k]) * x[i]
	}
	for k, f := range r.x {
		v += x[othelloCanonical+k] * f
	}
	return v
}

// ridge fits x minimising sum w (y - row.x)^2 + lambda |patterns - prior|^2
// by conjugate gradients on the normal equations, preconditioned by their
// diagonal.
func ridge(rows []tuneRow, prior []float64, lambda float64, iters, m int) []float64 {
	n := tuneVars
	reg := make([]float64, n)
	for i := range othelloCanonical {
		reg[i] = lambda
	}
	for i := othelloCanonical; i < n; i++ {
		reg[i] = 1e-3
	}
	diag := append([]float64(nil), reg...)
	b := make([]float64, n)
	for k := range rows {
		r := &rows[k]
		y := r.y - r.predictAs(prior, m) // the fit is of x - prior
		for k, i := range r.idx[m] {
			b[i] += r.w * y * float64(r.sgn[m][k])
		}
		for j, f := range r.x {
			b[othelloCanonical+j] += r.w * y * f
		}
		// The diagonal, counting a pattern twice in a row as 4 (its square).
		for k, i := range r.idx[m] {
			c := 0.0 // the coefficient of variable i in the row
			for l, j := range r.idx[m] {
				if i == j {
					c += float64(r.sgn[m][l])
				}
			}
			diag[i] += r.w * c * float64(r.sgn[m][k]) // summed over the occurrences: c^2 in all
		}
		for j, f := range r.x {
			diag[othelloCanonical+j] += r.w * f * f
		}
	}
	mul := func(v, out []float64) {
		for i := range out {
			out[i] = reg[i] * v[i]
		}
		for k := range rows {
			r := &rows[k]
			a := r.w * r.predictAs(v, m)
			for k, i := range r.idx[m] {
				out[i] += a * float64(r.sgn[m][k])
			}
			for j, f := range r.x {
				out[othelloCanonical+j] += a * f
			}
		}
	}
	x := make([]float64, n)
	res := append([]float64(nil), b...) // b - A x with x = 0
	z := make([]float64, n)
	for i := range z {
		z[i] = res[i] / diag[i]
	}
	dir := append([]float64(nil), z...)
	rz := dot(res, z)
	ad := make([]float64, n)
	for range iters {
		mul(dir, ad)
		alpha := rz / dot(dir, ad)
		for i := range x {
			x[i] += alpha * dir[i]
			res[i] -= alpha * ad[i]
		}
		for i := range z {
			z[i] = res[i] / diag[i]
		}
		rz2 := dot(res, z)
		if rz2 < 1e-12 {
			break
		}
		for i := range dir {
			dir[i] = z[i] + rz2/rz*dir[i]
		}
		rz = rz2
	}
	for i := range x {
		x[i] += prior[i]
	}
	return x
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func TestTuneOthello(t *testing.T) {
	if !*tuneOthello {
		t.Skip("the Othello tuner runs with -othello.tune")
	}
	g := loadOthello(t, "othello")
	geo := newGeometry(8)
	var set [][]tuneSample
	if b, err := os.ReadFile(*tuneData); *tuneData != "" && err == nil {
		if set, err = readSamples(b); err != nil {
			t.Fatal(err)
		}
		t.Logf("%d games read from %s", len(set), *tuneData)
	} else {
		set = tuneGenerate(t, g, *tuneGames)
		if *tuneData != "" {
			var buf bytes.Buffer
			if err := writeSamples(&buf, set); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(*tuneData, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Rows by phase; held-out games (one in ten) apart.
	var train, test [othelloBuckets][]tuneRow
	var hand [othelloBuckets][][2]float64 // hand evaluation, label
	handEval := newEval(g)
	handEval.phases = nil
	if *tuneTD != 0 && *tuneTD < 2*othelloBucketDiscs {
		// The target must be in a phase fitted before this one's and its
		// neighbours'.
		t.Fatalf("-othello.tune.td %d: want 0 or at least %d", *tuneTD, 2*othelloBucketDiscs)
	}
	npos := 0
	all := make([][]tuneRow, len(set))
	allBucket := make([][]int8, len(set))
	for gi, gs := range set {
		for _, s := range gs {
			r, b := tuneRowOf(geo, s, 1)
			all[gi] = append(all[gi], r)
			allBucket[gi] = append(allBucket[gi], int8(b))
		}
	}
	for gi, gs := range set {
		for k, s := range gs {
			npos++
			r, b := all[gi][k], int(allBucket[gi][k])
			if *tuneTD > 0 && 64-bits.OnesCount64(s.p|s.o) > *tuneSolve {
				// The target: *tuneTD positions on, or the first solved one.
				tk, sign := k, 1.0
				for tk < len(gs)-1 && tk-k < *tuneTD && 64-bits.OnesCount64(gs[tk].p|gs[tk].o) > *tuneSolve {
					if gs[tk].p&gs[tk+1].o == gs[tk].p { // no pass between
						sign = -sign
					}
					tk++
				}
				switch {
				case 64-bits.OnesCount64(gs[tk].p|gs[tk].o) <= *tuneSolve:
					r.y = sign * float64(gs[tk].score)
				case tk-k == *tuneTD:
					r.tg, r.tk, r.sign = int32(gi), int32(tk), sign
				}
				// Else the game ended before the solver's range and
				// before the target: the label is the final score.
			}
			if gi%10 == 0 {
				test[b] = append(test[b], r)
				hand[b] = append(hand[b], [2]float64{float64(handEval.eval8(s.p, s.o)) / 100, r.y0})
				continue
			}
			train[b] = append(train[b], r)
			for _, nb := range []int{b - 1, b + 1} {
				if nb >= 0 && nb < othelloBuckets {
					r.w = 0.25
					train[nb] = append(train[nb], r)
				}
			}
		}
	}
	t.Logf("%d positions from %d games", npos, len(set))
	var lambdas []float64
	for _, f := range bytes.Split([]byte(*tuneLambdas), []byte(",")) {
		var l float64
		if _, err := fmt.Sscan(string(f), &l); err != nil {
			t.Fatalf("-othello.tune.lambda: %v", err)
		}
		lambdas = append(lambdas, l)
	}
	var fits [][othelloBuckets][]float64
	bestL, bestErr := 0, math.Inf(1)
	for li, l := range lambdas {
		var fit [othelloBuckets][]float64
		var se float64
		var cnt int
		prior := make([]float64, tuneVars)
		for b := othelloBuckets - 1; b >= 0; b-- {
			if len(train[b]) == 0 {
				fit[b] = prior
				continue
			}
			for k := range train[b] {
				r := &train[b][k]
				if r.tg >= 0 {
					tr := &all[r.tg][r.tk]
					if fit[allBucket[r.tg][r.tk]] == nil {
						t.Fatalf("bucket %d: row target in bucket %d (game %d pos %d)", b, allBucket[r.tg][r.tk], r.tg, r.tk)
					}
					r.y = r.sign * tr.predict(fit[allBucket[r.tg][r.tk]])
				}
			}
			if b < *tuneAnti {
				fit[b] = expandAntisymmetric(ridge(train[b], antisymmetric(prior), l, 300, 1))
			} else {
				fit[b] = ridge(train[b], prior, l, 300, 0)
			}
			prior = fit[b]
			for k := range test[b] {
				d := test[b][k].predict(fit[b]) - test[b][k].y0
				se += d * d
				cnt++
			}
		}
		rmse := math.Sqrt(se / float64(max(cnt, 1)))
		t.Logf("lambda %g: held-out rms error %.2f discs (%d positions)", l, rmse, cnt)
		fits = append(fits, fit)
		if rmse < bestErr {
			bestL, bestErr = li, rmse
		}
	}
	fit := fits[bestL]
	// The report: by phase, the held-out error of the fit against that of
	// the hand evaluation (scaled by its best factor).
	for b := range othelloBuckets {
		var sxy, sxx, syy, sef float64
		for k, h := range hand[b] {
			sxy += h[0] * h[1]
			sxx += h[0] * h[0]
			syy += h[1] * h[1]
			d := test[b][k].predict(fit[b]) - test[b][k].y0
			sef += d * d
		}
		n := float64(max(len(hand[b]), 1))
		hs := syy
		if sxx > 0 {
			hs = syy - sxy*sxy/sxx
		}
		t.Logf("discs %2d-%2d: %6d train rows, %5d held out: rms error fitted %.2f, hand (scaled) %.2f, label rms %.2f",
			4+b*othelloBucketDiscs, 3+(b+1)*othelloBucketDiscs, len(train[b]), len(hand[b]),
			math.Sqrt(sef/n), math.Sqrt(hs/n), math.Sqrt(syy/n))
	}
	if *tuneDump != "" {
		var buf bytes.Buffer
		for _, x := range fit {
			binary.Write(&buf, binary.LittleEndian, x)
		}
		if err := os.WriteFile(*tuneDump, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := tuneSource(fit, lambdas[bestL], npos, len(set))
	if *tuneOut != "" {
		if err := os.WriteFile(*tuneOut, src, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	os.Stdout.Write(src)
}

// tuneSource is the Go source of weights.go for fit.
func tuneSource(fit [othelloBuckets][]float64, lambda float64, npos, ngames int) []byte {
	var b bytes.Buffer
	cmd := fmt.Sprintf("go test ./internal/players/othello -run TestTuneOthello -othello.tune -othello.tune.games %d -othello.tune.seed %d -othello.tune.nodes %d -othello.tune.solve %d -othello.tune.td %d -othello.tune.anti %d -othello.tune.lambda %s",
		*tuneGames, *tuneSeed, *tuneNodes, *tuneSolve, *tuneTD, *tuneAnti, *tuneLambdas)
	fmt.Fprintf(&b, "// Code generated by %q; DO NOT EDIT.\n\npackage othello\n\n", cmd)
	fmt.Fprintf(&b, "// othelloFitted: the 8x8 board uses the fitted evaluation, whose weights\n")
	fmt.Fprintf(&b, "// (centi-discs, by phase) were fitted to %d positions of %d games\n", npos, ngames)
	fmt.Fprintf(&b, "// (ridge strength %g); see tune_test.go.\n", lambda)
	fmt.Fprintf(&b, "const othelloFitted = true\n\n")
	fmt.Fprintf(&b, "// othelloFittedWeights: each phase's weights, encoded as decodeWeights\n")
	fmt.Fprintf(&b, "// reads them.\n")
	fmt.Fprintf(&b, "const othelloFittedWeights = `\n%s\n`\n", encodeWeights(fitCents(fit)))
	out, err := format.Source(b.Bytes())
	if err != nil {
		panic(err)
	}
	return out
}

// encodeWeights is the text of decodeWeights (eval.go) for w.
func encodeWeights(w [othelloBuckets][]int32) string {
	var b strings.Builder
	col := 0
	for ph := othelloBuckets - 1; ph >= 0; ph-- {
		for i, v := range w[ph] {
			if ph < othelloBuckets-1 {
				v -= w[ph+1][i]
			}
			z := uint32(v<<1) ^ uint32(v>>31)
			for {
				d := z & 31
				if z >>= 5; z != 0 {
					d |= 32
				}
				b.WriteByte(weightDigits[d])
				if col++; col == 100 {
					b.WriteByte('\n')
					col = 0
				}
				if z == 0 {
					break
				}
			}
		}
	}
	return b.String()
}

// fitCents is fit in centi-discs, as weights.go holds it.
func fitCents(fit [othelloBuckets][]float64) [othelloBuckets][]int32 {
	var w [othelloBuckets][]int32
	for b, x := range fit {
		w[b] = make([]int32, len(x))
		for i, v := range x {
			w[b][i] = int32(math.Round(100 * v))
			if i < othelloCanonical {
				w[b][i] = max(min(w[b][i], math.MaxInt16), math.MinInt16)
			}
		}
	}
	return w
}

// TestTuneOthelloMatch plays the fitted evaluation against the
// hand-weighted one, both in the whole player at -othello.match.nodes a
// move, from seeded 4-ply random openings, each opening with both colours.
func TestTuneOthelloMatch(t *testing.T) {
	if *tuneMatch == 0 {
		t.Skip("the fitted against the hand-weighted evaluation: -othello.match N")
	}
	g := loadOthello(t, "othello")
	if !othelloFitted {
		t.Skip("no fitted weights")
	}
	var vs *[othelloBuckets]othelloPhase
	if *tuneMatchVs != "" {
		b, err := os.ReadFile(*tuneMatchVs)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) != othelloBuckets*tuneVars*8 {
			t.Fatalf("%s: %d bytes, want %d", *tuneMatchVs, len(b), othelloBuckets*tuneVars*8)
		}
		vs = new([othelloBuckets]othelloPhase)
		var fit [othelloBuckets][]float64
		for ph := range fit {
			fit[ph] = make([]float64, tuneVars)
			binary.Read(bytes.NewReader(b[ph*tuneVars*8:]), binary.LittleEndian, fit[ph])
		}
		for ph, w := range fitCents(fit) {
			vs[ph] = expandPhase(w)
		}
	}
	var mu sync.Mutex
	var w, d, l, disc int
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			newP, oldP := NewPlayer(g, 16), newHandOthelloPlayer(g, 16)
			if vs != nil {
				oldP.eval.phases = vs
			}
			for i := range next {
				newP.Clear()
				oldP.Clear()
				st := g.NewState().(*othello.State)
				rng := rand.New(rand.NewPCG(uint64(i/2), 0x7e57))
				for range 4 {
					moves := st.LegalMoves(nil)
					st.Play(moves[rng.IntN(len(moves))])
				}
				seat := i % 2
				for st.Player() != games.Terminal {
					pl := search.Searcher(oldP)
					if st.Player() == seat {
						pl = newP
					}
					st.Play(pl.Search(context.Background(), st, search.Limits{Nodes: *tuneMatchNode}, nil).Move)
				}
				mu.Lock()
				switch st.Winner() {
				case seat:
					w++
				case -1:
					d++
				default:
					l++
				}
				disc += st.Score(seat)
				mu.Unlock()
			}
		}()
	}
	for i := range *tuneMatch {
		next <- i
	}
	close(next)
	wg.Wait()
	n := *tuneMatch
	t.Logf("fitted against %s, %d nodes a move: %d won, %d drawn, %d lost of %d: %.1f%%, mean disc difference %+.2f",
		cmp.Or(*tuneMatchVs, "hand-weighted"), *tuneMatchNode, w, d, l, n, 100*(float64(w)+float64(d)/2)/float64(n), float64(disc)/float64(n))
}

// BenchmarkOthelloEvalKinds times the hand-weighted and the fitted
// evaluation on the same positions.
func BenchmarkOthelloEvalKinds(b *testing.B) {
	g := loadOthello(b, "othello")
	var pos [][2]uint64
	for seed := range 16 {
		p, o, _ := randomEndgame(g, uint64(seed), 30).Bits()
		pos = append(pos, [2]uint64{p, o})
	}
	for _, kind := range []string{"hand", "fitted"} {
		b.Run(kind, func(b *testing.B) {
			e := newEval(g)
			e.phases = nil
			if kind == "fitted" {
				e.phases = othelloPhases()
			}
			b.ReportAllocs()
			i, s := 0, 0
			for b.Loop() {
				x := pos[i%len(pos)]
				s += e.eval8(x[0], x[1])
				i++
			}
			_ = s
		})
	}
}
