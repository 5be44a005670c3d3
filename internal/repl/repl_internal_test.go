package repl

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/table"
)

// newTestREPL sets up a session on variant without running it.
func newTestREPL(t *testing.T, variant string, mode Mode) *repl {
	t.Helper()
	r := &repl{ctx: context.Background(), o: Options{Mode: mode, Stderr: os.Stderr}, out: &bytes.Buffer{}, level: engine.DefaultLevel}
	r.t = table.New(record.ChanceSource(0))
	if e := r.t.NewVariant(variant, nil); e != nil {
		t.Fatal(e)
	}
	b, err := newBuiltin(referee.EngineConfig{Name: "meeple"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	r.engines = []seatEngine{b}
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

// plainState is a kinarow state without a picture: it is drawn by its
// String.
type plainState struct{ games.State }

func TestRender(t *testing.T) {
	r := newTestREPL(t, "qubic", HumanVsEngine)
	r.t.Play([]string{"b2c", "a1a"})
	st := r.t.State().(*kinarow.State)
	// The plain board marks the last move with parentheses.
	if got := r.render(st); !strings.Contains(got, "1(o). . .") || !strings.Contains(got, "[a]") || !strings.Contains(got, "[c]") {
		t.Errorf("qubic board:\n%s", got)
	}
	if got := r.render(plainState{st}); got != strings.TrimRight(st.String(), "\n")+"\n" {
		t.Errorf("a state with no picture: %q", got)
	}
}

// TestBoardOf draws a board nobody ships, from its Description and
// Picture alone: 2x2x2 with stacks of pieces of three seats, rows down.
func TestBoardOf(t *testing.T) {
	d := games.Description{
		Players: []string{"a", "b", "c"}, Dims: []int{2, 2, 2}, Coords: []string{"letters", "numbers", "letters"},
		RowsDown: true, Stacks: 3, Above: "north", Below: "south",
		Pieces: []games.Piece{
			{Name: "red", Seat: 0, Letter: "R", Glyph: "▲", Shape: "disc", Colour: "red"},
			{Name: "green", Seat: 1, Letter: "G", Glyph: "■", Shape: "disc", Colour: "green"},
			{Name: "plum", Seat: 2, Letter: "P", Glyph: "◆", Shape: "disc", Colour: "plum"},
		},
	}
	pic := games.Picture{Cells: [][]int{{0}, nil, nil, {1, 2, 0}, nil, {2}, nil, nil}, Notes: []string{"three seats"}}
	b := boardOf(d, pic, []int{3, 99})
	if b == nil {
		t.Fatal("boardOf = nil")
	}
	want := "  north\n" +
		"[a]        [b]\n" +
		"  a  b       a  b\n" +
		"1 R  .     1 .  P\n" +
		"2 . (R3)   2 .  .\n" +
		"  south\n" +
		"stacks (bottom to top): b2a gpR\n" +
		"three seats\n"
	if got := b.Draw(Style{}, false); got != want {
		t.Errorf("plain:\n%s\nwant\n%s", got, want)
	}
	if got := b.Draw(Style{Fancy: true}, false); !strings.Contains(got, "\x1b[1;32m") && !strings.Contains(got, "\x1b[1;31m▲") || !strings.Contains(got, "\x1b[1m◆") {
		t.Errorf("fancy: %q", got)
	}
	for _, bad := range []games.Picture{{Cells: make([][]int, 7)}, {Cells: [][]int{{3}, nil, nil, nil, nil, nil, nil, nil}}} {
		if b := boardOf(d, bad, nil); b != nil {
			t.Errorf("boardOf(%v) drew a board that does not fit", bad)
		}
	}
}

// TestDrawCards draws a card table from its Description and Picture.
func TestDrawCards(t *testing.T) {
	d := games.Description{Players: []string{"ann", "bob"}, Cards: &games.CardTable{Range: [2]int{2, 30}, Hand: 3,
		Piles: []games.PileKind{{Name: "a", Up: true, Start: 1}, {Name: "b", Start: 31}}}}
	pic := games.Picture{Cards: &games.CardsPicture{Tops: []int{5, 31}, PileSizes: []int{2, 0}, Hands: [][]int{{7, 9}, nil}, HandSizes: []int{2, 3}, Deck: 20, Played: 1, Due: 1}}
	want := "a up   5   (2 played)\nb down 31\nann: 7 9   <- to move, played 1 of 2\nbob: 3 cards\ndraw pile: 20 cards\n"
	if got := drawCards(d, pic, 0); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	pic.Cards.Due = 0
	if got := drawCards(d, pic, 0); !strings.Contains(got, "played 1, may end the turn") {
		t.Errorf("nothing due:\n%s", got)
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
		done <- Run(context.Background(), in, &out, Options{Variant: "gomoku", Mode: Watch, Level: engine.Level{N: 10}, Interrupt: intr})
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

// TestRenderLegal: on the person's turn the board marks where they may
// put a piece, as the browser does (Othello, Connect Four's drops), with
// "*" and, on a terminal, in green; never where every empty cell is legal
// (tic-tac-toe), and not on an engine's turn.
func TestRenderLegal(t *testing.T) {
	for _, tc := range []struct {
		variant string
		mode    Mode
		fancy   bool
		want    []string // rows of the board that must appear
		stars   int
	}{
		{"othello-6x6", HumanVsEngine, false, []string{"2 . . * . . .  2", "3 . * O X . .  3", "4 . . X O * .  4", "5 . . . * . .  5"}, 4},
		{"othello-6x6", HumanVsEngine, true, []string{sgrGreen + "*" + sgrReset}, 4},
		{"connect4", Humans, false, []string{"1 * * * * * * *  1"}, 7},
		{"tictactoe", HumanVsEngine, false, []string{"1 . . .  1"}, 0},
		{"othello-6x6", Watch, false, []string{"2 . . . . . .  2"}, 0},
	} {
		r := newTestREPL(t, tc.variant, tc.mode)
		r.o.Style.Fancy = tc.fancy
		got := r.render(r.t.State())
		for _, row := range tc.want {
			if !strings.Contains(got, row) {
				t.Errorf("%s (mode %d, fancy %v): no %q in\n%s", tc.variant, tc.mode, tc.fancy, row, got)
			}
		}
		if n := strings.Count(got, "*"); n != tc.stars {
			t.Errorf("%s (mode %d, fancy %v): %d cells marked *, want %d:\n%s", tc.variant, tc.mode, tc.fancy, n, tc.stars, got)
		}
	}
}
