package protocol

// The GTP wire, the same for the engine side (gtp.go) and the client
// (protocol/client): vertices, colours and which boards GTP plays.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// GTPOthello is the name GTP clients give Othello (Quarry's set_game and
// list_games, gtp-rhino's list_games).
const GTPOthello = "Othello"

// GTPVertex translates between meeple's squares and GTP vertices.
type GTPVertex struct {
	SkipI bool // Go's column letters: A..H, J..Z
}

// gtpColumns are GTP's column letters in the Go convention.
const gtpColumns = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

// ToGTP writes a meeple move ("f5", "pass") as a GTP vertex.
func (v GTPVertex) ToGTP(move string) (string, error) {
	if strings.EqualFold(move, "pass") {
		return "pass", nil
	}
	col, row, err := splitSquare(move)
	if err != nil {
		return "", err
	}
	if col >= 26-btoi(v.SkipI) {
		return "", fmt.Errorf("square %q: GTP has no column past Z", move)
	}
	return fmt.Sprintf("%c%d", v.column(col), row), nil
}

// column is the GTP letter of column col (0-based, within the board).
func (v GTPVertex) column(col int) byte {
	if v.SkipI {
		return gtpColumns[col]
	}
	return byte('A' + col)
}

// FromGTP reads a GTP vertex as a meeple move.
func (v GTPVertex) FromGTP(vertex string) (string, error) {
	if strings.EqualFold(vertex, "pass") {
		return "pass", nil
	}
	up := strings.ToUpper(vertex)
	if up == "" || up[0] < 'A' || up[0] > 'Z' {
		return "", fmt.Errorf("%q is not a vertex", Clip(vertex))
	}
	col := int(up[0] - 'A')
	if v.SkipI {
		col = strings.IndexByte(gtpColumns, up[0])
		if col < 0 {
			return "", fmt.Errorf("%q is not a vertex: GTP's columns skip I", Clip(vertex))
		}
	}
	row, err := strconv.Atoi(up[1:])
	if err != nil || row < 1 {
		return "", fmt.Errorf("%q is not a vertex", Clip(vertex))
	}
	return fmt.Sprintf("%c%d", 'a'+col, row), nil
}

// splitSquare reads a 2-D square "c12" as column 2 and row 12.
func splitSquare(s string) (col, row int, err error) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return 0, 0, fmt.Errorf("square %q: want a letter and a number", s)
	}
	row, err = strconv.Atoi(s[1:])
	if err != nil || row < 1 {
		return 0, 0, fmt.Errorf("square %q: want a letter and a number", s)
	}
	return int(s[0] - 'a'), row, nil
}

// GTPGeometry says how GTP plays game g, the same for the client and the
// engine (gtp.go): its vertices and its board. GTP plays 2-D two-player
// placement games, whose moves are a cell (column letter, row number) or
// the word pass: Othello, whose rows run down (row 1 at the top), with
// columns A, B, C, ... as gtp-rhino writes them; the others (k-in-a-row,
// row 1 at the bottom) with Go's columns, which skip I.
func GTPGeometry(g games.Game) (v GTPVertex, width, height int, err error) {
	d := g.Describe()
	t := g.Type()
	if t.Players != 2 || t.Chance || len(d.Dims) != 2 || len(d.Coords) != 2 ||
		d.Coords[0] != "letters" || d.Coords[1] != "numbers" || d.Stacks > 0 {
		return v, 0, 0, fmt.Errorf("GTP plays 2-D boards of two players without chance (othello, k-in-a-row)")
	}
	for _, form := range d.Grammar.Forms {
		cell := len(form) == 1 && form[0].Kind == "cell"
		pass := len(form) == 1 && form[0].Kind == "word" && len(form[0].Values) == 1 && form[0].Values[0] == "pass"
		if !cell && !pass {
			return v, 0, 0, fmt.Errorf("GTP plays placement games, whose moves are cells (othello, k-in-a-row)")
		}
	}
	v = GTPVertex{SkipI: !d.RowsDown}
	width, height = d.Dims[0], d.Dims[1]
	if cols := 26 - btoi(v.SkipI); width > cols {
		return v, 0, 0, fmt.Errorf("the board is %d columns wide; GTP names %d", width, cols)
	}
	return v, width, height, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// GTPColour is the GTP colour of a seat.
func GTPColour(seat int) string {
	if seat == 0 {
		return "black"
	}
	return "white"
}

// Clip shortens a line quoted in an error message, at either end of the
// wire.
func Clip(s string) string {
	if len(s) > 80 {
		return s[:77] + "..."
	}
	return s
}
