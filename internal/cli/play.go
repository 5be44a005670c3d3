package cli

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/repl"
)

func runPlay(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "play", "[VARIANT|FILE.toml] [flags]", playDoc)
	var f playFlags
	f.register(fs)
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 0, 1); err != nil {
		return err
	}
	if !isSet(fs, "seed") {
		f.seed = freshSeed()
	}
	o, err := f.options(args, env)
	if err != nil {
		return err
	}
	stdin, inTTY := env.Stdin.(*os.File)
	inTTY = inTTY && repl.IsTerminal(stdin)
	stdout, outTTY := env.Stdout.(*os.File)
	outTTY = outTTY && repl.IsTerminal(stdout)
	if err := f.screen(fs, &o, stdout, inTTY, outTTY); err != nil {
		return err
	}
	if inTTY && outTTY && stdin == os.Stdin && stdout == os.Stdout {
		var stop func()
		ctx, stop = atTerminal(ctx, env, &o)
		defer stop()
	}
	return repl.Run(ctx, env.Stdin, env.Stdout, o)
}

// playDoc is meeple play's help.
const playDoc = `
Plays a game in the terminal: you against the built-in engine by default,
against any engine program (--engine), people against each other
(--humans), or engines against each other while you watch (--watch). In
games of more than two seats every seat but yours is the engine's.

Type a move in the game's notation (Tab completes moves and commands), or
a command: moves, undo [N], redo [N], hint, go, new [VARIANT], board,
flip, level [L], save FILE, load FILE [N], position, help, quit. Ctrl-C
stops the engine's search (the game then waits for 'go') or clears the
line; Ctrl-D quits. History is kept in meeple/history in the user's
configuration directory.

Levels 1..10 are node budgets per move that triple from level to level
(1: 1,000 nodes, 5: 81,000, 10: about 19.7 million), so the built-in
engine plays the same moves on every machine; a duration (2s, 500ms) is a
time per move instead. A program's own nodes=, depth= or movetime=
override the level.

An --engine SPEC is "builtin" (the default; it also takes name=,
option.NAME=VALUE, nodes=, depth=, movetime=), "none" (the same as
--humans), or a program in meeple match's syntax: cmd=PROGRAM (@self: this
meeple's engine) arg=A proto=native|ugi|uci|gtp option.NAME=VALUE name=N dir=D
env=K=V. Repeat --engine to give the seats that are not yours different
engines, in seat order (the last one plays the rest).

On a terminal, an engine's thinking (time, depth, score, nodes, line)
shows on one line redrawn in place, cleared when it moves. Scores are in
the game's units: pawns (chess), discs (Othello), cards left (The Game),
or "mate in N" / "wins in N" (the winner's moves). --watch pauses --delay
before each move (default 1s on a terminal, none otherwise). People
taking turns at a game with hidden hands (--humans) hand the keyboard over
on a terminal: the screen is cleared, and the next player's hand is drawn
once they press Enter.

Each session draws a fresh seed for chance (the deal, the draws) and for
engines that draw random numbers; a game with chance says its seed at the
start, and --seed N plays the same deal again. 'save' records the seed.

With a terminal, boards are drawn in colour with Unicode pieces; with
NO_COLOR set, or when stdout is not a terminal, in plain ASCII. When stdin
is not a terminal, lines are read as they come, without line editing: each
is written after its prompt, so the output reads as a transcript.
'save FILE' writes the game in the records format of meeple match, so
'meeple replay FILE' checks it; a game in progress is recorded with the
termination unterminated and the result * (every return 0, no loser), which
replay accepts as valid but unfinished and standings never count.

Examples:
  meeple play connect4 --as o --level 7
  meeple play qubic --engine 'cmd=@self option.Algorithm=mcts'
  meeple play othello-6x6 --watch --level 2
  meeple play thegame --set players=3 --seed 7
  meeple play nocca --humans`

// playFlags are meeple play's flags.
type playFlags struct {
	engines, set     setFlags
	as, level, color string
	watch, humans    bool
	seed             uint64
	delay            time.Duration
}

func (f *playFlags) register(fs *flag.FlagSet) {
	fs.Var(&f.engines, "engine", "the engine `SPEC`: builtin, none, or cmd=PROGRAM ... (repeatable; see above)")
	addSet(fs, &f.set)
	fs.StringVar(&f.as, "as", "", "your `seat`: a seat name (x, o, black, white...), p1.. or 1.. (default the first)")
	fs.StringVar(&f.level, "level", "5", "the engine's `level`: 1..10, or a time per move (2s)")
	fs.BoolVar(&f.watch, "watch", false, "engines play every seat; you watch (Ctrl-C pauses)")
	fs.BoolVar(&f.humans, "humans", false, "people play every seat (the engine only gives hints)")
	fs.Uint64Var(&f.seed, "seed", 0, "seed of chance (cards, dice) and of the engines that draw random numbers (default: a fresh one each session)")
	fs.DurationVar(&f.delay, "delay", 0, "with --watch, the pause before each move (0: none; default 1s on a terminal, none otherwise)")
	fs.StringVar(&f.color, "color", "auto", "colour and Unicode pieces: auto (on a terminal without NO_COLOR), always or never")
}

// options are the session the flags and the variant argument ask for:
// the game, the seats and the level.
func (f *playFlags) options(args []string, env Env) (repl.Options, error) {
	o := repl.Options{Variant: "tictactoe", Set: f.set, As: f.as, Seed: f.seed, Stderr: env.Stderr}
	if len(args) == 1 {
		o.Variant = args[0]
	}
	var err error
	if o.Level, err = engine.ParseLevel(f.level); err != nil {
		return o, fmt.Errorf("--level: %v", err)
	}
	for _, spec := range f.engines {
		if spec == "none" {
			f.humans = true
			continue
		}
		e, err := repl.ParseEngine(spec)
		if err != nil {
			return o, err
		}
		o.Engines = append(o.Engines, e)
	}
	switch {
	case f.watch && f.humans:
		return o, fmt.Errorf("--watch and --humans (or --engine none) exclude each other")
	case f.watch:
		o.Mode = repl.Watch
	case f.humans:
		o.Mode = repl.Humans
	}
	if f.watch && f.as != "" {
		return o, fmt.Errorf("--as: nobody sits at the board with --watch")
	}
	return o, nil
}

// screen sets how the session draws: colour, the pause between watched
// moves, the engine's thinking redrawn in place, hidden hands handed over.
func (f *playFlags) screen(fs *flag.FlagSet, o *repl.Options, stdout *os.File, inTTY, outTTY bool) error {
	switch f.color {
	case "auto":
		o.Style.Fancy = outTTY && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb"
	case "always":
		o.Style.Fancy = true
	case "never":
	default:
		return fmt.Errorf("--color %q: want auto, always or never", f.color)
	}
	if f.delay < 0 {
		return fmt.Errorf("--delay %v: want 0 or more", f.delay)
	}
	delaySet := isSet(fs, "delay")
	if delaySet && !f.watch {
		return fmt.Errorf("--delay is for --watch")
	}
	switch {
	case f.watch && delaySet:
		o.Delay = f.delay
	case f.watch && outTTY:
		o.Delay = time.Second
	}
	if outTTY && os.Getenv("TERM") != "dumb" {
		// The engine's thinking on one line, redrawn in place.
		o.Live = true
		o.Width = func() int { return repl.TerminalWidth(stdout) }
	}
	// People at one terminal: hidden hands are handed over, the screen
	// cleared between turns. Piped input reads on as before.
	o.HandOver = inTTY && outTTY
	return nil
}

// isSet tells whether the command line gave flag name.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	return set
}

// freshSeed is a session's seed when --seed gives none: a new deal each
// time, short enough to type back after --seed.
func freshSeed() uint64 { return rand.Uint64N(1_000_000_000) }

// atTerminal sets up a person at the process's own terminal: line editing,
// and Ctrl-C stops the engine rather than the program (between prompts the
// terminal still sends SIGINT; at a prompt liner reads Ctrl-C itself).
// SIGTERM and SIGHUP still end the session (SignalContext in main catches
// Ctrl-C too: its ending of ctx is ignored here).
func atTerminal(ctx context.Context, env Env, o *repl.Options) (context.Context, func()) {
	o.Prompter = func(c repl.Completer) repl.Prompter {
		return repl.NewLinerPrompter(repl.HistoryFile(), c, env.Stderr)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	o.Interrupt = sig
	ctx, stop := SignalContext(context.WithoutCancel(ctx), syscall.SIGTERM, syscall.SIGHUP)
	return ctx, func() {
		stop()
		signal.Stop(sig)
	}
}
