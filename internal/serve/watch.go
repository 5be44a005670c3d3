package serve

import (
	"context"
	"encoding/json"
	"errors"
	"math/bits"
	"net/http"
	"sync"

	"github.com/coder/websocket"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/search"
)

// keepFinished is how many finished games a new watcher is sent.
const keepFinished = 50

// watcher follows a match directory's events (referee.Follow) and keeps
// what /ws/watch sends: the match, its games in progress, the standings
// and the finished games with a picture of every ply.
type watcher struct {
	mu        sync.Mutex
	match     []byte // the match message
	variant   *games.Variant
	live      map[int]*watchGame
	standings []byte
	finished  [][]byte
	conns     map[*conn]struct{}
}

// watchGame is a game of the match being played.
type watchGame struct {
	n        int
	seats    []string
	st       games.State
	hidden   bool
	history  []string
	notes    []plyNote       // the plies for people
	judged   []reviewMsg     // per position: the score its mover's engine reported for the move into it, seat 0's view
	pictures []games.Picture // after each ply, as an onlooker sees it
	last     *lastMove
	clocks   []int64
}

// Messages of /ws/watch (see the package doc).
type watchMatchMsg struct {
	Type        string            `json:"type"` // match
	Variant     string            `json:"variant"`
	Names       map[string]string `json:"names,omitempty"`
	Units       string            `json:"units"` // what the engines' scores count (players.UnitsOf)
	Rules       string            `json:"rules"`
	Description json.RawMessage   `json:"description"`
	Engines     []string          `json:"engines"`
	Total       int               `json:"total"`
}

type watchGameMsg struct {
	Type    string        `json:"type"` // game
	Game    int           `json:"game"`
	Seats   []string      `json:"seats"`
	Ply     int           `json:"ply"`
	Picture games.Picture `json:"picture"`
	ToMove  int           `json:"toMove"`
	Last    *lastMove     `json:"last,omitempty"`
	History []string      `json:"history"`
	Notes   []plyNote     `json:"notes"`
	Clocks  []int64       `json:"clocks,omitempty"`
}

type watchStandingsMsg struct {
	Type      string              `json:"type"` // standings
	Standings []referee.Standing  `json:"standings"`
	Pairs     []referee.PairStats `json:"pairs,omitempty"`
	SPRT      *referee.SPRTStatus `json:"sprt,omitempty"`
	Done      bool                `json:"done"` // the match is over
}

type watchFinishedMsg struct {
	Type     string          `json:"type"` // finished
	Game     int             `json:"game"`
	Seats    []string        `json:"seats"`
	Moves    []string        `json:"moves"`
	Notes    []plyNote       `json:"notes"`    // the moves for people
	Judged   []reviewMsg     `json:"judged"`   // per position: the engines' own judgement, seat 0's view (a review)
	Pictures []games.Picture `json:"pictures"` // the start, then after each move
	Result   resultMsg       `json:"result"`
}

func newWatcher(ctx context.Context, dir string, logf func(string, ...any)) *watcher {
	w := &watcher{live: map[int]*watchGame{}, conns: map[*conn]struct{}{}}
	go func() {
		err := referee.Follow(ctx, dir, w.event)
		if err != nil && !errors.Is(err, context.Canceled) {
			logf("watching %s: %v", dir, err)
		}
	}()
	return w
}

// event takes one event of the match and tells the watchers.
func (w *watcher) event(ev referee.Event) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch ev.Type {
	case "match_start":
		return w.matchStart(ev)
	case "game_start":
		return w.gameStart(ev)
	case "move":
		return w.move(ev)
	case "game_end":
		return w.gameEnd(ev)
	case "match_end":
		return w.matchEnd(ev)
	}
	return nil
}

// matchStart handles its event: the match begins: its variant, drawn from its rules, and its engines.
func (w *watcher) matchStart(ev referee.Event) error {
	v, err := games.LoadVariant(ev.Rules)
	if err != nil {
		return err
	}
	v.Name = ev.Variant
	desc, _ := json.Marshal(v.Game.Describe())
	w.variant = v
	var names map[string]string // a shipped variant's names in other languages
	if sv, err := games.LoadVariant(ev.Variant); err == nil && sv.Spec() == v.Spec() {
		names = sv.Names
	}
	w.match, _ = json.Marshal(watchMatchMsg{Type: "match", Variant: ev.Variant, Names: names, Units: players.UnitsOf(v.Family).String(), Rules: ev.Rules, Description: desc,
		Engines: ev.Engines, Total: ev.Total})
	w.send(w.match)
	return nil
}

// gameStart handles its event: a game begins at its start position.
func (w *watcher) gameStart(ev referee.Event) error {
	if w.variant == nil || ev.Game == nil {
		return nil
	}
	st := w.variant.Game.NewState()
	if ev.Start != "" && ev.Start != record.StartPos {
		s, err := w.variant.Game.ParseState(ev.Start)
		if err != nil {
			return err
		}
		st = s
	}
	g := &watchGame{n: *ev.Game, seats: ev.Seats, st: st, hidden: w.variant.Game.Type().Information == games.ImperfectInformation}
	g.pictures = append(g.pictures, picture(st, -1))
	w.live[g.n] = g
	w.send(g.message())
	return nil
}

// move handles its event: a ply of a live game: its note as an onlooker may know it, the score its engine reported (from the first seat's side), the picture after it.
func (w *watcher) move(ev referee.Event) error {
	g := w.live[deref(ev.Game)]
	if g == nil {
		return nil
	}
	mv, err := games.ParseLegal(g.st, ev.Move)
	if err != nil {
		return err
	}
	lm := &lastMove{Move: ev.Move, Seat: -1}
	note := plyNote{MoveNote: noteOf(g.st, mv), Seat: deref(ev.Seat) - 1}
	var before [][]int
	if ev.Chance {
		note.Seat = -1
		if g.hidden {
			lm.Move = "?"
			before = hands(g.st, w.variant.Game.Type().Players)
		}
	} else {
		lm.Seat = deref(ev.Seat) - 1
		if p, ok := g.st.(games.Pictured); ok {
			lm.Cells = p.MoveCells(mv)
		}
	}
	g.st.Play(mv)
	if before != nil {
		// What an onlooker knows of a card drawn: who drew one.
		note = plyNote{MoveNote: games.MoveNote{Text: "?"}, Seat: -1}
		if seen := visibility(true, before, hands(g.st, len(before))); bits.OnesCount64(seen) == 1 {
			note.Seat, note.Phrase = bits.TrailingZeros64(seen), &games.Phrase{Code: "drew-card"}
		}
	}
	g.history = append(g.history, lm.Move)
	g.notes = append(g.notes, note)
	j := reviewMsg{Type: "review", Game: g.n, Ply: len(g.history)}
	if s := deref(ev.Seat); s > 0 && (ev.Score != nil || ev.Mate != 0) {
		j.Has, j.Score, j.Mate = true, deref(ev.Score), ev.Mate
		if j.Mate == 0 && search.IsMate(j.Score) {
			j.Mate, j.Score = search.MatePlies(j.Score), 0
		}
		if s != 1 { // the mover's view to seat 0's
			j.Score, j.Mate = -j.Score, -j.Mate
		}
	}
	g.judged = append(g.judged, j)
	g.pictures = append(g.pictures, picture(g.st, -1))
	g.last, g.clocks = lm, ev.Clocks
	w.send(g.message())
	return nil
}

// gameEnd handles its event: a game ended: it is kept among the finished ones (a few), with the standings.
func (w *watcher) gameEnd(ev referee.Event) error {
	g := w.live[deref(ev.Game)]
	if g != nil {
		delete(w.live, g.n)
		b, _ := json.Marshal(watchFinishedMsg{Type: "finished", Game: g.n, Seats: g.seats, Moves: g.history, Notes: g.notes, Judged: g.judgedNow(), Pictures: g.pictures,
			Result: resultMsg{Returns: ev.Returns, Result: ev.Result, Termination: ev.Termination, Reason: ev.Reason,
				Loser: ev.Loser - 1, Phrase: endPhrase(g.st, termination(ev.Termination))}})
		w.finished = append(w.finished, b)
		if len(w.finished) > keepFinished {
			w.finished = w.finished[1:]
		}
		w.send(b)
	}
	w.standings, _ = json.Marshal(watchStandingsMsg{Type: "standings", Standings: ev.Standings, Pairs: ev.Pairs, SPRT: ev.SPRT})
	w.send(w.standings)
	return nil
}

// matchEnd handles its event: the match ended: the final standings.
func (w *watcher) matchEnd(ev referee.Event) error {
	w.standings, _ = json.Marshal(watchStandingsMsg{Type: "standings", Standings: ev.Standings, Pairs: ev.Pairs, SPRT: ev.SPRT, Done: true})
	w.send(w.standings)
	return nil
}

func (g *watchGame) message() []byte {
	to := g.st.Player()
	if to < 0 {
		to = -1
	}
	b, _ := json.Marshal(watchGameMsg{Type: "game", Game: g.n, Seats: g.seats, Ply: len(g.history), Picture: g.pictures[len(g.pictures)-1],
		ToMove: to, Last: g.last, History: g.history, Notes: g.notes, Clocks: g.clocks})
	return b
}

// send gives b to every watcher. Call with w.mu held.
func (w *watcher) send(b []byte) {
	for c := range w.conns {
		c.send(b, nil)
	}
}

// join sends a new watcher everything so far.
func (w *watcher) join(c *conn) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.conns[c] = struct{}{}
	if w.match != nil {
		c.send(w.match, nil)
	}
	for _, b := range w.finished {
		c.send(b, nil)
	}
	for _, g := range w.live {
		c.send(g.message(), nil)
	}
	if w.standings != nil {
		c.send(w.standings, nil)
	}
}

// judgedNow is the game's judgements, one a position (the start's
// without a score), each with who moves from it.
func (g *watchGame) judgedNow() []reviewMsg {
	out := make([]reviewMsg, 0, len(g.judged)+1)
	out = append(out, reviewMsg{Type: "review", Game: g.n})
	out = append(out, g.judged...)
	for k := range out {
		out[k].ToMove = -1
		if k < len(g.notes) {
			out[k].ToMove = g.notes[k].Seat
		}
	}
	return out
}

// termination reads an event's termination (Unterminated if unknown).
func termination(s string) record.Termination {
	t, err := record.ParseTermination(s)
	if err != nil {
		return record.Unterminated
	}
	return t
}

func (w *watcher) leave(c *conn) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.conns, c)
}

func (s *Server) handleWatchSocket(w http.ResponseWriter, r *http.Request) {
	if s.watch == nil {
		httpError(w, http.StatusNotFound, "this server watches no match (meeple serve --watch DIR)")
		return
	}
	ws := s.accept(w, r, false)
	if ws == nil {
		return
	}
	// A new watcher gets up to keepFinished finished games at once.
	c := &conn{ws: ws, roomSeat: -1, out: make(chan outMsg, outQueue+keepFinished+64), gone: make(chan struct{})}
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	go c.writer(ctx)
	go s.keepAlive(ctx, c)
	s.watch.join(c)
	defer s.watch.leave(c)
	for {
		if _, _, err := ws.Read(ctx); err != nil {
			c.close(websocket.StatusNormalClosure, "")
			return
		}
		c.send(errorJSON(refuse("watch-no-messages", "the watch socket takes no messages")), nil)
	}
}
