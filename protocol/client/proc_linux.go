package client

import "syscall"

// dieWithParent asks the kernel to kill the engine when the process that
// started it dies, however it dies (the parent-death signal): a referee
// or a server killed with SIGKILL leaves no engine behind. (The kernel
// sends it when the thread that started the engine ends; Go ends a thread
// only under a goroutine that locked it and returned, which no caller of
// StartEngine does.)
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
