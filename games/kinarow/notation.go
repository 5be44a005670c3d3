package kinarow

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// Axis names for messages; axes past the third are numbered.
func axisName(i int) string {
	switch i {
	case 0:
		return "column"
	case 1:
		return "row"
	case 2:
		return "layer"
	}
	return fmt.Sprintf("axis-%d coordinate", i+1)
}

// coordText writes coordinate c of axis i (0-based): a letter on axes 1, 3,
// 5 and a number on axes 2, 4, 6.
func coordText(i, c int) string {
	if i%2 == 0 {
		return string(rune('a' + c))
	}
	return strconv.Itoa(c + 1)
}

// axisRange writes the coordinates of axis i: "a..g" or "1..6".
func (g *Game) axisRange(i int) string {
	return coordText(i, 0) + ".." + coordText(i, g.size[i]-1)
}

// formatCell writes a cell with every coordinate, axis 1 first.
func (g *Game) formatCell(cell int) string {
	var b strings.Builder
	g.appendCoords(&b, cell, 0)
	return b.String()
}

// appendCoords writes the coordinates of cell on the axes from (0-based) on.
func (g *Game) appendCoords(b *strings.Builder, cell, from int) {
	for i := from; i < len(g.size); i++ {
		b.WriteString(coordText(i, g.coord(cell, i)))
	}
}

// FormatMove writes the cell with every coordinate ("b3", "b3c2").
func (s *State) FormatMove(m games.Move) string {
	if int64(m) >= int64(s.g.cells) {
		return fmt.Sprintf("?%d", uint32(m))
	}
	return s.g.formatCell(int(m))
}

// ParseMove reads a cell, case-insensitively. With gravity the coordinate
// on the gravity axis may be left out; the move then names the lowest free
// cell of that column in this position (where leaving it out puts two
// numbers side by side, a hyphen separates them: "b3-2").
func (s *State) ParseMove(text string) (games.Move, error) { return s.g.parseMove(text, s) }

type coordToken struct {
	number bool
	val    int    // 0-based coordinate; may be out of range
	text   string // as written, for messages
}

func (g *Game) parseMove(in string, s *State) (games.Move, error) {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("kinarow: move %q: %s", in, fmt.Sprintf(format, args...))
	}
	text := strings.ToLower(strings.TrimSpace(in))
	if text == "" {
		return games.NoMove, fmt.Errorf("kinarow: empty move; want a cell like %s", g.formatCell(g.centre))
	}
	d := len(g.size)
	var toks [6]coordToken
	n := 0
	for i := 0; i < len(text); {
		if n == len(toks) {
			return games.NoMove, fail("too many coordinates; want %s", g.grammar())
		}
		ch := text[i]
		switch {
		case 'a' <= ch && ch <= 'z':
			toks[n] = coordToken{val: int(ch - 'a'), text: text[i : i+1]}
			i++
		case '0' <= ch && ch <= '9':
			j := i
			for j < len(text) && '0' <= text[j] && text[j] <= '9' {
				j++
			}
			digits := text[i:j]
			if digits[0] == '0' && len(digits) > 1 {
				return games.NoMove, fail("bad number %q", digits)
			}
			v := 99
			if len(digits) <= 2 {
				v, _ = strconv.Atoi(digits)
			}
			toks[n] = coordToken{number: true, val: v - 1, text: digits}
			i = j
		case ch == '-' && n > 0 && toks[n-1].number && i+1 < len(text) && '1' <= text[i+1] && text[i+1] <= '9':
			i++ // separates two numbers in the short form
			continue
		default:
			return games.NoMove, fail("unexpected %q; want %s", text[i:i+1], g.grammar())
		}
		n++
	}
	// Which axes do the coordinates give? All of them, or all but gravity's.
	var axes [6]int
	match := func(skip int) bool {
		k := 0
		for i := 0; i < d; i++ {
			if i == skip {
				continue
			}
			if k >= n || toks[k].number != (i%2 == 1) {
				return false
			}
			axes[k] = i
			k++
		}
		return k == n
	}
	short := false
	switch {
	case match(-1):
	case g.gravity > 0 && match(g.gravity-1):
		short = true
	default:
		return games.NoMove, fail("want %s", g.grammar())
	}
	cell := 0
	for k := 0; k < n; k++ {
		i, t := axes[k], toks[k]
		if t.val < 0 || t.val >= g.size[i] {
			return games.NoMove, fail("%s %s is off the board (%s)", axisName(i), t.text, g.axisRange(i))
		}
		cell += t.val * g.stride[i]
	}
	if short {
		h := 0
		if s != nil {
			h = int(s.heights[g.columnOf[cell]])
		}
		if h >= g.fallSize {
			return games.NoMove, fail("that column is full")
		}
		cell += h * g.fallStep
	}
	return games.Move(cell), nil
}

// grammar says what a move looks like, for error messages.
func (g *Game) grammar() string {
	d := len(g.size)
	kinds := make([]string, d)
	for i := range kinds {
		kinds[i] = strings.TrimSuffix(axisKind(i), "s")
	}
	w := fmt.Sprintf("a cell like %s (%s)", g.formatCell(g.centre), strings.Join(kinds, ", "))
	if g.gravity > 0 {
		var b strings.Builder
		for i := 0; i < d; i++ {
			if i != g.gravity-1 {
				b.WriteString(coordText(i, g.coord(g.centre, i)))
			}
		}
		w += fmt.Sprintf(", or the column without its %s coordinate, like %s", axisKind(g.gravity - 1)[:len(axisKind(g.gravity-1))-1], b.String())
	}
	return w
}

// readingOrder lists the base cells (coordinate 0 on the axes below from)
// of the sub-boards spanned by the axes below from, in reading order:
// lettered axes (1, 3, 5) low to high, numbered axes (2, 4, 6) high to low,
// lower axes varying fastest. changed[i] is the highest axis (0-based) whose
// coordinate changed from the previous entry (0 for the first).
func (g *Game) readingOrder(from int) (bases []int32, changed []int) {
	d := len(g.size)
	c := make([]int, d)
	for i := from; i < d; i++ {
		if i%2 == 1 {
			c[i] = g.size[i] - 1
		}
	}
	last := 0
	for {
		base := 0
		for i := from; i < d; i++ {
			base += c[i] * g.stride[i]
		}
		bases = append(bases, int32(base))
		changed = append(changed, last)
		i := from
		for ; i < d; i++ {
			if i%2 == 1 {
				if c[i]--; c[i] >= 0 {
					break
				}
				c[i] = g.size[i] - 1
			} else {
				if c[i]++; c[i] < g.size[i] {
					break
				}
				c[i] = 0
			}
		}
		if i >= d {
			return bases, changed
		}
		last = i
	}
}

// Position writes the position string: the rows (cells along axis 1) in
// reading order, each with runs of empty cells as decimal numbers, x and o
// for stones; between two rows as many slashes as the number of the highest
// axis that changed, less one; then a space and the side to move.
func (s *State) Position() string {
	g := s.g
	var b strings.Builder
	b.Grow(g.cells + 8)
	bases, changed := g.readingOrder(1)
	for r, base := range bases {
		for range changed[r] {
			b.WriteByte('/')
		}
		run := 0
		for x := 0; x < g.size[0]; x++ {
			v := s.board[int(base)+x]
			if v == empty {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteString(seatNames[v])
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
	}
	b.WriteByte(' ')
	b.WriteString(seatNames[s.toMove])
	return b.String()
}

// rowName names the row starting at base, for messages.
func (g *Game) rowName(base int) string {
	switch len(g.size) {
	case 1:
		return "the row"
	case 2:
		return "row " + coordText(1, g.coord(base, 1))
	}
	var b strings.Builder
	g.appendCoords(&b, base, 2)
	return "row " + coordText(1, g.coord(base, 1)) + " of slice " + b.String()
}

// parsePosition reads a position string strictly: only the canonical form
// Position writes (surrounding white space aside) is accepted. It checks
// the stone counts, gravity and that the last move could have been made, and
// recomputes whether the game is over.
func (g *Game) parsePosition(pos string) (*State, error) {
	shown := pos
	if len(shown) > 80 {
		shown = shown[:77] + "..."
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("kinarow: position %q: %s", shown, fmt.Sprintf(format, args...))
	}
	cellsText, side, ok := strings.Cut(strings.TrimSpace(pos), " ")
	if !ok {
		return nil, fail("want the cells, a space and the side to move (x or o)")
	}
	s := g.newState()
	switch side {
	case "x":
		s.toMove = 0
	case "o":
		s.toMove = 1
	default:
		return nil, fail("side to move %q: want x or o", side)
	}
	if err := g.readCells(s, cellsText, fail); err != nil {
		return nil, err
	}
	if err := s.countStones(fail); err != nil {
		return nil, err
	}
	if g.gravity > 0 {
		if err := s.settle(); err != nil {
			return nil, fail("%v", err)
		}
	}
	s.hash = s.hashFromScratch()
	if err := s.readEnd(fail); err != nil {
		return nil, err
	}
	return s, nil
}

// failure words an error of a position being read.
type failure func(format string, args ...any) error

// readCells reads the cells of a position string into s: its rows in
// reading order, separated by as many slashes as coordinates change,
// each cell x, o or a count of empty cells.
func (g *Game) readCells(s *State, cellsText string, fail failure) error {
	bases, changed := g.readingOrder(1)
	i, w := 0, g.size[0]
	for r, base := range bases {
		name := g.rowName(int(base))
		if r > 0 {
			n := 0
			for i < len(cellsText) && cellsText[i] == '/' {
				n++
				i++
			}
			switch {
			case n == 0 && i == len(cellsText):
				return fail("%d rows; want %d", r, len(bases))
			case n != changed[r]:
				return fail("%d slashes before %s; want %d", n, name, changed[r])
			}
		}
		x := 0
		for i < len(cellsText) && cellsText[i] != '/' {
			ch := cellsText[i]
			switch {
			case ch == 'x' || ch == 'o':
				if x >= w {
					return fail("%s has more than %d cells", name, w)
				}
				s.board[int(base)+x] = int8(strings.IndexByte("xo", ch))
				x++
				i++
			case '1' <= ch && ch <= '9':
				n := 0
				for i < len(cellsText) && '0' <= cellsText[i] && cellsText[i] <= '9' {
					n = min(n*10+int(cellsText[i]-'0'), 1000)
					i++
				}
				if x += n; x > w {
					return fail("%s has more than %d cells", name, w)
				}
			default:
				return fail("unexpected %q in %s; want x, o, a count of empty cells or /", cellsText[i:i+1], name)
			}
		}
		if x < w {
			return fail("%s has %d cells; want %d", name, x, w)
		}
	}
	if i < len(cellsText) {
		return fail("more than %d rows", len(bases))
	}
	return nil
}

// countStones places the stones read and checks their counts against the
// side to move (x moves first).
func (s *State) countStones(fail failure) error {
	var count [2]int
	for c, v := range s.board {
		if v == empty {
			continue
		}
		count[v]++
		s.place(c, v)
	}
	s.stones = count[0] + count[1]
	switch {
	case count[0] != count[1] && count[0] != count[1]+1:
		return fail("x has %d stones and o %d; x moves first, so it has as many as o or one more", count[0], count[1])
	case count[0] == count[1] && s.toMove != 0, count[0] != count[1] && s.toMove != 1:
		want := seatNames[0]
		if count[0] != count[1] {
			want = seatNames[1]
		}
		return fail("%s to move, but x has %d stones and o %d, so %s is to move", seatNames[s.toMove], count[0], count[1], want)
	}
	return nil
}

// readEnd decides whether the position read is over: a line that only the
// last move could have made, or a full board; anything else that has a
// line is no position the game reaches.
func (s *State) readEnd(fail failure) error {
	g := s.g
	seat, line := s.winner()
	switch {
	case seat == 2:
		return fail("both x and o have %d in a row", g.connect)
	case seat >= 0 && seat != int(1-s.toMove):
		return fail("%s has %d in a row, so the game ended on its move, but %s is to move", seatNames[seat], g.connect, seatNames[seat])
	case seat >= 0:
		if !s.lastMoveCouldWin(int8(seat)) {
			return fail("%s has %d in a row more than once over, and no single last move made them all (%s would have won earlier)",
				seatNames[seat], g.connect, seatNames[seat])
		}
		s.over, s.won, s.winLine = true, int8(seat), line
	case s.stones == g.cells:
		s.over = true
	}
	return nil
}

// settle fills in the column heights and rejects floating stones.
func (s *State) settle() error {
	g := s.g
	for col, base := range g.columns {
		h := 0
		for ; h < g.fallSize && s.board[int(base)+h*g.fallStep] != empty; h++ {
		}
		s.heights[col] = uint8(h)
		for k := h + 1; k < g.fallSize; k++ {
			if c := int(base) + k*g.fallStep; s.board[c] != empty {
				return fmt.Errorf("the stone on %s floats: %s below it is empty (gravity along axis %d)",
					g.formatCell(c), g.formatCell(int(base)+h*g.fallStep), g.gravity)
			}
		}
	}
	return nil
}

// lastMoveCouldWin tells whether some stone of seat, taken back, leaves a
// position in which nobody has won: the move that ended the game.
func (s *State) lastMoveCouldWin(seat int8) bool {
	g := s.g
	k := uint8(g.connect)
	var cand []int
	first := true
	for li, c := range s.counts {
		if c[seat] != k || g.exact && !s.exactEnds(int32(li), seat) {
			continue
		}
		if first {
			for _, c := range g.lines[li] {
				cand = append(cand, int(c))
			}
			first = false
			continue
		}
		keep := cand[:0]
		for _, c := range cand {
			for _, x := range g.lines[li] {
				if int(x) == c {
					keep = append(keep, c)
					break
				}
			}
		}
		cand = keep
	}
	for _, c := range cand {
		if g.gravity > 0 {
			above := c + g.fallStep
			if g.coord(c, g.gravity-1)+1 < g.fallSize && s.board[above] != empty {
				continue
			}
		}
		s.lift(c, seat)
		w, _ := s.winner()
		s.place(c, seat)
		if w < 0 {
			return true
		}
	}
	return false
}

// String draws the board: a 2-D grid with the columns lettered and row 1 at
// the bottom; a 3-D or larger board as 2-D slices side by side, each headed
// by the coordinates of its remaining axes (layer c: "c"; "c2" in 4-D), the
// third axis across and the fourth down, like a board of boards. '.' marks
// an empty cell. The last line says who moves or how the game ended.
func (s *State) String() string {
	g := s.g
	var b strings.Builder
	if len(g.size) <= 2 {
		for _, ln := range s.drawSlice(0) {
			b.WriteString(strings.TrimRight(ln, " "))
			b.WriteByte('\n')
		}
	} else {
		bases, changed := g.readingOrder(2)
		var band [][]string
		flush := func() {
			for row := range band[0] {
				var line strings.Builder
				for j, block := range band {
					if j > 0 {
						line.WriteString("   ")
					}
					line.WriteString(block[row])
				}
				b.WriteString(strings.TrimRight(line.String(), " "))
				b.WriteByte('\n')
			}
			band = band[:0]
		}
		for r, base := range bases {
			if r > 0 && changed[r] > 2 {
				flush()
				b.WriteByte('\n')
			}
			band = append(band, s.drawSlice(int(base)))
		}
		flush()
	}
	if s.over {
		b.WriteString(s.EndReason())
	} else {
		b.WriteString(seatNames[s.toMove] + " to move")
	}
	b.WriteByte('\n')
	return b.String()
}

// drawSlice draws the 2-D slice (axes 1 and 2) holding base, as lines of
// equal width: a title in 3-D and up, the column letters, then the rows.
func (s *State) drawSlice(base int) []string {
	g := s.g
	w := g.size[0]
	rows := 1
	label := 0
	if len(g.size) > 1 {
		rows = g.size[1]
		label = len(strconv.Itoa(rows)) + 1
	}
	width := label + 2*w - 1
	pad := func(t string) string { return t + strings.Repeat(" ", max(0, width-len(t))) }
	var lines []string
	if len(g.size) > 2 {
		var t strings.Builder
		g.appendCoords(&t, base, 2)
		lines = append(lines, pad("["+t.String()+"]"))
	}
	var h strings.Builder
	h.WriteString(strings.Repeat(" ", label))
	for x := 0; x < w; x++ {
		if x > 0 {
			h.WriteByte(' ')
		}
		h.WriteString(coordText(0, x))
	}
	lines = append(lines, pad(h.String()))
	for y := rows - 1; y >= 0; y-- {
		var r strings.Builder
		if label > 0 {
			fmt.Fprintf(&r, "%*d ", label-1, y+1)
		}
		for x := 0; x < w; x++ {
			if x > 0 {
				r.WriteByte(' ')
			}
			cell := base + x
			if len(g.size) > 1 {
				cell += y * g.stride[1]
			}
			switch s.board[cell] {
			case empty:
				r.WriteByte('.')
			default:
				r.WriteString(seatNames[s.board[cell]])
			}
		}
		lines = append(lines, pad(r.String()))
	}
	return lines
}
