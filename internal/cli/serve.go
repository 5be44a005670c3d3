package cli

import (
	"context"
	"fmt"

	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/serve"
)

func runServe(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "serve", "[--addr HOST:PORT] [--dir DIR] [--watch MATCHDIR] [--engine SPEC...]", fmt.Sprintf(`
Serves every game in the browser: a lobby of the variants (or an inline
variant, or an uploaded TOML file), rooms whose seats are people (each
with a private link) or engines, and spectators on the room's public link.
The server owns the rules; rooms and their games in progress are kept in
--dir, so a restart loses no game and every link still works. It prints
the URL to open. Ctrl-C stops it; the games resume when it starts again.
With --watch, /watch shows a match (running or over) as it is played:
its games live, the standings, and its finished games move by move.

A room's engine seat is meeple's own engine at a level (level=1..10), or
the name of an engine given here with --engine (a spec as 'meeple match
--engine' reads it): a page can name an engine, never a command to run.

It listens on loopback (%s) unless --addr says otherwise. Limits, each
refused with a clear error (HTTP 503, or an error on the socket): a
WebSocket message of at most --max-message bytes (a longer one closes the
socket with status 1009), HTTP bodies of 64 KiB, --max-rooms rooms kept,
--max-live rooms in memory (idle ones are unloaded and resume when
visited), --max-conns connections, --max-engines engine seats in the
rooms in memory. internal/serve/doc.go describes the wire.`, serve.DefaultAddr))
	var engines setFlags
	addr := fs.String("addr", serve.DefaultAddr, "listen on `HOST:PORT`")
	watch := fs.String("watch", "", "show the match whose output directory is `DIR` on /watch, live (meeple match --out DIR)")
	dir := fs.String("dir", "", "keep rooms in `DIR` (default: meeple-serve in the user's cache directory, "+serve.DefaultDir()+")")
	fs.Var(&engines, "engine", "an engine `SPEC` rooms may seat by its name= (repeatable)")
	lim := serve.DefaultLimits
	fs.Int64Var(&lim.Message, "max-message", lim.Message, "bytes in one WebSocket message")
	fs.IntVar(&lim.Rooms, "max-rooms", lim.Rooms, "rooms kept")
	fs.IntVar(&lim.Live, "max-live", lim.Live, "rooms in memory at once")
	fs.IntVar(&lim.Conns, "max-conns", lim.Conns, "WebSocket connections at once")
	fs.IntVar(&lim.Engines, "max-engines", lim.Engines, "engine seats in the rooms in memory (each one a process while it plays)")
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 0, 0); err != nil {
		return err
	}
	if lim.Message < 256 || lim.Rooms < 1 || lim.Live < 1 || lim.Conns < 1 || lim.Engines < 1 {
		return fmt.Errorf("limits: --max-message 256 or more, --max-rooms, --max-live and --max-conns and --max-engines 1 or more")
	}
	cfg := serve.Config{Addr: *addr, Dir: *dir, Watch: *watch, Limits: lim, Stdout: env.Stdout, Stderr: env.Stderr}
	for _, spec := range engines {
		e, err := referee.ParseEngine(spec)
		if err != nil {
			return err
		}
		cfg.Engines = append(cfg.Engines, e)
	}
	return serve.Run(ctx, cfg)
}
