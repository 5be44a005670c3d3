package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/protocol/client"
)

// A room's game is played as a referee.Game: the referee's game loop owns
// the rules (every move checked with the games package, chance drawn from
// the room's seeded RNG, a seat's failure ending the game with a typed
// reason, the record as `meeple replay` verifies it). The room gives it a
// personSeat for each person and an engineSeat for each engine, and its
// hook keeps the room's copy of the position, saves it, and tells the pages.

// margin is how far past its clock a seat may go before it loses on time.
const margin = 50 * time.Millisecond

// startLocked starts the room's current game: a Table resumed from the
// room's plies (the Table replays them, drawing the chance outcomes again
// from the game's seed, so a resumed game deals what the original would).
// engines are the engine seats reserved for it (Server.reserveEngines),
// released when its goroutine ends. A game that is over is only rebuilt
// for its pages. Call with r.mu held.
func (r *Room) startLocked(engines int) {
	clear(r.cache)
	err := r.rebuild()
	if r.file.Ended != nil {
		r.s.releaseEngines(engines)
		if err != nil {
			r.s.logf("room %s: %v", r.id, err)
		}
		return
	}
	n := len(r.file.Seats)
	moves := make(chan personMove, 1)
	t := &referee.Game{Variant: r.variant, Seed: r.file.GameSeed,
		Plies: append([]record.Ply(nil), r.file.Plies...), Margin: margin, Hook: r.hook}
	if err == nil && r.tc.Timed() && r.file.Turn > 0 {
		// The seat to move has thought since the position was reached,
		// through a stop of the server: a person's clock ran meanwhile.
		// (An engine starts its move again with the time it had.)
		if who := r.st.Player(); who >= 0 && r.file.Seats[r.file.roomSeat(who)].Engine == "" {
			t.Spent = max(time.Since(time.UnixMilli(r.file.Turn)), 0)
			if who < len(r.file.Clocks) { // as the pages see it until the Table's first update says the same
				r.file.Clocks = slices.Clone(r.file.Clocks) // a snapshot being written may hold the old one
				r.file.Clocks[who] -= t.Spent.Milliseconds()
			}
		}
	}
	var seats []*engineSeat
	for g := range n {
		sf := r.file.Seats[r.file.roomSeat(g)]
		ts := referee.GameSeat{Name: sf.Name, Limits: referee.Limits{TC: r.tc}}
		if sf.Engine == "" {
			ts.Seat = &personSeat{room: r, moves: moves}
		} else {
			es := &engineSeat{room: r, spec: sf.Engine}
			seats = append(seats, es)
			ts.Seat, ts.MoveTimeout = es, referee.DefaultMoveTimeout
			if ec, err := r.s.engineConfig(sf.Engine); err == nil {
				es.cfg = ec
				ts.Limits = referee.Limits{TC: r.tc, MoveTime: deref(ec.MoveTime), Nodes: deref(ec.Nodes), Depth: deref(ec.Depth)}
			}
		}
		t.Seats = append(t.Seats, ts)
	}
	ctx, cancel := context.WithCancel(r.s.ctx)
	done := make(chan struct{})
	r.cancel, r.done, r.moves = cancel, done, moves
	go func() {
		defer close(done)
		defer r.s.releaseEngines(engines)
		defer func() {
			for _, es := range seats {
				es.close()
			}
		}()
		_, err := t.Play(ctx)
		if err != nil && ctx.Err() == nil {
			// The saved plies do not replay (an edited file, another
			// meeple): end the game there, saying why.
			r.s.logf("room %s: %v", r.id, err)
			r.mu.Lock()
			typ := r.variant.Game.Type()
			rec := &record.Record{Game: r.file.Game - 1, Pair: r.file.Game - 1, Variant: r.variant.Name,
				Rules: r.file.Rules, Seed: t.Seed, Start: record.StartPos, Plies: r.file.Plies,
				Returns: make([]float64, typ.Players), Termination: record.Unterminated, Reason: "the saved game does not replay: " + err.Error()}
			r.mu.Unlock()
			r.finish(rec)
		}
	}()
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// rebuild replays the room's plies into r.st, with who saw each one.
// Call with r.mu held.
func (r *Room) rebuild() error {
	st := r.variant.Game.NewState()
	hidden := r.variant.Game.Type().Information == games.ImperfectInformation
	n := r.variant.Game.Type().Players
	r.seen, r.notes, r.last = r.seen[:0], r.notes[:0], nil
	for i, p := range r.file.Plies {
		mv, err := games.ParseLegal(st, p.Move)
		if err != nil {
			r.st = st
			return fmt.Errorf("ply %d: %v", i+1, err)
		}
		r.stepLocked(st, mv, p, hidden, n)
	}
	r.st = st
	return nil
}

// stepLocked plays ply p (move mv) on st and notes who saw it and the last
// move.
func (r *Room) stepLocked(st games.State, mv games.Move, p record.Ply, hidden bool, n int) {
	var before [][]int
	if p.Chance() && hidden {
		before = hands(st, n)
	}
	var cells []int
	if pic, ok := st.(games.Pictured); ok && !p.Chance() {
		cells = pic.MoveCells(mv)
	}
	note := plyNote{MoveNote: noteOf(st, mv), Seat: p.Seat - 1}
	st.Play(mv)
	if p.Chance() {
		var after [][]int
		if hidden {
			after = hands(st, n)
		}
		seen := visibility(hidden, before, after)
		r.seen = append(r.seen, seen)
		if hidden && bits.OnesCount64(seen) == 1 {
			note.Seat = bits.TrailingZeros64(seen) // the seat it went to
		}
		r.notes = append(r.notes, note)
		r.last = &lastMove{Move: "?", Seat: -1}
		if !hidden {
			r.last.Move = p.Move
		}
		return
	}
	r.seen = append(r.seen, ^uint64(0))
	r.notes = append(r.notes, note)
	r.last = &lastMove{Move: p.Move, Cells: cells, Seat: p.Seat - 1}
}

// millis is a list of clocks in milliseconds (nil for nil).
func millis(ds []time.Duration) []int64 {
	if ds == nil {
		return nil
	}
	out := make([]int64, len(ds))
	for i, d := range ds {
		out[i] = d.Milliseconds()
	}
	return out
}

// hook is the Table's: after the replayed plies, after every ply and at
// the end. A new ply is logged, and once it is on disk it is played on the
// room's position and every page is told; the end goes through finish.
func (r *Room) hook(u referee.Update) {
	plies := u.Record.Plies
	if u.Ended {
		rec := *u.Record
		rec.Plies = append([]record.Ply(nil), plies...)
		r.mu.Lock()
		rec.Game, rec.Pair = r.file.Game-1, r.file.Game-1
		r.mu.Unlock()
		r.finish(&rec)
		return
	}
	r.mu.Lock()
	if len(plies) != len(r.file.Plies)+1 {
		// The start: the plies given to the Table, replayed; nothing new.
		if len(plies) != len(r.file.Plies) {
			r.s.logf("room %s: the game starts at ply %d, the room is at %d", r.id, len(plies), len(r.file.Plies)) // cannot happen
		}
		if u.Clocks != nil {
			r.file.Clocks = millis(u.Clocks)
		}
		r.broadcast(false)
		r.mu.Unlock()
		return
	}
	p := plies[len(plies)-1]
	e := &entry{Ply: &p, N: len(plies), Clocks: millis(u.Clocks)}
	logged := r.logLocked(e)
	r.mu.Unlock()
	if logged.wait() != nil {
		return // the server stops: this ply was never acknowledged
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	typ := r.variant.Game.Type()
	if mv, err := games.ParseLegal(r.st, p.Move); err != nil {
		r.s.logf("room %s: ply %d: %v", r.id, len(plies), err) // cannot happen: the Table checked it
	} else {
		r.stepLocked(r.st, mv, p, typ.Information == games.ImperfectInformation, typ.Players)
	}
	r.file.Plies = append(r.file.Plies, p)
	if e.Clocks != nil {
		r.file.Clocks = e.Clocks
	}
	r.file.Turn = e.At
	r.used = time.Now()
	r.applied(e.Seq)
	r.broadcast(false)
	r.arrived = time.Time{}
}

// finish ends the current game with rec: the end is logged, the record
// written to the room's records file, and only then are the pages told,
// so that a game a page saw end always has its record. A start after a
// crash between the two writes the record (Server.recover).
func (r *Room) finish(rec *record.Record) {
	r.mu.Lock()
	talkInto(rec.Plies, r.file.Talk)
	f := r.file
	f.Plies, f.Ended = rec.Plies, rec
	e := &entry{File: &f}
	logged := r.logLocked(e)
	r.mu.Unlock()
	if logged.wait() != nil || !r.writeRecord(rec) {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.file.Plies, r.file.Ended = f.Plies, f.Ended
	r.moves = nil
	r.used = time.Now()
	r.applied(e.Seq)
	r.broadcast(false)
}

// writeRecord appends a finished game's record to the room's records
// file, trying again (and saying so) until it is written or the server
// stops.
func (r *Room) writeRecord(rec *record.Record) bool {
	wait := 50 * time.Millisecond
	for {
		err := errors.New("an injected fault") // tests: as if the write had failed
		if r.s.recordFaults.Load() <= 0 || r.s.recordFaults.Add(-1) < 0 {
			err = r.s.store.appendRecord(r.id, rec)
		}
		if err == nil {
			return true
		}
		r.s.logf("room %s: writing the record of game %d: %v; trying again in %v", r.id, rec.Game+1, err, wait)
		select {
		case <-time.After(wait):
		case <-r.s.ctx.Done():
			return false
		}
		wait = min(2*wait, 5*time.Second)
	}
}

// personSeat is a person's seat at the Table: Go waits for the seat's move
// from its page, which Room.submit has checked (the token, the turn, the
// ply, the move's legality) and the Table checks again.
type personSeat struct {
	room  *Room
	moves chan personMove
}

func (p *personSeat) Go(ctx context.Context, req client.GoRequest) (client.GoReply, error) {
	if mv, ok := p.forcedPass(); ok {
		return client.GoReply{Move: mv}, nil // no choice to wait for, no time spent
	}
	start := time.Now()
	var flag <-chan time.Time
	if req.Deadline > 0 {
		t := time.NewTimer(req.Deadline + time.Millisecond)
		defer t.Stop()
		flag = t.C
	}
	select {
	case pm := <-p.moves:
		p.room.mu.Lock()
		p.room.arrived = pm.at // the latency metric counts from here
		p.room.mu.Unlock()
		return client.GoReply{Move: pm.move, Resign: pm.resign, Elapsed: time.Since(start)}, nil
	case <-flag:
		// Past the deadline: the Table charges the time and the flag falls.
		return client.GoReply{Elapsed: time.Since(start)}, nil
	case <-ctx.Done():
		return client.GoReply{}, ctx.Err()
	}
}

// forcedPass is the pass when it is the only legal move of the position
// the person is asked to move in (Othello with no disc to turn): the room
// plays it for them, and it shows in the move list like any move.
func (p *personSeat) forcedPass() (string, bool) {
	p.room.mu.Lock()
	defer p.room.mu.Unlock()
	st := p.room.st
	if st == nil || st.Player() < 0 {
		return "", false
	}
	if legal := st.LegalMoves(nil); len(legal) == 1 && st.FormatMove(legal[0]) == "pass" {
		return "pass", true
	}
	return "", false
}

// engineSeat is an engine's seat at the Table: the process starts at the
// game's start (NewGame), so that one that cannot start loses the game
// with the Startup termination rather than breaking the room.
type engineSeat struct {
	room *Room
	spec string
	cfg  referee.EngineConfig
	es   *referee.EngineSeat
}

func (e *engineSeat) NewGame(ctx context.Context, rules string) error {
	if e.es == nil {
		if e.cfg.Cmd == "" {
			_, err := e.room.s.engineConfig(e.spec)
			return &client.EngineError{Engine: e.spec, Kind: client.Startup, Err: err}
		}
		es, err := referee.StartEngineSeat(ctx, e.cfg, referee.EngineOptions{Self: e.room.s.cfg.Self, Stderr: io.Discard})
		if err != nil {
			var ee *client.EngineError
			if !errors.As(err, &ee) {
				err = &client.EngineError{Engine: e.cfg.Name, Kind: client.Startup, Err: err}
			}
			return err
		}
		e.es = es
	}
	return e.es.NewGame(ctx, rules)
}

func (e *engineSeat) Go(ctx context.Context, req client.GoRequest) (client.GoReply, error) {
	rep, err := e.es.Go(ctx, req)
	e.room.mu.Lock()
	e.room.arrived = time.Now()
	e.room.mu.Unlock()
	return rep, err
}

func (e *engineSeat) close() {
	if e.es != nil {
		e.es.Close()
	}
}
