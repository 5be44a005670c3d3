package chess

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/meeple-games/meeple/games"
)

// This file says why a move is not legal, for people: ParseLegal's
// errors (UCI moves) and ParseSAN's.

// WhyIllegal says why m, a move ParseUCI read, is not legal now: the game
// is over, no piece of the side to move on its square, a square held by
// the side's own piece, a piece that does not move that way, castling
// that the position forbids, or a king left in check.
func (s *State) WhyIllegal(m games.Move) string {
	if s.Player() == games.Terminal {
		return "the game is over"
	}
	var buf [256]games.Move
	if slices.Contains(s.GenerateMoves(buf[:0]), m) {
		return ""
	}
	from, to := From(m), To(m)
	pc := s.board[from]
	switch {
	case pc == NoPiece || pc.Color() != s.side:
		return fmt.Sprintf("no %s piece on %s", s.side, SquareName(from))
	case IsCastling(m):
		return s.whyNoCastling(to)
	case s.board[to] != NoPiece && s.board[to].Color() == s.side:
		return fmt.Sprintf("%s holds a %s piece already", SquareName(to), s.side)
	case !s.reaches(from, to):
		return fmt.Sprintf("a %s cannot move from %s to %s", pc.Type(), SquareName(from), SquareName(to))
	}
	return s.whyCheck(pc.Type() == King)
}

// whyCheck explains a move of a piece that gets there but is not legal:
// it leaves or puts the side's king in check.
func (s *State) whyCheck(king bool) string {
	switch {
	case king:
		return "the king would be in check there"
	case s.checkers != 0:
		return "the king is in check, and this move does not get it out"
	}
	return "it would leave the king in check (the piece is pinned)"
}

// whyNoCastling says why castling with the rook on rookSq is not legal.
func (s *State) whyNoCastling(rookSq int) string {
	return s.whyNoRight(func(r int) bool { return int(s.cr.rook[r]) == rookSq })
}

// whyNoCastlingSide says why castling long (or short) is not legal.
func (s *State) whyNoCastlingSide(long bool) string {
	return s.whyNoRight(func(r int) bool {
		kt, _ := castleTargets(r)
		return kt&7 == 2 == long
	})
}

// whyNoRight says why the side's castling right that is picks out is
// not usable now.
func (s *State) whyNoRight(is func(r int) bool) string {
	for r := 2 * int(s.side); r < 2*int(s.side)+2; r++ {
		if !is(r) || s.castle&(1<<r) == 0 {
			continue
		}
		switch {
		case s.checkers != 0:
			return "the king cannot castle out of check"
		case s.Occupied()&s.cr.empty[r] != 0:
			return "castling needs the squares between the king and the rook empty"
		}
		return "the king may not cross or land on an attacked square when castling"
	}
	return "the king or that rook has moved: no castling right on that side"
}

// reaches tells whether the piece on from moves to to by its way of
// moving, the pieces in between considered but not the king's safety.
func (s *State) reaches(from, to int) bool {
	pc, occ := s.board[from], s.Occupied()
	target := uint64(1) << to
	switch pc.Type() {
	case Knight:
		return KnightAttacks(from)&target != 0
	case Bishop:
		return BishopAttacks(from, occ)&target != 0
	case Rook:
		return RookAttacks(from, occ)&target != 0
	case Queen:
		return QueenAttacks(from, occ)&target != 0
	case King:
		return KingAttacks(from)&target != 0
	case Pawn:
		return s.pawnReaches(from, to)
	}
	return false
}

// pawnReaches: a push onto an empty square (two from the start rank over
// an empty one), or a capture of an enemy piece or en passant.
func (s *State) pawnReaches(from, to int) bool {
	step, start := 8, 1
	if s.side == Black {
		step, start = -8, 6
	}
	empty := func(sq int) bool { return s.board[sq] == NoPiece }
	switch {
	case PawnAttacks(s.side, from)&(1<<to) != 0:
		return to == int(s.ep) || !empty(to) && s.board[to].Color() != s.side
	case to == from+step:
		return empty(to)
	case to == from+2*step:
		return from>>3 == start && empty(from+step) && empty(to)
	}
	return false
}

// whyNoSAN says why no legal move matches a SAN move of a pt to to (from
// the file and rank given, -1 where not): the side has no such piece,
// none gets there, or the one that does would leave its king in check.
func (s *State) whyNoSAN(pt PieceType, to, fromFile, fromRank int) string {
	own := s.Pieces(s.side, pt)
	if own == 0 {
		return fmt.Sprintf("%s has no %s", s.side, pt)
	}
	if s.board[to] != NoPiece && s.board[to].Color() == s.side {
		return fmt.Sprintf("%s holds a %s piece already", SquareName(to), s.side)
	}
	for b := own; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		if fromFile >= 0 && from&7 != fromFile || fromRank >= 0 && from>>3 != fromRank || !s.reaches(from, to) {
			continue
		}
		return s.whyCheck(pt == King)
	}
	return fmt.Sprintf("no %s %s can move to %s", s.side, pt, SquareName(to))
}
