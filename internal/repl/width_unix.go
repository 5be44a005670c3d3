//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package repl

import (
	"os"
	"syscall"
	"unsafe"
)

// TerminalWidth is the number of columns of the terminal f, or 0 when f is
// not a terminal or does not say.
func TerminalWidth(f *os.File) int {
	var ws struct{ Row, Col, X, Y uint16 }
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), uintptr(syscall.TIOCGWINSZ), uintptr(unsafe.Pointer(&ws)))
	if errno != 0 {
		return 0
	}
	return int(ws.Col)
}
