package chess

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

// playthroughs are short games in SAN; the golden file shows each move in
// SAN and UCI, the position after it, and the boards as a person sees them.
var playthroughs = []struct {
	spec, fen, moves string
	boards           string // "all": after every move; "end": the start and the end
}{
	{"chess", "", operaGame, "end"},
	{"chess", "", "f3 e5 g4 Qh4#", "all"},
	{"chess960", "", "Nd3 Nd6 Ne3 Ne6 c3 c6 Qc2 Qc7 O-O-O O-O-O", "end"},
	{"chess", "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1", "c5 Ka6", "end"},   // bxc6 would expose the king: no en-passant square
	{"chess", "4k3/2p5/8/1P5r/K7/8/8/8 b - - 0 1", "c5 bxc6", "end"}, // en passant
	{"chess", "4k3/8/8/8/8/8/3r4/4K3 w - - 7 50", "Kxd2", "end"},
}

func TestGolden(t *testing.T) {
	var out bytes.Buffer
	out.WriteString("# Playthroughs drawn by State.String, made by golden_test.go (go test -update rewrites this).\n")
	for _, p := range playthroughs {
		g := load(t, p.spec)
		s := g.NewChess()
		if p.fen != "" {
			s = mustFEN(t, g, p.fen)
		}
		fmt.Fprintf(&out, "\n=== %s: %s\n\n%s", p.spec, p.moves, s)
		for _, mv := range strings.Fields(p.moves) {
			m, err := games.ParseLegal(s, mv)
			if err != nil {
				t.Fatalf("%s: %v", p.spec, err)
			}
			san, uci := s.SAN(m), s.FormatMove(m)
			s.Play(m)
			fmt.Fprintf(&out, "\n> %s (%s)   %s\n", san, uci, s.Position())
			if p.boards == "all" {
				out.WriteString(s.String())
			}
		}
		if p.boards != "all" {
			out.WriteString(s.String())
		}
		fmt.Fprintf(&out, "returns %v\n", s.Returns())
	}
	gametest.Golden(t, "testdata/playthrough.golden", out.Bytes(), *update)
}
