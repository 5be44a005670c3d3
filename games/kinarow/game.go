package kinarow

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// Limits on a configured board, so that the tables a Game builds (lines,
// lines through each cell, Zobrist keys) stay small.
const (
	MaxCells = 1 << 16 // cells on the board (the product of the sizes)
	MaxLines = 1 << 18 // windows of connect cells in a row (len(Lines()))
)

// Seat names: x moves first.
var seatNames = [2]string{"x", "o"}

var family = &games.Family{
	Name:    "kinarow",
	Summary: "k in a row on a board of 1 to 6 dimensions, with optional gravity",
	Params: []games.Param{
		{Key: "dims", Kind: games.Int, Default: 2, Min: 1, Max: 6,
			Doc: "number of dimensions (axes) of the board"},
		{Key: "size", Kind: games.Ints, Default: []int{3}, Min: 2, Max: 19, MinLen: 1, MaxLen: 6,
			Doc: "cells along each axis: one value for every axis, or one per axis (axis 1 first)"},
		{Key: "connect", Kind: games.Int, Default: 3, Min: 1, Max: 19,
			Doc: "stones in a straight line that win; at most the longest side"},
		{Key: "gravity", Kind: games.Int, Default: 0, Min: 0, Max: 6,
			Doc: "0: none; else the 1-based axis along which stones fall to the lowest free cell, as in Connect Four"},
		{Key: "exact", Kind: games.Bool, Default: false,
			Doc: "false: connect or more in a row wins; true: exactly connect, an overline does not win"},
	},
	New: func(v games.Values) (games.Game, error) { return New(v) },
}

func init() { games.Register(family) }

var (
	_ games.Game  = (*Game)(nil)
	_ games.State = (*State)(nil)
)

// Game is one configured k-in-a-row variant. It is immutable once built and
// may be shared by any number of states and goroutines.
type Game struct {
	size    []int // cells along each axis
	stride  []int // cell = sum coord[i]*stride[i]; stride[0] = 1
	cells   int
	connect int
	gravity int // 0: none; else the 1-based falling axis
	exact   bool

	coords []uint8 // coords[cell*dims+i]: the coordinate of cell on axis i

	lines    [][]int32  // every window of connect cells in a straight line
	lineEnds [][2]int32 // the cells just before and after each window on its line, -1 off the board
	through  [][]int32  // through[cell]: indices of the windows holding cell
	lineFlat []int32    // backing store of lines
	thruFlat []int32    // backing store of through
	maxThru  int
	centre   int      // a central cell (0 on the gravity axis), for MoveExample
	columns  []int32  // gravity: the cell with coordinate 0 on the gravity axis, per column
	columnOf []int32  // gravity: cell -> index into columns
	fallStep int      // gravity: stride of the gravity axis
	fallSize int      // gravity: size of the gravity axis
	zobrist  []uint64 // zobrist[2*cell+seat]
	sideKey  uint64   // xored in when o is to move
	values   games.Values
}

// New builds a game from rule values that passed the per-key checks (as
// games.Family.Build hands them over). It makes the cross-field checks and
// reports a failure as a *games.ParamError naming the key at fault.
func New(v games.Values) (*Game, error) {
	dims := v.Int("dims")
	sizes := v.Ints("size")
	connect := v.Int("connect")
	gravity := v.Int("gravity")
	if dims < 1 || dims > 6 {
		return nil, games.Errorf("dims", "%d is out of range 1..6", dims)
	}
	if connect < 1 {
		return nil, games.Errorf("connect", "%d is out of range 1..19", connect)
	}
	size := make([]int, dims)
	switch len(sizes) {
	case 1:
		for i := range size {
			size[i] = sizes[0]
		}
	case dims:
		copy(size, sizes)
	default:
		return nil, games.Errorf("size", "a list of %d sizes on a board of %d dims; give one size for every axis or %d", len(sizes), dims, dims)
	}
	cells, longest := 1, 0
	for _, n := range size {
		if n < 2 || n > 19 {
			return nil, games.Errorf("size", "%d is out of range 2..19", n)
		}
		cells *= n
		longest = max(longest, n)
	}
	if connect > longest {
		return nil, games.Errorf("connect", "%d is longer than the longest side of the board (%d)", connect, longest)
	}
	if gravity < 0 || gravity > dims {
		return nil, games.Errorf("gravity", "axis %d does not exist on a board of %d dims (0 for none, 1..%d)", gravity, dims, dims)
	}
	if cells > MaxCells {
		return nil, games.Errorf("size", "%s has %d cells; at most %d", formatSize(size), cells, MaxCells)
	}
	if n := countWindows(size, connect); n > MaxLines {
		return nil, games.Errorf("connect", "%s with connect %d has %d lines of %d; at most %d (a larger connect or a smaller board)",
			formatSize(size), connect, n, connect, MaxLines)
	}
	g := &Game{
		size:    size,
		stride:  make([]int, dims),
		cells:   cells,
		connect: connect,
		gravity: gravity,
		exact:   v.Bool("exact"),
	}
	s := 1
	for i, n := range size {
		g.stride[i] = s
		s *= n
	}
	g.values = games.Values{
		"dims":    dims,
		"size":    canonicalSize(size),
		"connect": connect,
		"gravity": gravity,
		"exact":   g.exact,
	}
	g.buildGeometry()
	g.buildLines()
	g.buildGravity()
	g.buildZobrist()
	return g, nil
}

// canonicalSize writes the sizes as one value when all axes agree.
func canonicalSize(size []int) []int {
	for _, n := range size {
		if n != size[0] {
			return append([]int(nil), size...)
		}
	}
	return []int{size[0]}
}

func formatSize(size []int) string {
	s := make([]string, len(size))
	for i, n := range size {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, "x")
}

func (g *Game) buildGeometry() {
	d := len(g.size)
	g.coords = make([]uint8, g.cells*d)
	c := make([]int, d)
	for cell := 0; cell < g.cells; cell++ {
		for i := range c {
			g.coords[cell*d+i] = uint8(c[i])
		}
		for i := range c { // odometer, axis 0 fastest
			c[i]++
			if c[i] < g.size[i] {
				break
			}
			c[i] = 0
		}
	}
	g.centre = 0
	for i, n := range g.size {
		if i+1 != g.gravity {
			g.centre += (n / 2) * g.stride[i]
		}
	}
}

func (g *Game) buildGravity() {
	if g.gravity == 0 {
		return
	}
	ax := g.gravity - 1
	g.fallStep, g.fallSize = g.stride[ax], g.size[ax]
	g.columnOf = make([]int32, g.cells)
	for cell := 0; cell < g.cells; cell++ {
		if g.coord(cell, ax) == 0 {
			g.columns = append(g.columns, int32(cell))
		}
	}
	for col, base := range g.columns {
		for h := 0; h < g.fallSize; h++ {
			g.columnOf[int(base)+h*g.fallStep] = int32(col)
		}
	}
}

// zobristSeed fixes the hash keys: every run, every process, the same.
const zobristSeed = 0x6b696e61726f77 // "kinarow"

func (g *Game) buildZobrist() {
	rng := rand.New(rand.NewPCG(zobristSeed, uint64(g.cells)))
	g.zobrist = make([]uint64, 2*g.cells)
	for i := range g.zobrist {
		g.zobrist[i] = rng.Uint64()
	}
	g.sideKey = rng.Uint64()
}

func (g *Game) coord(cell, axis int) int { return int(g.coords[cell*len(g.size)+axis]) }

// Family returns "kinarow".
func (g *Game) Family() string { return family.Name }

// Type: two players, zero-sum, perfect information, returns in -1..1.
func (g *Game) Type() games.Type {
	return games.Type{Players: 2, Information: games.PerfectInformation, Utility: games.ZeroSum, MinReturn: -1, MaxReturn: 1}
}

// Params returns the effective rules; size is one value when every axis
// has it, else one per axis.
func (g *Game) Params() games.Values {
	v := make(games.Values, len(g.values))
	for k, x := range g.values {
		if l, ok := x.([]int); ok {
			x = append([]int(nil), l...)
		}
		v[k] = x
	}
	return v
}

// NewState returns the empty board with x to move.
func (g *Game) NewState() games.State { return g.newState() }

// ParseState reads a position string (see the package documentation).
func (g *Game) ParseState(pos string) (games.State, error) {
	s, err := g.parsePosition(pos)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Describe tells a generic client the geometry and the move grammar.
func (g *Game) Describe() games.Description {
	coords := make([]string, len(g.size))
	for i := range coords {
		coords[i] = axisKind(i)
	}
	grav := "none"
	if g.gravity > 0 {
		grav = strconv.Itoa(g.gravity)
	}
	moves := "a cell: one coordinate per axis, letters (a, b, ...) for axes 1, 3, 5 and numbers (1, 2, ...) for axes 2, 4, 6, row 1 at the bottom: c, b3, b3c, b3c2"
	if g.gravity > 0 {
		moves += fmt.Sprintf("; stones fall along axis %d, and a move may leave that coordinate out to land on the lowest free cell (a hyphen then separates two numbers that meet: b3-2)", g.gravity)
	}
	return games.Description{
		Players:     []string{seatNames[0], seatNames[1]},
		Dims:        append([]int(nil), g.size...),
		Coords:      coords,
		Gravity:     g.gravity,
		Pieces:      g.stones(),
		Look:        g.look(),
		Grammar:     games.Grammar{Forms: [][]games.MovePart{{{Kind: "cell"}}}},
		Phrases:     []string{"in-a-row", "exactly-in-a-row", "board-full"},
		Moves:       moves,
		MoveExample: g.formatCell(g.centre),
		Extra: [][2]string{
			{"connect", strconv.Itoa(g.connect)},
			{"gravity", grav},
			{"exact", strconv.FormatBool(g.exact)},
			{"lines", strconv.Itoa(len(g.lines))},
		},
	}
}

// axisKind says how axis i (0-based) is written: "letters" or "numbers".
func axisKind(i int) string {
	if i%2 == 0 {
		return "letters"
	}
	return "numbers"
}

// Cells is the number of cells; a Move is a cell index below it.
func (g *Game) Cells() int { return g.cells }

// Connect is the number of stones in a row that wins.
func (g *Game) Connect() int { return g.connect }

// Dims returns the size along each axis (a copy).
func (g *Game) Dims() []int { return append([]int(nil), g.size...) }

// Gravity is the 1-based axis along which stones fall, or 0.
func (g *Game) Gravity() int { return g.gravity }

// Exact tells whether only exactly Connect stones in a row win.
func (g *Game) Exact() bool { return g.exact }

// Coord returns the coordinate of cell on axis (0-based).
func (g *Game) Coord(cell, axis int) int { return g.coord(cell, axis) }

// Cell returns the cell at the given coordinates (0-based, one per axis),
// or -1 when they are off the board.
func (g *Game) Cell(coords ...int) int {
	if len(coords) != len(g.size) {
		return -1
	}
	cell := 0
	for i, c := range coords {
		if c < 0 || c >= g.size[i] {
			return -1
		}
		cell += c * g.stride[i]
	}
	return cell
}

// Lines returns every window of Connect cells in a straight line, in any of
// the (3^d-1)/2 directions, each once; each window lists its cells in order
// along its direction. For Connect equal to the side of an n^d board these
// are the classic winning lines. The slices are shared: do not modify them.
func (g *Game) Lines() [][]int32 { return g.lines }

// LinesThrough returns the indices into Lines of the windows holding cell.
// The slice is shared: do not modify it.
func (g *Game) LinesThrough(cell int) []int32 { return g.through[cell] }

// LineEnds returns the cells just before and just after a window on its
// line, -1 where the line leaves the board. With Exact, a full window wins
// only when neither holds a stone of the same seat.
func (g *Game) LineEnds(line int32) (before, after int32) {
	e := g.lineEnds[line]
	return e[0], e[1]
}

// MaxLinesThrough is the largest len(LinesThrough(c)) over all cells.
func (g *Game) MaxLinesThrough() int { return g.maxThru }

// String names the variant by its rules, in the inline form.
func (g *Game) String() string {
	s := fmt.Sprintf("kinarow(dims=%d,size=%s,connect=%d", len(g.size), formatSize(canonicalSize(g.size)), g.connect)
	if g.gravity > 0 {
		s += fmt.Sprintf(",gravity=%d", g.gravity)
	}
	if g.exact {
		s += ",exact=true"
	}
	return s + ")"
}
