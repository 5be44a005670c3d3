package stats

import (
	"fmt"
	"math"
)

// MeanInterval is the mean of xs with a 95% confidence interval for the
// expected value: mean ± t·s/√n, where s is the sample standard deviation
// (divisor n - 1) and t the 0.975 quantile of Student's t distribution with
// n - 1 degrees of freedom (Student, "The probable error of a mean",
// Biometrika 6(1), 1908; NIST/SEMATECH e-Handbook of Statistical Methods,
// 1.3.5.2). For scores of cooperative or one-player games, where there is
// no opponent to take an Elo from. Without values it is 0 in (-Inf, +Inf);
// one value is itself in (-Inf, +Inf), a spread needs two. xs must be
// finite.
func MeanInterval(xs []float64) (mean, lo, hi float64) {
	n := len(xs)
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(n)
	if n == 1 {
		return mean, math.Inf(-1), math.Inf(1)
	}
	// Two passes, with the first-order correction of the rounding error in
	// the mean (Chan, Golub and LeVeque, "Algorithms for computing the sample
	// variance", The American Statistician 37(3), 1983, eq. 1.7).
	var ss, c float64
	for _, x := range xs {
		d := x - mean
		ss += d * d
		c += d
	}
	v := (ss - c*c/float64(n)) / float64(n-1)
	half := studentT975(float64(n-1)) * math.Sqrt(math.Max(v, 0)/float64(n))
	return mean, mean - half, mean + half
}

// Rate is the proportion k/n with Wilson's 95% score interval (Wilson,
// "Probable inference, the law of succession, and statistical inference",
// JASA 22, 1927; Newcombe, "Two-sided confidence intervals for the single
// proportion: comparison of seven methods", Statistics in Medicine 17,
// 1998, method 3):
//
//	(p + z²/2n ± z·√(p(1-p)/n + z²/4n²)) / (1 + z²/n)
//
// Unlike p ± z·√(p(1-p)/n) it stays inside [0, 1] and has a width for
// k = 0 and k = n: for a win rate of The Game, or any yes/no outcome. Without
// trials it is 0 in [0, 1]. It panics unless 0 ≤ k ≤ n: counting more
// successes than trials is a bug in the caller.
func Rate(k, n int) (p, lo, hi float64) {
	if k < 0 || k > n {
		panic(fmt.Sprintf("stats: Rate(%d, %d): successes outside [0, trials]", k, n))
	}
	if n == 0 {
		return 0, 0, 1
	}
	nf := float64(n)
	p = float64(k) / nf
	z2 := z95 * z95
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z95 / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	lo, hi = math.Max(center-half, 0), math.Min(center+half, 1)
	if k == 0 {
		lo = 0
	}
	if k == n {
		hi = 1
	}
	return p, lo, hi
}

// studentT975 is the 0.975 quantile of Student's t distribution with df > 0
// degrees of freedom, found by bisection on the distribution function to
// full precision. It lies between z95 (df → ∞) and 12.71 (df = 1).
func studentT975(df float64) float64 {
	lo, hi := z95, 16.0
	for range 200 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		if studentTCDF(mid, df) < 0.975 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// studentTCDF is P(T ≤ t) for t ≥ 0 and Student's t with df degrees of
// freedom: 1 - I_x(df/2, ½)/2 with x = df/(df + t²) (Abramowitz and Stegun,
// Handbook of Mathematical Functions, 26.7.1 and 26.5.27).
func studentTCDF(t, df float64) float64 {
	return 1 - regIncBeta(df/(df+t*t), df/2, 0.5)/2
}

// regIncBeta is the regularized incomplete beta function I_x(a, b) for
// 0 ≤ x ≤ 1 and a, b > 0, by its continued fraction (DLMF 8.17.22),
// evaluated with the modified Lentz method, on the side of the symmetry
// I_x(a, b) = 1 - I_{1-x}(b, a) where it converges fast.
func regIncBeta(x, a, b float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	case x > (a+1)/(a+b+2):
		return 1 - regIncBeta(1-x, b, a)
	}
	lga, _ := math.Lgamma(a)
	lgb, _ := math.Lgamma(b)
	lgab, _ := math.Lgamma(a + b)
	front := math.Exp(lgab-lga-lgb+a*math.Log(x)+b*math.Log1p(-x)) / a

	// 1/(1 + d1/(1 + d2/(1 + ...))) with
	// d(2m) = m(b-m)x / ((a+2m-1)(a+2m)),
	// d(2m+1) = -(a+m)(a+b+m)x / ((a+2m)(a+2m+1)).
	const tiny = 1e-300
	f, c, d := 1.0, 1.0, 0.0
	for j := 1; j <= 1000; j++ {
		m := float64(j / 2)
		var dj float64
		if j%2 == 0 {
			dj = m * (b - m) * x / ((a + 2*m - 1) * (a + 2*m))
		} else {
			dj = -(a + m) * (a + b + m) * x / ((a + 2*m) * (a + 2*m + 1))
		}
		d = 1 + dj*d
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = 1 + dj/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		delta := c * d
		f *= delta
		if math.Abs(delta-1) < 1e-16 {
			break
		}
	}
	return front / f
}
