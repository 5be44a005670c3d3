//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package repl

import "os"

// TerminalWidth is the number of columns of the terminal f, or 0 when it
// cannot tell (on this system, always).
func TerminalWidth(f *os.File) int { return 0 }
