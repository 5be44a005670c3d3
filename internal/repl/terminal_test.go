package repl_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// tmuxSession runs meeple play (this test binary as the helper) in a
// detached tmux session on a real pseudo-terminal, 100x50.
type tmuxSession struct {
	t    *testing.T
	tmux string
	sock string
}

func startTmux(t *testing.T, config, args string) *tmuxSession {
	t.Helper()
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		if os.Getenv("MEEPLE_REQUIRE_PEERS") != "" {
			t.Fatalf("tmux is required (MEEPLE_REQUIRE_PEERS is set): %v", err)
		}
		t.Skip("tmux not installed (apt-get install tmux); MEEPLE_REQUIRE_PEERS=1 makes this a failure")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s := &tmuxSession{t: t, tmux: tmux, sock: filepath.Join(t.TempDir(), "tmux.sock")}
	// env -u NO_COLOR: the test may run under NO_COLOR; colour is what it checks.
	cmd := fmt.Sprintf("env -u NO_COLOR %s=play %s=%q XDG_CONFIG_HOME=%q TERM=xterm-256color %q",
		helperEnv, helperArgs, args, config, exe)
	s.run("-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "50", cmd)
	t.Cleanup(func() { exec.Command(s.tmux, "-S", s.sock, "kill-server").Run() })
	return s
}

func (s *tmuxSession) run(args ...string) string {
	s.t.Helper()
	out, err := exec.Command(s.tmux, append([]string{"-S", s.sock}, args...)...).CombinedOutput()
	if err != nil {
		s.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// keys types keys (tmux key names: Tab, Enter, C-c, C-d, or text).
func (s *tmuxSession) keys(keys ...string) {
	s.t.Helper()
	s.run(append([]string{"send-keys", "-t", "0"}, keys...)...)
}

// screen is the pane's text, with its colours as escape sequences.
func (s *tmuxSession) screen() string { return s.run("capture-pane", "-p", "-e", "-t", "0") }

// waitFor polls the screen until it holds text (after any escapes are
// removed) and returns it.
func (s *tmuxSession) waitFor(text string) string {
	s.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		scr := s.screen()
		if strings.Contains(plain(scr), text) {
			return scr
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("the screen never showed %q:\n%s", text, plain(scr))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// plain removes SGR escape sequences.
func plain(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b {
			if j := strings.IndexByte(s[i:], 'm'); j >= 0 {
				i += j
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// reverse matches an SGR sequence that turns on reverse video (tmux may
// merge it with others: ESC[1;7m).
var reverse = regexp.MustCompile(`\x1b\[(\d+;)*7(;\d+)*m`)

// TestTerminal drives meeple play on a real terminal: tab completion of
// commands and moves, colour and Unicode pieces, Ctrl-C at the prompt,
// Ctrl-D to quit, and the history saved in the configuration directory.
func TestTerminal(t *testing.T) {
	config := t.TempDir()
	s := startTmux(t, config, "tictactoe --humans")
	scr := s.waitFor("tictactoe x>")
	if !strings.Contains(scr, "\x1b[") || !strings.Contains(scr, "·") {
		t.Errorf("no colour or Unicode on a terminal:\n%q", scr)
	}

	// A command: "hel" and Tab complete to "help".
	s.keys("hel", "Tab")
	s.waitFor("tictactoe x> help")
	s.keys("Enter")
	s.waitFor("list the commands")

	// Moves: "b" Tab completes nothing more (b1 b2 b3); a second Tab lists them.
	s.keys("b", "Tab", "Tab")
	scr = plain(s.waitFor("b1"))
	if !strings.Contains(scr, "b2") || !strings.Contains(scr, "b3") {
		t.Errorf("the second Tab does not list b1 b2 b3:\n%s", scr)
	}
	s.keys("2", "Enter")
	scr = s.waitFor("o to move")
	if !strings.Contains(scr, "✕") || !reverse.MatchString(scr) {
		t.Errorf("the move is not drawn as a highlighted ✕:\n%q", scr)
	}

	// Ctrl-C abandons a line; the session goes on.
	s.keys("a1 garbage", "C-c")
	s.keys("a", "Tab", "Tab")
	s.waitFor("a3")
	s.keys("1", "Enter")
	s.waitFor("x to move")

	// Ctrl-D quits and the history is saved.
	s.keys("C-d")
	hist := filepath.Join(config, "meeple", "history")
	deadline := time.Now().Add(10 * time.Second)
	for {
		data, err := os.ReadFile(hist)
		if err == nil && strings.Contains(string(data), "b2") && strings.Contains(string(data), "a1") {
			if strings.Contains(string(data), "garbage") {
				t.Errorf("an abandoned line went into the history:\n%s", data)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("history %s: %v %q", hist, err, data)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestTerminalInterrupt checks that Ctrl-C stops the engine's search (the
// terminal sends SIGINT between prompts) without ending the session, and
// that the NO_COLOR convention is kept.
func TestTerminalInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a long search")
	}
	s := startTmux(t, t.TempDir(), "gomoku --watch --level 10 --color never")
	s.waitFor("x to move (meeple)")
	// A Ctrl-C that comes before the search starts is dropped (a stale one
	// must not stop the next search), and a slow machine may start it
	// late: press it until the search stops (at the prompt it only
	// abandons the line).
	var scr string
	for deadline := time.Now().Add(15 * time.Second); ; {
		s.keys("C-c")
		time.Sleep(200 * time.Millisecond)
		if scr = s.screen(); strings.Contains(plain(scr), "Stopped meeple thinking for x") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Ctrl-C never stopped the search:\n%s", plain(scr))
		}
	}
	if strings.Contains(scr, "\x1b[") {
		t.Errorf("colour with --color never:\n%q", scr)
	}
	s.waitFor("gomoku x>")
	s.keys("quit", "Enter")
}
