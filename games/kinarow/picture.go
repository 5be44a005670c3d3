package kinarow

import (
	"slices"

	"github.com/meeple-games/meeple/games"
)

// pieces are the stones of x (seat 0) and o (seat 1), as Description and
// Picture give them: marks on paper; dropped discs, red and yellow, in a
// game with gravity (Connect Four, Score Four).
var pieces = []games.Piece{
	{Name: "x", Seat: 0, Letter: "x", Glyph: "✕", Shape: "mark", Colour: "crimson"},
	{Name: "o", Seat: 1, Letter: "o", Glyph: "○", Shape: "mark", Colour: "teal"},
}

var discs = []games.Piece{
	{Name: "x", Seat: 0, Letter: "x", Glyph: "●", Shape: "disc", Colour: "crimson"},
	{Name: "o", Seat: 1, Letter: "o", Glyph: "○", Shape: "disc", Colour: "gold"},
}

// look is the board's: paper for marks, a blue upright frame with round
// holes for a game with gravity.
func (g *Game) look() *games.Look {
	if g.gravity > 0 {
		return &games.Look{Frame: "#1d4fb8", Cells: "#f3f5fa"}
	}
	return &games.Look{Cells: "#fffdf6", Lines: "#3b3b3b"}
}

// stones are the pieces of the game's look.
func (g *Game) stones() []games.Piece {
	if g.gravity > 0 {
		return slices.Clone(discs)
	}
	return slices.Clone(pieces)
}

// Picture is the board as data: every player sees all of it.
func (s *State) Picture(seat int) games.Picture {
	cells := make([][]int, len(s.board))
	for c, p := range s.board {
		if p != empty {
			cells[c] = []int{int(p)}
		}
	}
	pic := games.Picture{Cells: cells}
	if s.winLine >= 0 {
		for _, c := range s.g.lines[s.winLine] {
			pic.Marks = append(pic.Marks, int(c))
		}
	}
	return pic
}

// MoveCells is the cell a move puts a stone on.
func (s *State) MoveCells(m games.Move) []int {
	if int64(m) >= int64(s.g.cells) {
		return nil
	}
	return []int{int(m)}
}
