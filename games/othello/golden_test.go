package othello

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

// playthroughs are short games; the golden file shows the boards as a
// person sees them. Moves "first" means: play the first legal move (in
// LegalMoves order) until the game ends, as the source article's CPU does.
var playthroughs = []struct {
	spec   string
	moves  string
	boards string // "all": after every move; "end": the start and the end
}{
	{"othello", "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7", "all"}, // the tiger
	{"othello-4x4", "first", "all"},
	{"othello-6x6", "first", "end"},
	{"othello(start=parallel)", "first", "end"},
	{"othello-10x10", "first", "end"},
}

func TestGolden(t *testing.T) {
	var out bytes.Buffer
	out.WriteString("# Playthroughs drawn by State.String, made by golden_test.go (go test -update rewrites this).\n")
	for _, p := range playthroughs {
		g := load(t, p.spec)
		s := g.newState()
		fmt.Fprintf(&out, "\n=== %s: %s\n\n%s", p.spec, p.moves, s)
		fields := strings.Fields(p.moves)
		for i := 0; s.Player() != games.Terminal; i++ {
			var m games.Move
			switch {
			case p.moves == "first":
				m = s.LegalMoves(nil)[0]
			case i < len(fields):
				var err error
				if m, err = games.ParseLegal(s, fields[i]); err != nil {
					t.Fatalf("%s: %v", p.spec, err)
				}
			}
			if p.moves != "first" && i == len(fields) {
				break
			}
			s.Play(m)
			fmt.Fprintf(&out, "\n> %s   %s\n", s.FormatMove(m), s.Position())
			if p.boards == "all" || s.Player() == games.Terminal || p.moves != "first" && i == len(fields)-1 {
				out.WriteString(s.String())
			}
		}
		fmt.Fprintf(&out, "returns %v\n", s.Returns())
	}
	gametest.Golden(t, "testdata/playthrough.golden", out.Bytes(), *update)
}
