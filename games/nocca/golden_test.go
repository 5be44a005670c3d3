package nocca

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// playthroughs are short games; the golden file shows the boards, stacks
// and all, as a person sees them. Moves "random N" means: play seeded
// random legal moves (seed N) until the game ends.
var playthroughs = []struct {
	spec  string
	moves string
}{
	// A stack of three builds on b2; white reaches c3 and black covers it.
	{"nocca-3x3", "b1-b2 b3-b2 a1-b1 a3-b2 c1-c2 c3-b3 c2-c3 b3-c3 b1-c1 b2-a1 c1-b1 a1-a*"},
	// A cycle drawn by threefold repetition.
	{"nocca-3x3", "a1-a2 c3-c2 a2-a1 c2-c3 a1-a2 c3-c2 a2-a1 c2-c3"},
	{"nocca", "c1-c2 c6-c5 c2-c3 c5-c4 c3-c4 b6-b5 b1-c2 d6-d5 c2-c3"},
	{"nocca-4x3", "random 1"},
	{"nocca-4x4(first=black)", "random 2"},
}

func TestGolden(t *testing.T) {
	var out bytes.Buffer
	out.WriteString("# Playthroughs drawn by State.String, made by golden_test.go (go test -update rewrites this).\n")
	for _, p := range playthroughs {
		s := load(t, p.spec).newState()
		fmt.Fprintf(&out, "\n=== %s: %s\n\n%s", p.spec, p.moves, s)
		var seed uint64
		random, _ := fmt.Sscanf(p.moves, "random %d", &seed)
		rng := rand.New(rand.NewPCG(seed, 0))
		fields := strings.Fields(p.moves)
		for i := 0; s.Player() != games.Terminal; i++ {
			var m games.Move
			if random == 1 {
				moves := s.LegalMoves(nil)
				m = moves[rng.IntN(len(moves))]
			} else {
				if i == len(fields) {
					break
				}
				var err error
				if m, err = games.ParseLegal(s, fields[i]); err != nil {
					t.Fatalf("%s: %v", p.spec, err)
				}
			}
			s.Play(m)
			fmt.Fprintf(&out, "\n> %s   %s\n%s", s.FormatMove(m), s.Position(), s)
		}
		fmt.Fprintf(&out, "returns %v\n", s.Returns())
	}
	gametest.Golden(t, "testdata/playthrough.golden", out.Bytes(), *update)
}
