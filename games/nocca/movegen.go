package nocca

import (
	"math/bits"

	"github.com/meeple-games/meeple/games"
)

// A Move is from | d<<6: bits 0-5 the square of the moving stack's top
// piece (row*Columns + column), bits 6-8 the direction of the step (0 north,
// then clockwise). A step off the far edge is a move into the goal.
func move(from, d int) games.Move { return games.Move(from | d<<6) }

// LegalMoves appends the legal moves: for each square whose top piece is the
// side to move's, in increasing order, the steps in direction order (N, NE,
// E, SE, S, SW, W, NW) onto squares that are not full and into the goal;
// nothing when the game is over. It allocates nothing when buf has room
// (at most 8 moves a piece).
func (s *State) LegalMoves(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.end != notOver {
		return buf
	}
	g := s.g
	me := int(s.toMove)
	for x := s.top[me]; x != 0; x &= x - 1 {
		from := bits.TrailingZeros64(x)
		exits := g.exits[me][from]
		for d, to := range g.step[from] {
			if to >= 0 && s.full>>to&1 == 0 || to < 0 && exits>>d&1 != 0 {
				buf = append(buf, move(from, d))
			}
		}
	}
	return buf
}

// Legal reports whether m is a legal move now.
func (s *State) Legal(m games.Move) bool {
	g := s.g
	from, d := int(m&63), int(m>>6&7)
	if s.end != notOver || m >= 512 || from >= g.squares || s.top[s.toMove]>>from&1 == 0 {
		return false
	}
	if to := g.step[from][d]; to >= 0 {
		return s.full>>to&1 == 0
	}
	return g.exits[s.toMove][from]>>d&1 != 0
}

// IsGoalMove reports whether m steps off the board into a goal.
func (s *State) IsGoalMove(m games.Move) bool {
	from := int(m & 63)
	return from < s.g.squares && s.g.step[from][m>>6&7] < 0
}

// MoveSquares returns the square m moves from and the square it steps to,
// -1 for the goal.
func (s *State) MoveSquares(m games.Move) (from, to int) {
	from = int(m & 63)
	return from, int(s.g.step[from][m>>6&7])
}

// hasMove reports whether colour c has a legal move: an uncovered piece on
// its far row (it can enter the goal), or one with a square around it that
// is not full.
func (s *State) hasMove(c int) bool {
	g := s.g
	if s.top[c]&g.farRow[c] != 0 {
		return true
	}
	for x := s.top[c]; x != 0; x &= x - 1 {
		if g.nbr[bits.TrailingZeros64(x)]&^s.full != 0 {
			return true
		}
	}
	return false
}

// Perft counts the leaves of the move tree to depth, a game finished before
// depth counting as none (games.Perft's convention), counting the moves of
// the last ply without playing them. The position is left as it was.
func (s *State) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if s.end != notOver {
		return 0
	}
	var buf [8 * 8]games.Move // at most 8 moves a piece, 8 pieces
	moves := s.LegalMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		s.Play(m)
		n += s.Perft(depth - 1)
		s.Undo()
	}
	return n
}
