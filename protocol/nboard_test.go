package protocol

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/othello"
)

func TestNBoardPicked(t *testing.T) {
	for _, tc := range []struct {
		name, input string
		o           Options
	}{
		{"first line", "nboard 2\nset depth 1\ngo\nquit\n", Options{}},
		{"first line after comments", "# NBoard\n\nnboard 2\nset depth 1\ngo\nquit\n", Options{}},
		{"flag", "set depth 1\ngo\nquit\n", Options{Dialect: "nboard"}},
		{"from chess", "nboard 2\nset depth 1\ngo\nquit\n", Options{Variant: "chess"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := run(t, tc.input, tc.o)
			i := slices.IndexFunc(out, func(l string) bool { return strings.HasPrefix(l, "=== ") })
			if i < 0 {
				t.Fatalf("no === line in %q", out)
			}
			// The 8x8 start: the four moves are equivalent.
			if mv, _, _ := strings.Cut(out[i][4:], "/"); !slices.Contains([]string{"d3", "c4", "f5", "e6"}, mv) {
				t.Errorf("go answered %q at the 8x8 start", out[i])
			}
		})
	}
}

// An initial Othello variant of another size is kept.
func TestNBoardKeepsOthelloVariant(t *testing.T) {
	out := run(t, "nboard 2\nset depth 1\ngo\n", Options{Variant: "othello-6x6"})
	if !slices.ContainsFunc(out, func(l string) bool { return strings.HasPrefix(l, "=== c2/") }) {
		t.Errorf("6x6: want === c2/..., have %q", out)
	}
}

// ping stops a running search: its lines, ending with the move, come
// before the pong.
func TestNBoardPingStopsSearch(t *testing.T) {
	for _, cmd := range []string{"go", "hint 5"} {
		t.Run(cmd, func(t *testing.T) {
			p := startSession(t, Options{Dialect: "nboard"})
			p.send("nboard 2", "set depth 60", "set game (;GM[Othello]TY[8]B[F5]W[D6];)", cmd)
			p.expect("status meeple is thinking")
			time.Sleep(20 * time.Millisecond) // let it get going; not needed for correctness
			p.send("ping 7")
			seen := p.expect("pong 7")
			end := "status"
			if cmd == "go" {
				end = "=== "
			}
			if len(seen) < 2 || !strings.HasPrefix(seen[len(seen)-2], end) {
				t.Errorf("want %q right before pong 7, have %q", end, seen)
			}
			// The session goes on.
			p.send("set depth 1", "go")
			p.expect("=== ")
			if err := p.wait(); err != nil {
				t.Fatalf("Run: %v", err)
			}
		})
	}
}

// A new position stops a running search too.
func TestNBoardMoveStopsSearch(t *testing.T) {
	p := startSession(t, Options{Dialect: "nboard"})
	p.send("nboard 2", "set depth 60", "go")
	p.expect("status meeple is thinking")
	p.send("move f5", "ping 1")
	seen := p.expect("pong 1")
	if !slices.ContainsFunc(seen, func(l string) bool { return strings.HasPrefix(l, "=== ") }) {
		t.Errorf("the search's === did not come before pong: %q", seen)
	}
	p.send("set depth 1", "go")
	seen = p.expect("=== ")
	if mv := seen[len(seen)-1]; !strings.HasPrefix(mv, "=== d6/") && !strings.HasPrefix(mv, "=== f6/") && !strings.HasPrefix(mv, "=== f4/") {
		t.Errorf("after f5: %q", mv)
	}
	if err := p.wait(); err != nil {
		t.Fatalf("Run: %v", err)
	}
}

// TestNBoardGames plays seeded random games on several sizes, sets each
// position as NBoard would (the GGF of the game so far, or a move), and
// checks every answer: go's move is legal, its eval a number; hint n
// evaluates min(n, legal moves) different moves, each PV legal.
func TestNBoardGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	rounds := 3
	if testing.Short() {
		rounds = 1
	}
	// Not 10x10: the exact solver from 18 empty squares takes seconds a
	// position there (nboard_sizes covers a 10x10 opening).
	for _, size := range []int{4, 6, 8} {
		t.Run(fmt.Sprintf("%dx%d", size, size), func(t *testing.T) {
			g, err := othello.New(games.Values{"size": size, "start": othello.Diagonal})
			if err != nil {
				t.Fatal(err)
			}
			p := startSession(t, Options{Dialect: "nboard"})
			p.send("nboard 2", "set depth 2")
			p.expect("set myname")
			for game := range rounds {
				st := g.NewState().(*othello.State)
				rec := &othello.GGFGame{Size: size, Start: st.Position(), Black: "b", White: "w"}
				for ply := 0; st.Player() != games.Terminal; ply++ {
					if ply == 0 || ply%5 == game%5 {
						p.send("set game " + rec.String())
					}
					p.send(fmt.Sprintf("ping %d", ply))
					p.expect(fmt.Sprintf("pong %d", ply))
					if ply%3 == 0 {
						n := 1 + rng.IntN(4)
						p.send(fmt.Sprintf("hint %d", n))
						checkHint(t, st, n, expectLine(p, "status"))
					} else {
						p.send("go")
						checkGo(t, st, p.expect("=== "))
					}
					moves := st.LegalMoves(nil)
					m := moves[rng.IntN(len(moves))]
					p.send("move " + strings.ToUpper(st.FormatMove(m)) + "/0.5/1")
					rec.Moves = append(rec.Moves, othello.GGFMove{Player: st.ToMove(), Move: m})
					st.Play(m)
				}
				p.send("go", "ping end")
				if seen := p.expect("pong end"); !slices.ContainsFunc(seen, func(l string) bool { return strings.HasPrefix(l, "status error game-over") }) {
					t.Errorf("go at the end: %q", seen)
				}
			}
			if err := p.wait(); err != nil {
				t.Fatalf("Run: %v", err)
			}
		})
	}
}

// expectLine reads lines until one is line, and returns the lines read.
func expectLine(p *pipeSession, line string) []string {
	p.t.Helper()
	var seen []string
	for {
		seen = append(seen, p.expect(line)...)
		if seen[len(seen)-1] == line {
			return seen
		}
	}
}

// nboardPV reads a search line's PV and checks it is legal from st.
func nboardPV(t *testing.T, st *othello.State, line string) []games.Move {
	t.Helper()
	f := strings.Fields(line)
	if len(f) != 5 || f[0] != "search" || f[3] != "0" {
		t.Fatalf("malformed search line %q", line)
	}
	if _, err := strconv.ParseFloat(f[2], 64); err != nil {
		t.Errorf("%q: eval %q", line, f[2])
	}
	if d, err := strconv.Atoi(f[4]); err != nil || d < 1 {
		t.Errorf("%q: depth %q", line, f[4])
	}
	c := st.Clone()
	var pv []games.Move
	for _, mv := range strings.Split(f[1], "-") {
		m, err := games.ParseLegal(c, mv)
		if err != nil {
			t.Fatalf("%q in %s: %v", line, st.Position(), err)
		}
		c.Play(m)
		pv = append(pv, m)
	}
	return pv
}

func checkGo(t *testing.T, st *othello.State, seen []string) {
	t.Helper()
	for _, l := range seen {
		if strings.HasPrefix(l, "search ") {
			nboardPV(t, st, l)
		}
	}
	last := seen[len(seen)-1]
	f := strings.Split(strings.TrimPrefix(last, "=== "), "/")
	if len(f) != 3 {
		t.Fatalf("%q: want === move/eval/time", last)
	}
	if _, err := games.ParseLegal(st, f[0]); err != nil {
		t.Errorf("%q in %s: %v", last, st.Position(), err)
	}
	for _, x := range f[1:] {
		if _, err := strconv.ParseFloat(x, 64); err != nil {
			t.Errorf("%q: %v", last, err)
		}
	}
	if len(seen) < 3 || !strings.HasPrefix(seen[len(seen)-3], "nodestats ") || seen[len(seen)-2] != "status" {
		t.Errorf("want nodestats, status, === at the end: %q", seen)
	}
}

func checkHint(t *testing.T, st *othello.State, n int, seen []string) {
	t.Helper()
	first := map[games.Move]bool{}
	for _, l := range seen {
		if strings.HasPrefix(l, "search ") {
			first[nboardPV(t, st, l)[0]] = true
		}
	}
	if want := min(n, len(st.LegalMoves(nil))); len(first) < want {
		t.Errorf("hint %d in %s: %d moves evaluated, want at least %d: %q", n, st.Position(), len(first), want, seen)
	}
}

// FuzzNBoard: no input makes the nboard dialect panic, hang, report an
// internal error or write a line that is not NBoard protocol.
func FuzzNBoard(f *testing.F) {
	fuzzSeeds(f, "nboard_*.in", "nboard 2\nset game (;GM[Othello]TY[4];)\nhint 9\nmove PA\nf5\nping\n")
	f.Fuzz(func(t *testing.T, input string) {
		out, ok := fuzzRun(t, input, "nboard")
		if !ok {
			return
		}
		noInternalError(t, out)
		words := []string{"set", "status", "search", "nodestats", "===", "pong", "learned"}
		for _, l := range out {
			if w, _, _ := strings.Cut(l, " "); !slices.Contains(words, w) {
				t.Errorf("not NBoard protocol: %q", l)
			}
		}
	})
}
