package othello

import (
	"context"
	"math/bits"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/othello"
	"github.com/meeple-games/meeple/internal/search"
)

// Solution is the exact result of an Othello position.
type Solution struct {
	// Score is the final disc difference for the side to move with perfect
	// play by both sides, the empty squares counted for the winner.
	Score int
	// Move is a best move (any move with Score); Pass when the side to move
	// must pass; games.NoMove when the game is over.
	Move  games.Move
	PV    []games.Move // a best line to the end of the game (exact solves)
	Nodes int64
	Time  time.Duration
	// Exact is false when the search was stopped (context, node or time
	// limit) before it proved Score; Move is then the best guess.
	Exact bool
}

// Empties where the solver's search changes gear (8x8 frame). The values
// were chosen by the nodes and the time spent on FFO #40-#42.
const (
	solveShallowN  = 6  // up to here: no table, squares in parity order; 4, 3, 2, 1 special-cased (7: 1.5% more instructions on FFO #41 and #47, and 0 to 4% less CPU in noisy timed runs)
	solveETC       = 12 // from here: enhanced transposition cutoffs (below, the probes of every child cost more time than the nodes they save)
	solveNearN     = 10 // up to here: the near table (nearBuckets)
	solveSortEval  = 18 // from here: moves ordered by a shallow midgame search (20: 3.1% more nodes on FFO #40-#49, 2.7% more instructions on #41 and #47)
	solveMixEval   = 14 // from here to solveSortEval: fastest first plus the evaluation
	solveMixWeight = 16 // centi-discs of evaluation or search worth one fastest-first unit (32 before the larger patterns: 6% more on FFO #40-#49 and 5% on the validation sets, see selectMargins)
	solveSelectN   = 20 // from here: selective passes (selectMargins) before the exact one
	solveProbcutN  = 10 // from here: a selective pass's probcut, its searches of depth 1
	solveProbcutD4 = 18 // from here: probcut's searches of depth 4
	solveRootDepth = 4  // from solveSelectN: the root's moves ordered by midgame searches of this depth
	solveExact     = 3  // the rank of the exact pass (selective ones rank from 0)
	solveScoreSpan = 256
	nearBuckets    = 1 << 19 // buckets of the near table (32 MB)
)

// Solver is the exact endgame solver: at the root an aspiration window
// around a guess, then MTD(f) (null-window tests) from the bound it
// returned (far from the end after selective passes, which leave best moves
// in the table and their score as the guess), over negascout (principal
// variation search) on the final disc difference, with a transposition
// table (buckets of three entries in a cache line, the position itself as
// the key, so no collision is ever mistaken for a hit; the positions 10
// empties or fewer from the end in a smaller one of their own), enhanced
// transposition cutoffs (from 12 empties), a stability cutoff (the
// opponent's stable discs bound the score), and move ordering: the table's
// move first, then fastest first (fewest replies for the opponent, corners
// counting double; a corner taken; few own discs next to empty squares)
// with, 14 empties or more from the end, the score of the position after
// the move added in (from 18 empties a shallow midgame search, depth 1 to
// 5; below, the evaluation), and from 6 empties down no move list at all:
// the empty squares next to an opponent's disc are tried straight from the
// bitboard, those in quadrants with an odd number of empties first
// (parity), corners first. The last four empties have functions of their
// own, and the very last square is scored by the count of its flips alone
// (on 8x8 by othello.LastFlips, line tables).
//
// Boards of size 4, 6 and 8 are solved on bitboards; larger boards by a
// plainer search through othello.State (slower, for late positions).
// A Solver is used by one goroutine at a time; its table persists
// between solves (Clear empties it).
type Solver struct {
	tt    []solveBucket
	near  []solveBucket // the table of positions near the end (solveNearN)
	eval  *othelloEval  // the midgame evaluation, for ordering (per game)
	s8    solver8
	wide  wideSolver
	stop  atomic.Bool
	limit int64         // node limit of the current solve, 0: none
	game  *othello.Game // the game the table holds positions of
	gen   uint8         // the tables' generation: entries of others are empty
	// The rank of the pass under way: i for the selective pass of
	// selectMargins[i], solveExact for the exact one. An entry's bounds
	// hold for passes of its rank or lower; to the others it gives only
	// its move.
	rank uint8
}

// selectMargins are the probcut margins (discs) of the selective passes
// that run before the exact one from solveSelectN empties: each leaves
// its best moves in the table for the next. On FFO #40-#49 the solver
// took 1,405M nodes and 20.2M evaluations in its midgame searches, against
// 1,737M and 17.2M without them (an evaluation costs about 9 nodes: 16%
// less in all; both before stabilityFloor's present floor and the larger
// patterns). The margins were chosen on these problems and on the same
// two and three plies down and Edax's fforum-20-39, by nodes plus 9 per
// evaluation: with the evaluation's larger patterns (then fitted to
// 16,000 games), 5, 10 took 964M on #40-#49 and 495M on the others,
// against 1,220M and 514M for 6, 12 and 1,058M and 492M for 4, 8 (5, 12:
// 498M on the others; with the weights of 32,000 games, 5, 10 still did
// best on the others). #49 alone moves by 40% between such choices.
var selectMargins = [...]int{5, 10}

// solveBucket is a cache line (64 bytes) of the transposition table: three
// entries, each the position itself (so that a hit is never a collision),
// the bounds proved on its score and the best move found. A probe reads
// one line of memory.
type solveBucket struct {
	pos          [solveWays][2]uint64 // the mover's discs, the opponent's
	lower, upper [solveWays]int8
	move         [solveWays]int8  // frame bit + 1, 0 none
	empties      [solveWays]uint8 // the subtree's size (low 6 bits): deeper entries are kept first; the pass's rank (top 2)
	gen          [solveWays]uint8 // the Solver's gen when stored: others are empty
	_            [1]byte
}

const solveWays = 3

// solveBounds is what the table holds of a position: bounds on its score
// and its best move (-1 none).
type solveBounds struct {
	lower, upper, move int
}

// NewSolver returns a solver with a table of hashMB megabytes (0:
// search.DefaultHashMB).
func NewSolver(hashMB int) *Solver {
	if hashMB <= 0 {
		hashMB = search.DefaultHashMB
	}
	n := 1
	for n*2*int(unsafe.Sizeof(solveBucket{})) <= hashMB<<20 {
		n *= 2
	}
	// A fresh table is all zero entries, which are empty: it is not
	// cleared, so its memory is taken from the system only as entries are
	// stored (a solve that stops early, or has nothing to search, costs
	// little of it).
	s := &Solver{tt: make([]solveBucket, n), near: make([]solveBucket, min(n, nearBuckets))}
	adviseHuge(s.tt)
	adviseHuge(s.near)
	return s
}

// Clear empties the tables: the 8x8 ones by starting a new generation
// (an entry of an older one counts as empty), with a real clearing every
// 256 generations, so that solving many positions (a benchmark of FFO
// problems, each from an empty table) does not spend its time clearing
// hundreds of megabytes each time.
func (s *Solver) Clear() {
	s.gen++
	if s.gen == 0 {
		clear(s.tt)
		clear(s.near)
	}
	clear(s.wide.tt)
}

// prepare readies the solver for positions of g with e as its evaluation,
// so that the first Solve of g allocates and clears no table: a search
// under a clock must not spend it on that. Boards other than 8x8 get the
// wide solver's table now.
func (s *Solver) prepare(g *othello.Game, e *othelloEval) {
	s.game, s.eval = g, e
	if _, ok := g.Frame8(); !ok && s.wide.tt == nil {
		s.wide.alloc(len(s.tt))
	}
}

// Solve finds the exact score of st for the side to move and a best move,
// within lim (nodes, a move time or clock, or none: until done) and ctx.
// It leaves st as it found it.
func (s *Solver) Solve(ctx context.Context, st *othello.State, lim search.Limits) Solution {
	start := time.Now()
	if st.Game() != s.game {
		if s.game != nil {
			s.Clear() // the same discs on another board are another position
		}
		s.game = st.Game()
	}
	s.stop.Store(false)
	s.limit = 0
	if !lim.Infinite {
		s.limit = lim.Nodes
	}
	stopCtx := context.AfterFunc(ctx, func() { s.stop.Store(true) })
	defer stopCtx()
	if _, hard := search.Allocate(lim, st.ToMove()); hard > 0 {
		t := time.AfterFunc(hard, func() { s.stop.Store(true) })
		defer t.Stop()
	}
	var sol Solution
	switch {
	case st.Player() == games.Terminal:
		sol = Solution{Score: st.Score(st.ToMove()), Move: games.NoMove, Exact: true}
	case st.Mobility(st.ToMove()) == 0:
		st.Play(othello.Pass)
		sol = s.Solve(ctx, st, lim)
		st.Undo()
		sol.Score = -sol.Score
		sol.PV = append([]games.Move{othello.Pass}, sol.PV...)
		sol.Move = othello.Pass
	default:
		if _, ok := st.Game().Frame8(); ok {
			sol = s.solve8(st)
		} else {
			sol = s.solveWide(st)
		}
	}
	sol.Time = time.Since(start)
	return sol
}

// solve8 runs the bitboard solver from the root.
func (s *Solver) solve8(st *othello.State) Solution {
	g := st.Game()
	if s.eval == nil || s.eval.g != g {
		s.eval = newEval(g)
		s.eval.stop = &s.stop
	}
	s.eval.nodes, s.eval.limit = 0, s.limit
	valid, _ := g.Frame8()
	s.s8.init(s, s.eval.geo)
	s.rank = solveExact
	p, o, _ := st.Bits()
	n := bits.OnesCount64(valid &^ (p | o))
	v := &s.s8
	v.nodes = 0
	score, best := v.root(p, o, n)
	sol := Solution{Score: score, Nodes: v.nodes, Exact: !v.aborted, Move: games.Move(g.Square(best))}
	// The line: at each position along it, the first move (in the
	// search's order) proved to keep the score; the table answers most of
	// these searches.
	sol.PV = []games.Move{sol.Move}
	if sol.Exact {
		cp := st.Clone().(*othello.State)
		cp.Play(sol.Move)
		want := -score
		for cp.Player() != games.Terminal && !v.aborted {
			m := othello.Pass
			if cp.Mobility(cp.ToMove()) > 0 {
				p, o, _ := cp.Bits()
				m = games.Move(g.Square(v.keeps(p, o, cp.Empties(), want)))
			}
			sol.PV = append(sol.PV, m)
			cp.Play(m)
			want = -want
		}
		sol.Nodes = v.nodes
	}
	return sol
}

func ttIndex(p, o uint64) uint64 {
	h := p*0x9e3779b97f4a7c15 ^ (o+0x632be59bd9b4e019)*0xc2b2ae3d27d4eb4f
	return h ^ h>>29
}

// A new result replaces the entry of the same position in its bucket (its
// bounds kept when the pass is of the same rank; an entry of a higher rank
// is not replaced), else an empty one, else the one with the smallest
// subtree.
// Positions up to solveNearN empties from the end go to a small table of
// their own (nearBuckets, 32 MB; no larger than the main one), which
// stays in the processor's caches more than the main one:
// they are the most numerous, and their transpositions come close together
// in time, so a small table finds most of them, at a fraction of the cost
// of a probe of the big one in memory.
func (s *Solver) bucket(p, o uint64, n int) *solveBucket {
	t := s.tt
	if n <= solveNearN {
		t = s.near
	}
	return &t[ttIndex(p, o)&uint64(len(t)-1)]
}

// probe returns what the table holds of the position p, o with n empties.
func (s *Solver) probe(p, o uint64, n int) (solveBounds, bool) {
	b := s.bucket(p, o, n)
	for i := range solveWays {
		if b.pos[i] == [2]uint64{p, o} && b.gen[i] == s.gen {
			if b.empties[i]>>6 < s.rank { // a less reliable pass's: its move only
				return solveBounds{-solveScoreSpan, solveScoreSpan, int(b.move[i]) - 1}, true
			}
			return solveBounds{int(b.lower[i]), int(b.upper[i]), int(b.move[i]) - 1}, true
		}
	}
	return solveBounds{}, false
}

// store keeps the bounds lower, upper and the best move of p, o with n
// empties, with the bounds the table held for it (the search's window was
// narrowed by them).
func (s *Solver) store(p, o uint64, n, lower, upper, move int) {
	b := s.bucket(p, o, n)
	w, size := 0, 256
	for i := range solveWays {
		if b.gen[i] != s.gen { // empty: no position, no subtree
			if size > 0 {
				w, size = i, 0
			}
			continue
		}
		if b.pos[i] == [2]uint64{p, o} {
			switch rank := b.empties[i] >> 6; {
			case rank > s.rank:
				return
			case rank == s.rank:
				lower, upper = max(lower, int(b.lower[i])), min(upper, int(b.upper[i]))
			}
			w = i
			break
		}
		if int(b.empties[i]&63) < size {
			w, size = i, int(b.empties[i]&63)
		}
	}
	lower, upper = max(lower, -127), min(upper, 127)
	b.pos[w] = [2]uint64{p, o}
	b.lower[w], b.upper[w], b.move[w] = int8(lower), int8(upper), int8(move+1)
	b.empties[w], b.gen[w] = uint8(n)|s.rank<<6, s.gen
}

// solver8 is the bitboard solver for boards in the 8x8 frame.
type solver8 struct {
	owner   *Solver
	geo     *geometry
	valid   uint64
	size    int
	corners uint64
	full    bool // the whole 8x8 frame is the board: othello.LastFlips applies
	nodes   int64
	aborted bool
	// lists[n] is the move list of the node n empties from the end: a
	// local one would be zeroed at every node (1.3 KB; 2.5% of the time).
	lists [65]moveList
}

func (v *solver8) init(owner *Solver, geo *geometry) {
	v.owner, v.geo, v.aborted = owner, geo, false
	v.valid, v.size, v.corners = geo.valid, geo.size, geo.corners
	v.full = v.valid == ^uint64(0)
}

// tick counts a node and checks the stop conditions now and then.
func (v *solver8) tick() bool {
	v.nodes++
	if v.nodes&4095 == 0 {
		o := v.owner
		if o.stop.Load() || o.limit > 0 && v.nodes >= o.limit {
			v.aborted = true
		}
	}
	return v.aborted
}

// final is the score of a finished game for p, n squares empty.
func final(p, o uint64, n int) int {
	d := bits.OnesCount64(p) - bits.OnesCount64(o)
	switch {
	case d > 0:
		d += n
	case d < 0:
		d -= n
	}
	return d
}

// root finds the exact score and a best move (a frame bit). Far from the
// end (solveSelectN), selective passes come first: searches that cut a
// node when a shallow midgame search puts its score beyond the window by
// the pass's margin (probcut), each cheap beside the exact search, leaving
// in the table the best moves that order the next pass, and a score that
// is its first guess. Each pass, and the exact one, is a search of the
// root in an aspiration window around its guess (the first guess is the
// evaluation's), the scores guess-2 to guess+2; when the score falls
// outside, MTD(f) from the bound that search returned: null-window
// searches, each testing whether the score reaches a value, moving to the
// bound each returns, until the bounds meet. Each search re-reads what the
// previous ones left in the table.
// The root's moves are ordered once (far from the end by depth-4 midgame
// searches, which took FFO #40-#49 from 1,824.7M nodes to 1,802.3M), and
// each pass's best move goes first in the next.
// On FFO #40-#49 the window first took 10% fewer nodes than MTD(f) from
// the guess (1,747M against 1,936M), though 10% more on #41-#44, #46 and
// #47 (331M against 300M): it saves a costly pass when the guess is off by
// 2, and costs more than two null windows when it is right.
func (v *solver8) root(p, o uint64, n int) (int, int) {
	var list moveList
	ttMove := v.tableMove(p, o, n)
	if n < solveSelectN {
		v.order(&list, p, o, othello.Moves(p, o)&v.valid, n, ttMove)
	} else {
		// Far from the end, the root's moves by a deeper midgame search
		// than the nodes below get: the first move searched in the first
		// window costs most of a solve when it is not the best. (order's
		// keys for n = 0, fastest first, cost no search; all but the
		// table move's are replaced.)
		v.order(&list, p, o, othello.Moves(p, o)&v.valid, 0, ttMove)
		for i := range list.n {
			if m := &list.m[i]; m.sq != ttMove {
				m.key = -v.owner.eval.shallow(m.p, m.o, solveRootDepth)
			}
		}
	}
	list.sort()
	v.dropSymmetric(&list)
	g := v.owner.eval.eval8(p, o) / 100 &^ 1 // scores are even
	if n >= solveSelectN {
		for i := range selectMargins {
			v.owner.rank = uint8(i)
			sc, sq := v.windows(&list, n, g)
			v.owner.rank = solveExact
			if v.aborted {
				return 0, sq
			}
			g = sc
			list.first(sq)
		}
	}
	sc, sq := v.windows(&list, n, g)
	if !v.aborted {
		v.owner.store(p, o, n, sc, sc, sq)
	}
	return sc, sq
}

// windows is a pass of root: the score of the root from the guess g and a
// best move (a selective pass's score may be odd), the root's moves in list
// (in order, best first: each window's best move goes first in the next).
func (v *solver8) windows(list *moveList, n, g int) (int, int) {
	squares := v.size * v.size
	lo, hi := -squares, squares
	g = min(max(g, lo), hi)
	bestSq := -1
	// Scores are even: g-2, g, g+2, or (a selective pass's guess may be
	// odd) g-1, g+1.
	alpha, beta := max(g-3, lo-1), min(g+3, hi+1)
	for lo < hi {
		sc, sq := v.rootWindow(list, n, alpha, beta)
		if v.aborted {
			if bestSq < 0 {
				bestSq = sq
			}
			return 0, bestSq
		}
		// A selective pass's bound may be odd (probcut returns the
		// window's bounds): the score it bounds is even, so the bound
		// is rounded and the next test steps by 2 (on FFO #40-#49, 14%
		// fewer evaluations, 1% fewer nodes). The exact pass's are even.
		switch {
		case sc >= beta:
			lo, bestSq = sc+sc&1, sq
		case sc <= alpha:
			hi = sc - sc&1
		default:
			lo, hi, bestSq = sc, sc, sq
		}
		list.first(bestSq)
		beta = min(max(sc, lo+1), hi)
		alpha = beta - 1
	}
	if bestSq < 0 { // every move loses by the most: any is best
		bestSq = list.m[0].sq
	}
	return lo, bestSq
}

// dropSymmetric removes from a root's move list the moves whose position is
// a mirror image or rotation of an earlier move's (at the start of the game
// all four first moves are alike): they have the same score, and the table
// would not see it, since it keys the positions themselves.
func (v *solver8) dropSymmetric(list *moveList) {
	k := 0
	for i := range list.n {
		dup := false
		for j := range k {
			if v.geo.symmetric(list.m[i].p, list.m[i].o, list.m[j].p, list.m[j].o) {
				dup = true
				break
			}
		}
		if !dup {
			list.m[k] = list.m[i]
			k++
		}
	}
	list.n = k
}

// tableMove returns the best move the table holds for p, o with n empties,
// or -1.
func (v *solver8) tableMove(p, o uint64, n int) int {
	if e, ok := v.owner.probe(p, o, n); ok {
		return e.move
	}
	return -1
}

// first moves the move sq to the front of list, the others keeping their
// order (no change when sq is not in it).
func (list *moveList) first(sq int) {
	for i := range list.n {
		if list.m[i].sq == sq {
			x := list.m[i]
			copy(list.m[1:i+1], list.m[:i])
			list.m[0] = x
			return
		}
	}
}

// rootWindow searches every move of list (the root's, in order) in the
// window (alpha, beta) and returns the fail-soft score and the best move.
func (v *solver8) rootWindow(list *moveList, n, alpha, beta int) (int, int) {
	best, bestSq := -solveScoreSpan, list.m[0].sq
	for i := range list.n {
		mv := list.m[i]
		var sc int
		if i == 0 {
			sc = -v.search(mv.p, mv.o, mv.moves, -beta, -alpha, n-1, false)
		} else {
			sc = -v.search(mv.p, mv.o, mv.moves, -alpha-1, -alpha, n-1, false)
			if sc > alpha && sc < beta && !v.aborted {
				sc = -v.search(mv.p, mv.o, mv.moves, -beta, -sc, n-1, false)
			}
		}
		if v.aborted {
			break
		}
		if sc > best {
			best, bestSq = sc, mv.sq
			if sc > alpha {
				alpha = sc
				if sc >= beta {
					break
				}
			}
		}
	}
	return best, bestSq
}

// keeps returns a move of p that keeps the score at want (the position's
// proved score): the first whose search in the window around want returns
// want exactly.
func (v *solver8) keeps(p, o uint64, n, want int) int {
	var list moveList
	v.order(&list, p, o, othello.Moves(p, o)&v.valid, n, v.tableMove(p, o, n))
	list.sort()
	for i := range list.n {
		mv := &list.m[i]
		if -v.search(mv.p, mv.o, mv.moves, -want-1, -want+1, n-1, false) == want {
			return mv.sq
		}
	}
	return list.m[0].sq // not reached when want is right
}

// moveList holds the moves of a node, each with the position after it
// (seen from the opponent: p is the opponent's discs) and its ordering key.
type moveList struct {
	n int
	m [40]struct {
		p, o  uint64 // after the move: the opponent's discs, the mover's
		moves uint64 // the opponent's moves after it
		sq    int
		key   int
	}
}

// order fills list with p's moves (the squares of moves) and their keys,
// the higher to be searched first (sort or pick puts them in order): the
// table's move, then by fastest first plus a shallow midgame search far
// from the end, plus the evaluation nearer, and fastest first alone nearer
// still.
func (v *solver8) order(list *moveList, p, o, moves uint64, n int, ttMove int) {
	list.n = 0
	for m := moves; m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		f := othello.Flips(p, o, sq)
		e := &list.m[list.n]
		list.n++
		e.p, e.o, e.sq = o^f, p|f|1<<sq, sq
		e.moves = othello.Moves(e.p, e.o) & v.valid
		switch {
		case sq == ttMove:
			e.key = 1 << 30
		case n >= solveSortEval:
			// The search's score (centi-discs) in fastest-first units,
			// plus fastest first.
			e.key = -v.owner.eval.shallow(e.p, e.o, sortDepth(n))/solveMixWeight + v.fastestFirst(e.p, e.o, e.moves, sq)
			// A shallow search costs thousands of the solver's nodes far
			// from the end: check the deadline after each, not only
			// every 4096 ticks (60 empties ran seconds over --time).
			if v.owner.stop.Load() {
				v.aborted = true
			}
		case n >= solveMixEval:
			// Fastest first, the evaluation breaking near-ties: a
			// reply less for the opponent is worth 16 units, about 2.5
			// discs of evaluation.
			e.key = v.fastestFirst(e.p, e.o, e.moves, sq) - v.owner.eval.shallow(e.p, e.o, 0)/solveMixWeight
		default:
			e.key = v.fastestFirst(e.p, e.o, e.moves, sq)
		}
	}
}

// sort puts list in order, best key first (search instead picks the best
// of the rest as it goes: a cut on the first move saves sorting the others).
func (list *moveList) sort() {
	for i := 1; i < list.n; i++ {
		x := list.m[i]
		j := i
		for ; j > 0 && list.m[j-1].key < x.key; j-- {
			list.m[j] = list.m[j-1]
		}
		list.m[j] = x
	}
}

// pick swaps the best of the moves from i on into place i.
func (list *moveList) pick(i int) {
	b := i
	for j := i + 1; j < list.n; j++ {
		if list.m[j].key > list.m[b].key {
			b = j
		}
	}
	if b != i {
		list.m[i], list.m[b] = list.m[b], list.m[i]
	}
}

// sortDepth is the depth of the midgame search that orders moves n empties
// from the end (chosen by the nodes spent on FFO #40-#42 and on 6x6
// positions 26 and 28 empties from the end).
func sortDepth(n int) int {
	switch {
	case n >= 28:
		return 5
	case n >= 25:
		return 4
	case n >= 23:
		return 3
	case n >= 20:
		return 2
	}
	return 1
}

// fastestFirst scores a move that left the opponent with discs op and
// moves mob and the mover with discs me: fewer replies first (the
// opponent's mobility, corners counting double), a corner taken, and a
// potential-mobility term (the mover's discs next to empty squares).
func (v *solver8) fastestFirst(op, me, mob uint64, sq int) int {
	k := -(bits.OnesCount64(mob) + bits.OnesCount64(mob&v.corners)) << 4
	if v.corners>>sq&1 != 0 {
		k += 12
	}
	empty := v.valid &^ (op | me)
	k -= bits.OnesCount64(me & neighbours(empty))
	return k
}

// neighbours returns the squares next to those of x (8 directions), in the
// 8x8 frame.
func neighbours(x uint64) uint64 {
	const notA, notH = 0xfefefefefefefefe, 0x7f7f7f7f7f7f7f7f
	y := x<<8 | x>>8
	l := (x | y) << 1 & notA
	r := (x | y) >> 1 & notH
	return y | l | r
}

// search is the negascout at a node with n empties, p to move with the
// moves moves (the parent found them to order its moves: they are not
// generated twice). passed says the previous ply was a pass.
func (v *solver8) search(p, o, moves uint64, alpha, beta, n int, passed bool) int {
	if n <= solveShallowN {
		return v.shallow(p, o, alpha, beta, n, v.parity(p|o), passed)
	}
	if v.tick() {
		return 0
	}
	if moves == 0 {
		if passed {
			return final(o, p, n) * -1
		}
		return -v.search(o, p, othello.Moves(o, p)&v.valid, -beta, -alpha, n, true)
	}
	ttMove := -1
	if e, ok := v.owner.probe(p, o, n); ok {
		lo, up := e.lower, e.upper
		if lo >= beta {
			return lo
		}
		if up <= alpha || lo == up {
			return up
		}
		alpha, beta = max(alpha, lo), min(beta, up)
		ttMove = e.move
	}
	// Stability cutoff: o's stable discs stay o's, which bounds p's score.
	if alpha >= stabilityFloor(v.size, n) {
		if bound := v.size*v.size - 2*bits.OnesCount64(v.geo.stable(o, p)); bound <= alpha {
			return bound
		}
	}
	if v.owner.rank != solveExact && n >= solveProbcutN {
		if sc, cut := v.probcut(p, o, alpha, beta, n); cut {
			return sc
		}
	}
	list := &v.lists[n&63]
	v.order(list, p, o, moves, n, ttMove)
	// Enhanced transposition cutoff: a child the table already bounds
	// below -beta refutes this node without a search.
	if n >= solveETC {
		for i := range list.n {
			mv := &list.m[i]
			if e, ok := v.owner.probe(mv.p, mv.o, n-1); ok && -e.upper >= beta {
				return -e.upper
			}
		}
	}
	a := alpha
	best, bestSq := -solveScoreSpan, -1
	for i := range list.n {
		list.pick(i)
		mv := &list.m[i]
		var sc int
		if i == 0 {
			sc = -v.search(mv.p, mv.o, mv.moves, -beta, -a, n-1, false)
		} else {
			sc = -v.search(mv.p, mv.o, mv.moves, -a-1, -a, n-1, false)
			if sc > a && sc < beta && !v.aborted {
				sc = -v.search(mv.p, mv.o, mv.moves, -beta, -sc, n-1, false)
			}
		}
		if v.aborted {
			return 0
		}
		if sc > best {
			best, bestSq = sc, mv.sq
			if sc > a {
				a = sc
				if sc >= beta {
					break
				}
			}
		}
	}
	lo, up := -solveScoreSpan, solveScoreSpan
	switch {
	case best <= alpha:
		up = best
	case best >= beta:
		lo = best
	default:
		lo, up = best, best
	}
	v.owner.store(p, o, n, lo, up, bestSq)
	return best
}

// probcut is a selective pass's cut at a node of n empties: beta when a
// midgame search (depth 1, from solveProbcutD4 empties 4) says the score
// is at least beta by the pass's margin, alpha when it says it is at most
// alpha by it. Each test is a null-window search of the evaluation's (in
// centi-discs), tried only when the evaluation itself is already past its
// bound (on FFO #40-#49, 3% fewer nodes and evaluations, counted as 9
// nodes each, than trying both always; two plies down, 7%).
func (v *solver8) probcut(p, o uint64, alpha, beta, n int) (int, bool) {
	e, m, d := v.owner.eval, selectMargins[v.owner.rank], 1
	if n >= solveProbcutD4 {
		d = 4
	}
	static := e.eval8(p, o)
	e.nodes++ // an evaluation like those of the searches
	if hi := (beta + m) * 100; static >= hi && e.negamax(p, o, d, hi-1, hi, false) >= hi {
		return beta, true
	}
	if lo := (alpha - m) * 100; static <= lo && e.negamax(p, o, d, lo, lo+1, false) <= lo {
		return alpha, true
	}
	return 0, false
}

// stabilityFloor is the alpha from which the stability cutoff is worth its
// cost n empties from the end. Near the end most discs are stable, so the
// cut pays from a low alpha there, and from a higher one as the empties
// grow: 2n-2, about Edax's NWS_STABILITY_THRESHOLD. The floor of
// size²-2n-8 alone, as before, tried it near the end only from a high
// alpha: on FFO #40-#49 it took 1,405M nodes against 1,233M, and 2% to 14%
// more (nodes and evaluations) on the same one to three plies down and on
// fforum-20-39 (three plies down, 3.6% more instructions). It is still the
// floor where it is the lower (far from the end, and on small boards).
func stabilityFloor(size, n int) int {
	return min(size*size-2*n-8, 2*n-2)
}

// parity returns the quadrants that hold an odd number of empty squares
// (bit q for quadrant q), the discs being filled.
func (v *solver8) parity(filled uint64) uint8 {
	var m uint8
	for q, x := range v.geo.quad {
		m |= uint8(bits.OnesCount64(x&^filled)&1) << q
	}
	return m
}

// shallow searches the last few empties without a table or a move list:
// the empty squares are tried straight from the empty set, those in regions
// with an odd number of empties first (parity, the quadrants of odd
// parity; a move flips its quadrant's bit), corners before the rest.
func (v *solver8) shallow(p, o uint64, alpha, beta, n int, parity uint8, passed bool) int {
	empty := v.valid &^ (p | o)
	switch n {
	case 1:
		return v.last1(p, o, bits.TrailingZeros64(empty))
	case 2:
		a := bits.TrailingZeros64(empty)
		return v.last2(p, o, alpha, beta, a, bits.TrailingZeros64(empty&(empty-1)))
	case 3:
		a := bits.TrailingZeros64(empty)
		empty &= empty - 1
		b := bits.TrailingZeros64(empty)
		a, b, c := v.order3(a, b, bits.TrailingZeros64(empty&(empty-1)))
		return v.last3(p, o, alpha, beta, a, b, c, passed)
	case 4:
		return v.last4(p, o, alpha, beta, empty, parity, passed)
	}
	if v.tick() {
		return 0
	}
	odd := v.geo.quadSets[parity&15]
	near := neighbours(o) // a move must be next to a disc of o
	best := -solveScoreSpan
	moved := false
	for _, set := range [4]uint64{empty & odd & v.corners, empty & odd &^ v.corners, empty &^ odd & v.corners, empty &^ odd &^ v.corners} {
		for set &= near; set != 0; set &= set - 1 {
			sq := bits.TrailingZeros64(set)
			f := othello.Flips(p, o, sq)
			if f == 0 {
				continue
			}
			moved = true
			sc := -v.shallow(o^f, p|f|1<<sq, -beta, -alpha, n-1, parity^1<<v.geo.quadOf[sq], false)
			if sc > best {
				best = sc
				if sc > alpha {
					alpha = sc
					if sc >= beta {
						return sc
					}
				}
			}
		}
	}
	if !moved {
		if passed {
			return -final(o, p, n)
		}
		return -v.shallow(o, p, -beta, -alpha, n, parity, true)
	}
	return best
}

// order3 puts the square alone in its quadrant first (parity), when one
// of the three is.
func (v *solver8) order3(a, b, c int) (int, int, int) {
	q := &v.geo.quadOf
	switch {
	case q[a] == q[b]:
		return c, a, b
	case q[a] == q[c]:
		return b, a, c
	}
	return a, b, c
}

// last4 searches the last four empties (the squares of empty) without a
// move list or the general loop: the squares of quadrants with an odd
// number of empties first (of four, only two alone and a pair differ: the
// pair last), each move followed by last3 on the other three in parity
// order.
func (v *solver8) last4(p, o uint64, alpha, beta int, empty uint64, parity uint8, passed bool) int {
	if v.tick() {
		return 0
	}
	odd := v.geo.quadSets[parity&15]
	near := neighbours(o) // a move must be next to a disc of o
	best := -solveScoreSpan
	for _, set := range [2]uint64{empty & odd, empty &^ odd} {
		for set &= near; set != 0; set &= set - 1 {
			x := bits.TrailingZeros64(set)
			f := othello.Flips(p, o, x)
			if f == 0 {
				continue
			}
			rest := empty &^ (1 << x)
			a := bits.TrailingZeros64(rest)
			rest &= rest - 1
			b := bits.TrailingZeros64(rest)
			a, b, c := v.order3(a, b, bits.TrailingZeros64(rest&(rest-1)))
			sc := -v.last3(o^f, p|f|1<<x, -beta, -alpha, a, b, c, false)
			if sc > best {
				best = sc
				if sc > alpha {
					alpha = sc
					if sc >= beta {
						return sc
					}
				}
			}
		}
	}
	if best > -solveScoreSpan {
		return best
	}
	if passed {
		return -final(o, p, 4)
	}
	return -v.last4(o, p, -beta, -alpha, empty, parity, true)
}

// last3 searches three empties a, b, c in that order.
func (v *solver8) last3(p, o uint64, alpha, beta, a, b, c int, passed bool) int {
	v.nodes++
	best := -solveScoreSpan
	if f := othello.Flips(p, o, a); f != 0 {
		best = -v.last2(o^f, p|f|1<<a, -beta, -alpha, b, c)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	if f := othello.Flips(p, o, b); f != 0 {
		sc := -v.last2(o^f, p|f|1<<b, -beta, -alpha, a, c)
		if sc >= beta {
			return sc
		}
		best = max(best, sc)
		alpha = max(alpha, sc)
	}
	if f := othello.Flips(p, o, c); f != 0 {
		return max(best, -v.last2(o^f, p|f|1<<c, -beta, -alpha, a, b))
	}
	if best > -solveScoreSpan {
		return best
	}
	if passed {
		return -final(o, p, 3)
	}
	return -v.last3(o, p, -beta, -alpha, a, b, c, true)
}

// last2 searches the last two empties a and b.
func (v *solver8) last2(p, o uint64, alpha, beta, a, b int) int {
	v.nodes++
	best := -solveScoreSpan
	if f := othello.Flips(p, o, a); f != 0 {
		best = -v.last1(o^f, p|f|1<<a, b)
		if best >= beta {
			return best
		}
	}
	if f := othello.Flips(p, o, b); f != 0 {
		return max(best, -v.last1(o^f, p|f|1<<b, a))
	}
	if best > -solveScoreSpan {
		return best
	}
	// p passes: o moves, and the scores stay p's.
	worst := solveScoreSpan
	if f := othello.Flips(o, p, a); f != 0 {
		worst = v.last1(p^f, o|f|1<<a, b)
		if worst <= alpha {
			return worst
		}
	}
	if f := othello.Flips(o, p, b); f != 0 {
		return min(worst, v.last1(p^f, o|f|1<<b, a))
	}
	if worst < solveScoreSpan {
		return worst
	}
	return final(p, o, 2)
}

// last1 scores the last empty square sq for p: by its flips if p can play
// there, else by the opponent's, else the game ends with it empty.
func (v *solver8) last1(p, o uint64, sq int) int {
	v.nodes++
	if v.full { // every other square is taken: count the flips only
		d := 2*bits.OnesCount64(p) - 63
		if n := othello.LastFlips(p, sq); n != 0 {
			return d + 2*n + 1
		}
		if n := othello.LastFlips(o, sq); n != 0 {
			return d - 2*n - 1
		}
		if d > 0 { // d is odd: no draw
			return d + 1
		}
		return d - 1
	}
	d := bits.OnesCount64(p) - bits.OnesCount64(o)
	if f := othello.Flips(p, o, sq); f != 0 {
		return d + 2*bits.OnesCount64(f) + 1
	}
	if f := othello.Flips(o, p, sq); f != 0 {
		return d - 2*bits.OnesCount64(f) - 1
	}
	switch {
	case d > 0:
		return d + 1
	case d < 0:
		return d - 1
	}
	return 0
}

// wideSolver solves boards larger than 8x8 through othello.State: the same
// negascout with a table (keyed by the Zobrist hash) and fastest-first
// ordering, without the bitboard special cases.
type wideSolver struct {
	owner   *Solver
	tt      []wideEntry
	nodes   int64
	aborted bool
	bufs    [][]games.Move
}

type wideEntry struct {
	hash         uint64
	lower, upper int16
	move         int16
}

// alloc makes the wide table, in the memory of an 8x8 table of that many
// buckets.
func (w *wideSolver) alloc(buckets int) {
	w.tt = make([]wideEntry, buckets*int(unsafe.Sizeof(solveBucket{})/unsafe.Sizeof(wideEntry{})))
}

func (s *Solver) solveWide(st *othello.State) Solution {
	w := &s.wide
	w.owner, w.nodes, w.aborted = s, 0, false
	if w.tt == nil {
		w.alloc(len(s.tt))
	}
	n := st.Empties()
	if len(w.bufs) < n+2 {
		w.bufs = make([][]games.Move, n+2)
	}
	moves := w.ordered(st, n, games.NoMove)
	alpha, beta := -solveScoreSpan, solveScoreSpan
	best, bestMove := -solveScoreSpan, moves[0]
	for i, m := range moves {
		st.Play(m)
		var sc int
		if i == 0 {
			sc = -w.search(st, -beta, -alpha, n-1)
		} else {
			sc = -w.search(st, -alpha-1, -alpha, n-1)
			if sc > alpha && !w.aborted {
				sc = -w.search(st, -beta, -sc, n-1)
			}
		}
		st.Undo()
		if w.aborted {
			break
		}
		if sc > best {
			best, bestMove = sc, m
			alpha = max(alpha, sc)
		}
	}
	if w.aborted && best == -solveScoreSpan {
		best = 0
	}
	sol := Solution{Score: best, Move: bestMove, PV: []games.Move{bestMove}, Nodes: w.nodes, Exact: !w.aborted}
	if !sol.Exact {
		return sol
	}
	// The line, as for 8x8: a move proved to keep the score at each step.
	cp := st.Clone().(*othello.State)
	cp.Play(bestMove)
	for want := -best; cp.Player() != games.Terminal && !w.aborted; want = -want {
		m := othello.Pass
		if cp.Mobility(cp.ToMove()) > 0 {
			n := cp.Empties()
			moves := w.ordered(cp, n, games.NoMove)
			m = moves[0]
			for _, c := range moves {
				cp.Play(c)
				v := -w.search(cp, -want-1, -want+1, n-1)
				cp.Undo()
				if v == want {
					m = c
					break
				}
			}
		}
		sol.PV = append(sol.PV, m)
		cp.Play(m)
	}
	sol.Nodes = w.nodes
	return sol
}

// ordered returns st's moves (in a buffer of ply n) with the table's move
// first, then fewest replies first.
func (w *wideSolver) ordered(st *othello.State, n int, ttMove games.Move) []games.Move {
	moves := st.LegalMoves(w.bufs[n][:0])
	w.bufs[n] = moves
	if len(moves) < 2 {
		return moves
	}
	keys := make([]int, len(moves))
	for i, m := range moves {
		if m == ttMove {
			keys[i] = -1 << 20
			continue
		}
		st.Play(m)
		keys[i] = st.Mobility(st.ToMove())
		st.Undo()
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && keys[j-1] > keys[j]; j-- {
			keys[j-1], keys[j] = keys[j], keys[j-1]
			moves[j-1], moves[j] = moves[j], moves[j-1]
		}
	}
	return moves
}

func (w *wideSolver) search(st *othello.State, alpha, beta, n int) int {
	w.nodes++
	if w.nodes&4095 == 0 {
		if o := w.owner; o.stop.Load() || o.limit > 0 && w.nodes >= o.limit {
			w.aborted = true
		}
	}
	if w.aborted {
		return 0
	}
	me := st.ToMove()
	if st.Player() == games.Terminal {
		return st.Score(me)
	}
	if st.Mobility(me) == 0 {
		st.Play(othello.Pass)
		v := -w.search(st, -beta, -alpha, n)
		st.Undo()
		return v
	}
	key := st.Hash()
	e := &w.tt[key&uint64(len(w.tt)-1)]
	ttMove := games.NoMove
	if e.hash == key {
		lo, up := int(e.lower), int(e.upper)
		if lo >= beta {
			return lo
		}
		if up <= alpha || lo == up {
			return up
		}
		alpha, beta = max(alpha, lo), min(beta, up)
		ttMove = games.Move(e.move)
	}
	moves := w.ordered(st, n, ttMove)
	a := alpha
	best, bestMove := -solveScoreSpan, moves[0]
	for i, m := range moves {
		st.Play(m)
		var sc int
		if i == 0 {
			sc = -w.search(st, -beta, -a, n-1)
		} else {
			sc = -w.search(st, -a-1, -a, n-1)
			if sc > a && sc < beta && !w.aborted {
				sc = -w.search(st, -beta, -sc, n-1)
			}
		}
		st.Undo()
		if w.aborted {
			return 0
		}
		if sc > best {
			best, bestMove = sc, m
			if sc > a {
				a = sc
				if sc >= beta {
					break
				}
			}
		}
	}
	lo, up := -solveScoreSpan, solveScoreSpan
	switch {
	case best <= alpha:
		up = best
	case best >= beta:
		lo = best
	default:
		lo, up = best, best
	}
	if e.hash == key {
		lo, up = max(lo, int(e.lower)), min(up, int(e.upper))
	}
	*e = wideEntry{hash: key, lower: int16(lo), upper: int16(up), move: int16(bestMove)}
	return best
}
