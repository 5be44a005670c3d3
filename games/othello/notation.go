package othello

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// FormatMove writes a square as column letter and row number ("f5"), or
// "pass".
func (s *State) FormatMove(m games.Move) string { return s.g.formatMove(m) }

func (g *Game) formatMove(m games.Move) string {
	if m == Pass {
		return "pass"
	}
	if int64(m) >= int64(g.size*g.size) {
		return fmt.Sprintf("?%d", uint32(m))
	}
	sq := int(m)
	return string(rune('a'+sq%g.size)) + strconv.Itoa(sq/g.size+1)
}

// ParseMove reads a square ("f5", any case) or a pass ("pass", or "pa" as
// GGF and NBoard write it). It checks that the square is on the board, not
// that the move is legal.
func (s *State) ParseMove(text string) (games.Move, error) { return s.g.parseMove(text) }

func (g *Game) parseMove(in string) (games.Move, error) {
	t := strings.ToLower(strings.TrimSpace(in))
	if t == "pass" || t == "pa" {
		return Pass, nil
	}
	last := string(rune('a'+g.size-1)) + strconv.Itoa(g.size)
	if len(t) < 2 || len(t) > 3 || t[0] < 'a' || t[0] > 'z' {
		return games.NoMove, fmt.Errorf("othello: move %q: want a square like f5 (a1..%s) or pass", in, last)
	}
	row, err := strconv.Atoi(t[1:])
	if err != nil || t[1] < '1' || t[1] > '9' {
		return games.NoMove, fmt.Errorf("othello: move %q: want a square like f5 (a1..%s) or pass", in, last)
	}
	col := int(t[0] - 'a')
	if col >= g.size || row > g.size {
		return games.NoMove, fmt.Errorf("othello: square %q: off the board (a1..%s)", in, last)
	}
	return games.Move((row-1)*g.size + col), nil
}

// Position writes the board row by row from a1 (row 1, the top) to the
// last square, X for black, O for white, - for empty, then a space and the
// side to move, X or O: the FFO and Edax format on 8x8.
func (s *State) Position() string {
	n := s.g.size * s.g.size
	b := make([]byte, 0, n+2)
	for sq := range n {
		switch s.At(sq) {
		case Black:
			b = append(b, discChars[0])
		case White:
			b = append(b, discChars[1])
		default:
			b = append(b, discChars[2])
		}
	}
	b = append(b, ' ', discChars[s.toMove])
	return string(b)
}

// parsePosition reads a position string strictly: exactly size² squares
// of X, O or -, one space and X or O (surrounding white space aside). The
// four centre squares must hold discs (they do from the start on, whatever
// the play). A position where neither side can move parses as finished.
func (g *Game) parsePosition(pos string) (*State, error) {
	shown := pos
	if len(shown) > 80 {
		shown = shown[:77] + "..."
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("othello: position %q: %s", shown, fmt.Sprintf(format, args...))
	}
	n := g.size * g.size
	board, side, ok := strings.Cut(strings.TrimSpace(pos), " ")
	if !ok {
		return nil, fail("want %d squares (X, O or -, row 1 first), a space and the side to move (X or O)", n)
	}
	if len(board) != n {
		return nil, fail("%d squares; want %d (%dx%d)", len(board), n, g.size, g.size)
	}
	s := &State{g: g}
	switch side {
	case "X":
		s.toMove = Black
	case "O":
		s.toMove = White
	default:
		return nil, fail("side to move %q: want X (black) or O (white)", side)
	}
	for sq := range n {
		seat := strings.IndexByte(discChars[:2], board[sq])
		if seat < 0 {
			if board[sq] != discChars[2] {
				return nil, fail("unexpected %q on %s; want X, O or -", board[sq:sq+1], g.formatMove(games.Move(sq)))
			}
			continue
		}
		b := g.bit(sq)
		if g.wide {
			s.wdisc[seat].set(b)
		} else {
			s.disc[seat] |= 1 << b
		}
	}
	c := g.size/2 - 1
	for _, sq := range []int{c*g.size + c, c*g.size + c + 1, (c+1)*g.size + c, (c+1)*g.size + c + 1} {
		if s.At(sq) < 0 {
			return nil, fail("the centre square %s is empty; the four centre squares hold discs from the start", g.formatMove(games.Move(sq)))
		}
	}
	s.hash = s.hashFromScratch()
	s.settle()
	return s, nil
}

// String draws the board, row 1 at the top as in Othello notation, X for
// black, O for white, '.' for empty, then who moves (and the disc count)
// or how the game ended.
func (s *State) String() string {
	g := s.g
	var b strings.Builder
	label := len(strconv.Itoa(g.size))
	b.WriteString(strings.Repeat(" ", label+1))
	for c := range g.size {
		if c > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(byte('a' + c))
	}
	b.WriteByte('\n')
	for r := range g.size {
		fmt.Fprintf(&b, "%*d", label, r+1)
		for c := range g.size {
			b.WriteByte(' ')
			switch s.At(r*g.size + c) {
			case Black:
				b.WriteByte('X')
			case White:
				b.WriteByte('O')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	if s.over {
		b.WriteString(s.EndReason())
	} else {
		fmt.Fprintf(&b, "%s (%c) to move, X %d O %d", seatNames[s.toMove], discChars[s.toMove], s.Count(Black), s.Count(White))
		if s.Mobility(int(s.toMove)) == 0 {
			b.WriteString(", must pass")
		}
	}
	b.WriteByte('\n')
	return b.String()
}
