// Package othello is meeple's Othello player and endgame solver.
//
// Player ("auto" for Othello in internal/players) is search.AlphaBeta with
// the Othello evaluation and its move ordering, and from SolveEmpties
// empty squares on (default engine.DefaultSolveEmpties; the engines' SolveEmpties
// option, 0 for never) Solver, the exact endgame solver. Baseline is the
// Othello article's CPU: the first legal square from a1 to h8, row by row.
//
// The evaluation (eval.go, NewEval) on 8x8 is a pattern evaluation (the
// lines, the corners' 3x3 squares and 2x5 rectangles, the edges with
// their X-squares, and a few counts such as mobility) whose weights
// (weights.go) were fitted by least squares to the exact endgame scores
// of positions from seeded games (TestTuneOthello); other boards use a
// hand-weighted one (mobility, potential mobility, corners, X- and
// C-squares next to an empty corner, stable discs, edges, parity and the
// disc count, weighted by the stage of the game).
//
// Solver (solve.go) is, far from the end, selective passes (probcut: a
// node is cut when a shallow midgame search puts it beyond the window by a
// margin) that leave best moves in the table for the exact pass; each pass
// an aspiration window around a guess, then MTD(f) from the bound it
// returned, over
// negascout with a transposition table (and a smaller one for the positions
// near the end), fastest-first ordering plus the evaluation or a shallow
// search far from the end, stability and enhanced transposition cutoffs,
// and the last empties special-cased. It backs
// meeple solve. testdata/ffo.txt holds the FFO endgame test positions
// #40-#49, and testdata/fforum-20-39.txt the FForum problems #20-#39 that
// the benchmark against Edax also solves.
//
// # Sources
//
//   - Edax (Richard Delorme): the endgame solver's structure (parity,
//     fastest first, shallow searches for ordering, stability cutoff,
//     selective passes before the exact one), and the evaluation's
//     larger patterns (eval.c: the 3x3 corner, the 2x5 corner, the edge
//     with its X-squares).
//   - Buro, "ProbCut: An Effective Selective Extension of the Alpha-Beta
//     Algorithm", ICCA Journal 18(2), 1995: the selective passes' cut.
//   - Rosenbloom, "A World-Championship-Level Othello Program", Artificial
//     Intelligence 19, 1982 (IAGO): mobility, potential mobility and edge
//     stability as evaluation features.
//   - Plaat, Schaeffer, Pijls and de Bruin, "Best-First Fixed-Depth Minimax
//     Algorithms", Artificial Intelligence 87, 1996: MTD(f).
package othello
