package protocol

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
)

// stockfishPath is where Debian's stockfish package puts the engine.
const stockfishPath = "/usr/games/stockfish"

// peersEnv, when set, turns a missing peer engine (Stockfish) from a skip
// into a failure (CI sets it where it installs them).
const peersEnv = "MEEPLE_REQUIRE_PEERS"

// stockfish returns the path of Stockfish, or skips the test.
func stockfish(t *testing.T) string {
	t.Helper()
	path := stockfishPath
	if _, err := os.Stat(path); err != nil {
		if p, err := exec.LookPath("stockfish"); err == nil {
			return p
		}
		if os.Getenv(peersEnv) != "" {
			t.Fatalf("%s is set and Stockfish is not installed (apt-get install stockfish)", peersEnv)
		}
		t.Skip("Stockfish is not installed (apt-get install stockfish)")
	}
	return path
}

// uciConn is one end of a UCI conversation for the compliance checks:
// meeple's session in-process, or an engine process.
type uciConn struct {
	t     *testing.T
	in    io.Writer
	lines <-chan string
	// strict holds meeple to what UCI leaves open (bestmove 0000 with no
	// legal move, where Stockfish prints "bestmove (none)").
	strict bool
}

// meepleUCI is meeple's uci dialect over pipes (protocol.Run in-process).
func meepleUCI(t *testing.T) *uciConn {
	p := startSession(t, Options{Dialect: "uci"})
	return &uciConn{t: t, in: p.in, lines: p.lines, strict: true}
}

// processUCI starts an engine process with a deadline; the cleanup sends
// quit, closes its input and reads its exit status.
func processUCI(t *testing.T, path string) *uciConn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	cmd := exec.CommandContext(ctx, path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 4096)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	t.Cleanup(func() {
		io.WriteString(in, "quit\n")
		in.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("%s: %v", path, err)
		}
		cancel()
	})
	return &uciConn{t: t, in: in, lines: lines}
}

func (c *uciConn) send(lines ...string) {
	c.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(c.in, l+"\n"); err != nil {
			c.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// expect reads lines until one starts with prefix, within d, and returns
// the lines read.
func (c *uciConn) expect(prefix string, d time.Duration) []string {
	c.t.Helper()
	var seen []string
	timeout := time.After(d)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("output ended before %q; saw %q", prefix, seen)
			}
			seen = append(seen, l)
			if strings.HasPrefix(l, prefix) {
				return seen
			}
		case <-timeout:
			c.t.Fatalf("no %q within %v; saw %q", prefix, d, seen)
		}
	}
}

// quiet checks that no line starting with prefix comes within d.
func (c *uciConn) quiet(prefix string, d time.Duration) []string {
	c.t.Helper()
	var seen []string
	timeout := time.After(d)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("output ended; saw %q", seen)
			}
			seen = append(seen, l)
			if strings.HasPrefix(l, prefix) {
				c.t.Fatalf("%q came too early: %q", prefix, seen)
			}
		case <-timeout:
			return seen
		}
	}
}

// ready sends isready and waits for readyok.
func (c *uciConn) ready() {
	c.t.Helper()
	c.send("isready")
	c.expect("readyok", patience)
}

// chessAt is the position a UCI position command sets up, for checking
// an engine's moves.
func chessAt(t *testing.T, fen string, moves []string) games.State {
	t.Helper()
	v, err := games.LoadVariant("chess")
	if err != nil {
		t.Fatal(err)
	}
	st := v.Game.NewState()
	if fen != "" {
		if st, err = v.Game.ParseState(fen); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range moves {
		mv, err := games.ParseLegal(st, m)
		if err != nil {
			t.Fatalf("setting up %q %v: %v", fen, moves, err)
		}
		st.Play(mv)
	}
	return st
}

// uciIntKeys are the info keys UCI follows with one integer.
var uciIntKeys = map[string]bool{"depth": true, "seldepth": true, "multipv": true, "nodes": true,
	"nps": true, "time": true, "hashfull": true, "tbhits": true, "sbhits": true, "cpuload": true,
	"currmovenumber": true}

// checkInfo checks an info line as fastchess and python-chess read it:
// integers where UCI has them, a score of cp or mate with an integer,
// currmove and pv legal in st. It returns whether the line has a pv.
func checkInfo(t *testing.T, line string, st games.State) {
	t.Helper()
	f := strings.Fields(line)[1:]
	for i := 0; i < len(f); i++ {
		k := f[i]
		switch {
		case k == "string":
			return
		case uciIntKeys[k]:
			if i+1 >= len(f) {
				t.Errorf("%q: %s without a value", line, k)
				return
			}
			if _, err := strconv.ParseInt(f[i+1], 10, 64); err != nil {
				t.Errorf("%q: %s %q is not an integer", line, k, f[i+1])
			}
			i++
		case k == "score":
			if i+2 >= len(f) || f[i+1] != "cp" && f[i+1] != "mate" {
				t.Errorf("%q: score without cp or mate", line)
				return
			}
			if _, err := strconv.Atoi(f[i+2]); err != nil {
				t.Errorf("%q: score %s %q is not an integer", line, f[i+1], f[i+2])
			}
			i += 2
			if i+1 < len(f) && (f[i+1] == "lowerbound" || f[i+1] == "upperbound") {
				i++
			}
		case k == "currmove":
			if i+1 >= len(f) {
				t.Errorf("%q: currmove without a move", line)
				return
			}
			if _, err := games.ParseLegal(st, f[i+1]); err != nil {
				t.Errorf("%q: currmove: %v", line, err)
			}
			i++
		case k == "pv":
			c := st.Clone()
			for _, m := range f[i+1:] {
				mv, err := games.ParseLegal(c, m)
				if err != nil {
					t.Errorf("%q: pv: %v", line, err)
					return
				}
				c.Play(mv)
			}
			return
		case k == "wdl":
			i += 3
		default:
			t.Errorf("%q: unknown info key %q", line, k)
			return
		}
	}
}

// checkSearch checks a search's output: integer info fields, at least one
// info line before bestmove (fastchess's compliance asks for it), and a
// legal bestmove.
func checkSearch(t *testing.T, lines []string, st games.State) string {
	t.Helper()
	infos := 0
	for _, l := range lines[:len(lines)-1] {
		if strings.HasPrefix(l, "info ") {
			infos++
			checkInfo(t, l, st)
		}
	}
	last := strings.Fields(lines[len(lines)-1])
	if len(last) < 2 {
		t.Fatalf("%q: bestmove without a move", lines[len(lines)-1])
	}
	if infos == 0 {
		t.Errorf("no info line before %q", lines[len(lines)-1])
	}
	if _, err := games.ParseLegal(st, last[1]); err != nil {
		t.Errorf("bestmove %s: %v", last[1], err)
	}
	if len(last) >= 4 && last[2] == "ponder" {
		c := st.Clone()
		mv, _ := games.ParseLegal(c, last[1])
		c.Play(mv)
		if _, err := games.ParseLegal(c, last[3]); err != nil {
			t.Errorf("ponder %s: %v", last[3], err)
		}
	}
	return last[1]
}

// stopWithin is how soon bestmove must follow stop: generous for a loaded
// machine and the race detector, short beside the searches stopped.
const stopWithin = 3 * time.Second

// compliance runs the checks of fastchess's --compliance, and more: the
// handshake, isready, ucinewgame, both position forms, every go form,
// stop mid-search, ponder and ponderhit, integer info fields, legal moves.
func compliance(t *testing.T, c *uciConn) {
	const slow = 10 * time.Second // a search that should end by itself
	c.send("uci")
	hello := c.expect("uciok", patience)
	if !slices.ContainsFunc(hello, func(l string) bool { return strings.HasPrefix(l, "id name ") }) {
		t.Errorf("no id name in %q", hello)
	}
	for _, l := range hello {
		if strings.HasPrefix(l, "option ") {
			if !strings.HasPrefix(l, "option name ") || !strings.Contains(l, " type ") {
				t.Errorf("option line %q has no name or type", l)
			}
		}
	}
	c.ready()
	c.send("ucinewgame")
	c.ready()
	c.send("position startpos")
	c.ready()
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
	c.send("position fen " + fen)
	c.ready()

	positions := []struct {
		cmd   string
		fen   string
		moves []string
	}{
		{"position startpos", "", nil},
		{"position startpos moves e2e4", "", []string{"e2e4"}},
		{"position fen " + fen, fen, nil},
		{"position fen " + fen + " moves f1b5 a7a6", fen, []string{"f1b5", "a7a6"}},
	}
	gos := []string{
		"go wtime 100",
		"go btime 100",
		"go wtime 100 winc 100 btime 100 binc 100",
		"go btime 100 binc 100 wtime 100 winc 100",
		"go wtime 2000 btime 2000 movestogo 20",
		"go wtime 1000 btime 1000 winc 10 binc 10 movestogo 1",
		"go depth 3",
		"go nodes 5000",
		"go movetime 50",
		"go depth 2 movetime 5000",
	}
	for _, p := range positions {
		st := chessAt(t, p.fen, p.moves)
		for _, g := range gos {
			t.Run(p.cmd+"/"+g, func(t *testing.T) {
				c.t = t
				c.send(p.cmd, g)
				checkSearch(t, c.expect("bestmove", slow), st)
			})
		}
	}
	c.t = t

	st := chessAt(t, "", []string{"e2e4"})
	t.Run("infinite+stop", func(t *testing.T) {
		c.t = t
		c.send("position startpos moves e2e4", "go infinite")
		early := c.quiet("bestmove", 200*time.Millisecond)
		c.send("isready") // at any time, even mid-search
		early = append(early, c.expect("readyok", patience)...)
		c.send("stop")
		lines := c.expect("bestmove", stopWithin)
		checkSearch(t, append(early, lines...), st)
	})
	t.Run("stop mid-search", func(t *testing.T) {
		c.t = t
		c.send("position startpos moves e2e4", "go movetime 60000")
		early := c.quiet("bestmove", 100*time.Millisecond)
		c.send("stop") // promptly: well within the minute asked for
		lines := c.expect("bestmove", stopWithin)
		checkSearch(t, append(early, lines...), st)
	})
	t.Run("ponder+ponderhit", func(t *testing.T) {
		c.t = t
		c.send("position startpos moves e2e4", "go ponder wtime 1000 btime 1000")
		early := c.quiet("bestmove", 100*time.Millisecond)
		c.send("ponderhit")
		checkSearch(t, append(early, c.expect("bestmove", slow)...), st)
	})
	t.Run("ponder+stop", func(t *testing.T) {
		c.t = t
		c.send("position startpos moves e2e4", "go ponder wtime 1000 btime 1000")
		early := c.quiet("bestmove", 100*time.Millisecond)
		c.send("stop")
		checkSearch(t, append(early, c.expect("bestmove", stopWithin)...), st)
	})
	t.Run("searchmoves", func(t *testing.T) {
		c.t = t
		c.send("position startpos", "go depth 3 searchmoves a2a3 h2h3")
		lines := c.expect("bestmove", slow)
		if m := checkSearch(t, lines, chessAt(t, "", nil)); m != "a2a3" && m != "h2h3" {
			t.Errorf("go searchmoves a2a3 h2h3: bestmove %s", m)
		}
	})
	t.Run("mate in one", func(t *testing.T) {
		c.t = t
		const mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
		c.send("position fen "+mate, "go depth 4")
		lines := c.expect("bestmove", slow)
		if m := checkSearch(t, lines, chessAt(t, mate, nil)); m != "a1a8" {
			t.Errorf("mate in one: bestmove %s", m)
		}
		if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "score mate 1 ") }) {
			t.Errorf("mate in one: no score mate 1 in %q", lines)
		}
	})
	t.Run("threefold repetition", func(t *testing.T) {
		c.t = t
		moves := []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}
		c.send("position startpos moves "+strings.Join(moves, " "), "go depth 2")
		checkSearch(t, c.expect("bestmove", slow), chessAt(t, "", nil))
	})
	t.Run("fifty-move rule", func(t *testing.T) {
		c.t = t
		const fifty = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"
		c.send("position fen "+fifty+" moves a1a2", "go depth 2")
		checkSearch(t, c.expect("bestmove", slow), chessAt(t, "4k3/8/8/8/8/8/R7/4K3 b - - 99 80", nil))
	})
	if c.strict {
		t.Run("no legal move", func(t *testing.T) {
			c.t = t
			c.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8", "go depth 3")
			if l := c.expect("bestmove", slow); l[len(l)-1] != "bestmove 0000" {
				t.Errorf("checkmated: %q", l)
			}
		})
	}
	c.t = t
	c.ready()
}

// TestUCICompliance runs the compliance checks against meeple's uci
// dialect in-process.
func TestUCICompliance(t *testing.T) {
	compliance(t, meepleUCI(t))
}

// TestUCIComplianceStockfish runs the same checks against Stockfish, a
// check of the checks.
func TestUCIComplianceStockfish(t *testing.T) {
	if testing.Short() {
		t.Skip("it checks the checks on Stockfish, not meeple: the default run has it")
	}
	compliance(t, processUCI(t, stockfish(t)))
}

// TestUCIStockfishAgrees compares meeple's go perft and d with
// Stockfish's on a few positions, Chess960 included.
func TestUCIStockfishAgrees(t *testing.T) {
	sf := processUCI(t, stockfish(t))
	me := meepleUCI(t)
	for _, c := range []*uciConn{sf, me} {
		c.send("uci")
		c.expect("uciok", patience)
	}
	for _, tt := range []struct {
		chess960 bool
		position string
		depth    int
	}{
		{false, "position startpos", 3},
		{false, "position startpos moves e2e4 d7d5 e4e5 f7f5", 2},
		{false, "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2},
		{true, "position fen 1k6/8/8/8/8/8/8/RK5R w HA - 0 1", 2},
		{true, "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 2},
	} {
		var outs [2][]string
		for i, c := range []*uciConn{sf, me} {
			c.send("setoption name UCI_Chess960 value "+strconv.FormatBool(tt.chess960), tt.position,
				"go perft "+strconv.Itoa(tt.depth))
			lines := c.expect("Nodes searched:", patience)
			c.send("d")
			d := c.expect("Checkers:", patience)
			slices.Sort(lines)
			for _, l := range d {
				if strings.HasPrefix(l, "Fen: ") || strings.HasPrefix(l, "Checkers:") {
					lines = append(lines, l)
				}
			}
			outs[i] = lines
		}
		if !slices.Equal(outs[0], outs[1]) {
			t.Errorf("%s: perft %d and d differ\nstockfish: %q\nmeeple:    %q", tt.position, tt.depth, outs[0], outs[1])
		}
	}
}

// TestUCIQuitDuringSearch: quit stops a running search, prints its
// bestmove and ends the session.
func TestUCIQuitDuringSearch(t *testing.T) {
	p := startSession(t, Options{Dialect: "uci"})
	p.send("position startpos", "go infinite", "quit")
	p.expect("bestmove")
	if err := p.wait(); err != nil {
		t.Fatal(err)
	}
}

// TestUCISkillLevel: a low Skill Level caps the nodes of a search.
func TestUCISkillLevel(t *testing.T) {
	c := meepleUCI(t)
	c.send("uci")
	c.expect("uciok", patience)
	c.send("setoption name Skill Level value 0", "position startpos", "go depth 30")
	lines := c.expect("bestmove", patience)
	checkSearch(t, lines, chessAt(t, "", nil))
	for _, l := range lines {
		f := strings.Fields(l)
		if i := slices.Index(f, "nodes"); i >= 0 && i+1 < len(f) {
			if n, _ := strconv.ParseInt(f[i+1], 10, 64); n > skillNodes(0)+1000 {
				t.Errorf("Skill Level 0: %q", l)
			}
		}
	}
}

// TestUCISearchMoves: searchmoves restricts the search itself, not only
// the answer, with every Algorithm: with the mate in one left out, no info
// line has it or its score, and every line carries hashfull.
func TestUCISearchMoves(t *testing.T) {
	c := meepleUCI(t)
	c.send("uci")
	c.expect("uciok", patience)
	const mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" // a1a8 mates
	for _, alg := range []string{"alphabeta", "mcts", "random", "auto"} {
		// A node budget keeps MCTS's chess roll-outs short under -race.
		c.send("setoption name Algorithm value "+alg, "position fen "+mate, "go depth 5 nodes 2000 searchmoves a1a2 g1f1")
		lines := c.expect("bestmove", patience)
		if m := checkSearch(t, lines, chessAt(t, mate, nil)); m != "a1a2" && m != "g1f1" {
			t.Errorf("%s: searchmoves a1a2 g1f1: bestmove %s", alg, m)
		}
		for _, l := range lines[:len(lines)-1] {
			f := strings.Fields(l)
			pv := slices.Index(f, "pv")
			if pv < 0 || pv+1 >= len(f) || f[pv+1] != "a1a2" && f[pv+1] != "g1f1" || strings.Contains(l, " score mate ") {
				t.Errorf("%s: searchmoves a1a2 g1f1: %q", alg, l)
			}
			if hf := slices.Index(f, "hashfull"); hf < 0 || hf > pv {
				t.Errorf("%s: no hashfull before the pv: %q", alg, l)
			}
		}
	}
	// Without searchmoves the mate is found again.
	c.send("go depth 3")
	if m := checkSearch(t, c.expect("bestmove", patience), chessAt(t, mate, nil)); m != "a1a8" {
		t.Errorf("go depth 3: bestmove %s, want a1a8", m)
	}
}

// TestUCIMoveOverhead: the option is listed with Stockfish's range, and a
// clock at or below it gets a legal move at once.
func TestUCIMoveOverhead(t *testing.T) {
	c := meepleUCI(t)
	c.send("uci")
	hello := c.expect("uciok", patience)
	if !slices.Contains(hello, "option name Move Overhead type spin default 30 min 0 max 5000") {
		t.Errorf("no Move Overhead in %q", hello)
	}
	for _, v := range []string{"0", "1000"} {
		c.send("setoption name Move Overhead value "+v, "position startpos", "go wtime 500 btime 500 winc 10 binc 10")
		checkSearch(t, c.expect("bestmove", patience), chessAt(t, "", nil))
	}
}

// TestUCIAutoDetect: a first line uci selects the dialect, from any
// initial variant.
func TestUCIAutoDetect(t *testing.T) {
	out := run(t, "uci\nposition startpos moves e2e4\nd\n", Options{Variant: "connect4"})
	if !slices.Contains(out, "uciok") ||
		!slices.Contains(out, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1") {
		t.Errorf("uci from connect4: %q", out)
	}
	out = run(t, "uci\nposition startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1\nd\n", Options{Variant: "chess960"})
	if !slices.Contains(out, "option name UCI_Chess960 type check default true") ||
		!slices.Contains(out, "Fen: r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha - 5 4") {
		t.Errorf("uci from chess960: %q", out)
	}
}

// FuzzUCI feeds arbitrary input to a uci session: no panic, no hang, no
// internal error.
func FuzzUCI(f *testing.F) {
	fuzzSeeds(f, "uci_*.in",
		"uci\nposition startpos moves e2e4\ngo depth 1 searchmoves e7e5\nponderhit\ngo ponder movetime 5\nponderhit\nstop\n",
		"position fen 8/8/8/8/8/8/8/K1k5 w - -\ngo mate 2\nd\ngo perft 1\n")
	f.Fuzz(func(t *testing.T, input string) {
		if out, ok := fuzzRun(t, input, "uci"); ok {
			noInternalError(t, out)
		}
	})
}
