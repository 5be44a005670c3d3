package serve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/referee"
)

// Room is one game of one variant at a time, with its seats and the
// connections of the people and spectators watching it. Its mutex guards
// everything below it; the game goroutine (game.go) plays the moves.
type Room struct {
	s       *Server
	id      string
	variant *games.Variant
	desc    []byte // the Description as JSON, sent in every hello
	tc      referee.TimeControl

	mu      sync.Mutex
	file    roomFile
	st      games.State        // the current game's position
	seen    []uint64           // per ply: the game seats who may see it (bit k: seat k)
	last    *lastMove          // the last move of the current game
	conns   map[*conn]struct{} // connected pages
	cache   map[int][]byte     // the current state message per viewing seat (-1: spectators)
	moves   chan personMove    // to the person seat the game waits on
	cancel  context.CancelFunc // stops the game goroutine
	done    chan struct{}      // closed when the game goroutine has returned
	used    time.Time          // the last connection or move, for unloading idle rooms
	arrived time.Time          // when the move being played arrived (latency metric)
	queued  bool               // waiting for the saver
}

// personMove is a move (or a resignation) from a person's page, already
// checked against the room's position.
type personMove struct {
	move   string
	resign bool
	at     time.Time // when it arrived
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("serve: crypto/rand failed: " + err.Error())
	}
	return hex.EncodeToString(b)
}

// newToken is a seat's credential: 128 random bits.
func newToken() string { return randomHex(16) }

// gameSeat is the game seat the room seat r has in the current game.
func (f *roomFile) gameSeat(r int) int {
	n := len(f.Seats)
	return ((r-f.Shift)%n + n) % n
}

// roomSeat is the room seat sitting at game seat g.
func (f *roomFile) roomSeat(g int) int { return (g + f.Shift) % len(f.Seats) }

// chanceSeed is the seed of the chance RNG of the room's game n (1-based),
// a splitmix64 step of the room's seed and n.
func chanceSeed(room uint64, n int) uint64 {
	z := room + uint64(n)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// seatInfos are the seats of the current game, in game seat order.
func (r *Room) seatInfos() []seatInfo {
	n := len(r.file.Seats)
	out := make([]seatInfo, n)
	online := make([]bool, n)
	for c := range r.conns {
		if c.roomSeat >= 0 {
			online[c.roomSeat] = true
		}
	}
	for g := range out {
		sf := r.file.Seats[r.file.roomSeat(g)]
		out[g] = seatInfo{Name: sf.Name, Kind: "person", Online: online[r.file.roomSeat(g)]}
		if sf.Engine != "" {
			out[g].Kind, out[g].Online = "engine", true
		}
	}
	return out
}

// hello is the hello message for a connection at room seat rs (-1: a
// spectator).
func (r *Room) hello(rs int) []byte {
	seat := -1
	if rs >= 0 {
		seat = r.file.gameSeat(rs)
	}
	b, _ := json.Marshal(helloMsg{Type: "hello", Room: r.id, Seat: seat, Variant: r.variant.Name,
		Rules: r.file.Rules, Description: r.desc, Seats: r.seatInfos()})
	return b
}

// state is the state message for game seat g (-1: a spectator), cached
// until the position changes.
func (r *Room) state(g int) []byte {
	if b, ok := r.cache[g]; ok || r.st == nil {
		return b // nil before the Table's first update
	}
	st := r.st
	m := stateMsg{Type: "state", Game: r.file.Game, Ply: len(r.file.Plies), ToMove: st.Player(), Last: r.last,
		Picture: picture(st, g), History: make([]string, 0, len(r.file.Plies))}
	if m.ToMove < 0 {
		m.ToMove = -1
	}
	if r.file.Ended != nil {
		m.ToMove = -1
		e := r.file.Ended
		m.Result = &resultMsg{Returns: e.Returns, Result: e.Result(), Termination: e.Termination.String(), Reason: e.Reason}
	}
	for i, p := range r.file.Plies {
		if p.Chance() && (g < 0 || r.seen[i]&(1<<g) == 0) {
			m.History = append(m.History, "?")
		} else {
			m.History = append(m.History, p.Move)
		}
	}
	if m.ToMove >= 0 && m.ToMove == g {
		pic, _ := st.(games.Pictured)
		for _, mv := range st.LegalMoves(nil) {
			lm := legalMove{Move: st.FormatMove(mv)}
			if pic != nil {
				lm.Cells = pic.MoveCells(mv)
			}
			m.Legal = append(m.Legal, lm)
		}
	}
	if len(r.file.Clocks) > 0 {
		m.Clocks = r.file.Clocks
	}
	b, _ := json.Marshal(m)
	r.cache[g] = b
	return b
}

// picture is st as seat sees it. Every shipped game is Pictured; a game
// that is not gets an empty picture with a note saying so.
func picture(st games.State, seat int) games.Picture {
	if p, ok := st.(games.Pictured); ok {
		return p.Picture(seat)
	}
	return games.Picture{Notes: []string{"this game gives no picture of its position"}}
}

// hands are each seat's own hand as that seat sees it (nil for a game
// without hands), to tell who saw a chance outcome.
func hands(st games.State, n int) [][]int {
	p, ok := st.(games.Pictured)
	if !ok {
		return nil
	}
	out := make([][]int, n)
	for s := range out {
		if h := p.Picture(s).Hands; s < len(h) {
			out[s] = h[s]
		}
	}
	return out
}

// visibility says which game seats may see a chance outcome: everyone in
// a game of perfect information; otherwise the seats whose own hand it
// changed (The Game: the player who drew the card).
func visibility(hidden bool, before, after [][]int) uint64 {
	if !hidden {
		return ^uint64(0)
	}
	var m uint64
	for s := range after {
		if s < len(before) && !slices.Equal(before[s], after[s]) {
			m |= 1 << s
		}
	}
	return m
}

// broadcast sends every connection the current state (and first its
// hello when seats changed). Call with r.mu held.
func (r *Room) broadcast(hello bool) {
	clear(r.cache)
	d := r.s.newDelivery(r.arrived, len(r.conns))
	for c := range r.conns {
		if hello {
			c.send(r.hello(c.roomSeat), nil)
		}
		g := -1
		if c.roomSeat >= 0 {
			g = r.file.gameSeat(c.roomSeat)
		}
		if b := r.state(g); b != nil {
			c.send(b, d)
		} else {
			d.done()
		}
	}
}

// seatsChanged tells every connection who is online.
func (r *Room) seatsChanged() {
	b, _ := json.Marshal(seatsMsg{Type: "seats", Seats: r.seatInfos()})
	for c := range r.conns {
		c.send(b, nil)
	}
}

// save queues the room to be written to disk by the server's saver, off
// the path from a move to the pages. Call with r.mu held.
func (r *Room) save() {
	if !r.queued {
		r.queued = true
		r.s.saver.queue(r.write)
	}
}

// write is the saver's job: the room as it is now, to disk.
func (r *Room) write() {
	r.mu.Lock()
	r.queued = false
	b, err := json.Marshal(&r.file)
	r.mu.Unlock()
	if err == nil {
		err = r.s.store.write(r.id, b)
	}
	if err != nil {
		r.s.logf("room %s: %v", r.id, err)
	}
}

// submit checks a move or resignation from the page at game seat g and
// hands it to the game. It returns the refusal to send back, or "".
func (r *Room) submit(c *conn, u Up, at time.Time) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.used = at
	if c.roomSeat < 0 {
		return "spectators cannot play"
	}
	g := r.file.gameSeat(c.roomSeat)
	if r.file.Ended != nil {
		return "the game is over"
	}
	if r.st == nil || r.moves == nil {
		return "the game is not running"
	}
	if r.st.Player() != g {
		return "not your turn"
	}
	switch u.Type {
	case "resign":
		if typ := r.variant.Game.Type(); typ.Players != 2 || typ.Utility != games.ZeroSum {
			return "resigning is for two-player games; this game plays on"
		}
	case "move":
		if *u.Ply != len(r.file.Plies) {
			return fmt.Sprintf("stale move: the game is at ply %d, the move was made at ply %d", len(r.file.Plies), *u.Ply)
		}
		if _, err := games.ParseLegal(r.st, u.Move); err != nil {
			return err.Error()
		}
	}
	pm := personMove{move: u.Move, resign: u.Type == "resign", at: at}
	select {
	case r.moves <- pm:
		return ""
	default:
		return "a move is already being played; wait for the next state"
	}
}

// newGame starts the next game after one ended, rotating the seats when
// swap is set.
func (r *Room) newGame(swap bool) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.file.Ended == nil {
		return "the game is not over"
	}
	r.file.Game++
	if swap {
		r.file.Shift = (r.file.Shift + 1) % len(r.file.Seats)
	}
	r.file.Plies, r.file.Ended, r.file.Clocks = nil, nil, nil
	r.save()
	r.startLocked()
	r.broadcast(true)
	return ""
}
