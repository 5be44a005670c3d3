package kinarow

import (
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

func TestParseMove(t *testing.T) {
	for _, tc := range []struct {
		spec   string
		played []string // moves made first
		in     string
		want   int // cell
		format string
	}{
		{"kinarow(dims=1,size=9,connect=3)", nil, "c", 2, "c"},
		{"kinarow(dims=1,size=9,connect=3)", nil, " I ", 8, "i"},
		{"tictactoe", nil, "a1", 0, "a1"},
		{"tictactoe", nil, "b3", 7, "b3"},
		{"tictactoe", nil, "C2", 5, "c2"},
		{"gomoku", nil, "h8", 7 + 7*15, "h8"},
		{"gomoku", nil, "o15", 224, "o15"},
		{"qubic", nil, "b3c", 1 + 2*4 + 2*16, "b3c"},
		{"qubic", nil, "D4D", 63, "d4d"},
		{"hypercube", nil, "b3c2", 1 + 2*4 + 2*16 + 1*64, "b3c2"},
		{"kinarow(dims=5,size=3,connect=3)", nil, "b3c2a", 1 + 2*3 + 2*9 + 1*27, "b3c2a"},
		{"kinarow(dims=6,size=2,connect=2)", nil, "b2b2b2", 63, "b2b2b2"},
		{"kinarow(dims=6,size=19x19x2x2x2x2,connect=19)", nil, "s19b2b2", 19*19*16 - 1, "s19b2b2"},
		{"kinarow(dims=6,size=19x19x2x2x2x2,connect=19)", nil, "a10a1a1", 9 * 19, "a10a1a1"},
		// Gravity: the short form lands on the lowest free cell; the full
		// form names the cell as written.
		{"connect4", nil, "d", 3, "d1"},
		{"connect4", []string{"d"}, "D", 3 + 7, "d2"},
		{"connect4", []string{"d", "d"}, "d1", 3, "d1"},
		{"connect4", nil, "d5", 3 + 4*7, "d5"},
		{"score4", nil, "b3", 1 + 2*4, "b3a"},
		{"score4", []string{"b3", "b3"}, "b3", 1 + 2*4 + 2*16, "b3c"},
		{"kinarow(dims=3,size=4x3x5,connect=3,gravity=1)", nil, "3c", 2*4 + 2*12, "a3c"},
		{"kinarow(dims=3,size=4x3x5,connect=3,gravity=1)", []string{"3c"}, "3c", 1 + 2*4 + 2*12, "b3c"},
		{"kinarow(dims=4,size=3x2x3x2,connect=2,gravity=3)", nil, "b2-2", 1 + 3 + 18, "b2a2"},
		{"kinarow(dims=4,size=3x2x3x2,connect=2,gravity=3)", []string{"b2-2"}, "B2-2", 1 + 3 + 6 + 18, "b2b2"},
		{"kinarow(dims=1,size=5,connect=2,gravity=1)", []string{"a"}, "b", 1, "b"},
	} {
		t.Run(tc.spec+"/"+tc.in, func(t *testing.T) {
			s := load(t, tc.spec).newState()
			for _, p := range tc.played {
				m, err := games.ParseLegal(s, p)
				if err != nil {
					t.Fatal(err)
				}
				s.Play(m)
			}
			m, err := s.ParseMove(tc.in)
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tc.in, err)
			}
			if int(m) != tc.want {
				t.Errorf("ParseMove(%q) = %d; want %d", tc.in, m, tc.want)
			}
			if f := s.FormatMove(m); f != tc.format {
				t.Errorf("FormatMove(%d) = %q; want %q", m, f, tc.format)
			}
		})
	}
}

func TestParseMoveErrors(t *testing.T) {
	for _, tc := range []struct {
		spec   string
		played []string
		in     string
		want   string // the whole message, or a part of it after "..."
	}{
		{"connect4", nil, "z9", `kinarow: move "z9": column z is off the board (a..g)`},
		{"connect4", nil, "d7", `kinarow: move "d7": row 7 is off the board (1..6)`},
		{"connect4", nil, "h", `kinarow: move "h": column h is off the board (a..g)`},
		{"connect4", []string{"d", "d", "d", "d", "d", "d"}, "d", `kinarow: move "d": that column is full`},
		{"connect4", nil, "dd", `kinarow: move "dd": want a cell like d1 (letter, number), or the column without its number coordinate, like d`},
		{"tictactoe", nil, "", `kinarow: empty move; want a cell like b2`},
		{"tictactoe", nil, "  ", `kinarow: empty move; want a cell like b2`},
		{"tictactoe", nil, "b", `kinarow: move "b": want a cell like b2 (letter, number)`},
		{"tictactoe", nil, "2b", `kinarow: move "2b": want a cell like b2 (letter, number)`},
		{"tictactoe", nil, "b2!", `kinarow: move "b2!": unexpected "!"; want a cell like b2 (letter, number)`},
		{"tictactoe", nil, "b-2", `...unexpected "-"`},
		{"tictactoe", nil, "b02", `kinarow: move "b02": bad number "02"`},
		{"tictactoe", nil, "b0", `kinarow: move "b0": row 0 is off the board (1..3)`},
		{"tictactoe", nil, "b123", `kinarow: move "b123": row 123 is off the board (1..3)`},
		{"tictactoe", nil, "b99999999999999999999", `...row 99999999999999999999 is off the board`},
		{"tictactoe", nil, "é", `...unexpected`},
		{"qubic", nil, "b3e", `kinarow: move "b3e": layer e is off the board (a..d)`},
		{"qubic", nil, "b3", `kinarow: move "b3": want a cell like c3c (letter, number, letter)`},
		{"hypercube", nil, "b3c5", `kinarow: move "b3c5": axis-4 coordinate 5 is off the board (1..4)`},
		{"hypercube", nil, "a1a1a1a", `kinarow: move "a1a1a1a": too many coordinates; want a cell like c3c3 (letter, number, letter, number)`},
		{"kinarow(dims=1,size=9,connect=3)", nil, "c1", `...want a cell like e (letter)`},
		{"kinarow(dims=4,size=3x2x3x2,connect=2,gravity=3)", nil, "b22", `...want a cell like b2a2`},
		{"score4", nil, "b", `...or the column without its letter coordinate, like c3`},
	} {
		t.Run(tc.spec+"/"+tc.in, func(t *testing.T) {
			s := load(t, tc.spec).newState()
			for _, p := range tc.played {
				m, err := games.ParseLegal(s, p)
				if err != nil {
					t.Fatal(err)
				}
				s.Play(m)
			}
			m, err := s.ParseMove(tc.in)
			if err == nil {
				t.Fatalf("ParseMove(%q) = %d; want an error", tc.in, m)
			}
			if m != games.NoMove {
				t.Errorf("ParseMove(%q) returned move %d with its error", tc.in, m)
			}
			got := err.Error()
			if part, ok := strings.CutPrefix(tc.want, "..."); ok {
				if !strings.Contains(got, part) {
					t.Errorf("ParseMove(%q) error %q; want it to contain %q", tc.in, got, part)
				}
			} else if got != tc.want {
				t.Errorf("ParseMove(%q) error\n%q; want\n%q", tc.in, got, tc.want)
			}
		})
	}
}

// TestFormatEveryCell checks that every cell formats and parses back, and
// that ParseLegal refuses a floating cell under gravity.
func TestFormatEveryCell(t *testing.T) {
	for _, spec := range []string{"tictactoe", "connect4", "gomoku", "qubic", "score4", "hypercube",
		"kinarow(dims=6,size=19x19x2x2x2x2,connect=19)", "kinarow(dims=5,size=3,connect=3)"} {
		t.Run(spec, func(t *testing.T) {
			s := load(t, spec).newState()
			for c := 0; c < s.g.Cells(); c++ {
				f := s.FormatMove(games.Move(c))
				m, err := s.ParseMove(f)
				if err != nil || int(m) != c {
					t.Fatalf("ParseMove(FormatMove(%d) = %q) = %d, %v", c, f, m, err)
				}
				if up, err := s.ParseMove(strings.ToUpper(f)); err != nil || up != m {
					t.Fatalf("ParseMove(%q) = %d, %v", strings.ToUpper(f), up, err)
				}
			}
		})
	}
	s := load(t, "connect4").newState()
	if _, err := games.ParseLegal(s, "d2"); err == nil {
		t.Error("ParseLegal(d2) on an empty Connect Four board: no error")
	}
	if got := s.FormatMove(games.NoMove); got == "" {
		t.Error("FormatMove(NoMove) is empty")
	}
}
