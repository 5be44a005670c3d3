package search

import (
	"context"
	"sync/atomic"
	"time"
)

// Time management.
const (
	// defaultMovesToGo is the number of moves a sudden-death clock is
	// shared among.
	defaultMovesToGo = 30
	// moveOverhead is kept back from every clock for the protocol round
	// trip, unless Limits.MoveOverhead says otherwise.
	moveOverhead = 30 * time.Millisecond
)

// Policy is how a player turns a clock into a time budget (Allocate). The
// generic searchers use DefaultPolicy; a family's player may give its own
// numbers.
type Policy struct {
	MovesToGo int           // the moves a sudden-death clock is shared among
	Overhead  time.Duration // kept back a move for the round trip, unless Limits.MoveOverhead says
	// TenthAtMost keeps back at most a tenth of the clock for the overhead.
	TenthAtMost bool
	// Burst, when set, caps one move at 3/4 of the usable time divided by
	// min(movestogo, Burst); without it soft may take all of it (the last
	// move before a time control) and hard, past soft, 3/4 of it.
	Burst    int
	MinThink time.Duration // the least a move is given on a clock
}

// DefaultPolicy is the generic searchers' (Allocate).
var DefaultPolicy = Policy{MovesToGo: defaultMovesToGo, Overhead: moveOverhead, TenthAtMost: true}

// Allocate is DefaultPolicy.Allocate.
func Allocate(lim Limits, player int) (soft, hard time.Duration) {
	return DefaultPolicy.Allocate(lim, player)
}

// Allocate turns a clock into a time budget for the player to move: soft is
// the target (a searcher does not start a new iteration once half of it is
// gone), hard the moment it must stop. MoveTime is used less the move
// overhead (soft = hard = MoveTime - overhead, the overhead at most a fifth
// of MoveTime), as Stockfish does: the reply must reach the referee within
// MoveTime. With a clock, soft = usable/movestogo + 3/4 of the increment
// (movestogo p.MovesToGo when the clock is sudden death, or more than that)
// and hard = 3 x soft, both capped (p.Burst), where usable is the time
// left less the overhead (Limits.MoveOverhead, default p.Overhead; with
// p.TenthAtMost at most a tenth of the clock), and at least p.MinThink.
// Zero means no time limit (no clock for player, or Infinite).
func (p Policy) Allocate(lim Limits, player int) (soft, hard time.Duration) {
	if lim.Infinite {
		return 0, 0
	}
	overhead := p.Overhead
	if lim.MoveOverhead > 0 {
		overhead = lim.MoveOverhead
	}
	if mt := lim.MoveTime; mt > 0 {
		mt -= min(overhead, mt/5)
		return mt, mt
	}
	if player < 0 || player >= len(lim.Time) || lim.Time[player] <= 0 {
		return 0, 0
	}
	left := lim.Time[player]
	var inc time.Duration
	if player < len(lim.Inc) {
		inc = lim.Inc[player]
	}
	mtg := lim.MovesToGo
	if mtg <= 0 || mtg > p.MovesToGo {
		mtg = p.MovesToGo
	}
	if p.TenthAtMost {
		overhead = min(overhead, left/10)
	}
	usable := max(left-overhead, time.Millisecond)
	most := usable
	if p.Burst > 0 {
		most = usable * 3 / time.Duration(4*min(mtg, p.Burst))
	}
	if most < p.MinThink {
		return p.MinThink, p.MinThink
	}
	soft = min(usable/time.Duration(mtg)+inc*3/4, most)
	hard = min(3*soft, max(soft, min(most, usable*3/4)))
	return max(soft, p.MinThink), max(hard, p.MinThink)
}

// clock enforces a search's limits. Its stop flag is set from other
// goroutines (ctx, the hard deadline); the search polls it cheaply.
type clock struct {
	start    time.Time
	soft     time.Duration // 0: none
	hard     time.Duration // 0: none
	nodes    int64         // 0: none
	depth    int           // 0: none
	infinite bool
	stop     atomic.Bool
	release  []func() bool
}

// newClock starts enforcing lim for player. done must be called when the
// search ends.
func newClock(ctx context.Context, lim Limits, player int) *clock {
	c := &clock{start: time.Now(), infinite: lim.Infinite}
	if !lim.Infinite {
		c.nodes, c.depth = lim.Nodes, lim.Depth
	}
	soft, hard := Allocate(lim, player)
	c.soft, c.hard = soft, hard
	c.release = append(c.release, context.AfterFunc(ctx, func() { c.stop.Store(true) }))
	if hard > 0 {
		t := time.AfterFunc(hard, func() { c.stop.Store(true) })
		c.release = append(c.release, t.Stop)
	}
	return c
}

// unlimited reports whether no limit was given at all (the searcher then
// picks its default budget).
func (c *clock) unlimited() bool {
	return !c.infinite && c.hard == 0 && c.nodes == 0 && c.depth == 0
}

func (c *clock) done() {
	for _, f := range c.release {
		f()
	}
}

func (c *clock) elapsed() time.Duration { return time.Since(c.start) }

// stopped reports whether the search must stop now.
func (c *clock) stopped() bool { return c.stop.Load() }

// nextIteration reports whether there is time to start another iteration.
// A fixed move time (soft == hard) is used to the end.
func (c *clock) nextIteration() bool {
	return !c.stopped() && (c.soft == 0 || c.soft == c.hard || c.elapsed() < c.soft/2)
}

// waitInfinite blocks an infinite search that has nothing left to do until
// it is stopped, as UCI requires (no bestmove before stop).
func (c *clock) waitInfinite(ctx context.Context) {
	if c.infinite {
		<-ctx.Done()
	}
}
