package stats

import (
	"fmt"
	"math"
)

// Penta counts game pairs, the same opening played twice with colours
// reversed, by the points the first player scored in the pair: [0] = 0,
// [1] = ½, [2] = 1, [3] = 1½, [4] = 2. fastchess prints it as "Ptnml(0-2)",
// fishtest as "pentanomial" (LL, LD+DL, LW+DD+WL, DW+WD, WW).
type Penta [5]int

// pentaValues are the pair scores per game, the outcomes aᵢ = i/4 of the
// pentanomial model.
var pentaValues = []float64{0, 0.25, 0.5, 0.75, 1}

// PentaFromPair is the Penta index of a pair whose two games gave the same
// player a and b points, each 0, ½ or 1: the index is 2(a + b).
func PentaFromPair(a, b float64) (int, error) {
	for _, x := range [2]float64{a, b} {
		if x != 0 && x != 0.5 && x != 1 {
			return 0, fmt.Errorf("stats: game score %g: not 0, 0.5 or 1", x)
		}
	}
	return int(2 * (a + b)), nil
}

// Pairs is the number of game pairs.
func (p Penta) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Score is the mean points per game, Σ p[i]·i/4 / pairs. With no pairs it
// is ½.
func (p Penta) Score() float64 {
	n := p.Pairs()
	if n == 0 {
		return 0.5
	}
	var sum float64
	for i, c := range p {
		sum += float64(c) * pentaValues[i]
	}
	return sum / float64(n)
}

// variance is the variance of the per-game score of one pair,
// Σ pᵢ(i/4 - s)²: the pentanomial model of fastchess
// (EloPentanomial::calcVariance) and fishtest (stat_util.stats). It is the
// variance of a pair's mean, so σ²/pairs is that of the match score. p must
// have pairs.
func (p Penta) variance() float64 {
	n := float64(p.Pairs())
	s := p.Score()
	var v float64
	for i, c := range p {
		d := pentaValues[i] - s
		v += float64(c) / n * d * d
	}
	return v
}

// PentaElo is the Elo difference with a 95% confidence interval from game
// pairs, in the pentanomial model of fastchess (EloPentanomial) and fishtest
// (stat_util.get_elo, after it counts empty cells as 1e-3): the score
// s ± 1.96·σ/√pairs, where σ² is the variance
// of a pair's per-game score, mapped through EloFromScore. Pairing cancels
// the opening's bias, so this interval is narrower than EloInterval's on the
// same games when openings are unbalanced. As there, the printed "+/-" is
// ErrorMargin(lo, hi), no pairs give 0 in (-Inf, +Inf), a sample without
// variance has a zero-width interval, and bounds past the score range are
// infinite.
func PentaElo(p Penta) (elo, lo, hi float64) {
	n := p.Pairs()
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	return scoreInterval(p.Score(), p.variance()/float64(n))
}

// PentaNormalizedElo is the normalized Elo of game pairs with a 95%
// interval, as fastchess (EloPentanomial::nElo) and fishtest report it: the
// per-game standard deviation is √2·σ, where σ is that of a pair's per-game
// score, so nElo = (s - ½)/(√2·σ)·800/ln 10, and the interval is
// nElo ± 1.96/√(2·pairs)·800/ln 10. Edge cases as in NormalizedElo.
func PentaNormalizedElo(p Penta) (nelo, lo, hi float64) {
	n := p.Pairs()
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	return normalized(p.Score(), 2*p.variance(), z95/math.Sqrt(2*float64(n)))
}

// PentaLOS is the likelihood of superiority from game pairs, as fastchess
// computes it (EloPentanomial::los): Φ((s - ½)/(σ/√pairs)), the normal law
// of the mean pair score. No pairs give ½; a sample without variance gives
// 1, 0 or ½ as its score is above, below or at ½.
func PentaLOS(p Penta) float64 {
	n := p.Pairs()
	if n == 0 {
		return 0.5
	}
	s, v := p.Score(), p.variance()
	if v == 0 {
		switch {
		case s > 0.5:
			return 1
		case s < 0.5:
			return 0
		}
		return 0.5
	}
	return 0.5 * (1 + math.Erf((s-0.5)/math.Sqrt(2*v/float64(n))))
}
