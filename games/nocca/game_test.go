package nocca

import (
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// TestParams checks the rule keys: ranges, the cross-field checks, and the
// effective values a game reports.
func TestParams(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"nocca(pieces=6)", `key "pieces": 6 pieces do not fit on a home row of 5 columns (at most 5; 0 for one a column)`},
		{"nocca-3x3(pieces=4)", `key "pieces": 4 pieces do not fit on a home row of 3 columns`},
		{"nocca(repetition=1)", `key "repetition": 1 would end every game at once`},
		{"nocca(repetition=10)", `key "repetition": 10 is out of range 0..9`},
		{"nocca(columns=1)", `key "columns": 1 is out of range 2..8`},
		{"nocca(columns=9)", `key "columns": 9 is out of range 2..8`},
		{"nocca(rows=1)", `key "rows": 1 is out of range 2..8`},
		{"nocca(stack=0)", `key "stack": 0 is out of range 1..7`},
		{"nocca(stack=8)", `key "stack": 8 is out of range 1..7`},
		{"nocca(goal=diagonal)", `key "goal": "diagonal" is not one of forward, straight`},
		{"nocca(first=red)", `key "first": "red" is not one of white, black`},
		{"nocca(stacks=2)", `unknown rule for nocca (did you mean "stack"?)`},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			_, err := games.LoadVariant(tc.spec)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("LoadVariant(%q) = %v; want an error with %q", tc.spec, err, tc.want)
			}
		})
	}
	for _, tc := range []struct{ spec, want string }{
		{"nocca", "nocca(columns=5,rows=6,pieces=5,stack=3,goal=forward,repetition=3,first=white)"},
		{"nocca-4x3", "nocca(columns=3,rows=4,pieces=3,stack=3,goal=forward,repetition=3,first=white)"},
		{"nocca(columns=7,pieces=4,repetition=0,first=black,goal=straight)", "nocca(columns=7,rows=6,pieces=4,stack=3,goal=straight,repetition=0,first=black)"},
	} {
		g := load(t, tc.spec)
		if got := g.String(); got != tc.want {
			t.Errorf("%s: %s; want %s", tc.spec, got, tc.want)
		}
		back := load(t, g.String())
		if back.String() != g.String() {
			t.Errorf("%s does not load back as itself: %s", g, back)
		}
		p := g.Params()
		if len(p) != len(family.Params) || p.Int("pieces") != g.Pieces() {
			t.Errorf("%s: Params() = %v", tc.spec, p)
		}
	}
}
