package referee

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/protocol/client"
)

// EngineSeat is a Seat played by an engine process: meeple's own engine
// (cmd=@self; its level set by depth=, nodes= or movetime=, and options
// such as option.Algorithm=mcts) or any program
// speaking native, UGI, UCI or GTP, as an --engine spec gives it
// (ParseEngine). It keeps its process from game to game; one that failed
// (crashed, stalled, broke the protocol) is closed and, with restart on
// (the default), a new one is started for the next game.
//
// A match makes its engine seats from its pools; a program that is not a
// match (meeple serve) makes one with StartEngineSeat and puts it at a
// Game with GameSeat:
//
//	cfg, err := referee.ParseEngine("cmd=@self depth=3")
//	es, err := referee.StartEngineSeat(ctx, cfg, referee.EngineOptions{})
//	defer es.Close()
//	t := &referee.Game{Variant: v, Seats: []referee.GameSeat{es.GameSeat(referee.Limits{}), person}, Seed: seed}
//	rec, err := t.Play(ctx)
//
// An EngineSeat is used by one goroutine at a time: one Game plays at
// once, and Close comes after Play has returned (end Play by cancelling
// its context).
type EngineSeat struct {
	cfg    EngineConfig
	pool   *pool
	stderr io.Writer
	client *client.Client
	fault  *fault // what made the process unusable: it goes before the next game
}

// EngineOptions are how StartEngineSeat starts an engine.
type EngineOptions struct {
	// Self is the argv of meeple's engine mode, run for cmd=@self; nil
	// means os.Executable() "engine". In a test binary os.Executable is the
	// test itself: give the argv of a helper process (the test binary
	// with an environment variable that makes TestMain run the engine),
	// as the referee's own tests do.
	Self     []string
	Timeouts client.Timeouts // start, isready, quit (zero: the client's defaults)
	Stderr   io.Writer       // receives the engine's stderr (nil: discarded)
}

// StartEngineSeat starts cfg's process and its handshake (hello, uci, ...,
// the options, the first isready): an engine that cannot start is an
// error here, not a lost game.
func StartEngineSeat(ctx context.Context, cfg EngineConfig, opt EngineOptions) (*EngineSeat, error) {
	argv, err := engineArgv(cfg, opt.Self)
	if err != nil {
		return nil, err
	}
	p := newPool(cfg, argv, opt.Timeouts)
	if err := p.spec.CheckStart(); err != nil {
		return nil, fmt.Errorf("engine %s cannot be started: %v", cfg.Name, err)
	}
	es := &EngineSeat{cfg: cfg, pool: p, stderr: opt.Stderr}
	if f := es.acquire(ctx); f != nil {
		return nil, f.err
	}
	return es, nil
}

// engineArgv is the command line of an engine; self is the argv of
// meeple's engine mode for cmd=@self (nil: os.Executable() engine).
func engineArgv(e EngineConfig, self []string) ([]string, error) {
	if e.Cmd != Self {
		return append([]string{e.Cmd}, e.Args...), nil
	}
	if self == nil {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("engine %s: cmd=@self: %v", e.Name, err)
		}
		self = []string{exe, "engine"}
	}
	return append(append([]string(nil), self...), e.Args...), nil
}

// Name is the engine's name (the spec's name=, or its command's).
func (es *EngineSeat) Name() string { return es.cfg.Name }

// GameSeat seats the engine in a Game: its own limits (the spec's tc,
// movetime, nodes, depth) over def, and DefaultMoveTimeout as the
// deadline of a move no clock bounds.
func (es *EngineSeat) GameSeat(def Limits) GameSeat {
	return GameSeat{Name: es.cfg.Name, Seat: es, Limits: es.cfg.limits(def), MoveTimeout: DefaultMoveTimeout}
}

// acquire takes a process from the pool (starting one) if the seat has
// none.
func (es *EngineSeat) acquire(ctx context.Context) *fault {
	if es.client != nil {
		return nil
	}
	c, f := es.pool.acquire(ctx, es.stderr)
	if f != nil {
		return f
	}
	es.client = c
	return nil
}

// release hands the process back to the pool after a game: closed when it
// failed.
func (es *EngineSeat) release() {
	if es.client != nil {
		es.pool.release(es.client, es.fault)
	}
	es.client, es.fault = nil, nil
}

// NewGame starts a game of rules (an inline spec): a new process first if
// the last one failed, then newgame and isready. A UCI engine must list
// UCI_Chess960 for a Chess960 variant.
func (es *EngineSeat) NewGame(ctx context.Context, rules string) error {
	if es.fault != nil {
		es.release()
	}
	if f := es.acquire(ctx); f != nil {
		return f
	}
	if es.cfg.Proto == "uci" && client.IsChess960(rules) && !es.client.HasOption(uciChess960) {
		return &fault{kind: record.Startup, err: fmt.Errorf("engine %s: the variant is Chess960, and the engine does not list the %s option (proto=uci)", es.cfg.Name, uciChess960)}
	}
	for _, step := range []func(context.Context) error{
		func(ctx context.Context) error { return es.client.NewGame(ctx, rules) },
		es.client.IsReady,
	} {
		if err := step(ctx); err != nil {
			es.fault = faultOf(err)
			return es.fault
		}
	}
	return nil
}

// Go sends the request to the process. A failure (crash, stall, protocol
// error, the context ending mid-search) makes the process unusable: it is
// replaced before the next game.
func (es *EngineSeat) Go(ctx context.Context, req client.GoRequest) (client.GoReply, error) {
	if es.client == nil {
		return client.GoReply{}, &fault{kind: record.ProtocolError, err: fmt.Errorf("engine %s: no game started (NewGame)", es.cfg.Name)}
	}
	rep, err := es.client.Go(ctx, req)
	if err != nil {
		es.fault = faultOf(err)
	}
	return rep, err
}

// Close ends the process (quit, then a kill past the quit timeout) and
// waits for it.
func (es *EngineSeat) Close() error {
	es.release()
	es.pool.closeAll()
	return nil
}
