package repl

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// Board is a position as a box of cells, which the REPL draws: a 2-D grid
// with its coordinates, or a grid of 2-D slices labelled by their outer
// coordinates for more dimensions. It is made from the game's Description
// and a Picture (boardOf), so a new game needs no drawing code here.
type Board struct {
	// Dims is the number of cells along each axis, axis 1 first; a cell's
	// index is sum(coord[i] * stride[i]) with axis 1 varying fastest.
	Dims []int
	// Letters says, per axis, whether coordinates are written as letters
	// (a, b, ...) or numbers (1, 2, ...), as Description.Coords does.
	Letters []bool
	// TopDown draws row 1 of axis 2 at the top (Othello); otherwise at the
	// bottom (chess, Connect Four, Nocca).
	TopDown bool
	// Cells holds each cell's pieces from the bottom up, as indexes into
	// Pieces; nil or empty for an empty cell.
	Cells [][]int
	// Stacks is the tallest stack a cell may hold (Description.Stacks; 0
	// or 1: one piece a cell): cells leave room for a stack's height.
	Stacks int
	// Pieces are the kinds of pieces: how each is drawn.
	Pieces []Piece
	// Marks are the cells the last move touched, highlighted; on a plain
	// display only the last of them is marked.
	Marks []int
	// Legal are the empty cells where the person to move may put a piece,
	// marked "*" (green on a terminal) as the browser's board marks them.
	Legal []int
	// Above and Below are captions over and under the board (a goal).
	Above, Below string
	// Notes are lines under the board (stacks spelt out, disc counts).
	Notes []string
}

// Piece is how one kind of piece is drawn.
type Piece struct {
	ASCII   string // on a plain display: one character
	Unicode string // on a terminal: one column wide
	Colour  string // SGR parameters on a terminal ("1;31"), "" for none
}

// sgrColours turn a piece's CSS colour into SGR parameters: bold, and a
// colour of the terminal's palette where one is near. Black and white are
// bold only: the glyph tells them apart on a light or a dark terminal.
var sgrColours = map[string]string{
	"black": "1", "white": "1",
	"red": "1;31", "crimson": "1;31", "firebrick": "1;31",
	"green": "1;32", "seagreen": "1;32",
	"yellow": "1;33", "gold": "1;33", "orange": "1;33",
	"blue": "1;34", "navy": "1;34", "royalblue": "1;34",
	"magenta": "1;35", "purple": "1;35", "orchid": "1;35",
	"cyan": "1;36", "teal": "1;36", "darkcyan": "1;36",
}

// boardOf makes the board of a position from its game's Description and
// its Picture, with the cells of the last move marked; nil when the game
// has no board or the picture does not fit the description.
func boardOf(d games.Description, pic games.Picture, marks []int) *Board {
	if len(d.Dims) == 0 {
		return nil
	}
	n := 1
	for _, x := range d.Dims {
		n *= x
	}
	if len(pic.Cells) != n {
		return nil
	}
	b := &Board{Dims: slices.Clone(d.Dims), Cells: pic.Cells, Stacks: d.Stacks, TopDown: d.RowsDown, Above: d.Above, Below: d.Below}
	for i := range d.Dims {
		b.Letters = append(b.Letters, i < len(d.Coords) && d.Coords[i] == "letters" || i >= len(d.Coords) && i%2 == 0)
	}
	for _, p := range d.Pieces {
		colour, ok := sgrColours[strings.ToLower(p.Colour)]
		if !ok {
			colour = "1"
		}
		b.Pieces = append(b.Pieces, Piece{ASCII: p.Letter, Unicode: p.Glyph, Colour: colour})
	}
	var stacks []string
	for c, cell := range b.Cells {
		for _, p := range cell {
			if p < 0 || p >= len(b.Pieces) {
				return nil
			}
		}
		if len(cell) > 1 {
			stacks = append(stacks, squareName(b, c)+" "+b.stackName(cell))
		}
	}
	if len(stacks) > 0 {
		b.Notes = append(b.Notes, "stacks (bottom to top): "+strings.Join(stacks, ", "))
	}
	b.Notes = append(b.Notes, pic.Notes...)
	for _, c := range marks {
		if c >= 0 && c < n {
			b.Marks = append(b.Marks, c)
		}
	}
	return b
}

// markLegal marks the empty cells among cells as the legal placements,
// unless every empty cell is one (tic-tac-toe, gomoku): marks then would
// say nothing the board does not.
func (b *Board) markLegal(cells []int) {
	legal := map[int]bool{}
	for _, c := range cells {
		if c >= 0 && c < len(b.Cells) && len(b.Cells[c]) == 0 {
			legal[c] = true
		}
	}
	empty := 0
	for _, cell := range b.Cells {
		if len(cell) == 0 {
			empty++
		}
	}
	if len(legal) == 0 || len(legal) == empty {
		return
	}
	for c := range b.Cells {
		if legal[c] {
			b.Legal = append(b.Legal, c)
		}
	}
}

// stackName spells a stack from the bottom up by its pieces' letters, the
// top one in upper case and those under it in lower case: "wwB".
func (b *Board) stackName(cell []int) string {
	var s strings.Builder
	for i, p := range cell {
		l := b.Pieces[p].ASCII
		if i == len(cell)-1 {
			s.WriteString(strings.ToUpper(l))
		} else {
			s.WriteString(strings.ToLower(l))
		}
	}
	return s.String()
}

// drawCards draws a card game's table from its Description and a
// Picture: each pile with its direction, top card and the cards played on
// it, every hand (its cards where the picture shows them, else its size),
// the seat to move with its plays made and due, and the draw pile.
func drawCards(d games.Description, pic games.Picture, toMove int) string {
	t, c := d.Cards, pic.Cards
	if c == nil {
		c = &games.CardsPicture{}
	}
	var b strings.Builder
	for p, pile := range t.Piles {
		dir := "down"
		if pile.Up {
			dir = "up  "
		}
		top, played := pile.Start, 0
		if p < len(c.Tops) && p < len(c.PileSizes) {
			top, played = c.Tops[p], c.PileSizes[p]
		}
		fmt.Fprintf(&b, "%s %s %d", pile.Name, dir, top)
		if played > 0 {
			fmt.Fprintf(&b, "   (%d played)", played)
		}
		b.WriteByte('\n')
	}
	for q, name := range d.Players {
		b.WriteString(name + ":")
		switch {
		case q < len(c.Hands) && c.Hands[q] != nil:
			for _, card := range c.Hands[q] {
				b.WriteString(" " + strconv.Itoa(card))
			}
		case q < len(c.HandSizes):
			fmt.Fprintf(&b, " %d cards", c.HandSizes[q])
		}
		if q == toMove {
			if c.Due > 0 {
				fmt.Fprintf(&b, "   <- to move, played %d of %d", c.Played, c.Played+c.Due)
			} else {
				fmt.Fprintf(&b, "   <- to move, played %d, may end the turn", c.Played)
			}
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "draw pile: %d cards\n", c.Deck)
	for _, n := range pic.Notes {
		b.WriteString(n + "\n")
	}
	return b.String()
}

// squareName writes a cell's coordinates as the move notation does: a
// letter for lettered axes, a number for numbered ones, axis 1 first.
func squareName(b *Board, cell int) string {
	var s strings.Builder
	for i, n := range b.Dims {
		s.WriteString(coordName(b, i, cell%n))
		cell /= n
	}
	return s.String()
}

// coordName writes coordinate c (0-based) of axis i.
func coordName(b *Board, i, c int) string {
	if b.Letters[i] {
		return string(rune('a' + c))
	}
	return fmt.Sprint(c + 1)
}
