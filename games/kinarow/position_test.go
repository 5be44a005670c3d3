package kinarow

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

var rows13 = strings.Repeat("/15", 13)

func TestParseState(t *testing.T) {
	for _, tc := range []struct {
		spec, pos string
		player    int // games.Terminal when over
		reason    string
		winner    int
	}{
		{"tictactoe", "3/3/3 x", 0, "", -1},
		{"tictactoe", "3/1x1/3 o", 1, "", -1},
		{"tictactoe", "xxx/oo1/3 o", games.Terminal, "x made 3 in a row", 0},
		{"tictactoe", "xox/xox/oxo o", games.Terminal, "board full, draw", -1},
		{"tictactoe", "x1o/xo1/o1x x", games.Terminal, "o made 3 in a row", 1},
		{"tictactoe", " 3/3/3 x\n", 0, "", -1},
		{"connect4", "7/7/7/7/7/3x3 o", 1, "", -1},
		{"connect4", "7/7/7/7/ooo4/xxxx3 o", games.Terminal, "x made 4 in a row", 0},
		{"qubic", "4/4/4/4//4/4/4/4//4/4/4/4//4/4/4/4 x", 0, "", -1},
		{"qubic", "4/4/4/x3//4/4/4/1x2//o3/4/4/2x1//o3/o3/4/3x o", games.Terminal, "x made 4 in a row", 0},
		{"hypercube", strings.Repeat("4/4/4/4//", 3) + "4/4/4/4///" + strings.Repeat(strings.Repeat("4/4/4/4//", 3)+"4/4/4/4///", 2) + strings.Repeat("4/4/4/4//", 3) + "4/4/4/4 x", 0, "", -1},
		{"kinarow(dims=1,size=9,connect=3)", "x1o1x1o2 x", 0, "", -1},
		{"kinarow(dims=1,size=9,connect=3)", "xxx1o1o2 o", games.Terminal, "x made 3 in a row", 0},
		// An overline wins in gomoku and not with exact.
		{"gomoku", "xxxxxx9/o1o1o1o1o6" + rows13 + " o", games.Terminal, "x made 5 in a row", 0},
		{"gomoku(exact=true)", "xxxxxx9/o1o1o1o1o6" + rows13 + " o", 1, "", -1},
		{"gomoku(exact=true)", "xxxxx1x8/o1o1o1o1o6" + rows13 + " o", games.Terminal, "x made exactly 5 in a row", 0},
	} {
		t.Run(tc.spec+"/"+tc.pos, func(t *testing.T) {
			g := load(t, tc.spec)
			st, err := g.ParseState(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			if got := s.Position(); got != strings.TrimSpace(tc.pos) {
				t.Errorf("Position() = %q; want %q", got, tc.pos)
			}
			if s.Player() != tc.player || s.EndReason() != tc.reason || s.Winner() != tc.winner {
				t.Errorf("player %d, reason %q, winner %d; want %d, %q, %d", s.Player(), s.EndReason(), s.Winner(), tc.player, tc.reason, tc.winner)
			}
			if s.Hash() != s.hashFromScratch() {
				t.Error("hash differs from the recomputed one")
			}
			if s.Player() == games.Terminal && len(s.LegalMoves(nil)) != 0 {
				t.Error("finished position has legal moves")
			}
			if s.Player() != games.Terminal && s.WinningLine() != -1 {
				t.Error("winning line in an unfinished game")
			}
		})
	}
}

func TestParseStateErrors(t *testing.T) {
	for _, tc := range []struct{ spec, pos, want string }{
		{"tictactoe", "", "want the cells, a space and the side to move"},
		{"tictactoe", "3/3/3", "want the cells, a space and the side to move"},
		{"tictactoe", "3/3/3 z", `side to move "z": want x or o`},
		{"tictactoe", "3/3/3  x", `side to move " x": want x or o`},
		{"tictactoe", "3/3/3 X", `side to move "X"`},
		{"tictactoe", "3/3 x", "2 rows; want 3"},
		{"tictactoe", "3/3/3/3 x", "more than 3 rows"},
		{"tictactoe", "3/3/3/ x", "more than 3 rows"},
		{"tictactoe", "4/3/3 x", "row 3 has more than 3 cells"},
		{"tictactoe", "3/2/3 x", "row 2 has 2 cells; want 3"},
		{"tictactoe", "3/3/ x", "row 1 has 0 cells; want 3"},
		{"tictactoe", "3//3/3 x", "2 slashes before row 2; want 1"},
		{"tictactoe", "3/3/0x2 x", `unexpected "0" in row 1`},
		{"tictactoe", "3/3/X2 x", `unexpected "X" in row 1`},
		{"tictactoe", "3/3/.x. x", `unexpected "." in row 1`},
		{"tictactoe", "99999999999999999999/3/3 x", "row 3 has more than 3 cells"},
		{"tictactoe", "x2/3/3 x", "x to move, but x has 1 stones and o 0, so o is to move"},
		{"tictactoe", "3/1o1/3 x", "x has 0 stones and o 1"},
		{"tictactoe", "xx1/3/3 o", "x has 2 stones and o 0"},
		{"tictactoe", "xxx/oo1/o2 x", "x has 3 in a row, so the game ended on its move, but x is to move"},
		{"tictactoe", "xxx/ooo/x2 o", "both x and o have 3 in a row"},
		{"kinarow(size=5,connect=3)", "xxx2/1o1o1/o3o/2o2/xxx2 o", "no single last move made them all"},
		{"qubic", "4/4/4/4//4/4/4/4//4/4/4/4 x", "12 rows; want 16"},
		{"qubic", "4/4/4/4/4/4/4/4//4/4/4/4//4/4/4/4 x", "1 slashes before row 4 of slice b; want 2"},
		{"connect4", "7/7/7/7/3x3/7 o", "the stone on d2 floats: d1 below it is empty (gravity along axis 2)"},
		{"connect4", "7/7/7/7/1ooo3/xxxxxo1 o", "no single last move made them all"},
		{"connect4", strings.Repeat("x", 1000) + " x", "row 6 has more than 7 cells"},
	} {
		t.Run(tc.spec+"/"+tc.pos, func(t *testing.T) {
			st, err := load(t, tc.spec).ParseState(tc.pos)
			if err == nil {
				t.Fatalf("ParseState(%q) = %q; want an error", tc.pos, st.Position())
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "kinarow: position ") {
				t.Errorf("ParseState(%q) error %q; want it to contain %q", tc.pos, err, tc.want)
			}
		})
	}
}

// TestParamErrors checks the cross-field rules through the loader: the
// error names the key at fault.
func TestParamErrors(t *testing.T) {
	for _, tc := range []struct{ spec, key, want string }{
		{"kinarow(connect=4)", "connect", "4 is longer than the longest side of the board (3)"},
		{"kinarow(size=7x6,connect=8)", "connect", "longest side of the board (7)"},
		{"kinarow(dims=3,size=4x4)", "size", "a list of 2 sizes on a board of 3 dims"},
		{"kinarow(size=4x4x4)", "size", "a list of 3 sizes on a board of 2 dims"},
		{"kinarow(gravity=3)", "gravity", "axis 3 does not exist on a board of 2 dims"},
		{"connect4(gravity=3)", "gravity", "axis 3"},
		{"kinarow(dims=6,size=19)", "size", "19x19x19x19x19x19 has 47045881 cells; at most 65536"},
		{"kinarow(dims=6,size=6,connect=2)", "connect", "lines of 2; at most 262144"},
		{"kinarow(dims=7)", "dims", "out of range 1..6"},
		{"kinarow(size=1)", "size", "out of range 2..19"},
		{"kinarow(connect=0)", "connect", "out of range 1..19"},
		{"kinarow(conect=3)", "conect", `did you mean "connect"`},
		{"kinarow(exact=maybe)", "exact", "want true or false"},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			_, err := games.LoadVariant(tc.spec)
			var ve *games.VariantError
			if !errors.As(err, &ve) {
				t.Fatalf("LoadVariant(%q) = %v; want a *games.VariantError", tc.spec, err)
			}
			if ve.Key != tc.key || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("LoadVariant(%q): key %q, %q; want key %q, %q", tc.spec, ve.Key, err, tc.key, tc.want)
			}
		})
	}
}

// TestVariantFile checks that a file's cross-field error names its line.
func TestVariantFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.toml")
	text := "game = \"kinarow\"\nname = \"big\"\n\n[rules]\nsize = 3\nconnect = 5\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := games.LoadVariant(path)
	var ve *games.VariantError
	if !errors.As(err, &ve) || ve.Key != "connect" || ve.Line != 6 {
		t.Fatalf("LoadVariant: %v; want key connect on line 6", err)
	}
}

func TestDescribe(t *testing.T) {
	for _, tc := range []struct {
		spec, example string
		coords        string
		extra         string
	}{
		{"tictactoe", "b2", "letters numbers", "[[connect 3] [gravity none] [exact false] [lines 8]]"},
		{"connect4", "d1", "letters numbers", "[[connect 4] [gravity 2] [exact false] [lines 69]]"},
		{"score4", "c3a", "letters numbers letters", "[[connect 4] [gravity 3] [exact false] [lines 76]]"},
		{"hypercube", "c3c3", "letters numbers letters numbers", "[[connect 4] [gravity none] [exact false] [lines 520]]"},
		{"gomoku", "h8", "letters numbers", "[[connect 5] [gravity none] [exact false] [lines 572]]"},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			g := load(t, tc.spec)
			d := g.Describe()
			if d.MoveExample != tc.example {
				t.Errorf("MoveExample = %q; want %q", d.MoveExample, tc.example)
			}
			if _, err := games.ParseLegal(g.NewState(), d.MoveExample); err != nil {
				t.Errorf("MoveExample: %v", err)
			}
			if got := strings.Join(d.Coords, " "); got != tc.coords {
				t.Errorf("Coords = %q; want %q", got, tc.coords)
			}
			if got := strings.Join(strings.Fields(strings.Trim(strings.ReplaceAll(fmtExtra(d.Extra), "\n", " "), " ")), " "); got != tc.extra {
				t.Errorf("Extra = %s; want %s", got, tc.extra)
			}
			if len(d.Dims) != len(d.Coords) || d.Moves == "" || len(d.Players) != 2 {
				t.Errorf("Describe() = %+v", d)
			}
		})
	}
}

func fmtExtra(e [][2]string) string {
	var parts []string
	for _, kv := range e {
		parts = append(parts, "["+kv[0]+" "+kv[1]+"]")
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func TestParams(t *testing.T) {
	for _, tc := range []struct{ spec, size string }{
		{"tictactoe", "3"},
		{"connect4", "7x6"},
		{"kinarow(dims=3,size=4x4x4)", "4"},
	} {
		v := load(t, tc.spec).Params()
		if got := games.Format(v["size"]); got != tc.size {
			t.Errorf("%s: size = %s; want %s", tc.spec, got, tc.size)
		}
		if len(v) != 5 {
			t.Errorf("%s: Params() has %d keys; want 5", tc.spec, len(v))
		}
	}
}
