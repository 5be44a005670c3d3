package referee

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/version"
	"github.com/meeple-games/meeple/protocol"
)

// seatRun is one seat of a game being played.
type seatRun struct {
	engine int
	pool   *pool
	client *protocol.Client
	limits Limits
	clock  *clock
	log    *os.File
	logRel string // the log's path relative to the output directory
	fault  *fault // why the process is unusable after this game

	// adjudication: consecutive reported scores past the thresholds
	losing, winning, drawish int
}

// play runs one game of the match. It returns an error only when ctx ended
// (the match is interrupted): the game is then not finished and not
// recorded.
func (m *match) play(ctx context.Context, s slot) (*Record, error) {
	op := m.openings[s.Round]
	typ := m.variant.Game.Type()
	rec := &Record{
		Game: s.Index, Pair: s.Group, Variant: m.variant.Name, Rules: m.rules,
		Seed: seed(m.cfg.Seed, seedChance, uint64(s.Round)), Start: StartPos,
		Seats: make([]string, len(s.Seats)), Date: time.Now().UTC().Format("2006.01.02"), Meeple: version.String(),
	}
	if op.Start != "" {
		rec.Start = op.Start
	}
	for i, e := range s.Seats {
		rec.Seats[i] = m.cfg.Engines[e].Name
	}
	st, book, err := op.play(m.variant.Game)
	if err != nil {
		panic("referee: an opening checked when the match started fails: " + err.Error())
	}
	rec.Plies = book
	m.events.emit(Event{Type: "game_start", Game: ptr(s.Index), Pair: ptr(s.Group), Seats: rec.Seats, Start: rec.Start, Seed: ptr(rec.Seed)})

	seats := make([]*seatRun, len(s.Seats))
	for i, e := range s.Seats {
		lim := m.cfg.Engines[e].limits(m.cfg.Limits)
		seats[i] = &seatRun{engine: e, pool: m.pools[e], limits: lim, clock: newClock(lim.TC)}
	}
	defer func() {
		for i, sr := range seats {
			if sr.client != nil {
				sr.pool.release(sr.client, sr.fault)
			}
			if sr.log != nil {
				info, err := sr.log.Stat()
				sr.log.Close()
				if err == nil && info.Size() == 0 {
					os.Remove(sr.log.Name())
				} else if rec.Stderr != nil {
					rec.Stderr[i] = sr.logRel
				}
			}
		}
		if rec.Stderr != nil && strings.Join(rec.Stderr, "") == "" {
			rec.Stderr = nil
		}
	}()
	rec.Stderr = make([]string, len(seats))

	end := func(t Termination, loser int, reason string) (*Record, error) {
		rec.Termination = t
		rec.Reason = strings.ReplaceAll(reason, "\n", " ")
		switch {
		case t == Normal:
			rec.Returns = st.Returns()
		case loser >= 0:
			rec.Loser = loser + 1
			rec.Returns = forfeitReturns(typ, loser)
		default:
			rec.Returns = cutReturns(typ)
		}
		rec.SetTeam(typ)
		return rec, nil
	}
	abort := func() (*Record, error) {
		// Interrupted: the processes may be mid-request; close them.
		for _, sr := range seats {
			sr.fault = &fault{kind: Stall, err: ctx.Err(), kill: true}
		}
		return nil, ctx.Err()
	}
	faultEnd := func(seat int, f *fault) (*Record, error) {
		if ctx.Err() != nil {
			return abort()
		}
		seats[seat].fault = f
		return end(f.kind, seat, fmt.Sprintf("seat %d (%s): %s: %v", seat+1, rec.Seats[seat], f.kind, f.err))
	}

	// Processes: one per seat, each with this game's stderr log.
	for i, sr := range seats {
		rel := filepath.Join("stderr", fmt.Sprintf("%d-%d-%s.log", s.Index, i+1, rec.Seats[i]))
		if f, err := os.Create(filepath.Join(m.cfg.Out, rel)); err == nil {
			sr.log, sr.logRel = f, filepath.ToSlash(rel)
		}
		var w io.Writer
		if sr.log != nil {
			w = sr.log
		}
		c, f := sr.pool.acquire(ctx, w)
		if f != nil {
			return faultEnd(i, f)
		}
		sr.client = c
	}
	for i, sr := range seats {
		if err := sr.client.NewGame(ctx, m.rules); err != nil {
			return faultEnd(i, faultOf(err))
		}
		if err := sr.client.IsReady(ctx); err != nil {
			return faultEnd(i, faultOf(err))
		}
	}

	rng := chanceRNG(rec.Seed)
	vs, hidden := st.(games.ViewState)
	hidden = hidden && typ.Information == games.ImperfectInformation
	var moves []string // every move so far, for engines that get the move list
	plies := 0         // player moves (book and engine), for --max-plies
	for _, p := range book {
		moves = append(moves, p.Move)
		if !p.Chance() {
			plies++
		}
	}
	for {
		for st.Player() == games.Chance {
			mv := games.SampleChance(st, rng)
			text := st.FormatMove(mv)
			st.Play(mv)
			moves = append(moves, text)
			rec.Plies = append(rec.Plies, Ply{Move: text, Seat: 0})
			m.events.emit(Event{Type: "move", Game: ptr(s.Index), Ply: len(rec.Plies), Seat: ptr(0), Move: text, Chance: true})
		}
		who := st.Player()
		if who == games.Terminal {
			return end(Normal, -1, st.EndReason())
		}
		if m.cfg.MaxPlies > 0 && plies >= m.cfg.MaxPlies {
			return end(MaxPlies, -1, fmt.Sprintf("%d plies played (--max-plies)", plies))
		}
		sr := seats[who]
		req := protocol.GoRequest{MoveTime: sr.limits.MoveTime, Depth: sr.limits.Depth, Nodes: sr.limits.Nodes}
		if hidden {
			req.Position = vs.View(who)
		} else {
			if op.Start != "" {
				req.Position = op.Start
			}
			req.Start, req.Moves = m.start, moves
		}
		timed := sr.clock.tc.Timed()
		deadline := time.Duration(0)
		if timed {
			req.Time = make([]time.Duration, len(seats))
			req.Inc = make([]time.Duration, len(seats))
			for i, o := range seats {
				req.Time[i], req.Inc[i] = o.clock.left, o.clock.tc.Inc
			}
			req.MovesToGo = sr.clock.movesToGo()
			deadline = max(sr.clock.left+m.cfg.Margin, time.Millisecond)
		}
		if sr.limits.MoveTime > 0 {
			d := sr.limits.MoveTime + m.cfg.Margin
			if deadline == 0 || d < deadline {
				deadline = d
			}
		}
		clocked := deadline > 0
		if !clocked {
			deadline = m.moveTimeout
		}
		req.Deadline = deadline
		rep, err := sr.client.Go(ctx, req)
		if ctx.Err() != nil {
			return abort()
		}
		if err != nil {
			f := faultOf(err)
			var ee *protocol.EngineError
			if clocked && errors.As(err, &ee) && ee.Kind == protocol.Stall {
				// The clock ran out and the engine did not even answer stop:
				// a time loss, and the process is not to be trusted again.
				f = &fault{kind: TimeLoss, err: fmt.Errorf("no move within %v (the flag fell; no answer to stop either): %v", deadline, err), kill: true}
			}
			return faultEnd(who, f)
		}
		if rep.Resign && typ.Players == 2 && typ.Utility == games.ZeroSum {
			return end(Resignation, who, fmt.Sprintf("seat %d (%s) resigned", who+1, rec.Seats[who]))
		}
		if sr.clock.charge(rep.Elapsed, m.cfg.Margin) {
			return faultEnd(who, &fault{kind: TimeLoss, err: fmt.Errorf("took %v with %v on the clock (margin %v)",
				rep.Elapsed.Round(time.Microsecond), (sr.clock.left + rep.Elapsed).Round(time.Microsecond), m.cfg.Margin)})
		}
		if mt := sr.limits.MoveTime; mt > 0 && rep.Elapsed > mt+m.cfg.Margin {
			return faultEnd(who, &fault{kind: TimeLoss, err: fmt.Errorf("took %v with a movetime of %v (margin %v)",
				rep.Elapsed.Round(time.Microsecond), mt, m.cfg.Margin)})
		}
		mv, err := games.ParseLegal(st, rep.Move)
		if err != nil {
			return faultEnd(who, &fault{kind: IllegalMove, err: fmt.Errorf("bestmove %q: %v", rep.Move, err)})
		}
		text := st.FormatMove(mv)
		p := Ply{Move: text, Seat: who + 1, Micro: max(rep.Elapsed.Microseconds(), 0), Depth: rep.Depth, Nodes: rep.Nodes}
		if rep.HasScore {
			if rep.Mate != 0 {
				p.Mate = rep.Mate
			} else {
				p.Score = ptr(rep.Score)
			}
		}
		st.Play(mv)
		moves = append(moves, text)
		rec.Plies = append(rec.Plies, p)
		plies++
		ev := Event{Type: "move", Game: ptr(s.Index), Ply: len(rec.Plies), Seat: ptr(who + 1), Engine: rec.Seats[who],
			Move: text, MS: float64(p.Micro) / 1000, Score: p.Score, Mate: p.Mate, Depth: p.Depth, Nodes: p.Nodes}
		if timed {
			for _, o := range seats {
				ev.Clocks = append(ev.Clocks, o.clock.left.Milliseconds())
			}
		}
		m.events.emit(ev)
		if st.Player() != games.Terminal {
			if t, loser, reason := m.adjudicate(seats, who, p, plies); t != Normal {
				return end(t, loser, reason)
			}
		}
	}
}

// adjudicate applies the resign and draw rules after seat who reported p;
// it returns Normal when neither applies.
func (m *match) adjudicate(seats []*seatRun, who int, p Ply, plies int) (Termination, int, string) {
	if len(seats) != 2 {
		return Normal, -1, ""
	}
	sr := seats[who]
	has := p.Score != nil || p.Mate != 0
	score := 0
	switch {
	case p.Mate > 0:
		score = 1 << 30
	case p.Mate < 0:
		score = -1 << 30
	case p.Score != nil:
		score = *p.Score
	}
	count := func(n *int, ok bool) {
		if has && ok {
			*n++
		} else {
			*n = 0
		}
	}
	rs, dr := m.cfg.Resign, m.cfg.Draw
	count(&sr.losing, score <= -rs.Score)
	count(&sr.winning, score >= rs.Score)
	count(&sr.drawish, p.Mate == 0 && score <= dr.Score && score >= -dr.Score)
	other := seats[1-who]
	if rs.on() && sr.losing >= rs.Moves && (!rs.TwoSided || other.winning >= rs.Moves) {
		return Adjudication, who, fmt.Sprintf("resign rule: seat %d (%s) reported %s or worse for %d moves", who+1,
			m.cfg.Engines[sr.engine].Name, Ply{Score: ptr(-rs.Score)}.eval(), rs.Moves)
	}
	if dr.on() && plies >= dr.After && sr.drawish >= dr.Moves && other.drawish >= dr.Moves {
		return Adjudication, -1, fmt.Sprintf("draw rule: both seats reported scores within %s for %d moves after ply %d",
			Ply{Score: ptr(dr.Score)}.eval(), dr.Moves, dr.After)
	}
	return Normal, -1, ""
}
