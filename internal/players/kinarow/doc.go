// Package kinarow is meeple's k-in-a-row player (tic-tac-toe, Qubic, the
// 4x4x4x4 hypercube, gomoku, Connect Four and the other games/kinarow
// variants): the exact solver, the threat evaluation, the threat-space
// search and the baseline of the four-dimensional tic-tac-toe article.
//
// Player ("auto" in internal/players, behind Prover on the boards the
// solver serves) is alpha-beta with the threat
// evaluation, behind a root check that never misses a win in one nor fails
// to block one, and a threat-space search (VCF) for forced wins by
// continuous threats.
//
// # The solver
//
// Solver proves the value of a position: win, draw or loss for the side to
// move and how soon, as a Score in Pascal Pons's convention (Solution),
// with a best line; `meeple solve` prints it. Connect Four and the other
// four-in-a-row gravity boards of at most 56 cells with their column tops
// are solved on bitboards as Pons's solver and John Tromp's Fhourstones
// do: negamax with alpha-beta on a null window, the score narrowed by
// bisection, only moves that do not lose at once, moves ordered by the
// winning cells they make and then from the centre out, and a
// transposition table of upper and lower bounds keyed by the position or,
// in the first 12 plies, its mirror image. Every other board goes to the
// same search on kinarow.State (tic-tac-toe at once; Qubic and gomoku only
// near their end). The tests check the scores of 120 positions scored by
// Pons's solver (testdata/connect4-solved.txt) and plain minimax on small
// boards; BenchmarkSolveReference measures both solvers on that file.
//
// Prover is "auto" on the boards the solver serves well (Connect Four and
// its kin, boards of 16 cells or fewer). On Connect Four it first plays
// its opening book (Book, book7x6.txt), which the solver made: x's winning
// move in every position x meets in the first 18 plies, whatever o plays;
// meanwhile the solver spends its share of the budget on the proof the
// game needs when the book ends. Elsewhere the solver, within half the
// budget (but never fewer than 4,096 nodes, proofFloor), asks of each move in turn whether it wins (Solver.Sift, one
// null-window search a move) and the Prover plays the first proved win
// (the quickest when the exact score follows within the budget), or, when
// every move is refuted, the move of the exact proof. Failing both, Player
// chooses with the rest of the budget among the moves not proved to fall
// short of a win.
//
// # The threat evaluation
//
// NewEval reads the per-window stone counts a kinarow.State keeps. A window
// with stones of one side only is live and worth 1, 4, 16, 64... for its 1,
// 2, 3, 4... stones; a central cell lies in more windows, so this carries
// the centrality. The side to move counts a quarter more (tempo). An
// immediate threat is a live window one stone short whose empty cell is
// playable (with gravity, a threat over an empty cell waits and is worth
// less). The side to move with a threat wins now; facing two it has lost;
// with neither side threatening, a cell that makes a double threat is a
// forced win (without gravity). Opponent fork cells cost. Move ordering puts
// the winning cell first, then the block, then double threats made and
// stopped, then cells by the live windows through them, central ones first
// among equals (gomoku opens in the centre); forced positions
// are narrowed to the winning or blocking move (search.MoveFilter), so
// forced lines are searched one node a ply.
//
// # The baseline
//
// NewBaseline is the CPU of the 4-D tic-tac-toe article: win; block;
// fork-block (the cell on the most lines where the opponent has two); fork
// (the cell on the most lines where it has two); random.
//
// # Sources
//
//   - Pascal Pons, "Solving Connect 4: how to build a perfect AI"
//     (blog.gamesolver.org) and github.com/PascalPons/connect4: the
//     bitboard solver, its score and its iterative null-window search.
//   - John Tromp, Fhourstones (tromp.github.io/c4/fhour.html): the
//     bitboard, the mirror-symmetric table.
//   - Allis, van den Herik and Huntjens, "Go-Moku and Threat-Space Search",
//     Computational Intelligence 12(1), 1996: threat sequences, VCF.
//   - Patashnik, "Qubic: 4x4x4 Tic-Tac-Toe", Mathematics Magazine 53(4),
//     1980: forcing sequences in Qubic.
//   - Allis, "A Knowledge-Based Approach of Connect-Four", 1988: the parity
//     of threats under gravity.
//   - The four-dimensional tic-tac-toe article of meeple's source material,
//     for the baseline's rules (see /work/shared/design.md).
package kinarow
