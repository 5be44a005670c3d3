package nocca

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// Colours. White's home row is row 1 (the bottom of the drawn board) and it
// moves up; black's home row is the top row and it moves down. Which colour
// moves first is the rule "first"; seats are numbered in playing order, so
// seat 0 is always the first to move.
const (
	White = 0
	Black = 1
)

var colourNames = [2]string{"white", "black"}

// colourChars are the position-string letters of a white and a black piece,
// and of the side to move.
const colourChars = "wb"

// Values of the rule "goal".
const (
	GoalForward  = "forward"  // a piece leaves straight or diagonally forward
	GoalStraight = "straight" // only straight ahead
)

// Limits of a configured board: squares are bits of a uint64, and a stack
// (a height and one colour bit a piece) fits in a byte.
const (
	MaxSquares = 64
	MaxStack   = 7
)

var family = &games.Family{
	Name:    "nocca",
	Summary: "Nocca Nocca: pieces step onto each other in stacks and race into the goal beyond the far row",
	Params: []games.Param{
		{Key: "columns", Kind: games.Int, Default: 5, Min: 2, Max: 8,
			Doc: "squares across, columns a.."},
		{Key: "rows", Kind: games.Int, Default: 6, Min: 2, Max: 8,
			Doc: "squares from white's home row (row 1) to black's (the last row)"},
		{Key: "pieces", Kind: games.Int, Default: 0, Min: 0, Max: 8,
			Doc: "pieces a side, placed on its home row, centred; 0: one on every column; at most columns"},
		{Key: "stack", Kind: games.Int, Default: 3, Min: 1, Max: MaxStack,
			Doc: "the tallest stack: a piece may step only onto a square holding fewer pieces"},
		{Key: "goal", Kind: games.String, Default: GoalForward, Choices: []string{GoalForward, GoalStraight},
			Doc: "forward: a piece leaves the far row into the goal straight or diagonally forward (up to three goal moves a square); straight: straight ahead only (one)"},
		{Key: "repetition", Kind: games.Int, Default: 3, Min: 0, Max: 9,
			Doc: "the game is drawn when a position (board and side to move) occurs this often; 0: never (2..9 or 0)"},
		{Key: "first", Kind: games.String, Default: colourNames[White], Choices: []string{colourNames[White], colourNames[Black]},
			Doc: "the colour that moves first"},
	},
	New: func(v games.Values) (games.Game, error) { return New(v) },
}

func init() { games.Register(family) }

var (
	_ games.Game    = (*Game)(nil)
	_ games.State   = (*State)(nil)
	_ games.Perfter = (*State)(nil)
)

// Directions of a step, as (column, row) offsets; north is toward higher
// row numbers (white's forward). A Move holds the index.
var dirs = [8][2]int{
	{0, 1},   // N
	{1, 1},   // NE
	{1, 0},   // E
	{1, -1},  // SE
	{0, -1},  // S
	{-1, -1}, // SW
	{-1, 0},  // W
	{-1, 1},  // NW
}

// Game is one configured Nocca Nocca variant. It is immutable once built and
// may be shared by any number of states and goroutines.
type Game struct {
	cols, rows int
	squares    int
	pieces     int
	stack      int
	goal       string
	repetition int
	first      int // the colour that moves first

	step    [MaxSquares][8]int8   // the square a step from sq in direction d lands on; -1 off the board
	exits   [2][MaxSquares]uint8  // bit d: a step from sq in direction d enters colour c's goal
	nbr     [MaxSquares]uint64    // the squares around sq
	farRow  [2]uint64             // the row colour c enters its goal from: the opponent's home row
	homeRow [2]uint64             // colour c's home row
	start   []uint8               // the start stacks, by square
	zobrist [][MaxStack][2]uint64 // by square, level (0 bottom) and colour
	sideKey uint64                // xored in when black is to move
}

// New builds a game from rule values that passed the per-key checks (as
// games.Family.Build hands them over). It makes the cross-field checks and
// reports a failure as a *games.ParamError naming the key at fault.
func New(v games.Values) (*Game, error) {
	g := &Game{
		cols:       v.Int("columns"),
		rows:       v.Int("rows"),
		pieces:     v.Int("pieces"),
		stack:      v.Int("stack"),
		goal:       v.String("goal"),
		repetition: v.Int("repetition"),
	}
	switch {
	case g.cols < 2 || g.cols > 8:
		return nil, games.Errorf("columns", "%d is out of range 2..8", g.cols)
	case g.rows < 2 || g.rows > 8:
		return nil, games.Errorf("rows", "%d is out of range 2..8", g.rows)
	case g.pieces < 0 || g.pieces > 8:
		return nil, games.Errorf("pieces", "%d is out of range 0..8", g.pieces)
	case g.pieces > g.cols:
		return nil, games.Errorf("pieces", "%d pieces do not fit on a home row of %d columns (at most %d; 0 for one a column)", g.pieces, g.cols, g.cols)
	case g.stack < 1 || g.stack > MaxStack:
		return nil, games.Errorf("stack", "%d is out of range 1..%d", g.stack, MaxStack)
	case g.goal != GoalForward && g.goal != GoalStraight:
		return nil, games.Errorf("goal", "%q is not one of %s, %s", g.goal, GoalForward, GoalStraight)
	case g.repetition == 1:
		return nil, games.Errorf("repetition", "1 would end every game at once: a position counts the first time it occurs; want 2..9, or 0 for no draw by repetition")
	case g.repetition < 0 || g.repetition > 9:
		return nil, games.Errorf("repetition", "%d is out of range 0..9", g.repetition)
	}
	switch v.String("first") {
	case colourNames[White]:
		g.first = White
	case colourNames[Black]:
		g.first = Black
	default:
		return nil, games.Errorf("first", "%q is not one of white, black", v.String("first"))
	}
	if g.pieces == 0 {
		g.pieces = g.cols
	}
	g.squares = g.cols * g.rows
	g.buildGeometry()
	g.buildStart()
	g.buildZobrist()
	return g, nil
}

func (g *Game) buildGeometry() {
	for sq := range g.squares {
		c, r := sq%g.cols, sq/g.cols
		for d, dv := range dirs {
			tc, tr := c+dv[0], r+dv[1]
			g.step[sq][d] = -1
			switch {
			case tc < 0 || tc >= g.cols:
				// off a side edge: neither a square nor a goal
			case tr >= 0 && tr < g.rows:
				g.step[sq][d] = int8(tr*g.cols + tc)
				g.nbr[sq] |= 1 << (tr*g.cols + tc)
			case dv[0] != 0 && g.goal == GoalStraight:
				// a diagonal exit, not allowed
			case tr == g.rows:
				g.exits[White][sq] |= 1 << d
			case tr == -1:
				g.exits[Black][sq] |= 1 << d
			}
		}
	}
	for c := range g.cols {
		g.homeRow[White] |= 1 << c
		g.homeRow[Black] |= 1 << ((g.rows-1)*g.cols + c)
	}
	g.farRow[White], g.farRow[Black] = g.homeRow[Black], g.homeRow[White]
}

func (g *Game) buildStart() {
	g.start = make([]uint8, g.squares)
	for sq := range g.start {
		g.start[sq] = emptyStack
	}
	off := (g.cols - g.pieces) / 2
	for i := range g.pieces {
		g.start[off+i] = push(emptyStack, White)
		g.start[(g.rows-1)*g.cols+off+i] = push(emptyStack, Black)
	}
}

// zobristSeed fixes the hash keys: every run, every process, the same.
const zobristSeed = 0x6e6f636361 // "nocca"

func (g *Game) buildZobrist() {
	rng := rand.New(rand.NewPCG(zobristSeed, uint64(g.cols<<8|g.rows)))
	g.zobrist = make([][MaxStack][2]uint64, g.squares)
	for sq := range g.zobrist {
		for l := range MaxStack {
			g.zobrist[sq][l] = [2]uint64{rng.Uint64(), rng.Uint64()}
		}
	}
	g.sideKey = rng.Uint64()
}

// Family returns "nocca".
func (g *Game) Family() string { return family.Name }

// Type: two players, zero-sum, perfect information, returns in -1..1.
func (g *Game) Type() games.Type {
	return games.Type{Players: 2, Information: games.PerfectInformation, Utility: games.ZeroSum, MinReturn: -1, MaxReturn: 1}
}

// Params returns the effective rules, pieces as the number placed (never 0).
func (g *Game) Params() games.Values {
	return games.Values{
		"columns":    g.cols,
		"rows":       g.rows,
		"pieces":     g.pieces,
		"stack":      g.stack,
		"goal":       g.goal,
		"repetition": g.repetition,
		"first":      colourNames[g.first],
	}
}

// NewState returns the start position, the first colour to move.
func (g *Game) NewState() games.State { return g.newState() }

// ParseState reads a position string (see the package documentation).
func (g *Game) ParseState(pos string) (games.State, error) {
	s, err := g.parsePosition(pos)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Describe tells a generic client the geometry, the stacks and the move
// grammar.
func (g *Game) Describe() games.Description {
	st := g.newState()
	rep := "never"
	if g.repetition > 0 {
		rep = strconv.Itoa(g.repetition)
	}
	// The exits of white's middle square on the far row, as an example.
	from := (g.rows-1)*g.cols + g.cols/2
	var exits []string
	for d := range 8 {
		if g.exits[White][from]>>d&1 != 0 {
			exits = append(exits, g.formatMove(games.Move(from|d<<6)))
		}
	}
	// A step into the goal names the column it crosses, * being the row
	// beyond the board.
	goals := make([]string, g.cols)
	for c := range goals {
		goals[c] = string(rune('a'+c)) + "*"
	}
	return games.Description{
		Players: []string{colourNames[g.first], colourNames[1-g.first]},
		Dims:    []int{g.cols, g.rows},
		Coords:  []string{"letters", "numbers"},
		Stacks:  g.stack,
		Look:    &games.Look{Cells: "#e8cf9c", Lines: "#7a5a2f"},
		Phrases: []string{"reached-goal", "no-move", "repetition", "pieces-on-board"},
		Pieces:  g.discs(),
		Above:   "white's goal",
		Below:   "black's goal",
		Goals:   []games.Goal{{Edge: "above", Seat: White ^ g.first}, {Edge: "below", Seat: Black ^ g.first}},
		Grammar: games.Grammar{Forms: [][]games.MovePart{
			{{Kind: "from"}, {Kind: "word", Values: []string{"-"}}, {Kind: "to"}},
			{{Kind: "from"}, {Kind: "word", Values: []string{"-"}}, {Kind: "choice", Name: "goal", Values: goals}},
		}},
		Moves: fmt.Sprintf("the square of the moving stack's top piece, a hyphen, and the square it steps to, one step in any of 8 directions: b1-b2, b1-c2 "+
			"(columns a..%c, row 1 at the bottom: white's home row); a move into the goal from the far row names the column it crosses, "+
			"with * for the row beyond the board: from %s white has %s (black likewise from row 1); a square, a hyphen and goal is read as the straight one",
			'a'+g.cols-1, g.formatSquare(from), strings.Join(exits, ", ")),
		MoveExample: st.FormatMove(st.LegalMoves(nil)[0]),
		Extra: [][2]string{
			{"pieces", strconv.Itoa(g.pieces)},
			{"goal", g.goal},
			{"repetition", rep},
			{"first", colourNames[g.first]},
			{"home rows", fmt.Sprintf("white 1, black %d", g.rows)},
			{"stack letters", "w white, b black, bottom to top; a stack of two or more in parentheses: (wb)"},
		},
	}
}

// Columns is the number of squares across.
func (g *Game) Columns() int { return g.cols }

// Rows is the number of squares from white's home row to black's.
func (g *Game) Rows() int { return g.rows }

// Squares is columns x rows; square = row*Columns + column, 0-based, row 0
// being white's home row.
func (g *Game) Squares() int { return g.squares }

// Pieces is the number of pieces each side starts with.
func (g *Game) Pieces() int { return g.pieces }

// Stack is the tallest stack allowed.
func (g *Game) Stack() int { return g.stack }

// Goal is the rule "goal": GoalForward or GoalStraight.
func (g *Game) Goal() string { return g.goal }

// Repetition is the number of occurrences of a position that draws, 0 for
// none.
func (g *Game) Repetition() int { return g.repetition }

// First is the colour that moves first (White or Black); seat 0 plays it.
func (g *Game) First() int { return g.first }

// Seat returns the seat (0 moves first) that plays colour c.
func (g *Game) Seat(c int) int { return c ^ g.first }

// Neighbours returns the squares one step from sq, as a bit set.
func (g *Game) Neighbours(sq int) uint64 { return g.nbr[sq] }

// Step returns the square a step from sq in direction d (0 north, then
// clockwise: NE, E, SE, S, SW, W, NW) lands on, -1 when it leaves the board.
func (g *Game) Step(sq, d int) int { return int(g.step[sq][d]) }

// FarRow returns the row from which colour c enters its goal (the
// opponent's home row), as a bit set of squares.
func (g *Game) FarRow(c int) uint64 { return g.farRow[c] }

// HomeRow returns colour c's home row as a bit set of squares.
func (g *Game) HomeRow(c int) uint64 { return g.homeRow[c] }

// String names the variant by its rules, in the inline form.
func (g *Game) String() string {
	return fmt.Sprintf("nocca(columns=%d,rows=%d,pieces=%d,stack=%d,goal=%s,repetition=%d,first=%s)",
		g.cols, g.rows, g.pieces, g.stack, g.goal, g.repetition, colourNames[g.first])
}
