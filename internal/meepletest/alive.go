package meepletest

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"syscall"
)

// Alive says whether process pid runs: it exists and is not a zombie
// waiting for its parent to reap it (where /proc tells; without /proc, a
// null signal asks whether it exists).
func Alive(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	switch {
	case errors.Is(err, os.ErrNotExist):
		if _, err := os.Stat("/proc/self/stat"); err == nil {
			return false
		}
		p, err := os.FindProcess(pid)
		return err == nil && p.Signal(syscall.Signal(0)) == nil
	case err != nil:
		return true // it is there, but its state is not ours to read
	}
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z' && stat[i+2] != 'X'
}
