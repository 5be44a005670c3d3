package othello

import (
	"context"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/othello"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/search"
)

// Defaults of the Othello player.
const (
	// solveNodeFactor scales a node limit for the solver, whose nodes cost
	// a small fraction of a midgame node (no evaluation, no interface).
	solveNodeFactor = 25
)

// Player is "auto" for Othello: iterative deepening alpha-beta
// (search.AlphaBeta) with the Othello evaluation and its move ordering in
// the midgame, and the exact endgame solver from SolveEmpties empty squares
// on. A position where the only move is a pass is answered at once.
type Player struct {
	// SolveEmpties: positions with at most this many empty squares are
	// solved exactly (0 or negative: never). NewPlayer sets engine.DefaultSolveEmpties.
	SolveEmpties int

	g      *othello.Game
	eval   *othelloEval
	ab     *search.AlphaBeta
	solver *Solver
}

// NewPlayer returns the Othello player for g with tables of hashMB
// megabytes each (0: search.DefaultHashMB).
func NewPlayer(g *othello.Game, hashMB int) *Player {
	e := newEval(g)
	p := &Player{
		SolveEmpties: engine.DefaultSolveEmpties,
		g:            g,
		eval:         e,
		ab:           search.NewAlphaBeta(e, hashMB),
		solver:       NewSolver(hashMB),
	}
	p.solver.prepare(g, e)
	return p
}

// Clear empties the transposition tables.
func (p *Player) Clear() {
	p.ab.Clear()
	p.solver.Clear()
}

// Search implements search.Searcher. In the solver's range the solver gets
// half the budget (a node limit counts 25 solver nodes for one of the
// midgame search's: they are that much cheaper), and if it cannot finish,
// the midgame search gets the rest. An infinite search solves until it is
// stopped.
func (p *Player) Search(ctx context.Context, st games.State, lim search.Limits, info func(search.Info)) search.Result {
	s, ok := st.(*othello.State)
	if !ok || s.Game() != p.g {
		// Not a position of the game this player was made for: a caller's
		// mistake, answered with a legal move rather than a crash.
		return search.Random{}.Search(ctx, st, lim, info)
	}
	if s.Player() == games.Terminal {
		return search.Result{Move: games.NoMove}
	}
	if s.Mobility(s.ToMove()) == 0 {
		return p.searchPass(ctx, s, lim, info)
	}
	if s.Empties() <= p.SolveEmpties {
		start := time.Now()
		sol := p.solver.Solve(ctx, s, solveLimits(lim, s.ToMove()))
		if sol.Exact || lim.Infinite || ctx.Err() != nil {
			in := search.Info{Depth: s.Empties(), SelDepth: s.Empties(), Score: 100 * sol.Score,
				Nodes: sol.Nodes, Time: sol.Time, PV: sol.PV}
			if !sol.Exact {
				in.Depth, in.Score, in.PV = 0, 0, []games.Move{sol.Move}
			}
			if info != nil {
				info(in)
			}
			if lim.Infinite {
				<-ctx.Done()
			}
			return search.Result{Move: sol.Move, Info: in}
		}
		// Not solved within its share: the midgame search gets the rest.
		lim = lim.Spend(s.ToMove(), sol.Nodes/solveNodeFactor, time.Since(start))
	}
	return p.ab.Search(ctx, st, lim, info)
}

// searchPass answers a forced pass: the pass, with the evaluation of a
// search of the position after it (a pass that loses by 32 discs is scored
// as such, not as 0). The reports are the child search's, one ply deeper,
// from the passing side's point of view, with the pass in front of the PV.
func (p *Player) searchPass(ctx context.Context, s *othello.State, lim search.Limits, info func(search.Info)) search.Result {
	s.Play(othello.Pass)
	defer s.Undo()
	lim.RootMoves = nil // they were moves of the passing side
	var relay func(search.Info)
	if info != nil {
		relay = func(in search.Info) { info(passInfo(in)) }
	}
	r := p.Search(ctx, s, lim, relay)
	return search.Result{Move: othello.Pass, Info: passInfo(r.Info)}
}

// passInfo is a report on the position after a pass as a report on the
// position before it: one ply deeper, negated, the pass in front.
func passInfo(in search.Info) search.Info {
	out := search.Info{Depth: in.Depth + 1, SelDepth: in.SelDepth + 1, Score: -in.Score, Nodes: in.Nodes,
		Time: in.Time, HashFull: in.HashFull, MultiPV: in.MultiPV,
		PV: append([]games.Move{othello.Pass}, in.PV...)}
	switch {
	case in.Mate > 0:
		out.Mate, out.Score = -(in.Mate + 1), -in.Score+1
	case in.Mate < 0:
		out.Mate, out.Score = -in.Mate+1, -in.Score-1
	}
	return out
}

// Baseline is the CPU of the source article: it plays the first
// legal square in the order a1, b1, ..., h1, a2, ... (row by row from the
// top left, the order of State.LegalMoves), or passes.
type Baseline struct{}

// Search implements search.Searcher; lim is ignored.
func (Baseline) Search(ctx context.Context, st games.State, lim search.Limits, info func(search.Info)) search.Result {
	moves := st.LegalMoves(nil)
	if len(moves) == 0 {
		return search.Result{Move: games.NoMove}
	}
	in := search.Info{Depth: 1, Nodes: 1, Time: time.Duration(0), PV: moves[:1]}
	if info != nil {
		info(in)
	}
	return search.Result{Move: moves[0], Info: in}
}

// solveLimits is the solver's share of lim for player me: half the nodes
// (in solver nodes) and half the hard time limit.
func solveLimits(lim search.Limits, me int) search.Limits {
	if lim.Infinite {
		return lim
	}
	out := search.Limits{Nodes: lim.Nodes * solveNodeFactor / 2}
	if _, hard := search.Allocate(lim, me); hard > 0 {
		out.MoveTime = max(hard/2, time.Millisecond)
	}
	return out
}
