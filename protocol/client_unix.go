//go:build unix

package protocol

import (
	"os"
	"os/exec"
	"syscall"
)

// prepareCommand puts the engine in a process group of its own, so that
// killing it also kills what it started (an engine behind a wrapper
// script), and a terminal's Ctrl-C reaches the referee, which then ends
// its engines with quit.
func prepareCommand(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcess kills the engine and its process group. It is called only
// before the process is reaped, so its id cannot have been reused.
func killProcess(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL)
	p.Kill()
}
