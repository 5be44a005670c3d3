package chess

import (
	"context"
	"math"
	"math/bits"
	"slices"
	"sync/atomic"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
	"github.com/meeple-games/meeple/internal/search"
)

// Player is "auto" for chess: a dedicated negamax on chess.State
// (Make/Unmake, no interfaces in the tree) with principal variation search,
// iterative deepening with aspiration windows, a transposition table that
// keeps each position's static evaluation, quiescence search (captures and
// promotions ordered by MVV-LVA, losing captures cut by static exchange
// evaluation, delta pruning, the table probed and its move tried first),
// the check extension, the singular extension (the table's move a ply
// deeper when no other move comes near its score; a cut when another
// move beats beta without it), internal iterative reduction (a node
// without a move from the table loses a ply), null-move pruning (not in
// check, not without pieces), reverse futility and futility pruning,
// late-move reductions (less for killers and moves with a good
// history), late-move and history pruning (reverse futility, late-move
// pruning and the reductions cut less where the static evaluation is
// better than at the side's move before: improving), static exchange
// evaluation to order captures (losing ones after the quiet moves) and
// to prune losing moves near the leaves, killer moves, the counter-move,
// the history heuristic and the continuation history (a bonus for a
// cutoff, a malus for the quiet moves tried before it), mate scores, and
// draws by repetition, the fifty-move rule and insufficient material
// inside the tree. The evaluation is chessEval.
//
// Scores follow package search: centipawns for the side to move, a forced
// mate in n plies search.MateScore-n, so Info.Mate is search.MatePlies.
// Time: chessPolicy's soft limit ends iterative deepening (stopAfter: the
// share of it used grows while the best move changes and after the score
// falls), its hard limit (a timer and a check of the clock every 1024
// nodes) ends the search.
// Limits.RootMoves restricts the moves searched at the root (UCI's
// searchmoves). The table persists between searches; Clear empties it, in
// constant time. Info.HashFull samples the table as Stockfish does.
type Player struct {
	g  *chess.Game
	tt []chessTTEntry
	// epoch is the table's game: Clear moves to the next one, and entries
	// of another epoch count as empty. When it wraps around, Clear empties
	// the table for real.
	epoch uint16

	// one search's state
	s         *chess.State
	only      []games.Move // the root moves to search (Limits.RootMoves), nil: all
	stop      atomic.Bool
	start     time.Time
	hard      time.Time // zero: none
	nodeLimit int64
	nodes     int64
	seldepth  int
	aborted   bool
	history   [2][64][64]int32
	quiets    [search.MaxPly + 2][64]games.Move // the quiet moves searched at each ply, for the history malus
	killers   [search.MaxPly + 2][2]games.Move
	moves     [search.MaxPly + 2][256]games.Move
	scores    [search.MaxPly + 2][256]int32
	pv        [search.MaxPly + 2][search.MaxPly + 2]games.Move
	pvLen     [search.MaxPly + 2]int
	nullMove  [search.MaxPly + 2]bool       // the move into ply+1 was a null move
	played    [search.MaxPly + 2]games.Move // the move into ply+1 (NoMove: null)
	excluded  [search.MaxPly + 2]games.Move // the move a singular search leaves out at ply
	static    [search.MaxPly + 2]int        // the static evaluation at ply (noEval in check)
	// counter[piece][to] is the quiet move that last refuted the move of
	// piece to to (the counter-move heuristic).
	counter [16][64]games.Move
	// cont is the continuation history: cont[piece*64+to of the move
	// before][piece*64+to of a quiet move] scores the quiet move after
	// that one, as history does alone.
	cont *[16 * 64][16 * 64]int16
	gen  uint8 // the table's generation: one a search
	eval chessEval
}

// chessTTEntry is one slot of the table: the full key, the best move, the
// score (mates relative to the entry's node), the static evaluation
// (noEval in check), the depth (0: quiescence) and the bound, the search
// (gen) and the game (epoch) that stored it. 24 bytes.
type chessTTEntry struct {
	key   uint64
	move  uint32
	score int32
	eval  int16
	depth int8
	bound uint8
	gen   uint8
	epoch uint16
}

// noEval is the stored static evaluation of a position in check (none).
const noEval = math.MinInt16

const (
	boundUpper = 1
	boundLower = 2
	boundExact = 3
)

// Search constants.
const (
	chessInf      = search.MateScore + 1
	chessMateBand = search.MaxEval // beyond it, a score is a mate
	pollNodes     = 1024           // nodes between clock checks
	deltaMargin   = 200
	// SEE pruning: at depth seeDepth or less, a quiet move losing more
	// than seeQuietMargin a ply, a capture losing more than
	// seeCaptureMargin times the depth squared, is not searched.
	seeDepth         = 8
	seeQuietMargin   = 60
	seeCaptureMargin = 20
	// Futility pruning: at depth futilityDepth or less, quiet moves are
	// skipped when the static evaluation plus futilityMargin a ply (and
	// one) is no better than alpha.
	futilityDepth  = 6
	futilityMargin = 90
	// Internal iterative reduction: from this depth on, a node without a
	// move from the table loses a ply.
	iirDepth = 4
	// History pruning: at depth historyPruneDepth or less, a quiet move
	// whose history is below -historyPruneMargin a ply is not searched.
	historyPruneDepth  = 3
	historyPruneMargin = 2000
	// Singular extension: from this depth on, the table's move is searched
	// a ply deeper when every other move fails low against its stored
	// score less singularMargin a ply, at half the depth.
	singularDepth  = 6
	singularMargin = 2
)

// lmrTable[d][i] is the late-move reduction at depth d for move number i.
var lmrTable [64][64]int8

func init() {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			lmrTable[d][i] = int8(0.75 + math.Log(float64(d))*math.Log(float64(i))/2.25)
		}
	}
}

// NewPlayer returns the chess player for g with a table of hashMB
// megabytes (0: search.DefaultHashMB).
func NewPlayer(g *chess.Game, hashMB int) *Player {
	if hashMB <= 0 {
		hashMB = search.DefaultHashMB
	}
	n := hashMB << 20 / 24
	n = 1 << (bits.Len(uint(n)) - 1) // a power of two
	p := &Player{g: g, tt: make([]chessTTEntry, n), cont: new([16 * 64][16 * 64]int16)}
	for i := range p.excluded {
		p.excluded[i] = games.NoMove // none; a singular search puts it back
	}
	return p
}

// Clear forgets what earlier searches learnt. The table is not zeroed: its
// entries belong to the previous epoch from now on, which probes treat as
// empty (every 65536th Clear, when the epoch wraps around, zeroes it).
func (p *Player) Clear() {
	p.epoch++
	if p.epoch == 0 {
		clear(p.tt)
	}
	p.history = [2][64][64]int32{}
	p.killers = [search.MaxPly + 2][2]games.Move{}
	p.counter = [16][64]games.Move{}
	clear(p.cont[:])
}

// Search implements search.Searcher.
func (p *Player) Search(ctx context.Context, st games.State, lim search.Limits, info func(search.Info)) search.Result {
	s, ok := st.(*chess.State)
	if !ok {
		return search.Random{}.Search(ctx, st, lim, info)
	}
	if s.Player() == games.Terminal {
		return search.Result{Move: games.NoMove}
	}
	p.s = s
	defer func() { p.s, p.only = nil, nil }()
	p.stop.Store(false)
	p.start = time.Now()
	p.hard = time.Time{}
	p.nodes, p.seldepth, p.aborted = 0, 0, false
	p.nodeLimit = 0
	maxDepth := search.MaxPly - 1
	var soft time.Duration
	if !lim.Infinite {
		p.nodeLimit = lim.Nodes
		if lim.Depth > 0 {
			maxDepth = min(lim.Depth, maxDepth)
		}
		var hard time.Duration
		soft, hard = chessPolicy.Allocate(lim, s.Player())
		if hard > 0 {
			p.hard = p.start.Add(hard)
			t := time.AfterFunc(hard, func() { p.stop.Store(true) })
			defer t.Stop()
		}
		if hard == 0 && lim.Nodes == 0 && lim.Depth == 0 {
			p.nodeLimit = search.DefaultNodes
		}
		if lim.MoveTime > 0 {
			soft = 0 // a fixed move time is used to the end
		}
	}
	release := context.AfterFunc(ctx, func() { p.stop.Store(true) })
	defer release()
	for c := range p.history {
		for f := range p.history[c] {
			for t := range p.history[c][f] {
				p.history[c][f][t] /= 8
			}
		}
	}
	p.gen++
	gen := p.gen

	// The root moves (those of RootMoves that are legal, if any are); a
	// single one gets a shallow search, for its score only.
	rootMoves := s.GenerateMoves(make([]games.Move, 0, 256))
	if only := lim.Restrict(rootMoves); len(only) < len(rootMoves) {
		rootMoves = only
		p.only = only
	}
	best := rootMoves[0]
	last := search.Info{PV: []games.Move{best}}
	if len(rootMoves) == 1 && !lim.Infinite {
		maxDepth = min(maxDepth, 6)
	}
	lines := min(max(lim.MultiPV, 1), len(rootMoves))
	scores := make([]int, lines) // each line's score at the last depth, for its window
	stable, prev := 0, 0         // iterations the best move has held; the last score
	for depth := 1; depth <= maxDepth; depth++ {
		// MultiPV: line i is the best of the root moves not in lines 0..i-1.
		var found []search.Info
		for i := range lines {
			if lines > 1 {
				p.only = exclude(rootMoves, found)
			}
			v := p.aspirate(depth, scores[i], gen)
			if p.aborted {
				break
			}
			pv := append([]games.Move(nil), p.pv[0][:max(p.pvLen[0], 1)]...)
			if p.pvLen[0] == 0 || !legalIn(rootMoves, pv[0]) {
				pv = []games.Move{best}
				if i > 0 {
					pv[0] = exclude(rootMoves, found)[0]
				}
			}
			found = append(found, search.Info{Depth: depth, Score: v, Mate: search.MatePlies(v), PV: pv})
		}
		// Each line is the best of the moves the lines before it left,
		// searched apart, so a later one can come out with a higher
		// score: the lines go out best first (as Stockfish sorts them),
		// and the next depth's windows follow.
		slices.SortStableFunc(found, func(a, b search.Info) int { return b.Score - a.Score })
		for i, in := range found {
			scores[i] = in.Score
		}
		if len(found) == 0 {
			// Aborted in the first line. A root move that beat the previous
			// best in full is better founded; in the first iteration, the
			// best of the moves searched beats the first move generated.
			if p.pvLen[0] > 0 && p.pv[0][0] != best && legalIn(rootMoves, p.pv[0][0]) {
				best = p.pv[0][0]
				last.PV = append([]games.Move(nil), p.pv[0][:p.pvLen[0]]...)
			}
			break
		}
		if found[0].PV[0] != best {
			stable = 0
		} else {
			stable++
		}
		best = found[0].PV[0]
		for i, in := range found {
			in.SelDepth, in.Nodes, in.Time, in.HashFull = p.seldepth, p.nodes, time.Since(p.start), p.hashFull()
			if lines > 1 {
				in.MultiPV = i + 1
			}
			if info != nil {
				info(in)
			}
			if i == 0 {
				last = in
			}
		}
		if p.aborted {
			break
		}
		if m := last.Mate; m != 0 && abs(m) < depth-2 && !lim.Infinite {
			break
		}
		if soft > 0 && time.Since(p.start) > stopAfter(soft, stable, prev-found[0].Score) {
			break
		}
		prev = found[0].Score
		if p.nodeLimit > 0 && p.nodes >= p.nodeLimit {
			break
		}
	}
	if lim.Infinite && !p.aborted {
		<-ctx.Done()
	}
	last.Nodes, last.Time, last.HashFull = p.nodes, time.Since(p.start), p.hashFull()
	return search.Result{Move: best, Info: last}
}

// stopAfter is how much of soft may be gone before no new iteration
// starts: half of it once the best move has held for three iterations,
// up to all of it in the iteration where the best move changed, and a
// quarter more again when the score fell by 25 or more (a problem the
// next iteration may solve).
func stopAfter(soft time.Duration, stable, drop int) time.Duration {
	share := [...]time.Duration{100, 75, 60, 50}[min(stable, 3)]
	if drop >= 25 {
		share += share / 4
	}
	return soft * share / 100
}

// aspirate searches the root to depth in a window around the previous
// score, widening it until the score falls inside.
func (p *Player) aspirate(depth, score int, gen uint8) int {
	alpha, beta := -chessInf, chessInf
	window := 25
	if depth >= 5 && abs(score) < chessMateBand {
		alpha, beta = max(score-window, -chessInf), min(score+window, chessInf)
	}
	for {
		v := p.negamax(alpha, beta, depth, 0, true, gen)
		if p.aborted {
			return v
		}
		if v <= alpha {
			beta = (alpha + beta) / 2
			alpha = max(v-window, -chessInf)
		} else if v >= beta {
			beta = min(v+window, chessInf)
		} else {
			return v
		}
		window *= 2
		if window > 1000 {
			alpha, beta = -chessInf, chessInf
		}
	}
}

// exclude is the root moves not leading a line of found (MultiPV).
func exclude(moves []games.Move, found []search.Info) []games.Move {
	var out []games.Move
	for _, m := range moves {
		if !slices.ContainsFunc(found, func(in search.Info) bool { return in.PV[0] == m }) {
			out = append(out, m)
		}
	}
	return out
}

// chessPolicy is the chess player's time management (search.Policy): for
// the player to move, soft (no new iteration starts once stopAfter's
// share of it is gone) and hard (the search stops). MoveTime is used less
// the move overhead (at most a fifth of it), as Stockfish does: the reply
// must arrive within it. With a clock, only what is on it now counts (the
// increment comes after the move): the usable time is the clock less the
// move overhead (30 ms unless Limits.MoveOverhead says); soft is that over
// the moves to go (20 in sudden death) plus 3/4 of the increment, hard is
// three times soft, and neither goes past a share of the usable time: 3/4
// on the last move before a time control (movestogo 1), 3/8 on the one
// before, else 1/4 (Burst 3). So a clock below the increment never spends
// the increment before it arrives; a long game at 1+0.01 settles with the
// clock near the overhead plus four increments or more, not at the
// overhead; and in an emergency, with no more than the overhead left, both
// are a millisecond: the search answers with what its first iteration
// found.
var chessPolicy = search.Policy{MovesToGo: 20, Overhead: 30 * time.Millisecond, Burst: 3, MinThink: time.Millisecond}

// hashFull is the permille of the table in use, sampled as Stockfish
// does: the first 1000 entries, counting those this search stored.
func (p *Player) hashFull() int {
	n := min(1000, len(p.tt))
	used := 0
	for i := range n {
		e := &p.tt[i]
		if e.bound != 0 && e.epoch == p.epoch && e.gen == p.gen {
			used++
		}
	}
	return used * 1000 / n
}

func legalIn(moves []games.Move, m games.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// checkStop polls the limits; it sets aborted once one is reached.
func (p *Player) checkStop() bool {
	if p.aborted {
		return true
	}
	if p.nodeLimit > 0 && p.nodes >= p.nodeLimit {
		p.aborted = true
	} else if p.nodes&(pollNodes-1) == 0 {
		if p.stop.Load() || !p.hard.IsZero() && time.Now().After(p.hard) {
			p.aborted = true
		}
	}
	return p.aborted
}

// Table access.
func (p *Player) ttProbe(key uint64) (*chessTTEntry, bool) {
	e := &p.tt[key&uint64(len(p.tt)-1)]
	return e, e.key == key && e.bound != 0 && e.epoch == p.epoch
}

func (p *Player) ttStore(key uint64, m games.Move, score, static, depth, bound, ply int, gen uint8) {
	e := &p.tt[key&uint64(len(p.tt)-1)]
	live := e.bound != 0 && e.epoch == p.epoch // not empty, not of an earlier game
	if live && e.key == key && m == games.NoMove {
		m = games.Move(e.move)
	}
	if live && e.key != key && int(e.depth) > depth+2 && e.gen == gen && bound != boundExact {
		return // keep a deeper entry of this search
	}
	if static != noEval {
		static = max(min(static, math.MaxInt16), math.MinInt16+1)
	}
	*e = chessTTEntry{key: key, move: uint32(m), score: int32(toTT(score, ply)), eval: int16(static), depth: int8(depth), bound: uint8(bound), gen: gen, epoch: p.epoch}
}

// toTT and fromTT store mate scores relative to the node, not the root.
func toTT(score, ply int) int {
	switch {
	case score > chessMateBand:
		return score + ply
	case score < -chessMateBand:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score > chessMateBand:
		return score - ply
	case score < -chessMateBand:
		return score + ply
	}
	return score
}

// negamax is the principal variation search.
func (p *Player) negamax(alpha, beta, depth, ply int, pvNode bool, gen uint8) int {
	s := p.s
	p.pvLen[ply] = 0
	p.nullMove[ply] = false
	inCheck := s.InCheck()
	if inCheck {
		depth++ // the check extension
	}
	if depth <= 0 {
		return p.quiesce(alpha, beta, ply)
	}
	p.nodes++
	if p.checkStop() {
		return 0
	}
	if ply > 0 {
		// Draws inside the tree: the fifty-move rule (unless mated now),
		// a repetition (the first one ends the line), dead material.
		if s.HalfmoveClock() >= 100 && (!inCheck || s.CountMoves() > 0) || s.Repetitions() >= 2 || s.InsufficientMaterial() {
			return 0
		}
		// Mate distance pruning.
		alpha = max(alpha, -search.MateScore+ply)
		beta = min(beta, search.MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
		if ply >= search.MaxPly {
			return p.eval.evaluate(s)
		}
	}
	key := s.Hash()
	ttMove := games.NoMove
	excluded := p.excluded[ply]
	slot, hit := p.ttProbe(key)
	var e chessTTEntry // the entry as probed: the searches below may replace it
	if hit {
		e = *slot
		ttMove = games.Move(e.move)
		if !pvNode && excluded == games.NoMove && int(e.depth) >= depth {
			v := fromTT(int(e.score), ply)
			switch {
			case e.bound == boundExact,
				e.bound == boundLower && v >= beta,
				e.bound == boundUpper && v <= alpha:
				return v
			}
		}
	}
	// Internal iterative reduction: a node the table knows no move for
	// is searched a ply shallower (its move ordering is a guess).
	if ttMove == games.NoMove && depth >= iirDepth && !inCheck {
		depth--
	}
	us := s.SideToMove()
	// static is the evaluation (from the table when it has one); est,
	// which the pruning reads, is the table's score instead when its bound
	// says that is nearer the truth.
	static, est := noEval, -chessInf
	if !inCheck {
		if hit && e.eval != noEval {
			static = int(e.eval)
		} else {
			static = p.eval.evaluate(s)
		}
		est = static
		if hit {
			v := fromTT(int(e.score), ply)
			if abs(v) < chessMateBand && (e.bound == boundLower && v > est || e.bound == boundUpper && v < est) {
				est = v
			}
		}
	}
	// improving: the static evaluation is better than at this side's
	// move before (or there is none to compare with); never in check.
	// The pruning below prunes less when so, more when not.
	p.static[ply] = static
	improving := 0
	if static != noEval && (ply < 2 || p.static[ply-2] == noEval || static > p.static[ply-2]) {
		improving = 1
	}
	if !pvNode && !inCheck && excluded == games.NoMove {
		// Reverse futility pruning: far above beta at low depth.
		if depth <= 6 && est-80*(depth-improving) >= beta && abs(beta) < chessMateBand {
			return est
		}
		// Null-move pruning.
		if depth >= 3 && est >= beta && nonPawnMaterial(s, us) && ply > 0 && !p.nullMove[ply-1] {
			r := 3 + depth/6 + min(2, (est-beta)/200)
			s.MakeNull()
			p.played[ply] = games.NoMove
			p.nullMove[ply] = true
			v := -p.negamax(-beta, -beta+1, depth-1-r, ply+1, false, gen)
			p.nullMove[ply] = false
			s.Unmake()
			if p.aborted {
				return 0
			}
			if v >= beta {
				if v > chessMateBand {
					v = beta
				}
				return v
			}
		}
	}

	// Singular extension: when no other move comes near the table's score
	// for its move, that move is searched a ply deeper; when another move
	// beats beta even so, the node is cut (multi-cut). Before the moves
	// are generated: the search without the table's move uses this ply's
	// buffers.
	singular := 0
	if ply > 0 && depth >= singularDepth && !inCheck && excluded == games.NoMove && ttMove != games.NoMove &&
		e.bound&boundLower != 0 && int(e.depth) >= depth-3 {
		if tv := fromTT(int(e.score), ply); abs(tv) < chessMateBand {
			sBeta := tv - singularMargin*depth
			p.excluded[ply] = ttMove
			v := p.negamax(sBeta-1, sBeta, (depth-1)/2, ply, false, gen)
			p.excluded[ply] = games.NoMove
			p.pvLen[ply] = 0
			if p.aborted {
				return 0
			}
			if v < sBeta {
				singular = 1
			} else if sBeta >= beta {
				return sBeta
			}
		}
	}

	moves := s.GenerateMoves(p.moves[ply][:0])
	if len(moves) == 0 {
		if inCheck {
			return -search.MateScore + ply
		}
		return 0
	}
	if ply == 0 && p.only != nil {
		// searchmoves: the root keeps the moves asked for (legal, so
		// never none).
		n := 0
		for _, m := range moves {
			if legalIn(p.only, m) {
				moves[n] = m
				n++
			}
		}
		moves = moves[:n]
	}
	// The counter-move (the quiet move that last refuted the move into
	// this node) and the continuation history's row of that move.
	counterMove, counterSlot := games.NoMove, (*games.Move)(nil)
	var cont *[16 * 64]int16
	if ply > 0 && p.played[ply-1] != games.NoMove {
		to := chess.To(p.played[ply-1])
		pc := int(s.PieceAt(to) & 15)
		counterSlot = &p.counter[pc][to]
		counterMove = *counterSlot
		cont = &p.cont[pc*64+to]
	}
	scores := p.scores[ply][:len(moves)]
	p.scoreMoves(ply, moves, scores, ttMove, counterMove, cont)

	bestScore, bestMove := -chessInf, games.NoMove
	origAlpha := alpha
	futile := !pvNode && !inCheck && depth <= futilityDepth && est+futilityMargin*(depth+1) <= alpha && abs(alpha) < chessMateBand
	quietsSearched := 0 // searched or pruned by futility
	triedQuiets := 0    // searched, in p.quiets[ply]
	for i := range moves {
		pickMove(moves, scores, i)
		m := moves[i]
		if m == excluded {
			continue
		}
		capture := s.Captured(m) != chess.NoPiece || chess.Promotion(m) != chess.NoPieceType
		quiet := !capture
		// SEE pruning at shallow depth: a late move that loses material
		// on its square by more than the depth allows.
		if !pvNode && !inCheck && i > 0 && depth <= seeDepth && bestScore > -chessMateBand && scores[i] < 1<<25 {
			limit := -seeQuietMargin * depth
			if capture {
				limit = -seeCaptureMargin * depth * depth
			}
			if p.see(m) < limit {
				continue
			}
		}
		s.Make(m)
		p.played[ply] = m
		givesCheck := s.InCheck()
		// Futility and history pruning: near the leaves, a late quiet
		// move that gives no check and cannot lift a static score far
		// below alpha (killers and the counter-move excepted), or whose
		// history says it has failed here again and again.
		if quiet && i > 0 && !givesCheck && (futile && scores[i] < 1<<25-1 ||
			!pvNode && !inCheck && depth <= historyPruneDepth && scores[i] < int32(-historyPruneMargin*depth) && bestScore > -chessMateBand) {
			s.Unmake()
			quietsSearched++
			continue
		}
		var v int
		if i == 0 {
			ext := 0
			if m == ttMove {
				ext = singular
			}
			v = -p.negamax(-beta, -alpha, depth-1+ext, ply+1, pvNode, gen)
		} else {
			// Late-move reductions for quiet moves.
			r := 0
			if depth >= 3 && quiet && !inCheck && !givesCheck && i >= 3 {
				r = int(lmrTable[min(depth, 63)][min(i, 63)])
				if pvNode {
					r--
				}
				r += 1 - improving
				if m == p.killers[ply][0] || m == p.killers[ply][1] {
					r--
				}
				r -= int(p.quietHistory(us, m, cont)) / (historyMax / 2)
				r = max(0, min(r, depth-2))
			}
			v = -p.negamax(-alpha-1, -alpha, depth-1-r, ply+1, false, gen)
			if r > 0 && v > alpha && !p.aborted {
				v = -p.negamax(-alpha-1, -alpha, depth-1, ply+1, false, gen)
			}
			if v > alpha && v < beta && pvNode && !p.aborted {
				v = -p.negamax(-beta, -alpha, depth-1, ply+1, true, gen)
			}
		}
		s.Unmake()
		if p.aborted {
			return 0
		}
		if quiet {
			if triedQuiets < len(p.quiets[ply]) {
				p.quiets[ply][triedQuiets] = m
				triedQuiets++
			}
			quietsSearched++
		}
		if v > bestScore {
			bestScore, bestMove = v, m
			if v > alpha {
				alpha = v
				p.pv[ply][0] = m
				copy(p.pv[ply][1:], p.pv[ply+1][:p.pvLen[ply+1]])
				p.pvLen[ply] = p.pvLen[ply+1] + 1
				if v >= beta {
					if quiet {
						if p.killers[ply][0] != m {
							p.killers[ply][1] = p.killers[ply][0]
							p.killers[ply][0] = m
						}
						if counterSlot != nil {
							*counterSlot = m
						}
						// The history: a bonus for the cutoff, a malus for
						// the quiet moves searched before it in vain.
						bonus := int32(min(32*depth*depth, historyMax/8))
						p.addHistory(us, m, cont, bonus)
						for _, q := range p.quiets[ply][:triedQuiets] {
							if q != m {
								p.addHistory(us, q, cont, -bonus)
							}
						}
					}
					break
				}
			}
		}
		// Late-move pruning at shallow depth: quiet moves far down the list.
		// Moves are picked best first, so after a quiet move only quiet
		// moves and losing captures are left: winning captures and killers
		// are never skipped.
		if quiet && !pvNode && !inCheck && !givesCheck && depth <= 3 && quietsSearched > (4+depth*depth*2)*(1+improving)/2 && bestScore > -chessMateBand {
			break
		}
	}
	if excluded != games.NoMove {
		return max(bestScore, alpha) // the table keeps the full node's result
	}
	bound := boundExact
	switch {
	case bestScore >= beta:
		bound = boundLower
	case alpha == origAlpha:
		bound = boundUpper
	}
	p.ttStore(key, bestMove, bestScore, static, depth, bound, ply, gen)
	return bestScore
}

// quiesce searches captures and promotions until the position is quiet.
func (p *Player) quiesce(alpha, beta, ply int) int {
	s := p.s
	p.nodes++
	p.pvLen[ply] = 0
	if p.checkStop() {
		return 0
	}
	if ply > p.seldepth {
		p.seldepth = ply
	}
	if s.Repetitions() >= 2 || s.InsufficientMaterial() {
		return 0
	}
	inCheck := s.InCheck()
	if ply >= search.MaxPly {
		return p.eval.evaluate(s)
	}
	// The table: a bound that decides, or the static evaluation.
	key := s.Hash()
	e, hit := p.ttProbe(key)
	ttMove := games.NoMove
	if hit {
		v := fromTT(int(e.score), ply)
		if e.bound == boundExact || e.bound == boundLower && v >= beta || e.bound == boundUpper && v <= alpha {
			return v
		}
		ttMove = games.Move(e.move)
	}
	var moves []games.Move
	best := -chessInf
	static := noEval
	origAlpha := alpha
	if inCheck {
		moves = s.GenerateMoves(p.moves[ply][:0])
		if len(moves) == 0 {
			return -search.MateScore + ply
		}
	} else {
		if hit && e.eval != noEval {
			static = int(e.eval)
		} else {
			static = p.eval.evaluate(s)
		}
		if static >= beta {
			if !hit {
				p.ttStore(key, games.NoMove, static, static, 0, boundLower, ply, p.gen)
			}
			return static
		}
		alpha = max(alpha, static)
		best = static
		moves = s.GenerateNoisy(p.moves[ply][:0])
	}
	bestMove := games.NoMove
	scores := p.scores[ply][:len(moves)]
	p.scoreMoves(ply, moves, scores, ttMove, games.NoMove, nil)
	for i := range moves {
		pickMove(moves, scores, i)
		m := moves[i]
		if !inCheck {
			promo := chess.Promotion(m)
			if promo != chess.NoPieceType && promo != chess.Queen {
				continue // under-promotions are not worth a quiescence node
			}
			// Delta pruning: even winning the piece cannot reach alpha.
			if promo == chess.NoPieceType && static+seeValue[s.Captured(m).Type()]+deltaMargin <= alpha {
				continue
			}
			// Losing captures (by SEE, see scoreMoves) are skipped; the
			// table's move is not (scoreMoves puts it first).
			if scores[i] < 1<<26 {
				continue
			}
		}
		s.Make(m)
		v := -p.quiesce(-beta, -alpha, ply+1)
		s.Unmake()
		if p.aborted {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				bestMove = m
				if v >= beta {
					break
				}
			}
		}
	}
	// Stored at depth 0, as a bound only (quiescence is no exact search).
	bound := boundUpper
	if best >= beta {
		bound = boundLower
	} else if best > origAlpha {
		return best
	}
	p.ttStore(key, bestMove, best, static, 0, bound, ply, p.gen)
	return best
}

// scoreMoves orders moves: the table's move, captures and promotions that
// do not lose material by static exchange evaluation (MVV-LVA among them),
// killers, the counter-move, quiet moves by history, then the losing
// captures.
func (p *Player) scoreMoves(ply int, moves []games.Move, scores []int32, ttMove, counterMove games.Move, cont *[16 * 64]int16) {
	s := p.s
	us := s.SideToMove()
	for i, m := range moves {
		switch {
		case m == ttMove:
			scores[i] = 1 << 30
		case s.Captured(m) != chess.NoPiece || chess.Promotion(m) != chess.NoPieceType:
			victim := seeValue[s.Captured(m).Type()]
			attacker := seeValue[s.Moved(m).Type()]
			v := int32(victim*16 - attacker/16)
			if promo := chess.Promotion(m); promo != chess.NoPieceType {
				v += int32(seeValue[promo] * 16)
			}
			switch {
			case victim >= attacker || chess.Promotion(m) == chess.Queen || p.see(m) >= 0:
				scores[i] = 1<<26 + v
			default:
				scores[i] = -1<<24 + v // losing by SEE: after the quiet moves
			}
		case m == p.killers[ply][0]:
			scores[i] = 1<<25 + 1
		case m == p.killers[ply][1]:
			scores[i] = 1 << 25
		case m == counterMove:
			scores[i] = 1<<25 - 1
		default:
			scores[i] = p.quietHistory(us, m, cont)
		}
	}
}

// historyMax bounds the history scores: addHistory's gravity keeps them
// within plus or minus it.
const historyMax = 16384

// quietHistory is quiet move m's history for colour c plus, when there
// is a move before it (cont, its row), its continuation history.
func (p *Player) quietHistory(c chess.Color, m games.Move, cont *[16 * 64]int16) int32 {
	h := p.history[c][chess.From(m)][chess.To(m)]
	if cont != nil {
		h += int32(cont[int(p.s.Moved(m)&15)*64+chess.To(m)])
	}
	return h
}

// addHistory moves quiet move m's history for colour c, and its
// continuation history in row cont unless that is nil, by bonus, less
// the more they have already (the "gravity" of Stockfish's history).
func (p *Player) addHistory(c chess.Color, m games.Move, cont *[16 * 64]int16, bonus int32) {
	ab := bonus
	if ab < 0 {
		ab = -ab
	}
	h := &p.history[c][chess.From(m)][chess.To(m)]
	*h += bonus - *h*ab/historyMax
	if cont != nil {
		ch := &cont[int(p.s.Moved(m)&15)*64+chess.To(m)]
		*ch += int16(bonus - int32(*ch)*ab/historyMax)
	}
}

// pickMove brings the best-scored move from i on to index i.
func pickMove(moves []games.Move, scores []int32, i int) {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[b] {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
	scores[i], scores[b] = scores[b], scores[i]
}

// see is the static exchange evaluation of capture m: the material the
// side to move wins on m's target square if both sides keep recapturing
// with their least valuable piece while it pays (pins are ignored).
func (p *Player) see(m games.Move) int {
	s := p.s
	if chess.IsCastling(m) {
		return 0
	}
	from, to := chess.From(m), chess.To(m)
	var gain [40]int
	gain[0] = seeValue[s.Captured(m).Type()]
	attacker := s.Moved(m).Type()
	if promo := chess.Promotion(m); promo != chess.NoPieceType {
		gain[0] += seeValue[promo] - seeValue[chess.Pawn]
		attacker = promo
	}
	occ := s.Occupied() &^ (1 << from)
	if chess.IsEnPassant(m) {
		occ &^= 1 << (to ^ 8)
	}
	side := s.SideToMove() ^ 1
	d := 0
	for {
		d++
		gain[d] = seeValue[attacker] - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 || d == len(gain)-1 {
			break
		}
		att := s.AttackersTo(to, occ) & occ & s.ByColor(side)
		if att == 0 {
			break
		}
		var t chess.PieceType
		for t = chess.Pawn; t <= chess.King; t++ {
			if b := att & s.ByType(t); b != 0 {
				occ &^= b & -b
				break
			}
		}
		attacker = t
		side ^= 1
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}
