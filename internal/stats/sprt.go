package stats

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// EloModel is the unit of an SPRT's Elo bounds.
type EloModel uint8

const (
	// Logistic Elo: the bound elo is the expected score 1/(1 + 10^(-elo/400)),
	// the Elo EloInterval and PentaElo report. The default, as in fishtest's
	// LLRcalc and sprt.py.
	Logistic EloModel = iota
	// Normalized Elo: the bound is a t-value (score excess over ½ per
	// standard deviation of a game) times 800/ln 10, as NormalizedElo
	// reports; the default of fastchess and of Stockfish's fishtest tests.
	Normalized
)

func (m EloModel) String() string {
	switch m {
	case Logistic:
		return "logistic"
	case Normalized:
		return "normalized"
	}
	return "model(" + strconv.Itoa(int(m)) + ")"
}

// Limits on |Elo0| and |Elo1|. Tests with bounds this far from 0 end in a
// few dozen games; beyond them precision or the solvers give out. Logistic
// bounds fix the expected score, a convex problem, exact to a thousand Elo
// (a score of 0.997). Normalized bounds fix the t-value, which is not
// convex: up to 200 (a t-value of 0.58 per game, 0.81 per pair) the tests
// find the maximum likelihood on every kind of data, lopsided or
// degenerate, and from about 1.6 per pair they find data where the solvers
// stop short of it.
const (
	maxLogisticElo   = 1000
	maxNormalizedElo = 200
)

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1, with false positive rate Alpha (accepting H1 under H0) and
// false negative rate Beta, in the generalized form (GSPRT) of fishtest and
// fastchess: the nuisance parameters (draw rate and the rest of the result
// distribution) are set to their maximum likelihood values under each
// hypothesis. The zero Model is Logistic.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       EloModel
}

// ParseSPRT reads "elo0=0,elo1=5,alpha=0.05,beta=0.05", optionally followed
// by ",model=logistic" or ",model=normalized" (the default is logistic), in
// any order, with spaces allowed around each item. It is strict: every key
// but model is required, once; unknown keys, values that are not finite
// numbers, and the bounds Validate rejects are errors.
func ParseSPRT(s string) (SPRT, error) {
	var sp SPRT
	seen := map[string]bool{}
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		key, val, found := strings.Cut(item, "=")
		if !found {
			return SPRT{}, fmt.Errorf("stats: sprt %q: %q is not key=value", s, item)
		}
		if seen[key] {
			return SPRT{}, fmt.Errorf("stats: sprt %q: %s given twice", s, key)
		}
		seen[key] = true
		var dst *float64
		switch key {
		case "elo0":
			dst = &sp.Elo0
		case "elo1":
			dst = &sp.Elo1
		case "alpha":
			dst = &sp.Alpha
		case "beta":
			dst = &sp.Beta
		case "model":
			switch val {
			case "logistic":
				sp.Model = Logistic
			case "normalized":
				sp.Model = Normalized
			default:
				return SPRT{}, fmt.Errorf("stats: sprt %q: model %q: not logistic or normalized", s, val)
			}
			continue
		default:
			return SPRT{}, fmt.Errorf("stats: sprt %q: unknown key %q (want elo0, elo1, alpha, beta, model)", s, key)
		}
		v, err := strconv.ParseFloat(val, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return SPRT{}, fmt.Errorf("stats: sprt %q: %s=%q: not a finite number", s, key, val)
		}
		*dst = v
	}
	for _, key := range [...]string{"elo0", "elo1", "alpha", "beta"} {
		if !seen[key] {
			return SPRT{}, fmt.Errorf("stats: sprt %q: %s missing", s, key)
		}
	}
	if err := sp.check(); err != nil {
		return SPRT{}, fmt.Errorf("stats: sprt %q: %w", s, err)
	}
	return sp, nil
}

// String is the form ParseSPRT reads, with every field and the shortest
// decimal that reads back as the same float64.
func (s SPRT) String() string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	return "elo0=" + f(s.Elo0) + ",elo1=" + f(s.Elo1) + ",alpha=" + f(s.Alpha) +
		",beta=" + f(s.Beta) + ",model=" + s.Model.String()
}

// Validate reports whether s is a usable test: Alpha and Beta in (0, 0.5),
// a known Model, Elo0 < Elo1, both within ±1000 (logistic) or ±200
// (normalized). LLR and Decide assume it.
func (s SPRT) Validate() error {
	if err := s.check(); err != nil {
		return fmt.Errorf("stats: sprt: %w", err)
	}
	return nil
}

// check is Validate without context in the error.
func (s SPRT) check() error {
	switch {
	case !(s.Alpha > 0 && s.Alpha < 0.5):
		return fmt.Errorf("alpha %g: not in (0, 0.5)", s.Alpha)
	case !(s.Beta > 0 && s.Beta < 0.5):
		return fmt.Errorf("beta %g: not in (0, 0.5)", s.Beta)
	case s.Model != Logistic && s.Model != Normalized:
		return fmt.Errorf("%v: not logistic or normalized", s.Model)
	case !(s.Elo0 < s.Elo1):
		return fmt.Errorf("elo0 %g: not below elo1 %g", s.Elo0, s.Elo1)
	}
	limit := float64(maxLogisticElo)
	if s.Model == Normalized {
		limit = maxNormalizedElo
	}
	if !(math.Abs(s.Elo0) <= limit && math.Abs(s.Elo1) <= limit) {
		return fmt.Errorf("elo0 %g, elo1 %g: not within ±%g for the %v model", s.Elo0, s.Elo1, limit, s.Model)
	}
	return nil
}

// Bounds are Wald's stopping bounds on the LLR: accept H0 at or below
// lower = ln(β/(1-α)), accept H1 at or above upper = ln((1-β)/α); ±2.944 for
// α = β = 0.05.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// LLR is the generalized log-likelihood ratio of H1 against H0 for game
// pairs, as fishtest (LLRcalc.LLR_logistic, LLR_normalized) and fastchess
// (SPRT::getLLR) compute it: empty cells count 1e-3, and under each
// hypothesis the pentanomial distribution is the one of highest likelihood
// whose expected score (logistic) or t-value (normalized, with the per-game
// t-value √2 times the pair's) the hypothesis fixes. No pairs give 0.
func (s SPRT) LLR(p Penta) float64 {
	if p.Pairs() == 0 {
		return 0
	}
	return s.llr(p[:], pentaValues, math.Sqrt2)
}

// LLRWDL is LLR for unpaired games (fastchess's trinomial SPRT): the same
// test on the distribution of single game results. Prefer LLR when games
// come in pairs: it accounts for the correlation within a pair.
func (s SPRT) LLRWDL(r WDL) float64 {
	if r.Games() == 0 {
		return 0
	}
	return s.llr([]int{r.L, r.D, r.W}, []float64{0, 0.5, 1}, 1)
}

// llr is the LLR of counts over outcomes a; tScale converts a per-game
// t-value into that of one sample (√2 for a pair).
func (s SPRT) llr(counts []int, a []float64, tScale float64) float64 {
	n, w := regularize(counts)
	if s.Model == Normalized {
		return llrNormalized(n, a, w, tScale*s.Elo0/nEloPerT, tScale*s.Elo1/nEloPerT)
	}
	return llrLogistic(n, a, w, ScoreFromElo(s.Elo0), ScoreFromElo(s.Elo1))
}

// Decision is the state of an SPRT.
type Decision uint8

const (
	Continue Decision = iota // the LLR is between the bounds: play on
	AcceptH0                 // the LLR reached the lower bound: Elo0 is the better fit
	AcceptH1                 // the LLR reached the upper bound: Elo1 is the better fit
)

func (d Decision) String() string {
	switch d {
	case Continue:
		return "continue"
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "decision(" + strconv.Itoa(int(d)) + ")"
}

// Decide is the decision after the pairs p, and the LLR it rests on: H1 at
// or above the upper bound, H0 at or below the lower, as in fastchess.
// fishtest's dynamic overshoot correction is not applied.
func (s SPRT) Decide(p Penta) (Decision, float64) {
	llr := s.LLR(p)
	return s.decide(llr), llr
}

// DecideWDL is Decide for unpaired games, with LLRWDL.
func (s SPRT) DecideWDL(r WDL) (Decision, float64) {
	llr := s.LLRWDL(r)
	return s.decide(llr), llr
}

func (s SPRT) decide(llr float64) Decision {
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}
