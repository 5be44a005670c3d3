//go:build unix

package cli

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/meeple-games/meeple/internal/meepletest"
)

// helper is the meeple command as a process (see TestMain); pids, if not
// "", collects the pids of it and of every engine it starts.
func helper(t *testing.T, pids string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "MEEPLE_CLI_HELPER=1", "MEEPLE_CLI_PIDS="+pids)
	return cmd
}

// exitCode waits for cmd, at most limit, and returns its exit status.
func exitCode(t *testing.T, cmd *exec.Cmd, limit time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatalf("wait: %v", err)
		}
		return cmd.ProcessState.ExitCode()
	case <-time.After(limit):
		cmd.Process.Kill()
		t.Fatalf("%v did not end within %v", cmd.Args, limit)
	}
	return -1
}

// journalGames counts the finished games in a journal (the lines after
// the header).
func journalGames(path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	return max(strings.Count(string(data), "\n")-1, 0)
}

// TestMatchSignals stops a match with SIGTERM (and SIGHUP) mid-match: the
// standings of the finished games are printed, the lock is released, no
// engine process outlives the referee, the status is 128+signal, and the
// same command run again resumes and completes the match.
func TestMatchSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a match of engine processes")
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			pids := filepath.Join(dir, "pids")
			if err := os.Mkdir(pids, 0o755); err != nil {
				t.Fatal(err)
			}
			// About a third of a second a game: the signal lands long
			// before the end.
			const games = 8
			args := []string{"match", "--variant", "connect4", "--games", strconv.Itoa(games), "--concurrency", "2",
				"--movetime", "0.01", "--margin", "1s", "--random-plies", "2", "--seed", "5", "--out", out,
				"--engine", "name=a cmd=@self", "--engine", "name=b cmd=@self option.Algorithm=mcts"}
			cmd := helper(t, pids, args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Mid-match: once a game is journaled (generous: the machine may be loaded).
			journal := filepath.Join(out, "journal.jsonl")
			deadline := time.Now().Add(2 * time.Minute)
			for journalGames(journal) < 1 {
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatalf("no game finished in time; stderr:\n%s", stderr.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			code := exitCode(t, cmd, time.Minute)
			if code != 128+int(sig) {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, 128+int(sig), stderr.String())
			}
			done := journalGames(journal)
			if done < 1 || done >= games {
				t.Fatalf("%d of %d games journaled: not mid-match", done, games)
			}
			if want := "connect4: " + strconv.Itoa(done) + " games of " + strconv.Itoa(games); !strings.Contains(stdout.String(), want) ||
				!strings.Contains(stdout.String(), "run the same command again to resume") {
				t.Errorf("stdout lacks the standings (%q) or the resume note:\n%s", want, stdout.String())
			}
			if !strings.Contains(stderr.String(), "meeple match: interrupted:") {
				t.Errorf("stderr does not say the match was interrupted:\n%s", stderr.String())
			}
			if _, err := os.Stat(filepath.Join(out, "meeple.lock")); !os.IsNotExist(err) {
				t.Errorf("the lock is still there (%v)", err)
			}
			entries, err := os.ReadDir(pids)
			if err != nil {
				t.Fatal(err)
			}
			engines := 0
			for _, e := range entries {
				pid, err := strconv.Atoi(e.Name())
				if err != nil {
					t.Fatalf("pid file %q", e.Name())
				}
				if pid == cmd.Process.Pid {
					continue
				}
				engines++
				if meepletest.Alive(pid) {
					t.Errorf("engine process %d outlived the referee", pid)
					syscall.Kill(pid, syscall.SIGKILL)
				}
			}
			if engines < 2 {
				t.Errorf("%d engine processes recorded, want at least 2", engines)
			}
			if sig != syscall.SIGTERM {
				return
			}
			// The same command again resumes and completes the match.
			again := helper(t, "", args...)
			var stdout2, stderr2 bytes.Buffer
			again.Stdout, again.Stderr = &stdout2, &stderr2
			if err := again.Start(); err != nil {
				t.Fatal(err)
			}
			if code := exitCode(t, again, 3*time.Minute); code != 0 {
				t.Fatalf("the rerun: exit status %d; stderr:\n%s", code, stderr2.String())
			}
			if got := journalGames(journal); got != games {
				t.Errorf("%d games journaled after the rerun, want %d", got, games)
			}
			if want := "connect4: " + strconv.Itoa(games) + " games of " + strconv.Itoa(games); !strings.Contains(stdout2.String(), want) {
				t.Errorf("the rerun's stdout lacks %q:\n%s", want, stdout2.String())
			}
			if code, rout, _ := run(t, "", "replay", out); code != 0 || !strings.Contains(rout, strconv.Itoa(games)+" games, "+strconv.Itoa(games)+" valid") {
				t.Errorf("replay after the resume: code %d\n%s", code, rout)
			}
		})
	}
}

// TestEngineSignal: `meeple engine` ends on SIGTERM in the middle of an
// infinite search, with status 143 and nothing but protocol on stdout.
func TestEngineSignal(t *testing.T) {
	cmd := helper(t, "", "engine", "--variant", "connect4")
	stdin, stdoutPipe, stderr := startPiped(t, cmd)
	defer stdin.Close()
	io.WriteString(stdin, "1 isready\n2 go infinite\n")
	lines := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(stdoutPipe)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var got []string
	for len(got) == 0 || !strings.HasPrefix(got[len(got)-1], "info") { // searching
		select {
		case l := <-lines:
			got = append(got, l)
		case <-time.After(time.Minute):
			t.Fatalf("no info line; output %q, stderr %q", got, stderr.String())
		}
	}
	cmd.Process.Signal(syscall.SIGTERM)
	for l := range lines {
		got = append(got, l)
	}
	if code := exitCode(t, cmd, time.Minute); code != 143 {
		t.Errorf("exit status %d, want 143; stderr %q", code, stderr.String())
	}
	for _, l := range got {
		if w := strings.Fields(l); len(w) == 0 || (w[0] != "ok" && w[0] != "info" && w[0] != "bestmove") {
			t.Errorf("not a protocol line on stdout: %q", l)
		}
	}
	if !strings.Contains(stderr.String(), "SIGTERM") {
		t.Errorf("stderr %q does not name the signal", stderr.String())
	}
}

// TestPlaySignal: `meeple play` waiting for a person's move ends on
// SIGTERM (the prompt is given up), with status 143.
func TestPlaySignal(t *testing.T) {
	cmd := helper(t, "", "play", "tictactoe", "--as", "1")
	stdin, stdoutPipe, stderr := startPiped(t, cmd)
	defer stdin.Close() // held open: the prompt waits
	prompted := make(chan struct{})
	go func() {
		r := bufio.NewReader(stdoutPipe)
		var seen []byte
		for {
			b, err := r.ReadByte()
			if err != nil {
				return
			}
			seen = append(seen, b)
			if bytes.HasSuffix(seen, []byte("to move (you)\n")) { // then it reads a line
				close(prompted)
				io.Copy(io.Discard, r)
				return
			}
		}
	}()
	select {
	case <-prompted:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatalf("no prompt; stderr %q", stderr.String())
	}
	cmd.Process.Signal(syscall.SIGTERM)
	if code := exitCode(t, cmd, time.Minute); code != 143 {
		t.Errorf("exit status %d, want 143; stderr %q", code, stderr.String())
	}
}

// startPiped starts cmd with a pipe to its stdin, one from its stdout and
// its stderr kept in a buffer.
func startPiped(t *testing.T, cmd *exec.Cmd) (io.WriteCloser, io.ReadCloser, *bytes.Buffer) {
	t.Helper()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := new(bytes.Buffer)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return stdin, stdout, stderr
}
