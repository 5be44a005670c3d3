//go:build !unix

package client

import (
	"os"
	"os/exec"
)

func prepareCommand(cmd *exec.Cmd) {}

// killProcess kills the engine (and not what it started: there are no
// process groups here).
func killProcess(p *os.Process) { p.Kill() }

// endGroup does nothing: there are no process groups here.
func endGroup(*os.Process) {}
