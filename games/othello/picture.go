package othello

import (
	"fmt"
	"strconv"

	"github.com/meeple-games/meeple/games"
)

// pieces are the discs of black (seat 0) and white (seat 1), as
// Description and Picture give them.
var pieces = []games.Piece{
	{Name: "black disc", Seat: 0, Letter: "X", Glyph: "●", Shape: "disc", Colour: "black"},
	{Name: "white disc", Seat: 1, Letter: "O", Glyph: "○", Shape: "disc", Colour: "white"},
}

// Picture is the board as data, with the disc count: every player sees all
// of it. The legal squares are the legal moves' cells.
func (s *State) Picture(seat int) games.Picture {
	n := s.g.size * s.g.size
	cells := make([][]int, n)
	for sq := range n {
		if p := s.At(sq); p >= 0 {
			cells[sq] = []int{p}
		}
	}
	b, w := s.Count(0), s.Count(1)
	return games.Picture{Cells: cells, Notes: []string{fmt.Sprintf("discs: black %d, white %d", b, w)},
		Says: []games.Phrase{{Code: "discs", Args: []string{games.Seat(0), strconv.Itoa(b), games.Seat(1), strconv.Itoa(w)}}}}
}

// MoveCells is the square a disc is put on; nil for a pass.
func (s *State) MoveCells(m games.Move) []int {
	if int64(m) >= int64(s.g.size*s.g.size) {
		return nil
	}
	return []int{int(m)}
}
