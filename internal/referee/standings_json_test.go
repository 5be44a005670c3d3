package referee

import (
	"encoding/json"
	"math"
	"testing"
)

// A standing read back from events keeps an infinite Elo infinite, with
// the sign of its score (JSON has no infinity: it is written as null).
func TestStandingJSON(t *testing.T) {
	for _, s := range []Standing{
		{Engine: "a", Games: 4, W: 4, Points: 4, Elo: math.Inf(1), EloLo: math.Inf(1), EloHi: math.Inf(1), LOS: 1},
		{Engine: "b", Games: 4, L: 4, Elo: math.Inf(-1), EloLo: math.Inf(-1), EloHi: math.Inf(-1), LOS: 0},
		{Engine: "c", Games: 4, W: 2, D: 1, L: 1, Points: 2.5, Elo: 88.7, EloLo: -200.5, EloHi: 400, LOS: 0.7},
	} {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var back Standing
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if back != s {
			t.Errorf("%s read back as %+v, want %+v", b, back, s)
		}
	}
}
