package repl_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/internal/cli"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/referee"
)

// replay runs meeple replay on a file and returns its exit code and output.
func replay(t *testing.T, path string) (int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cli.Main(context.Background(), cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}, []string{"replay", path})
	return code, out.String() + errOut.String()
}

// TestSaveReplay saves games from the REPL, checks them with meeple replay
// (the referee's own validation), loads them back and plays on.
func TestSaveReplay(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		first  string // the moves before the save, then a save to a.txt
		then   string // after loading a.txt, then a save to b.txt
		termA  record.Termination
		termB  record.Termination
		result string // of b.txt
	}{
		{"tictactoe", []string{"tictactoe", "--humans"}, "b2\na1\nundo\nredo\nb3\n", "c1\nb1\n", record.Unterminated, record.Normal, "1-0"},
		{"vs engine", []string{"connect4", "--engine", "builtin option.Algorithm=random", "--level", "1"}, "d\nd\nhint\nundo\nredo\n", "go\nundo\n", record.Unterminated, record.Unterminated, "*"},
		// Chance: every outcome must be the referee's seeded draw, after
		// undo and redo too.
		{"chance", []string{"nimtest(players=3,chance=true,pile=20)", "--engine", "builtin option.Algorithm=random", "--seed", "7"},
			"1\n2\nundo\n3\nundo\nredo\n", "1\nundo 2\nredo\n", record.Unterminated, record.Unterminated, "*"},
		{"chance to the end", []string{"nimtest(chance=true,pile=6)", "--humans"}, "1\n1\n", strings.Repeat("3\n2\n1\n", 20), record.Unterminated, record.Normal, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			code, out, errOut := play(t, dir, tc.first+"save a.txt\n", tc.args...)
			if code != 0 || !strings.Contains(out, "saved ") || errOut != "" {
				t.Fatalf("first session: code %d, stderr %q\n%s", code, errOut, out)
			}
			if code, out := replay(t, filepath.Join(dir, "a.txt")); code != 0 || !strings.Contains(out, "1 valid, 0 invalid") {
				t.Fatalf("replay a.txt: code %d\n%s", code, out)
			}
			code, out, errOut = play(t, dir, "load a.txt\n"+tc.then+"save b.txt\n", tc.args...)
			if code != 0 || !strings.Contains(out, "loaded game 1 of a.txt") || errOut != "" {
				t.Fatalf("second session: code %d, stderr %q\n%s", code, errOut, out)
			}
			if code, out := replay(t, filepath.Join(dir, "b.txt")); code != 0 || !strings.Contains(out, "1 valid, 0 invalid") {
				t.Fatalf("replay b.txt: code %d\n%s", code, out)
			}
			for file, term := range map[string]record.Termination{"a.txt": tc.termA, "b.txt": tc.termB} {
				rs, err := referee.ReadFile(filepath.Join(dir, file))
				if err != nil || len(rs) != 1 {
					t.Fatalf("%s: %v, %d games", file, err, len(rs))
				}
				if rs[0].Termination != term {
					t.Errorf("%s: termination %s, want %s", file, rs[0].Termination, term)
				}
				if file == "b.txt" && tc.result != "" && rs[0].Result() != tc.result {
					t.Errorf("b.txt: result %s, want %s", rs[0].Result(), tc.result)
				}
			}
		})
	}
}

// TestWatchDeterministic watches the real engine play itself at a node
// level: the same moves on every run, and tic-tac-toe is a draw.
func TestWatchDeterministic(t *testing.T) {
	for _, args := range [][]string{
		{"tictactoe", "--watch", "--level", "4"},
		{"connect4", "--watch", "--level", "1"},
		{"othello-4x4", "--watch", "--level", "2"},
		{"nocca-3x3", "--watch", "--level", "1"},
	} {
		t.Run(args[0], func(t *testing.T) {
			code, first, errOut := play(t, "", "", args...)
			if code != 0 || errOut != "" || !strings.Contains(first, "Game over: ") {
				t.Fatalf("code %d, stderr %q\n%s", code, errOut, first)
			}
			if args[0] == "tictactoe" && !strings.Contains(first, "draw.") {
				t.Errorf("perfect play is a draw:\n%s", first)
			}
			_, again, _ := play(t, "", "", args...)
			if again != first {
				t.Errorf("a second run differs:\n%s", diff(first, again))
			}
		})
	}
}

// TestPlayFlags checks the command line's errors.
func TestPlayFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"nosuch"}, `unknown variant "nosuch"`},
		{[]string{"--level", "0"}, "--level: level 0: want 1..10"},
		{[]string{"--as", "q"}, `--as: player "q": want one of x, o`},
		{[]string{"--watch", "--as", "x"}, "nobody sits at the board"},
		{[]string{"--engine", "builtin option.Colour=red"}, `unknown option "Colour"`},
		{[]string{"--engine", "builtin arg=x"}, "arg, dir, env, proto and tc are for programs"},
		{[]string{"--engine", "cmd=x tc=10"}, "tc= is for matches"},
		{[]string{"--engine", "nmae=x"}, `unknown key "nmae"`},
		{[]string{"--color", "red"}, `--color "red"`},
		{[]string{"tictactoe", "qubic"}, "wrong number of arguments"},
	} {
		code, _, errOut := play(t, "", "", tc.args...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("play %q: code %d, stderr %q; want %q", tc.args, code, errOut, tc.want)
		}
	}
	code, out, _ := play(t, "", "", "--help")
	if code != 0 || !strings.Contains(out, "Usage: meeple play") || !strings.Contains(out, "--watch") {
		t.Errorf("--help: code %d\n%s", code, out)
	}
}

// TestEngineFailure plays against an engine program that cannot start:
// the game pauses with the error and goes on with the person's moves.
func TestEngineFailure(t *testing.T) {
	code, out, _ := play(t, "", "go\nb2\nquit\n", "tictactoe", "--as", "o", "--engine", "cmd="+filepath.Join(t.TempDir(), "nosuch"))
	if code != 0 || !strings.Contains(out, "Paused: 'go' asks the engine again") || !strings.Contains(out, "tictactoe x> b2") {
		t.Errorf("code %d\n%s", code, out)
	}
	if strings.Count(out, "startup") < 2 {
		t.Errorf("want the startup failure twice (first move, go):\n%s", out)
	}
}

// TestLoadRefused loads records that cannot be played here: rules that
// name no variant, and a position the rules do not know. Each is refused
// with its reason and the game in progress stays as it was.
func TestLoadRefused(t *testing.T) {
	const record = `[Variant "tictactoe"]
[Rules "%s"]
[Game "1"]
[Seed "0"]
[Seat1 "human"]
[Seat2 "human"]
[Start "%s"]
[Result "*"]
[Returns "0 0"]
[Termination "unterminated"]
[Plies "1"]

b2 {0.1s} *
`
	for _, tc := range []struct{ rules, start, want string }{
		{"nosuch(size=3)", "startpos", `load: game 1 of bad.txt does not replay: rules: unknown variant "nosuch"`},
		{"kinarow(connect=3,dims=2,exact=false,gravity=0,size=3)", "not a position", "load: game 1 of bad.txt does not replay: start: "},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "bad.txt"), fmt.Appendf(nil, record, tc.rules, tc.start), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := play(t, dir, "a1\nload bad.txt\nmoves\n", "tictactoe", "--humans")
		if code != 0 || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("%s: code %d, want %q in\n%s%s", tc.rules, code, tc.want, out, errOut)
		}
		if !strings.Contains(out, "legal moves (8)") {
			t.Errorf("%s: the game in progress is gone:\n%s", tc.rules, out)
		}
	}
}
