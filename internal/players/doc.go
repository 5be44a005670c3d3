// Package players wires a searcher to a game: it picks and configures the
// player for a game family. Each family's own player lives in a package of
// its own below this one, with its evaluation, its solver and its tests,
// and says what it adds in one engine.Family value (family.go: its player,
// evaluation, baseline, solver with meeple solve's report, score units),
// registered by one line in this package's families; New, NewSolver,
// UnitsOf and Families read that registry:
//
//   - chess: the chess player (alpha-beta on chess.State, its evaluation).
//   - kinarow: the k-in-a-row threat evaluation, threat-space search and
//     the 4-D tic-tac-toe article's baseline.
//   - othello: the Othello evaluation, its fitted weights and tuner, and
//     the exact endgame solver.
//   - nocca: the Nocca Nocca evaluation and the retrograde solver.
//   - thegame: The Game's planner and roll-out player.
//   - playertest: the strength build tag and test sizes their tests share.
//
// The solvers share no code: Othello's is a depth-first search with a
// fixed-size table of score bounds, Nocca's a retrograde analysis over a
// growing set of every reachable position.
//
// New(game, Config) returns a search.Searcher. Config names the algorithm:
//
//   - "auto" (the default): the best player for the family: the family's
//     own player where it has one (chess, k-in-a-row, Othello, Nocca
//     Nocca, The Game). For any other two-player zero-sum game of perfect
//     information without chance: alpha-beta with terminal scores only.
//     For everything else (more players, chance, hidden information,
//     cooperative or general-sum games): MCTS.
//   - "alphabeta", "mcts", "random": that searcher, with the family's
//     evaluation where alpha-beta has one.
//   - "baseline": the player meeple must crush. For k-in-a-row the CPU of
//     the 4-D tic-tac-toe article (win; block; fork-block: the cell on the
//     most lines where the opponent has two; fork: the cell on the most
//     lines where it has two; random), for Othello the Othello article's
//     CPU. The Nocca and The Game articles have no computer player: their
//     baseline is a random one (a uniformly random legal move).
//
// The engine options (Hash, Algorithm, Seed, SolveEmpties) and Config are
// internal/engine's, which the protocol shares without linking a player.
//
// # Sources
//
//   - Stockfish and UCI for the option types (spin, check, combo, string).
//   - Each family's package names its own.
package players
