package cli

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// The helper-process pattern: with $MEEPLE_CLI_HELPER set, the test binary
// is the meeple command (main's SignalContext and Main), so tests can run
// it as a process: send it signals, and give it as an engine (cmd=@self is
// then this binary too, and inherits the variable). With $MEEPLE_CLI_PIDS
// set it first writes its pid as a file name in that directory, so a test
// can check that no engine outlived its referee.
func TestMain(m *testing.M) {
	if os.Getenv("MEEPLE_CLI_HELPER") != "" {
		if dir := os.Getenv("MEEPLE_CLI_PIDS"); dir != "" {
			if err := os.WriteFile(filepath.Join(dir, strconv.Itoa(os.Getpid())), nil, 0o644); err != nil {
				os.Exit(99)
			}
		}
		ctx, stop := SignalContext(context.Background())
		code := Main(ctx, Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, os.Args[1:])
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}
