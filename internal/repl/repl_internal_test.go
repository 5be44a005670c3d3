package repl

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/table"
)

// newTestREPL sets up a session on variant without running it.
func newTestREPL(t *testing.T, variant string, mode Mode) *repl {
	t.Helper()
	r := &repl{ctx: context.Background(), o: Options{Mode: mode, Stderr: os.Stderr}, out: &bytes.Buffer{}, level: DefaultLevel}
	r.t = table.New(referee.ChanceSource(0))
	if e := r.t.NewVariant(variant, nil); e != nil {
		t.Fatal(e)
	}
	b, err := newBuiltin(referee.EngineConfig{Name: "meeple"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	r.engines = []engine{b}
	if err := r.seat(); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestComplete(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "game1.txt"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, "game2.txt"), nil, 0o644)
	os.Mkdir(filepath.Join(dir, "games"), 0o755)
	t.Chdir(dir)
	r := newTestREPL(t, "tictactoe", HumanVsEngine)
	r.t.Play([]string{"b2"})
	tests := []struct {
		line       string
		pos        int // -1: the end
		head, tail string
		want       []string
	}{
		{"he", -1, "", "", []string{"help"}},
		{"b", -1, "", "", []string{"b1", "b3", "board"}},
		{"c", -1, "", "", []string{"c1", "c2", "c3"}},
		{"B", -1, "", "", []string{"b1", "b3", "board"}},
		{"play a", -1, "play ", "", []string{"a1", "a2", "a3"}},
		{"a1 c", -1, "a1 ", "", []string{"c1", "c2", "c3"}},
		{"new con", -1, "new ", "", []string{"connect4"}},
		{"new kin", -1, "new ", "", []string{"kinarow"}},
		{"level 1", -1, "level ", "", []string{"1", "10"}},
		{"save game", -1, "save ", "", []string{"game1.txt", "game2.txt", "games/"}},
		{"load games/", -1, "load ", "", nil},
		{"save " + dir + "/game", -1, "save ", "", []string{dir + "/game1.txt", dir + "/game2.txt", dir + "/games/"}},
		{"load " + dir + "/games/", -1, "load ", "", nil},
		{"help un", -1, "help ", "", []string{"undo"}},
		{"und x", 3, "", " x", []string{"undo"}},
		{"undo 2", -1, "undo ", "", nil},
	}
	for _, tc := range tests {
		pos := tc.pos
		if pos < 0 {
			pos = len(tc.line)
		}
		head, got, tail := r.complete(tc.line, pos)
		if head != tc.head || tail != tc.tail || !slices.Equal(got, tc.want) {
			t.Errorf("complete(%q, %d) = %q %q %q; want %q %q %q", tc.line, pos, head, got, tail, tc.head, tc.want, tc.tail)
		}
	}
	r.t.Play([]string{"a1", "b1", "c1", "b3"})
	if _, got, _ := r.complete("b", 1); !slices.Equal(got, []string{"board"}) {
		t.Errorf("after the end: %q, want only the command", got)
	}
}

func TestParseLevel(t *testing.T) {
	for _, tc := range []struct {
		in    string
		want  Level
		nodes int64
		bad   bool
	}{
		{"1", Level{N: 1}, 1000, false},
		{"5", Level{N: 5}, 81000, false},
		{"10", Level{N: 10}, 19683000, false},
		{"2s", Level{MoveTime: 2 * time.Second}, 0, false},
		{"500ms", Level{MoveTime: 500 * time.Millisecond}, 0, false},
		{"1.5", Level{MoveTime: 1500 * time.Millisecond}, 0, false},
		{"0", Level{}, 0, true},
		{"11", Level{}, 0, true},
		{"fast", Level{}, 0, true},
		{"-1s", Level{}, 0, true},
	} {
		got, err := ParseLevel(tc.in)
		if (err != nil) != tc.bad || got != tc.want || got.Nodes() != tc.nodes {
			t.Errorf("ParseLevel(%q) = %v (%d nodes), %v", tc.in, got, got.Nodes(), err)
		}
	}
}

func TestParseEngine(t *testing.T) {
	for _, tc := range []struct {
		in, name, cmd string
		bad           bool
	}{
		{"builtin", "meeple", Builtin, false},
		{"meeple", "meeple", Builtin, false},
		{"builtin name=strong option.Hash=64 depth=3", "strong", Builtin, false},
		{"cmd=@self option.Algorithm=mcts", "meeple", referee.Self, false},
		{"name=edax cmd=/usr/bin/edax proto=ugi", "edax", "/usr/bin/edax", false},
		{"builtin colour=red", "", "", true},
		{"cmd=x proto=xboard", "", "", true},
	} {
		e, err := ParseEngine(tc.in)
		if (err != nil) != tc.bad || !tc.bad && (e.Name != tc.name || e.Cmd != tc.cmd) {
			t.Errorf("ParseEngine(%q) = %+v, %v", tc.in, e, err)
		}
	}
}

// drawnState is a state with a drawing of its own (as The Game's will be).
type drawnState struct{ *kinarow.State }

func (s drawnState) Draw(seat int, fancy bool) string {
	return fmt.Sprintf("drawn for seat %d, fancy %t\n", seat, fancy)
}

// cellState is a kinarow state drawn through CellState, as a new board
// game would be.
type cellState struct{ *kinarow.State }

func (s cellState) CellPieces(cell int, buf []int) []int {
	buf = buf[:0]
	if p := s.At(cell); p >= 0 {
		buf = append(buf, p)
	}
	return buf
}

func (s cellState) MoveCells(m games.Move) []int { return []int{int(m)} }

func TestRender(t *testing.T) {
	r := newTestREPL(t, "qubic", HumanVsEngine)
	r.t.Play([]string{"b2c", "a1a"})
	st := r.t.State().(*kinarow.State)
	if got := r.render(drawnState{st}); got != "drawn for seat 0, fancy false\n" {
		t.Errorf("Drawer: %q", got)
	}
	r.o.Mode = Watch
	r.o.Style.Fancy = true
	if got := r.render(drawnState{st}); got != "drawn for seat -1, fancy true\n" {
		t.Errorf("Drawer, watching: %q", got)
	}
	for _, fancy := range []bool{false, true} {
		r.o.Style.Fancy = fancy
		if got, want := r.render(cellState{st}), r.render(st); got != want {
			t.Errorf("CellState (fancy %t):\n%s\nwant\n%s", fancy, got, want)
		}
	}
	// The plain board marks the last move with parentheses.
	r.o.Style.Fancy = false
	if got := r.render(st); !strings.Contains(got, "1(o). . .") || !strings.Contains(got, "[a]") || !strings.Contains(got, "[c]") {
		t.Errorf("qubic board:\n%s", got)
	}
}

// syncBuffer is a bytes.Buffer that one goroutine may write while
// another reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestInterrupt stops the engine's search from Options.Interrupt (the
// terminal's Ctrl-C): the session pauses, the person plays on.
func TestInterrupt(t *testing.T) {
	intr := make(chan os.Signal, 1)
	in, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- Run(context.Background(), in, &out, Options{Variant: "gomoku", Mode: Watch, Level: Level{N: 10}, Interrupt: intr})
	}()
	// An interrupt before the search starts is dropped (a stale Ctrl-C
	// must not stop the next search), so a slow start would lose a single
	// one: interrupt until the session says the search stopped.
	for stopped := time.After(30 * time.Second); !strings.Contains(out.String(), "Stopped meeple thinking for x"); {
		select {
		case intr <- os.Interrupt:
		case err := <-done:
			t.Fatalf("the session ended (%v) before it was interrupted:\n%s", err, out.String())
		case <-stopped:
			t.Fatalf("the search did not stop:\n%s", out.String())
		case <-time.After(20 * time.Millisecond):
		}
	}
	w.WriteString("h8\nquit\n")
	w.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the search did not stop")
	}
	got := out.String()
	if !strings.Contains(got, "Stopped meeple thinking for x") || !strings.Contains(got, "gomoku x> h8") {
		t.Errorf("transcript:\n%s", got)
	}
}

// TestEndBeforeMinimum: ending a turn of The Game before its minimum says
// how many cards are still due.
func TestEndBeforeMinimum(t *testing.T) {
	var out bytes.Buffer
	if err := Run(context.Background(), strings.NewReader("end\n9a\nend\n"), &out, Options{Variant: "thegame", Mode: Humans}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"thegame player1> end\nend: 2 more cards are due before the turn ends (0 played of 2)\nlegal moves: 9a ",
		"thegame player1> end\nend: 1 more card is due before the turn ends (1 played of 2)\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("want %q in:\n%s", want, out.String())
		}
	}
}
