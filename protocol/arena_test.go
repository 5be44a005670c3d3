package protocol

// Engines in other people's arenas: readyok means ready, a refused variant
// is never played as another, and every limit and report is what the
// client asked for.

import (
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// TestReadyMeansReady: once options and the variant are set and isready
// answered, go builds nothing: no searcher is built and no table of the
// size Hash asks for is allocated inside go, whatever the dialect and the
// player. Setting an option or the variant to its current value, or a new
// Seed, rebuilds nothing either. Checked by counting builds and bytes
// allocated, never by the clock.
func TestReadyMeansReady(t *testing.T) {
	const hashMB = 64
	// The most go nodes 1 may allocate: a fraction of one table.
	const maxAlloc = hashMB << 20 / 4
	hash := "setoption name Hash value " + strconv.Itoa(hashMB)
	tests := []struct {
		name, dialect string
		setup         []string // ends with isready (or its like)
		ready         string   // the reply to it
		again         []string // values equal to the current ones, and a new seed
		readyAgain    string
		search        []string
		done          string // the prefix of search's last line
	}{
		{"ugi othello", "ugi",
			[]string{"ugi", hash, "setoption name Seed value 7", "setoption name UGI_Variant value othello", "isready"}, "readyok",
			[]string{hash, "setoption name UGI_Variant value othello", "setoption name Seed value 8", "isready"}, "readyok",
			[]string{"position startpos", "go nodes 1"}, "bestmove"},
		{"ugi connect4", "ugi",
			[]string{"ugi", "setoption name UGI_Variant value connect4", hash, "isready"}, "readyok",
			[]string{"setoption name Algorithm value auto", "isready"}, "readyok",
			[]string{"position startpos moves d", "go nodes 1"}, "bestmove"},
		{"ugi nocca mcts", "ugi",
			[]string{"ugi", "setoption name UGI_Variant value nocca", "setoption name Algorithm value mcts", hash, "isready"}, "readyok",
			[]string{"setoption name Seed value 3", "setoption name Algorithm value MCTS", "isready"}, "readyok",
			[]string{"position startpos", "go nodes 1"}, "bestmove"},
		{"uci chess", "uci",
			[]string{"uci", hash, "setoption name UCI_Chess960 value false", "isready"}, "readyok",
			[]string{hash, "setoption name UCI_Chess960 value false", "isready"}, "readyok",
			[]string{"position startpos", "go nodes 1"}, "bestmove"},
		{"native qubic", "native",
			[]string{"newgame qubic", hash, "seed 5", "1 isready"}, "ok 1",
			[]string{hash, "setoption name SolveEmpties value 18", "seed 6", "2 isready"}, "ok 2",
			[]string{"go nodes 1"}, "ok"},
		{"nboard", "nboard",
			[]string{"nboard 2", "set depth 3", "ping 1"}, "pong 1",
			[]string{"set depth 3", "ping 2"}, "pong 2",
			[]string{"go"}, "==="},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var builds atomic.Int64
			p := startSession(t, Options{Dialect: tc.dialect, builds: &builds, hashMB: hashMB})
			p.send(tc.setup...)
			p.expect(tc.ready)
			if builds.Load() == 0 {
				t.Fatal("no searcher built before the search")
			}
			before := builds.Load()
			p.send(tc.again...)
			p.expect(tc.readyAgain)
			if n := builds.Load() - before; n != 0 {
				t.Errorf("%q rebuilt the searcher %d times", tc.again, n)
			}
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			p.send(tc.search...)
			seen := p.expect(tc.done)
			runtime.ReadMemStats(&m1)
			if n := builds.Load() - before; n != 0 {
				t.Errorf("%q built %d searchers: %q", tc.search, n, seen)
			}
			if a := m1.TotalAlloc - m0.TotalAlloc; a > maxAlloc {
				t.Errorf("%q allocated %d bytes (Hash is %d MB): a table built inside go", tc.search, a, hashMB)
			}
			p.wait()
		})
	}
}

// TestUGIRefusedVariant: after a refused UGI_Variant the engine plays no
// game at all: go answers bestmove 0000 and gameover true (each after an
// info line saying why) instead of playing the variant it had.
func TestUGIRefusedVariant(t *testing.T) {
	for _, bad := range []string{"conect4", "thegame", "kinarow(connect=9)", "nimtest(players=3)"} {
		t.Run(bad, func(t *testing.T) {
			p := startSession(t, Options{})
			p.send("ugi", "setoption name UGI_Variant value connect4", "setoption name UGI_Variant value "+bad, "isready")
			seen := p.expect("readyok")
			if !containsPrefix(seen, "info string error bad-variant") {
				t.Errorf("no error for %s: %q", bad, seen)
			}
			p.send("position startpos", "go movetime 50")
			seen = p.expect("bestmove")
			if got := seen[len(seen)-1]; got != "bestmove 0000" {
				t.Errorf("go after a refused variant: %q, want bestmove 0000", seen)
			}
			if len(seen) < 2 || !strings.HasPrefix(seen[len(seen)-2], "info string error bad-variant no game loaded") {
				t.Errorf("go after a refused variant: %q, want the reason first", seen)
			}
			for q, want := range map[string]string{"gameover": "response true", "p1turn": "response error", "result": "response error"} {
				p.send("query " + q)
				if seen := p.expect("response"); seen[len(seen)-1] != want {
					t.Errorf("query %s: %q, want %q", q, seen, want)
				}
			}
			// A variant that loads ends it.
			p.send("setoption name UGI_Variant value tictactoe", "position startpos", "go depth 1")
			if seen := p.expect("bestmove"); seen[len(seen)-1] == "bestmove 0000" {
				t.Errorf("after a good variant: %q", seen)
			}
			p.wait()
		})
	}
}

// lostPass is an Othello position where o, to move, must pass and loses
// (by 58 discs with perfect play; 11 squares are empty).
const lostPass = "XXXXXXXXXXXXXXXXXOXXOXOXXXOXXXOXXOOOOXXX---OOOXX---OOOOX----OOO- O"

// TestForcedPassScored: a forced pass is reported with the score of the
// position after it, not 0, by every searcher and dialect.
func TestForcedPassScored(t *testing.T) {
	for _, alg := range []string{"auto", "alphabeta", "mcts"} {
		for _, dialect := range []string{"ugi", "native"} {
			t.Run(dialect+" "+alg, func(t *testing.T) {
				p := startSession(t, Options{Dialect: dialect})
				switch dialect {
				case "ugi":
					p.send("ugi", "setoption name UGI_Variant value othello", "position fen "+lostPass)
				default:
					p.send("newgame othello", "position "+lostPass)
				}
				p.send("setoption name Algorithm value "+alg, "go depth 3 nodes 3000")
				seen := p.expect("bestmove")
				if got := seen[len(seen)-1]; got != "bestmove pass" {
					t.Fatalf("bestmove %q", got)
				}
				last := seen[len(seen)-2]
				f := strings.Fields(last)
				i := slicesIndex(f, "score")
				if i < 0 || i+2 >= len(f) {
					t.Fatalf("no score in %q", last)
				}
				v := f[i+1]
				if v == "cp" || v == "mate" {
					v = f[i+2]
				}
				if n, err := strconv.Atoi(v); err != nil || n >= 0 {
					t.Errorf("a lost forced pass scored %q: %q", v, last)
				}
				if pv := slicesIndex(f, "pv"); pv < 0 || pv+1 >= len(f) || f[pv+1] != "pass" {
					t.Errorf("the pv does not start with the pass: %q", last)
				}
				p.wait()
			})
		}
	}
}

func slicesIndex(f []string, w string) int {
	for i, x := range f {
		if x == w {
			return i
		}
	}
	return -1
}

// TestUCILastPVIsBestmove: with node limits that stop searches at every
// moment of an iteration, the last info line before bestmove always has a
// pv that starts with the bestmove (fastchess warns "Bestmove does not
// match beginning of last PV" otherwise), for every Algorithm.
func TestUCILastPVIsBestmove(t *testing.T) {
	c := meepleUCI(t)
	c.send("uci")
	c.expect("uciok", patience)
	positions := []string{
		"startpos",
		"startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
		"fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
		"fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
	}
	nodes := []int{1, 2, 5, 17, 40, 90, 150, 333, 700, 1500, 4000}
	algs := []string{"auto", "alphabeta", "mcts"}
	if testing.Short() {
		nodes = nodes[:5]
	}
	checked := 0
	for _, alg := range algs {
		c.send("setoption name Algorithm value " + alg)
		for _, pos := range positions {
			for _, n := range nodes {
				if alg == "mcts" && n > 400 {
					continue // chess roll-outs are long under -race
				}
				c.send("position "+pos, "go nodes "+strconv.Itoa(n))
				lines := c.expect("bestmove", patience)
				best := strings.Fields(lines[len(lines)-1])[1]
				last := ""
				for _, l := range lines {
					if strings.HasPrefix(l, "info ") && strings.Contains(l, " pv ") {
						last = l
					}
				}
				_, pv, _ := strings.Cut(last, " pv ")
				if first, _, _ := strings.Cut(pv, " "); first != best {
					t.Errorf("%s, %s, go nodes %d: bestmove %s, last pv %q", alg, pos, n, best, last)
				}
				checked++
			}
		}
	}
	t.Logf("%d searches: the last pv starts with the bestmove", checked)
}

// TestNBoardHintOwnPV: a hint's search lines carry the PV of the search
// that evaluated them, never the line an earlier, deeper search left in
// the table: no PV is longer than its depth.
func TestNBoardHintOwnPV(t *testing.T) {
	p := startSession(t, Options{Dialect: "nboard"})
	p.send("nboard 2", "set depth 5", "go")
	seen := p.expect("===")
	move, _, _ := strings.Cut(strings.TrimPrefix(seen[len(seen)-1], "=== "), "/")
	p.send("move "+move, "hint 3")
	lines := 0
	for _, l := range expectLine(p, "status") { // the end of the hint
		if f := strings.Fields(l); len(f) == 5 && f[0] == "search" {
			lines++
			if d, _ := strconv.Atoi(f[4]); len(strings.Split(f[1], "-")) > d {
				t.Errorf("a PV longer than its depth: %q", l)
			}
		}
	}
	if lines < 3 {
		t.Errorf("hint 3: %d search lines", lines)
	}
	p.send("set depth 65", "ping 2")
	if seen := expectLine(p, "pong 2"); !containsPrefix(seen, "status error syntax set depth 65: at most 64") {
		t.Errorf("set depth 65: %q", seen)
	}
	p.wait()
}
