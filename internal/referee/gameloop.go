package referee

// The game loop: one game (Game), with a Seat for each player. A match
// plays each of its games as a Game whose seats are engine processes from
// its pools; `meeple serve` plays a room's games at one whose seats are
// people in browsers and engines.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/version"
	"github.com/meeple-games/meeple/protocol/client"
)

// Seat is one player of a Game. Go answers the request of the
// seat to move: req holds what the seat may see (its View in a game of
// imperfect information; the start position and every move so far
// otherwise), its limits and, when it has one, every seat's clock and its
// Deadline (0: none). An engine searches; a person in a browser waits for
// their move.
//
// The reply's Move is checked with the games package and a bad one ends
// the game (IllegalMove, the seat losing); Resign is a resignation (a loss,
// in a two-player zero-sum game only; elsewhere the reply must carry a
// move); Elapsed is the time the seat took, as it measured it, and is
// charged to its clock (a seat whose deadline passed returns with the time
// it waited, and loses on time when a clock runs). An error ends the game
// with the seat losing: a *client.EngineError by its kind (crash, stall,
// startup; a stall under a clock is a time loss), any other a protocol
// error. When ctx ends Go must return promptly; the game is then abandoned.
//
// Go is called from the goroutine running Game.Play, one request at a time.
type Seat interface {
	Go(ctx context.Context, req client.GoRequest) (client.GoReply, error)
}

// NewGamer is a Seat that wants to know of each game before its first
// request: Game.Play calls NewGame on every seat that implements it, in
// seat order, with the rules as an inline spec (what newgame takes). An
// error ends the game as an error of Go does. EngineSeat implements it.
type NewGamer interface {
	NewGame(ctx context.Context, rules string) error
}

// GameSeat is one seat of a Game: who sits there and how they are timed.
type GameSeat struct {
	Name string // in the record (Record.Seats)
	Seat Seat
	// Limits are sent with every request (movetime, depth, nodes) and
	// TC runs the seat's clock (zero: no clock).
	Limits Limits
	// MoveTimeout is the deadline of a move that no clock and no movetime
	// bounds (an engine under a depth or node limit); 0 means no deadline
	// (a person at a table without a clock).
	MoveTimeout time.Duration
}

// Update is what a Game's hook sees: after the plies given in Game.Plies
// are replayed, after every new ply (chance outcomes included) and at the
// end. Record and State belong to the Table: read them during the hook and
// copy what is kept (State.Clone, the plies); change neither.
type Update struct {
	Record *record.Record // the game so far; at the end, with its result
	State  games.State    // the position after the last ply
	// Clocks is every seat's time left: after a seat's ply when that seat
	// runs a clock, and at the start when any seat does (nil otherwise,
	// after chance outcomes and at the end).
	Clocks []time.Duration
	Ended  bool // the game is over: Record's Termination, Reason, Returns and Loser are set
}

// Game is one game: the variant, the seats, the chance seed, the start
// and the plies already played. Play plays it to the end and returns its
// Record, the same whether the game ran in one go or was resumed from its
// plies.
type Game struct {
	Variant *games.Variant // from games.LoadVariant
	Seats   []GameSeat     // one per player, in seat order
	Seed    uint64         // of the chance RNG (ChanceSource): every chance outcome is drawn from it
	Start   string         // a position string; "" or StartPos: the variant's start

	// Plies are the game's first plies, replayed before any seat is asked:
	// book plies (Book set, chance outcomes among them given and not
	// drawn), then the plies of a game in progress being resumed (its
	// Record.Plies so far), whose chance outcomes must be the ones the
	// seeded RNG draws, so that the resumed game draws the same outcomes
	// (The Game's cards) as an uninterrupted one. Each clock is charged the
	// recorded time of its seat's plies.
	Plies []record.Ply

	// Spent is the time the seat to move after Plies has already spent on
	// its move: a game resumed after its server stopped (a crash, say)
	// while a person was thinking. It is charged to that seat's first
	// move: its clock (and deadline) shows the time less Spent, and the
	// ply's time includes it; a flag that fell in the meantime falls at
	// once.
	Spent time.Duration

	MaxPlies int           // 0: no limit; else the game ends (MaxPlies, a draw) after this many plies of the seats (book included)
	Margin   time.Duration // how far past its clock or movetime a seat may go before it loses on time

	// Adjudicate, when set, is asked after every ply of a seat that does not
	// end the game (replayed ones included): seat is 0-based, p is the ply,
	// plies counts the seats' plies so far. It returns Normal to go on, or
	// the termination, the 0-based losing seat (-1: none) and the reason.
	// The match's resign and draw rules.
	Adjudicate func(seat int, p record.Ply, plies int) (record.Termination, int, string)

	// Hook, when set, sees the game as it goes (see Update): live viewing,
	// saving a game in progress. It runs on Play's goroutine and holds up
	// the game while it runs.
	Hook func(Update)
}

// ErrBadPlies wraps Play's error when Game.Plies do not replay: an
// illegal move, a seat that was not to move, a chance outcome that is not
// the seeded draw.
var ErrBadPlies = errors.New("plies do not replay")

// Play plays the game to its end and returns its record: Variant, Rules,
// Seed, Start, Seats, Date, Meeple, Plies, Returns, Termination, Reason,
// Loser and the team result (Game, Pair and Stderr are the caller's). A
// seat's failure ends the game with a record (the seat loses, with a typed
// Termination); Play fails only when Game is unusable (no variant, a
// seat count that is not the game's, a start or Plies that do not replay:
// ErrBadPlies) or ctx ends (ctx.Err(): the game is not over and there is
// no record).
func (t *Game) Play(ctx context.Context) (*record.Record, error) {
	g, err := t.newGame()
	if err != nil {
		return nil, err
	}
	for i, s := range t.Seats {
		if ng, ok := s.Seat.(NewGamer); ok {
			if err := ng.NewGame(ctx, g.rules); err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				return g.faultEnd(i, faultOf(err)), nil
			}
		}
	}
	return g.run(ctx)
}

// playing is a Game in progress.
type playing struct {
	t      *Game
	typ    games.Type
	rules  string
	start  string // the variant's start position string
	rec    *record.Record
	st     games.State
	clocks []*clock
	moves  []string // every move so far (for seats that get the move list)
	plies  int      // the seats' plies (book included), for MaxPlies
	rng    *rand.Rand
}

// newGame checks the table, sets up the record and the state, and replays
// t.Plies.
func (t *Game) newGame() (*playing, error) {
	if t.Variant == nil {
		return nil, errors.New("table: no variant")
	}
	typ := t.Variant.Game.Type()
	if len(t.Seats) != typ.Players {
		return nil, fmt.Errorf("table: %d seats for %s, a %d-player game", len(t.Seats), t.Variant.Name, typ.Players)
	}
	g := &playing{t: t, typ: typ, rules: t.Variant.Spec(), start: t.Variant.Game.NewState().Position()}
	g.rec = &record.Record{Variant: t.Variant.Name, Rules: g.rules, Seed: t.Seed, Start: record.StartPos,
		Seats: make([]string, len(t.Seats)), Date: time.Now().UTC().Format("2006.01.02"), Meeple: version.String()}
	for i, s := range t.Seats {
		if s.Seat == nil {
			return nil, fmt.Errorf("table: seat %d (%s) has no Seat", i+1, s.Name)
		}
		g.rec.Seats[i] = s.Name
		g.clocks = append(g.clocks, newClock(s.Limits.TC))
	}
	g.st = t.Variant.Game.NewState()
	if t.Start != "" && t.Start != record.StartPos {
		st, err := t.Variant.Game.ParseState(t.Start)
		if err != nil {
			return nil, fmt.Errorf("table: start: %v", err)
		}
		g.st, g.rec.Start = st, t.Start
	}
	g.rng = rand.New(record.ChanceSource(t.Seed))
	book := true
	for i, p := range t.Plies {
		bad := func(format string, args ...any) (*playing, error) {
			return nil, fmt.Errorf("table: ply %d (%s): %s: %w", i+1, p.Move, fmt.Sprintf(format, args...), ErrBadPlies)
		}
		who := g.st.Player()
		if who == games.Terminal {
			return bad("the game is already over (%s)", g.st.EndReason())
		}
		if p.Book && !book {
			return bad("a book move after the seats' moves")
		}
		book = p.Book
		mv, err := games.ParseLegal(g.st, p.Move)
		if err != nil {
			return bad("%v", err)
		}
		switch {
		case who == games.Chance:
			if !p.Book {
				if p.Seat != 0 {
					return bad("a chance outcome is due, not a move of seat %d", p.Seat)
				}
				if want := games.SampleChance(g.st, g.rng); want != mv {
					return bad("chance outcome differs from the seeded draw (%s)", g.st.FormatMove(want))
				}
			}
			p.Seat = 0
		case p.Seat == 0 && !p.Book:
			return bad("a chance outcome where seat %d is to move", who+1)
		case p.Seat != 0 && p.Seat != who+1:
			return bad("made by seat %d, but seat %d is to move", p.Seat, who+1)
		default:
			p.Seat = who + 1
			if !p.Book {
				g.clocks[who].charge(time.Duration(p.Micro)*time.Microsecond, t.Margin)
			}
		}
		p.Move = g.st.FormatMove(mv)
		g.st.Play(mv)
		g.moves = append(g.moves, p.Move)
		g.rec.Plies = append(g.rec.Plies, p)
		if who >= 0 {
			g.plies++
		}
	}
	return g, nil
}

// run asks the seats for moves until the game ends.
func (g *playing) run(ctx context.Context) (*record.Record, error) {
	if end := g.adjudicateReplayed(); end != nil {
		return end, nil
	}
	spent := max(g.t.Spent, 0) // charged to the first seat asked
	g.hook(g.startClocks(spent), false)
	for {
		g.drawChance()
		who := g.st.Player()
		if who == games.Terminal {
			return g.end(record.Normal, -1, g.st.EndReason()), nil
		}
		if g.t.MaxPlies > 0 && g.plies >= g.t.MaxPlies {
			return g.end(record.MaxPlies, -1, fmt.Sprintf("%d plies played (--max-plies)", g.plies)), nil
		}
		req, clocked, f := g.request(who, spent)
		if f != nil {
			return g.faultEnd(who, f), nil
		}
		rep, err := g.t.Seats[who].Seat.Go(ctx, req)
		rep.Elapsed += spent
		spent = 0
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		mv, p, end := g.answer(who, req, clocked, rep, err)
		if end != nil {
			return end, nil
		}
		if end := g.play(who, mv, p); end != nil {
			return end, nil
		}
	}
}

// adjudicateReplayed counts the replayed plies for the adjudication as
// they did when played; it returns the game's end if they decide it.
func (g *playing) adjudicateReplayed() *record.Record {
	if g.t.Adjudicate == nil || g.st.Player() == games.Terminal {
		return nil
	}
	n := 0
	for _, p := range g.rec.Plies {
		if p.Chance() {
			continue
		}
		n++
		if !p.Book {
			if tm, loser, reason := g.t.Adjudicate(p.Seat-1, p, n); tm != record.Normal {
				return g.end(tm, loser, reason)
			}
		}
	}
	return nil
}

// startClocks are the clocks as the game starts: every seat's, when any
// runs (the seat to move's less spent), else nil.
func (g *playing) startClocks(spent time.Duration) []time.Duration {
	for _, c := range g.clocks {
		if c.tc.Timed() {
			clocks := g.times()
			if who := g.st.Player(); who >= 0 && g.clocks[who].tc.Timed() {
				clocks[who] -= spent
			}
			return clocks
		}
	}
	return nil
}

// drawChance draws every chance outcome due, from the game's seeded RNG.
func (g *playing) drawChance() {
	for g.st.Player() == games.Chance {
		mv := games.SampleChance(g.st, g.rng)
		text := g.st.FormatMove(mv)
		g.st.Play(mv)
		g.moves = append(g.moves, text)
		g.rec.Plies = append(g.rec.Plies, record.Ply{Move: text, Seat: 0})
		g.hook(nil, false)
	}
}

// request is what seat who is asked to move with: the position as it may
// see it, its limits, the clocks less spent (time the game was stopped,
// charged to it), and the deadline of its answer: its clock or movetime
// with the margin (clocked), else the seat's move timeout. A flag that
// fell while the game was stopped is a fault.
func (g *playing) request(who int, spent time.Duration) (req client.GoRequest, clocked bool, _ *fault) {
	t := g.t
	ts, ck := t.Seats[who], g.clocks[who]
	req = client.GoRequest{MoveTime: ts.Limits.MoveTime, Depth: ts.Limits.Depth, Nodes: ts.Limits.Nodes}
	if vs, ok := g.st.(games.ViewState); ok && g.typ.Information == games.ImperfectInformation {
		req.Position = vs.View(who)
	} else {
		if g.rec.Start != record.StartPos {
			req.Position = g.rec.Start
		}
		req.Start, req.Moves = g.start, g.moves
	}
	deadline := time.Duration(0)
	if ck.tc.Timed() {
		if spent > ck.left+t.Margin {
			ck.left -= spent
			return req, false, &fault{kind: record.TimeLoss, err: fmt.Errorf("the flag fell while the game was stopped (%v spent with %v on the clock)",
				spent.Round(time.Millisecond), (ck.left + spent).Round(time.Millisecond))}
		}
		req.Time = make([]time.Duration, len(g.clocks))
		req.Inc = make([]time.Duration, len(g.clocks))
		for i, o := range g.clocks {
			req.Time[i], req.Inc[i] = o.left, o.tc.Inc
		}
		req.Time[who] -= spent
		req.MovesToGo = ck.movesToGo()
		deadline = max(ck.left-spent+t.Margin, time.Millisecond)
	}
	if ts.Limits.MoveTime > 0 {
		d := ts.Limits.MoveTime + t.Margin
		if deadline == 0 || d < deadline {
			deadline = d
		}
	}
	clocked = deadline > 0
	if !clocked {
		deadline = ts.MoveTimeout
	}
	req.Deadline = deadline
	return req, clocked, nil
}

// answer judges seat who's answer to req: a failure, a resignation, time
// overrun or an illegal move ends the game (end); otherwise it is the move
// and its ply, with what the engine reported.
func (g *playing) answer(who int, req client.GoRequest, clocked bool, rep client.GoReply, err error) (games.Move, record.Ply, *record.Record) {
	t, ck := g.t, g.clocks[who]
	fail := func(f *fault) (games.Move, record.Ply, *record.Record) {
		return games.NoMove, record.Ply{}, g.faultEnd(who, f)
	}
	if err != nil {
		f := faultOf(err)
		var ee *client.EngineError
		if clocked && errors.As(err, &ee) && ee.Kind == client.Stall {
			// The clock ran out and the engine did not even answer stop:
			// a time loss, and the process is not to be trusted again.
			f = &fault{kind: record.TimeLoss, err: fmt.Errorf("no move within %v (the flag fell; no answer to stop either): %v", req.Deadline, err), kill: true}
		}
		return fail(f)
	}
	if rep.Resign && g.typ.Players == 2 && g.typ.Utility == games.ZeroSum {
		return games.NoMove, record.Ply{}, g.end(record.Resignation, who, fmt.Sprintf("seat %d (%s) resigned", who+1, g.rec.Seats[who]))
	}
	if ck.charge(rep.Elapsed, t.Margin) {
		return fail(&fault{kind: record.TimeLoss, err: fmt.Errorf("took %v with %v on the clock (margin %v)",
			rep.Elapsed.Round(time.Microsecond), (ck.left + rep.Elapsed).Round(time.Microsecond), t.Margin)})
	}
	if mt := t.Seats[who].Limits.MoveTime; mt > 0 && rep.Elapsed > mt+t.Margin {
		return fail(&fault{kind: record.TimeLoss, err: fmt.Errorf("took %v with a movetime of %v (margin %v)",
			rep.Elapsed.Round(time.Microsecond), mt, t.Margin)})
	}
	mv, err := games.ParseLegal(g.st, rep.Move)
	if err != nil {
		return fail(&fault{kind: record.IllegalMove, err: fmt.Errorf("bestmove %q: %v", rep.Move, err)})
	}
	p := record.Ply{Move: g.st.FormatMove(mv), Seat: who + 1, Micro: max(rep.Elapsed.Microseconds(), 0), Depth: rep.Depth, Nodes: rep.Nodes}
	if rep.HasScore {
		if rep.Mate != 0 {
			p.Mate = rep.Mate
		} else {
			p.Score = ptr(rep.Score)
		}
	}
	return mv, p, nil
}

// play plays seat who's move mv, records its ply p, tells the hook and
// asks the adjudication; it returns the game's end if that decides it.
func (g *playing) play(who int, mv games.Move, p record.Ply) *record.Record {
	g.st.Play(mv)
	g.moves = append(g.moves, p.Move)
	g.rec.Plies = append(g.rec.Plies, p)
	g.plies++
	var clocks []time.Duration
	if g.clocks[who].tc.Timed() {
		clocks = g.times()
	}
	g.hook(clocks, false)
	if g.st.Player() != games.Terminal && g.t.Adjudicate != nil {
		if tm, loser, reason := g.t.Adjudicate(who, p, g.plies); tm != record.Normal {
			return g.end(tm, loser, reason)
		}
	}
	return nil
}

// times is every seat's time left.
func (g *playing) times() []time.Duration {
	t := make([]time.Duration, len(g.clocks))
	for i, c := range g.clocks {
		t[i] = c.left
	}
	return t
}

func (g *playing) hook(clocks []time.Duration, ended bool) {
	if g.t.Hook != nil {
		g.t.Hook(Update{Record: g.rec, State: g.st, Clocks: clocks, Ended: ended})
	}
}

// end finishes the record: termination t, the 0-based losing seat (-1:
// none) and the reason.
func (g *playing) end(t record.Termination, loser int, reason string) *record.Record {
	rec := g.rec
	rec.Termination = t
	rec.Reason = strings.ReplaceAll(reason, "\n", " ")
	switch {
	case t == record.Normal:
		rec.Returns = g.st.Returns()
	case loser >= 0:
		rec.Loser = loser + 1
		rec.Returns = record.ForfeitReturns(g.typ, loser)
	default:
		rec.Returns = record.CutReturns(g.typ)
	}
	rec.SetTeam(g.typ)
	g.hook(nil, true)
	return rec
}

// faultEnd ends the game with seat's fault.
func (g *playing) faultEnd(seat int, f *fault) *record.Record {
	return g.end(f.kind, seat, fmt.Sprintf("seat %d (%s): %s: %v", seat+1, g.rec.Seats[seat], f.kind, f.err))
}

// forfeit is the record of the table's game ended before it began by
// seat's fault (a match whose engine could not be started for it).
func (t *Game) forfeit(seat int, f *fault) (*record.Record, error) {
	g, err := t.newGame()
	if err != nil {
		return nil, err
	}
	return g.faultEnd(seat, f), nil
}
