package table

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	_ "github.com/meeple-games/meeple/games/kinarow"
)

func newTable(t *testing.T, spec string) *Table {
	t.Helper()
	tb := New(rand.NewPCG(1, 2))
	if e := tb.NewVariant(spec, nil); e != nil {
		t.Fatal(e)
	}
	return tb
}

func TestPlayUndo(t *testing.T) {
	tb := newTable(t, "tictactoe")
	if e := tb.Play([]string{"b2", "a1"}); e != nil {
		t.Fatal(e)
	}
	// All or nothing: the second move is illegal, so b1 is taken back.
	before := tb.State().Position()
	e := tb.Play([]string{"b1", "b1"})
	if e == nil || e.Kind != IllegalMove || tb.State().Position() != before || tb.Played() != 2 {
		t.Fatalf("play b1 b1: %v, position %s, played %d", e, tb.State().Position(), tb.Played())
	}
	if got := tb.Moves(); !slices.Equal(got, []string{"b2", "a1"}) {
		t.Errorf("moves %v", got)
	}
	if tb.LastMover() != 1 || tb.SeatName(tb.State().Player()) != "x" {
		t.Errorf("last mover %d, to move %s", tb.LastMover(), tb.SeatName(tb.State().Player()))
	}
	if e := tb.Undo(3); e == nil || e.Kind != NoHistory {
		t.Errorf("undo 3: %v", e)
	}
	if e := tb.Undo(2); e != nil || tb.State().Position() != "3/3/3 x" {
		t.Errorf("undo 2: %v, %s", e, tb.State().Position())
	}
	if e := tb.Play([]string{"a1", "a2", "b1", "b2", "c1", "c2"}); e == nil || e.Kind != GameOver {
		t.Errorf("play after the end: %v", e)
	}
}

func TestSetPosition(t *testing.T) {
	tb := newTable(t, "tictactoe")
	if e := tb.SetPosition("3/1x1/3 o", []string{"a1"}); e != nil {
		t.Fatal(e)
	}
	if tb.Start() != "3/1x1/3 o" || !slices.Equal(tb.Moves(), []string{"a1"}) {
		t.Errorf("start %q moves %v", tb.Start(), tb.Moves())
	}
	if e := tb.SetPosition("3/3/3 q", nil); e == nil || e.Kind != BadPosition || tb.Start() != "3/1x1/3 o" {
		t.Errorf("bad position: %v, start %q", e, tb.Start())
	}
	if e := tb.NewVariant("tictactoc", nil); e == nil || e.Kind != BadVariant || tb.Variant().Name != "tictactoe" {
		t.Errorf("bad variant: %v", e)
	}
}

func TestSeat(t *testing.T) {
	tb := newTable(t, "tictactoe")
	for _, tc := range []struct {
		in   string
		want int
	}{{"x", 0}, {"o", 1}, {"p2", 1}, {"1", 0}} {
		if got, e := tb.Seat(tc.in); e != nil || got != tc.want {
			t.Errorf("seat %q: %d, %v", tc.in, got, e)
		}
	}
	if _, e := tb.Seat("p3"); e == nil || !strings.Contains(e.Msg, "want one of x, o") {
		t.Errorf("seat p3: %v", e)
	}
}

func TestSplitSpec(t *testing.T) {
	for _, tc := range []struct {
		in, spec string
		set      []string
		bad      bool
	}{
		{"connect4", "connect4", nil, false},
		{"tictactoe size=4 connect=4", "tictactoe", []string{"size=4", "connect=4"}, false},
		{"kinarow(dims=3, size=4) connect=3", "kinarow(dims=3, size=4)", []string{"connect=3"}, false},
		{"kinarow(dims=3", "", nil, true},
		{"tictactoe big", "", nil, true},
	} {
		spec, set, e := SplitSpec(tc.in)
		if (e != nil) != tc.bad || spec != tc.spec || !slices.Equal(set, tc.set) {
			t.Errorf("SplitSpec(%q) = %q %q %v", tc.in, spec, set, e)
		}
	}
}
