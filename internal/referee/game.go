package referee

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/meeple-games/meeple/internal/record"
)

// play runs one game of the match: a Game whose seats are engine
// processes from the pools, each with this game's stderr log. It returns
// an error only when ctx ended (the match is interrupted): the game is
// then not finished and not recorded.
func (m *match) play(ctx context.Context, s slot) (*record.Record, error) {
	op := m.openings[s.Round]
	_, book, err := op.play(m.variant.Game)
	if err != nil {
		panic("referee: an opening checked when the match started fails: " + err.Error())
	}
	t := &Game{Variant: m.variant, Seed: seed(m.cfg.Seed, seedChance, uint64(s.Round)), Start: op.Start, Plies: book,
		MaxPlies: m.cfg.MaxPlies, Margin: m.cfg.Margin}
	seats := make([]*EngineSeat, len(s.Seats))
	names := make([]string, len(s.Seats))
	for i, e := range s.Seats {
		ec := m.cfg.Engines[e]
		seats[i] = &EngineSeat{cfg: ec, pool: m.pools[e]}
		names[i] = ec.Name
		t.Seats = append(t.Seats, GameSeat{Name: ec.Name, Seat: seats[i], Limits: ec.limits(m.cfg.Limits), MoveTimeout: m.moveTimeout})
	}
	start := record.StartPos
	if op.Start != "" {
		start = op.Start
	}
	m.events.emit(Event{Type: "game_start", Game: ptr(s.Index), Pair: ptr(s.Group), Seats: names, Start: start, Seed: ptr(t.Seed)})

	adj := &adjudicator{cfg: m.cfg, names: names, losing: make([]int, len(seats)), winning: make([]int, len(seats)), drawish: make([]int, len(seats))}
	t.Adjudicate = adj.judge
	emitted := len(book) // book moves are not move events
	t.Hook = func(u Update) {
		for ; emitted < len(u.Record.Plies); emitted++ {
			p := u.Record.Plies[emitted]
			if p.Chance() {
				m.events.emit(Event{Type: "move", Game: ptr(s.Index), Ply: emitted + 1, Seat: ptr(0), Move: p.Move, Chance: true})
				continue
			}
			ev := Event{Type: "move", Game: ptr(s.Index), Ply: emitted + 1, Seat: ptr(p.Seat), Engine: names[p.Seat-1],
				Move: p.Move, MS: float64(p.Micro) / 1000, Score: p.Score, Mate: p.Mate, Depth: p.Depth, Nodes: p.Nodes}
			for _, c := range u.Clocks {
				ev.Clocks = append(ev.Clocks, c.Milliseconds())
			}
			m.events.emit(ev)
		}
	}

	// Each seat's stderr log, kept when not empty.
	logs := make([]*os.File, len(seats))
	rels := make([]string, len(seats))
	for i, es := range seats {
		rel := filepath.Join("stderr", fmt.Sprintf("%d-%d-%s.log", s.Index, i+1, names[i]))
		if f, err := os.Create(filepath.Join(m.cfg.Out, rel)); err == nil {
			logs[i], rels[i] = f, filepath.ToSlash(rel)
			es.stderr = f
		}
	}
	rec, err := m.playAt(ctx, t, seats)
	for i, es := range seats {
		es.release()
		if logs[i] == nil {
			continue
		}
		info, serr := logs[i].Stat()
		logs[i].Close()
		if serr == nil && info.Size() == 0 {
			os.Remove(logs[i].Name())
			rels[i] = ""
		}
	}
	if err != nil {
		return nil, err
	}
	rec.Game, rec.Pair = s.Index, s.Group
	if strings.Join(rels, "") != "" {
		rec.Stderr = rels
	}
	return rec, nil
}

// playAt takes a process for every seat, then plays the table. A seat
// whose process cannot be had loses the game before it begins.
func (m *match) playAt(ctx context.Context, t *Game, seats []*EngineSeat) (*record.Record, error) {
	abort := func() (*record.Record, error) {
		// Interrupted: the processes may be mid-request; close them.
		for _, es := range seats {
			es.fault = &fault{kind: record.Stall, err: ctx.Err(), kill: true}
		}
		return nil, ctx.Err()
	}
	for i, es := range seats {
		if f := es.acquire(ctx); f != nil {
			if ctx.Err() != nil {
				return abort()
			}
			return t.forfeit(i, f)
		}
	}
	rec, err := t.Play(ctx)
	if ctx.Err() != nil {
		return abort()
	}
	if err != nil {
		panic("referee: a game checked when the match started fails: " + err.Error())
	}
	return rec, nil
}

// adjudicator holds a game's counts for the resign and draw rules: per
// seat, its consecutive reported scores past the thresholds.
type adjudicator struct {
	cfg                      Config
	names                    []string
	losing, winning, drawish []int
}

// judge applies the resign and draw rules after seat who reported p; it
// returns Normal when neither applies (Game.Adjudicate).
func (a *adjudicator) judge(who int, p record.Ply, plies int) (record.Termination, int, string) {
	if len(a.names) != 2 {
		return record.Normal, -1, ""
	}
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
	rs, dr := a.cfg.Resign, a.cfg.Draw
	count(&a.losing[who], score <= -rs.Score)
	count(&a.winning[who], score >= rs.Score)
	count(&a.drawish[who], p.Mate == 0 && score <= dr.Score && score >= -dr.Score)
	other := 1 - who
	if rs.on() && a.losing[who] >= rs.Moves && (!rs.TwoSided || a.winning[other] >= rs.Moves) {
		return record.Adjudication, who, fmt.Sprintf("resign rule: seat %d (%s) reported %s or worse for %d moves", who+1,
			a.names[who], record.Ply{Score: ptr(-rs.Score)}.Eval(), rs.Moves)
	}
	if dr.on() && plies >= dr.After && a.drawish[who] >= dr.Moves && a.drawish[other] >= dr.Moves {
		return record.Adjudication, -1, fmt.Sprintf("draw rule: both seats reported scores within %s for %d moves after ply %d",
			record.Ply{Score: ptr(dr.Score)}.Eval(), dr.Moves, dr.After)
	}
	return record.Normal, -1, ""
}
