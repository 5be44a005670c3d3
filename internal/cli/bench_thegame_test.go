package cli

import (
	"strings"
	"testing"
)

// TestBenchTheGame runs the card-game bench and checks it prints the rates
// and is the same run after run (the games are seeded, whatever the
// workers).
func TestBenchTheGame(t *testing.T) {
	games := "20"
	if testing.Short() {
		games = "6" // the race run: each game costs ten times as much
	}
	args := []string{"bench", "thegame", "--players", "2", "--games", games, "--seed", "3"}
	code, out, errOut := run(t, "", args...)
	if code != 0 || !strings.Contains(out, "win rate") || !strings.Contains(out, "cards left") || !strings.Contains(out, "2 players, "+games+" games") {
		t.Fatalf("code %d\n%s\n%s", code, out, errOut)
	}
	if _, again, _ := run(t, "", append(args, "--workers", "1")...); again != out {
		t.Errorf("a second run differs:\n%s\n%s", out, again)
	}
	if code, _, _ := run(t, "", "bench", "thegame-house", "--games", "0"); code == 0 {
		t.Errorf("--games 0 accepted")
	}
}
