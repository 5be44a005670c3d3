package cli

import (
	"strings"
	"testing"
)

// Every dialect is named in the help, and --protocol selects each.
func TestEngineDialects(t *testing.T) {
	_, usage, _ := run(t, "", "--help")
	_, help, _ := run(t, "", "engine", "--help")
	for _, d := range []string{"native", "ugi", "uci", "nboard", "gtp"} {
		if !strings.Contains(usage, d) || !strings.Contains(help, d) {
			t.Errorf("--help or engine --help does not name the %s dialect:\n%s\n%s", d, usage, help)
		}
	}
	for _, tc := range []struct{ flag, input, want string }{
		{"native", "hello\n", "dialects native ugi uci nboard gtp"},
		{"gtp", "genmove black\n", "= "},
		{"auto", "1 protocol_version\n", "=1 2\n\n"},
		{"nboard", "set depth 1\ngo\n", "=== "},
		{"auto", "nboard 2\n", "set myname meeple"},
	} {
		code, out, errOut := run(t, tc.input, "engine", "--protocol", tc.flag)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("engine --protocol %s: code %d, want %q in\n%s\nstderr: %s", tc.flag, code, tc.want, out, errOut)
		}
	}
	if code, _, errOut := run(t, "", "engine", "--protocol", "xboard"); code != 1 || !strings.Contains(errOut, "nboard") {
		t.Errorf("engine --protocol xboard: code %d, stderr %q", code, errOut)
	}
}
