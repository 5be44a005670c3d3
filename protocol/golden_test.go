package protocol

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/version"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the running code")

// TestGolden runs each testdata/*.in through a session and compares the
// transcript with the .golden file beside it. See transcript for the format.
func TestGolden(t *testing.T) {
	ins, err := filepath.Glob(filepath.Join("testdata", "*.in"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ins) == 0 {
		t.Fatal("no testdata/*.in")
	}
	for _, in := range ins {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			got := transcript(t, string(src), Options{})
			golden := strings.TrimSuffix(in, ".in") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("transcript differs from %s (go test -run TestGolden -update rewrites it)\n%s",
					golden, diff(string(want), got))
			}
		})
	}
}

// diff shows the first differing lines of two texts.
func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\nwant: %s\ngot:  %s", i+1, a, b)
		}
	}
	return "(no line differs)"
}

// script is the session's input in interactive tests: it hands out one
// line per Read, and signals on idle each time the session asks for a line
// it has not got, which is when it has finished with the previous one (the
// session never reads ahead).
type script struct {
	lines   chan string
	idle    chan struct{}
	pending []byte
}

func newScript() *script {
	return &script{lines: make(chan string), idle: make(chan struct{})}
}

func (s *script) Read(p []byte) (int, error) {
	if len(s.pending) == 0 {
		s.idle <- struct{}{}
		l, ok := <-s.lines
		if !ok {
			return 0, io.EOF
		}
		s.pending = []byte(l)
	}
	n := copy(p, s.pending)
	s.pending = s.pending[n:]
	return n, nil
}

// lineBuffer collects output lines; safe for concurrent use.
type lineBuffer struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	lines []string
}

func (b *lineBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf.Write(p)
	for {
		i := bytes.IndexByte(b.buf.Bytes(), '\n')
		if i < 0 {
			break
		}
		b.lines = append(b.lines, string(b.buf.Next(i + 1)[:i]))
	}
	return len(p), nil
}

func (b *lineBuffer) snapshot() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.lines...)
}

var masked = regexp.MustCompile(`\b(time|nps) \d+`)

// nboardTime is the clock field of nboard's "nodestats NODES SECONDS" and
// "=== MOVE/EVAL/SECONDS".
var nboardTime = regexp.MustCompile(`^(nodestats \d+ |=== [^/]+/[^/]*/)[0-9.]+$`)

// normalise masks what depends on the clock: the time and nps fields of
// info and perft lines, and the seconds of nboard's.
func normalise(line string) string {
	// The handshakes carry the build's version: (devel) under go test,
	// but whatever the build recorded elsewhere.
	for _, p := range []string{"engine meeple ", "id name meeple ", "set myname meeple "} {
		if line == p+version.String() {
			return p + "VERSION"
		}
	}
	if strings.HasPrefix(line, "info ") && !strings.HasPrefix(line, "info string") || strings.HasPrefix(line, "ok") {
		return masked.ReplaceAllString(line, "$1 *")
	}
	return nboardTime.ReplaceAllString(line, "$1*")
}

// concludes says whether line ends a go request: its bestmove or its error
// (native: the "ok" or "err" after the bestmove; nboard: the "=== move" of
// go, the "status" that ends hint, an error). The "status" that ends
// nboard's go comes before its "=== move", so it ends a hint only.
func concludes(line string, hint, native bool) bool {
	if native {
		return strings.HasPrefix(line, "ok") || strings.HasPrefix(line, "err")
	}
	return strings.HasPrefix(line, "bestmove") || strings.HasPrefix(line, "err") ||
		strings.HasPrefix(line, "info string error") ||
		strings.HasPrefix(line, "=== ") || hint && line == "status" || strings.HasPrefix(line, "status error")
}

// isGo reports whether an input line is a go request (or nboard's hint),
// an infinite one, and a hint.
func isGo(line string) (goLine, infinite, hint bool) {
	f := strings.Fields(line)
	if len(f) > 0 && strings.Trim(f[0], "0123456789") == "" {
		f = f[1:]
	}
	if len(f) > 0 && f[0] == "hint" {
		return true, false, true
	}
	if len(f) == 0 || f[0] != "go" || len(f) > 1 && f[1] == "perft" {
		return false, false, false // uci's go perft is not a search
	}
	for _, a := range f[1:] {
		if a == "infinite" {
			return true, true, false
		}
	}
	return true, false, false
}

// transcript feeds src to a session line by line, waiting after each line
// until the session has dealt with it (and, for go, until its bestmove), and
// returns the input lines ("> line") each followed by its output. Stderr
// lines are shown as "stderr: ...". The info lines of an infinite search
// depend on timing and are left out; time and nps fields are masked.
//
// A line "#!long N TEXT" sends TEXT padded with x to N bytes.
func transcript(t *testing.T, src string, o Options) string {
	t.Helper()
	sc := newScript()
	var out, errOut lineBuffer
	o.Stderr = &errOut
	done := make(chan error, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { done <- Run(ctx, sc, &out, o) }()

	var res strings.Builder
	finished := false
	var runErr error
	idle := false
	waitIdle := func() {
		if idle || finished {
			return
		}
		select {
		case <-sc.idle:
			idle = true
		case runErr = <-done:
			finished = true
		case <-time.After(20 * time.Second):
			t.Fatalf("session hung; output so far:\n%s", strings.Join(out.snapshot(), "\n"))
		}
	}
	native, picked := false, false // the session's dialect is native (dialectOf its first line)
	infPending := false            // an infinite search runs: its info lines are left out
	next, errNext := 0, 0          // the first output and stderr lines not yet shown
	flush := func() {
		lines := out.snapshot()
		for _, l := range lines[next:] {
			if infPending && strings.HasPrefix(l, "info ") && !strings.HasPrefix(l, "info string") {
				continue
			}
			if strings.HasPrefix(l, "bestmove") {
				infPending = false
			}
			res.WriteString(normalise(l) + "\n")
		}
		next = len(lines)
		errs := errOut.snapshot()
		for _, l := range errs[errNext:] {
			res.WriteString("stderr: " + l + "\n")
		}
		errNext = len(errs)
	}
	for _, line := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		waitIdle()
		if finished {
			t.Fatalf("session ended (%v) before %q", runErr, line)
		}
		flush()
		send := line
		if rest, ok := strings.CutPrefix(line, "#!long "); ok {
			nText, text, _ := strings.Cut(rest, " ")
			n, err := strconv.Atoi(nText)
			if err != nil {
				t.Fatalf("bad directive %q", line)
			}
			send = text + strings.Repeat("x", max(0, n-len(text)))
		}
		if l := strings.TrimSpace(send); !picked && l != "" && l[0] != '#' {
			native, picked = dialectOf(l) == "native", true
		}
		res.WriteString("> " + line + "\n")
		sc.lines <- send + "\n"
		idle = false
		waitIdle()
		if goLine, inf, hint := isGo(line); goLine {
			deadline := time.Now().Add(20 * time.Second)
			for {
				lines := out.snapshot()
				ended := false
				for _, l := range lines[next:] {
					if concludes(l, hint, native) && !(inf && strings.HasPrefix(l, "bestmove")) {
						ended = true
						break
					}
				}
				if inf && !ended {
					infPending = true
				}
				if ended || inf {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("go did not end; output so far:\n%s", strings.Join(lines, "\n"))
				}
				time.Sleep(time.Millisecond)
			}
		}
		flush()
	}
	close(sc.lines)
	if !finished {
		select {
		case runErr = <-done:
		case <-time.After(20 * time.Second):
			t.Fatal("session did not end at EOF")
		}
	}
	res.WriteString("> EOF\n")
	flush()
	if runErr != nil {
		t.Fatalf("Run: %v", runErr)
	}
	return res.String()
}

// TestReadme replays every transcript in README.md (a fenced block whose
// first line starts with "> ") through a fresh session and checks that the
// output shown is what the code prints; -update rewrites them.
func TestReadme(t *testing.T) {
	src, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []string // README.md as it should be
	blocks := 0
	var block []string
	in := false
	for _, line := range strings.Split(string(src), "\n") {
		switch {
		case !in && strings.HasPrefix(line, "```"):
			in, block = true, nil
			out = append(out, line)
		case in && line == "```":
			in = false
			if len(block) == 0 || !strings.HasPrefix(block[0], "> ") {
				out = append(out, block...)
				out = append(out, line)
				continue
			}
			blocks++
			var input []string
			for _, l := range block {
				if strings.HasPrefix(l, "> ") && l != "> EOF" {
					input = append(input, l[2:])
				}
			}
			want := strings.Join(block, "\n") + "\n"
			got := transcript(t, strings.Join(input, "\n")+"\n", Options{})
			// This test binary also registers the test-only games nimtest
			// and brokentest; README.md shows the real binary's game list.
			var kept []string
			for _, l := range strings.SplitAfter(got, "\n") {
				if !strings.Contains(l, "nimtest") && !strings.Contains(l, "brokentest") {
					kept = append(kept, l)
				}
			}
			got = strings.Join(kept, "")
			if !strings.HasSuffix(want, "> EOF\n") {
				got = strings.TrimSuffix(got, "> EOF\n")
			}
			out = append(out, strings.TrimSuffix(got, "\n"), line)
			if got != want && !*update {
				t.Errorf("README.md transcript %d (starting %q) differs from the code's (-update rewrites it)\n%s",
					blocks, block[0], diff(want, got))
			}
		case in:
			block = append(block, line)
		default:
			out = append(out, line)
		}
	}
	if blocks == 0 {
		t.Fatal("no transcripts in README.md")
	}
	if *update {
		if err := os.WriteFile("README.md", []byte(strings.Join(out, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
