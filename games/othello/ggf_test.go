package othello

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// nboardGGF is the game of the example session in NBoard's protocol
// document (NBoard.zip, orbanova.com): what NBoard sends with "set game".
const nboardGGF = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]" +
	"BO[8 ---------------------------O*------*O--------------------------- *]" +
	"B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)"

func TestParseGGFNBoard(t *testing.T) {
	g, err := ParseGGF(nboardGGF)
	if err != nil {
		t.Fatal(err)
	}
	want := &GGFGame{
		Size: 8, Type: "8",
		Start:  "---------------------------OX------XO--------------------------- X",
		Black:  "./mEdax",
		White:  "chris",
		Result: "?", Place: "NBoard", Date: "2014-02-21 20:52:27 GMT", Time: "15:00",
	}
	for i, sq := range []string{"f5", "f6", "d3", "c5", "e6", "f7", "e7", "f4"} {
		m, err := load(t, "othello").parseMove(sq)
		if err != nil {
			t.Fatal(err)
		}
		want.Moves = append(want.Moves, GGFMove{Player: i % 2, Move: m})
	}
	if !reflect.DeepEqual(g, want) {
		t.Fatalf("ParseGGF = %+v\nwant %+v", g, want)
	}
	if got := g.String(); got != nboardGGF {
		t.Errorf("String =\n%s\nwant\n%s", got, nboardGGF)
	}
	st, err := g.Final()
	if err != nil {
		t.Fatal(err)
	}
	// The same moves through the game's own notation.
	ref := load(t, "othello").newState()
	for _, mv := range []string{"f5", "f6", "d3", "c5", "e6", "f7", "e7", "f4"} {
		m, err := games.ParseLegal(ref, mv)
		if err != nil {
			t.Fatal(err)
		}
		ref.Play(m)
	}
	if st.Position() != ref.Position() {
		t.Errorf("Final = %s, want %s", st.Position(), ref.Position())
	}
}

// game4x4 is a 4x4 game up to its first pass (a seeded random playout):
// black passes twice, before W[A2] and before W[C4], and loses 1-15.
const game4x4 = "(;TY[4]B[D3]W[B4]B[A1]W[D1]B[D2]W[B1]B[A3]W[A4]B[C1]W[D4]"

func checkGame4x4(t *testing.T, g *GGFGame) {
	t.Helper()
	if len(g.Moves) != 14 || g.Moves[10] != (GGFMove{Player: Black, Move: Pass}) || g.Moves[12] != (GGFMove{Player: Black, Move: Pass}) {
		t.Errorf("moves %+v: want 14 with black's passes 11th and 13th", g.Moves)
	}
	st, err := g.Final()
	if err != nil {
		t.Fatal(err)
	}
	if st.Position() != "XXXOOOOOOOOOOOOO X" || st.Player() != games.Terminal {
		t.Errorf("Final = %s, over %v", st.Position(), st.Player() == games.Terminal)
	}
}

func TestParseGGF(t *testing.T) {
	start8 := "---------------------------OX------XO--------------------------- X"
	tests := []struct {
		name, in string
		check    func(t *testing.T, g *GGFGame)
	}{
		{"minimal", "(;;)", func(t *testing.T, g *GGFGame) {
			if g.Size != 8 || g.Type != "8" || g.Start != start8 || len(g.Moves) != 0 {
				t.Errorf("got %+v", g)
			}
		}},
		{"white space, lower case, eval and time", " ( ; GM[othello]\n TY[8]\tB[f5//1.2] W[d6/-0.5] B[C3/2/0.25] ; ) \n", func(t *testing.T, g *GGFGame) {
			want := []GGFMove{
				{Player: Black, Move: 4*8 + 5, Time: 1.2, HasTime: true},
				{Player: White, Move: 5*8 + 3, Eval: -0.5, HasEval: true},
				{Player: Black, Move: 2*8 + 2, Eval: 2, HasEval: true, Time: 0.25, HasTime: true},
			}
			if !reflect.DeepEqual(g.Moves, want) {
				t.Errorf("moves %+v, want %+v", g.Moves, want)
			}
		}},
		{"TY gives the size", "(;TY[s10r20];)", func(t *testing.T, g *GGFGame) {
			if g.Size != 10 || g.Type != "s10r20" || len(g.Start) != 102 {
				t.Errorf("got %+v", g)
			}
		}},
		{"BO gives the size, rows may be apart", "(;BO[4 ---- -O*- -*O- ---- O];)", func(t *testing.T, g *GGFGame) {
			if g.Size != 4 || g.Type != "4" || g.Start != "-----OX--XO----- O" {
				t.Errorf("got %+v", g)
			}
		}},
		{"escapes and other properties", `(;PB[a\]b\\c]RB[1837.5]C[x]C[y];)`, func(t *testing.T, g *GGFGame) {
			want := []GGFProperty{{"RB", "1837.5"}, {"C", "x"}, {"C", "y"}}
			if g.Black != `a]b\c` || !reflect.DeepEqual(g.Other, want) {
				t.Errorf("got %+v", g)
			}
		}},
		{"passes as PA and pass", game4x4 + "B[PA]W[a2]B[pass]W[c4];)", func(t *testing.T, g *GGFGame) {
			checkGame4x4(t, g)
		}},
		{"passes left out are added", game4x4 + "W[a2]W[c4];)", func(t *testing.T, g *GGFGame) {
			checkGame4x4(t, g)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := ParseGGF(tc.in)
			if tc.check == nil {
				if err == nil {
					t.Fatalf("ParseGGF(%q) = %+v, want an error", tc.in, g)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseGGF(%q): %v", tc.in, err)
			}
			tc.check(t, g)
			back, err := ParseGGF(g.String())
			if err != nil || !reflect.DeepEqual(back, g) {
				t.Errorf("%s does not read back: %+v, %v", g, back, err)
			}
		})
	}
}

// TestParseGGFPasses plays seeded random games on every size, writes each
// as GGF with and without its passes, and reads them back.
func TestParseGGFPasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	passes := 0
	for size := 4; size <= 16; size += 2 {
		g := load(t, fmt.Sprintf("othello(size=%d)", size))
		for game := range 4 {
			st := g.newState()
			rec := &GGFGame{Size: size, Type: fmt.Sprint(size), Start: st.Position(), Black: "b", White: "w"}
			var short strings.Builder // the moves without passes
			for st.Player() != games.Terminal {
				moves := st.LegalMoves(nil)
				m := moves[rng.IntN(len(moves))]
				gm := GGFMove{Player: st.ToMove(), Move: m}
				if game%2 == 0 {
					gm.Eval, gm.HasEval = float64(rng.IntN(200)-100)/8, true
				}
				rec.Moves = append(rec.Moves, gm)
				if m == Pass {
					passes++
				} else {
					fmt.Fprintf(&short, "%c[%s]", "BW"[st.ToMove()], strings.ToLower(ggfSquare(m, size)))
				}
				st.Play(m)
			}
			rec.Result = fmt.Sprintf("%+d.00", st.Score(Black))
			text := rec.String()
			back, err := ParseGGF(text)
			if err != nil {
				t.Fatalf("%dx%d: ParseGGF(%s): %v", size, size, text, err)
			}
			if !reflect.DeepEqual(back, rec) {
				t.Fatalf("%dx%d: %s reads back as\n%s", size, size, text, back)
			}
			fin, err := back.Final()
			if err != nil || fin.Position() != st.Position() {
				t.Fatalf("%dx%d: Final = %v, %v; want %s", size, size, fin, err, st.Position())
			}
			noPass, err := ParseGGF("(;TY[" + fmt.Sprint(size) + "]" + short.String() + ";)")
			if err != nil {
				t.Fatalf("%dx%d without passes: %v", size, size, err)
			}
			if len(noPass.Moves) != len(rec.Moves) {
				t.Fatalf("%dx%d without passes: %d moves, want %d", size, size, len(noPass.Moves), len(rec.Moves))
			}
			for i, m := range noPass.Moves {
				if m.Move != rec.Moves[i].Move || m.Player != rec.Moves[i].Player {
					t.Fatalf("%dx%d without passes: move %d is %+v, want %+v", size, size, i+1, m, rec.Moves[i])
				}
			}
		}
	}
	if passes == 0 {
		t.Fatal("no game had a pass; the test proves nothing about them")
	}
}

func TestParseGGFErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "want the start of a game"},
		{"GM[Othello]", "want the start of a game"},
		{"(;GM[Othello]", "the game does not end"},
		{"(;GM[Othello", "the value does not end"},
		{"(;GM[Othello];)(;;)", "text after the end of the game"},
		{"(;gm[Othello];)", `unexpected "g"`},
		{"(;GM Othello;)", "want [ after the name"},
		{"(;GM[Chess];)", "not an Othello game"},
		{"(;PB[a]PB[b];)", "property PB given twice"},
		{"(;TY[x];)", "TY[x]: no board size"},
		{"(;TY[7];)", "board size 7"},
		{"(;TY[18];)", "board size 18"},
		{"(;TY[10]BO[8 ---------------------------O*------*O--------------------------- *];)", "TY[10] is a 10x10 board but BO is 8x8"},
		{"(;BO[8];)", "want the size, the squares and the side to move"},
		{"(;BO[8 ---- *];)", "4 squares; want 64"},
		{"(;BO[4 -----O*--*O----- X];)", `side to move "X"`},
		{"(;BO[4 -----O*--.O----- *];)", `unexpected "."`},
		{"(;BO[4 ---------------- *];)", "centre square"},
		{"(;B[i9];)", "off the board"},
		{"(;B[f5/x];)", `eval "x" is not a number`},
		{"(;B[f5/1/NaN];)", `time "NaN" is not a number`},
		{"(;B[f5/1/2/3];)", "want move/eval/time"},
		{"(;W[f5];)", "black is to move"},
		{"(;B[a1];)", "not a legal move for black"},
		{"(;B[PA];)", "not a legal move for black"},
		{"(;BO[4 XXXX OOOO OOXX O--- *];)", `unexpected "X"`},
		{game4x4 + "B[a2];)", "not a legal move for black"},
	}
	for _, tc := range tests {
		g, err := ParseGGF(tc.in)
		if err == nil {
			t.Errorf("ParseGGF(%q) = %s, want an error with %q", tc.in, g, tc.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), "othello: ggf: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseGGF(%q): %q, want an error with %q", tc.in, err, tc.want)
		}
	}
	// A move after the end.
	if _, err := ParseGGF(game4x4 + "W[a2]W[c4]B[b2];)"); err == nil || !strings.Contains(err.Error(), "move 13 (B[b2]): the game is already over") {
		t.Errorf("a move after the end: %v", err)
	}
}

func TestGGFFinalChecks(t *testing.T) {
	g, err := ParseGGF(nboardGGF)
	if err != nil {
		t.Fatal(err)
	}
	g.Moves[3].Player = Black
	if _, err := g.Final(); err == nil || !strings.Contains(err.Error(), "move 4 (B[C5])") {
		t.Errorf("Final with a move of the wrong colour: %v", err)
	}
	g.Size = 9
	if _, err := g.StartState(); err == nil {
		t.Error("StartState on a 9x9 board: no error")
	}
}

// Reading an NBoard game, then writing it back with the engine's move.
func ExampleParseGGF() {
	g, err := ParseGGF("(;GM[Othello]PB[nboard]PW[meeple]TY[8]" +
		"BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[d6//0.5];)")
	if err != nil {
		panic(err)
	}
	st, _ := g.Final()
	fmt.Println(g.Size, g.Black, len(g.Moves), st.Position())
	g.Moves = append(g.Moves, GGFMove{Player: Black, Move: 2*8 + 2, Eval: 1.5, HasEval: true})
	fmt.Println(g)
	// Output:
	// 8 nboard 2 ---------------------------OX------OXX-----O-------------------- X
	// (;GM[Othello]PB[nboard]PW[meeple]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6//0.5]B[C3/1.5];)
}
