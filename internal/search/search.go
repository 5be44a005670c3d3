package search

import (
	"context"
	"slices"
	"time"

	"github.com/meeple-games/meeple/games"
)

// Limits bound one search. Zero values mean "no limit"; with no limit at all
// and Infinite false a searcher picks a small default budget.
type Limits struct {
	Depth     int             // plies
	Nodes     int64           // positions visited
	MoveTime  time.Duration   // exact time for this move
	Time      []time.Duration // remaining clock per player (index = seat); 0: no clock
	Inc       []time.Duration // increment per player
	MovesToGo int             // moves to the next time control (0: sudden death)
	Infinite  bool            // search until the context is cancelled

	// MoveOverhead is kept back from the clock on every move for the time
	// the answer takes to reach the arbiter (UCI's "Move Overhead");
	// 0: the default of Allocate, 30 ms.
	MoveOverhead time.Duration
	// RootMoves, when not empty, restricts the search to these moves of the
	// root (UCI's "go searchmoves"); moves not legal there are ignored
	// (Restrict). AlphaBeta, MCTS, Random and the chess player honour it
	// (the uci dialect, its one source, relies on that); a searcher that
	// cannot restrict its root ignores it.
	RootMoves []games.Move
	// MultiPV, above 1, asks for the best MultiPV root moves, each with
	// its score and line (UCI's MultiPV option): the searcher reports each
	// line in an Info with its MultiPV index. AlphaBeta and the chess
	// player honour it; a searcher that cannot ignores it.
	MultiPV int
}

// Restrict is the moves of legal that RootMoves lists, in legal's order:
// legal itself when RootMoves is empty or lists none of them.
func (lim Limits) Restrict(legal []games.Move) []games.Move {
	if len(lim.RootMoves) == 0 {
		return legal
	}
	var only []games.Move
	for _, m := range legal {
		if slices.Contains(lim.RootMoves, m) {
			only = append(only, m)
		}
	}
	if len(only) == 0 {
		return legal
	}
	return only
}

// Spend is what is left of lim after a player's own work before the
// search (a solver, tactical checks) used nodes and elapsed: the node budget,
// the move time and player's clock shrink, never below 1 node or 1 ms.
func (lim Limits) Spend(player int, nodes int64, elapsed time.Duration) Limits {
	if lim.Infinite {
		return lim
	}
	if lim.Nodes > 0 {
		lim.Nodes = max(lim.Nodes-nodes, 1)
	}
	if lim.MoveTime > 0 {
		lim.MoveTime = max(lim.MoveTime-elapsed, time.Millisecond)
	}
	if player >= 0 && player < len(lim.Time) && lim.Time[player] > 0 {
		lim.Time = slices.Clone(lim.Time)
		lim.Time[player] = max(lim.Time[player]-elapsed, time.Millisecond)
	}
	return lim
}

// Info is a progress report, as in UCI's info line.
type Info struct {
	Depth    int
	SelDepth int
	Score    int // for the side to move: centi-units for evaluations, 100 x expected return for MCTS; ±(MateScore-plies) with Mate
	Mate     int // plies to a forced end: > 0 the side to move wins, < 0 it loses, 0 none known
	Nodes    int64
	Time     time.Duration
	PV       []games.Move
	HashFull int // permille of the transposition table in use (UCI's hashfull); 0 when not reported
	MultiPV  int // with Limits.MultiPV: the line's rank, 1 the best; 0 in a single-line search
}

// Result is a search's answer.
type Result struct {
	Move games.Move // games.NoMove only when the position is terminal
	Info Info       // the last report
}

// Searcher picks moves. Search leaves st as it found it (it undoes or clones),
// honours ctx at any moment (returning its best move so far promptly), and
// calls info, when not nil, from the calling goroutine as it progresses.
// A Searcher is used by one goroutine at a time.
type Searcher interface {
	Search(ctx context.Context, st games.State, lim Limits, info func(Info)) Result
}

// Seeder is implemented by the searchers that draw random numbers: SetSeed
// gives them a new seed and keeps everything else they hold, so a new seed
// never costs a rebuild. A searcher that does not implement it ignores seeds.
type Seeder interface {
	SetSeed(seed uint64)
}

// Clearer is implemented by searchers that keep what they learn between
// searches (a transposition table): Clear forgets it, as on a new game.
type Clearer interface {
	Clear()
}
