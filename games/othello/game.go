package othello

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/meeple-games/meeple/games"
)

// Seats: black moves first.
const (
	Black = 0
	White = 1
)

var seatNames = [2]string{"black", "white"}

// discChars are the position-string letters of black, white and empty, as
// in the FFO and Edax files.
const discChars = "XO-"

// Pass is the move of a side with no legal square. Squares are 0..size²-1.
const Pass games.Move = 256

// Starts: the standard crossed centre, or the two colours side by side.
const (
	Diagonal = "diagonal"
	Parallel = "parallel"
)

var family = &games.Family{
	Name:    "othello",
	Summary: "Othello (Reversi) on an even square board of 4x4 to 16x16",
	Params: []games.Param{
		{Key: "size", Kind: games.Int, Default: 8, Min: 4, Max: 16,
			Doc: "squares along each side; even"},
		{Key: "start", Kind: games.String, Default: Diagonal, Choices: []string{Diagonal, Parallel},
			Doc: "diagonal: the standard crossed centre (white d4 e5, black e4 d5 on 8x8); parallel: white d4 e4, black d5 e5"},
	},
	New: func(v games.Values) (games.Game, error) { return New(v) },
}

func init() { games.Register(family) }

var (
	_ games.Game    = (*Game)(nil)
	_ games.State   = (*State)(nil)
	_ games.Perfter = (*State)(nil)
)

// Game is one configured Othello variant. It is immutable once built and
// may be shared by any number of states and goroutines.
type Game struct {
	size  int
	start string
	wide  bool // size > 8: the 16x16 frame
	frame int  // 8 or 16: the frame's row length; bit = row*frame+col

	valid  uint64 // the board's squares in the 8x8 frame
	wvalid wide   // likewise in the 16x16 frame

	startDisc  [2]uint64
	wstartDisc [2]wide

	zobrist [2][]uint64 // by seat and frame bit
	zflip   []uint64    // zobrist[0][bit] ^ zobrist[1][bit]: a disc turned over
	sideKey uint64      // xored in when white is to move
}

// New builds a game from rule values that passed the per-key checks (as
// games.Family.Build hands them over), checking that the size is even.
func New(v games.Values) (*Game, error) {
	size := v.Int("size")
	start := v.String("start")
	if size < 4 || size > 16 {
		return nil, games.Errorf("size", "%d is out of range 4..16", size)
	}
	if size%2 != 0 {
		return nil, games.Errorf("size", "%d is odd; the board needs a centre of four squares (an even size 4..16)", size)
	}
	if start != Diagonal && start != Parallel {
		return nil, games.Errorf("start", "%q is not one of %s, %s", start, Diagonal, Parallel)
	}
	g := &Game{size: size, start: start, wide: size > 8, frame: 8}
	if g.wide {
		g.frame = 16
	}
	for sq := range size * size {
		b := g.bit(sq)
		if g.wide {
			g.wvalid.set(b)
		} else {
			g.valid |= 1 << b
		}
	}
	// The centre: c is the 0-based index of column d on 8x8.
	c := size/2 - 1
	var white, black [2]int // squares
	if start == Diagonal {
		white = [2]int{c*size + c, (c+1)*size + c + 1}
		black = [2]int{c*size + c + 1, (c+1)*size + c}
	} else {
		white = [2]int{c*size + c, c*size + c + 1}
		black = [2]int{(c+1)*size + c, (c+1)*size + c + 1}
	}
	for i := range 2 {
		g.setStart(Black, black[i])
		g.setStart(White, white[i])
	}
	rng := rand.New(rand.NewPCG(zobristSeed, uint64(size)))
	n := g.frame * g.frame
	g.zobrist = [2][]uint64{make([]uint64, n), make([]uint64, n)}
	g.zflip = make([]uint64, n)
	for b := range n {
		g.zobrist[0][b], g.zobrist[1][b] = rng.Uint64(), rng.Uint64()
		g.zflip[b] = g.zobrist[0][b] ^ g.zobrist[1][b]
	}
	g.sideKey = rng.Uint64()
	return g, nil
}

// zobristSeed fixes the hash keys: every run, every process, the same.
const zobristSeed = 0x6f7468656c6c6f // "othello"

func (g *Game) setStart(seat, sq int) {
	b := g.bit(sq)
	if g.wide {
		g.wstartDisc[seat].set(b)
	} else {
		g.startDisc[seat] |= 1 << b
	}
}

// bit maps a square (row*size+col) to its frame bit.
func (g *Game) bit(sq int) int { return sq/g.size*g.frame + sq%g.size }

// square maps a frame bit back to a square.
func (g *Game) square(b int) int { return b/g.frame*g.size + b%g.frame }

// Family returns "othello".
func (g *Game) Family() string { return family.Name }

// Type: two players, zero-sum, perfect information, returns in -1..1.
func (g *Game) Type() games.Type {
	return games.Type{Players: 2, Information: games.PerfectInformation, Utility: games.ZeroSum, MinReturn: -1, MaxReturn: 1}
}

// Params returns the effective rules.
func (g *Game) Params() games.Values {
	return games.Values{"size": g.size, "start": g.start}
}

// NewState returns the start position, black to move.
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
	return games.Description{
		Players:  []string{seatNames[0], seatNames[1]},
		Dims:     []int{g.size, g.size},
		Coords:   []string{"letters", "numbers"},
		RowsDown: true,
		Look:     &games.Look{Cells: "#2e8b57", Lines: "#123d22"},
		Phrases:  []string{"wins-discs", "draw-discs", "discs"},
		Pieces:   slices.Clone(pieces),
		Grammar: games.Grammar{Forms: [][]games.MovePart{
			{{Kind: "cell"}},
			{{Kind: "word", Values: []string{"pass"}}},
		}},
		Moves: fmt.Sprintf("a square: column a..%c (left to right) and row 1..%d (top to bottom), like f5; "+
			"pass when the side to move has no legal square", 'a'+g.size-1, g.size),
		MoveExample: g.newState().FormatMove(g.newState().LegalMoves(nil)[0]),
		Extra: [][2]string{
			{"rows", "numbered from the top (row 1 is the top row)"},
			{"start", g.start},
			{"scoring", "discs, empty squares to the winner"},
			{"discs", "X black, O white"},
		},
	}
}

// Size is the number of squares along a side.
func (g *Game) Size() int { return g.size }

// Squares is the number of squares; a Move below it is a square.
func (g *Game) Squares() int { return g.size * g.size }

// Start is the start-position rule: Diagonal or Parallel.
func (g *Game) Start() string { return g.start }

// Frame8 reports whether the board fits the 8x8 frame (size 4, 6 or 8),
// where State.Bits, Moves and Flips apply, and returns the mask of the
// board's squares in it.
func (g *Game) Frame8() (valid uint64, ok bool) { return g.valid, !g.wide }

// Bit maps a square (a Move below Squares) to its bit in the frame: row*8+col
// for sizes up to 8, row*16+col above.
func (g *Game) Bit(sq int) int { return g.bit(sq) }

// Square maps a frame bit back to its square (a Move).
func (g *Game) Square(bit int) int { return g.square(bit) }

// String names the variant by its rules, in the inline form.
func (g *Game) String() string {
	return fmt.Sprintf("othello(size=%d,start=%s)", g.size, g.start)
}
