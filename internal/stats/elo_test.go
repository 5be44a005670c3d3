package stats

import (
	"math"
	"testing"
)

func TestEloFromScore(t *testing.T) {
	// Closed forms: a score of 1/(1 + 10^(-k)) is 400k Elo; 3/4 is
	// 400·log10(3) = 190.848... (the Chess Programming Wiki's table of the
	// logistic curve gives 191 for 75%).
	inf := math.Inf(1)
	for _, c := range []struct{ s, elo float64 }{
		{0.5, 0},
		{0.75, 400 * math.Log10(3)},
		{0.25, -400 * math.Log10(3)},
		{1 / 1.1, 400},
		{1 / 11.0, -400},
		{1 / (1 + 1e-2), 800},
		{0, -inf},
		{-0.1, -inf},
		{1, inf},
		{1.2, inf},
	} {
		if got := EloFromScore(c.s); math.Abs(got-c.elo) > 1e-12 && got != c.elo {
			t.Errorf("EloFromScore(%g) = %.15g, want %.15g", c.s, got, c.elo)
		}
		if !math.IsInf(c.elo, 0) && c.s > 0 && c.s < 1 {
			if got := ScoreFromElo(c.elo); math.Abs(got-c.s) > 1e-15 {
				t.Errorf("ScoreFromElo(%g) = %.17g, want %.17g", c.elo, got, c.s)
			}
		}
	}
	if !math.IsNaN(EloFromScore(math.NaN())) {
		t.Error("EloFromScore(NaN) is not NaN")
	}
}

// TestEloEdges pins the documented results of degenerate tallies.
func TestEloEdges(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		name         string
		r            WDL
		elo, lo, hi  float64
		margin, los  float64
		score        float64
		nelo, nl, nh float64
	}{
		{"no games", WDL{}, 0, -inf, inf, inf, 0.5, 0.5, 0, -inf, inf},
		{"all wins", WDL{W: 10}, inf, inf, inf, inf, 1 - 0.5*math.Erfc(10/math.Sqrt(20)), 1, inf, inf, inf},
		{"all losses", WDL{L: 3}, -inf, -inf, -inf, inf, 0.5 * math.Erfc(3/math.Sqrt(6)), 0, -inf, -inf, -inf},
		{"all draws", WDL{D: 4}, 0, 0, 0, 0, 0.5, 0.5, 0, -z95 / 2 * nEloPerT, z95 / 2 * nEloPerT},
		{"one win", WDL{W: 1}, inf, inf, inf, inf, 0.5 * (1 + math.Erf(1/math.Sqrt2)), 1, inf, inf, inf},
	} {
		t.Run(c.name, func(t *testing.T) {
			elo, lo, hi := EloInterval(c.r)
			nelo, nl, nh := NormalizedElo(c.r)
			got := []float64{elo, lo, hi, ErrorMargin(lo, hi), LOS(c.r), c.r.Score(), nelo, nl, nh}
			want := []float64{c.elo, c.lo, c.hi, c.margin, c.los, c.score, c.nelo, c.nl, c.nh}
			for i := range got {
				if got[i] != want[i] && math.Abs(got[i]-want[i]) > 1e-12 {
					t.Errorf("value %d = %v, want %v", i, got[i], want[i])
				}
			}
		})
	}
}

// TestEloOneSidedBound: a strong result whose upper score bound passes 1
// has an infinite upper Elo bound and a finite lower one; cutechess-cli and
// fastchess print "nan" for this margin.
func TestEloOneSidedBound(t *testing.T) {
	elo, lo, hi := EloInterval(WDL{W: 3, L: 1})
	if !(elo > 0 && lo > -400 && lo < elo && math.IsInf(hi, 1)) {
		t.Errorf("EloInterval(3-0-1) = %v, %v, %v", elo, lo, hi)
	}
}

// TestNeverNaN runs every tally of up to five wins, draws and losses, and
// every pentanomial of up to two pairs a cell, through all the estimates:
// none may be NaN, and every interval must hold its estimate.
func TestNeverNaN(t *testing.T) {
	check := func(what string, vals ...float64) {
		t.Helper()
		for _, v := range vals {
			if math.IsNaN(v) {
				t.Fatalf("%s: NaN in %v", what, vals)
			}
		}
	}
	interval := func(what string, x, lo, hi float64) {
		t.Helper()
		check(what, x, lo, hi)
		if !(lo <= x && x <= hi) {
			t.Fatalf("%s: %v not in [%v, %v]", what, x, lo, hi)
		}
	}
	for w := range 6 {
		for d := range 6 {
			for l := range 6 {
				r := WDL{W: w, D: d, L: l}
				e, lo, hi := EloInterval(r)
				interval("EloInterval", e, lo, hi)
				n, nlo, nhi := NormalizedElo(r)
				interval("NormalizedElo", n, nlo, nhi)
				check("LOS", LOS(r), r.Score(), ErrorMargin(lo, hi), ErrorMargin(nlo, nhi))
			}
		}
	}
	var p Penta
	for c := range 243 {
		for i, x := 0, c; i < 5; i, x = i+1, x/3 {
			p[i] = x % 3
		}
		e, lo, hi := PentaElo(p)
		interval("PentaElo", e, lo, hi)
		n, nlo, nhi := PentaNormalizedElo(p)
		interval("PentaNormalizedElo", n, nlo, nhi)
		check("PentaLOS", PentaLOS(p), p.Score(), ErrorMargin(lo, hi))
	}
}

// TestLOSSymmetry: swapping the players turns LOS into 1 - LOS.
func TestLOSSymmetry(t *testing.T) {
	for _, r := range []WDL{{W: 7, D: 3, L: 2}, {W: 1, L: 4}, {W: 5383, D: 4808, L: 5132}} {
		if got := LOS(r) + LOS(WDL{W: r.L, D: r.D, L: r.W}); math.Abs(got-1) > 1e-15 {
			t.Errorf("LOS(%v) + LOS(swapped) = %.17g", r, got)
		}
	}
}
