package repl_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	_ "github.com/meeple-games/meeple/games/gametest/nimtest" // the test-only games nimtest and brokentest
	"github.com/meeple-games/meeple/internal/cli"
	"github.com/meeple-games/meeple/internal/meepletest"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/protocol"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata")

// helperEnv makes the test binary something else (the helper-process
// pattern): "engine" is meeple's engine on stdin/stdout, which cmd=@self
// starts (TestMain sets it for every child); "play" is meeple play with the
// arguments in helperArgs, for the terminal test.
const (
	helperEnv  = "MEEPLE_REPL_HELPER"
	helperArgs = "MEEPLE_REPL_ARGS"
)

func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "engine":
		if err := protocol.Run(context.Background(), os.Stdin, os.Stdout, protocol.Options{Stderr: os.Stderr, Players: players.New}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	case "play":
		args, err := meepletest.SplitArgs(os.Getenv(helperArgs))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(cli.Main(context.Background(), cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, append([]string{"play"}, args...)))
	}
	flag.Parse()
	os.Setenv(helperEnv, "engine") // cmd=@self: the children are engines
	os.Exit(m.Run())
}

// play runs meeple play in-process with args and stdin, in dir, and
// returns its exit code and output.
func play(t *testing.T, dir, stdin string, args ...string) (int, string, string) {
	t.Helper()
	if dir != "" {
		t.Chdir(dir)
	}
	var out, errOut bytes.Buffer
	code := cli.Main(context.Background(), cli.Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut}, append([]string{"play"}, args...))
	return code, out.String(), errOut.String()
}

// unstable matches the search statistics of the real engine, which change
// as it improves: depth and node counts.
var unstable = regexp.MustCompile(`depth \d+, [\d,]+ nodes?`)

// TestGolden replays testdata/*.in: the first line is "# play ARGS", the
// rest is the input. The output (and stderr, each line marked) must match
// the .golden file; -update rewrites it. Sessions run in a fresh directory
// (save and load write there). Transcripts that hold the real engine's
// hints have its depth and node counts masked; the others play the seeded
// random or baseline players, whose moves never change.
func TestGolden(t *testing.T) {
	ins, _ := filepath.Glob("testdata/*.in")
	if len(ins) == 0 {
		t.Fatal("no testdata/*.in")
	}
	for _, in := range ins {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			header, input, _ := strings.Cut(string(data), "\n")
			cmdline, ok := strings.CutPrefix(header, "# play")
			if !ok {
				t.Fatalf("%s: first line %q: want # play ARGS", in, header)
			}
			args, err := meepletest.SplitArgs(cmdline)
			if err != nil {
				t.Fatal(err)
			}
			golden, _ := filepath.Abs(strings.TrimSuffix(in, ".in") + ".golden")
			code, out, errOut := play(t, t.TempDir(), input, args...)
			got := unstable.ReplaceAllString(out, "depth *, * nodes")
			for _, l := range strings.Split(strings.TrimRight(errOut, "\n"), "\n") {
				if l != "" {
					got += "stderr: " + l + "\n"
				}
			}
			if code != 0 {
				got += fmt.Sprintf("exit %d\n", code)
			}
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("transcript differs from %s (go test -update rewrites it):\n%s", golden, diff(string(want), got))
			}
		})
	}
}

// diff shows the first lines where want and got differ.
func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, wl, gl)
		}
	}
	return "(same lines)"
}
