package cli

import (
	"context"
	"errors"
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
	fs := newFlags(env, "match", "--engine SPEC --engine SPEC... [flags]", `
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

Example:
  meeple match --variant connect4 --games 100 --concurrency 4 --tc 10+0.1 \
    --engine 'name=new cmd=./meeple arg=engine' \
    --engine 'name=old cmd=@self option.Algorithm=mcts'`)
	var engines, set setFlags
	fs.Var(&engines, "engine", "an engine `SPEC` (repeatable; see above)")
	variant := fs.String("variant", "tictactoe", "the `variant`: a shipped name, a family, a TOML file or an inline spec")
	fs.Var(&set, "set", "override a rule: `key=value` (repeatable)")
	games := fs.Int("games", 10, "games per encounter (each pair of engines)")
	gauntlet := fs.Bool("gauntlet", false, "with more than two engines: the first plays each other (default round-robin)")
	conc := fs.Int("concurrency", 1, "games played at once")
	seed := fs.Uint64("seed", 0, "seed of the openings' random plies and of chance")
	tc := fs.String("tc", "", "default time control `TC` of every engine: [moves/]seconds[+inc], or inf")
	movetime := fs.String("movetime", "", "default time per move, in `seconds` (or a duration: 100ms)")
	nodes := fs.Int64("nodes", 0, "default node limit per move (0: none)")
	depth := fs.Int("depth", 0, "default depth limit per move (0: none)")
	margin := fs.Duration("margin", 50*time.Millisecond, "how far an engine may overrun its clock before its flag falls")
	openings := fs.String("openings", "", "openings `FILE`: one position string a line, or 'startpos moves ...'")
	order := fs.String("openings-order", "sequential", "sequential or random (a seeded shuffle)")
	plies := fs.Int("random-plies", 0, "random legal plies played after the opening (seeded)")
	maxPlies := fs.Int("max-plies", 0, "adjudicate a draw after this many plies (0: never)")
	resign := fs.String("resign", "", "resign `RULE` moves=N,score=S[,twosided=true]: a loss after N reported scores of -S or worse")
	draw := fs.String("draw", "", "draw `RULE` after=P,moves=N,score=S: a draw from ply P on, once both seats reported |score| <= S for N moves")
	sprt := fs.String("sprt", "", "stop early on a pentanomial SPRT `TEST` such as elo0=0,elo1=5,alpha=0.05,beta=0.05 (two engines)")
	shard := fs.String("shard", "", "play only shard `i/n` of the match (whole pairs, same seeds); merge the journals afterwards.\n"+
		"env/n takes i from a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) or a Slurm array (SLURM_ARRAY_TASK_ID);\n"+
		"env takes n from Slurm too (SLURM_ARRAY_TASK_COUNT)")
	submit := fs.String("submit", "", "hand the match to a batch `SYSTEM` (slurm) as --shards tasks, and exit (see below)")
	shards := fs.Int("shards", 0, "with --submit: the number of shards, one task each")
	var sbatchArgs setFlags
	fs.Var(&sbatchArgs, "sbatch-arg", "with --submit slurm: an `ARG` for sbatch, such as --partition=p (repeatable)")
	out := fs.String("out", "meeple-match", "output `DIR`: journal.jsonl, games.txt, games.pgn (chess), stderr/;\n"+
		"with --submit, the match directory: match.sbatch, shard-i/ per task, slurm-JOB_i.out")
	events := fs.String("events", "", "write JSON-lines events to `FILE`")
	serveAddr := fs.String("serve", "", "show the match live in the browser: serve it on `HOST:PORT` (/watch) while it runs")
	startT := fs.Duration("start-timeout", client.DefaultStartTimeout, "time allowed for an engine to start and answer the handshake")
	readyT := fs.Duration("ready-timeout", client.DefaultReadyTimeout, "time allowed for any reply but a move (isready, newgame, position)")
	quitT := fs.Duration("quit-timeout", client.DefaultQuitTimeout, "time allowed to quit before the process is killed")
	moveT := fs.Duration("move-timeout", referee.DefaultMoveTimeout, "time allowed for a move when no clock limits it (depth, nodes)")
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 0, 0); err != nil {
		return err
	}
	cfg := referee.Config{
		Variant: *variant, Set: set, Games: *games, Gauntlet: *gauntlet, Seed: *seed, Concurrency: *conc,
		Margin: *margin, Openings: *openings, OpeningsOrder: *order, RandomPlies: *plies, MaxPlies: *maxPlies,
		SPRT: *sprt, Out: *out, Events: *events, MoveTimeout: *moveT, Stdout: env.Stdout, Stderr: env.Stderr,
	}
	cfg.Timeouts.Start, cfg.Timeouts.Ready, cfg.Timeouts.Quit = *startT, *readyT, *quitT
	for _, spec := range engines {
		e, err := referee.ParseEngine(spec)
		if err != nil {
			return err
		}
		cfg.Engines = append(cfg.Engines, e)
	}
	if *tc != "" {
		if cfg.Limits.TC, err = referee.ParseTC(*tc); err != nil {
			return err
		}
	}
	if *movetime != "" {
		if cfg.Limits.MoveTime, err = engine.ParseSeconds(*movetime); err != nil {
			return fmt.Errorf("--movetime: %v", err)
		}
	}
	cfg.Limits.Nodes, cfg.Limits.Depth = *nodes, *depth
	if *resign != "" {
		if cfg.Resign, err = referee.ParseResign(*resign); err != nil {
			return err
		}
	}
	if *draw != "" {
		if cfg.Draw, err = referee.ParseDraw(*draw); err != nil {
			return err
		}
	}
	if *conc < 1 || *nodes < 0 || *depth < 0 {
		return errors.New("--concurrency must be 1 or more, --nodes and --depth 0 or more")
	}
	if *submit != "" || *shards != 0 || len(sbatchArgs) > 0 {
		return submitMatch(ctx, env, fs, cfg, *submit, *shards, sbatchArgs)
	}
	if *shard != "" {
		if cfg.Shard, err = referee.ParseShard(*shard, nil); err != nil {
			return err
		}
		if strings.HasPrefix(*shard, "env") {
			fmt.Fprintf(env.Stdout, "shard %s of the match (--shard %s)\n", cfg.Shard, *shard)
		}
	}
	if *serveAddr != "" {
		ln, err := net.Listen("tcp", *serveAddr)
		if err != nil {
			return fmt.Errorf("--serve: %v", err)
		}
		sctx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() {
			done <- serve.Serve(sctx, ln, serve.Config{Watch: *out, Dir: filepath.Join(*out, "serve"), Stdout: env.Stdout, Stderr: env.Stderr})
		}()
		defer func() {
			stop()
			<-done
		}()
	}
	_, err = referee.Run(ctx, cfg)
	return err
}
