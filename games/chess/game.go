package chess

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// Seats: white moves first.
var seatNames = [2]string{"white", "black"}

// Starts: the standard array, or a Chess960 array by number.
const (
	Standard = "standard"
	Start960 = "960"
)

// StandardNumber is the number of the standard array (RNBQKBNR) in the
// Chess960 numbering.
const StandardNumber = 518

var family = &games.Family{
	Name:    "chess",
	Summary: "chess under the FIDE Laws, and Chess960 (Fischer Random Chess)",
	Params: []games.Param{
		{Key: "start", Kind: games.String, Default: Standard, Choices: []string{Standard, Start960},
			Doc: "standard: chess from the usual array, castling written e1g1; 960: Chess960, castling written king takes rook (e1h1)"},
		{Key: "number", Kind: games.Int, Default: StandardNumber, Min: 0, Max: 959,
			Doc: "the start array in the standard Chess960 numbering (518 is RNBQKBNR); other than 518 only with start = 960"},
	},
	New: func(v games.Values) (games.Game, error) { return New(v) },
}

func init() { games.Register(family) }

var (
	_ games.Game    = (*Game)(nil)
	_ games.State   = (*State)(nil)
	_ games.Perfter = (*State)(nil)
)

// Game is chess or one Chess960 start. It is immutable once built and may
// be shared by any number of states and goroutines.
type Game struct {
	start    string
	number   int
	chess960 bool
	array    [8]PieceType // the back rank from a to h
	startFEN string
	template *State // the start position, copied by NewState
}

// New builds a game from rule values that passed the per-key checks.
func New(v games.Values) (*Game, error) {
	start, number := v.String("start"), v.Int("number")
	switch {
	case start != Standard && start != Start960:
		return nil, games.Errorf("start", "%q is not one of %s, %s", start, Standard, Start960)
	case number < 0 || number > 959:
		return nil, games.Errorf("number", "%d is out of range 0..959", number)
	case start == Standard && number != StandardNumber:
		return nil, games.Errorf("number", "%d is a Chess960 array; the standard start is %d (set start = \"960\" for Chess960)", number, StandardNumber)
	}
	g := &Game{start: start, number: number, chess960: start == Start960, array: Chess960Array(number)}
	g.startFEN = startFEN(g.array)
	t, err := g.ParseFEN(g.startFEN)
	if err != nil {
		panic("chess: the start position does not parse: " + err.Error())
	}
	g.template = t
	return g, nil
}

// Chess960Array returns the back rank, files a to h, of start array n
// (0..959) in the standard numbering (Scharnagl's): n mod 4 places the
// light-squared bishop on b, d, f or h; the quotient's mod 4 the
// dark-squared one on a, c, e or g; the next quotient's mod 6 the queen on
// the first..sixth empty square; the last quotient (0..9) the two knights
// on a pair of the five squares left; the king goes between the two rooks
// on the last three. 518 is the standard RNBQKBNR, 0 is BBQNNRKR.
func Chess960Array(n int) [8]PieceType {
	var a [8]PieceType
	n %= 960
	a[n%4*2+1] = Bishop
	n /= 4
	a[n%4*2] = Bishop
	n /= 4
	place := func(k int, t PieceType) { // on the k-th empty file
		for f := range 8 {
			if a[f] == NoPieceType {
				if k == 0 {
					a[f] = t
					return
				}
				k--
			}
		}
	}
	place(n%6, Queen)
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	place(knights[1], Knight) // the later one first, so the earlier index still counts the same empties
	place(knights[0], Knight)
	place(0, Rook)
	place(0, King)
	place(0, Rook)
	return a
}

// startFEN writes the start position of a back-rank array.
func startFEN(a [8]PieceType) string {
	var w, b strings.Builder
	for _, t := range a {
		w.WriteByte(pieceChars[MakePiece(White, t)])
		b.WriteByte(pieceChars[MakePiece(Black, t)])
	}
	return b.String() + "/pppppppp/8/8/8/8/PPPPPPPP/" + w.String() + " w KQkq - 0 1"
}

// Family returns "chess".
func (g *Game) Family() string { return family.Name }

// Type: two players, zero-sum, perfect information, returns in -1..1.
func (g *Game) Type() games.Type {
	return games.Type{Players: 2, Information: games.PerfectInformation, Utility: games.ZeroSum, MinReturn: -1, MaxReturn: 1}
}

// Params returns the effective rules.
func (g *Game) Params() games.Values {
	return games.Values{"start": g.start, "number": g.number}
}

// NewState returns the start position, white to move.
func (g *Game) NewState() games.State { return g.NewChess() }

// NewChess is NewState as a *State.
func (g *Game) NewChess() *State {
	s := *g.template
	s.hist = make([]undo, 0, 64)
	return &s
}

// ParseState reads a position string: a FEN, with an optional seventh
// field, the repetition count (see the package documentation).
func (g *Game) ParseState(pos string) (games.State, error) {
	s, err := g.ParseFEN(pos)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Chess960 reports whether the game is Chess960 (castling written king
// takes rook, X-FEN castling letters).
func (g *Game) Chess960() bool { return g.chess960 }

// Number is the start array's number (518 for standard chess).
func (g *Game) Number() int { return g.number }

// StartFEN is the FEN of the start position.
func (g *Game) StartFEN() string { return g.startFEN }

// Describe tells a generic client the board and the move grammar.
func (g *Game) Describe() games.Description {
	castle := "castling is the king's two-square move, e1g1 or e1c1 (e8g8, e8c8)"
	if g.chess960 {
		castle = "castling is written king takes rook (e1h1, b1a1), as UCI_Chess960 engines write it"
	}
	s := g.NewChess()
	return games.Description{
		Players: []string{seatNames[0], seatNames[1]},
		Dims:    []int{8, 8},
		Coords:  []string{"letters", "numbers"},
		Pieces:  slices.Clone(pieces),
		Look:    &games.Look{Light: "#f0d9b5", Dark: "#b58863"},
		Phrases: []string{"checkmate", "stalemate", "fifty-move-rule", "threefold-repetition", "insufficient-material", "check"},
		Grammar: games.Grammar{Forms: [][]games.MovePart{
			{{Kind: "from"}, {Kind: "to"}, {Kind: "choice", Name: "promotion", Values: []string{"q", "r", "b", "n"}, Optional: true}},
		}},
		Moves: "UCI long algebraic: the from and to squares, files a..h, ranks 1..8 from white's side, " +
			"and a promotion letter q, r, b or n (e2e4, e7e8q); " + castle + "; SAN (Nf3, exd5, O-O, e8=Q) is read too",
		MoveExample: s.FormatMove(s.GenerateMoves(nil)[0]),
		Extra: [][2]string{
			{"start", g.start},
			{"number", fmt.Sprint(g.number)},
			{"fen", g.startFEN},
			{"pieces", "FEN letters: KQRBNP white, kqrbnp black"},
		},
	}
}

// String names the variant by its rules, in the inline form.
func (g *Game) String() string {
	if !g.chess960 {
		return "chess"
	}
	return fmt.Sprintf("chess(start=960,number=%d)", g.number)
}

// Zobrist keys, from a fixed-seed generator: the same in every run and
// every process.
var (
	zPiece  [16][64]uint64 // by Piece and square
	zCastle [16]uint64     // by the castling rights as a whole
	zEP     [8]uint64      // by the file of the en-passant square
	zSide   uint64         // black to move
)

func init() {
	rng := rand.New(rand.NewPCG(0x6368657373, 0x7a6f6272697374)) // "chess", "zobrist"
	for p := range zPiece {
		for sq := range zPiece[p] {
			zPiece[p][sq] = rng.Uint64()
		}
	}
	var bit [4]uint64
	for i := range bit {
		bit[i] = rng.Uint64()
	}
	for m := range zCastle {
		for i := range bit {
			if m>>i&1 != 0 {
				zCastle[m] ^= bit[i]
			}
		}
	}
	for f := range zEP {
		zEP[f] = rng.Uint64()
	}
	zSide = rng.Uint64()
}
