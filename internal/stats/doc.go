// Package stats holds the statistics of the referee (meeple match): Elo
// estimates with confidence intervals, the likelihood of superiority, the
// sequential probability ratio test that stops a match once it has an
// answer, and intervals for cooperative and score games. It computes what
// cutechess-cli, fastchess and fishtest print, from the same formulas, so a
// meeple result reads like theirs.
//
// # Results
//
// WDL is one player's wins, draws and losses. Penta counts game pairs (one
// opening played twice, colours reversed) by the points the first player took
// from the pair: 0, ½, 1, 1½ or 2 (fastchess's "Ptnml(0-2)"). Pairing removes
// the opening's bias from the comparison, so a paired match reaches a
// decision in fewer games; PentaFromPair files a pair.
//
// # Elo
//
// A score s (mean points per game) corresponds to the logistic Elo
// difference -400·log10(1/s - 1) (EloFromScore). EloInterval and PentaElo map
// the normal 95% interval of the mean score, s ± 1.96·σ/√n, through it:
//
//   - trinomial (game results, EloInterval): σ² = w(1-s)² + d(½-s)² + l·s²,
//     n = games, as cutechess-cli's Elo::errorMargin (projects/lib/src/elo.cpp)
//     and fastchess's EloWDL (src/matchmaking/elo/elo_wdl.cpp);
//   - pentanomial (pairs, PentaElo): σ² = Σ pᵢ(i/4 - s)², the variance of a
//     pair's per-game score, n = pairs, as fastchess's EloPentanomial
//     (elo_pentanomial.cpp) and fishtest's stat_util.get_elo (which first
//     counts an empty cell as 1e-3; fastchess and this package do not).
//
// Both tools print "Elo: x +/- y" with y = (hi - lo)/2, ErrorMargin here.
// cutechess-cli gets the 1.96 from an approximation of erf⁻¹ (1.95716), so
// its margins are 0.14% narrower than fastchess's and these.
//
// Normalized Elo (NormalizedElo, PentaNormalizedElo) is the score excess per
// standard deviation of a game, (s - ½)/σ_game · 800/ln 10, with
// σ_game = √2·σ_pair for pairs: the t-value scaled to look like Elo near 0
// (Michel Van den Bergh, "Normalized Elo",
// https://www.cantate.be/Fishtest/normalized_elo_practical.pdf; fastchess's
// nElo). It measures how quickly a test separates the players.
//
// LOS, the likelihood of superiority, is ½·(1 + erf((W - L)/√(2(W + L)))),
// draws ignored: cutechess-cli's Elo::LOS and the Chess Programming Wiki's
// "Match Statistics". PentaLOS is fastchess's pentanomial version,
// Φ((s - ½)/(σ/√pairs)).
//
// Degenerate samples never give NaN: no games is Elo 0 in (-Inf, +Inf); a
// bound past the score range is ±Inf (where the C++ tools print "nan"); all
// wins is +Inf.
//
// # SPRT
//
// SPRT is the generalized sequential probability ratio test of fishtest and
// fastchess (Michel Van den Bergh, "A practical introduction to the GSPRT",
// https://www.cantate.be/Fishtest/GSPRT_approximation.pdf; fishtest
// server/fishtest/stats/LLRcalc.py and sprt.py; fastchess
// src/matchmaking/sprt/sprt.cpp). H0 says the Elo is Elo0, H1 that it is
// Elo1. Empty cells of the results count 1e-3; under each hypothesis the
// result distribution is the one of highest likelihood that satisfies it, and
//
//	LLR = N · Σ p̂ᵢ (ln p1ᵢ - ln p0ᵢ).
//
// With the logistic model the hypothesis fixes the expected score
// s = 1/(1 + 10^(-elo/400)); the constrained maximum is pᵢ = p̂ᵢ/(1 + θ(aᵢ - s))
// with θ the root of Σ p̂ᵢ(aᵢ - s)/(1 + θ(aᵢ - s)) = 0 (Van den Bergh,
// https://www.cantate.be/Fishtest/support_MLE_multinomial.pdf, Proposition
// 1.1; LLRcalc.MLE_expected), solved here by safeguarded Newton iteration to
// full precision. With the normalized model it fixes the t-value
// (μ - ½)/σ = elo/(800/ln 10), times √2 for pairs, and the Lagrange
// conditions give pᵢ = p̂ᵢ/(λ + νφᵢ) with φᵢ = aᵢ - t(aᵢ² - 2μaᵢ)/(2σ)
// (Van den Bergh, "Comments on Normalized Elo", section 4.1;
// LLRcalc.MLE_t_value). fishtest and fastchess solve those by a fixed-point
// iteration, which crawls or stalls on lopsided data; here Newton's method
// on the three unknowns, continued from the exact t = 0 solution, does the
// work, and the fixed point backs it up on data with almost no spread. That
// constraint is not convex; for the bounds accepted (±200 normalized Elo)
// the tests confirm the maximum against a brute-force search. The normal
// approximation LLR ≈ N(s1 - s0)(2s - s0 - s1)/(2σ²) (LLRcalc.LLR_alt2)
// serves only as a cross-check in the tests. Wald's bounds are ln(β/(1-α))
// and ln((1-β)/α).
//
// The default model is logistic, the Elo EloInterval reports and the default
// of fishtest's statistics code; fastchess defaults to normalized, as do
// Stockfish's tests on fishtest. ParseSPRT reads
// "elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized]". fishtest's
// dynamic overshoot correction of the bounds is not applied: a test stops
// when the LLR reaches a bound, as in fastchess.
//
// # Scores and rates
//
// For cooperative games (The Game) and any score without an opponent,
// MeanInterval is the mean with Student's t 95% interval, and Rate a
// proportion with Wilson's score interval (Wilson, JASA 22, 1927; Newcombe,
// Statistics in Medicine 17, 1998).
//
// # Tests
//
// testdata/ holds published outputs, each block with its source:
// cutechess-cli's Elo and LOS lines, fastchess's Elo and SPRT unit tests and
// printed reports, and a fishtest run's stored LLR. Where nothing is
// published (single pairs, all wins, extreme bounds) the tests maximise the
// constrained likelihood by brute force (nested golden-section searches over
// the feasible distributions) and compare.
package stats
