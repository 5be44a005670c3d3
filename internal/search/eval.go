package search

import "github.com/meeple-games/meeple/games"

// Scores of AlphaBeta, from the side to move's point of view. A forced win
// in n plies scores MateScore-n, a forced loss -(MateScore-n); evaluations
// are clamped to [-MaxEval, MaxEval] so they never look like mates.
const (
	MateScore = 1 << 20
	MaxPly    = 128 // deepest line AlphaBeta searches
	MaxEval   = MateScore - 2*MaxPly
	infinity  = MateScore + 1
)

// IsMate reports whether score says a forced end was found.
func IsMate(score int) bool { return score > MaxEval || score < -MaxEval }

// MatePlies converts a score into Info.Mate: plies to the forced end,
// positive when the side to move wins, negative when it loses, 0 when score
// is not a mate score.
func MatePlies(score int) int {
	switch {
	case score > MaxEval:
		return MateScore - score
	case score < -MaxEval:
		return -(MateScore + score)
	}
	return 0
}

// Evaluator scores a position that is not over from the point of view of the
// player to move: positive is good for that player. Scores are centi-units
// (100 = a clearly better position, as a pawn in chess) and are clamped to
// [-MaxEval, MaxEval]. AlphaBeta never calls it on a terminal position: it
// scores those from State.Returns itself.
type Evaluator interface {
	Evaluate(st games.State) int
}

// MoveOrderer is implemented by evaluators that can rank moves for
// AlphaBeta's move ordering. ScoreMoves sets scores[i] for moves[i] in the
// position st (the player to move's moves; bigger is searched first). Scores
// above 1<<24 outrank killer moves and history (use them for tactically
// forced moves: a win, a block); ordinary hints should stay within 0..1<<16.
// The transposition-table move always comes first.
type MoveOrderer interface {
	ScoreMoves(st games.State, moves []games.Move, scores []int32)
}

// MoveFilter is implemented by evaluators that can tell moves apart that
// cannot matter: FilterMoves reorders moves in place and returns a non-empty
// prefix of it whose best move is as good as the best of all (the only
// block of an immediate win, say: every other move loses at once). AlphaBeta
// searches only that prefix, so a forced line costs one node a ply. It must
// be exact, never a guess: a wrong filter makes the search wrong.
type MoveFilter interface {
	FilterMoves(st games.State, moves []games.Move) []games.Move
}

// ZeroEval is the default Evaluator: every position that is not over scores
// 0, so AlphaBeta plays on terminal results (and mate distances) alone.
type ZeroEval struct{}

// Evaluate returns 0.
func (ZeroEval) Evaluate(games.State) int { return 0 }

func clampEval(v int) int {
	if v > MaxEval {
		return MaxEval
	}
	if v < -MaxEval {
		return -MaxEval
	}
	return v
}
