// Package cli is the meeple command line: one function per subcommand, each
// taking its arguments and streams, so that cmd/meeple stays a dispatcher
// and every subcommand is testable in-process.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	// The games register themselves; internal/players, which registers
	// each family's players, imports every one.
	_ "github.com/meeple-games/meeple/internal/players"
)

// Env is what a subcommand runs with.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env Env, args []string) error
}

var commands = []command{
	{"engine", "speak the engine protocol (native, ugi, uci, nboard, gtp) on stdin/stdout", runEngine},
	{"perft", "count the leaves of the move tree of a variant", runPerft},
	{"variants", "list the shipped variants and the game families", runVariants},
	{"check", "check variant files with exactly the loader's checks", runCheck},
	{"bench", "run the fixed benchmark workload (perft and searches)", runBench},
	{"solve", "solve an Othello, Nocca Nocca or k-in-a-row position exactly", runSolve},
	{"match", "play engines against each other: matches, tournaments, SPRT", runMatch},
	{"replay", "re-validate the games of a records file or journal", runReplay},
	{"merge", "merge the journals of a sharded match", runMerge},
	{"play", "play a game in the terminal: against the engine, a friend, or watch", runPlay},
	{"serve", "serve every game in the browser: rooms for people and engines, spectators", runServe},
	{"epd", "run a chess test suite in EPD (bm/am operations) and count the solved", runEPD},
	{"tune", "tune the chess evaluation by Texel's method on meeple's own games", runTune},
	{"version", "print the version, VCS revision, Go version and platform", runVersion},
}

// errUsage marks an error whose message is already printed with the usage.
var errUsage = errors.New("usage")

// Main runs the meeple command line and returns the process exit code: 0,
// 1 for an error, 2 for a usage error, and 128 plus the signal's number
// for a command ended by a signal (see SignalContext): 130 for Ctrl-C, 143
// for SIGTERM, 129 for SIGHUP.
func Main(ctx context.Context, env Env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		if len(args) > 1 {
			return Main(ctx, env, []string{args[1], "--help"})
		}
		usage(env.Stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	if args[0] == "--version" || args[0] == "-version" {
		args = append([]string{"version"}, args[1:]...)
	}
	for _, c := range commands {
		if c.name == args[0] {
			err := c.run(ctx, env, args[1:])
			switch {
			case err == nil:
				return 0
			case errors.Is(err, flag.ErrHelp):
				return 0
			case errors.Is(err, errUsage):
				return 2
			}
			sig := signalOf(ctx, err)
			if sig != nil && errors.Is(err, context.Canceled) && !errors.As(err, new(*SignalError)) {
				err = sig // "context canceled" says less
			}
			fmt.Fprintf(env.Stderr, "meeple %s: %v\n", c.name, err)
			if sig != nil {
				return sig.ExitCode()
			}
			return 1
		}
	}
	fmt.Fprintf(env.Stderr, "meeple: unknown command %q; run 'meeple --help'\n", args[0])
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "meeple: a universal game-protocol engine")
	fmt.Fprintln(w, "\nUsage: meeple <command> [arguments]\n\nCommands:")
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	sort.Strings(names)
	for _, n := range names {
		for _, c := range commands {
			if c.name == n {
				fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
			}
		}
	}
	fmt.Fprintln(w, "\nRun 'meeple <command> --help' for a command's flags.")
}

// newFlags makes a FlagSet whose usage names the command and its arguments.
func newFlags(env Env, name, args, doc string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: %s\n\n%s\n", strings.TrimSpace("meeple "+name+" "+args), strings.TrimSpace(doc))
		var any bool
		fs.VisitAll(func(*flag.Flag) { any = true })
		if any {
			fmt.Fprintln(w, "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parse parses flags that may stand before, between or after the positional
// arguments, and returns the positional ones. -h/--help prints the usage to
// stdout and returns flag.ErrHelp.
func parse(fs *flag.FlagSet, env Env, args []string) ([]string, error) {
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			fs.SetOutput(env.Stdout)
			fs.Usage()
			return nil, flag.ErrHelp
		}
	}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, errUsage
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// wantArgs checks the number of positional arguments.
func wantArgs(fs *flag.FlagSet, pos []string, lo, hi int) error {
	if len(pos) < lo || len(pos) > hi {
		fmt.Fprintf(fs.Output(), "meeple %s: wrong number of arguments\n", fs.Name())
		fs.Usage()
		return errUsage
	}
	return nil
}

// setUsage is --set's help, the same in every command that loads a
// variant.
const setUsage = "override a rule of the variant: one key=value a flag, repeatable (meeple variants --games lists the keys)"

// addSet registers --set, spelt the same way in every command.
func addSet(fs *flag.FlagSet, s *setFlags) {
	fs.Var(s, "set", strings.Replace(setUsage, "key=value", "`key=value`", 1))
}

// setFlags collects repeated --set key=value flags.
type setFlags []string

func (s *setFlags) String() string     { return strings.Join(*s, ",") }
func (s *setFlags) Set(v string) error { *s = append(*s, v); return nil }
