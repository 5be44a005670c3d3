// Package chess is meeple's chess player: Player, a dedicated alpha-beta
// searcher on games/chess's State (principal variation search, iterative
// deepening with aspiration windows, a transposition table that keeps
// static evaluations, quiescence with static exchange evaluation,
// internal iterative reduction, null-move, futility and reverse futility
// pruning, late-move reductions and pruning, history pruning, killer,
// counter-move, history and continuation-history ordering, the check
// and singular extensions with multi-cut; iterative deepening's share
// of the clock grows while the best move changes), its tapered
// evaluation (eval.go, weights in weights.go) and a tuner for the
// weights (tune.go: self-play positions and Texel's method; `meeple
// tune`).
// internal/players makes it "auto" for chess.
//
// How its strength is measured (the figures go in the issue notes, never
// in a timed test):
//
//	meeple epd wac.epd --movetime 1000      # Win At Chess, 1 s a position
//	meeple epd wac.epd --nodes 1500000      # the same by nodes, for a loaded machine
//	meeple match --variant chess --games 600 --nodes 6000 \
//	  --openings openings/chess.txt --openings-order random --random-plies 2 \
//	  --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 \
//	  --engine 'name=new cmd=./meeple-new arg=engine proto=uci' \
//	  --engine 'name=old cmd=./meeple-old arg=engine proto=uci'
//
// # Sources
//
//   - Tomasz Michniewski, "Simplified Evaluation Function"
//     (chessprogramming.org/Simplified_Evaluation_Function): the
//     piece-square tables the tuning started from.
//   - Peter Österlund, Texel's tuning method
//     (chessprogramming.org/Texel%27s_Tuning_Method): the logistic fit of
//     evaluation weights to game results.
//   - Stockfish: Info.HashFull sampled over the first thousand entries;
//     the history's "gravity" update; the singular extension's search
//     without the table's move at half the depth, and its multi-cut.
package chess
