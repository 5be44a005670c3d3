package referee

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// LockFile marks an output directory in use: it holds the pid of the
// referee (meeple match or merge) writing there, and is removed when it
// is done.
const LockFile = "meeple.lock"

// lockDir takes dir for this process, so that two referees never write one
// output directory: it creates dir/LockFile with O_EXCL, holding the pid.
// A lock left by a process that is no longer running (killed, say) is
// taken over with a warning to warn; the lock of a live process, or one
// that cannot be read, is an error. The returned func removes the lock.
func lockDir(dir string, warn io.Writer) (func(), error) {
	path := filepath.Join(dir, LockFile)
	for try := 0; ; try++ {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, err = fmt.Fprintf(f, "%d\n", os.Getpid())
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				os.Remove(path)
				return nil, fmt.Errorf("lock %s: %w", path, err)
			}
			key := lockKey(path)
			heldLocks.Store(key, true)
			return func() {
				os.Remove(path)
				heldLocks.Delete(key)
			}, nil
		}
		if !errors.Is(err, os.ErrExist) || try == 2 {
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		data, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			continue // released meanwhile
		}
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		pid, live, err := lockHolder(dir, data)
		if err != nil {
			return nil, err
		}
		if live {
			return nil, fmt.Errorf("%s is in use by another referee (pid %d, lock %s); wait for it to finish or give another --out", dir, pid, path)
		}
		// Stale: take it over, unless another referee did so meanwhile.
		if now, err := os.ReadFile(path); err == nil && string(now) == string(data) {
			fmt.Fprintf(warn, "meeple: warning: taking over the lock %s of pid %d, which is no longer running\n", path, pid)
			os.Remove(path)
		}
	}
}

// lockHolder reads data, the content of dir's lock: the pid it holds,
// and whether that process is running (if not, the lock is stale). A
// lock without a pid is an error.
func lockHolder(dir string, data []byte) (pid int, live bool, err error) {
	pid, err = strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || pid <= 0 {
		return 0, false, fmt.Errorf("%s is in use: its lock %s does not hold a pid (%q); remove it if no referee is writing there",
			dir, filepath.Join(dir, LockFile), strings.TrimSpace(string(data)))
	}
	if pid == os.Getpid() {
		// In a container the referee is often pid 1 at every start: a lock
		// with this process's pid that this process does not hold is the
		// stale lock of a predecessor (a container restarted after a kill).
		_, held := heldLocks.Load(lockKey(filepath.Join(dir, LockFile)))
		return pid, held, nil
	}
	return pid, processAlive(pid), nil
}

// heldLocks holds the lock paths (lockKey) this process holds.
var heldLocks sync.Map

func lockKey(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// checkUnlocked returns an error when a live referee other than this
// process holds dir's lock: what it writes there is not finished.
func checkUnlocked(dir string) error {
	path := filepath.Join(dir, LockFile)
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("lock %s: %w", path, err)
	}
	pid, live, err := lockHolder(dir, data)
	if err != nil || !live || pid == os.Getpid() {
		return err
	}
	return fmt.Errorf("%s is in use by a running referee (pid %d, lock %s): its games are not all played; merge once it has finished, or leave it out", dir, pid, path)
}
