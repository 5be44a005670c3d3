package nocca

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// formatSquare writes a square as column letter and row number: "b1".
func (g *Game) formatSquare(sq int) string {
	return string(rune('a'+sq%g.cols)) + strconv.Itoa(sq/g.cols+1)
}

// FormatMove writes a step as its two squares ("b1-b2") and a move into the
// goal as its square and the column of the goal it enters, * standing for
// the row beyond the board ("c6-c*", "c6-d*").
func (s *State) FormatMove(m games.Move) string { return s.g.formatMove(m) }

func (g *Game) formatMove(m games.Move) string {
	from, d := int(m&63), int(m>>6&7)
	if m >= 512 || from >= g.squares {
		return fmt.Sprintf("?%d", uint32(m))
	}
	if to := g.step[from][d]; to >= 0 {
		return g.formatSquare(from) + "-" + g.formatSquare(int(to))
	}
	c, r := from%g.cols+dirs[d][0], from/g.cols+dirs[d][1]
	if c < 0 || c >= g.cols || r != -1 && r != g.rows {
		return fmt.Sprintf("?%d", uint32(m))
	}
	return g.formatSquare(from) + "-" + string(rune('a'+c)) + "*"
}

// ParseMove reads a move, case-insensitively, the hyphen optional: "b1-b2",
// "c6-c*", "c6-d*", or "c6-goal" for the straight move into the goal. It
// checks that the squares are on the board and one step apart and that a
// move into the goal starts on the first or last row; not that the move is
// legal (whose piece is on top, full stacks, whose goal).
func (s *State) ParseMove(text string) (games.Move, error) { return s.g.parseMove(text) }

func (g *Game) parseMove(in string) (games.Move, error) {
	t := strings.ToLower(strings.TrimSpace(in))
	fail := func(format string, args ...any) (games.Move, error) {
		return games.NoMove, fmt.Errorf("nocca: move %q: %s", in, fmt.Sprintf(format, args...))
	}
	from, rest, err := g.parseSquare(t)
	if err != nil {
		return fail("%v; want a move like %s", err, g.grammar())
	}
	rest = strings.TrimPrefix(rest, "-")
	fc, fr := from%g.cols, from/g.cols
	goalRow := -2 // the row beyond the edge next to from: -1, rows, or none
	switch fr {
	case g.rows - 1:
		goalRow = g.rows
	case 0:
		goalRow = -1
	}
	tc, tr := 0, 0
	switch {
	case rest == "goal":
		if goalRow == -2 {
			return fail("%s is not on the first or last row, next to a goal", g.formatSquare(from))
		}
		tc, tr = fc, goalRow
	case len(rest) == 2 && rest[1] == '*':
		if rest[0] < 'a' || rest[0] > 'z' {
			return fail("want a column letter before *, like %c*", 'a'+fc)
		}
		if goalRow == -2 {
			return fail("%s is not on the first or last row, next to a goal", g.formatSquare(from))
		}
		tc, tr = int(rest[0]-'a'), goalRow
		if tc >= g.cols {
			return fail("column %c is off the board (a..%c)", rest[0], 'a'+g.cols-1)
		}
	default:
		to, tail, err := g.parseSquare(rest)
		if err != nil {
			return fail("%v; want a move like %s", err, g.grammar())
		}
		if tail != "" {
			return fail("unexpected %q after the squares", tail)
		}
		tc, tr = to%g.cols, to/g.cols
	}
	dc, dr := tc-fc, tr-fr
	for d, dv := range dirs {
		if dv[0] == dc && dv[1] == dr {
			return move(from, d), nil
		}
	}
	return fail("the squares are not one step apart")
}

// parseSquare reads a square at the start of t and returns the rest.
func (g *Game) parseSquare(t string) (int, string, error) {
	if len(t) < 2 || t[0] < 'a' || t[0] > 'z' || t[1] < '0' || t[1] > '9' {
		return 0, "", fmt.Errorf("no square at %q", t)
	}
	c, r := int(t[0]-'a'), int(t[1]-'0')
	if len(t) > 2 && t[2] >= '0' && t[2] <= '9' {
		return 0, "", fmt.Errorf("row %s is off the board (1..%d)", t[1:3], g.rows)
	}
	if c >= g.cols || r < 1 || r > g.rows {
		return 0, "", fmt.Errorf("square %s is off the board (a1..%s)", t[:2], g.formatSquare(g.squares-1))
	}
	return (r-1)*g.cols + c, t[2:], nil
}

// grammar says what a move looks like, for error messages.
func (g *Game) grammar() string {
	return fmt.Sprintf("b1-b2, or c%d-c* into the goal", g.rows)
}

// Position writes the position string: the rows from the top (black's home
// row) down, separated by '/'; in a row, a run of empty squares as its
// length, a single piece as w or b, a stack of two or more as its pieces
// from the bottom up in parentheses, "(wb)"; then a space and the side to
// move, w or b; then, when the position has occurred before, a space and
// the number of times it has occurred, this one included.
func (s *State) Position() string {
	g := s.g
	var b strings.Builder
	b.Grow(g.squares + g.rows + 8)
	for r := g.rows - 1; r >= 0; r-- {
		if r < g.rows-1 {
			b.WriteByte('/')
		}
		run := 0
		for c := range g.cols {
			v := s.sq[r*g.cols+c]
			h := height(v)
			if h == 0 {
				run++
				continue
			}
			if run > 0 {
				b.WriteByte(byte('0' + run))
				run = 0
			}
			if h > 1 {
				b.WriteByte('(')
			}
			for l := range h {
				b.WriteByte(colourChars[v>>l&1])
			}
			if h > 1 {
				b.WriteByte(')')
			}
		}
		if run > 0 {
			b.WriteByte(byte('0' + run))
		}
	}
	b.WriteByte(' ')
	b.WriteByte(colourChars[s.toMove])
	if n := s.Repetitions(); n > 1 && g.repetition > 0 {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// parsePosition reads a position string strictly: only the canonical form
// Position writes (surrounding white space aside) is accepted. It checks the
// rows, the stack heights, the piece counts (a side with one piece fewer
// than it started with has just entered the goal, so the game is over and
// the other side is to move) and the repetition count, and works out
// whether the game is over.
func (g *Game) parsePosition(pos string) (*State, error) {
	shown := pos
	if len(shown) > 80 {
		shown = shown[:77] + "..."
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("nocca: position %q: %s", shown, fmt.Sprintf(format, args...))
	}
	fields := strings.Split(strings.TrimSpace(pos), " ")
	if len(fields) < 2 || len(fields) > 3 {
		return nil, fail("want the rows, a space, the side to move (w or b), and a repetition count if the position occurred before")
	}
	s := g.emptyState()
	switch fields[1] {
	case "w":
		s.toMove = White
	case "b":
		s.toMove = Black
	default:
		return nil, fail("side to move %q: want w or b", fields[1])
	}
	rowsText := strings.Split(fields[0], "/")
	if len(rowsText) != g.rows {
		return nil, fail("%d rows; want %d", len(rowsText), g.rows)
	}
	for i, text := range rowsText {
		r := g.rows - 1 - i
		if err := g.parseRow(s, r, text); err != nil {
			return nil, fail("row %d: %v", r+1, err)
		}
	}
	s.settle()
	lost := [2]bool{}
	for c := range 2 {
		switch n := int(s.onBoard[c]); {
		case n > g.pieces:
			return nil, fail("%s has %d pieces; each side has %d", colourNames[c], n, g.pieces)
		case n < g.pieces-1:
			return nil, fail("%s has %d pieces; it started with %d, and the game ends when one enters the goal", colourNames[c], n, g.pieces)
		case n == g.pieces-1:
			lost[c] = true
		}
	}
	switch {
	case lost[White] && lost[Black]:
		return nil, fail("both sides have a piece in the goal; the game ends at the first")
	case lost[s.toMove]:
		return nil, fail("%s has a piece in the goal, so the game ended on its move, but %s is to move",
			colourNames[s.toMove], colourNames[s.toMove])
	case lost[1-s.toMove]:
		s.end, s.winner = goalReached, 1-s.toMove
	}
	if len(fields) == 3 {
		n, err := strconv.Atoi(fields[2])
		switch {
		case g.repetition == 0:
			return nil, fail("a repetition count, but repetition does not draw in this variant")
		case err != nil || fields[2][0] < '2' || fields[2][0] > '9' || n < 2:
			return nil, fail("repetition count %q: want 2..%d (none for a position's first occurrence)", fields[2], g.repetition)
		case n > g.repetition:
			return nil, fail("repetition count %d: the game is drawn at %d", n, g.repetition)
		case s.end != notOver:
			return nil, fail("a repetition count on a finished position (%s), which cannot have occurred before", s.EndReason())
		}
		for range n - 1 {
			s.hashes = append(s.hashes, s.hash)
		}
		s.prior = n - 1
		s.rep[repBucket(s.hash)] = uint16(n)
		if n == g.repetition {
			s.end = repeated
		}
	}
	return s, nil
}

// parseRow reads one row of a position string into row r of s.
func (g *Game) parseRow(s *State, r int, text string) error {
	c := 0
	lastRun := false
	for i := 0; i < len(text); {
		ch := text[i]
		switch {
		case '1' <= ch && ch <= '9':
			if lastRun {
				return fmt.Errorf("two counts of empty squares in a row; write their sum")
			}
			c += int(ch - '0')
			if c > g.cols {
				return fmt.Errorf("more than %d squares", g.cols)
			}
			lastRun = true
			i++
			continue
		case ch == 'w' || ch == 'b':
			if c >= g.cols {
				return fmt.Errorf("more than %d squares", g.cols)
			}
			s.sq[r*g.cols+c] = push(emptyStack, strings.IndexByte(colourChars, ch))
			i++
		case ch == '(':
			end := strings.IndexByte(text[i:], ')')
			if end < 0 {
				return fmt.Errorf("a stack opened with ( is not closed")
			}
			body := text[i+1 : i+end]
			switch {
			case len(body) < 2:
				return fmt.Errorf("stack %q: parentheses hold a stack of two or more pieces (write one piece as w or b)", text[i:i+end+1])
			case len(body) > g.stack:
				return fmt.Errorf("stack %q: %d pieces; the tallest stack is %d", text[i:i+end+1], len(body), g.stack)
			case c >= g.cols:
				return fmt.Errorf("more than %d squares", g.cols)
			}
			v := emptyStack
			for j := range len(body) {
				k := strings.IndexByte(colourChars, body[j])
				if k < 0 {
					return fmt.Errorf("stack %q: unexpected %q; want w and b, bottom to top", text[i:i+end+1], body[j:j+1])
				}
				v = push(v, k)
			}
			s.sq[r*g.cols+c] = v
			i += end + 1
		default:
			return fmt.Errorf("unexpected %q; want w, b, a stack in parentheses or a count of empty squares", text[i:i+1])
		}
		c++
		lastRun = false
	}
	if c < g.cols {
		return fmt.Errorf("%d squares; want %d", c, g.cols)
	}
	return nil
}

// String draws the board, row 1 (white's home row) at the bottom. A square
// shows its stack from the bottom up, the top piece (the one that may move)
// in capitals: "W" a white piece, "wB" a black one on a white one, "." an
// empty square. The goals lie beyond the top row (white's) and the bottom
// row (black's). The last line says who moves or how the game ended.
func (s *State) String() string {
	g := s.g
	w := g.stack + 1
	label := len(strconv.Itoa(g.rows)) + 1
	var lines []string
	lines = append(lines, strings.Repeat(" ", label)+"white's goal")
	var h strings.Builder
	h.WriteString(strings.Repeat(" ", label))
	for c := range g.cols {
		fmt.Fprintf(&h, "%-*c", w, 'a'+c)
	}
	lines = append(lines, h.String())
	for r := g.rows - 1; r >= 0; r-- {
		var ln strings.Builder
		fmt.Fprintf(&ln, "%*d ", label-1, r+1)
		for c := range g.cols {
			fmt.Fprintf(&ln, "%-*s", w, drawStack(s.sq[r*g.cols+c]))
		}
		lines = append(lines, ln.String())
	}
	lines = append(lines, strings.Repeat(" ", label)+"black's goal")
	var b strings.Builder
	for _, ln := range lines {
		b.WriteString(strings.TrimRight(ln, " "))
		b.WriteByte('\n')
	}
	if s.end != notOver {
		b.WriteString(s.EndReason())
	} else {
		b.WriteString(colourNames[s.toMove] + " to move")
		if n := s.Repetitions(); n > 1 && g.repetition > 0 {
			fmt.Fprintf(&b, " (this position for the %s time; the %s draws)", ordinal(n), ordinal(g.repetition))
		}
	}
	b.WriteByte('\n')
	return b.String()
}

// drawStack writes a stack from the bottom up, the top piece in capitals;
// "." for an empty square.
func drawStack(v uint8) string {
	h := height(v)
	if h == 0 {
		return "."
	}
	p := make([]byte, h)
	for l := range h {
		p[l] = colourChars[v>>l&1]
	}
	p[h-1] -= 'a' - 'A'
	return string(p)
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return strconv.Itoa(n) + "th"
}
