package kinarow

import (
	"context"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/search"
)

// proveNodes bounds the solver of a Prover when the limits bound neither
// the nodes nor the time, and in infinite analysis.
const proveNodes = 2_000_000

// Prover is a k-in-a-row player that plays the solver's move whenever the
// solver proves the position within its share of the budget: half the
// nodes, half the time the clock allows. On Connect Four it first plays
// the move of its opening book (see Book) where it has one. Otherwise it hands the position,
// with what is left of the budget, to its fallback player. Its table is
// kept from move to move, so that once a game is proved the next moves
// are found in it. A search limited by depth goes to the fallback whole.
type Prover struct {
	solver *Solver
	book   *Book // nil: none for this board
	inner  search.Searcher
}

// NewProver returns a Prover for g with a table of about hashMB megabytes
// (0: search.DefaultHashMB) that falls back on inner.
func NewProver(g *kinarow.Game, hashMB int, inner search.Searcher) *Prover {
	if hashMB <= 0 {
		hashMB = search.DefaultHashMB
	}
	s := NewSolver(g, hashMB)
	return &Prover{solver: s, book: bookFor(g, s.bit), inner: inner}
}

// Clear empties the solver's table and, when it has one, the fallback's.
func (p *Prover) Clear() {
	p.solver.Clear()
	if c, ok := p.inner.(interface{ Clear() }); ok {
		c.Clear()
	}
}

// SetSeed passes the seed to the fallback player.
func (p *Prover) SetSeed(seed uint64) {
	if s, ok := p.inner.(search.Seeder); ok {
		s.SetSeed(seed)
	}
}

// Search implements search.Searcher.
func (p *Prover) Search(ctx context.Context, st games.State, lim search.Limits, info func(search.Info)) search.Result {
	s, ok := st.(*kinarow.State)
	// A depth limit asks for a search that deep, which the solver's
	// proof is not: the fallback answers it.
	if !ok || s.Game() != p.solver.g || s.Player() < 0 || len(lim.RootMoves) > 0 || lim.MultiPV > 1 || lim.Depth > 0 {
		return p.inner.Search(ctx, st, lim, info)
	}
	start := time.Now()
	me := s.Player()
	if m, ok := p.book.Move(s); ok {
		// A proved win, but not how soon: the score is that of the
		// longest game left, Mate stays 0 (unknown).
		left := s.Game().Cells() - s.Ply()
		in := search.Info{Depth: 1, SelDepth: 1, Score: search.MateScore - left, Time: time.Since(start), PV: []games.Move{m}}
		if info != nil {
			info(in)
		}
		if lim.Infinite {
			<-ctx.Done()
		}
		return search.Result{Move: m, Info: in}
	}
	nodes := int64(proveNodes)
	if lim.Nodes > 0 && !lim.Infinite {
		nodes = max(lim.Nodes/2, 1)
	}
	sctx := ctx
	if _, hard := search.Allocate(lim, me); hard > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, hard/2)
		defer cancel()
	}
	sol, err := p.solver.Prove(sctx, s, nodes)
	if err == nil && sol.Exact && sol.Move != games.NoMove {
		in := search.Info{Depth: sol.Plies, SelDepth: sol.Plies, Nodes: sol.Nodes, Time: time.Since(start), PV: sol.PV}
		switch {
		case sol.Score > 0:
			in.Mate, in.Score = sol.Plies, search.MateScore-sol.Plies
		case sol.Score < 0:
			in.Mate, in.Score = -sol.Plies, -search.MateScore+sol.Plies
		}
		if info != nil {
			info(in)
		}
		if lim.Infinite {
			<-ctx.Done()
		}
		return search.Result{Move: sol.Move, Info: in}
	}
	lim = lim.Spend(me, sol.Nodes, time.Since(start))
	res := p.inner.Search(ctx, st, lim, info)
	res.Info.Nodes += sol.Nodes
	return res
}

// Provable tells whether a Prover is worth its budget on g: on the boards
// of the bitboard solver (Connect Four and its kin) and on boards of at
// most 16 cells. On larger boards the generic solver proves only the last
// few moves, which the threat search finds anyway.
func Provable(g *kinarow.Game) bool { return bitSolvable(g) || g.Cells() <= 16 }
