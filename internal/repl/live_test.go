package repl

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/internal/engine"
)

func TestLiveText(t *testing.T) {
	at := time.Unix(100, 0)
	l := &liveLine{width: 60, who: "black (meeple) thinking", u: engine.Pawns, seats: 2, start: at,
		now: func() time.Time { return at.Add(1234 * time.Millisecond) }}
	if got, want := l.text(), "black (meeple) thinking 1.2s"; got != want {
		t.Errorf("before a report: %q, want %q", got, want)
	}
	l.last = thought{Depth: 7, HasScore: true, Score: -35, Nodes: 12000, PV: []string{"e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"}}
	want := "black (meeple) thinking 1.2s, depth 7, score -0.35, 12,000 n"
	if got := l.text(); got != want[:59] {
		t.Errorf("cut to 60 columns: %q, want %q", got, want[:59])
	}
	l.width = 200
	l.last.Mate, l.last.Score = 3, 0
	if got, want := l.text(), "black (meeple) thinking 1.2s, depth 7, mate in 2, 12,000 nodes: e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O"; got != want {
		t.Errorf("with a mate: %q, want %q", got, want)
	}
}

// TestThinkingLine: on a terminal (Options.Live) every engine search shows
// its thinking on one line, redrawn in place and cleared before the move is
// written.
func TestThinkingLine(t *testing.T) {
	// Searches long enough to report under the thinking line: 243,000
	// nodes, and a third of that in -short mode (the race run, where each
	// node costs ten times as much).
	level := engine.Level{N: 6}
	if testing.Short() {
		level.N = 5
	}
	var out bytes.Buffer
	err := Run(context.Background(), strings.NewReader("hint\ne4\nhint\nquit\n"), &out, Options{Variant: "chess", Level: level, Live: true,
		Width: func() int { return 100 }})
	if err != nil {
		t.Fatal(err)
	}
	got := out.String()
	// Every move is preceded by its thinking line, cleared; the longer
	// searches show what they found.
	plays := regexp.MustCompile(`(hint for white: |black plays )`).FindAllStringIndex(got, -1)
	if len(plays) != 3 {
		t.Fatalf("a game of %d moves:\n%s", len(plays), got)
	}
	head := regexp.MustCompile(`\r\x1b\[K(hint for white|black) \(meeple\) thinking [0-9.]+s`)
	full := regexp.MustCompile(`\r\x1b\[K(hint for white|black) \(meeple\) thinking [0-9.]+s, depth [0-9]+, score [-+][0-9.]+, [0-9,]+ nodes: [a-zA-Z]`)
	prev, reports := 0, 0
	for _, p := range plays {
		seg := got[prev:p[0]]
		if !head.MatchString(seg) || !strings.HasSuffix(seg, clearLine) {
			t.Fatalf("before the move at %d: want a thinking line, cleared; have %q", p[0], seg)
		}
		if full.MatchString(seg) {
			reports++
		}
		for _, line := range strings.Split(seg, clearLine) {
			if len([]rune(line)) >= 100 && !strings.Contains(line, "\n") {
				t.Errorf("a thinking line wider than the terminal: %q", line)
			}
		}
		prev = p[1]
	}
	if reports == 0 {
		t.Errorf("no thinking line showed a search's report:\n%q", got)
	}
}

// TestNotLive: without a terminal nothing but lines is written.
func TestNotLive(t *testing.T) {
	var out bytes.Buffer
	if err := Run(context.Background(), strings.NewReader("hint\nquit\n"), &out, Options{Variant: "connect4", Level: engine.Level{N: 2}}); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); strings.ContainsAny(s, "\r\x1b") || strings.Contains(s, "thinking") {
		t.Errorf("plain output with a thinking line:\n%q", s)
	}
}

// TestWatchDelay: while watching, each engine move after the first waits
// Options.Delay.
func TestWatchDelay(t *testing.T) {
	const delay = 40 * time.Millisecond
	var out bytes.Buffer
	start := time.Now()
	if err := Run(context.Background(), strings.NewReader(""), &out, Options{Mode: Watch, Level: engine.Level{N: 1}, Delay: delay}); err != nil {
		t.Fatal(err)
	}
	el := time.Since(start)
	moves := strings.Count(out.String(), " plays ")
	if moves < 5 {
		t.Fatalf("a game of tic-tac-toe in %d moves:\n%s", moves, out.String())
	}
	if el < time.Duration(moves-1)*delay {
		t.Errorf("%d moves in %v: want %v between moves", moves, el, delay)
	}
}
