package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/internal/meepletest"
)

// run runs the command line in-process and returns its exit code and output.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(context.Background(), Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut}, args)
	return code, out.String(), errOut.String()
}

func TestHelp(t *testing.T) {
	code, out, _ := run(t, "", "--help")
	if code != 0 || !strings.Contains(out, "Commands:") {
		t.Errorf("--help: code %d, output %q", code, out)
	}
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			code, out, _ := run(t, "", c.name, "--help")
			if code != 0 || !strings.Contains(out, "Usage: meeple "+c.name) {
				t.Errorf("%s --help: code %d, output %q", c.name, code, out)
			}
			if code, out2, _ := run(t, "", "help", c.name); code != 0 || out2 != out {
				t.Errorf("help %s: code %d, output differs", c.name, code)
			}
		})
	}
	if code, _, errOut := run(t, "", "nosuch"); code != 2 || !strings.Contains(errOut, "unknown command") {
		t.Errorf("unknown command: code %d, stderr %q", code, errOut)
	}
	if code, _, _ := run(t, "", "perft", "--nosuchflag"); code != 2 {
		t.Errorf("bad flag: code %d, want 2", code)
	}
	if code, _, _ := run(t, "", "perft", "tictactoe"); code != 2 {
		t.Errorf("missing argument: code %d, want 2", code)
	}
}

func TestVariants(t *testing.T) {
	code, out, _ := run(t, "", "variants")
	if code != 0 {
		t.Fatalf("code %d", code)
	}
	for _, name := range []string{"tictactoe", "qubic", "hypercube", "gomoku", "connect4", "score4"} {
		if !regexp.MustCompile(`(?m)^` + name + ` +kinarow `).MatchString(out) {
			t.Errorf("variants does not list %s:\n%s", name, out)
		}
	}
	// The columns line up on every row: name, game, rules, description.
	var starts []int
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var cols []int
		for _, m := range regexp.MustCompile(`\S+( \S+)*`).FindAllStringIndex(line, 4) {
			cols = append(cols, m[0])
		}
		if starts == nil {
			starts = cols
		}
		if len(cols) != 4 || !slices.Equal(cols, starts) {
			t.Errorf("columns at %v, want %v:\n%s", cols, starts, out)
			break
		}
	}
	if !regexp.MustCompile(`(?m)^thegame-expert +thegame +min_plays=3 +The Game`).MatchString(out) {
		t.Errorf("want only the rules that differ from the defaults:\n%s", out)
	}
	code, out, _ = run(t, "", "variants", "--games")
	if code != 0 || !strings.Contains(out, "kinarow:") || !strings.Contains(out, "connect") {
		t.Errorf("variants --games: code %d\n%s", code, out)
	}
	at := -1 // the column of "default" on every rule's line
	for _, line := range strings.Split(out, "\n") {
		if i := strings.Index(line, "  default "); strings.HasPrefix(line, "  ") && (at < 0 || i == at) {
			at = i
		} else if strings.HasPrefix(line, "  ") {
			t.Errorf("variants --games: default at column %d, want %d:\n%s", i, at, out)
			break
		}
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.toml")
	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(good, []byte("extends = \"qubic\"\nname = \"q5\"\n[rules]\nsize = 5\n"), 0o644)
	os.WriteFile(bad, []byte("game = \"kinarow\"\n[rules]\nsize = 3\nconect = 3\n"), 0o644)
	code, out, _ := run(t, "", "check", good)
	if code != 0 || !strings.Contains(out, "ok: q5 (kinarow)") || !strings.Contains(out, "size=5") {
		t.Errorf("check good: code %d, %q", code, out)
	}
	code, out, errOut := run(t, "", "check", good, bad)
	if code != 1 || !strings.Contains(out, bad+`:4: key "conect": unknown rule for kinarow (did you mean "connect"?)`) {
		t.Errorf("check bad: code %d, out %q, stderr %q", code, out, errOut)
	}
}

func TestPerft(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"perft", "tictactoe", "9"}, "nodes 127872\n"},
		{[]string{"perft", "tictactoe", "2", "--position", "xxx/oo1/3 o"}, "nodes 0\n"},
		{[]string{"perft", "tictactoe", "2", "--position", "xxx/oo1/3 o", "--divide"}, "nodes 0\n"},
		{[]string{"perft", "tictactoe", "0", "--position", "xxx/oo1/3 o"}, "nodes 1\n"},
		{[]string{"perft", "tictactoe", "2", "--divide"}, "b2: 8\n"},
		{[]string{"perft", "--divide", "kinarow(size=3)", "1"}, "nodes 9\n"},
		{[]string{"perft", "tictactoe", "1", "--moves", "b2 a1"}, "nodes 7\n"},
		{[]string{"perft", "connect4", "4"}, "nodes 2401\n"},
		{[]string{"perft", "tictactoe", "1", "--set", "size=4", "--set", "connect=4"}, "nodes 16\n"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := run(t, "", tc.args...)
			if code != 0 || !strings.Contains(out, tc.want) {
				t.Errorf("code %d, output %q, stderr %q; want %q", code, out, errOut, tc.want)
			}
		})
	}
	for _, args := range [][]string{
		{"perft", "tictactoe", "x"},
		{"perft", "nosuch", "1"},
		{"perft", "tictactoe", "1", "--moves", "z9"},
		{"perft", "tictactoe", "1", "--position", "garbage"},
	} {
		if code, _, errOut := run(t, "", args...); code != 1 || errOut == "" {
			t.Errorf("%v: code %d, stderr %q; want an error", args, code, errOut)
		}
	}
	for _, args := range [][]string{
		{"perft", "qubic", "-1"},
		{"perft", "-7", "qubic"},
		{"perft", "qubic", "--", "-1"},
	} {
		if code, _, errOut := run(t, "", args...); code != 1 || !strings.Contains(errOut, "is negative") || strings.Contains(errOut, "flag") {
			t.Errorf("%v: code %d, stderr %q; want the depth called negative", args, code, errOut)
		}
	}
}

func TestBenchSignatureIsStable(t *testing.T) {
	meepletest.OneGoroutine(t)
	sig := regexp.MustCompile(`(?m)^signature (\d+)$`)
	var first string
	args := []string{"bench", "tictactoe", "connect4"}
	if testing.Short() {
		args = args[:2] // the short run: one variant's workload
	}
	for i := 0; i < 2; i++ {
		code, out, errOut := run(t, "", args...)
		m := sig.FindStringSubmatch(out)
		if code != 0 || m == nil {
			t.Fatalf("bench: code %d, out %q, stderr %q", code, out, errOut)
		}
		if i == 0 {
			first = m[1]
		} else if m[1] != first {
			t.Errorf("signature %s, then %s", first, m[1])
		}
	}
	if code, _, _ := run(t, "", "bench", "nosuch"); code != 1 {
		t.Errorf("bench nosuch: code %d", code)
	}
}

func TestEngine(t *testing.T) {
	code, out, _ := run(t, "1 newgame connect4\n2 play d\n3 legalmoves\nquit\n", "engine")
	if code != 0 || !strings.Contains(out, "ok 1 ") || !strings.Contains(out, "ok 3 ") || !strings.Contains(out, "d2") {
		t.Errorf("engine: code %d\n%s", code, out)
	}
}
