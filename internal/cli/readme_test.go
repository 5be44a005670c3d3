package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/internal/meepletest"
)

// TestReadmeExamples runs the examples of README.md and docs/*.md that
// show their output, and checks the output shown is what meeple prints.
// In a fenced block, a line `$ go run ./cmd/meeple ARGS` (continued by a
// trailing backslash) is a command and the lines up to the next `$ ` are
// its output; `$ cat FILE` and the lines after it make FILE. The commands
// of one page run in order in one directory. Shown output may leave lines
// out with "..." and must otherwise match, line by line, except for the
// numbers after "time " and "nps ", which vary. A command shown without
// output is not run (they are long matches against peers); the engine's
// transcripts are protocol's TestReadme's.
func TestReadmeExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the README's matches")
	}
	t.Setenv("MEEPLE_CLI_HELPER", "1") // cmd=@self: this test binary as meeple
	pages, _ := filepath.Glob("../../docs/*.md")
	pages = append([]string{"../../README.md"}, pages...)
	var abs []string
	for _, p := range pages {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		abs = append(abs, a)
	}
	t.Chdir(t.TempDir())
	ran := 0
	for _, page := range abs {
		src, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, ex := range readmeExamples(string(src)) {
			name := filepath.Base(page) + ": " + ex.cmd
			if ex.file != "" {
				if err := os.WriteFile(ex.file, []byte(strings.Join(ex.want, "\n")+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			args, err := meepletest.SplitArgs(ex.cmd)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(ex.want) == 0 || len(args) > 0 && args[0] == "engine" {
				continue
			}
			ran++
			code, out, errOut := run(t, "", args...)
			if code != 0 {
				t.Errorf("%s: exit %d\n%s", name, code, errOut)
				continue
			}
			if err := matchShown(ex.want, strings.Split(strings.TrimSuffix(out+errOut, "\n"), "\n")); err != "" {
				t.Errorf("%s: %s\nit printed:\n%s%s", name, err, out, errOut)
			}
		}
	}
	if ran == 0 {
		t.Fatal("no example with output found")
	}
}

// readmeExample is a command with the output shown for it, or a file.
type readmeExample struct {
	cmd  string   // the arguments after "go run ./cmd/meeple"
	file string   // or a file made by "$ cat FILE"
	want []string // the lines shown after it
}

func readmeExamples(src string) []readmeExample {
	var out []readmeExample
	in, cur := false, (*readmeExample)(nil)
	lines := strings.Split(src, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case strings.HasPrefix(line, "```"):
			in, cur = !in, nil
		case !in:
		case strings.HasPrefix(line, "$ "):
			cur = nil
			cmd := strings.TrimPrefix(line, "$ ")
			for strings.HasSuffix(cmd, `\`) && i+1 < len(lines) {
				i++
				cmd = strings.TrimSuffix(cmd, `\`) + " " + strings.TrimSpace(lines[i])
			}
			switch {
			case strings.HasPrefix(cmd, "go run ./cmd/meeple "):
				out = append(out, readmeExample{cmd: strings.TrimPrefix(cmd, "go run ./cmd/meeple ")})
			case strings.HasPrefix(cmd, "cat "):
				out = append(out, readmeExample{file: strings.TrimPrefix(cmd, "cat ")})
			default:
				continue
			}
			cur = &out[len(out)-1]
		case cur != nil:
			cur.want = append(cur.want, line)
		}
	}
	return out
}

var varying = regexp.MustCompile(`\b(time|nps) [0-9.]+[µm]?s?\b`)

// matchShown reports how the lines shown differ from the lines printed:
// they must appear in order, "..." standing for any lines, and the first
// and last shown line must be the first and last printed unless "..."
// stands before or after them.
func matchShown(shown, printed []string) string {
	norm := func(s string) string { return varying.ReplaceAllString(strings.TrimRight(s, " "), "$1 N") }
	j, skip := 0, false
	for _, want := range shown {
		if want == "..." {
			skip = true
			continue
		}
		for skip && j < len(printed) && norm(printed[j]) != norm(want) {
			j++
		}
		if j == len(printed) || norm(printed[j]) != norm(want) {
			return "the line " + strconv.Quote(want) + " is not printed where shown"
		}
		j, skip = j+1, false
	}
	if !skip && j != len(printed) {
		return "it prints more after " + strconv.Quote(shown[len(shown)-1])
	}
	return ""
}
