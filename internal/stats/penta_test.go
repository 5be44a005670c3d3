package stats

import (
	"math"
	"testing"
)

func TestPentaFromPair(t *testing.T) {
	for _, c := range []struct {
		a, b float64
		want int
	}{
		{0, 0, 0}, {0, 0.5, 1}, {0.5, 0, 1}, {1, 0, 2}, {0.5, 0.5, 2}, {0, 1, 2},
		{1, 0.5, 3}, {0.5, 1, 3}, {1, 1, 4},
	} {
		if got, err := PentaFromPair(c.a, c.b); err != nil || got != c.want {
			t.Errorf("PentaFromPair(%g, %g) = %d, %v; want %d", c.a, c.b, got, err, c.want)
		}
	}
	for _, c := range [][2]float64{{0.25, 0}, {1, 2}, {-1, 0}, {math.NaN(), 0}, {0, math.Inf(1)}} {
		if _, err := PentaFromPair(c[0], c[1]); err == nil {
			t.Errorf("PentaFromPair(%g, %g) accepted", c[0], c[1])
		}
	}
}

func TestPentaScore(t *testing.T) {
	for _, c := range []struct {
		p     Penta
		pairs int
		score float64
	}{
		{Penta{}, 0, 0.5},
		{Penta{0, 0, 0, 0, 1}, 1, 1},
		{Penta{1, 0, 0, 0, 0}, 1, 0},
		{Penta{0, 0, 1, 0, 0}, 1, 0.5},
		{Penta{0, 1, 0, 0, 0}, 1, 0.25},
		// testdata/elo.txt, fastchess EloPentanomial 1: 168 of 290 pairs' points.
		{Penta{34, 54, 63, 64, 75}, 290, 168.0 / 290},
	} {
		if got := c.p.Pairs(); got != c.pairs {
			t.Errorf("%v.Pairs() = %d, want %d", c.p, got, c.pairs)
		}
		if got := c.p.Score(); math.Abs(got-c.score) > 1e-15 {
			t.Errorf("%v.Score() = %g, want %g", c.p, got, c.score)
		}
	}
}

// TestPentaEdges pins the documented results of degenerate pairs.
func TestPentaEdges(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		name        string
		p           Penta
		elo, lo, hi float64
		los         float64
	}{
		{"no pairs", Penta{}, 0, -inf, inf, 0.5},
		{"one pair won twice", Penta{0, 0, 0, 0, 1}, inf, inf, inf, 1},
		{"one pair lost twice", Penta{1, 0, 0, 0, 0}, -inf, -inf, -inf, 0},
		{"one even pair", Penta{0, 0, 1, 0, 0}, 0, 0, 0, 0.5},
		{"all pairs won", Penta{0, 0, 0, 0, 104}, inf, inf, inf, 1},
		{"one pair each way", Penta{0, 1, 0, 1, 0}, 0, EloFromScore(0.5 - z95*0.25/math.Sqrt2), EloFromScore(0.5 + z95*0.25/math.Sqrt2), 0.5},
	} {
		t.Run(c.name, func(t *testing.T) {
			elo, lo, hi := PentaElo(c.p)
			got := []float64{elo, lo, hi, PentaLOS(c.p)}
			want := []float64{c.elo, c.lo, c.hi, c.los}
			for i := range got {
				if got[i] != want[i] && math.Abs(got[i]-want[i]) > 1e-12 {
					t.Errorf("value %d = %v, want %v", i, got[i], want[i])
				}
			}
		})
	}
}

// TestPentaPairingNarrows: with the opening's bias cancelled by pairing,
// pairs that are mostly one win each way carry less variance than the same
// games counted one by one.
func TestPentaPairingNarrows(t *testing.T) {
	p := Penta{10, 20, 400, 30, 15}
	// The same games: WL+DD pairs counted as 200 WL and 200 DD.
	r := WDL{W: 2*15 + 30 + 200, D: 30 + 20 + 2*200, L: 2*10 + 20 + 200}
	_, plo, phi := PentaElo(p)
	_, rlo, rhi := EloInterval(r)
	if p.Score() != r.Score() || !(phi-plo < rhi-rlo) {
		t.Errorf("pentanomial interval %g wide, trinomial %g; scores %g, %g", phi-plo, rhi-rlo, p.Score(), r.Score())
	}
}
