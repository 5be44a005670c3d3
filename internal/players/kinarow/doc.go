// Package kinarow is meeple's k-in-a-row player (tic-tac-toe, Qubic, the
// 4x4x4x4 hypercube, gomoku, Connect Four and the other games/kinarow
// variants): the threat evaluation, the threat-space search and the
// baseline of the four-dimensional tic-tac-toe article.
//
// Player ("auto" in internal/players) is alpha-beta with the threat
// evaluation, behind a root check that never misses a win in one nor fails
// to block one, and a threat-space search (VCF) for forced wins by
// continuous threats.
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
// stopped, then cells by the live windows through them; forced positions
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
//   - Allis, van den Herik and Huntjens, "Go-Moku and Threat-Space Search",
//     Computational Intelligence 12(1), 1996: threat sequences, VCF.
//   - Patashnik, "Qubic: 4x4x4 Tic-Tac-Toe", Mathematics Magazine 53(4),
//     1980: forcing sequences in Qubic.
//   - Allis, "A Knowledge-Based Approach of Connect-Four", 1988: the parity
//     of threats under gravity.
//   - The four-dimensional tic-tac-toe article of meeple's source material,
//     for the baseline's rules (see /work/shared/design.md).
package kinarow
