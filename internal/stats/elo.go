package stats

import "math"

// z95 is the two-sided 95% quantile of the standard normal law,
// Φ⁻¹(0.975) = √2·erf⁻¹(0.95), the constant CI95ZSCORE of fastchess
// (src/matchmaking/elo/elo.hpp). cutechess-cli computes the same quantile
// with Winitzki's approximation of erf⁻¹ and gets 1.95716, so its margins are
// about 0.14% narrower than fastchess's and these.
const z95 = 1.959963984540054

// nEloPerT converts a t-value (mean score excess over ½ divided by the
// standard deviation of one game) to normalized Elo: 800/ln 10, the
// nelo_divided_by_nt of fishtest's LLRcalc.py.
const nEloPerT = 800 / math.Ln10

// WDL is a results tally from one player's view: wins, draws and losses.
type WDL struct{ W, D, L int }

// Games is the number of games played.
func (r WDL) Games() int { return r.W + r.D + r.L }

// Score is the mean points per game, (W + D/2) / games, with a win worth 1
// and a draw ½. With no games it is ½: no evidence either way.
func (r WDL) Score() float64 {
	n := r.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(r.W) + float64(r.D)/2) / float64(n)
}

// variance is the per-game variance of the score, Σ pᵢ(aᵢ - s)² over the
// outcomes aᵢ ∈ {1, ½, 0}: the trinomial model of cutechess-cli (elo.cpp) and
// fastchess (EloWDL::calcVariance). r must have games.
func (r WDL) variance() float64 {
	n := float64(r.Games())
	s := r.Score()
	w, d, l := float64(r.W)/n, float64(r.D)/n, float64(r.L)/n
	return w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + l*s*s
}

// EloFromScore is the logistic Elo difference that gives an expected score
// s: -400·log10(1/s - 1). A score of 0 or less is -Inf, 1 or more +Inf, so a
// confidence bound past the ends of the score range is an infinite Elo bound,
// never NaN (cutechess-cli and fastchess print "nan" there). NaN stays NaN.
func EloFromScore(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreFromElo is the expected score of a logistic Elo difference,
// 1/(1 + 10^(-elo/400)): the inverse of EloFromScore, L(x) in fishtest.
func ScoreFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// EloInterval is the Elo difference of r's player over its opponent with a
// 95% confidence interval, in the trinomial model of cutechess-cli
// (Elo::errorMargin) and fastchess (EloWDL): the score s ± 1.96·σ/√n, where σ²
// is the per-game variance of the score, mapped through EloFromScore. The
// interval is asymmetric in Elo; the "Elo: x +/- y" those tools print is
// x = elo, y = ErrorMargin(lo, hi) = (hi - lo)/2.
//
// Without games nothing is known: 0 in (-Inf, +Inf). A sample without
// variance (all wins, all draws or all losses) has an interval of width zero
// in score, as the normal approximation says: all wins is +Inf in
// [+Inf, +Inf], all draws 0 in [0, 0]. A bound past the score range is
// infinite.
func EloInterval(r WDL) (elo, lo, hi float64) {
	n := r.Games()
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	return scoreInterval(r.Score(), r.variance()/float64(n))
}

// scoreInterval maps s ± z95·√varMean to Elo.
func scoreInterval(s, varMean float64) (elo, lo, hi float64) {
	d := z95 * math.Sqrt(varMean)
	return EloFromScore(s), EloFromScore(s - d), EloFromScore(s + d)
}

// ErrorMargin is the "+/-" half-width that cutechess-cli and fastchess print
// for an interval [lo, hi]: (hi - lo)/2, and +Inf when either bound is
// infinite (where those tools print "inf" or "nan").
func ErrorMargin(lo, hi float64) float64 {
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return math.Inf(1)
	}
	return (hi - lo) / 2
}

// NormalizedElo is the normalized Elo (nElo) of r with a 95% interval, as
// fastchess reports it for game results (EloWDL::nElo): the score excess over
// ½ in units of the per-game standard deviation σ, times 800/ln 10, so that
// nElo = (s - ½)/σ · 800/ln 10, and the interval nElo ± 1.96/√n · 800/ln 10.
// nElo measures how fast a test can tell the players apart, not strength
// (Van den Bergh, "Normalized Elo"; fishtest's nelo_divided_by_nt).
//
// Without games: 0 in (-Inf, +Inf). Without variance the score is all wins
// (+Inf), all losses (-Inf) or all draws (0, with the interval of its n).
func NormalizedElo(r WDL) (nelo, lo, hi float64) {
	n := r.Games()
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	return normalized(r.Score(), r.variance(), z95/math.Sqrt(float64(n)))
}

// normalized is (s - ½)/σ·800/ln 10 with the interval ± halfT·800/ln 10,
// where σ² = v is the variance per game and halfT the half-width in t.
func normalized(s, v, halfT float64) (nelo, lo, hi float64) {
	switch {
	case v > 0:
		nelo = (s - 0.5) / math.Sqrt(v) * nEloPerT
	case s > 0.5:
		return math.Inf(1), math.Inf(1), math.Inf(1)
	case s < 0.5:
		return math.Inf(-1), math.Inf(-1), math.Inf(-1)
	}
	d := halfT * nEloPerT
	return nelo, nelo - d, nelo + d
}

// LOS is the likelihood of superiority of r's player: the probability that
// it is the stronger, from wins and losses alone (draws carry no
// information): ½·(1 + erf((W - L)/√(2(W + L)))), the normal approximation
// of cutechess-cli (Elo::LOS) and of the Chess Programming Wiki's "Match
// Statistics". Without decisive games it is ½.
func LOS(r WDL) float64 {
	d := r.W + r.L
	if d == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(r.W-r.L)/math.Sqrt(2*float64(d))))
}
