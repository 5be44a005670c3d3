package chess

import "github.com/meeple-games/meeple/games"

// pieces are the men as Description and Picture give them, white then
// black, each in PieceType order (pawn .. king): index Color*6 + Type-1.
var pieces = func() []games.Piece {
	var ps []games.Piece
	for c, set := range []string{"♙♘♗♖♕♔", "♟♞♝♜♛♚"} {
		for i, glyph := range []rune(set) {
			t := PieceType(i + 1)
			ps = append(ps, games.Piece{
				Name:   Color(c).String() + " " + t.String(),
				Seat:   c,
				Letter: MakePiece(Color(c), t).String(),
				Glyph:  string(glyph),
				Shape:  "glyph",
				Colour: Color(c).String(),
			})
		}
	}
	return ps
}()

// Picture is the board as data, with "check" when the side to move is in
// check, and its king marked (mated too): every player sees all of it.
func (s *State) Picture(seat int) games.Picture {
	cells := make([][]int, 64)
	for sq := range cells {
		if p := s.PieceAt(sq); p != NoPiece {
			cells[sq] = []int{int(p.Color())*6 + int(p.Type()) - 1}
		}
	}
	pic := games.Picture{Cells: cells}
	if s.InCheck() {
		pic.Marks = []int{s.KingSquare(s.SideToMove())} // in check, or mated
		if s.Player() >= 0 {
			pic.Notes, pic.Says = []string{"check"}, []games.Phrase{{Code: "check"}}
		}
	}
	return pic
}

// MoveCells is the from and to squares as the move is written: for
// castling the king's target square, or with Chess960 the rook it takes.
func (s *State) MoveCells(m games.Move) []int {
	if m == Null || m > moveMask {
		return nil
	}
	if s.g.chess960 {
		return []int{From(m), To(m)}
	}
	return []int{From(m), KingTo(m)}
}
