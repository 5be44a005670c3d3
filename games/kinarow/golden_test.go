package kinarow

import (
	"bytes"
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// playthroughs are short games, one per kind of board; the golden file
// shows the boards as a person sees them.
var playthroughs = []struct {
	spec   string
	moves  string
	boards string // "all": after every move; "end": the start and the end
}{
	{"tictactoe", "b2 a2 a1 c3 c1 b1 a3", "all"},
	{"connect4", "d d c c b b a", "all"},
	{"kinarow(dims=1,size=7,connect=3)", "d c e b f", "all"},
	{"qubic", "a1a a2a b2b a3a c3c a4a d4d", "end"},
	{"score4", "a1 b2 b2 c3 d4 c3 c3 d4 d4 a1 d4", "end"},
	{"hypercube", "a1a1 b1a1 b2b2 c1a1 c3c3 d1a1 d4d4", "end"},
	{"kinarow(size=3,connect=3)", "a1 b2 c3 a3 c1 b1 b3 c2 a2", "end"},
}

func TestGolden(t *testing.T) {
	var out bytes.Buffer
	out.WriteString("# Playthroughs drawn by State.String, made by golden_test.go (go test -update rewrites this).\n")
	for _, p := range playthroughs {
		g := load(t, p.spec)
		s := g.NewState()
		fmt.Fprintf(&out, "\n=== %s: %s\n\n%s", p.spec, p.moves, s)
		fields := strings.Fields(p.moves)
		for i, mv := range fields {
			m, err := games.ParseLegal(s, mv)
			if err != nil {
				t.Fatalf("%s: %v", p.spec, err)
			}
			s.Play(m)
			fmt.Fprintf(&out, "\n> %s (%s)   %s\n", mv, s.FormatMove(m), s.Position())
			if p.boards == "all" || i == len(fields)-1 {
				out.WriteString(s.String())
			}
		}
		fmt.Fprintf(&out, "returns %v\n", s.Returns())
	}
	gametest.Golden(t, "testdata/playthrough.golden", out.Bytes(), *update)
}
