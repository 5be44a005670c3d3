package stats

import (
	"fmt"
	"math"
)

// This file holds the maximum likelihood estimates behind the generalized
// SPRT (Michel Van den Bergh, "A practical introduction to the GSPRT",
// https://www.cantate.be/Fishtest/GSPRT_approximation.pdf; fishtest's
// server/fishtest/stats/LLRcalc.py). Results are an empirical distribution
// p̂ᵢ over outcomes aᵢ (the per-game scores 0, ½, 1 of a game or 0, ¼, ..., 1
// of a pair). The generalized log-likelihood ratio of H1 against H0 is
//
//	LLR = N · Σ p̂ᵢ (ln p1ᵢ - ln p0ᵢ)
//
// where p0 and p1 are the distributions of highest likelihood among those
// that satisfy H0 and H1.

// regularize turns counts into an empirical distribution as fishtest
// (LLRcalc.regularize, results_to_pdf) and fastchess (sprt.cpp) do: a count
// of zero becomes 1e-3, so every outcome has positive mass and the maximum
// likelihood estimates exist. It returns the total N and p̂.
func regularize(counts []int) (n float64, w []float64) {
	w = make([]float64, len(counts))
	for i, c := range counts {
		w[i] = float64(c)
		if c == 0 {
			w[i] = 1e-3
		}
		n += w[i]
	}
	for i := range w {
		w[i] /= n
	}
	return n, w
}

// secular solves Σ wᵢxᵢ/(1 + θxᵢ) = 0 for θ, the Lagrange multiplier of the
// constrained maximum likelihood problems below ("secular" in LLRcalc.py).
// With all wᵢ > 0, min x < 0 < max x, the left side falls strictly from +∞
// to -∞ on (-1/max x, -1/min x), so there is exactly one root there; it is
// found by Newton's method, kept inside a shrinking bracket by bisection,
// to full float64 precision. ok is false when the xᵢ do not change sign
// (no root).
func secular(x, w []float64) (theta float64, ok bool) {
	xmin, xmax := math.Inf(1), math.Inf(-1)
	for _, xi := range x {
		xmin = math.Min(xmin, xi)
		xmax = math.Max(xmax, xi)
	}
	if !(xmin < 0 && xmax > 0) {
		return 0, false
	}
	lo, hi := -1/xmax, -1/xmin // poles: the root is strictly between
	for range 200 {
		var f, df float64
		for i, xi := range x {
			q := 1 + theta*xi
			f += w[i] * xi / q
			df -= w[i] * xi * xi / (q * q)
		}
		switch {
		case f > 0:
			lo = theta
		case f < 0:
			hi = theta
		default:
			return theta, true
		}
		next := theta - f/df
		if !(next > lo && next < hi) {
			next = lo + (hi-lo)/2
		}
		if next == theta || math.Abs(next-theta) <= 1e-16*math.Abs(theta) {
			return next, true
		}
		theta = next
	}
	return theta, true
}

// mleExpected is the distribution of highest likelihood for the observed
// w (over outcomes a) among those with expected score s, as the multiplier
// θ: pᵢ = wᵢ/(1 + θ(aᵢ - s)) (Van den Bergh,
// https://www.cantate.be/Fishtest/support_MLE_multinomial.pdf, Proposition
// 1.1, as cited by LLRcalc.MLE_expected; fastchess cites the same result as
// Proposition 1.1 of "Comments on Normalized Elo"). The problem is concave
// with linear constraints, so this is the unique maximum. s must lie
// strictly inside the outcomes' range.
func mleExpected(a, w []float64, s float64) (theta float64, x []float64) {
	x = make([]float64, len(a))
	for i := range a {
		x[i] = a[i] - s
	}
	theta, _ = secular(x, w)
	return theta, x
}

// llrLogistic is the GSPRT log-likelihood ratio of the expected score
// s = s1 against s = s0 (LLRcalc.LLR_logistic; fastchess
// SPRT::getLLR_logistic): with pᵢ = wᵢ/(1 + θxᵢ),
// ln p1ᵢ - ln p0ᵢ = ln(1 + θ0x0ᵢ) - ln(1 + θ1x1ᵢ).
func llrLogistic(n float64, a, w []float64, s0, s1 float64) float64 {
	t0, x0 := mleExpected(a, w, s0)
	t1, x1 := mleExpected(a, w, s1)
	var sum float64
	for i := range w {
		sum += w[i] * (math.Log1p(t0*x0[i]) - math.Log1p(t1*x1[i]))
	}
	return n * sum
}

// tValueStationary is the distribution of highest likelihood for the
// observed w (over outcomes a) among those whose t-value (μ - ref)/σ is t,
// where μ and σ² are the distribution's mean and variance (Van den Bergh,
// "Comments on Normalized Elo", section 4.1; LLRcalc.MLE_t_value;
// fastchess SPRT::getLLR_normalized).
//
// With μ = ref + tσ, the Lagrange conditions of maximising Σ wᵢ ln pᵢ under
// Σpᵢ = 1 and μ - ref - tσ = 0 are wᵢ/pᵢ = dᵢ = λ + νφᵢ, where φᵢ is the
// constraint's derivative, aᵢ - t(aᵢ² - 2μaᵢ)/(2σ). fishtest and fastchess
// solve them by a fixed-point iteration on p (tValueFixedPoint), which
// crawls on lopsided data (fishtest stops after 10 rounds). Here they are
// three equations in three unknowns: pᵢ = wᵢ/dᵢ must sum to 1 and have mean
// μ and second moment σ² + μ². On lopsided data a cell of tiny weight
// carries much of the probability through a tiny dᵢ, which λ + νφᵢ would
// compute by cancellation; so the unknowns are that smallest denominator
// d_k itself, ν and σ, with dᵢ = d_k + ν(φᵢ - φ_k). Newton's method, with
// steps halved until the residual falls and every dᵢ and σ stay positive,
// converges quadratically from the exact solution at t = 0 (mleExpected at
// s = ref: dᵢ = 1 + θ(aᵢ - ref), ν = θ). When a direct solve fails, the
// t-value is reached by continuation (t/k, 2t/k, ..., t, each from the last
// solution, for k = 2, 4, ..., 4096).
//
// The t-value constraint is not convex, so for t-values far from the
// data's the Lagrange conditions can have several solutions; continuation
// from t = 0 follows the one that is the maximum at t = 0. The tests check
// the result against a brute-force maximisation over the whole feasible set
// for the bounds SPRT.Validate accepts.
func tValueStationary(a, w []float64, ref, t float64) (p []float64, ok bool) {
	theta, x := mleExpected(a, w, ref)
	p0 := make([]float64, len(a))
	start := tState{nu: theta, dk: math.Inf(1)}
	for i := range x {
		d := 1 + theta*x[i]
		p0[i] = w[i] / d
		if d < start.dk {
			start.k, start.dk = i, d
		}
	}
	if t == 0 {
		return p0, true
	}
	_, v0 := meanVar(a, p0)
	start.sigma = math.Sqrt(v0)
	for k := 1; k <= 1<<12; k *= 2 {
		s, ok := start, true
		for j := 1; j <= k && ok; j++ {
			s, ok = s.solve(a, w, ref, t*float64(j-1)/float64(k), t*float64(j)/float64(k))
		}
		if ok {
			return s.probs(a, w, ref, t), true
		}
	}
	return nil, false
}

// tState is a point of tValueStationary's Newton iteration: the
// denominator dk of cell k, ν and σ.
type tState struct {
	k             int
	dk, nu, sigma float64
}

// phi is φᵢ at the t-value t, and its derivative in σ (μ = ref + tσ).
func (s tState) phi(ai, ref, t float64) (phi, dphi float64) {
	if t == 0 {
		return ai, 0
	}
	mu := ref + t*s.sigma
	return ai - t*(ai*ai-2*mu*ai)/(2*s.sigma), t * ai * (ai/2 - ref) / (s.sigma * s.sigma)
}

// denominators are dᵢ = d_k + ν(φᵢ - φ_k) at the t-value t.
func (s tState) denominators(a []float64, ref, t float64) []float64 {
	phik, _ := s.phi(a[s.k], ref, t)
	d := make([]float64, len(a))
	for i, ai := range a {
		phi, _ := s.phi(ai, ref, t)
		d[i] = s.dk + s.nu*(phi-phik)
	}
	d[s.k] = s.dk
	return d
}

// probs is pᵢ = wᵢ/dᵢ, or nil where a denominator or σ is not positive.
func (s tState) probs(a, w []float64, ref, t float64) []float64 {
	if !(s.sigma > 0) {
		return nil
	}
	p := s.denominators(a, ref, t)
	for i, d := range p {
		if !(d > 0) {
			return nil
		}
		p[i] = w[i] / d
	}
	return p
}

// residual is (Σpᵢ - 1, (Σpᵢaᵢ - μ)/σ, (Σpᵢ(aᵢ - μ)² - σ²)/σ²) at s, and
// false where probs is nil. The moments are measured in units of σ: the
// error of the t-value is that of the mean over σ, and on data with almost
// no spread an unscaled residual vanishes as σ → 0 without meaning
// anything.
func (s tState) residual(a, w []float64, ref, t float64) (r [3]float64, ok bool) {
	p := s.probs(a, w, ref, t)
	if p == nil {
		return r, false
	}
	mu := ref + t*s.sigma
	r[0] = -1
	for i, ai := range a {
		z := (ai - mu) / s.sigma
		r[0] += p[i]
		r[1] += p[i] * z
		r[2] += p[i] * (z*z - 1)
	}
	return r, true
}

func norm2(r [3]float64) float64 { return r[0]*r[0] + r[1]*r[1] + r[2]*r[2] }

// solve runs Newton's method for the t-value t from s, the solution at
// the t-value from. It first makes the smallest denominator the unknown,
// and, since moving t moves every φᵢ and could turn a small denominator
// negative, raises them all so that none falls below its value at from;
// Newton's method corrects the rest.
func (s tState) solve(a, w []float64, ref, from, t float64) (tState, bool) {
	was, now := s.denominators(a, ref, from), s.denominators(a, ref, t)
	var shift float64
	for i := range was {
		shift = math.Max(shift, was[i]-now[i])
	}
	for i := range now {
		if now[i] < now[s.k] {
			s.k = i
		}
	}
	s.dk = now[s.k] + shift
	r, ok := s.residual(a, w, ref, t)
	if !ok {
		return s, false
	}
	for range 100 {
		if norm2(r) < 1e-30 {
			return s, true
		}
		// Jacobian of the residual in (d_k, ν, σ). With zᵢ = (aᵢ - μ)/σ and
		// μ = ref + tσ, the residual is Σpᵢ(1, zᵢ, zᵢ² - 1) - (1, 0, 0);
		// pᵢ = wᵢ/dᵢ with ∂dᵢ/∂d_k = 1, ∂dᵢ/∂ν = φᵢ - φ_k and
		// ∂dᵢ/∂σ = ν(∂φᵢ/∂σ - ∂φ_k/∂σ), and ∂zᵢ/∂σ = -(t + zᵢ)/σ.
		mu := ref + t*s.sigma
		var j [3][3]float64
		d := s.denominators(a, ref, t)
		phik, dphik := s.phi(a[s.k], ref, t)
		for i, ai := range a {
			phi, dphi := s.phi(ai, ref, t)
			z := (ai - mu) / s.sigma
			pi := w[i] / d[i]
			q := -pi / d[i] // ∂pᵢ/∂dᵢ
			g := [3]float64{q, q * (phi - phik), q * s.nu * (dphi - dphik)}
			if i == s.k {
				g[1], g[2] = 0, 0
			}
			for m, fm := range [3]float64{1, z, z*z - 1} {
				for l := range 3 {
					j[m][l] += fm * g[l]
				}
			}
			dz := -(t + z) / s.sigma
			j[1][2] += pi * dz
			j[2][2] += pi * 2 * z * dz
		}
		step, solved := solve3(j, [3]float64{-r[0], -r[1], -r[2]})
		if !solved {
			return s, false
		}
		moved := false
		for alpha := 1.0; alpha > 1e-12; alpha /= 2 {
			next := s
			next.dk += alpha * step[0]
			next.nu += alpha * step[1]
			next.sigma += alpha * step[2]
			if rn, ok := next.residual(a, w, ref, t); ok && norm2(rn) < norm2(r) {
				s, r, moved = next, rn, true
				break
			}
		}
		if !moved {
			// No step reduces the residual: converged as far as rounding
			// allows, or stuck.
			return s, norm2(r) < 1e-22
		}
	}
	return s, norm2(r) < 1e-22
}

// solve3 solves h·x = b by Gaussian elimination with partial pivoting.
func solve3(h [3][3]float64, b [3]float64) (x [3]float64, ok bool) {
	for col := range 3 {
		piv := col
		for r := col + 1; r < 3; r++ {
			if math.Abs(h[r][col]) > math.Abs(h[piv][col]) {
				piv = r
			}
		}
		if h[piv][col] == 0 {
			return x, false
		}
		h[col], h[piv] = h[piv], h[col]
		b[col], b[piv] = b[piv], b[col]
		for r := col + 1; r < 3; r++ {
			f := h[r][col] / h[col][col]
			for k := col; k < 3; k++ {
				h[r][k] -= f * h[col][k]
			}
			b[r] -= f * b[col]
		}
	}
	for r := 2; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < 3; k++ {
			s -= h[r][k] * x[k]
		}
		x[r] = s / h[r][r]
	}
	return x, true
}

// tValueFixedPoint solves the same Lagrange conditions as tValueStationary
// the way fishtest (LLRcalc.MLE_t_value) and fastchess do: from the uniform
// distribution, compute μ, σ and φ from p, solve the secular equation
// Σ wᵢφᵢ/(1 + θφᵢ) = 0 for θ, set pᵢ = wᵢ/(1 + θφᵢ), and repeat. It settles
// where Newton's method meets a near-singular Jacobian: data with almost no
// spread, such as all draws. The steps shrink geometrically until rounding
// stops them; it ends when a step below 1e-6 is no smaller than the one
// before, and the caller checks the constraint.
func tValueFixedPoint(a, w []float64, ref, t float64) (p []float64, ok bool) {
	p = make([]float64, len(a))
	for i := range p {
		p[i] = 1 / float64(len(a))
	}
	phi := make([]float64, len(a))
	last := math.Inf(1)
	for range 2000 {
		mu, v := meanVar(a, p)
		sigma := math.Sqrt(v)
		for i, ai := range a {
			z := (ai - mu) / sigma
			phi[i] = ai - ref - t*sigma*(1+z*z)/2
		}
		theta, found := secular(phi, w)
		if !found {
			return nil, false
		}
		var change float64
		for i := range p {
			q := w[i] / (1 + theta*phi[i])
			change = math.Max(change, math.Abs(q-p[i]))
			p[i] = q
		}
		if change <= 1e-15 || (change < 1e-6 && change >= last) {
			return p, true
		}
		last = change
	}
	return nil, false
}

// tValueMax is the maximum of Σ wᵢ ln(pᵢ/wᵢ) over the distributions whose
// t-value is t. At t = 0 that is mean ref, mleExpected's convex problem,
// whose value -Σ wᵢ ln(1 + θxᵢ) is exact even where a cell of tiny weight
// makes its pᵢ inexact. Otherwise it is the better of tValueStationary and
// tValueFixedPoint among those that returned a distribution that sums to 1
// and has the t-value, to 1e-8 (which moves the likelihood by about as
// little).
func tValueMax(a, w []float64, ref, t float64) float64 {
	if t == 0 {
		theta, x := mleExpected(a, w, ref)
		var v float64
		for i := range w {
			v -= w[i] * math.Log1p(theta*x[i])
		}
		return v
	}
	best := math.Inf(-1)
	for _, solve := range []func(a, w []float64, ref, t float64) ([]float64, bool){tValueStationary, tValueFixedPoint} {
		p, ok := solve(a, w, ref, t)
		if !ok {
			continue
		}
		mu, v := meanVar(a, p)
		var sum, l float64
		for i := range w {
			sum += p[i]
			l += w[i] * math.Log(p[i]/w[i])
		}
		if math.Abs(sum-1) < 1e-8 && math.Abs((mu-ref)/math.Sqrt(v)-t) < 1e-8 {
			best = math.Max(best, l)
		}
	}
	if math.IsInf(best, -1) {
		panic(fmt.Sprintf("stats: no normalized Elo likelihood maximum for t = %g, p̂ = %v", t, w)) // not reached for validated bounds; the tests search for it
	}
	return best
}

// llrNormalized is the GSPRT log-likelihood ratio of the t-value t1
// against t0, with t-values measured from ½ (LLRcalc.LLR_normalized).
func llrNormalized(n float64, a, w []float64, t0, t1 float64) float64 {
	return n * (tValueMax(a, w, 0.5, t1) - tValueMax(a, w, 0.5, t0))
}

// meanVar is the mean and variance of outcomes a under distribution p.
func meanVar(a, p []float64) (mu, v float64) {
	for i := range a {
		mu += p[i] * a[i]
	}
	for i := range a {
		d := a[i] - mu
		v += p[i] * d * d
	}
	return mu, v
}
