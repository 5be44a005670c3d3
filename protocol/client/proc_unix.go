//go:build unix

package client

import (
	"os"
	"os/exec"
	"syscall"
)

// prepareCommand puts the engine in a process group of its own, so that
// killing it also kills what it started (an engine behind a wrapper
// script), and a terminal's Ctrl-C reaches the referee, which then ends
// its engines with quit. On Linux the engine also dies with the process
// that started it, even one killed with SIGKILL (dieWithParent).
func prepareCommand(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithParent(cmd.SysProcAttr)
}

// killProcess kills the engine and its process group. It is called only
// before the process is reaped, so its id cannot have been reused.
func killProcess(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL)
	p.Kill()
}

// endGroup kills what is left of the engine's process group once the
// engine has exited: the children it started and left behind. The
// group's id is the engine's pid, which the kernel does not hand out
// again while any process of the group lives; with none left, the kill
// finds no group.
func endGroup(p *os.Process) {
	syscall.Kill(-p.Pid, syscall.SIGKILL)
}
