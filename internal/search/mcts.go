package search

import (
	"context"
	"hash/fnv"
	"math"
	"math/rand/v2"

	"github.com/meeple-games/meeple/games"
)

// Defaults of MCTS.
const (
	// DefaultIterations is the budget of a search given no node or time limit.
	DefaultIterations = 20_000
	// DefaultTreeNodes bounds the tree; once it is full, iterations go on
	// without adding nodes.
	DefaultTreeNodes = 1 << 20
	// DefaultRolloutPlies caps a random roll-out; a roll-out that reaches it
	// counts as returns of zero (or is scored by Eval when set).
	DefaultRolloutPlies = 10_000
)

// MCTS is Monte Carlo tree search with the UCT selection rule (Kocsis and
// Szepesvári 2006, as surveyed by Browne et al. 2012): each iteration
// descends the tree by UCB1, adds one node, finishes the game with random
// moves (a roll-out) and adds the returns to every node on the path.
//
// It plays any number of players: a node keeps the sum of the returns
// vector, and selection at a node uses the component of the player to move
// there, so zero-sum, general-sum and cooperative (identical utility) games
// all work. Chance nodes are sampled with games.SampleChance, each outcome
// its own child (closed loop). Returns are normalised to [0, 1] for UCB1 by
// MinReturn..MaxReturn, or by the range seen in roll-outs when those are
// equal.
//
// For imperfect information (a games.ViewState at the root) it uses
// determinization: every iteration runs on st.Resample(player, rng), a full
// state consistent with what the player to move sees, and all iterations
// share one tree keyed by moves; at a node only the children legal in the
// current determinization compete, and UCB1 counts how often each was
// available rather than the parent's visits (as in SO-ISMCTS, Cowling et al.
// 2012). It does not model what the other players know: a full IS-MCTS is
// later work.
//
// A search is deterministic for a given Seed, position and iteration budget:
// its generator is seeded from Seed and the position's hash (the view
// string's under imperfect information). Info.Nodes counts iterations.
// An MCTS is used by one goroutine at a time.
type MCTS struct {
	Seed uint64
	// C is the exploration constant Cp of UCB1: X + 2Cp sqrt(2 ln n / n_j)
	// (0: 1/sqrt 2, right for returns in [0, 1]).
	C float64
	// MinReturn and MaxReturn give the range of a player's return (the
	// game's Type); when equal, the range seen so far is used.
	MinReturn, MaxReturn float64
	// Eval, when set, ends roll-outs early: after EvalPlies random moves
	// the position is scored by Eval and the score mapped to returns
	// tanh(score/EvalScale) for the player to move and its negation for the
	// other (two-player zero-sum games only).
	Eval      Evaluator
	EvalPlies int
	EvalScale float64 // 0: 400
	// MaxRolloutPlies caps a roll-out (0: DefaultRolloutPlies).
	MaxRolloutPlies int
	// MaxTreeNodes bounds the tree (0: DefaultTreeNodes).
	MaxTreeNodes int

	// one search's state
	nodes    []mnode
	sums     []float64 // per node, one return sum per player
	players  int
	rng      *rand.Rand
	buf      []games.Move
	untried  []games.Move
	cands    []int32
	ret      []float64
	lo, hi   float64
	cp       float64
	maxDepth int
	only     []games.Move // Limits.RootMoves
}

type mnode struct {
	move     games.Move
	mover    int32 // who chose move: a seat, or games.Chance for an outcome
	parent   int32
	visits   uint32
	avail    uint32 // times it could have been selected (determinized mode)
	expanded bool   // untried holds the moves not yet added (fixed mode)
	children []int32
	untried  []games.Move
}

// NewMCTS returns an MCTS seeded with seed and the default settings.
func NewMCTS(seed uint64) *MCTS { return &MCTS{Seed: seed} }

// SetSeed implements Seeder.
func (m *MCTS) SetSeed(seed uint64) { m.Seed = seed }

// Search runs UCT iterations on st within lim: Nodes is the number of
// iterations; Depth d stops the search once every root move has been tried
// and the principal line (the most visited path, whose length Info.Depth
// reports) is d plies long; without a node or time limit it runs at most
// DefaultIterations (a line that ends the game in fewer than d plies never
// stops it before that). See Searcher.
func (m *MCTS) Search(ctx context.Context, st games.State, lim Limits, info func(Info)) Result {
	me := st.Player()
	switch me {
	case games.Terminal:
		return Result{Move: games.NoMove}
	case games.Chance:
		return Result{Move: likeliestOutcome(st)}
	}
	clk := newClock(ctx, lim, me)
	defer clk.done()
	budget := clk.nodes
	if budget == 0 && clk.hard == 0 && !clk.infinite {
		budget = DefaultIterations
	}
	view, determinize := st.(games.ViewState)
	seed2 := st.Hash()
	if determinize {
		h := fnv.New64a()
		h.Write([]byte(view.View(me)))
		seed2 = h.Sum64()
	}
	m.rng = rand.New(rand.NewPCG(m.Seed, seed2))
	m.players = len(st.Returns())
	m.ret = make([]float64, m.players)
	m.lo, m.hi = m.MinReturn, m.MaxReturn
	if m.hi <= m.lo { // learn the range from the roll-outs
		m.lo, m.hi = math.Inf(1), math.Inf(-1)
	}
	m.cp = m.C
	if m.cp == 0 {
		m.cp = 1 / math.Sqrt2
	}
	m.maxDepth = 0
	m.only = lim.RootMoves
	m.nodes = m.nodes[:0]
	m.sums = m.sums[:0]
	m.newNode(-1, games.NoMove, int32(me))
	defer func() {
		clear(m.nodes[:cap(m.nodes)]) // drop the children slices
		m.nodes = m.nodes[:0]
	}()

	var work games.State
	if !determinize {
		work = st.Clone()
	}
	var rootLegal []games.Move
	if clk.depth > 0 {
		rootLegal = m.legal(st, 0, nil)
	}
	next := int64(1024)
	var iters int64
	for (budget == 0 || iters < budget) && !clk.stopped() {
		if iters&63 == 63 && clk.soft > 0 && clk.elapsed() >= clk.soft {
			break
		}
		if determinize {
			work = view.Resample(me, m.rng)
		}
		m.iterate(work, determinize)
		iters++
		if iters == next && info != nil {
			info(m.info(st, iters, clk))
			next *= 2
		}
		if clk.depth > 0 && len(m.nodes[0].children) >= len(rootLegal) && m.lineReaches(rootLegal, clk.depth) {
			break
		}
	}
	if iters == 0 { // stopped before the first iteration
		if determinize {
			work = view.Resample(me, m.rng)
		}
		m.iterate(work, determinize)
		iters++
	}
	last := m.info(st, iters, clk)
	if info != nil {
		info(last)
	}
	move := games.NoMove
	if len(last.PV) > 0 {
		move = last.PV[0]
	}
	if root := m.legal(st, 0, nil); move == games.NoMove || !contains(root, move) {
		move = root[0]
	}
	return Result{Move: move, Info: last}
}

func (m *MCTS) newNode(parent int32, move games.Move, mover int32) int32 {
	idx := int32(len(m.nodes))
	m.nodes = append(m.nodes, mnode{move: move, mover: mover, parent: parent})
	for range m.players {
		m.sums = append(m.sums, 0)
	}
	if parent >= 0 {
		m.nodes[parent].children = append(m.nodes[parent].children, idx)
	}
	return idx
}

func (m *MCTS) treeFull() bool {
	limit := m.MaxTreeNodes
	if limit <= 0 {
		limit = DefaultTreeNodes
	}
	return len(m.nodes) >= limit
}

// iterate runs one iteration on st (the root position, or a determinization
// of it) and leaves st as it found it unless it is a throwaway determinization.
func (m *MCTS) iterate(st games.State, determinize bool) {
	idx, depth, played := int32(0), 0, 0
	for {
		p := st.Player()
		if p == games.Terminal {
			break
		}
		var c int32 = -1
		expand := false
		switch {
		case p == games.Chance:
			mv := games.SampleChance(st, m.rng)
			c = m.findChild(idx, mv)
			if c < 0 {
				if m.treeFull() {
					break
				}
				c = m.newNode(idx, mv, games.Chance)
				expand = true
			}
		case determinize:
			c, expand = m.selectVarying(st, idx, p)
		default:
			c, expand = m.selectFixed(st, idx, p)
		}
		if c < 0 {
			break
		}
		st.Play(m.nodes[c].move)
		played++
		idx = c
		depth++
		if expand {
			break
		}
	}
	if depth > m.maxDepth {
		m.maxDepth = depth
	}
	played += m.rollout(st)
	if !determinize {
		for range played {
			st.Undo()
		}
	}
	for i := idx; i >= 0; i = m.nodes[i].parent {
		m.nodes[i].visits++
		s := m.sums[int(i)*m.players:]
		for k, r := range m.ret {
			s[k] += r
		}
	}
}

// selectFixed picks the child to descend to at a node whose moves are the
// same every visit: an untried move at random while there is one, else UCB1.
func (m *MCTS) selectFixed(st games.State, idx int32, p int) (int32, bool) {
	n := &m.nodes[idx]
	if !n.expanded {
		n.untried = m.legal(st, idx, nil)
		n.expanded = true
	}
	if len(n.untried) > 0 && !m.treeFull() {
		i := m.rng.IntN(len(n.untried))
		mv := n.untried[i]
		last := len(n.untried) - 1
		n.untried[i] = n.untried[last]
		n.untried = n.untried[:last]
		if last == 0 {
			n.untried = nil
		}
		return m.newNode(idx, mv, int32(p)), true
	}
	if len(n.children) == 0 {
		return -1, false
	}
	logN := math.Log(float64(n.visits))
	best, bestV := int32(-1), math.Inf(-1)
	for _, c := range n.children {
		if v := m.ucb(c, p, logN); v > bestV {
			best, bestV = c, v
		}
	}
	return best, false
}

// selectVarying is selectFixed for determinized states, where the legal
// moves at a node change from one iteration to the next.
func (m *MCTS) selectVarying(st games.State, idx int32, p int) (int32, bool) {
	m.buf = m.legal(st, idx, m.buf)
	m.cands = m.cands[:0]
	untried := m.untried[:0]
	for _, mv := range m.buf {
		c := m.findChild(idx, mv)
		if c < 0 {
			untried = append(untried, mv)
			continue
		}
		m.nodes[c].avail++
		m.cands = append(m.cands, c)
	}
	m.untried = untried
	if len(untried) > 0 && !m.treeFull() {
		mv := untried[m.rng.IntN(len(untried))]
		c := m.newNode(idx, mv, int32(p))
		m.nodes[c].avail++
		return c, true
	}
	if len(m.cands) == 0 {
		return -1, false
	}
	best, bestV := int32(-1), math.Inf(-1)
	for _, c := range m.cands {
		if v := m.ucb(c, p, math.Log(float64(m.nodes[c].avail))); v > bestV {
			best, bestV = c, v
		}
	}
	return best, false
}

// legal is the moves st allows at node idx, appended to buf[:0]; at the
// root, those that Limits.RootMoves allows.
func (m *MCTS) legal(st games.State, idx int32, buf []games.Move) []games.Move {
	buf = st.LegalMoves(buf)
	if idx == 0 && len(m.only) > 0 {
		return Limits{RootMoves: m.only}.Restrict(buf)
	}
	return buf
}

// ucb is the UCB1 value of child c for player p.
func (m *MCTS) ucb(c int32, p int, logN float64) float64 {
	n := &m.nodes[c]
	if n.visits == 0 {
		return math.Inf(1)
	}
	v := float64(n.visits)
	return m.normalize(m.sums[int(c)*m.players+p]/v) + 2*m.cp*math.Sqrt(2*logN/v)
}

func (m *MCTS) normalize(x float64) float64 {
	if m.hi <= m.lo {
		return 0.5
	}
	return (x - m.lo) / (m.hi - m.lo)
}

func (m *MCTS) findChild(idx int32, mv games.Move) int32 {
	for _, c := range m.nodes[idx].children {
		if m.nodes[c].move == mv {
			return c
		}
	}
	return -1
}

// rollout plays random moves to the end (or the cap, or the evaluator's
// horizon), sets m.ret and returns the number of moves played.
func (m *MCTS) rollout(st games.State) int {
	limit := m.MaxRolloutPlies
	if limit <= 0 {
		limit = DefaultRolloutPlies
	}
	if m.Eval != nil {
		limit = min(limit, m.EvalPlies)
	}
	played := 0
	for st.Player() != games.Terminal && played < limit {
		var mv games.Move
		if st.Player() == games.Chance {
			mv = games.SampleChance(st, m.rng)
		} else {
			m.buf = st.LegalMoves(m.buf)
			mv = m.buf[m.rng.IntN(len(m.buf))]
		}
		st.Play(mv)
		played++
	}
	p := st.Player()
	switch {
	case p == games.Terminal:
		copy(m.ret, st.Returns())
	case m.Eval != nil && p >= 0 && m.players == 2:
		scale := m.EvalScale
		if scale == 0 {
			scale = 400
		}
		x := math.Tanh(float64(m.Eval.Evaluate(st)) / scale)
		m.ret[p], m.ret[1-p] = x, -x
	default:
		clear(m.ret)
	}
	if m.MaxReturn <= m.MinReturn {
		for _, r := range m.ret {
			m.lo, m.hi = min(m.lo, r), max(m.hi, r)
		}
	}
	return played
}

// info reports the search so far: the most visited line, and the root
// player's expected return on its first move.
func (m *MCTS) info(st games.State, iters int64, clk *clock) Info {
	me := st.Player()
	inf := Info{Nodes: iters, Time: clk.elapsed(), SelDepth: m.maxDepth}
	legal := m.legal(st, 0, nil)
	idx := int32(0)
	for {
		best := m.bestChild(idx, legal)
		if best < 0 {
			break
		}
		if idx == 0 {
			inf.Score = int(math.Round(100 * m.sums[int(best)*m.players+me] / float64(m.nodes[best].visits)))
		}
		inf.PV = append(inf.PV, m.nodes[best].move)
		idx = best
	}
	inf.Depth = len(inf.PV)
	return inf
}

// bestChild is the child of idx on the principal line: the most visited
// player move (a move of legal at the root), or -1.
func (m *MCTS) bestChild(idx int32, legal []games.Move) int32 {
	best := int32(-1)
	for _, c := range m.nodes[idx].children {
		cn := &m.nodes[c]
		if cn.mover == games.Chance || cn.visits == 0 {
			continue
		}
		if idx == 0 && !contains(legal, cn.move) {
			continue
		}
		if best < 0 || m.better(c, best) {
			best = c
		}
	}
	return best
}

// lineReaches reports whether the principal line is at least n plies long.
func (m *MCTS) lineReaches(legal []games.Move, n int) bool {
	idx := int32(0)
	for range n {
		if idx = m.bestChild(idx, legal); idx < 0 {
			return false
		}
	}
	return true
}

// better reports whether child a is preferred to its sibling b: more
// visits, then a higher mean for the player who chose it.
func (m *MCTS) better(a, b int32) bool {
	na, nb := &m.nodes[a], &m.nodes[b]
	if na.visits != nb.visits {
		return na.visits > nb.visits
	}
	p := int(na.mover)
	return m.sums[int(a)*m.players+p]/float64(na.visits) > m.sums[int(b)*m.players+p]/float64(nb.visits)
}
