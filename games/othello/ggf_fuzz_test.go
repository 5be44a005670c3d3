package othello

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzGGF: ParseGGF never panics, its errors carry the prefix, and a
// record it accepts writes back (String) to one that reads as the same
// game and replays (Final) without error.
func FuzzGGF(f *testing.F) {
	for _, s := range []string{
		nboardGGF,
		"(;;)",
		" ( ; GM[othello]\n TY[8]\tB[f5//1.2] W[d6/-0.5] B[C3/2/0.25] ; ) \n",
		"(;TY[s10r20];)",
		"(;BO[4 ---- -O*- -*O- ---- O];)",
		`(;PB[a\]b\\c]RB[1837.5]C[x]C[y];)`,
		game4x4 + "B[PA]W[a2]B[pass]W[c4];)",
		game4x4 + "W[a2]W[c4];)",
		"(;TY[16]B[h7];)",
		"(;GM[Othello]", "(;B[f5/1/2/3];)", "(;BO[8];)", "(;TY[10]BO[8 ---------------------------O*------*O--------------------------- *];)",
		"", "(", "(;", "(;B[", `(;B[\`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		g, err := ParseGGF(in)
		if err != nil {
			if g != nil || !strings.HasPrefix(err.Error(), "othello: ggf: ") {
				t.Fatalf("ParseGGF(%q) = %v, %q", in, g, err)
			}
			return
		}
		if _, err := g.Final(); err != nil {
			t.Fatalf("ParseGGF(%q) accepted a game that does not replay: %v", in, err)
		}
		text := g.String()
		back, err := ParseGGF(text)
		if err != nil {
			t.Fatalf("ParseGGF(%q) writes %q, which does not read back: %v", in, text, err)
		}
		if !reflect.DeepEqual(back, g) {
			t.Fatalf("ParseGGF(%q) writes %q, which reads back as %+v, not %+v", in, text, back, g)
		}
		if back.String() != text {
			t.Fatalf("%q writes back as %q", text, back.String())
		}
	})
}
