package stats

import (
	"math"
	"testing"
)

// t975 are exact 0.975 quantiles of Student's t: for 1 degree of freedom
// (the Cauchy law) tan(0.475π), for 2 (2p - 1)/√(2p(1 - p)) at p = 0.975
// (Hill, "Algorithm 396: Student's t-quantiles", CACM 13(10), 1970).
var t975 = map[float64]float64{
	1: math.Tan(0.475 * math.Pi),
	2: 0.95 / math.Sqrt(2*0.975*0.025),
}

func TestStudentT975(t *testing.T) {
	for df, want := range t975 {
		if got := studentT975(df); math.Abs(got-want) > 1e-12*want {
			t.Errorf("df %g: %.15g, want %.15g", df, got, want)
		}
	}
	// Printed tables, to three decimals: NIST/SEMATECH e-Handbook of
	// Statistical Methods, 1.3.6.7.2, "Critical Values of the Student's t
	// Distribution", column 0.025.
	for df, want := range map[float64]float64{3: 3.182, 4: 2.776, 5: 2.571, 10: 2.228, 30: 2.042, 100: 1.984} {
		if got := studentT975(df); math.Abs(got-want) > 0.0005 {
			t.Errorf("df %g: %.6g, table %g", df, got, want)
		}
	}
	// Large df: the Cornish-Fisher expansion of Abramowitz and Stegun,
	// 26.7.5, to the ν⁻³ term, whose error is below 1e-10 at ν = 500. At a
	// million degrees of freedom the incomplete beta's lgamma differences
	// cost about 1e-10.
	z := z95
	for _, df := range []float64{500, 1e4, 1e6} {
		want := z + (z*z*z+z)/(4*df) + (5*math.Pow(z, 5)+16*z*z*z+3*z)/(96*df*df) +
			(3*math.Pow(z, 7)+19*math.Pow(z, 5)+17*z*z*z-15*z)/(384*df*df*df)
		if got := studentT975(df); math.Abs(got-want) > 1e-9 {
			t.Errorf("df %g: %.15g, expansion %.15g", df, got, want)
		}
	}
}

func TestMeanInterval(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		name         string
		xs           []float64
		mean, lo, hi float64
	}{
		{"empty", nil, 0, -inf, inf},
		{"one value", []float64{7}, 7, -inf, inf},
		{"no spread", []float64{4, 4, 4}, 4, 4, 4},
		// By hand: mean 3, s² = (4 + 1 + 9)/2 = 7, so the half-width is
		// t(2)·√(7/3) with t(2) exact.
		{"three values", []float64{1, 2, 6}, 3, 3 - t975[2]*math.Sqrt(7.0/3), 3 + t975[2]*math.Sqrt(7.0/3)},
		// Two values: s = |x₁ - x₂|/√2, half-width t(1)·|x₁ - x₂|/2.
		{"two values", []float64{10, 14}, 12, 12 - 2*t975[1], 12 + 2*t975[1]},
		// Precision: a large offset must not swamp a small spread.
		{"offset", []float64{1e9 + 1, 1e9 + 2, 1e9 + 6}, 1e9 + 3, 1e9 + 3 - t975[2]*math.Sqrt(7.0/3), 1e9 + 3 + t975[2]*math.Sqrt(7.0/3)},
	} {
		t.Run(c.name, func(t *testing.T) {
			mean, lo, hi := MeanInterval(c.xs)
			got, want := []float64{mean, lo, hi}, []float64{c.mean, c.lo, c.hi}
			for i := range got {
				if got[i] != want[i] && math.Abs(got[i]-want[i]) > 1e-12*math.Max(1, math.Abs(want[i])) {
					t.Errorf("value %d = %.15g, want %.15g", i, got[i], want[i])
				}
			}
		})
	}
}

func TestRate(t *testing.T) {
	// Newcombe, "Two-sided confidence intervals for the single proportion:
	// comparison of seven methods", Statistics in Medicine 17, 1998,
	// Table II, method 3 (score interval without continuity correction), to
	// four decimals.
	for _, c := range []struct {
		k, n   int
		lo, hi float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
	} {
		p, lo, hi := Rate(c.k, c.n)
		if p != float64(c.k)/float64(c.n) || math.Abs(lo-c.lo) > 0.00005 || math.Abs(hi-c.hi) > 0.00005 {
			t.Errorf("Rate(%d, %d) = %.5f in [%.5f, %.5f], want [%.4f, %.4f]", c.k, c.n, p, lo, hi, c.lo, c.hi)
		}
	}
	// Ends and symmetry: k = 0 starts at 0, k = n ends at 1, and k of n
	// mirrors n - k of n; without trials, nothing is known.
	for n := 1; n <= 30; n++ {
		for k := 0; k <= n; k++ {
			_, lo, hi := Rate(k, n)
			_, mlo, mhi := Rate(n-k, n)
			if !(0 <= lo && lo < hi && hi <= 1) || math.Abs(lo-(1-mhi)) > 1e-15 || math.Abs(hi-(1-mlo)) > 1e-15 ||
				(k == 0) != (lo == 0) || (k == n) != (hi == 1) {
				t.Errorf("Rate(%d, %d) = [%g, %g], mirror [%g, %g]", k, n, lo, hi, mlo, mhi)
			}
		}
	}
	if p, lo, hi := Rate(0, 0); p != 0 || lo != 0 || hi != 1 {
		t.Errorf("Rate(0, 0) = %g in [%g, %g]", p, lo, hi)
	}
	for _, c := range [][2]int{{-1, 3}, {4, 3}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Rate(%d, %d) did not panic", c[0], c[1])
				}
			}()
			Rate(c[0], c[1])
		}()
	}
}

func TestRegIncBeta(t *testing.T) {
	// Closed forms: I_x(a, 1) = x^a, I_x(1, b) = 1 - (1-x)^b, and
	// I_x(½, ½) = (2/π)·asin(√x).
	for _, x := range []float64{0, 1e-9, 0.1, 0.5, 0.73, 0.999, 1} {
		for _, c := range []struct{ a, b, want float64 }{
			{3, 1, math.Pow(x, 3)},
			{0.5, 1, math.Sqrt(x)},
			{1, 4, 1 - math.Pow(1-x, 4)},
			{0.5, 0.5, 2 / math.Pi * math.Asin(math.Sqrt(x))},
		} {
			if got := regIncBeta(x, c.a, c.b); math.Abs(got-c.want) > 1e-14 {
				t.Errorf("I_%g(%g, %g) = %.17g, want %.17g", x, c.a, c.b, got, c.want)
			}
		}
	}
}
