package repl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/games/nocca"
	"github.com/meeple-games/meeple/games/othello"
)

// Board is a position as a box of cells, which the REPL draws: a 2-D grid
// with its coordinates, or a grid of 2-D slices labelled by their outer
// coordinates for more dimensions.
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
	Stack   string // a letter for the piece inside a stack spelt out in Notes
}

// Drawer is implemented by states that draw themselves for a person better
// than String does: a card game showing the piles, the person's hand and
// only the size of the others' hands. seat is the person's seat, or -1 for
// an onlooker who may see everything; fancy says the output is a terminal
// that takes colour and Unicode. The REPL prefers Drawer to every other way
// of drawing.
type Drawer interface {
	Draw(seat int, fancy bool) string
}

// CellState is implemented by states of board games that the REPL may draw
// as a grid of its own: Describe gives the axes, CellPieces the seats
// owning the pieces on a cell from the bottom up (appended to buf[:0]).
type CellState interface {
	games.State
	CellPieces(cell int, buf []int) []int
}

// MoveCells is implemented by states whose moves touch cells of a CellState
// board: the cells a move changed, to highlight the last move.
type MoveCells interface {
	MoveCells(m games.Move) []int
}

// seatPieces are the default pieces of seats 0, 1, 2, ... of a CellState.
var seatPieces = []Piece{
	{ASCII: "x", Unicode: "✕", Colour: "1;31", Stack: "x"},
	{ASCII: "o", Unicode: "○", Colour: "1;36", Stack: "o"},
	{ASCII: "+", Unicode: "◆", Colour: "1;32", Stack: "+"},
	{ASCII: "*", Unicode: "★", Colour: "1;33", Stack: "*"},
	{ASCII: "#", Unicode: "■", Colour: "1;35", Stack: "#"},
	{ASCII: "@", Unicode: "▲", Colour: "1;34", Stack: "@"},
}

// boardOf returns the board of st, with last (games.NoMove for none)
// marked, or nil when the REPL cannot draw st as a grid.
func boardOf(st games.State, d games.Description, last games.Move) *Board {
	switch s := st.(type) {
	case *kinarow.State:
		return kinarowBoard(s, d, last)
	case *othello.State:
		return othelloBoard(s, d, last)
	case *nocca.State:
		return noccaBoard(s, d, last)
	case *chess.State:
		return chessBoard(s, d, last)
	case CellState:
		return cellBoard(s, d, last)
	}
	return nil
}

// newBoard lays out the geometry of d.
func newBoard(d games.Description) *Board {
	n := 1
	for _, x := range d.Dims {
		n *= x
	}
	b := &Board{Dims: slices.Clone(d.Dims), Cells: make([][]int, n), Stacks: d.Stacks}
	for i := range d.Dims {
		b.Letters = append(b.Letters, i < len(d.Coords) && d.Coords[i] == "letters" || i >= len(d.Coords) && i%2 == 0)
	}
	return b
}

func cellBoard(s CellState, d games.Description, last games.Move) *Board {
	b := newBoard(d)
	if len(d.Players) > len(seatPieces) {
		return nil
	}
	b.Pieces = seatPieces[:len(d.Players)]
	var buf []int
	for c := range b.Cells {
		buf = s.CellPieces(c, buf)
		for _, p := range buf {
			if p < 0 || p >= len(b.Pieces) {
				return nil
			}
		}
		if len(buf) > 0 {
			b.Cells[c] = slices.Clone(buf)
		}
	}
	if mc, ok := any(s).(MoveCells); ok && last != games.NoMove {
		for _, c := range mc.MoveCells(last) {
			if c >= 0 && c < len(b.Cells) {
				b.Marks = append(b.Marks, c)
			}
		}
	}
	return b
}

func kinarowBoard(s *kinarow.State, d games.Description, last games.Move) *Board {
	b := newBoard(d)
	b.Pieces = seatPieces[:2]
	for c := range b.Cells {
		if p := s.At(c); p >= 0 {
			b.Cells[c] = []int{p}
		}
	}
	if last != games.NoMove && int(last) < len(b.Cells) {
		b.Marks = []int{int(last)}
	}
	return b
}

func othelloBoard(s *othello.State, d games.Description, last games.Move) *Board {
	b := newBoard(d)
	b.TopDown = true
	// Black (seat 0) and white discs, drawn as the game writes them.
	b.Pieces = []Piece{
		{ASCII: "X", Unicode: "●", Colour: "1", Stack: "X"},
		{ASCII: "O", Unicode: "○", Colour: "1", Stack: "O"},
	}
	for sq := range b.Cells {
		if p := s.At(sq); p >= 0 {
			b.Cells[sq] = []int{p}
		}
	}
	if last != games.NoMove && last != othello.Pass && int(last) < len(b.Cells) {
		b.Marks = []int{int(last)}
	}
	b.Notes = []string{fmt.Sprintf("discs: black %d, white %d", s.Count(0), s.Count(1))}
	return b
}

func noccaBoard(s *nocca.State, d games.Description, last games.Move) *Board {
	b := newBoard(d)
	g := s.Game()
	// Pieces by colour: white and black.
	b.Pieces = []Piece{
		{ASCII: "W", Unicode: "○", Colour: "1;33", Stack: "w"},
		{ASCII: "B", Unicode: "●", Colour: "1;34", Stack: "b"},
	}
	b.Above, b.Below = "white's goal", "black's goal"
	var stacks []string
	for sq := range b.Cells {
		h, colours := s.Stack(sq)
		if h == 0 {
			continue
		}
		cell := make([]int, h)
		var name strings.Builder
		for i := range h {
			cell[i] = int(colours >> i & 1)
			l := b.Pieces[cell[i]].Stack
			if i == h-1 {
				l = strings.ToUpper(l)
			}
			name.WriteString(l)
		}
		b.Cells[sq] = cell
		if h > 1 {
			stacks = append(stacks, squareName(b, sq)+" "+name.String())
		}
	}
	if len(stacks) > 0 {
		b.Notes = append(b.Notes, "stacks (bottom to top): "+strings.Join(stacks, ", "))
	}
	b.Notes = append(b.Notes, fmt.Sprintf("stack limit %d; pieces on the board: white %d, black %d",
		g.Stack(), s.OnBoard(nocca.White), s.OnBoard(nocca.Black)))
	if last != games.NoMove {
		from, to := s.MoveSquares(last)
		for _, sq := range []int{from, to} {
			if sq >= 0 && sq < len(b.Cells) {
				b.Marks = append(b.Marks, sq)
			}
		}
	}
	return b
}

// chessPieces are the pieces in the order of chess.Piece's type, white
// then black: FEN letters, and the outlined and solid Unicode men.
var chessPieces = func() []Piece {
	var ps []Piece
	for c, set := range []string{"♙♘♗♖♕♔", "♟♞♝♜♛♚"} {
		for i, glyph := range []rune(set) {
			letter := "PNBRQK"[i : i+1]
			if c == 1 {
				letter = strings.ToLower(letter)
			}
			ps = append(ps, Piece{ASCII: letter, Unicode: string(glyph), Colour: "1", Stack: letter})
		}
	}
	return ps
}()

func chessBoard(s *chess.State, d games.Description, last games.Move) *Board {
	b := newBoard(d)
	b.Pieces = chessPieces
	for sq := range b.Cells {
		if p := s.PieceAt(sq); p != chess.NoPiece {
			b.Cells[sq] = []int{int(p.Color())*6 + int(p.Type()) - 1}
		}
	}
	if last != games.NoMove {
		b.Marks = []int{chess.From(last), chess.To(last)}
	}
	if s.InCheck() && s.Player() >= 0 {
		b.Notes = append(b.Notes, "check")
	}
	return b
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
