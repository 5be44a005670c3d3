package referee

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLock: one referee per output directory; a stale lock (its process
// is gone) is taken over with a warning.
func TestLock(t *testing.T) {
	dir := t.TempDir()
	var warn bytes.Buffer
	unlock, err := lockDir(dir, &warn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lockDir(dir, &warn); err == nil || !strings.Contains(err.Error(), "in use by another referee") {
		t.Errorf("a second lock: %v", err)
	}
	cfg := testConfig(t, "tictactoe", 1, meeple("a", 1), meeple("b", 1))
	cfg.Out = dir
	if _, err := Run(t.Context(), cfg); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("a match in a locked directory: %v", err)
	}
	unlock()
	if _, err := os.Stat(filepath.Join(dir, LockFile)); !os.IsNotExist(err) {
		t.Errorf("the lock is still there after unlock: %v", err)
	}
	// A pid above Linux's pid_max (2^22) is never running.
	os.WriteFile(filepath.Join(dir, LockFile), []byte("2147483646\n"), 0o644)
	cfg.Stderr = &warn
	run(t, cfg)
	if !strings.Contains(warn.String(), "taking over the lock") || !strings.Contains(warn.String(), "2147483646") {
		t.Errorf("no warning for a stale lock: %q", warn.String())
	}
	if _, err := os.Stat(filepath.Join(dir, LockFile)); !os.IsNotExist(err) {
		t.Errorf("the match left its lock: %v", err)
	}
	// A lock with this process's pid that it does not hold: a container's
	// referee (pid 1 at every start) restarted after it was killed.
	os.WriteFile(filepath.Join(dir, LockFile), []byte(fmt.Sprintln(os.Getpid())), 0o644)
	warn.Reset()
	unlock, err = lockDir(dir, &warn)
	if err != nil || !strings.Contains(warn.String(), "taking over the lock") {
		t.Errorf("a stale lock with this process's pid: %v, warnings %q", err, warn.String())
	} else {
		unlock()
	}
	os.WriteFile(filepath.Join(dir, LockFile), []byte("garbage"), 0o644)
	if _, err := lockDir(dir, &warn); err == nil || !strings.Contains(err.Error(), "remove it") {
		t.Errorf("a lock without a pid: %v", err)
	}
}

// TestEventsWriteError: a failing events file is reported once, and the
// match goes on.
func TestEventsWriteError(t *testing.T) {
	var warn bytes.Buffer
	e, err := openEvents(filepath.Join(t.TempDir(), "events.jsonl"), &warn)
	if err != nil {
		t.Fatal(err)
	}
	e.f.Close() // every write now fails
	for range 3 {
		e.emit(Event{Type: "move"})
	}
	if n := strings.Count(warn.String(), "warning: events"); n != 1 {
		t.Errorf("%d warnings, want 1: %q", n, warn.String())
	}
}
