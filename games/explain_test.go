package games_test

import (
	"fmt"
	"strings"
	"testing"

	_ "github.com/meeple-games/meeple/configs" // the shipped variants by name
	"github.com/meeple-games/meeple/games"
	_ "github.com/meeple-games/meeple/games/kinarow"
	_ "github.com/meeple-games/meeple/games/nocca"
	_ "github.com/meeple-games/meeple/games/othello"
	_ "github.com/meeple-games/meeple/games/thegame"
)

// TestWhyIllegal: ParseLegal says why a move is not legal, in the words
// of the game's rules, for every game but chess (tested in its package).
func TestWhyIllegal(t *testing.T) {
	for _, tc := range []struct {
		variant, pos, moves, move, why string
	}{
		{"othello", "", "", "d4", "d4 is taken"},
		{"othello", "", "", "a1", "a disc on a1 would turn no disc: it must close a line of the other side's discs"},
		{"othello", "", "", "pass", "a side passes only when no move turns a disc"},
		{"tictactoe", "", "b2", "b2", "b2 is taken"},
		{"connect4", "", "d", "d3", "a stone falls to the lowest free cell of its column: d2"},
		{"connect4", "", "d1 d2 d3 d4 d5 d6", "d", ""}, // the notation refuses it: the column is full
		{"nocca-3x3", "", "", "a2-a3", "no piece on a2"},
		{"nocca-3x3", "", "", "a3-a2", "the top piece on a3 is black's: only the top piece of a stack moves"},
		{"nocca-3x3", "", "", "a1-a*", "a piece steps into the goal only from the row next to it, the far row from its own side"},
		{"nocca-3x3(stack=1)", "", "a1-a2 a3-b2", "b1-b2", "b2 is full: a stack holds at most 1"},
		{"thegame", "-/-/-/- 2,3,4,5,6,7,8,9 90 play 1 0", "", "50a", "card 50 is not in your hand"},
		{"thegame", "20/-/-/- 3,4,5,6,7,8,9 90 play 1 1", "", "9a", "pile a (top 20) needs a higher card than 20, or exactly 10"},
		{"thegame", "-/-/90/- 3,4,5,6,7,8,95 90 play 1 1", "", "95c", "pile c (top 90) needs a lower card than 90, or exactly 100"},
		{"thegame", "-/-/-/- 2,3,4,5,6,7,8,9 90 play 1 0", "", "end", "2 more cards are due before the turn ends (played 0 of 2)"},
		{"thegame", "-/-/-/- 2,3,4,5,6,7,8,9 90 play 1 0", "", "+50", "only chance draws cards"},
	} {
		name := fmt.Sprintf("%s %s %s", tc.variant, tc.moves, tc.move)
		st := start(t, tc.variant, tc.pos)
		for _, m := range strings.Fields(tc.moves) {
			mv, err := games.ParseLegal(st, m)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			st.Play(mv)
		}
		_, err := games.ParseLegal(st, tc.move)
		want := fmt.Sprintf("move %q: not legal here: %s", tc.move, tc.why)
		switch {
		case err == nil:
			t.Errorf("%s: legal; want %q", name, want)
		case tc.why == "":
			if strings.Contains(err.Error(), "not legal here") {
				t.Errorf("%s: %v; want the notation's own error", name, err)
			}
		case err.Error() != want:
			t.Errorf("%s:\n got %v\nwant %s", name, err, want)
		}
	}
}

// start is variant's start, or the position pos.
func start(t *testing.T, variant, pos string) games.State {
	t.Helper()
	v, err := games.LoadVariant(variant)
	if err != nil {
		t.Fatal(err)
	}
	if pos == "" {
		return v.Game.NewState()
	}
	st, err := v.Game.ParseState(pos)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
