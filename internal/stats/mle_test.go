package stats

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// brute runs every brute-force case; by default a fixed quarter of them
// run, to keep go test within seconds.
var brute = flag.Bool("brute", false, "run all brute-force likelihood cases (about ten seconds)")

// sampled reports whether case i runs.
func sampled(i int) bool { return *brute || i%4 == 0 }

// The tests here recompute LLRs where nothing is published (single pairs,
// all wins, all draws, bounds far from the data) by an independent method:
// brute maximisation of the log-likelihood Σ p̂ᵢ ln pᵢ over the distributions
// p that satisfy a hypothesis, by golden-section searches over a
// parametrisation of that set. It shares nothing with mle.go but
// regularize and the definitions of the hypotheses. The LLR is N times the
// difference of the two maxima, and a maximum's value is insensitive to
// small errors in where it is found, so the comparison is tight.

// goldenMax is the maximum of f on [lo, hi], found by golden-section search,
// which is exact for a unimodal f (for instance a concave one). It returns
// -Inf for an empty interval.
func goldenMax(f func(float64) float64, lo, hi float64) float64 {
	if !(lo <= hi) {
		return math.Inf(-1)
	}
	const g = 0.6180339887498949 // (√5 - 1)/2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := f(a), f(b)
	for range 60 {
		if fa >= fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = f(b)
		}
	}
	return math.Max(fa, fb)
}

// logLik is Σ wᵢ ln pᵢ, -Inf off the simplex's interior.
func logLik(w, p []float64) float64 {
	var sum float64
	for i := range w {
		if !(p[i] > 0) {
			return math.Inf(-1)
		}
		sum += w[i] * math.Log(p[i])
	}
	return sum
}

// affine is c + du·u + dv·v.
type affine struct{ c, du, dv float64 }

func (f affine) at(u, v float64) float64 { return f.c + f.du*u + f.dv*v }

// polygonMax maximises Σ wᵢ ln pᵢ(u, v) over the polygon where every affine
// pᵢ is positive. The objective is concave there, so the maximum over v is a
// concave function of u, and nested golden searches find it. The range of u
// comes from the polygon's vertices, the intersections of pairs of the lines
// pᵢ = 0 that satisfy every pᵢ ≥ 0.
func polygonMax(w []float64, p []affine) float64 {
	umin, umax := math.Inf(1), math.Inf(-1)
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			det := p[i].du*p[j].dv - p[i].dv*p[j].du
			if det == 0 {
				continue
			}
			u := (-p[i].c*p[j].dv + p[i].dv*p[j].c) / det
			v := (-p[i].du*p[j].c + p[i].c*p[j].du) / det
			feasible := true
			for _, f := range p {
				feasible = feasible && f.at(u, v) >= -1e-12
			}
			if feasible {
				umin, umax = math.Min(umin, u), math.Max(umax, u)
			}
		}
	}
	ps := make([]float64, len(p))
	return goldenMax(func(u float64) float64 {
		vmin, vmax := math.Inf(-1), math.Inf(1)
		for _, f := range p {
			switch c := f.c + f.du*u; {
			case f.dv > 0:
				vmin = math.Max(vmin, -c/f.dv)
			case f.dv < 0:
				vmax = math.Min(vmax, -c/f.dv)
			case c < 0:
				return math.Inf(-1)
			}
		}
		return goldenMax(func(v float64) float64 {
			for i, f := range p {
				ps[i] = f.at(u, v)
			}
			return logLik(w, ps)
		}, vmin, vmax)
	}, umin, umax)
}

// bruteExpected is the maximum of Σ wᵢ ln pᵢ over the distributions p on the
// outcomes 0, ½, 1 (len(w) = 3) or 0, ¼, ..., 1 (len(w) = 5) with expected
// score s.
func bruteExpected(w []float64, s float64) float64 {
	if len(w) == 3 {
		// p = (1 - 2s + x, 2(s - x), x) for x = p₂ in [max(0, 2s-1), s].
		return goldenMax(func(x float64) float64 {
			return logLik(w, []float64{1 - 2*s + x, 2 * (s - x), x})
		}, math.Max(0, 2*s-1), s)
	}
	// Given p₁, the free (u, v) = (p₂, p₃) fix p₄ = s - p₁/4 - u/2 - 3v/4 and
	// p₀ = 1 - s - 3p₁/4 - u/2 - v/4; p₄, p₀ ≥ 0 at u = v = 0 bound p₁.
	return goldenMax(func(p1 float64) float64 {
		return polygonMax(w, []affine{
			{1 - s - 0.75*p1, -0.5, -0.25},
			{p1, 0, 0},
			{0, 1, 0},
			{0, 0, 1},
			{s - 0.25*p1, -0.5, -0.75},
		})
	}, 0, math.Min(4*s, (1-s)/0.75))
}

// bruteTValue is the maximum of Σ wᵢ ln pᵢ over the distributions p on the
// outcomes (as in bruteExpected) with (μ - ½)/σ = t. For t = 0 that is μ = ½.
// Otherwise μ - ½ has t's sign and fixes σ² = ((μ - ½)/t)², hence the second
// moment m₂ = σ² + μ², and the outer search runs over μ. On outcomes in
// [0, 1], m₂ < μ, which with σ = (μ - ½)/t confines μ to
// ½ ± ½|t|/√(1 + t²); a grid of 64 points there picks the best cell, and a
// golden-section search refines it, cut first to where the inner problem is
// feasible (the maximum can lie a hair from where a cell of tiny weight gets
// probability 0).
func bruteTValue(w []float64, t float64) float64 {
	if t == 0 {
		return bruteExpected(w, 0.5)
	}
	f := func(mu float64) float64 {
		sigma := (mu - 0.5) / t
		m2 := sigma*sigma + mu*mu
		if len(w) == 3 {
			// μ = p₁/2 + p₂, m₂ = p₁/4 + p₂: one distribution per μ.
			p1 := 4 * (mu - m2)
			p2 := mu - p1/2
			return logLik(w, []float64{1 - p1 - p2, p1, p2})
		}
		// Free (u, v) = (p₁, p₃); the moments fix p₂, p₄ and p₀:
		// p₂ = 4(μ - m₂) - 3u/4 - 3v/4, p₄ = μ - u/4 - 3v/4 - p₂/2,
		// p₀ = 1 - u - v - p₂ - p₄.
		p2 := affine{4 * (mu - m2), -0.75, -0.75}
		p4 := affine{mu - p2.c/2, -0.25 - p2.du/2, -0.75 - p2.dv/2}
		p0 := affine{1 - p2.c - p4.c, -1 - p2.du - p4.du, -1 - p2.dv - p4.dv}
		return polygonMax(w, []affine{p0, {0, 1, 0}, p2, {0, 0, 1}, p4})
	}
	half := 0.5 * math.Abs(t) / math.Sqrt(1+t*t)
	lo, hi := 0.5, 0.5+half
	if t < 0 {
		lo, hi = 0.5-half, 0.5
	}
	const n = 64
	h := (hi - lo) / (n + 1)
	best, at := math.Inf(-1), 0
	vals := make([]float64, n+2)
	vals[0], vals[n+1] = math.Inf(-1), math.Inf(-1)
	for i := 1; i <= n; i++ {
		if vals[i] = f(lo + float64(i)*h); vals[i] > best {
			best, at = vals[i], i
		}
	}
	if at == 0 {
		return best
	}
	// Cut the refinement interval to the feasible part of the neighbouring
	// cells, by bisection.
	x := lo + float64(at)*h
	cut := func(out float64) float64 {
		in := x
		for range 80 {
			mid := (in + out) / 2
			if f(mid) > math.Inf(-1) {
				in = mid
			} else {
				out = mid
			}
		}
		return in
	}
	l, r := x-h, x+h
	if !(vals[at-1] > math.Inf(-1)) {
		l = cut(l)
	}
	if !(vals[at+1] > math.Inf(-1)) {
		r = cut(r)
	}
	return math.Max(best, goldenMax(f, l, r))
}

// bruteLLR is the LLR of s for counts over outcomes a, by brute force.
func bruteLLR(s SPRT, counts []int) float64 {
	n, w := regularize(counts)
	if s.Model == Normalized {
		scale := 1.0
		if len(counts) == 5 {
			scale = math.Sqrt2
		}
		return n * (bruteTValue(w, scale*s.Elo1/nEloPerT) - bruteTValue(w, scale*s.Elo0/nEloPerT))
	}
	return n * (bruteExpected(w, ScoreFromElo(s.Elo1)) - bruteExpected(w, ScoreFromElo(s.Elo0)))
}

// TestLLRBruteForce compares LLR and LLRWDL with the brute-force maxima on
// cases without published values: a single pair of each kind, all wins, all
// draws, few games, and bounds far from the data (where the normalized
// solver needs its continuation).
func TestLLRBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force")
	}
	bounds := []SPRT{
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05},
		{Elo0: -3, Elo1: 1, Alpha: 0.05, Beta: 0.05},
		{Elo0: 300, Elo1: 1000, Alpha: 0.05, Beta: 0.05},
		{Elo0: -1000, Elo1: -990, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: Normalized},
		{Elo0: -1.75, Elo1: 0.25, Alpha: 0.05, Beta: 0.05, Model: Normalized},
		{Elo0: 120, Elo1: 200, Alpha: 0.05, Beta: 0.05, Model: Normalized},
		{Elo0: -200, Elo1: -20, Alpha: 0.05, Beta: 0.05, Model: Normalized},
	}
	pentas := []Penta{
		{0, 0, 1, 0, 0},                 // one pair, one point: a draw each, or a win each
		{0, 0, 0, 0, 1},                 // one pair, both won
		{1, 0, 0, 0, 0},                 // one pair, both lost
		{0, 0, 0, 0, 104},               // fastchess's "normalized pentanomial 3" counts
		{0, 0, 0, 0, 5550},              // ... in a later fastchess version
		{1, 7, 99, 7, 1},                // drawish
		{12, 6, 25, 8, 9},               // testdata/elo.txt, copperfish
		{9, 8, 7, 6, 5},                 // losing
		{369, 12695, 27124, 12664, 332}, // testdata/sprt.txt, fishtest
	}
	wdls := []WDL{
		{W: 1},
		{D: 1},
		{D: 16700}, // fastchess's "normalized trinomial 3" counts
		{W: 4250},  // ... in a later fastchess version
		{W: 3, D: 4, L: 5},
		{W: 63, D: 26, L: 17},
	}
	i := 0
	for _, s := range bounds {
		for _, p := range pentas {
			if i++; !sampled(i) {
				continue
			}
			t.Run(fmt.Sprintf("%v/%v", s, p), func(t *testing.T) {
				got, want := s.LLR(p), bruteLLR(s, p[:])
				if math.Abs(got-want) > 1e-7*math.Max(1, math.Abs(want)) {
					t.Errorf("LLR = %.12g, brute force %.12g", got, want)
				}
			})
		}
		for _, r := range wdls {
			if i++; !sampled(i) {
				continue
			}
			t.Run(fmt.Sprintf("%v/%+v", s, r), func(t *testing.T) {
				got, want := s.LLRWDL(r), bruteLLR(s, []int{r.L, r.D, r.W})
				if math.Abs(got-want) > 1e-7*math.Max(1, math.Abs(want)) {
					t.Errorf("LLRWDL = %.12g, brute force %.12g", got, want)
				}
			})
		}
	}
}

// TestMLEConstraints checks that the maximum likelihood distributions are
// distributions that satisfy their constraints: they sum to 1 and have the
// expected score (mleExpected), or the t-value (tValueStationary), asked
// for. On lopsided data a cell of tiny weight can carry much of the
// probability through a tiny denominator, and rounding there leaves the sum
// off by up to about 1e-12.
func TestMLEConstraints(t *testing.T) {
	for _, counts := range [][]int{{0, 0, 1, 0, 0}, {0, 0, 0, 0, 104}, {1, 7, 99, 7, 1}, {369, 12695, 27124, 12664, 332}} {
		_, w := regularize(counts)
		for _, s := range []float64{0.001, 0.3, 0.5, ScoreFromElo(5), 0.999} {
			theta, x := mleExpected(pentaValues, w, s)
			p := make([]float64, len(w))
			for i := range w {
				p[i] = w[i] / (1 + theta*x[i])
			}
			mu, _ := meanVar(pentaValues, p)
			if sum := p[0] + p[1] + p[2] + p[3] + p[4]; math.Abs(sum-1) > 1e-11 || math.Abs(mu-s) > 1e-11 {
				t.Errorf("%v, s = %g: sum %.17g, mean %.17g", counts, s, sum, mu)
			}
		}
		for _, tv := range []float64{-0.82, -0.2, 0, 0.0144, 0.5, 0.82} {
			p, ok := tValueStationary(pentaValues, w, 0.5, tv)
			if !ok {
				t.Errorf("%v, t = %g: no solution", counts, tv)
				continue
			}
			mu, v := meanVar(pentaValues, p)
			if sum := p[0] + p[1] + p[2] + p[3] + p[4]; math.Abs(sum-1) > 1e-11 || math.Abs((mu-0.5)/math.Sqrt(v)-tv) > 1e-11 {
				t.Errorf("%v, t = %g: sum %.17g, t-value %.17g", counts, tv, sum, (mu-0.5)/math.Sqrt(v))
			}
		}
	}
}

// TestTValueMaxBruteForce compares tValueMax with the brute-force maximum
// over a spread of data, seeded random counts at four scales with empty
// cells, and single, doubled and massed results in every cell, at t-values
// up to the largest SPRT.Validate lets through (0.81 per pair, 0.58 per
// game). tValueMax returns the likelihood of a distribution it has checked
// to have the t-value, so it cannot exceed the true maximum; the brute
// force's grid can miss the maximum by a little on degenerate data, so the
// check is one-sided: tValueMax is never below the brute force.
func TestTValueMaxBruteForce(t *testing.T) {
	if testing.Short() {
		t.Skip("brute force")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var data [][]int
	for i := range 5 {
		for _, n := range []int{1, 2, 104, 5550} {
			d := make([]int, 5)
			d[i] = n
			data = append(data, d)
			if i < 3 {
				data = append(data, []int{0, 0, 0}) // filled below
				data[len(data)-1][i] = n
			}
		}
	}
	for range 24 {
		d := make([]int, 3+2*rng.IntN(2))
		scale := []int{1, 5, 50, 5000}[rng.IntN(4)]
		for i := range d {
			d[i] = rng.IntN(3) * rng.IntN(scale+1)
		}
		data = append(data, d)
	}
	for k, d := range data {
		if !sampled(k) {
			continue
		}
		n, w := regularize(d)
		a := pentaValues
		if len(d) == 3 {
			a = []float64{0, 0.5, 1}
		}
		for _, tv := range []float64{-0.81, -0.3, -0.05, 0.0144, 0.3, 0.81} {
			if len(d) == 3 && math.Abs(tv) > 0.58 {
				continue
			}
			got := tValueMax(a, w, 0.5, tv)
			brute := bruteTValue(w, tv)
			for _, x := range w {
				brute -= x * math.Log(x) // tValueMax is relative to Σ wᵢ ln wᵢ
			}
			if n*(brute-got) > 1e-7 {
				t.Errorf("%v, t = %g: N·max = %.12g, brute force %.12g", d, tv, n*got, n*brute)
			}
		}
	}
}

// TestSecular checks the root and its bracket on a hand-solvable case:
// w = (½, ½), x = (-1, 2): ½(-1/(1-θ) + 2/(1+2θ)) = 0 gives θ = ¼.
func TestSecular(t *testing.T) {
	theta, ok := secular([]float64{-1, 2}, []float64{0.5, 0.5})
	if !ok || math.Abs(theta-0.25) > 1e-16 {
		t.Errorf("secular = %.17g, %v; want 0.25", theta, ok)
	}
	if _, ok := secular([]float64{1, 2}, []float64{0.5, 0.5}); ok {
		t.Error("secular found a root without a sign change")
	}
}
