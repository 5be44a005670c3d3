//go:build unix

package cli

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// helpPages are every subcommand's help, the sub-subcommands' too.
var helpPages = func() [][]string {
	var pages [][]string
	for _, c := range commands {
		pages = append(pages, []string{c.name})
	}
	return append(pages, []string{"tune", "gen"}, []string{"tune", "fit"}, []string{"bench", "thegame"})
}()

// examples are the command lines under a help's "Examples:", each joined
// with the lines its trailing backslash continues.
func examples(help string) []string {
	_, rest, ok := strings.Cut(help, "\nExamples:\n")
	if !ok {
		return nil
	}
	var out []string
	cont := false
	for _, l := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(l, "  ") {
			break
		}
		l = strings.TrimSpace(l)
		if cont {
			out[len(out)-1] += " " + l
		} else {
			out = append(out, l)
		}
		cont = strings.HasSuffix(l, "\\")
		if cont {
			out[len(out)-1] = strings.TrimSuffix(out[len(out)-1], "\\")
		}
	}
	return out
}

// TestHelpExamples runs every help's examples as a person would paste
// them: by sh, in a fresh directory outside the source tree, with meeple
// on the PATH (this test binary, as the helper process). Each example
// must succeed; meeple serve, which runs until stopped, must still be
// serving after a few seconds.
func TestHelpExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example (about half a minute)")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.Symlink(self, filepath.Join(bin, "meeple")); err != nil {
		t.Fatal(err)
	}
	for _, page := range helpPages {
		name := strings.Join(page, " ")
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			_, help, _ := run(t, "", append(page, "--help")...)
			exs := examples(help)
			if len(exs) == 0 {
				t.Fatalf("meeple %s --help has no Examples:\n%s", name, help)
			}
			if !slices.ContainsFunc(exs, func(ex string) bool { return strings.Contains(ex, "meeple "+name) }) {
				t.Errorf("no example of meeple %s --help runs meeple %s: %q", name, name, exs)
			}
			dir, home := t.TempDir(), t.TempDir()
			for _, ex := range exs {
				runExample(t, dir, home, bin, ex, page[0] == "serve")
			}
		})
	}
}

// runExample runs one example by sh in dir; a server must still be
// running after three seconds (then it is stopped), anything else must
// end well within a minute with status 0.
func runExample(t *testing.T, dir, home, bin, ex string, server bool) {
	t.Helper()
	limit := time.Minute
	if server {
		limit = 3 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", ex)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "MEEPLE_CLI_HELPER=1", "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+home, "XDG_CACHE_HOME="+filepath.Join(home, "cache"), "XDG_CONFIG_HOME="+filepath.Join(home, "config"))
	// sh and what it starts are one process group, stopped together.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	switch {
	case server && errors.Is(ctx.Err(), context.DeadlineExceeded):
		// Still serving: as it should.
	case server && strings.Contains(string(out), "address already in use"):
		t.Logf("%s: the port is taken on this machine; not run", ex)
	case err != nil:
		t.Errorf("%s: %v\n%s", ex, err, out)
	}
}

// TestHelpDefaultsOnce: no flag's help says its default twice (the flag
// package adds "(default X)" to a usage that already says it).
func TestHelpDefaultsOnce(t *testing.T) {
	for _, page := range helpPages {
		_, help, _ := run(t, "", append(page, "--help")...)
		_, flags, _ := strings.Cut(help, "\nFlags:\n")
		for _, f := range strings.Split(flags, "\n  -") {
			if strings.Count(f, "default") > 1 {
				t.Errorf("meeple %s --help: a default said twice: -%s", strings.Join(page, " "), f)
			}
		}
	}
}

// TestHelpSetFlag: every command with --set spells it the same way.
func TestHelpSetFlag(t *testing.T) {
	want := "  -set key=value\n    \t" + setUsage + "\n"
	n := 0
	for _, page := range helpPages {
		_, help, _ := run(t, "", append(page, "--help")...)
		if !strings.Contains(help, "  -set ") {
			continue
		}
		n++
		if !strings.Contains(help, want) {
			t.Errorf("meeple %s --help spells --set otherwise than %q:\n%s", strings.Join(page, " "), want, help)
		}
	}
	if n < 5 {
		t.Errorf("%d commands have --set; want perft, solve, match, play and bench thegame", n)
	}
}
