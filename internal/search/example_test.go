package search_test

import (
	"context"
	"fmt"
	"time"

	"github.com/meeple-games/meeple/internal/search"
)

// Alpha-beta solves the subtraction game: from 10 stones, taking 1 to 3 a
// turn, the player to move takes 2 (leaving a multiple of 4) and wins in 5
// plies.
func ExampleAlphaBeta() {
	st := newTakeaway(10, 3)
	ab := search.NewAlphaBeta(nil, 1)
	res := ab.Search(context.Background(), st, search.Limits{Depth: 12}, nil)
	fmt.Println("take", res.Move, "mate in", res.Info.Mate, "plies")
	// Output: take 2 mate in 5 plies
}

// MCTS with a seed and an iteration budget is deterministic.
func ExampleMCTS() {
	st := newTakeaway(7, 3)
	mcts := search.NewMCTS(1)
	res := mcts.Search(context.Background(), st, search.Limits{Nodes: 5000}, nil)
	fmt.Println("take", res.Move, "after", res.Info.Nodes, "iterations")
	// Output: take 3 after 5000 iterations
}

// Allocate shares a clock: with 60 s left and 30 moves to the time control
// (the default for sudden death), the target is about 2 s and the hard
// limit three times that.
func ExampleAllocate() {
	soft, hard := search.Allocate(search.Limits{Time: []time.Duration{time.Minute, time.Minute}}, 1)
	fmt.Println(soft.Round(10*time.Millisecond), hard.Round(10*time.Millisecond))
	// Output: 2s 6s
}
