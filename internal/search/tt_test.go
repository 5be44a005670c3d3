package search

import (
	"testing"

	"github.com/meeple-games/meeple/games"
)

// TestTableReplacement fills one bucket and checks which entry a new
// position replaces: the same position's entry, else an empty slot, else
// the shallowest, with age counting against depth.
func TestTableReplacement(t *testing.T) {
	tt := &table{buckets: make([]ttBucket, 1)}
	for i, d := range []int{5, 2, 7, 4} {
		tt.store(uint64(i+1), games.Move(i), 10*i, d, boundExact)
	}
	tt.store(9, 9, 0, 3, boundLower) // replaces key 2, the shallowest
	if _, ok := tt.probe(2); ok {
		t.Error("the depth-2 entry survived")
	}
	if e, ok := tt.probe(9); !ok || e.move != 9 || e.bound != boundLower {
		t.Errorf("new entry %+v, %v", e, ok)
	}
	// A shallower result for a stored position keeps the deeper one but
	// takes its move.
	tt.store(3, 42, 1, 1, boundUpper)
	if e, _ := tt.probe(3); e.depth != 7 || e.move != 42 || e.score != 20 {
		t.Errorf("entry 3: %+v", e)
	}
	// Four searches later, the old depth-7 entry is worth less than a
	// fresh depth-1 one: age replaces it.
	tt.gen += 4
	tt.store(10, 10, 0, 1, boundExact)
	tt.gen += 1
	tt.store(11, 11, 0, 1, boundExact)
	if _, ok := tt.probe(10); !ok {
		t.Error("the fresh entry 10 was replaced")
	}
	alive := 0
	for _, k := range []uint64{1, 3, 4, 9} {
		if _, ok := tt.probe(k); ok {
			alive++
		}
	}
	if alive != 2 {
		t.Errorf("%d of the old entries survive, want 2", alive)
	}
}

func TestMateScoresInTable(t *testing.T) {
	for _, s := range []int{0, 150, -MaxEval, MateScore - 3, -MateScore + 7} {
		for _, ply := range []int{0, 1, 9} {
			if got := fromTT(toTT(s, ply), ply); got != s {
				t.Errorf("score %d ply %d: %d", s, ply, got)
			}
		}
	}
	// A mate in 3 from a node at ply 4 is a mate in 7 from the root, and in
	// 5 when found again at ply 2.
	if got := fromTT(toTT(MateScore-7, 4), 2); got != MateScore-5 {
		t.Errorf("moved mate: %d", got)
	}
}
