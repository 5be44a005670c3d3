package referee

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/protocol/client"
)

// fault is an engine's failure in a game: the termination it causes and
// what happened.
type fault struct {
	kind record.Termination
	err  error
	kill bool // the process is unusable: close it rather than reuse it
}

func (f *fault) Error() string { return f.kind.String() + ": " + f.err.Error() }
func (f *fault) Unwrap() error { return f.err }

// faultOf classifies an error from the client, or from a Seat. An error
// that is not an *EngineError (an error reply, something unexpected) is a
// protocol error; a *fault (an EngineSeat's) is itself.
func faultOf(err error) *fault {
	if f, ok := err.(*fault); ok {
		return f
	}
	var ee *client.EngineError
	if errors.As(err, &ee) {
		switch ee.Kind {
		case client.Startup:
			return &fault{kind: record.Startup, err: err, kill: true}
		case client.Crash:
			return &fault{kind: record.Crash, err: err, kill: true}
		case client.Stall:
			return &fault{kind: record.Stall, err: err, kill: true}
		}
	}
	return &fault{kind: record.ProtocolError, err: err, kill: true}
}

// pool holds one engine's processes. A process serves one game at a time;
// one is started when a game needs it and none is idle, and kept for later
// games. A process that failed is closed; with restart off the engine is
// then dead and forfeits the rest of its games.
type pool struct {
	cfg      EngineConfig
	spec     client.EngineSpec
	timeouts client.Timeouts

	mu      sync.Mutex
	idle    []*client.Client
	dead    *fault // restart=off: why the engine is gone
	closing sync.WaitGroup
}

func newPool(cfg EngineConfig, argv []string, t client.Timeouts) *pool {
	opts := make([]client.EngineOption, len(cfg.Options))
	for i, o := range cfg.Options {
		opts[i] = client.EngineOption{Name: o.Name, Value: o.Value}
	}
	return &pool{cfg: cfg, timeouts: t, spec: client.EngineSpec{
		Name: cfg.Name, Cmd: argv, Dir: cfg.Dir, Env: cfg.Env, Dialect: cfg.Proto, Options: opts,
	}}
}

// acquire hands out a process for a game, starting one if none is idle;
// stderr receives its stderr (the game's log). A startup failure, or a
// dead engine, is returned as a fault.
func (p *pool) acquire(ctx context.Context, stderr io.Writer) (*client.Client, *fault) {
	p.mu.Lock()
	if p.dead != nil {
		d := p.dead
		p.mu.Unlock()
		return nil, &fault{kind: d.kind, err: fmt.Errorf("engine %s is out of the match since an earlier failure (restart=off): %v", p.cfg.Name, d.err)}
	}
	for len(p.idle) > 0 {
		c := p.idle[len(p.idle)-1]
		p.idle = p.idle[:len(p.idle)-1]
		if !c.Exited() {
			p.mu.Unlock()
			c.SetStderr(stderr)
			return c, nil
		}
		// It died between games.
		p.closeLocked(c)
		if !p.cfg.Restart {
			p.dead = &fault{kind: record.Crash, err: errors.New("the process exited between games")}
			d := p.dead
			p.mu.Unlock()
			return nil, &fault{kind: d.kind, err: fmt.Errorf("engine %s: %v (restart=off)", p.cfg.Name, d.err)}
		}
	}
	p.mu.Unlock()
	c, err := client.StartEngine(ctx, p.spec, stderr, p.timeouts)
	if err != nil {
		f := faultOf(err)
		f.kind = record.Startup
		if ctx.Err() == nil {
			p.failed(f)
		}
		return nil, f
	}
	return c, nil
}

// release returns a process after a game. With a fault that makes it
// unusable it is closed instead (killed if it does not quit), and with
// restart off the engine is dead.
func (p *pool) release(c *client.Client, f *fault) {
	c.SetStderr(nil)
	p.mu.Lock()
	defer p.mu.Unlock()
	if f != nil && f.kill || c.Exited() {
		p.closeLocked(c)
		if f == nil {
			f = &fault{kind: record.Crash, err: errors.New("the process exited")}
		}
		p.failedLocked(f)
		return
	}
	p.idle = append(p.idle, c)
}

func (p *pool) failed(f *fault) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.failedLocked(f)
}

func (p *pool) failedLocked(f *fault) {
	if !p.cfg.Restart && p.dead == nil {
		p.dead = f
	}
}

// closeLocked closes a process in the background; closeAll waits for it.
func (p *pool) closeLocked(c *client.Client) {
	p.closing.Add(1)
	go func() {
		defer p.closing.Done()
		c.Close()
	}()
}

// closeAll closes every idle process and waits for every close.
func (p *pool) closeAll() {
	p.mu.Lock()
	for _, c := range p.idle {
		p.closeLocked(c)
	}
	p.idle = nil
	p.mu.Unlock()
	p.closing.Wait()
}
