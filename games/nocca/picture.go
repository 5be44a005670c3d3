package nocca

import (
	"fmt"
	"strconv"

	"github.com/meeple-games/meeple/games"
)

// discs are the pieces as Description and Picture give them, indexed by
// colour (White, Black); seat 0 plays the first colour.
func (g *Game) discs() []games.Piece {
	return []games.Piece{
		{Name: "white piece", Seat: White ^ g.first, Letter: "W", Glyph: "○", Shape: "disc", Colour: "white"},
		{Name: "black piece", Seat: Black ^ g.first, Letter: "B", Glyph: "●", Shape: "disc", Colour: "black"},
	}
}

// Picture is the board as data, each stack from the bottom up, with the
// pieces left on the board: every player sees all of it.
func (s *State) Picture(seat int) games.Picture {
	cells := make([][]int, s.g.squares)
	for sq := range cells {
		h, colours := s.Stack(sq)
		if h == 0 {
			continue
		}
		cells[sq] = make([]int, h)
		for i := range h {
			cells[sq][i] = int(colours >> i & 1)
		}
	}
	w, b := s.OnBoard(White), s.OnBoard(Black)
	note := fmt.Sprintf("stack limit %d; pieces on the board: white %d, black %d", s.g.stack, w, b)
	say := games.Phrase{Code: "pieces-on-board", Args: []string{strconv.Itoa(s.g.stack),
		games.Seat(White ^ s.g.first), strconv.Itoa(w), games.Seat(Black ^ s.g.first), strconv.Itoa(b)}}
	return games.Picture{Cells: cells, Notes: []string{note}, Says: []games.Phrase{say}}
}

// MoveCells is the square a step leaves and the square it enters; a step
// into the goal, off the board, gives only the square it leaves.
func (s *State) MoveCells(m games.Move) []int {
	from, d := int(m&63), int(m>>6&7)
	if m >= 512 || from >= s.g.squares {
		return nil
	}
	if to := int(s.g.step[from][d]); to >= 0 {
		return []int{from, to}
	}
	return []int{from}
}
