package referee

import (
	"math/rand/v2"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/stats"
)

// pairRecords are the two games of pair k in which engine a scores
// points (0, 1/2, 1, 3/2 or 2): a has seat 1 in game 2k, seat 2 in 2k+1.
func pairRecords(k int, points float64) []*record.Record {
	ret := func(p float64) float64 { return 2*p - 1 } // 0, 1/2, 1 -> -1, 0, 1
	first := min(points, 1)
	second := points - first
	return []*record.Record{
		{Game: 2 * k, Pair: k, Seats: []string{"a", "b"}, Returns: []float64{ret(first), -ret(first)}, Termination: record.Normal},
		{Game: 2*k + 1, Pair: k, Seats: []string{"b", "a"}, Returns: []float64{-ret(second), ret(second)}, Termination: record.Normal},
	}
}

// TestSPRTDecision: the SPRT counts complete pairs in schedule order and
// stops at its first decision, so the order the games finish in never
// changes the decision or its LLR, and pairs after the decision (games
// that were in flight) are not counted. The pairs are those of a connect4
// match whose test said "stopped" while its llr line said "continue":
// pair 12 decides, pair 13 (played meanwhile) would pull the LLR of all
// 14 pairs back to 1.21.
func TestSPRTDecision(t *testing.T) {
	sp, err := stats.ParseSPRT("elo0=0,elo1=100,alpha=0.05,beta=0.05")
	if err != nil {
		t.Fatal(err)
	}
	points := []float64{1, 1, 2, 1, 2, 1, 1, 2, 1, 1.5, 1, 2, 1, 0}
	var rs []*record.Record
	var prefix stats.Penta
	wantPairs, wantLLR := 0, 0.0
	for k, p := range points {
		rs = append(rs, pairRecords(k, p)...)
		if wantPairs == 0 {
			prefix[int(2*p)]++
			if d, llr := sp.Decide(prefix); d != stats.Continue {
				wantPairs, wantLLR = k+1, llr
			}
		}
	}
	if wantPairs != 13 {
		t.Fatalf("the fixture decides after %d pairs, want 13", wantPairs)
	}
	var all stats.Penta
	for _, p := range points {
		all[int(2*p)]++
	}
	if d, _ := sp.Decide(all); d != stats.Continue {
		t.Fatalf("the fixture's 14 pairs decide (%v); the test needs them not to", d)
	}
	typ := games.Type{Players: 2, Utility: games.ZeroSum, MinReturn: -1, MaxReturn: 1}
	id := Identity{Engines: []EngineIdentity{{Name: "a"}, {Name: "b"}}}
	rng := rand.New(rand.NewPCG(1, 2))
	for try := range 20 {
		order := append([]*record.Record(nil), rs...)
		if try > 0 {
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		}
		s := summarize(id, typ, order, &sp).SPRT
		if s == nil || s.Decision != "H1 accepted" || !s.done || s.Pairs != wantPairs || s.LLR != wantLLR {
			t.Errorf("order %d: %+v; want H1 accepted after %d pairs, llr %v", try, s, wantPairs, wantLLR)
		}
	}

	// Before pair 0 is complete nothing counts, however many later pairs are.
	s := summarize(id, typ, rs[1:10], &sp).SPRT
	if s.Pairs != 0 || s.LLR != 0 || s.Decision != "continue" {
		t.Errorf("without game 0: %+v; want no pairs counted", s)
	}

	// A shard counts its own pairs: shard 2/3 plays pairs 1, 4, 7, ...
	tl := newTally(id, typ, &sp)
	tl.setShard(Shard{I: 2, N: 3})
	var shardPenta stats.Penta
	for k := 1; k < len(points); k += 3 {
		for _, r := range pairRecords(k, points[k]) {
			tl.add(r)
		}
		shardPenta[int(2*points[k])]++
	}
	_, llr := sp.Decide(shardPenta)
	if s := tl.summary().SPRT; s.Pairs != shardPenta.Pairs() || s.LLR != llr {
		t.Errorf("shard 2/3: %+v; want %d pairs, llr %v", s, shardPenta.Pairs(), llr)
	}
}
