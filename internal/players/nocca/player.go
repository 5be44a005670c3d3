package nocca

import (
	"context"
	"math/bits"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/nocca"
	"github.com/meeple-games/meeple/internal/search"
)

// Scores of the Nocca Nocca evaluation, for the side to move.
const (
	// noccaWinNext: the side to move has an uncovered piece on its far row
	// and steps into the goal now.
	noccaWinNext = 100_000
	// noccaWinSoon: the side to move, not threatened, can step a piece onto
	// its far row where the opponent cannot cover it: it enters the goal on
	// its next move (three plies), unless a repetition intervenes.
	noccaWinSoon = 50_000
)

// Weights of the evaluation, in centi-units.
const (
	noccaAdvance   = 6   // per rank squared, for an uncovered piece
	noccaBuried    = 3   // per rank squared, for a piece under one of its own
	noccaCovered   = 45  // a piece held under an opponent's piece
	noccaMobile    = 12  // an uncovered piece with a move
	noccaCapstone  = 25  // an uncovered piece on a full stack (it cannot be covered), plus its rank
	noccaThreat    = 60  // a piece one step from the far row with a free far square ahead
	noccaForced    = 120 // the side to move must spend its move covering a piece on its home row
	noccaTempo     = 15  // for the side to move
	noccaOrderGoal = 1 << 28
)

// noccaEval is the Nocca Nocca evaluation: a search.Evaluator,
// search.MoveOrderer and search.MoveFilter over a nocca.State.
//
// It scores, for each side, its uncovered pieces by their advancement
// (the square of the rows travelled: a piece near the far row is worth far
// more), its pieces under its own by half that, its pieces held under an
// opponent's piece as a loss, its uncovered pieces that can move, its
// uncovered pieces on full stacks (no piece can land on them, so they
// cannot be covered: the stack is theirs), and its threats to reach the
// goal (a piece one step from the far row with a far square it can step
// to). The side to move counts a tempo.
//
// Then the tactics, exact where they say win or loss: the side to move
// with an uncovered piece on its far row wins now; facing two uncovered
// opponent pieces on its home row (it can cover one a move), or one it
// cannot cover (no piece of its next to it, or on a full stack), it loses
// at the opponent's next move; not threatened, a step onto its far row
// where the opponent can then not cover the piece wins on its next move.
type noccaEval struct {
	g     *nocca.Game
	rank  [2][nocca.MaxSquares]int // rows travelled by colour c on square sq
	far   [2]uint64
	home  [2]uint64
	near  [2]uint64 // the row before the far row
	nbr   [nocca.MaxSquares]uint64
	rows  int
	stack int
}

// NewEval is the evaluation of g, with its move ordering and its filter of
// forced positions (search.MoveOrderer, search.MoveFilter).
func NewEval(g *nocca.Game) search.Evaluator { return newEval(g) }

func newEval(g *nocca.Game) *noccaEval {
	e := &noccaEval{g: g, rows: g.Rows(), stack: g.Stack()}
	for sq := range g.Squares() {
		row := sq / g.Columns()
		e.rank[nocca.White][sq] = row
		e.rank[nocca.Black][sq] = g.Rows() - 1 - row
		e.nbr[sq] = g.Neighbours(sq)
		for c := range 2 {
			if e.rank[c][sq] == g.Rows()-2 {
				e.near[c] |= 1 << sq
			}
		}
	}
	for c := range 2 {
		e.far[c], e.home[c] = g.FarRow(c), g.HomeRow(c)
	}
	return e
}

// threats returns the opponent's (of me) uncovered pieces on me's home row:
// each steps into the goal at the opponent's next move unless covered.
func (e *noccaEval) threats(s *nocca.State, me int) uint64 {
	return s.Tops(1-me) & e.home[me]
}

// coverable reports whether me can cover the opponent's piece on sq this
// move: sq is not full and a piece of me's is uncovered next to it.
func (e *noccaEval) coverable(s *nocca.State, me, sq int) bool {
	return s.Full()>>sq&1 == 0 && e.nbr[sq]&s.Tops(me) != 0
}

// winsSoon reports whether me, to move and not threatened, can step a piece
// onto its far row where the opponent cannot cover it afterwards.
func (e *noccaEval) winsSoon(s *nocca.State, me int) bool {
	op := 1 - me
	cands := s.Tops(me) & e.near[me]
	for x := cands; x != 0; x &= x - 1 {
		from := bits.TrailingZeros64(x)
		// What the step leaves uncovered on from: the piece below, if any.
		freed := uint64(0)
		if h, cols := s.Stack(from); h >= 2 && int(cols>>(h-2)&1) == op {
			freed = 1 << from
		}
		for y := e.nbr[from] & e.far[me] &^ s.Full(); y != 0; y &= y - 1 {
			to := bits.TrailingZeros64(y)
			if s.Height(to)+1 >= e.stack {
				return true // the stack is full then: no piece may land on it
			}
			if e.nbr[to]&(s.Tops(op)|freed) == 0 {
				return true
			}
		}
	}
	return false
}

// Evaluate scores a position that is not over for the side to move.
func (e *noccaEval) Evaluate(st games.State) int {
	s := st.(*nocca.State)
	me := s.ToMove()
	op := 1 - me
	if s.Tops(me)&e.far[me] != 0 {
		return noccaWinNext
	}
	forced := 0
	if th := e.threats(s, me); th != 0 {
		if th&(th-1) != 0 || !e.coverable(s, me, bits.TrailingZeros64(th)) {
			return -noccaWinNext
		}
		forced = noccaForced
	} else if e.winsSoon(s, me) {
		return noccaWinSoon
	}
	var score [2]int
	full := s.Full()
	for sq := range e.g.Squares() {
		h, cols := s.Stack(sq)
		if h == 0 {
			continue
		}
		top := int(cols>>(h-1)) & 1
		r := e.rank[top][sq]
		score[top] += noccaAdvance * r * r
		if e.nbr[sq]&^full != 0 || e.far[top]>>sq&1 != 0 {
			score[top] += noccaMobile
		}
		if h >= e.stack {
			score[top] += noccaCapstone + noccaCapstone*r/2
		}
		for l := range h - 1 {
			c := int(cols>>l) & 1
			if c == top {
				rr := e.rank[c][sq]
				score[c] += noccaBuried * rr * rr
			} else {
				score[c] -= noccaCovered
			}
		}
	}
	for c := range 2 {
		for x := s.Tops(c) & e.near[c]; x != 0; x &= x - 1 {
			if e.nbr[bits.TrailingZeros64(x)]&e.far[c]&^full != 0 {
				score[c] += noccaThreat
			}
		}
	}
	return score[me] - score[op] + noccaTempo - forced
}

// FilterMoves narrows forced positions, exactly: with a move into the goal,
// to it; facing an opponent's uncovered piece on its home row, to the moves
// that cover it and those that end the game at once (a draw by repetition);
// facing two, or one it cannot cover, every other move loses at the
// opponent's next move, so one of them stands for all.
func (e *noccaEval) FilterMoves(st games.State, moves []games.Move) []games.Move {
	s := st.(*nocca.State)
	me := s.ToMove()
	for i, m := range moves {
		if s.IsGoalMove(m) {
			moves[0], moves[i] = moves[i], moves[0]
			return moves[:1]
		}
	}
	th := e.threats(s, me)
	if th == 0 {
		return moves
	}
	keep := 0
	for i, m := range moves {
		_, to := s.MoveSquares(m)
		ok := th&(1<<to) != 0 && th&(th-1) == 0
		if !ok && e.g.Repetition() > 0 {
			s.Play(m)
			ok = s.Player() == games.Terminal
			s.Undo()
		}
		if ok {
			moves[keep], moves[i] = moves[i], moves[keep]
			keep++
		}
	}
	return moves[:max(keep, 1)]
}

// ScoreMoves orders moves: into the goal first, then covering an
// opponent's piece on the home row, then steps onto the far row, then by
// the advancement gained, covering an opponent's piece and stepping off a
// stack of one's own.
func (e *noccaEval) ScoreMoves(st games.State, moves []games.Move, scores []int32) {
	s := st.(*nocca.State)
	me := s.ToMove()
	op := 1 - me
	th := e.threats(s, me)
	for i, m := range moves {
		from, to := s.MoveSquares(m)
		if to < 0 {
			scores[i] = noccaOrderGoal
			continue
		}
		v := int32(1 << 12)
		switch {
		case th>>to&1 != 0:
			v += 1 << 26
		case e.far[me]>>to&1 != 0:
			v += 1 << 24
		}
		gain := e.rank[me][to] - e.rank[me][from]
		v += int32(gain * 256)
		if s.Top(to) == op {
			v += 512 // covers a piece
		}
		if s.Height(to)+1 >= e.stack {
			v += 128 // a capstone
		}
		scores[i] = v
	}
}

// Player is "auto" for Nocca Nocca: a move into the goal (or one that
// leaves the opponent without a move) at once, else alpha-beta with the
// Nocca evaluation, whose move filter makes it cover the opponent's threat
// when it can.
type Player struct {
	g  *nocca.Game
	ab *search.AlphaBeta
}

func NewPlayer(g *nocca.Game, hashMB int) *Player {
	return &Player{g: g, ab: search.NewAlphaBeta(newEval(g), hashMB)}
}

// Clear empties the transposition table.
func (p *Player) Clear() { p.ab.Clear() }

// Search implements search.Searcher.
func (p *Player) Search(ctx context.Context, st games.State, lim search.Limits, info func(search.Info)) search.Result {
	s, ok := st.(*nocca.State)
	if !ok || s.Game() != p.g {
		return search.Random{}.Search(ctx, st, lim, info)
	}
	if s.Player() < 0 {
		return search.Result{Move: games.NoMove}
	}
	start := time.Now()
	me := s.ToMove()
	for _, m := range s.LegalMoves(nil) {
		s.Play(m)
		won := s.Player() == games.Terminal && s.Winner() == me
		s.Undo()
		if won {
			in := search.Info{Depth: 1, SelDepth: 1, Score: search.MateScore - 1, Mate: 1, Nodes: 1, Time: time.Since(start), PV: []games.Move{m}}
			if info != nil {
				info(in)
			}
			if lim.Infinite {
				<-ctx.Done()
			}
			return search.Result{Move: m, Info: in}
		}
	}
	return p.ab.Search(ctx, st, lim, info)
}
