package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/meeple-games/meeple/games/gametest/nimtest" // the test-only games nimtest and brokentest
)

// patience bounds every wait in these tests. It is generous: the tests
// check that things happen, never how fast.
const patience = 30 * time.Second

// session is a Run over pipes for interactive tests.
type pipeSession struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func startSession(t *testing.T, o Options) *pipeSession {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &pipeSession{t: t, in: inW, lines: make(chan string, 1024), done: make(chan error, 1)}
	go func() {
		err := Run(context.Background(), inR, outW, o)
		outW.Close()
		p.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return p
}

func (p *pipeSession) send(lines ...string) {
	p.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(p.in, l+"\n"); err != nil {
			p.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// expect reads lines until one has the prefix, and returns the lines read.
func (p *pipeSession) expect(prefix string) []string {
	p.t.Helper()
	var seen []string
	timeout := time.After(patience)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("output ended before %q; saw %q", prefix, seen)
			}
			seen = append(seen, l)
			if strings.HasPrefix(l, prefix) {
				return seen
			}
		case <-timeout:
			p.t.Fatalf("no %q within %v; saw %q", prefix, patience, seen)
		}
	}
}

// wait closes the input and waits for Run's result.
func (p *pipeSession) wait() error {
	p.t.Helper()
	p.in.Close()
	select {
	case err := <-p.done:
		return err
	case <-time.After(patience):
		p.t.Fatalf("Run did not return within %v", patience)
	}
	return nil
}

func TestStopEndsInfiniteSearch(t *testing.T) {
	for _, dialect := range []string{"native", "ugi"} {
		t.Run(dialect, func(t *testing.T) {
			p := startSession(t, Options{Dialect: dialect})
			p.send("go infinite")
			time.Sleep(20 * time.Millisecond) // let it get going; not needed for correctness
			p.send("stop")
			p.expect("bestmove ")
			if err := p.wait(); err != nil {
				t.Fatalf("Run: %v", err)
			}
		})
	}
}

func TestIsReadyDuringSearch(t *testing.T) {
	p := startSession(t, Options{})
	p.send("1 go infinite", "2 isready")
	seen := p.expect("ok 2")
	for _, l := range seen {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("bestmove before isready's answer: %q", seen)
		}
	}
	p.send("3 stop")
	seen = p.expect("ok 3")
	if !strings.HasPrefix(seen[len(seen)-3], "bestmove ") || seen[len(seen)-2] != "ok 1" {
		t.Fatalf("stop: want bestmove, ok 1, ok 3; have %q", seen)
	}
	if err := p.wait(); err != nil {
		t.Fatalf("Run: %v", err)
	}
}

func TestUGIIsReadyDuringSearch(t *testing.T) {
	p := startSession(t, Options{})
	p.send("ugi")
	p.expect("ugiok")
	p.send("go infinite", "isready")
	for _, l := range p.expect("readyok") {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatal("bestmove before readyok")
		}
	}
	p.send("stop")
	p.expect("bestmove ")
	p.wait()
}

func TestEOFDuringSearch(t *testing.T) {
	for _, dialect := range []string{"native", "ugi"} {
		t.Run(dialect, func(t *testing.T) {
			p := startSession(t, Options{Dialect: dialect})
			p.send("go infinite")
			if err := p.wait(); err != nil {
				t.Fatalf("Run at EOF: %v, want nil", err)
			}
			var rest []string
			for l := range p.lines {
				rest = append(rest, l)
			}
			if !containsPrefix(rest, "bestmove ") {
				t.Fatalf("no bestmove after EOF: %q", rest)
			}
		})
	}
}

func TestQuitDuringSearch(t *testing.T) {
	p := startSession(t, Options{})
	p.send("1 go infinite", "2 quit")
	seen := p.expect("ok 2")
	if !containsPrefix(seen, "bestmove ") || !containsPrefix(seen, "ok 1") {
		t.Fatalf("quit: want bestmove and ok 1 first; have %q", seen)
	}
	select {
	case err := <-p.done:
		if err != nil {
			t.Fatalf("Run after quit: %v", err)
		}
	case <-time.After(patience):
		t.Fatal("Run did not return after quit")
	}
}

// TestWait: for scripts, wait holds the input until a bounded search has
// run to its end, although end of input stops a search.
func TestWait(t *testing.T) {
	got := run(t, "1 go depth 4\n2 wait\n", Options{})
	n := len(got)
	if n < 4 || !strings.HasPrefix(got[n-4], "info depth 4 ") ||
		!strings.HasPrefix(got[n-3], "bestmove ") || got[n-2] != "ok 1" || got[n-1] != "ok 2" {
		t.Fatalf("want the depth 4 info, bestmove, ok 1, ok 2 at the end; have %q", got)
	}
}

// TestInternalErrors: a game that panics costs an err internal reply (and a
// note on stderr), never the session.
func TestInternalErrors(t *testing.T) {
	var stderr lineBuffer
	got := run(t, "newgame brokentest\n1 board\n2 perft 1\n3 go nodes 5\n4 wait\n5 legalmoves\n", Options{Stderr: &stderr})
	want := []string{
		"ok variant brokentest rules brokentest()",
		"err 1 internal brokentest: String",
		"err 2 internal brokentest: LegalMoves",
		"err 3 internal search failed: brokentest: LegalMoves",
		"ok 4",
		"ok 5 1 2 3",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("native: got %q, want %q", got, want)
	}
	if len(stderr.snapshot()) != 3 {
		t.Errorf("stderr: %q, want a note per panic", stderr.snapshot())
	}
	got = run(t, "ugi\nsetoption name UGI_Variant value brokentest\ngo nodes 5\n", Options{})
	want = []string{"info string error internal search failed: brokentest: LegalMoves", "bestmove 0000"}
	if strings.Join(got[len(got)-2:], "\n") != strings.Join(want, "\n") {
		t.Errorf("ugi: got %q, want it to end with %q", got, want)
	}
}

func containsPrefix(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// run feeds input to a session and returns its output lines.
func run(t *testing.T, input string, o Options) []string {
	t.Helper()
	var out lineBuffer
	done := make(chan error, 1)
	go func() { done <- Run(context.Background(), strings.NewReader(input), &out, o) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(patience):
		t.Fatalf("Run did not return within %v", patience)
	}
	return out.snapshot()
}

func TestLineLength(t *testing.T) {
	pad := func(s string, n int) string { return s + strings.Repeat(" ", n-len(s)) }
	tests := []struct {
		name, input string
		want        []string
	}{
		{"at the limit", pad("1 isready", MaxLine) + "\n", []string{"ok 1"}},
		{"at the limit, crlf", pad("1 isready", MaxLine) + "\r\n", []string{"ok 1"}},
		{"one over", pad("1 isready", MaxLine+1) + "\n2 isready\n",
			[]string{"err 1 too-long line longer than 65536 bytes ignored", "ok 2"}},
		{"far over", pad("isready", 5*MaxLine) + "\nisready\n",
			[]string{"err too-long line longer than 65536 bytes ignored", "ok"}},
		{"over, at EOF", "isready\n" + pad("isready", 2*MaxLine),
			[]string{"ok", "err too-long line longer than 65536 bytes ignored"}},
		{"comment at the limit", pad("# note", MaxLine) + "\nisready\n", []string{"ok"}},
		{"last line without newline", "1 isready\n2 isready", []string{"ok 1", "ok 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := run(t, tt.input, Options{})
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// failingReader returns some input, then an error, forever.
type failingReader struct {
	data  string
	calls int
}

func (r *failingReader) Read(p []byte) (int, error) {
	r.calls++
	if r.data != "" {
		n := copy(p, r.data)
		r.data = r.data[n:]
		return n, nil
	}
	return 0, errors.New("disk on fire")
}

func TestReadErrorEndsSession(t *testing.T) {
	r := &failingReader{data: "1 isready\n"}
	var out lineBuffer
	err := Run(context.Background(), r, &out, Options{})
	if err == nil || !strings.Contains(err.Error(), "disk on fire") {
		t.Fatalf("Run = %v, want the read error", err)
	}
	if r.calls > 3 {
		t.Fatalf("read %d times after the error: the loop spins", r.calls)
	}
	if got := out.snapshot(); len(got) != 1 || got[0] != "ok 1" {
		t.Fatalf("output %q, want [ok 1]", got)
	}
}

type failingWriter struct{ writes int }

func (w *failingWriter) Write(p []byte) (int, error) {
	w.writes++
	return 0, errors.New("pipe closed")
}

func TestWriteErrorEndsSession(t *testing.T) {
	w := &failingWriter{}
	err := Run(context.Background(), strings.NewReader(strings.Repeat("isready\n", 1000)), w, Options{})
	if err == nil || !strings.Contains(err.Error(), "pipe closed") {
		t.Fatalf("Run = %v, want the write error", err)
	}
	if w.writes > 2 {
		t.Fatalf("%d writes after the error", w.writes)
	}
}

func TestContextEndsSession(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	var out lineBuffer
	go func() { done <- Run(ctx, inR, &out, Options{}) }()
	io.WriteString(inW, "go infinite\n")
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Run = %v, want context.Canceled", err)
		}
	case <-time.After(patience):
		t.Fatal("Run ignored the end of its context")
	}
}

func TestOptions(t *testing.T) {
	for _, tt := range []struct {
		o    Options
		want string // error substring, "" for none
	}{
		{Options{Dialect: "uci"}, ""},
		{Options{Dialect: "xboard"}, "unknown dialect"},
		{Options{Variant: "nosuchgame"}, "unknown variant"},
		{Options{Dialect: "native", Variant: "qubic"}, ""},
		{Options{Dialect: "ugi"}, ""},
		{Options{Dialect: "auto"}, ""},
	} {
		var out lineBuffer
		err := Run(context.Background(), strings.NewReader("isready\n"), &out, tt.o)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%+v: %v", tt.o, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%+v: error %v, want %q", tt.o, err, tt.want)
		}
	}
	// With Dialect ugi there is no handshake to wait for.
	if got := run(t, "isready\n", Options{Dialect: "ugi"}); len(got) != 1 || got[0] != "readyok" {
		t.Errorf("ugi isready: %q", got)
	}
}

// TestOneFinalLine runs every native transcript input straight through a
// session (no waiting, so searches meet the other commands at any point)
// and checks that every request gets exactly one final line.
func TestOneFinalLine(t *testing.T) {
	ins, _ := filepath.Glob(filepath.Join("testdata", "native_*.in"))
	for _, in := range ins {
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(in), func(t *testing.T) {
			checkFinalLines(t, string(src), run(t, string(src), Options{}))
		})
	}
}

// requests counts the native requests in input: non-blank lines that are
// not comments, up to and including the first quit.
func requests(input string) int {
	n := 0
	for _, line := range strings.Split(input, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if len(line) > MaxLine {
			n++
			continue
		}
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		n++
		if _, rest := SplitID(line); strings.Fields(rest + " x")[0] == "quit" {
			break
		}
	}
	return n
}

func checkFinalLines(t *testing.T, input string, out []string) {
	t.Helper()
	finals := 0
	for _, l := range out {
		word, _ := CutWord(l)
		switch word {
		case "ok", "err":
			finals++
		}
		if strings.HasPrefix(l, "err") && strings.Contains(l, " internal ") {
			t.Errorf("internal error: %s", l)
		}
	}
	if want := requests(input); finals != want {
		t.Errorf("%d final lines for %d requests\ninput:\n%s\noutput:\n%s", finals, want, input, strings.Join(out, "\n"))
	}
}

// FuzzProtocol feeds arbitrary input to a native session: it must not
// panic or hang, and every request gets exactly one final line.
func FuzzProtocol(f *testing.F) {
	fuzzSeeds(f, "*.in",
		"1 play b2\n2 undo 3\n3 go depth 2\n4 stop\n",
		"newgame connect4\nplay d d d d\ngo nodes 10\nstatus\n",
		"newgame nimtest(players=3,chance=true)\nplay 1 +1 2\nview b\nperft 1 divide\n")
	f.Fuzz(func(t *testing.T, input string) {
		if out, ok := fuzzRun(t, input, "native"); ok {
			checkFinalLines(t, input, out)
		}
	})
}

// FuzzUGI feeds arbitrary input to a UGI session: no panic, no hang, no
// internal error.
func FuzzUGI(f *testing.F) {
	fuzzSeeds(f, "ugi_*.in")
	f.Fuzz(func(t *testing.T, input string) {
		if out, ok := fuzzRun(t, input, "ugi"); ok {
			noInternalError(t, out)
		}
	})
}

// fuzzSeeds adds the transcripts testdata/<glob> and extra to f's corpus.
func fuzzSeeds(f *testing.F, glob string, extra ...string) {
	ins, _ := filepath.Glob(filepath.Join("testdata", glob))
	for _, in := range ins {
		if src, err := os.ReadFile(in); err == nil {
			f.Add(string(src))
		}
	}
	for _, e := range extra {
		f.Add(e)
	}
}

// fuzzRun runs a session of dialect on input, with small budgets (perft
// to depth 1, a 1 MB table, 2000 nodes a search) so that fuzzing stays
// fast, and returns its output. Run failing (a panic it caught) or taking
// 30 seconds fails t; ok is false for an input fuzzable leaves out.
func fuzzRun(t *testing.T, input, dialect string) (out []string, ok bool) {
	t.Helper()
	if !fuzzable(input) {
		t.Skip()
		return nil, false
	}
	var buf lineBuffer
	done := make(chan error, 1)
	go func() {
		done <- Run(context.Background(), strings.NewReader(input), &buf,
			Options{Dialect: dialect, maxPerft: 1, hashMB: 1, maxNodes: 2000})
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("session hung on %q", input)
	}
	return buf.snapshot(), true
}

// noInternalError fails t for every "error internal" line of out.
func noInternalError(t *testing.T, out []string) {
	t.Helper()
	for _, l := range out {
		if strings.Contains(l, "error internal") {
			t.Errorf("internal error: %s", l)
		}
	}
}

// fuzzable leaves out inputs that would read files (a variant named by a
// path: /dev/stdin blocks), ask for huge hash tables, or load brokentest.
func fuzzable(input string) bool {
	if lower := strings.ToLower(input); strings.Contains(lower, "hash") || strings.Contains(lower, "broken") {
		return false
	}
	for _, line := range strings.Split(input, "\n") {
		if strings.ContainsAny(line, `/\`) || strings.Contains(line, ".toml") {
			if strings.Contains(line, "newgame") || strings.Contains(line, "describe") ||
				strings.Contains(strings.ToLower(line), "variant") {
				return false
			}
		}
	}
	return true
}

// TestPerftFinished: a finished position has perft 0 at depth 1 or more,
// with and without divide, and perft 0 is 1 (the games.Perft convention);
// uci's go perft counts the same, and ignores the draw rules as Stockfish
// does.
func TestPerftFinished(t *testing.T) {
	got := run(t, "newgame tictactoe\nposition xxx/oo1/3 o\n1 perft 2\n2 perft 2 divide\n3 perft 0\n4 perft 1 divide\n", Options{})
	want := []string{"ok 1 nodes 0 ", "ok 2 nodes 0 ", "ok 3 nodes 1 ", "ok 4 nodes 0 "}
	for _, w := range want {
		if !containsPrefix(got, w) {
			t.Errorf("native: no line %q in %q", w, got)
		}
	}
	got = run(t, "uci\nposition fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\ngo perft 2\nposition fen 8/8/8/4k3/8/8/8/4K3 w - - 0 1\ngo perft 1\n", Options{})
	var nodes []string
	for _, l := range got {
		if strings.HasPrefix(l, "Nodes searched: ") {
			nodes = append(nodes, l)
		}
	}
	if strings.Join(nodes, "|") != "Nodes searched: 0|Nodes searched: 5" {
		t.Errorf("uci: go perft after mate, then KvK: %q; want 0 and 5", nodes)
	}
}

// TestSessionNotBusyAfterReply: a request sent as soon as the client has
// read a search's last line (native: go's final line; ugi: bestmove) is
// never refused as busy. (The client found this: the session used to count
// the search as running until its goroutine had ended, a moment later.)
func TestSessionNotBusyAfterReply(t *testing.T) {
	p := startSession(t, Options{})
	for i := range 100 {
		p.send(fmt.Sprintf("%d go depth 1", 3*i+1))
		p.expect(fmt.Sprintf("ok %d", 3*i+1))
		p.send(fmt.Sprintf("%d position startpos", 3*i+2), fmt.Sprintf("%d isready", 3*i+3))
		if seen := p.expect(fmt.Sprintf("ok %d", 3*i+3)); !containsPrefix(seen, fmt.Sprintf("ok %d", 3*i+2)) {
			t.Fatalf("position right after go's final line: %q", seen)
		}
	}
	p.wait()

	p = startSession(t, Options{Dialect: "ugi"})
	for range 100 {
		p.send("go depth 1")
		p.expect("bestmove ")
		p.send("position startpos moves b2", "isready")
		if seen := p.expect("readyok"); containsPrefix(seen, "info string error") {
			t.Fatalf("position right after bestmove: %q", seen)
		}
	}
	p.wait()
}
