package chess

import (
	"math/bits"

	"github.com/meeple-games/meeple/games"
)

// The hot path: legal move generation and counting.
//
// Moves are legal by construction, never made and tested: the king steps
// only to squares the other side does not attack (with the king itself
// taken off the board, so that it cannot hide behind itself along a
// checking line); in check, other pieces may only capture the checker or
// block between it and the king, and in double check only the king moves;
// a pinned piece moves only along the line through its king and pinner.
// En passant, the one move that takes two pieces off a line at once, is
// checked on the board as it would be after the capture (epLegal), and
// castling tests the king's path square by square. CountMoves is the same
// generator reduced to population counts: perft's bulk count at the last
// ply.

// GenerateMoves appends every legal move to buf[:0], whatever the draw
// rules say (a search sees a drawn position's moves; LegalMoves does not).
// It allocates nothing when buf has room for 218 moves.
func (s *State) GenerateMoves(buf []games.Move) []games.Move {
	return s.generate(buf[:0], false)
}

// GenerateNoisy appends the legal captures (en passant included) and
// promotions (to every piece) to buf[:0]: the moves of a quiescence
// search. In check it gives only those that are evasions; a search in
// check wants GenerateMoves.
func (s *State) GenerateNoisy(buf []games.Move) []games.Move {
	return s.generate(buf[:0], true)
}

func (s *State) generate(buf []games.Move, noisy bool) []games.Move {
	us := s.side
	them := us ^ 1
	own, opp := s.byColor[us], s.byColor[them]
	occ := own | opp
	ksq := int(s.king[us])

	// The king: to any square not attacked once it has left its own.
	kingTargets := kingAtt[ksq] &^ own
	if noisy {
		kingTargets &= opp
	}
	kocc := occ &^ (1 << ksq)
	for b := kingTargets; b != 0; b &= b - 1 {
		to := bits.TrailingZeros64(b)
		if !s.attackedBy(to, them, kocc) {
			buf = append(buf, games.Move(ksq|to<<6))
		}
	}
	chk := s.checkers
	if chk&(chk-1) != 0 {
		return buf // double check: only the king moves
	}
	// target: where the other pieces may go (capture the checker or block).
	target := ^own
	if chk != 0 {
		target = between[ksq][bits.TrailingZeros64(chk)] | chk
	}
	pieceTarget := target
	if noisy {
		pieceTarget &= opp
	}
	pinned := s.pinnedFor(us, ksq, occ)

	for b := s.byType[Knight] & own &^ pinned; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		for t := knightAtt[from] & pieceTarget; t != 0; t &= t - 1 {
			buf = append(buf, games.Move(from|bits.TrailingZeros64(t)<<6))
		}
	}
	queens := s.byType[Queen]
	for b := (s.byType[Bishop] | queens) & own; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		t := BishopAttacks(from, occ) & pieceTarget
		if pinned&(1<<from) != 0 {
			t &= line[ksq][from]
		}
		for ; t != 0; t &= t - 1 {
			buf = append(buf, games.Move(from|bits.TrailingZeros64(t)<<6))
		}
	}
	for b := (s.byType[Rook] | queens) & own; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		t := RookAttacks(from, occ) & pieceTarget
		if pinned&(1<<from) != 0 {
			t &= line[ksq][from]
		}
		for ; t != 0; t &= t - 1 {
			buf = append(buf, games.Move(from|bits.TrailingZeros64(t)<<6))
		}
	}

	// Pawns that are not pinned, set-wise; pinned ones one by one.
	pawns := s.byType[Pawn] & own
	free := pawns &^ pinned
	empty := ^occ
	var push1, push2, capW, capE uint64 // capW: towards the a-file
	var up int
	var promoRank uint64
	if us == White {
		up, promoRank = 8, Rank8
		push1 = free << 8 & empty
		push2 = (push1 & (Rank1 << 16)) << 8 & empty & target
		capW = (free &^ FileA) << 7 & opp & target
		capE = (free &^ FileH) << 9 & opp & target
	} else {
		up, promoRank = -8, Rank1
		push1 = free >> 8 & empty
		push2 = (push1 & (Rank1 << 40)) >> 8 & empty & target
		capW = (free &^ FileA) >> 9 & opp & target
		capE = (free &^ FileH) >> 7 & opp & target
	}
	push1 &= target
	if noisy {
		push1 &= promoRank
		push2 = 0
	}
	for t := push1 &^ promoRank; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		buf = append(buf, games.Move(to-up|to<<6))
	}
	for t := push2; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		buf = append(buf, games.Move(to-2*up|to<<6))
	}
	for t := capW &^ promoRank; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		buf = append(buf, games.Move(to-up+1|to<<6))
	}
	for t := capE &^ promoRank; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		buf = append(buf, games.Move(to-up-1|to<<6))
	}
	for t := push1 & promoRank; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		buf = appendPromotions(buf, to-up, to)
	}
	for t := capW & promoRank; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		buf = appendPromotions(buf, to-up+1, to)
	}
	for t := capE & promoRank; t != 0; t &= t - 1 {
		to := bits.TrailingZeros64(t)
		buf = appendPromotions(buf, to-up-1, to)
	}
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		pin := line[ksq][from] & target
		t := pawnAtt[us][from] & opp & pin
		if to := from + up; !noisy || promoRank&(1<<to) != 0 {
			if empty&(1<<to) != 0 {
				t |= 1 << to & pin
				if to2 := to + up; !noisy && (from>>3 == 1 && us == White || from>>3 == 6 && us == Black) {
					t |= empty & (1 << to2) & pin
				}
			}
		}
		for ; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			if promoRank&(1<<to) != 0 {
				buf = appendPromotions(buf, from, to)
			} else {
				buf = append(buf, games.Move(from|to<<6))
			}
		}
	}
	if s.ep != noSquare {
		ep := int(s.ep)
		for b := pawnAtt[them][ep] & pawns; b != 0; b &= b - 1 {
			from := bits.TrailingZeros64(b)
			if s.epLegal(from, ep) {
				buf = append(buf, games.Move(from|ep<<6|flagEP))
			}
		}
	}
	if chk == 0 && !noisy && s.castle&(3<<(2*us)) != 0 {
		buf = s.appendCastling(buf, us, ksq, occ)
	}
	return buf
}

func appendPromotions(buf []games.Move, from, to int) []games.Move {
	m := games.Move(from | to<<6)
	return append(buf, m|games.Move(Queen)<<promoShift, m|games.Move(Knight)<<promoShift,
		m|games.Move(Rook)<<promoShift, m|games.Move(Bishop)<<promoShift)
}

// pinnedFor is Pinned for the side to move, with its king and the
// occupancy at hand.
func (s *State) pinnedFor(us Color, ksq int, occ uint64) uint64 {
	them := s.byColor[us^1]
	snipers := (rookRay[ksq]&(s.byType[Rook]|s.byType[Queen]) | bishopRay[ksq]&(s.byType[Bishop]|s.byType[Queen])) & them
	var pinned uint64
	for ; snipers != 0; snipers &= snipers - 1 {
		b := between[ksq][bits.TrailingZeros64(snipers)] & occ
		if b&(b-1) == 0 {
			pinned |= b
		}
	}
	return pinned & s.byColor[us]
}

// castleOK reports whether castling right r is playable now (the side to
// move is not in check): the squares between the king and its target and
// between the rook and its target are empty (but for those two pieces),
// no square the king crosses is attacked, and the king is not attacked on
// its target with the rook on its own target. The last test is done on the
// board after castling, so that a rook that shielded the king's target
// along the back rank (Chess960) is taken into account.
func (s *State) castleOK(r int, ksq int, occ uint64) bool {
	cr := s.cr
	if occ&cr.empty[r] != 0 {
		return false
	}
	them := s.side ^ 1
	for b := cr.path[r]; b != 0; b &= b - 1 {
		if s.attackedBy(bits.TrailingZeros64(b), them, occ) {
			return false
		}
	}
	kt, rt := castleTargets(r)
	after := occ&^(1<<ksq|1<<int(cr.rook[r])) | 1<<kt | 1<<rt
	return !s.attackedBy(kt, them, after)
}

func (s *State) appendCastling(buf []games.Move, us Color, ksq int, occ uint64) []games.Move {
	for r := int(us) * 2; r < int(us)*2+2; r++ {
		if s.castle&(1<<r) != 0 && s.castleOK(r, ksq, occ) {
			buf = append(buf, games.Move(ksq|int(s.cr.rook[r])<<6|flagCastle))
		}
	}
	return buf
}

// CountMoves is the number of legal moves (len(GenerateMoves)), found by
// population counts without listing them: perft's bulk count.
func (s *State) CountMoves() int {
	us := s.side
	them := us ^ 1
	own, opp := s.byColor[us], s.byColor[them]
	occ := own | opp
	ksq := int(s.king[us])

	n := 0
	kocc := occ &^ (1 << ksq)
	for b := kingAtt[ksq] &^ own; b != 0; b &= b - 1 {
		if !s.attackedBy(bits.TrailingZeros64(b), them, kocc) {
			n++
		}
	}
	chk := s.checkers
	if chk&(chk-1) != 0 {
		return n
	}
	target := ^own
	if chk != 0 {
		target = between[ksq][bits.TrailingZeros64(chk)] | chk
	}
	pinned := s.pinnedFor(us, ksq, occ)

	for b := s.byType[Knight] & own &^ pinned; b != 0; b &= b - 1 {
		n += bits.OnesCount64(knightAtt[bits.TrailingZeros64(b)] & target)
	}
	queens := s.byType[Queen]
	for b := (s.byType[Bishop] | queens) & own; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		t := BishopAttacks(from, occ) & target
		if pinned&(1<<from) != 0 {
			t &= line[ksq][from]
		}
		n += bits.OnesCount64(t)
	}
	for b := (s.byType[Rook] | queens) & own; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		t := RookAttacks(from, occ) & target
		if pinned&(1<<from) != 0 {
			t &= line[ksq][from]
		}
		n += bits.OnesCount64(t)
	}

	pawns := s.byType[Pawn] & own
	free := pawns &^ pinned
	empty := ^occ
	var push1, push2, capW, capE uint64
	var up int
	var promoRank uint64
	if us == White {
		up, promoRank = 8, Rank8
		push1 = free << 8 & empty
		push2 = (push1 & (Rank1 << 16)) << 8 & empty & target
		capW = (free &^ FileA) << 7 & opp & target
		capE = (free &^ FileH) << 9 & opp & target
	} else {
		up, promoRank = -8, Rank1
		push1 = free >> 8 & empty
		push2 = (push1 & (Rank1 << 40)) >> 8 & empty & target
		capW = (free &^ FileA) >> 9 & opp & target
		capE = (free &^ FileH) >> 7 & opp & target
	}
	push1 &= target
	n += bits.OnesCount64(push1) + bits.OnesCount64(push2) + bits.OnesCount64(capW) + bits.OnesCount64(capE)
	if (push1|capW|capE)&promoRank != 0 { // a promotion is four moves
		n += 3 * (bits.OnesCount64(push1&promoRank) + bits.OnesCount64(capW&promoRank) + bits.OnesCount64(capE&promoRank))
	}
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := bits.TrailingZeros64(b)
		pin := line[ksq][from] & target
		t := pawnAtt[us][from] & opp & pin
		if to := from + up; empty&(1<<to) != 0 {
			t |= 1 << to & pin
			if from>>3 == 1 && us == White || from>>3 == 6 && us == Black {
				t |= empty & (1 << (to + up)) & pin
			}
		}
		n += bits.OnesCount64(t) + 3*bits.OnesCount64(t&promoRank)
	}
	if s.ep != noSquare {
		ep := int(s.ep)
		for b := pawnAtt[them][ep] & pawns; b != 0; b &= b - 1 {
			if s.epLegal(bits.TrailingZeros64(b), ep) {
				n++
			}
		}
	}
	if chk == 0 && s.castle&(3<<(2*us)) != 0 {
		for r := int(us) * 2; r < int(us)*2+2; r++ {
			if s.castle&(1<<r) != 0 && s.castleOK(r, ksq, occ) {
				n++
			}
		}
	}
	return n
}
