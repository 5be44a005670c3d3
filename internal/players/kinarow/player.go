package kinarow

import (
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/search"
)

// Scores of the k-in-a-row evaluation, for the player to move.
const (
	// winNext: the player to move completes a window now.
	winNext = 100_000
	// forkNext: the player to move makes two immediate threats at once and
	// the opponent has none: a win in three plies (without gravity).
	forkNext = 50_000
	// lineScale turns the weighted window counts into centi-units.
	lineScale = 4
)

// board holds what the k-in-a-row players read from a game, and scratch
// space for one goroutine.
type board struct {
	g       *kinarow.Game
	lines   [][]int32
	k       int
	gravity bool
	exact   bool
	weight  []int // by stones in a live window: 1, 4, 16, 64, ...
	// parity[seat][cell], with gravity: the weight (in halves) of a threat
	// of seat that waits on cell. With an even number of cells, zugzwang at
	// the end gives x the cells at even heights (rows 1, 3, 5 counted from
	// 1) and o those at odd heights, so a threat on one's own parity is the
	// one that wins (Allis's rule for Connect Four).
	parity [2][]int

	stamp [2][]uint32 // per seat and cell: the pass that last marked it
	pass  uint32

	// central[cell]: 63 less the cell's distance from the centre of the
	// board (in half cells, summed over the axes), at least 0: the move
	// order's last tie-break, so that among equal cells the central ones
	// come first (gomoku opens in the centre).
	central []int32
}

func newBoard(g *kinarow.Game) *board {
	b := &board{g: g, lines: g.Lines(), k: g.Connect(), gravity: g.Gravity() > 0, exact: g.Exact()}
	b.weight = make([]int, b.k+1)
	for n, w := 1, 1; n <= b.k; n++ {
		b.weight[n] = w
		if w < 1<<20 {
			w *= 4
		}
	}
	b.stamp = [2][]uint32{make([]uint32, g.Cells()), make([]uint32, g.Cells())}
	b.central = make([]int32, g.Cells())
	dims := g.Dims()
	for c := range g.Cells() {
		d := 0
		for ax, n := range dims {
			d += abs(2*g.Coord(c, ax) - (n - 1))
		}
		b.central[c] = int32(max(63-d, 0))
	}
	if b.gravity {
		for seat := range 2 {
			b.parity[seat] = make([]int, g.Cells())
			for c := range g.Cells() {
				b.parity[seat][c] = 2
				if g.Cells()%2 == 0 {
					if g.Coord(c, g.Gravity()-1)%2 == seat {
						b.parity[seat][c] = 6
					} else {
						b.parity[seat][c] = 1
					}
				}
			}
		}
	}
	return b
}

// nextPass starts a marking pass: cells marked before are unmarked.
func (b *board) nextPass() uint32 {
	b.pass++
	if b.pass == 0 {
		clear(b.stamp[0])
		clear(b.stamp[1])
		b.pass = 1
	}
	return b.pass
}

// emptyCell returns the first empty cell of window li.
func (b *board) emptyCell(s *kinarow.State, li int) int32 {
	for _, c := range b.lines[li] {
		if s.At(int(c)) < 0 {
			return c
		}
	}
	return -1
}

// realThreat reports whether filling window li (k-1 stones of seat) wins:
// always, except under the exact rule when a stone of seat lies just beyond
// either end (the run would be too long).
func (b *board) realThreat(s *kinarow.State, li int, seat int) bool {
	if !b.exact {
		return true
	}
	before, after := b.g.LineEnds(int32(li))
	return (before < 0 || s.At(int(before)) != seat) && (after < 0 || s.At(int(after)) != seat)
}

// winCells appends to buf the distinct cells where seat wins by playing
// now (playable cells only: with gravity, a cell above an empty one waits).
func (b *board) winCells(s *kinarow.State, seat int, buf []int32) []int32 {
	mark := b.nextPass()
	for li := range b.lines {
		c := s.LineCount(int32(li))
		if int(c[seat]) != b.k-1 || c[1-seat] != 0 {
			continue
		}
		cell := b.emptyCell(s, li)
		if cell < 0 || b.stamp[seat][cell] == mark || !s.Playable(int(cell)) || !b.realThreat(s, li, seat) {
			continue
		}
		b.stamp[seat][cell] = mark
		buf = append(buf, cell)
	}
	return buf
}

// forks counts the windows through cell that a stone of seat there would
// turn into immediate threats (k-2 stones of seat, none of the other): two
// or more make a double threat.
func (b *board) forks(s *kinarow.State, seat int, cell int) int {
	n := 0
	for _, li := range b.g.LinesThrough(cell) {
		c := s.LineCount(li)
		if int(c[seat]) == b.k-2 && c[1-seat] == 0 {
			n++
		}
	}
	return n
}

// threatEval is the k-in-a-row evaluation: a search.Evaluator and
// search.MoveOrderer over the window counts a kinarow.State keeps.
//
// A window holding stones of one side only is live for that side and is
// worth weight[n] for its n stones (1, 4, 16, 64, ...: steeply growing, and
// since a central cell lies in more windows, a central stone counts in more
// live windows: that is the centrality term). The side to move's total is
// raised by a quarter (tempo). Then the threats: a window one stone short
// whose empty cell is playable is an immediate threat. The side to move
// with an immediate threat wins now (winNext); facing two distinct
// immediate threats it has lost (it can block one); with neither, a
// playable cell where it makes two threats at once is a forced win
// (forkNext), as is blocking the opponent's one threat on such a cell.
// Cells where the opponent would make two threats (fork cells) cost. With
// gravity, a threat that waits on an empty cell below counts by its parity:
// three threat weights on the owner's parity (see board.parity), half a one
// on the other.
type threatEval struct {
	*board
	cnt     [2][]uint8 // per seat and cell: windows a stone there makes threats of
	touched []int32
	scratch []int32
}

// NewEval is the threat evaluation of g, with its move ordering and its
// filter of forced positions (search.MoveOrderer, search.MoveFilter).
func NewEval(g *kinarow.Game) search.Evaluator { return newThreatEval(newBoard(g)) }

func newThreatEval(b *board) *threatEval {
	n := b.g.Cells()
	return &threatEval{board: b, cnt: [2][]uint8{make([]uint8, n), make([]uint8, n)}}
}

// Evaluate scores a position for the side to move (see threatEval).
func (e *threatEval) Evaluate(st games.State) int {
	s := st.(*kinarow.State)
	me := s.Player()
	if me < 0 {
		return 0
	}
	op := 1 - me
	k := e.k
	mark := e.nextPass()
	var sum, wins, latent [2]int
	var opWin int32 = -1
	e.touched = e.touched[:0]
	for li := range e.lines {
		c := s.LineCount(int32(li))
		seat, n := 0, int(c[0])
		switch {
		case c[0] > 0 && c[1] > 0:
			continue
		case c[1] > 0:
			seat, n = 1, int(c[1])
		case n == 0:
			continue
		}
		sum[seat] += e.weight[n]
		switch {
		case n == k-1:
			cell := e.emptyCell(s, li)
			if cell < 0 || e.stamp[seat][cell] == mark || !e.realThreat(s, li, seat) {
				continue
			}
			e.stamp[seat][cell] = mark
			if s.Playable(int(cell)) {
				wins[seat]++
				if seat == op {
					opWin = cell
				}
			} else {
				latent[seat] += e.parity[seat][cell]
			}
		case n == k-2 && k >= 3:
			for _, cell := range e.lines[li] {
				if s.At(int(cell)) >= 0 {
					continue
				}
				if e.cnt[0][cell] == 0 && e.cnt[1][cell] == 0 {
					e.touched = append(e.touched, cell)
				}
				if e.cnt[seat][cell] < 255 {
					e.cnt[seat][cell]++
				}
			}
		}
	}
	var forkCells [2]int
	blockForks := false
	for _, cell := range e.touched {
		if s.Playable(int(cell)) {
			for seat := range 2 {
				if e.cnt[seat][cell] >= 2 {
					forkCells[seat]++
				}
			}
			if cell == opWin && e.cnt[me][cell] >= 2 {
				blockForks = true
			}
		}
		e.cnt[0][cell], e.cnt[1][cell] = 0, 0
	}
	switch {
	case wins[me] > 0:
		return winNext
	case wins[op] >= 2:
		return -winNext
	case !e.gravity && (wins[op] == 0 && forkCells[me] > 0 || blockForks):
		return forkNext
	}
	threat := e.weight[max(k-1, 1)]
	score := sum[me]*5/4 - sum[op]
	score += threat * (latent[me] - latent[op]) / 2
	score -= 2 * threat * forkCells[op]
	score += threat * forkCells[me] / 2
	if wins[op] == 1 {
		score -= threat // the move is spent on the block
	}
	return score * lineScale
}

// FilterMoves narrows the moves when the position is forced: with a win in
// one, to that win; facing an immediate win of the opponent, to the block
// (facing two, every move loses at once, so one block stands for all).
func (e *threatEval) FilterMoves(st games.State, moves []games.Move) []games.Move {
	s := st.(*kinarow.State)
	me := s.Player()
	w := e.winCells(s, me, e.scratch[:0])
	if len(w) == 0 {
		w = e.winCells(s, 1-me, w)
	}
	e.scratch = w
	if len(w) == 0 {
		return moves
	}
	for i, m := range moves {
		if m == games.Move(w[0]) {
			moves[0], moves[i] = moves[i], moves[0]
			return moves[:1]
		}
	}
	return moves
}

// ScoreMoves orders moves for the search: a winning cell first, then the
// block of the opponent's immediate win, a cell making a double threat, a
// cell stopping the opponent's double threat, then cells by the live
// windows through them (weighted by their stones, either side's) plus one
// for every window through the cell, then the central cells first.
func (e *threatEval) ScoreMoves(st games.State, moves []games.Move, scores []int32) {
	s := st.(*kinarow.State)
	me := s.Player()
	op := 1 - me
	k := e.k
	for i, m := range moves {
		cell := int(m)
		win, block := false, false
		makes, stops := 0, 0
		v := 0
		for _, li := range e.g.LinesThrough(cell) {
			c := s.LineCount(li)
			a, b := int(c[me]), int(c[op])
			v++
			if b == 0 {
				v += e.weight[a]
				switch a {
				case k - 1:
					win = true
				case k - 2:
					makes++
				}
			}
			if a == 0 {
				v += e.weight[b]
				switch b {
				case k - 1:
					block = true
				case k - 2:
					stops++
				}
			}
		}
		switch {
		case win:
			scores[i] = 1 << 28
		case block:
			scores[i] = 1 << 27
		case makes >= 2 && k >= 3:
			scores[i] = 1<<26 + int32(min(v, 1<<16))
		case stops >= 2 && k >= 3:
			scores[i] = 1<<25 + int32(min(v, 1<<16))
		default:
			scores[i] = int32(min(v, 1<<16-1))<<6 | e.central[cell]
		}
	}
}

// vcf is a threat-space search (victory by continuous threats): the
// attacker plays only moves that make an immediate threat, so the defender's
// reply is forced (the block), until the attacker wins or makes two threats
// at once. It is narrow and deep where alpha-beta is wide and shallow. A
// defender's block that makes a threat of its own must be answered first;
// a defender that can win at once ends the line.
type vcf struct {
	*board
	nodes, budget int64
	ctx           context.Context
	deadline      time.Time // zero: none
	aborted       bool
	cands, tmp    [][]int32
	cnt           []uint8
	first         games.Move
	plies         int
}

func newVCF(b *board) *vcf {
	return &vcf{board: b, cnt: make([]uint8, b.g.Cells())}
}

// solve looks for a forced win of the side to move by continuous threats,
// deepening to maxDepth attacker moves within budget nodes (and before
// deadline, unless it is zero). It returns the first move and the plies to
// the win.
func (v *vcf) solve(ctx context.Context, s *kinarow.State, maxDepth int, budget int64, deadline time.Time) (games.Move, int, bool) {
	v.nodes = 0
	if v.k < 3 || s.Player() < 0 {
		return games.NoMove, 0, false
	}
	v.ctx, v.budget, v.deadline, v.aborted = ctx, budget, deadline, false
	for depth := 1; depth <= maxDepth && !v.aborted; depth++ {
		if v.attack(s, depth, 0) {
			return v.first, v.plies, true
		}
	}
	return games.NoMove, 0, false
}

func (v *vcf) buffers(ply int) {
	for len(v.cands) <= ply {
		v.cands = append(v.cands, make([]int32, 0, 64))
		v.tmp = append(v.tmp, make([]int32, 0, 64))
	}
}

// attack reports whether the side to move wins by continuous threats
// within depth more of its moves.
func (v *vcf) attack(s *kinarow.State, depth, ply int) bool {
	if v.nodes >= v.budget {
		v.aborted = true
		return false
	}
	v.nodes++
	if v.nodes&255 == 0 && (v.ctx.Err() != nil || !v.deadline.IsZero() && time.Now().After(v.deadline)) {
		v.aborted = true
		return false
	}
	v.buffers(ply)
	me := s.Player()
	op := 1 - me
	if w := v.winCells(s, me, v.tmp[ply][:0]); len(w) > 0 {
		v.found(ply, w[0], 1)
		return true
	}
	cands := v.winCells(s, op, v.cands[ply][:0])
	switch {
	case len(cands) >= 2:
		return false
	case len(cands) == 0:
		cands = v.threatCells(s, me, cands)
	}
	v.cands[ply] = cands
	for _, c := range cands {
		s.Play(games.Move(c))
		if s.Player() < 0 { // a full board
			s.Undo()
			continue
		}
		mine := v.winCells(s, me, v.tmp[ply][:0])
		if len(mine) == 0 || len(v.winCells(s, op, v.tmp[ply][len(mine):len(mine)])) > 0 {
			s.Undo()
			continue
		}
		if len(mine) >= 2 {
			s.Undo()
			v.found(ply, c, 3)
			return true
		}
		if depth <= 1 {
			s.Undo()
			continue
		}
		s.Play(games.Move(mine[0]))
		ok := s.Player() >= 0 && v.attack(s, depth-1, ply+1)
		s.Undo()
		s.Undo()
		if ok {
			v.found(ply, c, v.plies+2)
			return true
		}
		if v.aborted {
			return false
		}
	}
	return false
}

// found records the line's first move and length as the search unwinds.
func (v *vcf) found(ply int, c int32, plies int) {
	v.plies = plies
	if ply == 0 {
		v.first = games.Move(c)
	}
}

// threatCells appends the playable cells where seat makes an immediate
// threat, those making most first.
func (v *vcf) threatCells(s *kinarow.State, seat int, buf []int32) []int32 {
	start := len(buf)
	for li := range v.lines {
		c := s.LineCount(int32(li))
		if int(c[seat]) != v.k-2 || c[1-seat] != 0 {
			continue
		}
		for _, cell := range v.lines[li] {
			if s.At(int(cell)) >= 0 || !s.Playable(int(cell)) {
				continue
			}
			if v.cnt[cell] == 0 {
				buf = append(buf, cell)
			}
			if v.cnt[cell] < 255 {
				v.cnt[cell]++
			}
		}
	}
	added := buf[start:]
	slices.SortStableFunc(added, func(a, b int32) int { return int(v.cnt[b]) - int(v.cnt[a]) })
	for _, cell := range added {
		v.cnt[cell] = 0
	}
	return buf
}

// Budgets of the k-in-a-row player's threat-space search.
const (
	vcfDepth  = 24
	vcfBudget = 20_000
)

// Player is "auto" for k-in-a-row: tactics first, then alpha-beta
// with the threat evaluation. In order: win now if possible; block the
// opponent's only immediate win (unless a threat sequence wins from it);
// play a forced win by continuous threats if the threat-space search finds
// one; else search. With Limits.RootMoves it answers only among them.
type Player struct {
	b   *board
	vcf *vcf
	ab  *search.AlphaBeta
}

func NewPlayer(g *kinarow.Game, hashMB int) *Player {
	b := newBoard(g)
	return &Player{b: b, vcf: newVCF(b), ab: search.NewAlphaBeta(newThreatEval(b), hashMB)}
}

// Clear empties the transposition table.
func (p *Player) Clear() { p.ab.Clear() }

// Search implements search.Searcher.
func (p *Player) Search(ctx context.Context, st games.State, lim search.Limits, info func(search.Info)) search.Result {
	s, ok := st.(*kinarow.State)
	if !ok || s.Game() != p.b.g {
		// Not a position of the game this player was made for: a caller's
		// mistake, answered with a legal move rather than a crash.
		return search.Random{}.Search(ctx, st, lim, info)
	}
	if s.Player() < 0 {
		return search.Result{Move: games.NoMove}
	}
	me := s.Player()
	start := time.Now()
	answer := func(m games.Move, mate int, nodes int64) search.Result {
		in := search.Info{Depth: 1, SelDepth: max(mate, 1), Mate: mate, Nodes: nodes, Time: time.Since(start), PV: []games.Move{m}}
		if mate > 0 {
			in.Score = search.MateScore - mate
		}
		if info != nil {
			info(in)
		}
		if lim.Infinite {
			<-ctx.Done()
		}
		return search.Result{Move: m, Info: in}
	}
	// The tactics below answer only with moves the search may play
	// (Limits.RootMoves); a restricted root otherwise goes to alpha-beta.
	allowed := lim.Restrict(s.LegalMoves(nil))
	may := func(m games.Move) bool { return slices.Contains(allowed, m) }
	for _, c := range p.b.winCells(s, me, nil) {
		if !may(games.Move(c)) {
			continue
		}
		s.Play(games.Move(c))
		won := s.Winner() == me
		s.Undo()
		if won {
			return answer(games.Move(c), 1, 1)
		}
	}
	blocks := p.b.winCells(s, 1-me, nil)
	if len(blocks) > 1 {
		return p.ab.Search(ctx, st, lim, info)
	}
	// The threat-space search gets a quarter of the node budget and of the
	// hard time limit; alpha-beta the rest.
	budget := int64(vcfBudget)
	if lim.Nodes > 0 && !lim.Infinite {
		budget = min(budget, lim.Nodes/4)
	}
	var deadline time.Time
	if _, hard := search.Allocate(lim, me); hard > 0 {
		deadline = start.Add(hard / 4)
	}
	m, plies, won := p.vcf.solve(ctx, s, vcfDepth, budget, deadline)
	used := p.vcf.nodes
	switch {
	case won && may(m):
		return answer(m, plies, used)
	case len(blocks) == 1 && may(games.Move(blocks[0])):
		return answer(games.Move(blocks[0]), 0, used)
	}
	lim = lim.Spend(me, used, time.Since(start))
	res := p.ab.Search(ctx, st, lim, info)
	res.Info.Nodes += used
	return res
}

// baseline is the computer player of the four-dimensional tic-tac-toe
// article, in its priority order:
//
//  1. win: complete a line of its own;
//  2. block: take the cell the opponent would complete a line on;
//  3. fork-block: take the cell lying on the most lines where the opponent
//     has two stones (k-2 on other boards) and it has none: a cell on a
//     single such line counts too;
//  4. fork: take the cell lying on the most lines where it has two and the
//     opponent none, a single such line included;
//  5. a random legal move.
//
// Where several cells qualify it picks one at random. Its generator is
// seeded from the seed and the position.
type baseline struct {
	b    *board
	seed uint64
}

// NewBaseline is the article's computer player; it draws its random moves
// from seed (it implements search.Seeder).
func NewBaseline(g *kinarow.Game, seed uint64) search.Searcher {
	return &baseline{b: newBoard(g), seed: seed}
}

// SetSeed implements search.Seeder.
func (p *baseline) SetSeed(seed uint64) { p.seed = seed }

// Search implements search.Searcher; lim is ignored.
func (p *baseline) Search(ctx context.Context, st games.State, lim search.Limits, info func(search.Info)) search.Result {
	s, ok := st.(*kinarow.State)
	if !ok || s.Game() != p.b.g || s.Player() < 0 {
		return search.Random{Seed: p.seed}.Search(ctx, st, lim, info)
	}
	me := s.Player()
	op := 1 - me
	rng := rand.New(rand.NewPCG(p.seed, s.Hash()))
	legal := s.LegalMoves(nil)
	pick := func(cands []games.Move) search.Result {
		m := cands[rng.IntN(len(cands))]
		in := search.Info{Depth: 1, Nodes: int64(len(legal)), PV: []games.Move{m}}
		if info != nil {
			info(in)
		}
		return search.Result{Move: m, Info: in}
	}
	var wins []games.Move
	for _, m := range legal {
		s.Play(m)
		if s.Winner() == me {
			wins = append(wins, m)
		}
		s.Undo()
	}
	if len(wins) > 0 {
		return pick(wins)
	}
	var cands []games.Move
	for _, c := range p.b.winCells(s, op, nil) {
		cands = append(cands, games.Move(c))
	}
	if len(cands) > 0 {
		return pick(cands)
	}
	if p.b.k >= 3 {
		for _, seat := range []int{op, me} { // fork-block, then fork
			if cands = p.b.mostForks(s, seat, legal, cands[:0]); len(cands) > 0 {
				return pick(cands)
			}
		}
	}
	return pick(legal)
}

// mostForks appends to buf the legal cells lying on the most windows where
// seat has k-2 stones and the other side none (see forks), at least one;
// none when no legal cell lies on such a window.
func (b *board) mostForks(s *kinarow.State, seat int, legal []games.Move, buf []games.Move) []games.Move {
	best := 1
	for _, m := range legal {
		switch n := b.forks(s, seat, int(m)); {
		case n > best:
			best, buf = n, append(buf[:0], m)
		case n == best:
			buf = append(buf, m)
		}
	}
	return buf
}
