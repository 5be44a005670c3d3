// Command meeple plays many games over one line protocol, pipes engines
// against each other and lets a person play in a terminal. See README.md.
package main

import (
	"context"
	"os"

	"github.com/meeple-games/meeple/internal/cli"
)

func main() {
	ctx, stop := cli.SignalContext(context.Background()) // SIGINT, SIGTERM, SIGHUP
	code := cli.Main(ctx, cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, os.Args[1:])
	stop()
	os.Exit(code)
}
