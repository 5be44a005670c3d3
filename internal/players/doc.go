// Package players wires a searcher to a game: it picks and configures the
// player for a game family, and holds what each family adds to the generic
// searchers of internal/search (evaluations, tactics, the baselines of the
// source articles).
//
// New(game, Config) returns a search.Searcher. Config names the algorithm:
//
//   - "auto" (the default): the best player for the family. For k-in-a-row
//     that is alpha-beta with the threat evaluation, behind a root check that
//     never misses a win in one nor fails to block one, and a threat-space
//     search for forced wins by continuous threats; on Connect Four boards
//     and boards of 16 cells or fewer, the exact solver of
//     internal/players/kinarow goes first and its move is played whenever
//     it proves the position within half the budget (kinarow.Prover). For any other two-player
//     zero-sum game of perfect information without chance: alpha-beta with
//     terminal scores only. For everything else (more players, chance,
//     hidden information, cooperative or general-sum games): MCTS.
//   - "alphabeta", "mcts", "random": that searcher, with the family's
//     evaluation where alpha-beta has one.
//   - "baseline": the player meeple must crush. For k-in-a-row the CPU of
//     the 4-D tic-tac-toe article (win; block; fork-block: the cell on the
//     most lines where the opponent has two; fork: the cell on the most
//     lines where it has two; random), for Othello the Othello article's
//     CPU. The Nocca and The Game articles have no computer player: their
//     baseline is a random one (a uniformly random legal move).
//
// Options lists the engine options (Hash, Algorithm, Seed) in UCI's terms for
// the protocol's handshake, and Config.Set maps a setoption onto a Config.
//
// # The k-in-a-row evaluation
//
// It reads the per-window stone counts a kinarow.State keeps. A window with
// stones of one side only is live and worth 1, 4, 16, 64... for its 1, 2,
// 3, 4... stones; a central cell lies in more windows, so this carries the
// centrality. The side to move counts a quarter more (tempo). An immediate
// threat is a live window one stone short whose empty cell is playable (with
// gravity, a threat over an empty cell waits and is worth less). The side to
// move with a threat wins now; facing two it has lost; with neither side
// threatening, a cell that makes a double threat is a forced win (without
// gravity). Opponent fork cells cost. Move ordering puts the winning cell
// first, then the block, then double threats made and stopped, then cells
// by the live windows through them; forced positions are narrowed to the
// winning or blocking move (search.MoveFilter), so forced lines are searched
// one node a ply.
//
// # Othello
//
// "auto" is OthelloPlayer: search.AlphaBeta with the Othello evaluation
// (mobility, potential mobility, corners, X- and C-squares next to an empty
// corner, stable discs, edges, parity and the disc count, weighted by the
// stage of the game) and its move ordering, and from Config.SolveEmpties
// empty squares on (default 18; the engines' SolveEmpties option, 0 for
// never) OthelloSolver, the exact endgame solver
// (MTD(f) over negascout with a table, fastest-first and shallow-search
// ordering, stability and enhanced transposition cutoffs, the last empties
// special-cased), which also backs meeple solve. The baseline is the
// Othello article's CPU: the first legal square from a1 to h8, row by row.
//
// # Sources
//
//   - Edax (Richard Delorme): the endgame solver's structure (parity,
//     fastest first, shallow searches for ordering, stability cutoff).
//   - Rosenbloom, "A World-Championship-Level Othello Program", Artificial
//     Intelligence 19, 1982 (IAGO): mobility, potential mobility and edge
//     stability as evaluation features.
//   - Plaat, Schaeffer, Pijls and de Bruin, "Best-First Fixed-Depth Minimax
//     Algorithms", Artificial Intelligence 87, 1996: MTD(f).
//   - Allis, van den Herik and Huntjens, "Go-Moku and Threat-Space Search",
//     Computational Intelligence 12(1), 1996: threat sequences, VCF.
//   - Patashnik, "Qubic: 4x4x4 Tic-Tac-Toe", Mathematics Magazine 53(4),
//     1980: forcing sequences in Qubic.
//   - The four-dimensional tic-tac-toe article of meeple's source material,
//     for the baseline's rules (see /work/shared/design.md).
//   - Stockfish and UCI for the option types (spin, check, combo, string).
package players
