// Package chess is meeple's chess player: Player, a dedicated alpha-beta
// searcher on games/chess's State (principal variation search, iterative
// deepening with aspiration windows, a transposition table, quiescence with
// static exchange evaluation, null-move pruning, late-move reductions,
// killer and history ordering), and its tapered evaluation (eval.go).
// internal/players makes it "auto" for chess.
//
// # Sources
//
//   - Tomasz Michniewski, "Simplified Evaluation Function"
//     (chessprogramming.org/Simplified_Evaluation_Function): the
//     piece-square tables.
//   - Stockfish: Info.HashFull sampled over the first thousand entries.
package chess
