package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/version"
	"github.com/meeple-games/meeple/protocol"
)

// This file is a room's game loop: the referee's rules (validate every
// move with the games package, chance from the room's own seeded RNG,
// engine faults ending the game with a typed reason, a record as
// `meeple replay` verifies it) with seats that are people as well as
// engines.

// gameRun is what the game goroutine owns besides the room's state.
type gameRun struct {
	rng     *rand.Rand
	engines map[int]*protocol.Client // by game seat, started when first needed
	hidden  bool                     // imperfect information: engines get views
}

// startLocked rebuilds the current game from the room's plies (drawing
// the chance outcomes again from the seeded RNG, so a resumed game deals
// what the original would) and, unless it is over, starts its goroutine.
// Call with r.mu held.
func (r *Room) startLocked() {
	r.st = r.variant.Game.NewState()
	r.seen, r.last = r.seen[:0], nil
	clear(r.cache)
	typ := r.variant.Game.Type()
	run := &gameRun{rng: rand.New(referee.ChanceSource(chanceSeed(r.file.Seed, r.file.Game))),
		engines: map[int]*protocol.Client{}, hidden: typ.Information == games.ImperfectInformation}
	if r.tc.Timed() && len(r.file.Clocks) != typ.Players {
		r.file.Clocks = make([]int64, typ.Players)
		for i := range r.file.Clocks {
			r.file.Clocks[i] = r.tc.Base.Milliseconds()
		}
	}
	plies := r.file.Plies
	r.file.Plies = nil
	for _, p := range plies {
		if err := r.replayPly(run, p); err != nil {
			// The file does not replay (edited, or from another meeple): keep
			// the plies that do, and end the game saying why.
			r.endLocked(run, referee.Unterminated, -1, "resuming the game failed: "+err.Error())
			return
		}
	}
	if r.file.Ended != nil {
		return
	}
	ctx, cancel := context.WithCancel(r.s.ctx)
	r.cancel, r.done, r.moves = cancel, make(chan struct{}), make(chan personMove, 1)
	go func(done chan struct{}, moves chan personMove) {
		defer close(done)
		defer run.closeEngines()
		r.loop(ctx, run, moves)
	}(r.done, r.moves)
}

// replayPly plays a recorded ply again.
func (r *Room) replayPly(run *gameRun, p referee.Ply) error {
	if p.Chance() {
		if r.st.Player() != games.Chance {
			return fmt.Errorf("ply %d: a chance outcome where a player moves", len(r.file.Plies)+1)
		}
		if text := r.drawChance(run); text != p.Move {
			return fmt.Errorf("ply %d: chance drew %s, the file says %s", len(r.file.Plies), text, p.Move)
		}
		return nil
	}
	if r.st.Player() != p.Seat-1 {
		return fmt.Errorf("ply %d: seat %d moved out of turn", len(r.file.Plies)+1, p.Seat)
	}
	mv, err := games.ParseLegal(r.st, p.Move)
	if err != nil {
		return fmt.Errorf("ply %d: %v", len(r.file.Plies)+1, err)
	}
	r.playLocked(mv, p)
	return nil
}

// drawChance draws and plays one chance outcome; it returns its text.
func (r *Room) drawChance(run *gameRun) string {
	n := r.variant.Game.Type().Players
	var before [][]int
	if run.hidden {
		before = hands(r.st, n)
	}
	mv := games.SampleChance(r.st, run.rng)
	text := r.st.FormatMove(mv)
	r.st.Play(mv)
	var after [][]int
	if run.hidden {
		after = hands(r.st, n)
	}
	r.seen = append(r.seen, visibility(run.hidden, before, after))
	r.file.Plies = append(r.file.Plies, referee.Ply{Move: text, Seat: 0})
	r.last = &lastMove{Move: "?", Seat: -1}
	if !run.hidden {
		r.last.Move = text
	}
	return text
}

// playLocked plays a player's legal move and records it.
func (r *Room) playLocked(mv games.Move, p referee.Ply) {
	var cells []int
	if pic, ok := r.st.(games.Pictured); ok {
		cells = pic.MoveCells(mv)
	}
	r.st.Play(mv)
	r.seen = append(r.seen, ^uint64(0))
	r.file.Plies = append(r.file.Plies, p)
	r.last = &lastMove{Move: p.Move, Cells: cells, Seat: p.Seat - 1}
}

// reply is the outcome of one seat's turn.
type reply struct {
	rep protocol.GoReply
	err error
}

// loop plays the current game to its end, or until ctx ends (the room is
// unloaded or the server stops: the game stays on disk, unfinished).
func (r *Room) loop(ctx context.Context, run *gameRun, moves chan personMove) {
	for {
		r.mu.Lock()
		drew := false
		for r.st.Player() == games.Chance {
			r.drawChance(run)
			drew = true
		}
		who := r.st.Player()
		if who == games.Terminal {
			r.endLocked(run, referee.Normal, -1, r.st.EndReason())
			r.mu.Unlock()
			return
		}
		if drew {
			r.save()
			r.broadcast(false)
		}
		sf := r.file.Seats[r.file.roomSeat(who)]
		var deadline time.Duration
		if len(r.file.Clocks) > 0 {
			deadline = time.Duration(r.file.Clocks[who]) * time.Millisecond
		}
		var req protocol.GoRequest
		if sf.Engine != "" {
			req = r.request(run, who)
		}
		r.mu.Unlock()

		start := time.Now()
		var res reply
		var pm personMove
		if sf.Engine != "" {
			res, pm = r.engineTurn(ctx, run, who, sf, req, moves)
		} else {
			res, pm = personTurn(ctx, deadline, moves)
		}
		if ctx.Err() != nil {
			return
		}
		elapsed := time.Since(start)

		r.mu.Lock()
		if pm.resign {
			r.endLocked(run, referee.Resignation, pm.seat, fmt.Sprintf("seat %d (%s) resigned", pm.seat+1, r.seatName(pm.seat)))
			r.mu.Unlock()
			return
		}
		if res.err != nil {
			t, why := faultOf(res.err)
			r.endLocked(run, t, who, fmt.Sprintf("seat %d (%s): %s: %v", who+1, r.seatName(who), t, why))
			r.mu.Unlock()
			return
		}
		if sf.Engine == "" {
			elapsed = time.Since(start)
		} else {
			elapsed = res.rep.Elapsed
		}
		if len(r.file.Clocks) > 0 {
			left := time.Duration(r.file.Clocks[who])*time.Millisecond - elapsed
			if left < 0 {
				r.endLocked(run, referee.TimeLoss, who, fmt.Sprintf("seat %d (%s): the flag fell", who+1, r.seatName(who)))
				r.mu.Unlock()
				return
			}
			r.file.Clocks[who] = (left + r.tc.Inc).Milliseconds()
		}
		if res.rep.Resign {
			r.endLocked(run, referee.Resignation, who, fmt.Sprintf("seat %d (%s) resigned", who+1, r.seatName(who)))
			r.mu.Unlock()
			return
		}
		mv, err := games.ParseLegal(r.st, res.rep.Move)
		if err != nil {
			r.endLocked(run, referee.IllegalMove, who, fmt.Sprintf("seat %d (%s): illegal move %q: %v", who+1, r.seatName(who), res.rep.Move, err))
			r.mu.Unlock()
			return
		}
		p := referee.Ply{Move: r.st.FormatMove(mv), Seat: who + 1, Micro: max(elapsed.Microseconds(), 0)}
		if sf.Engine != "" {
			p.Depth, p.Nodes = res.rep.Depth, res.rep.Nodes
			if res.rep.HasScore && res.rep.Mate == 0 {
				p.Score = &res.rep.Score
			} else if res.rep.HasScore {
				p.Mate = res.rep.Mate
			}
			r.arrived = time.Now()
		} else {
			r.arrived = pm.at
		}
		r.playLocked(mv, p)
		r.used = time.Now()
		if r.st.Player() == games.Terminal {
			r.endLocked(run, referee.Normal, -1, r.st.EndReason())
			r.mu.Unlock()
			return
		}
		r.save()
		r.broadcast(false)
		r.mu.Unlock()
	}
}

// personTurn waits for the seat's move from its page (already checked by
// Room.submit), a resignation from any seat, the clock, or ctx.
func personTurn(ctx context.Context, deadline time.Duration, moves chan personMove) (reply, personMove) {
	var flag <-chan time.Time
	if deadline > 0 {
		t := time.NewTimer(deadline)
		defer t.Stop()
		flag = t.C
	}
	select {
	case pm := <-moves:
		return reply{rep: protocol.GoReply{Move: pm.move}}, pm
	case <-flag:
		return reply{err: errFlag}, personMove{}
	case <-ctx.Done():
		return reply{err: ctx.Err()}, personMove{}
	}
}

var errFlag = errors.New("the flag fell")

// engineTurn asks the engine at game seat who for its move; a person's
// resignation meanwhile stops it.
func (r *Room) engineTurn(ctx context.Context, run *gameRun, who int, sf seatFile, req protocol.GoRequest, moves chan personMove) (reply, personMove) {
	ectx, cancel := context.WithCancel(ctx)
	defer cancel()
	ch := make(chan reply, 1)
	go func() {
		c, err := r.engine(ectx, run, who, sf)
		if err != nil {
			ch <- reply{err: err}
			return
		}
		rep, err := c.Go(ectx, req)
		ch <- reply{rep: rep, err: err}
	}()
	for {
		select {
		case res := <-ch:
			return res, personMove{}
		case pm := <-moves:
			if pm.resign {
				cancel()
				<-ch
				return reply{}, pm
			}
			// A move cannot come now (submit checks the turn); drop it.
		}
	}
}

// engine returns the engine process of game seat who, starting it (and
// its game) on first use.
func (r *Room) engine(ctx context.Context, run *gameRun, who int, sf seatFile) (*protocol.Client, error) {
	if c := run.engines[who]; c != nil {
		return c, nil
	}
	ec, err := r.s.engineConfig(sf.Engine)
	if err != nil {
		return nil, &protocol.EngineError{Engine: sf.Name, Kind: protocol.Startup, Err: err}
	}
	spec, err := r.s.engineSpec(ec)
	if err != nil {
		return nil, &protocol.EngineError{Engine: sf.Name, Kind: protocol.Startup, Err: err}
	}
	c, err := protocol.StartEngine(ctx, spec, io.Discard, protocol.Timeouts{})
	if err != nil {
		return nil, err
	}
	run.engines[who] = c
	if err := c.NewGame(ctx, r.file.Rules); err != nil {
		return nil, err
	}
	return c, c.IsReady(ctx)
}

func (run *gameRun) closeEngines() {
	for _, c := range run.engines {
		c.Close()
	}
}

// request is the go request of the engine at game seat who: its view in a
// game of hidden information, else the start and the moves; its limits
// and the room's clocks. Call with r.mu held.
func (r *Room) request(run *gameRun, who int) protocol.GoRequest {
	var req protocol.GoRequest
	if vs, ok := r.st.(games.ViewState); ok && run.hidden {
		req.Position = vs.View(who)
	} else {
		req.Start = r.variant.Game.NewState().Position()
		for _, p := range r.file.Plies {
			req.Moves = append(req.Moves, p.Move)
		}
	}
	ec, err := r.s.engineConfig(r.file.Seats[r.file.roomSeat(who)].Engine)
	if err == nil {
		if ec.Nodes != nil {
			req.Nodes = *ec.Nodes
		}
		if ec.Depth != nil {
			req.Depth = *ec.Depth
		}
		if ec.MoveTime != nil {
			req.MoveTime = *ec.MoveTime
		}
	}
	if len(r.file.Clocks) > 0 {
		for _, ms := range r.file.Clocks {
			req.Time = append(req.Time, time.Duration(ms)*time.Millisecond)
			req.Inc = append(req.Inc, r.tc.Inc)
		}
		req.Deadline = req.Time[who] + 50*time.Millisecond
	}
	if req.MoveTime > 0 && (req.Deadline == 0 || req.MoveTime+time.Second < req.Deadline) {
		req.Deadline = req.MoveTime + time.Second
	}
	if req.Deadline == 0 {
		req.Deadline = referee.DefaultMoveTimeout
	}
	return req
}

// faultOf types an engine's failure as the referee does.
func faultOf(err error) (referee.Termination, error) {
	if errors.Is(err, errFlag) {
		return referee.TimeLoss, err
	}
	var ee *protocol.EngineError
	if errors.As(err, &ee) {
		switch ee.Kind {
		case protocol.Startup:
			return referee.Startup, err
		case protocol.Crash:
			return referee.Crash, err
		case protocol.Stall:
			return referee.Stall, err
		}
	}
	return referee.ProtocolError, err
}

func (r *Room) seatName(g int) string { return r.file.Seats[r.file.roomSeat(g)].Name }

// endLocked ends the current game: its record is appended to the room's
// records file, the room saved, every page told.
func (r *Room) endLocked(run *gameRun, t referee.Termination, loser int, reason string) {
	typ := r.variant.Game.Type()
	rec := &referee.Record{Game: r.file.Game - 1, Pair: r.file.Game - 1, Variant: r.variant.Name, Rules: r.file.Rules,
		Seed: chanceSeed(r.file.Seed, r.file.Game), Date: time.Now().UTC().Format("2006.01.02"), Meeple: version.String(),
		Start: referee.StartPos, Plies: append([]referee.Ply(nil), r.file.Plies...), Termination: t,
		Reason: strings.ReplaceAll(reason, "\n", " ")}
	for g := range typ.Players {
		rec.Seats = append(rec.Seats, r.seatName(g))
	}
	switch {
	case t == referee.Normal:
		rec.Returns = r.st.Returns()
	case t == referee.Unterminated:
		rec.Returns = make([]float64, typ.Players)
	case loser >= 0:
		rec.Loser = loser + 1
		rec.Returns = forfeitReturns(typ, loser)
	}
	rec.SetTeam(typ)
	r.file.Ended = rec
	if t != referee.Unterminated {
		if err := r.s.store.appendRecord(r.id, rec); err != nil {
			r.s.logf("room %s: writing the record: %v", r.id, err)
		}
	}
	r.moves = nil
	r.save()
	r.broadcast(false)
}

// engineSpec turns an engine's configuration into the command to start.
func (s *Server) engineSpec(ec referee.EngineConfig) (protocol.EngineSpec, error) {
	argv := append([]string{ec.Cmd}, ec.Args...)
	if ec.Cmd == referee.Self {
		self := s.cfg.Self
		if self == nil {
			exe, err := os.Executable()
			if err != nil {
				return protocol.EngineSpec{}, err
			}
			self = []string{exe, "engine"}
		}
		argv = append(append([]string(nil), self...), ec.Args...)
	}
	opts := make([]protocol.EngineOption, len(ec.Options))
	for i, o := range ec.Options {
		opts[i] = protocol.EngineOption{Name: o.Name, Value: o.Value}
	}
	return protocol.EngineSpec{Name: ec.Name, Cmd: argv, Dir: ec.Dir, Env: ec.Env, Dialect: ec.Proto, Options: opts}, nil
}

// forfeitReturns are the returns when seat loser (0-based) loses by a
// fault, time or resignation, as the referee's records have them (Replay
// checks them): the loser gets MinReturn; in a zero-sum game the others
// share -MinReturn, in a general-sum game they get MaxReturn, and in a
// cooperative game everyone gets MinReturn.
func forfeitReturns(t games.Type, loser int) []float64 {
	r := make([]float64, t.Players)
	for i := range r {
		switch {
		case i == loser || t.Utility == games.Identical:
			r[i] = t.MinReturn
		case t.Utility == games.ZeroSum:
			r[i] = -t.MinReturn / float64(t.Players-1)
		default:
			r[i] = t.MaxReturn
		}
	}
	return r
}
