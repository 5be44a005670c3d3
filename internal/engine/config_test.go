package engine

import (
	"slices"
	"testing"
)

// TestOptions: every option Options lists is one Config.Set reads, with
// its range.
func TestOptions(t *testing.T) {
	names := map[string]Option{}
	for _, o := range Options() {
		names[o.Name] = o
		if o.Type == "combo" && !slices.Contains(o.Choices, o.Default) {
			t.Errorf("%s: default %q not among %v", o.Name, o.Default, o.Choices)
		}
	}
	for _, n := range []string{"Hash", "Algorithm", "Seed", "SolveEmpties"} {
		if _, ok := names[n]; !ok {
			t.Errorf("no option %s", n)
		}
	}
	var c Config
	for _, set := range [][2]string{{"hash", "64"}, {"ALGORITHM", "MCTS"}, {"Seed", "12345678901"}, {"solveempties", "20"}} {
		if err := c.Set(set[0], set[1]); err != nil {
			t.Errorf("Set(%q, %q): %v", set[0], set[1], err)
		}
	}
	if c != (Config{Algorithm: "mcts", HashMB: 64, Seed: 12345678901, SolveEmpties: 20}) {
		t.Errorf("config %+v", c)
	}
	if err := c.Set("SolveEmpties", "0"); err != nil || c.SolveEmpties >= 0 {
		t.Errorf("SolveEmpties 0 (never): config %+v, error %v", c, err)
	}
	for _, set := range [][2]string{{"Hash", "0"}, {"Hash", "lots"}, {"Algorithm", "minimax"}, {"Seed", "-1"}, {"Threads", "2"}, {"SolveEmpties", "-1"}, {"SolveEmpties", "257"}} {
		if err := c.Set(set[0], set[1]); err == nil {
			t.Errorf("Set(%q, %q) accepted", set[0], set[1])
		}
	}
}
