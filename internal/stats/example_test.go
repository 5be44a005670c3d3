package stats_test

import (
	"fmt"

	"github.com/meeple-games/meeple/internal/stats"
)

// A match result as cutechess-cli reports it ("Score of diputs.sh vs
// stash-27.0-linux-64: 63 - 17 - 26", "Elo difference: 161.5 +/- 62.3";
// cutechess's margin is 0.14% narrower, see ErrorMargin).
func ExampleEloInterval() {
	r := stats.WDL{W: 63, D: 26, L: 17}
	elo, lo, hi := stats.EloInterval(r)
	fmt.Printf("Elo: %.1f +/- %.1f, 95%% interval [%.1f, %.1f], LOS: %.1f %%\n",
		elo, stats.ErrorMargin(lo, hi), lo, hi, 100*stats.LOS(r))
	// Output: Elo: 161.5 +/- 62.4, 95% interval [104.0, 228.7], LOS: 100.0 %
}

// An SPRT on game pairs: fastchess's "logistic pentanomial 2" test case,
// whose LLR of -4.98 has passed the lower bound.
func ExampleSPRT_Decide() {
	s, err := stats.ParseSPRT("elo0=0,elo1=2,alpha=0.05,beta=0.05")
	if err != nil {
		fmt.Println(err)
		return
	}
	p := stats.Penta{871, 26175, 55983, 26678, 821} // Ptnml(0-2)
	d, llr := s.Decide(p)
	lower, upper := s.Bounds()
	elo, lo, hi := stats.PentaElo(p)
	fmt.Printf("LLR: %.2f (%.2f, %.2f): %v\n", llr, lower, upper, d)
	fmt.Printf("Elo: %.2f +/- %.2f\n", elo, stats.ErrorMargin(lo, hi))
	// Output:
	// LLR: -4.98 (-2.94, 2.94): H0 accepted
	// Elo: 0.63 +/- 0.75
}

// Scores of a cooperative game, and its win rate.
func ExampleMeanInterval() {
	scores := []float64{12, 7, 0, 15, 9, 11, 4, 13}
	mean, lo, hi := stats.MeanInterval(scores)
	p, plo, phi := stats.Rate(2, 8)
	fmt.Printf("mean %.2f in [%.2f, %.2f]; won %.0f%% in [%.0f%%, %.0f%%]\n", mean, lo, hi, 100*p, 100*plo, 100*phi)
	// Output: mean 8.88 in [4.70, 13.05]; won 25% in [7%, 59%]
}
