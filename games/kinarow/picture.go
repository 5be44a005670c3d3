package kinarow

import "github.com/meeple-games/meeple/games"

// pieces are the stones of x (seat 0) and o (seat 1), as Description and
// Picture give them.
var pieces = []games.Piece{
	{Name: "x", Seat: 0, Letter: "x", Glyph: "✕", Shape: "mark", Colour: "crimson"},
	{Name: "o", Seat: 1, Letter: "o", Glyph: "○", Shape: "mark", Colour: "teal"},
}

// Picture is the board as data: every player sees all of it.
func (s *State) Picture(seat int) games.Picture {
	cells := make([][]int, len(s.board))
	for c, p := range s.board {
		if p != empty {
			cells[c] = []int{int(p)}
		}
	}
	return games.Picture{Cells: cells}
}

// MoveCells is the cell a move puts a stone on.
func (s *State) MoveCells(m games.Move) []int {
	if int64(m) >= int64(s.g.cells) {
		return nil
	}
	return []int{int(m)}
}
