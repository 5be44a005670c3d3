package serve

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/referee"
)

// Room is one game of one variant at a time, with its seats and the
// connections of the people and spectators watching it. Its mutex guards
// everything below it; the game goroutine (game.go) plays the moves.
//
// Every change is logged before anyone hears of it (journal.go): a change
// takes the room's next Seq and joins the log under mu, the sync is
// awaited without mu, and only then is the change applied to file and
// the pages told. So file, and whatever a page is sent, is never ahead of
// the disk.
type Room struct {
	s       *Server
	id      string
	variant *games.Variant
	desc    []byte // the Description as JSON, sent in every hello
	tc      referee.TimeControl
	talk    []string // the words a seat may say of a pile (games.CardTable.Talk)
	piles   []string // the piles' names

	mu      sync.Mutex
	file    roomFile           // as logged and applied
	seq     uint64             // the Seq of the last change logged (file.Seq once it is applied)
	st      games.State        // the current game's position
	seen    []uint64           // per ply: the game seats who may see it (bit k: seat k)
	notes   []plyNote          // per ply: as people read it
	last    *lastMove          // the last move of the current game
	conns   map[*conn]struct{} // connected pages
	nicks   map[int]string     // by room seat: a person's nickname (not logged: each page gives it on connecting)
	cache   map[int][]byte     // the current state message per viewing seat (-1: spectators)
	moves   chan personMove    // to the person seat the game waits on
	cancel  context.CancelFunc // stops the game goroutine
	done    chan struct{}      // closed when the game goroutine has returned (and its engines are released)
	used    time.Time          // the last connection or move, for unloading idle rooms
	arrived time.Time          // when the move being played arrived (latency metric)
	newing  bool               // a new game is being logged
	gone    bool               // unloaded: a page must find the room again
}

// personMove is a move (or a resignation) from a person's page, already
// checked against the room's position.
type personMove struct {
	move   string
	resign bool
	at     time.Time // when it arrived
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("serve: crypto/rand failed: " + err.Error())
	}
	return b
}

func randomHex(n int) string { return hex.EncodeToString(randomBytes(n)) }

// newToken is a seat's credential: 128 random bits.
func newToken() string { return randomHex(16) }

// gameSeat is the game seat the room seat r has in the current game.
func (f *roomFile) gameSeat(r int) int {
	n := len(f.Seats)
	return ((r-f.Shift)%n + n) % n
}

// roomSeat is the room seat sitting at game seat g.
func (f *roomFile) roomSeat(g int) int { return (g + f.Shift) % len(f.Seats) }

// chanceSeed is a splitmix64 step of a seed and n: game n's chance seed
// in a room made with a seed (serve --allow-seed), and in a room of an
// older meeple, which derived every game's from the room's.
func chanceSeed(room uint64, n int) uint64 {
	z := room + uint64(n)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// gameSeed is the chance seed of game n of a room: fresh from crypto/rand,
// so that no record of an earlier game (each shows its own seed) says
// anything of it; derived only from a seed the room was made with.
func gameSeed(fixed *uint64, n int) uint64 {
	if fixed != nil {
		return chanceSeed(*fixed, n)
	}
	return binary.LittleEndian.Uint64(randomBytes(8))
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
		out[g] = seatInfo{Name: sf.Name, Kind: "person", Online: online[r.file.roomSeat(g)], Nick: r.nicks[r.file.roomSeat(g)]}
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
	typ := r.variant.Game.Type()
	b, _ := json.Marshal(helloMsg{Type: "hello", Room: r.id, Seat: seat, Variant: r.variant.Name, Names: r.variant.Names,
		Resign: typ.Players == 2 && typ.Utility == games.ZeroSum, Help: r.file.Help, Units: players.UnitsOf(r.variant.Family).String(),
		Review: typ.Information != games.ImperfectInformation,
		Rules:  r.file.Rules, Options: optionsOf(r.variant), Description: r.desc, Seats: r.seatInfos()})
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
		m.Result = &resultMsg{Returns: e.Returns, Result: e.Result(), Termination: e.Termination.String(), Reason: e.Reason,
			Loser: e.Loser - 1, Phrase: endPhrase(st, e.Termination)}
	}
	m.Notes = make([]plyNote, 0, len(r.file.Plies))
	for i, p := range r.file.Plies {
		if p.Chance() && (g < 0 || r.seen[i]&(1<<g) == 0) {
			m.History = append(m.History, "?")
			n := plyNote{MoveNote: games.MoveNote{Text: "?"}, Seat: r.notes[i].Seat}
			if n.Seat >= 0 {
				n.Phrase = &games.Phrase{Code: "drew-card"} // what the others know of it
			}
			m.Notes = append(m.Notes, n)
		} else {
			m.History = append(m.History, p.Move)
			m.Notes = append(m.Notes, r.notes[i])
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
	m.Talk = talkNowOf(r.file.Talk)
	b, _ := json.Marshal(m)
	r.cache[g] = b
	return b
}

// endPhrase is why the game of final position st ended as a Phrase, when
// it ended by its rules (nil otherwise, or for a game without phrases).
func endPhrase(st games.State, t record.Termination) *games.Phrase {
	if ph, ok := st.(games.Phrased); ok && t == record.Normal {
		if p := ph.EndPhrase(); p.Code != "" {
			return &p
		}
	}
	return nil
}

// noteOf is move mv of st (not yet played) as people read it.
func noteOf(st games.State, mv games.Move) games.MoveNote {
	if nt, ok := st.(games.Noted); ok {
		return nt.NoteMove(mv)
	}
	return games.MoveNote{Text: st.FormatMove(mv)}
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
		if c := p.Picture(s).Cards; c != nil && s < len(c.Hands) {
			out[s] = c.Hands[s]
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

// logLocked logs a change of the room: e gets the room's next Seq. The
// returned channel says when it is on disk (nil) or that the server
// stopped first; apply it then. Call with r.mu held, so that the room's
// changes join the log in order.
func (r *Room) logLocked(e *entry) *commit {
	r.seq++
	e.Room, e.Seq = r.id, r.seq
	if e.At == 0 {
		e.At = time.Now().UnixMilli()
	}
	return r.s.log.append(e)
}

// applied notes a change that is on disk. The room's snapshot is written
// later: when the log's segment holding the change is sealed, or when the
// room is put away. Call with r.mu held.
func (r *Room) applied(seq uint64) { r.file.Seq = seq }

// snapshot is the room's file as JSON, and its Seq, for the saver.
func (r *Room) snapshot() ([]byte, uint64) {
	r.mu.Lock()
	f := r.file
	f.Used = r.used.UnixMilli()
	r.mu.Unlock()
	b, err := json.Marshal(&f)
	if err != nil {
		r.s.logf("room %s: %v", r.id, err) // cannot happen: the file is plain data
		return nil, 0
	}
	return b, f.Seq
}

// submit checks a move or resignation from the page at game seat g and
// hands it to the game. It returns the refusal to send back, or nil.
func (r *Room) submit(c *conn, u Up, at time.Time) *refusal {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.used = at
	if c.roomSeat < 0 {
		return refuse("spectator", "spectators cannot play")
	}
	g := r.file.gameSeat(c.roomSeat)
	if r.file.Ended != nil {
		return refuse("game-over", "the game is over")
	}
	if r.st == nil || r.moves == nil {
		return refuse("not-running", "the game is not running")
	}
	if r.st.Player() != g {
		return refuse("not-your-turn", "not your turn")
	}
	switch u.Type {
	case "resign":
		if typ := r.variant.Game.Type(); typ.Players != 2 || typ.Utility != games.ZeroSum {
			return refuse("no-resign", "resigning is for two-player games; this game plays on")
		}
	case "move":
		if *u.Ply != len(r.file.Plies) {
			return refuse("stale-move", "stale move: the game is at ply %d, the move was made at ply %d", len(r.file.Plies), *u.Ply)
		}
		if _, err := games.ParseLegal(r.st, u.Move); err != nil {
			return &refusal{Code: "illegal-move", Args: []string{safeText(truncate(u.Move, 32))}, Text: err.Error()}
		}
	}
	pm := personMove{move: u.Move, resign: u.Type == "resign", at: at}
	select {
	case r.moves <- pm:
		return nil
	default:
		return refuse("move-pending", "a move is already being played; wait for the next state")
	}
}

// talkNowOf is what each seat says of each pile after marks: its last
// word there, unless taken back.
func talkNowOf(marks []talkMark) []talkNow {
	var out []talkNow
	for _, m := range marks {
		i := slices.IndexFunc(out, func(t talkNow) bool { return t.Seat == m.Seat && t.Pile == m.Pile })
		switch {
		case i >= 0 && m.Word == "":
			out = slices.Delete(out, i, i+1)
		case i >= 0:
			out[i].Word = m.Word
		case m.Word != "":
			out = append(out, talkNow{Seat: m.Seat, Pile: m.Pile, Word: m.Word})
		}
	}
	return out
}

// say takes a word a person's page says of a pile to the table (The
// Game's "please play nothing here"), in a game whose rules allow it: it
// is logged, then every page is told.
func (r *Room) say(c *conn, u Up) *refusal {
	r.mu.Lock()
	if c.roomSeat < 0 {
		r.mu.Unlock()
		return refuse("spectator-talk", "spectators cannot talk to the table")
	}
	if r.file.Ended != nil {
		r.mu.Unlock()
		return refuse("game-over", "the game is over")
	}
	if !slices.Contains(r.piles, u.Pile) || (*u.Word != "" && !slices.Contains(r.talk, *u.Word)) {
		r.mu.Unlock()
		return refuse("bad-talk", "this game's rules let a seat say %v of a pile, no more", strings.Join(r.talk, ", "))
	}
	e := &entry{Talk: &talkMark{Ply: len(r.file.Plies), Seat: r.file.gameSeat(c.roomSeat), Pile: u.Pile, Word: *u.Word}}
	logged := r.logLocked(e)
	r.mu.Unlock()
	if err := logged.wait(); err != nil {
		return refuse("not-saved", "it could not be saved: %v", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.file.Talk = append(r.file.Talk, *e.Talk)
	r.applied(e.Seq)
	r.broadcast(false)
	return nil
}

// rename sets the nickname of c's seat (checked by Decode) and tells
// every page.
func (r *Room) rename(c *conn, name string) *refusal {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c.roomSeat < 0 {
		return refuse("spectator-name", "spectators have no seat to name")
	}
	name, err := Nickname(name)
	if err != nil {
		return refuse("bad-name", "a name of at most %d characters, none of them a control character", MaxNickname)
	}
	if r.nicks[c.roomSeat] == name {
		return nil
	}
	if r.nicks == nil {
		r.nicks = map[int]string{}
	}
	r.nicks[c.roomSeat] = name
	r.seatsChanged()
	return nil
}

// talkInto puts what seats said to the table into a finished game's
// plies, each word on the first ply of a seat after it was said (or the
// last such ply, when none came after), as the record keeps it.
func talkInto(plies []record.Ply, marks []talkMark) {
	for _, m := range marks {
		at := -1
		for i := range plies {
			if !plies[i].Chance() && !plies[i].Book {
				if at = i; i >= m.Ply {
					break
				}
			}
		}
		if at < 0 {
			continue
		}
		w := m.Word
		if w == "" {
			w = "-"
		}
		plies[at].Talk = append(plies[at].Talk, fmt.Sprintf("%d:%s=%s", m.Seat+1, m.Pile, w))
	}
}

// takeBack undoes a person's last move and whatever followed it (the
// engines' replies), in a room that allows help where the person plays
// engines only: the game stops, is logged at the shorter length, and
// starts again there (its chance outcomes drawn again alike from its
// seed, its clocks as they were).
func (r *Room) takeBack(c *conn) *refusal {
	r.mu.Lock()
	switch {
	case !r.file.Help:
		r.mu.Unlock()
		return refuse("no-help", "this room's creator did not allow help")
	case c.roomSeat < 0:
		r.mu.Unlock()
		return refuse("spectator", "spectators cannot play")
	case r.file.Ended != nil:
		r.mu.Unlock()
		return refuse("game-over", "the game is over")
	case r.newing || r.gone:
		r.mu.Unlock()
		return refuse("move-pending", "a move is already being played; wait for the next state")
	}
	for i, sf := range r.file.Seats {
		if i != c.roomSeat && sf.Engine == "" {
			r.mu.Unlock()
			return refuse("takeback-people", "a move is taken back only in a game against engines")
		}
	}
	g := r.file.gameSeat(c.roomSeat)
	k := -1
	for i, p := range r.file.Plies {
		if p.Seat-1 == g {
			k = i
		}
	}
	if k < 0 {
		r.mu.Unlock()
		return refuse("nothing-to-take-back", "you have made no move to take back")
	}
	r.newing = true // no other change meanwhile
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		r.newing = false
		r.mu.Unlock()
	}()
	r.halt() // the game stops: its engines quit and are counted no more
	n := r.engineSeats()
	if !r.s.reserveEngines(n) {
		// Another room took them in the moment between: this game had them
		// and takes them back, past the limit for a while.
		r.s.engines.Add(int64(n))
	}
	r.mu.Lock()
	f := r.file
	f.Plies, f.Clocks, f.Turn = slices.Clone(f.Plies[:k]), nil, time.Now().UnixMilli()
	f.Talk = slices.DeleteFunc(slices.Clone(f.Talk), func(m talkMark) bool { return m.Ply > k })
	return r.restartLocked(f, n, "it could not be saved: %v", false)
}

// newGame starts the next game after one ended, rotating the seats when
// swap is set. The new game is logged before it starts.
func (r *Room) newGame(swap bool) *refusal {
	r.mu.Lock()
	if r.file.Ended == nil {
		r.mu.Unlock()
		return refuse("not-over", "the game is not over")
	}
	if r.newing || r.gone {
		r.mu.Unlock()
		return refuse("new-game-pending", "a new game is being started")
	}
	r.newing = true
	done := r.done
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		r.newing = false
		r.mu.Unlock()
	}()
	if done != nil {
		<-done // the last game's engines have quit and are counted no more
	}
	n := r.engineSeats()
	if !r.s.reserveEngines(n) {
		return refuse("engines-busy", "the server runs at most %d engines at once, all playing; try again in a while", r.s.lim.Engines)
	}
	r.mu.Lock()
	f := r.file
	f.Game++
	if swap {
		f.Shift = (f.Shift + 1) % len(f.Seats)
	}
	f.GameSeed = gameSeed(f.Seed, f.Game)
	f.Plies, f.Ended, f.Clocks, f.Talk, f.Turn = nil, nil, nil, nil, time.Now().UnixMilli()
	return r.restartLocked(f, n, "the new game could not be saved: %v", true)
}

// restartLocked logs f, the room's file with its game set back or anew,
// and once it is on disk makes it the room's, starts its game with the n
// engines reserved for it and tells every page (all: the whole state). It
// is called with r.mu held and returns with it released; if f could not
// be saved, the engines are given back and nothing changes (unsaved words
// the refusal).
func (r *Room) restartLocked(f roomFile, n int, unsaved string, all bool) *refusal {
	e := &entry{File: &f, At: f.Turn}
	logged := r.logLocked(e)
	r.mu.Unlock()
	if err := logged.wait(); err != nil {
		r.s.releaseEngines(n)
		return refuse("not-saved", unsaved, err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.file = f
	r.applied(e.Seq)
	r.startLocked(n)
	r.broadcast(all)
	return nil
}
