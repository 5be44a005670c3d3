package cli

import (
	"context"
	"fmt"

	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/serve"
)

func runServe(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "serve", "[--addr HOST:PORT] [--public-url URL] [--dir DIR] [--watch MATCHDIR] [--engine SPEC...]", fmt.Sprintf(`
Serves every game in the browser: a lobby of the variants (or an inline
variant, or an uploaded TOML file), rooms whose seats are people (each
with a private link) or engines, and spectators on the room's public link.
The server owns the rules. Every move is on disk (a log of every room,
synced) before any page hears of it, and a game's record before its end
is announced, so a restart, even after a crash or kill -9, loses no game
and every link still works. It prints the URL to open. Ctrl-C stops it;
the games resume when it starts again. With --watch, /watch shows a match
(running or over) as it is played: its games live, the standings, and its
finished games move by move.

A room's engine seat is meeple's own engine at a level (level=1..10), or
the name of an engine given here with --engine (a spec as 'meeple match
--engine' reads it): a page can name an engine, never a command to run.

It listens on loopback (%s) unless --addr says otherwise, and answers
only to the hosts it is reached by: the listening address, loopback
names, and the hosts of --public-url (behind a TLS reverse proxy such as
Caddy: the address people open, which also makes the links it hands out
absolute). Only its own page may change anything (JSON bodies, the same
Origin). Limits, each refused with a clear error (an HTTP status, or an
error on the socket), each recovering: a WebSocket message of at most
--max-message bytes (a longer one closes the socket with status 1009),
HTTP bodies of 64 KiB sent within --body-timeout, --max-rooms rooms kept
(a room unused for --expire is deleted, its records kept), --max-live
rooms in memory (a room no page has visited for --idle is put away and
resumes when visited), --max-conns connections of every kind (of which
--reserve-conns only seats may take), --max-engines engines playing at
once, --max-creates rooms a minute from one address. internal/serve/doc.go
describes the wire.

Examples:
  meeple serve
  meeple serve --addr 127.0.0.1:9091 --dir rooms --engine 'name=mcts cmd=@self option.Algorithm=mcts'`, serve.DefaultAddr))
	var engines, public setFlags
	addr := fs.String("addr", serve.DefaultAddr, "listen on `HOST:PORT`")
	fs.Var(&public, "public-url", "the `URL` people reach the server by, behind a reverse proxy (https://games.example.org; repeatable: the first makes the links)")
	watch := fs.String("watch", "", "show the match whose output directory is `DIR` on /watch, live (meeple match --out DIR)")
	dir := fs.String("dir", "", "keep rooms in `DIR` (default: meeple-serve in the user's cache directory, "+serve.DefaultDir()+")")
	fs.Var(&engines, "engine", "an engine `SPEC` rooms may seat by its name= (repeatable)")
	allowSeed := fs.Bool("allow-seed", false, "let a page choose a room's seed in games of chance or hidden information (tests, demonstrations: whoever chooses it knows every deal)")
	lim := serve.DefaultLimits
	fs.Int64Var(&lim.Message, "max-message", lim.Message, "bytes in one WebSocket message")
	fs.IntVar(&lim.Rooms, "max-rooms", lim.Rooms, "rooms kept")
	fs.IntVar(&lim.Live, "max-live", lim.Live, "rooms in memory at once")
	fs.IntVar(&lim.Conns, "max-conns", lim.Conns, "connections at once, of every kind")
	fs.IntVar(&lim.Reserve, "reserve-conns", 0, "of --max-conns, the connections kept for seats (default: a tenth)")
	fs.IntVar(&lim.Engines, "max-engines", lim.Engines, "engines playing at once (each a process)")
	fs.IntVar(&lim.Creates, "max-creates", lim.Creates, "rooms one client address may make a minute")
	fs.DurationVar(&lim.Body, "body-timeout", lim.Body, "time to send a request's headers, and again its body")
	fs.DurationVar(&lim.Idle, "idle", lim.Idle, "put away a room no page has visited for this long (its engines stop; it resumes when visited)")
	fs.DurationVar(&lim.Expire, "expire", lim.Expire, "delete a room unused for this long (its finished games' records stay)")
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 0, 0); err != nil {
		return err
	}
	if lim.Message < 256 || lim.Rooms < 1 || lim.Live < 1 || lim.Conns < 2 || lim.Engines < 1 || lim.Creates < 1 ||
		lim.Reserve < 0 || lim.Reserve >= lim.Conns || lim.Body <= 0 || lim.Idle <= 0 || lim.Expire < lim.Idle {
		return fmt.Errorf("limits: --max-message 256 or more; --max-rooms, --max-live, --max-engines and --max-creates 1 or more; --max-conns 2 or more, --reserve-conns below it; --body-timeout and --idle above 0, --expire at least --idle")
	}
	cfg := serve.Config{Addr: *addr, Dir: *dir, Watch: *watch, Limits: lim, PublicURLs: public, AllowSeed: *allowSeed,
		Stdout: env.Stdout, Stderr: env.Stderr}
	for _, spec := range engines {
		e, err := referee.ParseEngine(spec)
		if err != nil {
			return err
		}
		cfg.Engines = append(cfg.Engines, e)
	}
	return serve.Run(ctx, cfg)
}
