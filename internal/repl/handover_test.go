package repl

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestHandOver: people taking turns at a game with hidden hands hand the
// keyboard over: the screen is cleared once a hand has been shown, and the
// next hand is drawn only after Enter.
func TestHandOver(t *testing.T) {
	in := "\n9a\n23a\nend\n\nposition\nquit\n"
	var out bytes.Buffer
	if err := Run(context.Background(), strings.NewReader(in), &out, Options{Variant: "thegame", Set: []string{"players=3"}, Mode: Humans, HandOver: true}); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	first := strings.Index(got, "Player 1, take the keyboard and press Enter")
	hand1 := strings.Index(got, "player1: 9 23 24 39 65 93")
	clear := strings.Index(got, clearScreen)
	second := strings.Index(got, "Player 2, take the keyboard and press Enter")
	if first < 0 || hand1 < first || clear < hand1 || second < clear || strings.Count(got, clearScreen) != 1 {
		t.Fatalf("want player 1 asked, their hand, the screen cleared, player 2 asked:\n%q", got)
	}
	if i := strings.Index(got, "player2: 47 48"); i < second {
		t.Errorf("player 2's hand drawn before they took the keyboard:\n%s", got)
	}
	after := got[clear:]
	if strings.Contains(after, "24 39 65 93") || !strings.Contains(after, "player1: 4 cards") && !strings.Contains(after, "player1: 6 cards") {
		t.Errorf("after the hand-over, player 1's cards show:\n%s", after)
	}
	if strings.Contains(got[:first], clearScreen) {
		t.Errorf("the screen cleared before any hand was shown:\n%q", got[:first])
	}
}

// TestHandOverPiped: without HandOver (input from a pipe) a hot-seat
// script reads on as before: no clearing, no Enter to wait for.
func TestHandOverPiped(t *testing.T) {
	var out bytes.Buffer
	if err := Run(context.Background(), strings.NewReader("9a\n23a\nend\nposition\nquit\n"), &out, Options{Variant: "thegame", Set: []string{"players=3"}, Mode: Humans}); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if strings.Contains(got, "take the keyboard") || strings.Contains(got, "\x1b") || !strings.Contains(got, "thegame player2> position") {
		t.Errorf("piped hot seat:\n%s", got)
	}
}
