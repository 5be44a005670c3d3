// Package search holds meeple's generic players: searchers that pick a move
// in any game through the games.State interface alone.
//
// A Searcher takes a position, Limits (depth, nodes, an exact move time,
// per-player clocks with increment and moves to go, or infinite) and an
// optional progress callback, and returns a Result: the move and the last
// Info (depth, selective depth, score or mate, nodes, time, principal
// variation), as in UCI. Every searcher leaves the position as it found it,
// stops promptly when its context is cancelled, and returns games.NoMove
// only for a finished game.
//
//   - AlphaBeta: negamax with principal variation search, iterative
//     deepening, a transposition table (buckets of four, replace by depth or
//     age, mate scores stored relative to the position), move ordering by the
//     table's move, an Evaluator's hints (MoveOrderer), killer moves and the
//     history heuristic, mate distance pruning, and an Evaluator for the
//     horizon (ZeroEval by default: terminal results only). For two-player
//     zero-sum games of perfect information; chance nodes are averaged.
//   - MCTS: UCT for any number of players and any utility (zero-sum,
//     general-sum, cooperative), chance nodes sampled, imperfect information
//     by determinization (State.Resample), random roll-outs or roll-outs cut
//     short by an Evaluator. Deterministic for a seed and an iteration budget.
//     A depth limit stops it once its principal line is that long.
//   - Random: a uniformly random legal move, seeded.
//
// The searchers that draw random numbers implement Seeder (a new seed
// keeps what they hold); those with tables implement Clearer. A principal
// variation holds the moves of the search that reports it only.
//
// Allocate is the time manager: it turns Limits into a soft and a hard
// budget for the player to move. A search checks its context through an
// atomic flag set by context.AfterFunc and a timer, read every 1024 nodes,
// so the hot path needs no system call; it never allocates per node either
// (move lists and ordering scores live in per-ply buffers).
//
// Game families add what makes them strong (an Evaluator that is also a
// MoveOrderer, tactical checks around the search); internal/players wires a
// searcher to a game.
//
// # Sources
//
//   - The Chess Programming Wiki (chessprogramming.org): Negamax, Alpha-Beta,
//     Principal Variation Search, Iterative Deepening, Transposition Table
//     (replacement strategies, mate scores), Killer Heuristic, History
//     Heuristic, Mate Distance Pruning, Time Management.
//   - Knuth and Moore, "An Analysis of Alpha-Beta Pruning", Artificial
//     Intelligence 6(4), 1975.
//   - Kocsis and Szepesvári, "Bandit based Monte-Carlo Planning", ECML 2006
//     (UCT).
//   - Browne et al., "A Survey of Monte Carlo Tree Search Methods", IEEE
//     Transactions on Computational Intelligence and AI in Games 4(1), 2012.
//   - Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
//     Search", IEEE TCIAIG 4(2), 2012 (determinization, availability counts).
//   - Stockfish and the UCI protocol description: the shape of Limits and
//     Info, "infinite" answering only after stop.
package search
