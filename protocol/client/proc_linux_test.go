package client

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/meeple-games/meeple/internal/meepletest"
)

// readPid waits for a fake engine's pid file.
func readPid(t *testing.T, path string) int {
	t.Helper()
	for end := time.Now().Add(patience); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			pid, err := strconv.Atoi(string(b))
			if err != nil {
				t.Fatal(err)
			}
			return pid
		}
	}
	t.Fatal("no pid file")
	return 0
}

// gone waits for pid to end, up to half the time a "linger" engine
// lives by itself (it is killed at once: the wait only absorbs a loaded
// machine's delays).
func gone(pid int) bool {
	for end := time.Now().Add(lingering / 2); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if !meepletest.Alive(pid) {
			return true
		}
	}
	return false
}

// TestEngineChildrenEnd: what an engine started ends with it when the
// client closes it, even after the engine quit by itself (its process
// group is killed).
func TestEngineChildrenEnd(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	spec := fakeSpec("orphan", "native")
	spec.Env = append(spec.Env, pidFileEnv+"="+pidFile)
	c := start(t, spec, roomy)
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	pid := readPid(t, pidFile)
	if !gone(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("the engine's child %d outlived Close", pid)
	}
}

// TestEngineDiesWithParent: an engine dies with the process that started
// it, even when that one is killed with SIGKILL (the parent-death signal):
// a crashed referee or server leaves no engine running.
func TestEngineDiesWithParent(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	parent := exec.Command(os.Args[0])
	parent.Env = append(os.Environ(), fakeEngineEnv+"=parent", pidFileEnv+"="+pidFile)
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	engine := readPid(t, pidFile)
	if !meepletest.Alive(engine) {
		t.Fatal("the engine is not running")
	}
	parent.Process.Kill() // SIGKILL
	parent.Wait()
	if !gone(engine) {
		syscall.Kill(engine, syscall.SIGKILL)
		t.Fatalf("the engine %d outlived its parent's SIGKILL", engine)
	}
}
