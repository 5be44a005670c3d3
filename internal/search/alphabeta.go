package search

import (
	"context"
	"math"

	"github.com/meeple-games/meeple/games"
)

// Defaults of AlphaBeta.
const (
	DefaultHashMB = 16
	// DefaultNodes is the budget of a search given no limit at all.
	DefaultNodes = 1_000_000
)

const historySize = 1 << 12

// AlphaBeta is a negamax searcher for two-player zero-sum games of perfect
// information: principal variation search with iterative deepening, a
// transposition table, and move ordering by the table's move, the
// evaluator's hints (MoveOrderer), two killer moves per ply and the history
// heuristic. An evaluator that is a MoveFilter narrows forced positions to
// the moves that matter.
//
// Terminal positions score from State.Returns: a positive return for the
// player to move is a win, a negative one a loss, zero a draw; wins and
// losses are mate scores (MateScore less the plies to reach them), so the
// shortest forced win and the longest defence are preferred, and a forced
// end is reported in Info.Mate. A player may move several times in a row:
// the score is negated only where the player to move changes.
//
// Chance nodes are searched as expectations over all outcomes (expectimax,
// weighted by ChanceState.ChanceProbs when given) with a full window below
// them: correct but slow and never pruned; at the horizon a chance node
// scores 0. MCTS is the searcher for games of chance. Hidden information is
// not modelled: AlphaBeta searches the state it is given as if every player
// saw it.
//
// The table persists between searches (a game's later moves reuse it); Clear
// empties it. An AlphaBeta is used by one goroutine at a time; its Evaluator
// likewise.
type AlphaBeta struct {
	eval   Evaluator
	order  MoveOrderer // eval's, when it has one
	filter MoveFilter  // likewise
	tt     *table      // nil: no table

	// one search's state
	st         games.State
	clk        *clock
	nodes      int64
	seldepth   int
	horizon    int64 // positions cut off by depth (or by a table entry that was)
	abort      bool
	rootMoves  []games.Move
	restricted bool // rootMoves are some of the legal moves (Limits.RootMoves)
	plies      [MaxPly + 2]plyData
	pv         [MaxPly + 2][MaxPly + 2]games.Move
	pvLen      [MaxPly + 2]int
	history    [2][historySize]int32
}

type plyData struct {
	moves   []games.Move
	scores  []int32
	probs   []float64
	killers [2]games.Move
}

// NewAlphaBeta returns a searcher using eval (nil: ZeroEval) and a
// transposition table of hashMB megabytes (0: DefaultHashMB; negative: no
// table).
func NewAlphaBeta(eval Evaluator, hashMB int) *AlphaBeta {
	if eval == nil {
		eval = ZeroEval{}
	}
	ab := &AlphaBeta{eval: eval}
	ab.order, _ = eval.(MoveOrderer)
	ab.filter, _ = eval.(MoveFilter)
	ab.SetHash(hashMB)
	ab.Clear()
	return ab
}

// SetHash resizes the transposition table to mb megabytes (0: DefaultHashMB;
// negative: no table), emptying it.
func (ab *AlphaBeta) SetHash(mb int) {
	switch {
	case mb < 0:
		ab.tt = nil
	case mb == 0:
		ab.tt = newTable(DefaultHashMB)
	default:
		ab.tt = newTable(mb)
	}
}

// Clear forgets what earlier searches learnt: the table, killers, history.
func (ab *AlphaBeta) Clear() {
	if ab.tt != nil {
		ab.tt.clear()
	}
	ab.history = [2][historySize]int32{}
	for i := range ab.plies {
		ab.plies[i].killers = [2]games.Move{games.NoMove, games.NoMove}
	}
}

// Search runs iterative deepening on st within lim. See Searcher.
func (ab *AlphaBeta) Search(ctx context.Context, st games.State, lim Limits, info func(Info)) Result {
	me := st.Player()
	switch me {
	case games.Terminal:
		return Result{Move: games.NoMove}
	case games.Chance:
		return Result{Move: likeliestOutcome(st)}
	}
	clk := newClock(ctx, lim, me)
	defer clk.done()
	if clk.unlimited() {
		clk.nodes = DefaultNodes
	}
	maxDepth := MaxPly
	if clk.depth > 0 {
		maxDepth = min(clk.depth, MaxPly)
	}
	ab.st, ab.clk = st, clk
	ab.nodes, ab.seldepth, ab.horizon, ab.abort = 0, 0, 0, false
	defer func() { ab.st, ab.clk = nil, nil }()
	if ab.tt != nil {
		ab.tt.gen++
	}
	for p := range ab.history {
		for i := range ab.history[p] {
			ab.history[p][i] /= 4
		}
	}
	ab.orderRoot(lim)

	best := ab.rootMoves[0]
	last := Info{PV: []games.Move{best}}
	lines := min(max(lim.MultiPV, 1), len(ab.rootMoves))
	for depth := 1; depth <= maxDepth; depth++ {
		h0 := ab.horizon
		// MultiPV: line i is the best of the root moves after the first i,
		// which hold the lines before it.
		var found []Info
		for i := range lines {
			score, move, searched := ab.root(depth, i)
			if ab.abort {
				// The first root move is the previous iteration's best; a
				// move that beat it in full is better founded.
				if i == 0 && searched > 1 && move != best {
					best = move
					last.Score, last.Mate = score, MatePlies(score)
					last.PV = ab.principalVariation()
				}
				break
			}
			in := Info{Depth: depth, Score: score, Mate: MatePlies(score), PV: ab.principalVariation()}
			if lines > 1 {
				in.MultiPV = i + 1
			}
			found = append(found, in)
		}
		if len(found) == 0 {
			break
		}
		best = found[0].PV[0]
		forced := true // every line ends the game within the depth
		for i := range found {
			found[i].SelDepth, found[i].Nodes, found[i].Time = ab.seldepth, ab.nodes, clk.elapsed()
			if info != nil {
				info(found[i])
			}
			if m := found[i].Mate; m == 0 || abs(m) > depth {
				forced = false
			}
		}
		last = found[0]
		solved := ab.horizon == h0
		if ab.abort || solved || forced {
			break
		}
		if !clk.nextIteration() {
			break
		}
	}
	if !ab.abort {
		clk.waitInfinite(ctx)
	}
	last.Nodes, last.Time = ab.nodes, clk.elapsed()
	return Result{Move: best, Info: last}
}

// orderRoot fills rootMoves: the moves lim.RootMoves allows, the table's
// move first, then by the evaluator's hints. A restricted root searches
// the moves asked for, whether or not the MoveFilter would keep them.
func (ab *AlphaBeta) orderRoot(lim Limits) {
	pd := &ab.plies[0]
	pd.moves = ab.st.LegalMoves(pd.moves)
	only := lim.Restrict(pd.moves)
	ab.restricted = len(only) < len(pd.moves)
	if ab.restricted {
		pd.moves = append(pd.moves[:0], only...)
	} else if ab.filter != nil {
		pd.moves = ab.filter.FilterMoves(ab.st, pd.moves)
	}
	ttMove := games.NoMove
	if ab.tt != nil {
		if e, ok := ab.tt.probe(ab.st.Hash()); ok {
			ttMove = e.move
		}
	}
	ab.scoreMoves(0, ttMove)
	ab.rootMoves = ab.rootMoves[:0]
	for i := range pd.moves {
		ab.pick(pd, i)
		ab.rootMoves = append(ab.rootMoves, pd.moves[i])
	}
}

// root searches the root moves from index from on (the ones before it lead
// better MultiPV lines) to depth and returns the best score and move, and
// how many moves were searched in full. Each new best moves to index from,
// so the next iteration starts with it.
func (ab *AlphaBeta) root(depth, from int) (int, games.Move, int) {
	me := ab.st.Player()
	alpha, beta := -infinity, infinity
	best, bestMove := -infinity, ab.rootMoves[from]
	ab.pvLen[0] = 0
	searched := 0
	for i := from; i < len(ab.rootMoves); i++ {
		m := ab.rootMoves[i]
		ab.st.Play(m)
		if !ab.enter() {
			ab.st.Undo()
			break
		}
		v := ab.child(me, depth-1, 1, alpha, beta, i == from)
		ab.st.Undo()
		if ab.abort {
			break
		}
		searched++
		if v > best {
			best, bestMove = v, m
			alpha = max(alpha, v)
			ab.updatePV(0, m)
			copy(ab.rootMoves[from+1:i+1], ab.rootMoves[from:i])
			ab.rootMoves[from] = m
		}
	}
	// The table keeps the best of all moves only.
	if !ab.abort && ab.tt != nil && from == 0 && !ab.restricted {
		ab.tt.store(ab.st.Hash(), bestMove, toTT(best, 0), depth, boundExact)
	}
	return best, bestMove, searched
}

// enter counts a node and reports whether the search may go on.
func (ab *AlphaBeta) enter() bool {
	if ab.clk.nodes > 0 && ab.nodes >= ab.clk.nodes {
		ab.abort = true
		return false
	}
	ab.nodes++
	if ab.nodes&1023 == 0 && ab.clk.stopped() {
		ab.abort = true
		return false
	}
	return true
}

// child scores the position just reached (at ply, with depth left) for me,
// the player who moved into it: by the result when the game is over, by
// expectation at a chance node, else by a principal variation search whose
// score is negated when the player to move changed. first says the window is
// searched in full at once.
func (ab *AlphaBeta) child(me, depth, ply, alpha, beta int, first bool) int {
	ab.pvLen[ply] = ply
	if ply > ab.seldepth {
		ab.seldepth = ply
	}
	p := ab.st.Player()
	switch {
	case p == games.Terminal:
		return terminalScore(ab.st.Returns()[me], ply)
	case p == games.Chance:
		return ab.chance(me, depth, ply)
	case p == me:
		if first {
			return ab.search(depth, ply, alpha, beta)
		}
		v := ab.search(depth, ply, alpha, alpha+1)
		if v > alpha && v < beta && !ab.abort {
			v = ab.search(depth, ply, alpha, beta)
		}
		return v
	}
	if first {
		return -ab.search(depth, ply, -beta, -alpha)
	}
	v := -ab.search(depth, ply, -alpha-1, -alpha)
	if v > alpha && v < beta && !ab.abort {
		v = -ab.search(depth, ply, -beta, -alpha)
	}
	return v
}

func terminalScore(ret float64, ply int) int {
	switch {
	case ret > 0:
		return MateScore - ply
	case ret < 0:
		return -MateScore + ply
	}
	return 0
}

// search is the negamax at a position where a player is to move.
func (ab *AlphaBeta) search(depth, ply, alpha, beta int) int {
	if depth <= 0 || ply >= MaxPly {
		ab.horizon++
		return clampEval(ab.eval.Evaluate(ab.st))
	}
	// Mate distance pruning: nothing here beats a win on the next ply.
	alpha = max(alpha, -MateScore+ply)
	beta = min(beta, MateScore-ply-1)
	if alpha >= beta {
		return alpha
	}
	key := ab.st.Hash()
	ttMove := games.NoMove
	if ab.tt != nil {
		if e, ok := ab.tt.probe(key); ok {
			ttMove = e.move
			if int(e.depth) >= depth {
				s := fromTT(int(e.score), ply)
				if e.bound == boundExact || e.bound == boundLower && s >= beta || e.bound == boundUpper && s <= alpha {
					if e.depth != depthSolved {
						ab.horizon++
					}
					return s
				}
			}
		}
	}
	h0 := ab.horizon
	alpha0 := alpha
	me := ab.st.Player()
	pd := &ab.plies[ply]
	pd.moves = ab.st.LegalMoves(pd.moves)
	if ab.filter != nil {
		pd.moves = ab.filter.FilterMoves(ab.st, pd.moves)
	}
	ab.scoreMoves(ply, ttMove)
	best, bestMove := -infinity, games.NoMove
	for i := range pd.moves {
		ab.pick(pd, i)
		m := pd.moves[i]
		ab.st.Play(m)
		if !ab.enter() {
			ab.st.Undo()
			return 0
		}
		v := ab.child(me, depth-1, ply+1, alpha, beta, i == 0)
		ab.st.Undo()
		if ab.abort {
			return 0
		}
		if v <= best {
			continue
		}
		best, bestMove = v, m
		if v <= alpha {
			continue
		}
		alpha = v
		ab.updatePV(ply, m)
		if v >= beta {
			if m != pd.killers[0] {
				pd.killers[1], pd.killers[0] = pd.killers[0], m
			}
			h := &ab.history[me&1][historyIndex(m)]
			*h += int32(depth * depth)
			if *h > 1<<16-1 {
				ab.ageHistory()
			}
			break
		}
	}
	if ab.tt != nil {
		bound := boundExact
		switch {
		case best <= alpha0:
			bound = boundUpper
		case best >= beta:
			bound = boundLower
		}
		d := depth
		if ab.horizon == h0 {
			d = depthSolved
		}
		ab.tt.store(key, bestMove, toTT(best, ply), d, bound)
	}
	return best
}

// chance is the expectation, for me, of a chance node.
func (ab *AlphaBeta) chance(me, depth, ply int) int {
	if depth <= 0 || ply >= MaxPly {
		ab.horizon++
		return 0
	}
	pd := &ab.plies[ply]
	pd.moves = ab.st.LegalMoves(pd.moves)
	n := len(pd.moves)
	if cs, ok := ab.st.(games.ChanceState); ok {
		pd.probs = cs.ChanceProbs(pd.moves, pd.probs[:0])
	} else {
		pd.probs = pd.probs[:0]
		for range n {
			pd.probs = append(pd.probs, 1/float64(n))
		}
	}
	sum := 0.0
	for i := 0; i < n; i++ {
		ab.st.Play(pd.moves[i])
		if !ab.enter() {
			ab.st.Undo()
			return 0
		}
		v := ab.child(me, depth-1, ply+1, -infinity, infinity, true)
		ab.st.Undo()
		if ab.abort {
			return 0
		}
		sum += pd.probs[i] * float64(v)
	}
	ab.pvLen[ply] = ply
	return int(math.Round(sum))
}

// scoreMoves sets the ordering scores of plies[ply].moves.
func (ab *AlphaBeta) scoreMoves(ply int, ttMove games.Move) {
	pd := &ab.plies[ply]
	n := len(pd.moves)
	if cap(pd.scores) < n {
		pd.scores = make([]int32, n, 2*n)
	}
	pd.scores = pd.scores[:n]
	if ab.order != nil {
		ab.order.ScoreMoves(ab.st, pd.moves, pd.scores)
	} else {
		clear(pd.scores)
	}
	hist := &ab.history[ab.st.Player()&1]
	for i, m := range pd.moves {
		switch m {
		case ttMove:
			pd.scores[i] = math.MaxInt32
			continue
		case pd.killers[0]:
			pd.scores[i] += 1 << 21
		case pd.killers[1]:
			pd.scores[i] += 1 << 20
		}
		pd.scores[i] += hist[historyIndex(m)]
	}
}

// pick moves the best-scored of moves[i:] to i (selection sort, one step at
// a time: a cutoff leaves the rest unsorted).
func (ab *AlphaBeta) pick(pd *plyData, i int) {
	b := i
	for j := i + 1; j < len(pd.moves); j++ {
		if pd.scores[j] > pd.scores[b] {
			b = j
		}
	}
	pd.moves[i], pd.moves[b] = pd.moves[b], pd.moves[i]
	pd.scores[i], pd.scores[b] = pd.scores[b], pd.scores[i]
}

func (ab *AlphaBeta) ageHistory() {
	for p := range ab.history {
		for i := range ab.history[p] {
			ab.history[p][i] /= 2
		}
	}
}

func historyIndex(m games.Move) uint32 {
	return uint32(m) * 0x9E3779B1 >> (32 - 12)
}

// updatePV makes m followed by the child's line the line at ply.
func (ab *AlphaBeta) updatePV(ply int, m games.Move) {
	ab.pv[ply][ply] = m
	n := ab.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(ab.pv[ply][ply+1:n], ab.pv[ply+1][ply+1:n])
	ab.pvLen[ply] = n
}

// principalVariation returns the root's line from the PV table, extended
// with moves this search stored in the table where a cutoff shortened it
// (each checked to be legal).
func (ab *AlphaBeta) principalVariation() []games.Move {
	pv := append([]games.Move(nil), ab.pv[0][:ab.pvLen[0]]...)
	if len(pv) == 0 {
		return pv
	}
	played := 0
	for _, m := range pv {
		if ab.st.Player() < 0 {
			break
		}
		ab.st.Play(m)
		played++
	}
	if ab.tt != nil {
		var buf []games.Move
		for len(pv) < MaxPly && ab.st.Player() >= 0 {
			// Only this search's entries: an older one would put an earlier
			// search's line beside this search's score.
			e, ok := ab.tt.probe(ab.st.Hash())
			if !ok || e.gen != ab.tt.gen || e.move == games.NoMove || !contains(ab.st.LegalMoves(buf), e.move) {
				break
			}
			pv = append(pv, e.move)
			ab.st.Play(e.move)
			played++
		}
	}
	for range played {
		ab.st.Undo()
	}
	return pv
}

func contains(moves []games.Move, m games.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// likeliestOutcome is a searcher's answer at a chance node: the most
// probable outcome (the first when they are equally likely).
func likeliestOutcome(st games.State) games.Move {
	moves := st.LegalMoves(nil)
	cs, ok := st.(games.ChanceState)
	if !ok {
		return moves[0]
	}
	probs := cs.ChanceProbs(moves, nil)
	best := 0
	for i, p := range probs {
		if p > probs[best] {
			best = i
		}
	}
	return moves[best]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
