package repl

import (
	"testing"

	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/search"
)

func TestScoreText(t *testing.T) {
	tests := []struct {
		u           engine.Units
		seats       int
		score, mate int
		want        string
	}{
		{engine.Pawns, 2, 35, 0, "+0.35"},
		{engine.Pawns, 2, -120, 0, "-1.20"},
		{engine.Pawns, 2, 0, 0, "+0.00"},
		{engine.Pawns, 2, 0, 5, "mate in 3"},
		{engine.Pawns, 2, 0, -4, "mated in 2"},
		{engine.Pawns, 2, search.MateScore - 5, 0, "mate in 3"},     // a mate score without its distance
		{engine.Pawns, 2, -(search.MateScore - 2), 0, "mated in 1"}, // never a raw 1048574
		{engine.Returns, 2, 0, 1, "wins in 1"},
		{engine.Returns, 2, 0, -2, "loses in 1"},
		{engine.Returns, 2, 0, 9, "wins in 5"},
		{engine.Returns, 3, 0, 4, "wins in 4 plies"},
		{engine.Returns, 2, 7, 0, "+0.07"},
		{engine.Discs, 2, 400, 0, "+4 discs"},
		{engine.Discs, 2, -100, 0, "-1 disc"},
		{engine.Discs, 2, 0, 0, "+0 discs"},
		{engine.Discs, 2, 37, 0, "+0.4 discs"},
		{engine.Discs, 2, -1260, 0, "-12.6 discs"},
		{engine.Cards, 1, -970, 0, "9.7 cards left"},
		{engine.Cards, 3, -100, 0, "1 card left"},
		{engine.Cards, 3, 0, 0, "0 cards left"},
	}
	for _, tc := range tests {
		if got := scoreText(tc.u, tc.seats, tc.score, tc.mate); got != tc.want {
			t.Errorf("scoreText(%d, %d seats, %d, mate %d) = %q, want %q", tc.u, tc.seats, tc.score, tc.mate, got, tc.want)
		}
	}
}

func TestMatePlies(t *testing.T) {
	tests := []struct {
		dialect     string
		mate, plies int
	}{
		{"native", 5, 5}, {"native", -4, -4}, {"uci", 3, 5}, {"uci", -3, -6}, {"ugi", 1, 1}, {"ugi", -1, -2}, {"uci", 0, 0},
	}
	for _, tc := range tests {
		if got := matePlies(tc.dialect, tc.mate); got != tc.plies {
			t.Errorf("matePlies(%s, %d) = %d, want %d", tc.dialect, tc.mate, got, tc.plies)
		}
	}
}

func TestDetails(t *testing.T) {
	th := thought{HasScore: true, Mate: 3, Depth: 4, Nodes: 1200}
	if got, want := th.details(engine.Returns, 2), "(wins in 2, depth 4, 1,200 nodes)"; got != want {
		t.Errorf("details = %q, want %q", got, want)
	}
	th = thought{HasScore: true, Score: 45, Plain: true, Depth: 1}
	if got, want := th.details(engine.Pawns, 2), "(score +0.45, depth 1)"; got != want {
		t.Errorf("details = %q, want %q", got, want)
	}
}
