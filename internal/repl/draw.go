package repl

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Style is how the REPL writes: colour and Unicode pieces for a terminal
// (Fancy), or plain ASCII for anything else.
type Style struct {
	Fancy bool
}

// SGR sequences of the fancy style.
const (
	sgrReset   = "\x1b[0m"
	sgrDim     = "\x1b[2m"
	sgrBold    = "\x1b[1m"
	sgrReverse = "\x1b[7m"
	sgrRed     = "\x1b[31m"
	sgrGreen   = "\x1b[32m"
)

// paint wraps s in an SGR sequence when the style is fancy.
func (st Style) paint(sgr, s string) string {
	if !st.Fancy || s == "" {
		return s
	}
	return sgr + s + sgrReset
}

// width is the number of columns s takes on a terminal: its runes outside
// SGR sequences (every piece glyph is one column wide).
func width(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			j := strings.IndexByte(s[i:], 'm')
			if j < 0 {
				break
			}
			i += j + 1
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return n
}

func pad(s string, w int) string {
	if d := w - width(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

func padLeft(s string, w int) string {
	if d := w - width(s); d > 0 {
		return strings.Repeat(" ", d) + s
	}
	return s
}

// drawer draws one Board.
type drawer struct {
	b      *Board
	st     Style
	flip   bool
	w      int          // columns of a cell
	lw     int          // columns of a row label
	marked map[int]bool // highlighted cells (fancy)
	legal  map[int]bool // legal placements, drawn "*"
	mark   int          // the cell marked with parentheses (plain), or -1
	stride []int
}

// Draw writes the board: a grid with coordinates around it, or for more
// than two axes a grid of 2-D slices, each labelled by its coordinates on
// the outer axes (axis 3 across the page, the higher axes down it).
// flip turns every axis around (the board seen from the other side).
func (b *Board) Draw(st Style, flip bool) string {
	d := &drawer{b: b, st: st, flip: flip, w: 1, mark: -1, marked: map[int]bool{}, legal: map[int]bool{}}
	for _, c := range b.Legal {
		d.legal[c] = true
	}
	s := 1
	for _, n := range b.Dims {
		d.stride = append(d.stride, s)
		s *= n
	}
	if b.Stacks > 1 {
		d.w = 1 + len(strconv.Itoa(b.Stacks))
	}
	for _, c := range b.Cells {
		d.w = max(d.w, width(d.cellText(c)))
	}
	if len(b.Dims) > 1 {
		d.lw = len(strconv.Itoa(b.Dims[1]))
	}
	for _, c := range b.Marks {
		d.marked[c] = true
		d.mark = c
	}
	var lines []string
	above, below := b.Above, b.Below
	if flip {
		above, below = below, above
	}
	indent := strings.Repeat(" ", d.lw+1)
	if above != "" {
		lines = append(lines, indent+st.paint(sgrDim, above))
	}
	if len(b.Dims) <= 2 {
		lines = append(lines, d.slice(0, len(b.Dims) == 2)...)
	} else {
		lines = append(lines, d.slices()...)
	}
	if below != "" {
		lines = append(lines, indent+st.paint(sgrDim, below))
	}
	lines = append(lines, b.Notes...)
	return strings.Join(lines, "\n") + "\n"
}

// order lists the coordinates of axis i in drawing order: letters left to
// right and numbers top down, row 1 at the bottom unless TopDown (for axis
// 2); every order reversed when flipped.
func (d *drawer) order(i int) []int {
	n := d.b.Dims[i]
	out := make([]int, n)
	down := !d.b.Letters[i] && !(i == 1 && d.b.TopDown)
	for k := range out {
		out[k] = k
		if down {
			out[k] = n - 1 - k
		}
	}
	if d.flip {
		for l, r := 0, n-1; l < r; l, r = l+1, r-1 {
			out[l], out[r] = out[r], out[l]
		}
	}
	return out
}

// cellText is a cell as drawn, without highlighting: its top piece, and
// the height of a stack of two or more.
func (d *drawer) cellText(c []int) string {
	if len(c) == 0 {
		if d.st.Fancy {
			return d.st.paint(sgrDim, "·")
		}
		return "."
	}
	p := d.b.Pieces[c[len(c)-1]]
	s := p.ASCII
	if d.st.Fancy {
		s = p.Unicode
		if p.Colour != "" {
			s = "\x1b[" + p.Colour + "m" + s + sgrReset
		}
	}
	if len(c) > 1 {
		s += strconv.Itoa(len(c))
	}
	return s
}

// slice draws the 2-D slice whose first cell is base: column letters on
// top (and below, with full frames), row numbers on the left (and right).
func (d *drawer) slice(base int, frame bool) []string {
	xs := d.order(0)
	ys := []int{0}
	if len(d.b.Dims) > 1 {
		ys = d.order(1)
	}
	header := strings.Repeat(" ", d.lw)
	for _, x := range xs {
		header += " " + pad(coordName(d.b, 0, x), d.w)
	}
	header = d.st.paint(sgrDim, strings.TrimRight(header, " "))
	lines := []string{header}
	for _, y := range ys {
		label := ""
		if len(d.b.Dims) > 1 {
			label = coordName(d.b, 1, y)
		}
		// cols holds the row one column per entry, so that a plain mark's
		// parentheses can take the place of the spaces around a cell.
		cols := []string{d.st.paint(sgrDim, padLeft(label, d.lw))}
		closing := false
		for _, x := range xs {
			cell := base + x*d.stride[0]
			if len(d.b.Dims) > 1 {
				cell += y * d.stride[1]
			}
			text := d.cellText(d.b.Cells[cell])
			if d.legal[cell] {
				text = d.st.paint(sgrGreen, "*")
			}
			plainMark := !d.st.Fancy && cell == d.mark
			if d.st.Fancy && d.marked[cell] {
				text = sgrReverse + strings.ReplaceAll(text, sgrReset, sgrReset+sgrReverse) + sgrReset
			}
			sep := " "
			switch {
			case plainMark:
				sep = "("
			case closing:
				sep = ")"
			}
			closing = false
			cols = append(cols, sep, text)
			padding := d.w - width(text)
			if plainMark {
				if padding > 0 {
					cols = append(cols, ")")
					padding--
				} else {
					closing = true
				}
			}
			for range padding {
				cols = append(cols, " ")
			}
		}
		if closing {
			cols = append(cols, ")")
		}
		row := strings.Join(cols, "")
		if frame {
			row = pad(row, d.lw+len(xs)*(d.w+1)+2) + d.st.paint(sgrDim, label)
		}
		lines = append(lines, strings.TrimRight(row, " "))
	}
	if frame {
		lines = append(lines, header)
	}
	return lines
}

// slices draws a board of three or more axes as bands of 2-D slices.
func (d *drawer) slices() []string {
	b := d.b
	outer := b.Dims[2:]
	// Every combination of the coordinates of axes 4, 5, ... in drawing
	// order, the highest axis slowest: one band each.
	bands := [][]int{{}}
	for i := len(outer) - 1; i >= 1; i-- {
		var next [][]int
		for _, band := range bands {
			for _, c := range d.order(i + 2) {
				next = append(next, append(append([]int(nil), band...), c))
			}
		}
		bands = next
	}
	var lines []string
	for bi, band := range bands {
		if bi > 0 {
			lines = append(lines, "")
		}
		// band holds the coordinates of the highest axis first.
		base, label := 0, ""
		for k, c := range band {
			axis := len(b.Dims) - 1 - k
			base += c * d.stride[axis]
		}
		var blocks [][]string
		// Room for a slice's rows and a plain mark's closing parenthesis,
		// so that slices keep their places whatever is marked.
		wide := d.lw + b.Dims[0]*(d.w+1) + 1
		for _, z := range d.order(2) {
			label = coordName(b, 2, z)
			for k := len(band) - 1; k >= 0; k-- {
				label += coordName(b, len(b.Dims)-1-k, band[k])
			}
			block := append([]string{d.st.paint(sgrBold, "["+label+"]")}, d.slice(base+z*d.stride[2], false)...)
			for _, l := range block {
				wide = max(wide, width(l))
			}
			blocks = append(blocks, block)
		}
		for row := range blocks[0] {
			var parts []string
			for _, block := range blocks {
				parts = append(parts, pad(block[row], wide))
			}
			lines = append(lines, strings.TrimRight(strings.Join(parts, "   "), " "))
		}
	}
	return lines
}
