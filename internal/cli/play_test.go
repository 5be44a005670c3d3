package cli

import (
	"regexp"
	"testing"
)

// TestPlayFreshSeed: two sessions of a game of chance without --seed deal
// different hands, each says its seed, and --seed with that seed deals
// the same hand again.
func TestPlayFreshSeed(t *testing.T) {
	hand := regexp.MustCompile(`(?m)^player1: [\d ]+<- to move`)
	seed := regexp.MustCompile(`(?m)^seed (\d+) \(--seed \d+ deals the same again\)$`)
	session := func(args ...string) (string, string) {
		t.Helper()
		code, out, errOut := run(t, "quit\n", append([]string{"play", "thegame"}, args...)...)
		h, s := hand.FindString(out), seed.FindStringSubmatch(out)
		if code != 0 || h == "" || s == nil {
			t.Fatalf("play thegame %v: code %d, no hand or no seed in\n%s%s", args, code, out, errOut)
		}
		return h, s[1]
	}
	h1, s1 := session()
	h2, s2 := session()
	if h1 == h2 || s1 == s2 {
		t.Errorf("two sessions without --seed: seeds %s and %s, the same hand %q", s1, s2, h1)
	}
	if again, s := session("--seed", s1); again != h1 || s != s1 {
		t.Errorf("--seed %s: seed %s, hand %q; want the first session's %q", s1, s, again, h1)
	}
}
