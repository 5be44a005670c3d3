//go:build unix && !linux

package client

import "syscall"

// dieWithParent does nothing here: only Linux has a parent-death signal.
// An engine whose referee died reads the end of its input and quits.
func dieWithParent(*syscall.SysProcAttr) {}
