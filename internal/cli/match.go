package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"time"

	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/serve"
	"github.com/meeple-games/meeple/protocol/client"
)

func runMatch(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "match", "--engine SPEC --engine SPEC... [flags]", matchDoc)
	var f matchFlags
	f.register(fs)
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 0, 0); err != nil {
		return err
	}
	cfg, err := f.config(env)
	if err != nil {
		return err
	}
	if f.submit != "" || f.shards != 0 || len(f.sbatchArgs) > 0 {
		return submitMatch(ctx, env, fs, cfg, f.submit, f.shards, f.sbatchArgs)
	}
	if f.shard != "" {
		if cfg.Shard, err = referee.ParseShard(f.shard, nil); err != nil {
			return err
		}
		if strings.HasPrefix(f.shard, "env") {
			fmt.Fprintf(env.Stdout, "shard %s of the match (--shard %s)\n", cfg.Shard, f.shard)
		}
	}
	if f.serve != "" {
		stop, err := watchMatch(ctx, env, f.serve, f.out)
		if err != nil {
			return err
		}
		defer stop()
	}
	_, err = referee.Run(ctx, cfg)
	return err
}

// matchDoc is meeple match's help.
const matchDoc = `
Plays games between engine processes and prints the standings. The referee
owns the rules: it validates every move, draws every chance outcome and
decides every result. An engine failure (illegal move, crash, stall, time
loss, protocol error, failed handshake) ends only its own game; a program
that cannot be started at all (no such file or dir=) is an error before
the first game.

An engine SPEC is space-separated key=value words (quote a value with
spaces in double quotes):
  name=N  cmd=PROGRAM (@self: this meeple's engine)  arg=A (repeatable)
  dir=D  env=K=V  proto=native|ugi|uci|gtp  option.NAME=VALUE  restart=on|off
  tc=TC  movetime=SECONDS  nodes=N  depth=N   (override --tc etc.)
Two engines play a match; more play a round-robin (or --gauntlet). TC is
[moves/]seconds[+increment] (40/60+0.6, 0:30+0.1, 10) or inf.

Every opening is played once per seat rotation (two engines: a pair with
colours reversed). The journal in --out makes the match resumable: run the
same command again after an interruption. Ctrl-C, SIGTERM and SIGHUP stop
the match alike: the engines are stopped, the standings so far printed and
the lock released. internal/referee/README.md is the full guide.

Exit status: 0 the match is complete (or the SPRT decided); 1 an error (a
bad configuration, an engine that cannot be started); 2 a usage error;
130, 143, 129 stopped by Ctrl-C, SIGTERM, SIGHUP (resume by running the
same command again).

--submit slurm --shards N writes DIR/match.sbatch, a Slurm job array of N
tasks, each running this match with --shard env into DIR/shard-i on a
file system every node shares, and submits it with sbatch (--sbatch-arg
passes sbatch's own flags). It prints the job id and exits; once every
task is done, meeple merge --out DIR/merged DIR/shard-* gives the
standings. A task requeued or run again resumes its journal.

In the examples the first engine is a program found on the PATH
(cmd=meeple arg=engine), the others meeple's own engine (cmd=@self).

Examples:
  meeple match --variant connect4 --games 4 --concurrency 2 --movetime 0.05 --out c4 \
    --engine 'name=alphabeta cmd=meeple arg=engine' \
    --engine 'name=mcts cmd=@self option.Algorithm=mcts'
  meeple match --variant tictactoe --games 10 --random-plies 2 --out ttt \
    --engine 'name=depth1 cmd=@self depth=1' --engine 'name=full cmd=@self'`

// matchFlags are meeple match's flags.
type matchFlags struct {
	engines, set, sbatchArgs                    setFlags
	variant, tc, movetime, openings, order      string
	resign, draw, sprt, shard, submit, out      string
	events, serve                               string
	games, conc, depth, plies, maxPlies, shards int
	gauntlet                                    bool
	seed                                        uint64
	nodes                                       int64
	margin, startT, readyT, quitT, moveT        time.Duration
}

func (f *matchFlags) register(fs *flag.FlagSet) {
	fs.Var(&f.engines, "engine", "an engine `SPEC` (repeatable; see above)")
	fs.StringVar(&f.variant, "variant", "tictactoe", "the `variant`: a shipped name, a family, a TOML file or an inline spec")
	addSet(fs, &f.set)
	fs.IntVar(&f.games, "games", 10, "games per encounter (each pair of engines)")
	fs.BoolVar(&f.gauntlet, "gauntlet", false, "with more than two engines: the first plays each other (default round-robin)")
	fs.IntVar(&f.conc, "concurrency", 1, "games played at once")
	fs.Uint64Var(&f.seed, "seed", 0, "seed of the openings' random plies and of chance")
	fs.StringVar(&f.tc, "tc", "", "default time control `TC` of every engine: [moves/]seconds[+inc], or inf")
	fs.StringVar(&f.movetime, "movetime", "", "default time per move, in `seconds` (or a duration: 100ms)")
	fs.Int64Var(&f.nodes, "nodes", 0, "default node limit per move (0: none)")
	fs.IntVar(&f.depth, "depth", 0, "default depth limit per move (0: none)")
	fs.DurationVar(&f.margin, "margin", 50*time.Millisecond, "how far an engine may overrun its clock before its flag falls")
	fs.StringVar(&f.openings, "openings", "", "openings `FILE`: one position string a line, or 'startpos moves ...'")
	fs.StringVar(&f.order, "openings-order", "sequential", "sequential or random (a seeded shuffle)")
	fs.IntVar(&f.plies, "random-plies", 0, "random legal plies played after the opening (seeded)")
	fs.IntVar(&f.maxPlies, "max-plies", 0, "adjudicate a draw after this many plies (0: never)")
	fs.StringVar(&f.resign, "resign", "", "resign `RULE` moves=N,score=S[,twosided=true]: a loss after N reported scores of -S or worse")
	fs.StringVar(&f.draw, "draw", "", "draw `RULE` after=P,moves=N,score=S: a draw from ply P on, once both seats reported |score| <= S for N moves")
	fs.StringVar(&f.sprt, "sprt", "", "stop early on a pentanomial SPRT `TEST` such as elo0=0,elo1=5,alpha=0.05,beta=0.05 (two engines)")
	fs.StringVar(&f.shard, "shard", "", "play only shard `i/n` of the match (whole pairs, same seeds); merge the journals afterwards.\n"+
		"env/n takes i from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) or a Slurm array (SLURM_ARRAY_TASK_ID);\n"+
		"env takes n from Slurm too (SLURM_ARRAY_TASK_COUNT)")
	fs.StringVar(&f.submit, "submit", "", "hand the match to a batch `SYSTEM` (slurm) as --shards tasks, and exit (see below)")
	fs.IntVar(&f.shards, "shards", 0, "with --submit: the number of shards, one task each")
	fs.Var(&f.sbatchArgs, "sbatch-arg", "with --submit slurm: an `ARG` for sbatch, such as --partition=p (repeatable)")
	fs.StringVar(&f.out, "out", "meeple-match", "output `DIR`: journal.jsonl, games.txt, games.pgn (chess), stderr/;\n"+
		"with --submit, the match directory: match.sbatch, shard-i/ per task, slurm-JOB_i.out")
	fs.StringVar(&f.events, "events", "", "write JSON-lines events to `FILE`")
	fs.StringVar(&f.serve, "serve", "", "show the match live in the browser: serve it on `HOST:PORT` (/watch) while it runs")
	fs.DurationVar(&f.startT, "start-timeout", client.DefaultStartTimeout, "time allowed for an engine to start and answer the handshake")
	fs.DurationVar(&f.readyT, "ready-timeout", client.DefaultReadyTimeout, "time allowed for any reply but a move (isready, newgame, position)")
	fs.DurationVar(&f.quitT, "quit-timeout", client.DefaultQuitTimeout, "time allowed to quit before the process is killed")
	fs.DurationVar(&f.moveT, "move-timeout", referee.DefaultMoveTimeout, "time allowed for a move when no clock limits it (depth, nodes)")
}

// config is the match the flags ask for (its shard aside).
func (f *matchFlags) config(env Env) (referee.Config, error) {
	cfg := referee.Config{
		Variant: f.variant, Set: f.set, Games: f.games, Gauntlet: f.gauntlet, Seed: f.seed, Concurrency: f.conc,
		Margin: f.margin, Openings: f.openings, OpeningsOrder: f.order, RandomPlies: f.plies, MaxPlies: f.maxPlies,
		SPRT: f.sprt, Out: f.out, Events: f.events, MoveTimeout: f.moveT, Stdout: env.Stdout, Stderr: env.Stderr,
	}
	cfg.Timeouts.Start, cfg.Timeouts.Ready, cfg.Timeouts.Quit = f.startT, f.readyT, f.quitT
	for _, spec := range f.engines {
		e, err := referee.ParseEngine(spec)
		if err != nil {
			return cfg, err
		}
		cfg.Engines = append(cfg.Engines, e)
	}
	var err error
	if f.tc != "" {
		if cfg.Limits.TC, err = referee.ParseTC(f.tc); err != nil {
			return cfg, err
		}
	}
	if f.movetime != "" {
		if cfg.Limits.MoveTime, err = engine.ParseSeconds(f.movetime); err != nil {
			return cfg, fmt.Errorf("--movetime: %v", err)
		}
	}
	cfg.Limits.Nodes, cfg.Limits.Depth = f.nodes, f.depth
	if f.resign != "" {
		if cfg.Resign, err = referee.ParseResign(f.resign); err != nil {
			return cfg, err
		}
	}
	if f.draw != "" {
		if cfg.Draw, err = referee.ParseDraw(f.draw); err != nil {
			return cfg, err
		}
	}
	if f.conc < 1 || f.nodes < 0 || f.depth < 0 {
		return cfg, errors.New("--concurrency must be 1 or more, --nodes and --depth 0 or more")
	}
	return cfg, nil
}

// watchMatch serves the match in out on addr (/watch) while it runs; stop
// ends the server.
func watchMatch(ctx context.Context, env Env, addr, out string) (stop func(), _ error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--serve: %v", err)
	}
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		done <- serve.Serve(sctx, ln, serve.Config{Watch: out, Dir: filepath.Join(out, "serve"), Stdout: env.Stdout, Stderr: env.Stderr})
	}()
	return func() {
		cancel()
		<-done
	}, nil
}
