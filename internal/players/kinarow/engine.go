package kinarow

import (
	"context"
	"slices"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/search"
)

// proveNodes bounds the solver of a Prover when the limits bound neither
// the nodes nor the time, and in infinite analysis.
const proveNodes = 2_000_000

// proofFloor is the fewest nodes the solver of a Prover spends on a move,
// however few the limits allow: well under a millisecond, and enough that
// on Connect Four the first player keeps its win at any node budget (in
// self-play, one node a move included). So under a node limit below twice
// this the Prover may search more nodes than asked, as a chess engine
// given one node still completes its first iteration; the time a clock
// allows it still keeps to. The alphabeta algorithm, which has no solver,
// keeps to any node limit.
const proofFloor = 1 << 12

// Prover is a k-in-a-row player that plays the solver's move whenever the
// solver proves it within its share of the budget: half the nodes, half
// the time the clock allows. On Connect Four it first plays the move of
// its opening book (see Book) where it has one, and the solver spends its
// share on proving the position that move leaves, whose proof the moves
// after the book need. Otherwise the solver asks
// of each move in turn whether it wins (Solver.Sift) and, when one does,
// the Prover plays it, or the quickest win if an exact proof (Solver.Prove)
// follows within the share; when every move is refuted, the exact proof's
// move. Failing both it hands the position, with what is left of the
// budget, to its fallback player, restricted to the moves the solver has
// not proved to fall short of a win (Limits.RootMoves). Its table is kept
// from move to move, so that once a game is proved the next moves are
// found in it. A search limited by depth goes to the fallback whole.
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
	return &Prover{solver: s, book: bookFor(s.bit), inner: inner}
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
	nodes := int64(proveNodes)
	if lim.Nodes > 0 && !lim.Infinite {
		nodes = max(lim.Nodes/2, proofFloor)
	}
	sctx := ctx
	if _, hard := search.Allocate(lim, me); hard > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, hard/2)
		defer cancel()
	}
	answer := func(in search.Info) search.Result {
		in.Time = time.Since(start)
		if info != nil {
			info(in)
		}
		if lim.Infinite {
			<-ctx.Done()
		}
		return search.Result{Move: in.PV[0], Info: in}
	}
	if m, ok := p.book.Move(s); ok {
		// The book's move needs no search: the solver spends its share
		// on the proof that the move leaves o lost, which the moves after
		// the book need (the table keeps what it proves). A proved win,
		// but not how soon: the score is that of the longest game left,
		// Mate stays 0 (unknown).
		s.Play(m)
		_, used, _ := p.solver.probe(sctx, s, nodes, -1)
		s.Undo()
		left := s.Game().Cells() - s.Ply()
		return answer(search.Info{Depth: 1, SelDepth: 1, Nodes: used, Score: search.MateScore - left, PV: []games.Move{m}})
	}
	// First which moves win, then, with what is left, the exact score:
	// the quickest win, or the best of a position that is not won.
	sift, err := p.solver.Sift(sctx, s, nodes)
	used := sift.Nodes
	if err == nil && sift.Done && used < nodes {
		sol, err := p.solver.Prove(sctx, s, nodes-used)
		used += sol.Nodes
		if err == nil && sol.Exact && sol.Move != games.NoMove && (sift.Win == games.NoMove || sol.Score > 0) {
			in := search.Info{Depth: sol.Plies, SelDepth: sol.Plies, Nodes: used, PV: sol.PV}
			switch {
			case sol.Score > 0:
				in.Mate, in.Score = sol.Plies, search.MateScore-sol.Plies
			case sol.Score < 0:
				in.Mate, in.Score = -sol.Plies, -search.MateScore+sol.Plies
			}
			return answer(in)
		}
	}
	if err == nil && sift.Win != games.NoMove {
		// A proved win, but not how soon (as for the book's moves).
		left := s.Game().Cells() - s.Ply()
		return answer(search.Info{Depth: 1, SelDepth: 1, Nodes: used, Score: search.MateScore - left, PV: []games.Move{sift.Win}})
	}
	// The fallback chooses among the moves not proved to lose the win,
	// all of them when every move is so proved (the position is not won).
	lim = lim.Spend(me, used, time.Since(start))
	if !sift.Done && len(sift.Refuted) > 0 {
		for _, m := range s.LegalMoves(nil) {
			if !slices.Contains(sift.Refuted, m) {
				lim.RootMoves = append(lim.RootMoves, m)
			}
		}
	}
	res := p.inner.Search(ctx, st, lim, info)
	res.Info.Nodes += used
	return res
}

// Provable tells whether a Prover is worth its budget on g: on the boards
// of the bitboard solver (Connect Four and its kin) and on boards of at
// most 16 cells. On larger boards the generic solver proves only the last
// few moves, which the threat search finds anyway.
func Provable(g *kinarow.Game) bool { return bitSolvable(g) || g.Cells() <= 16 }
