package serve

// Secrets and durability: each game's chance seed is fresh and stays on
// the server until the game ends; a page never chooses it; a failed write
// is tried again and nothing is announced before it is on disk; a stop
// charges the thinking seat's clock; start repairs what a crash left.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/games/nocca"
	"github.com/meeple-games/meeple/games/othello"
	kinarowplayer "github.com/meeple-games/meeple/internal/players/kinarow"
	noccaplayer "github.com/meeple-games/meeple/internal/players/nocca"
	othelloplayer "github.com/meeple-games/meeple/internal/players/othello"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/search"
)

// playOut plays game n (1-based) to its end through the pages: the seat
// to move plays its last legal move (in The Game, its cards before it
// ends its turn); the engines play theirs. It returns the final state as the spectator saw it.
func playOut(t testing.TB, spec *page, pages []*page, n int) map[string]any {
	t.Helper()
	cur := 0
	for moves := 0; moves < 5000; moves++ {
		st := spec.seen(n, cur)
		if st["result"] != nil {
			return st
		}
		cur = int(st["ply"].(float64))
		who := int(st["toMove"].(float64))
		if who < 0 {
			cur++ // a chance outcome comes next
			continue
		}
		var c *page
		for _, p := range pages {
			if p.seat == who {
				c = p
			}
		}
		if c == nil {
			cur++ // an engine's turn
			continue
		}
		ms := c.seen(n, cur)
		if p := int(ms["ply"].(float64)); ms["result"] != nil || p > cur || ms["legal"] == nil {
			cur = p // the spectator is behind: catch up with it
			continue
		}
		legal := ms["legal"].([]any)
		c.move(legal[len(legal)-1].(map[string]any)["move"].(string), cur)
		cur++
	}
	t.Fatal("the game did not end in 5000 moves")
	return nil
}

// seen is the last state of game n the page got if it is at ply at or
// later (or over), else the next such state.
func (c *page) seen(n, at int) map[string]any {
	c.t.Helper()
	ok := func(m map[string]any) bool {
		return m["type"] == "state" && int(m["game"].(float64)) == n && (int(m["ply"].(float64)) >= at || m["result"] != nil)
	}
	for i := len(c.got) - 1; i >= 0; i-- {
		if c.got[i]["type"] == "state" {
			if ok(c.got[i]) {
				return c.got[i]
			}
			break
		}
	}
	for {
		if m := c.next("state"); ok(m) {
			return m
		}
	}
}

// records fetches the room's records.
func (ts *testServer) records(t testing.TB, room string) ([]*record.Record, string) {
	t.Helper()
	resp, err := http.Get(ts.hs.URL + "/api/rooms/" + room + "/record")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		return nil, string(body)
	}
	rs, err := record.ReadRecords(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("the records: %v\n%s", err, body)
	}
	return rs, string(body)
}

// unmixSeed inverts chanceSeed: from game n's seed, the room's, as a
// spectator of an older meeple could.
func unmixSeed(s uint64, n int) uint64 {
	inv := func(c uint64) uint64 {
		x := c
		for range 6 {
			x *= 2 - c*x
		}
		return x
	}
	z := s ^ s>>31 ^ s>>62
	z *= inv(0x94d049bb133111eb)
	z ^= z>>27 ^ z>>54
	z *= inv(0xbf58476d1ce4e5b9)
	z ^= z>>30 ^ z>>60
	return z - uint64(n)*0x9e3779b97f4a7c15
}

// TestServeSeedsFresh: the seed a finished game's record shows says
// nothing of the next game's deal: each game's seed is fresh, kept on the
// server, in no message or record until its game has ended.
func TestServeSeedsFresh(t *testing.T) {
	if got := unmixSeed(chanceSeed(12345, 7), 7); got != 12345 {
		t.Fatalf("unmixSeed does not invert chanceSeed: %d", got)
	}
	ts := startServer(t, t.TempDir(), Limits{})
	room := ts.create(t, `{"variant":"thegame(players=2,high=30)","seats":[{"person":true},{"person":true}]}`)
	a, b := ts.dial(t, room.Seats[0].Link), ts.dial(t, room.Seats[1].Link)
	spec := ts.dial(t, room.Watch)
	playOut(t, spec, []*page{a, b}, 1)
	rs, _ := ts.records(t, room.Room)
	if len(rs) != 1 {
		t.Fatalf("after game 1: %d records", len(rs))
	}
	seed1 := rs[0].Seed
	a.send(`{"type":"newgame"}`)
	spec.next("hello")
	r, _, err := ts.s.room(room.Room)
	if err != nil {
		t.Fatal(err)
	}
	r.mu.Lock()
	seed2 := r.file.GameSeed
	r.mu.Unlock()
	// The attack of issue 31: from game 1's seed, the room's, then game 2's.
	if guess := chanceSeed(unmixSeed(seed1, 1), 2); guess == seed2 {
		t.Fatal("game 2's seed follows from game 1's record")
	}
	a.stateAt(1)
	for _, c := range []*page{a, b, spec} {
		c.stateAt(14) // both hands dealt
	}
	// While game 2 plays, the records hold game 1 only, and nothing a page
	// got shows game 2's seed.
	rs, body := ts.records(t, room.Room)
	secret := strconv.FormatUint(seed2, 10)
	if len(rs) != 1 || strings.Contains(body, secret) {
		t.Fatalf("during game 2 the records are %d games (%q)", len(rs), body)
	}
	for _, c := range []*page{a, b, spec} {
		for _, m := range c.raw {
			if bytes.Contains(m, []byte(secret)) || bytes.Contains(m, []byte(strconv.FormatUint(seed2, 16))) {
				t.Fatalf("a page got game 2's seed: %s", m)
			}
		}
	}
	playOut(t, spec, []*page{a, b}, 2)
	rs, _ = ts.records(t, room.Room)
	if len(rs) != 2 || rs[1].Seed != seed2 || rs[1].Seed == rs[0].Seed {
		t.Fatalf("after game 2: %d records, seeds %d, %d (game 2's was %d)", len(rs), rs[0].Seed, rs[len(rs)-1].Seed, seed2)
	}
	for _, rec := range rs {
		if err := record.Replay(rec); err != nil {
			t.Fatalf("game %d does not replay from its seed: %v", rec.Game+1, err)
		}
	}
}

// TestServeSeedRefused: a page may not choose the deal of a game of chance
// or hidden information, unless the operator allows it.
func TestServeSeedRefused(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{})
	var e created
	if st := ts.post(t, "/api/rooms", `{"variant":"thegame","seed":7,"seats":[{"person":true}]}`, &e); st != 400 || !strings.Contains(e.Error, "--allow-seed") {
		t.Fatalf("a seed for The Game: %d %q", st, e.Error)
	}
	ts.create(t, `{"variant":"tictactoe","seed":7,"seats":[{"person":true},{"person":true}]}`) // no chance: harmless
	ts2 := startConfig(t, Config{Dir: t.TempDir(), AllowSeed: true})
	room := ts2.create(t, `{"variant":"thegame","seed":7,"seats":[{"person":true}]}`)
	r, _, err := ts2.s.room(room.Room)
	if err != nil {
		t.Fatal(err)
	}
	if r.file.GameSeed != chanceSeed(7, 1) {
		t.Fatalf("with --allow-seed, game 1's seed is %d, want %d", r.file.GameSeed, chanceSeed(7, 1))
	}
}

// syncLog is a log the test reads while the server writes it.
type syncLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestServeSaveRetried: a write that fails (the disk full, no file
// descriptor left: here injected) is logged and tried again; the page
// hears of the ply only once it is on disk, and of a game's end only once
// its record is.
func TestServeSaveRetried(t *testing.T) {
	t.Parallel() // it mostly waits
	var logs syncLog
	dir := t.TempDir()
	ts := startConfig(t, Config{Dir: dir, Stderr: &logs})
	room := ts.create(t, `{"variant":"tictactoe","seats":[{"person":true},{"person":true}]}`)
	x, o := ts.dial(t, room.Seats[0].Link), ts.dial(t, room.Seats[1].Link)
	x.stateAt(0)
	ts.s.log.faults.Store(3)
	x.move("a1", 0)
	if st := o.stateAt(1); st["history"].([]any)[0] != "a1" {
		t.Fatalf("after the failed writes: %v", st)
	}
	if n := strings.Count(logs.String(), "an injected fault"); n != 3 {
		t.Fatalf("%d failed writes logged, want 3:\n%s", n, logs.String())
	}
	o.move("a2", 1)
	x.stateAt(2)
	x.move("b1", 2)
	o.stateAt(3)
	o.move("b2", 3)
	x.stateAt(4)
	ts.s.recordFaults.Store(2)
	x.move("c1", 4)
	end := o.stateAt(5)
	for end["result"] == nil {
		end = o.next("state")
	}
	// The end is announced: its record is there, however the writes went.
	if rs, body := ts.records(t, room.Room); len(rs) != 1 || rs[0].Result() != "1-0" {
		t.Fatalf("the end was announced; the records: %q", body)
	}
	if n := strings.Count(logs.String(), "writing the record of game 1: an injected fault"); n != 2 {
		t.Fatalf("%d failed record writes logged, want 2:\n%s", n, logs.String())
	}
	ts.close()
	ts2 := startServer(t, dir, Limits{})
	if rs, _ := ts2.records(t, room.Room); len(rs) != 1 {
		t.Fatalf("after a restart: %d records", len(rs))
	}
}

// TestServeClockAfterStop: the time the seat to move thought before the
// server stopped (a crash, a restart) is charged to its clock.
func TestServeClockAfterStop(t *testing.T) {
	t.Parallel() // it mostly waits
	dir := t.TempDir()
	ts := startServer(t, dir, Limits{})
	room := ts.create(t, `{"variant":"connect4","seats":[{"person":true},{"person":true}],"clock":"60+0"}`)
	a := ts.dial(t, room.Seats[0].Link)
	a.stateAt(0)
	a.move("d", 0)
	st := a.stateAt(1)
	before := st["clocks"].([]any)[1].(float64)
	time.Sleep(1500 * time.Millisecond) // seat 2 thinks
	ts.close()
	ts2 := startServer(t, dir, Limits{})
	b := ts2.dial(t, room.Seats[1].Link)
	st = b.stateAt(1)
	if after := st["clocks"].([]any)[1].(float64); after > before-1500 {
		t.Fatalf("seat 2's clock: %v ms before the stop, %v after; want 1.5 s less at least", before, after)
	}
	b.move("d", 1)
	st = b.stateAt(2)
	if left := st["clocks"].([]any)[1].(float64); left > before-1500 {
		t.Fatalf("seat 2's clock after its move: %v ms, want at most %v", left, before-1500)
	}
}

// TestServeRepairsAtStart: what a crash leaves in the rooms directory is
// repaired at start: stray temporary files go, a record cut short is cut
// off, and a game that is over gets its record.
func TestServeRepairsAtStart(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir, Limits{})
	room := ts.create(t, `{"variant":"tictactoe","seats":[{"person":true},{"person":true}]}`)
	x, o := ts.dial(t, room.Seats[0].Link), ts.dial(t, room.Seats[1].Link)
	spec := ts.dial(t, room.Watch)
	playOut(t, spec, []*page{x, o}, 1)
	ts.close()
	txt := filepath.Join(dir, "rooms", room.Room+".txt")
	whole, err := os.ReadFile(txt)
	if err != nil {
		t.Fatal(err)
	}
	// A crash: the record half written, a snapshot's temporary file left.
	os.WriteFile(txt, whole[:len(whole)/2], 0o600)
	tmp := filepath.Join(dir, "rooms", room.Room+".123.tmp")
	os.WriteFile(tmp, []byte("{"), 0o600)
	ts2 := startServer(t, dir, Limits{})
	if _, err := os.Stat(tmp); err == nil {
		t.Fatal("the temporary file is still there")
	}
	got, _ := os.ReadFile(txt)
	if !bytes.Equal(got, whole) {
		t.Fatalf("the records after the repair:\n%s\nwant:\n%s", got, whole)
	}
	rs, _ := ts2.records(t, room.Room)
	if len(rs) != 1 || record.Replay(rs[0]) != nil {
		t.Fatalf("after the repair: %d records", len(rs))
	}
	var f roomFile
	b, _ := os.ReadFile(filepath.Join(dir, "rooms", room.Room+".json"))
	if json.Unmarshal(b, &f) != nil || f.Ended == nil {
		t.Fatalf("the room's snapshot: %s", b)
	}
}

// TestServeOldRoom: a room kept by an older meeple (one seed for the
// room, each game's derived from it) resumes its game in progress with
// the same deal, and its next game gets a fresh seed.
func TestServeOldRoom(t *testing.T) {
	dir := t.TempDir()
	ts := startConfig(t, Config{Dir: dir, AllowSeed: true})
	room := ts.create(t, `{"variant":"thegame","seed":99,"seats":[{"person":true}]}`)
	a := ts.dial(t, room.Seats[0].Link)
	st := a.seen(1, 8) // the hand dealt
	legal := st["legal"].([]any)
	a.move(legal[0].(map[string]any)["move"].(string), 8)
	a.seen(1, 9)
	ts.close()
	// The room as an older meeple wrote it.
	var f roomFile
	b, _ := os.ReadFile(filepath.Join(dir, "rooms", room.Room+".json"))
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	old := map[string]any{"id": f.ID, "variant": f.Variant, "rules": f.Rules, "seed": 99, "seats": f.Seats,
		"game": 1, "shift": 0, "plies": f.Plies}
	b, _ = json.Marshal(old)
	os.WriteFile(filepath.Join(dir, "rooms", room.Room+".json"), b, 0o600)
	os.RemoveAll(filepath.Join(dir, "log")) // an older meeple kept no log
	ts2 := startServer(t, dir, Limits{})
	a = ts2.dial(t, room.Seats[0].Link)
	if st := a.seen(1, 9); len(st["history"].([]any)) != 9 {
		t.Fatalf("the old room's game: %v", st["history"])
	}
	r, _, _ := ts2.s.room(room.Room)
	r.mu.Lock()
	seed, fixed := r.file.GameSeed, r.file.Seed
	r.mu.Unlock()
	if seed != chanceSeed(99, 1) || fixed != nil {
		t.Fatalf("the old room's game seed %d (fixed %v), want %d", seed, fixed, chanceSeed(99, 1))
	}
}

// TestServeTalk: a seat of The Game says a word of a pile to the table
// (never a number); every page hears it, a spectator cannot say one; a
// restart keeps it, and the game's record keeps it as a comment.
func TestServeTalk(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir, Limits{})
	room := ts.create(t, `{"variant":"thegame(players=3,high=30)","seats":[{"person":true},{"person":true},{"person":true}]}`)
	var cs []*page
	for _, s := range room.Seats {
		cs = append(cs, ts.dial(t, s.Link))
	}
	spec := ts.dial(t, room.Watch)
	talkOf := func(m map[string]any) string {
		var out []string
		list, _ := m["talk"].([]any)
		for _, x := range list {
			w := x.(map[string]any)
			out = append(out, fmt.Sprintf("%v:%v=%v", w["seat"], w["pile"], w["word"]))
		}
		if list == nil {
			return "null"
		}
		return strings.Join(out, " ")
	}
	cs[1].send(`{"type":"talk","pile":"b","word":"stop"}`)
	for _, c := range append(cs, spec) {
		m := c.next("state")
		for talkOf(m) == "null" {
			m = c.next("state")
		}
		if got := talkOf(m); got != "1:b=stop" {
			t.Fatalf("page %d hears %s", c.seat, got)
		}
	}
	for _, tc := range []struct {
		c         *page
		msg, want string
	}{
		{spec, `{"type":"talk","pile":"a","word":"stop"}`, "spectator-talk"},
		{cs[0], `{"type":"talk","pile":"a","word":"57"}`, "bad-talk"},
		{cs[0], `{"type":"talk","pile":"z","word":"stop"}`, "bad-talk"},
		{cs[0], `{"type":"talk","pile":"a"}`, "bad-message"},
	} {
		tc.c.send(tc.msg)
		if e := tc.c.next("error"); e["code"] != tc.want {
			t.Errorf("%s: %v, want %s", tc.msg, e, tc.want)
		}
	}
	cs[2].send(`{"type":"talk","pile":"a","word":"good"}`)
	for got := ""; got != "1:b=stop 2:a=good"; got = talkOf(spec.next("state")) {
	}
	ts.close()
	ts = startServer(t, dir, Limits{})
	cs = cs[:0]
	for _, s := range room.Seats {
		cs = append(cs, ts.dial(t, s.Link))
	}
	spec = ts.dial(t, room.Watch)
	if got := talkOf(spec.next("state")); got != "1:b=stop 2:a=good" {
		t.Fatalf("after a restart: %s", got)
	}
	cs[1].send(`{"type":"talk","pile":"b","word":""}`)
	for got := ""; got != "2:a=good"; got = talkOf(spec.next("state")) {
	}
	playOut(t, spec, cs, 1)
	rs, body := ts.records(t, room.Room)
	if len(rs) != 1 || record.Replay(rs[0]) != nil {
		t.Fatalf("the record: %s", body)
	}
	var said []string
	for _, p := range rs[0].Plies {
		said = append(said, p.Talk...)
	}
	if strings.Join(said, " ") != "2:b=stop 3:a=good 2:b=-" || !strings.Contains(body, "talk:2:b=stop") {
		t.Fatalf("the record keeps %q:\n%s", said, body)
	}
}

// TestServeHint: in a room that allows help, a person asks the engine on
// their turn and hears it think: scores and lines, then a legal move; a
// room without help, another seat's turn and a spectator are refused.
func TestServeHint(t *testing.T) {
	t.Setenv("MEEPLE_SERVE_ENGINE", "1") // the hint's engine is this binary
	ts := startServer(t, t.TempDir(), Limits{})
	room := ts.create(t, `{"variant":"tictactoe","help":true,"seats":[{"person":true},{"person":true}]}`)
	x, o := ts.dial(t, room.Seats[0].Link), ts.dial(t, room.Seats[1].Link)
	if h := x.got[0]; h["help"] != true || h["units"] != "" {
		t.Fatalf("hello: help %v, units %v", h["help"], h["units"])
	}
	x.stateAt(0)
	o.send(`{"type":"hint"}`)
	if e := o.next("error"); e["code"] != "not-your-turn" {
		t.Errorf("a hint off the seat's turn: %v", e)
	}
	x.send(`{"type":"hint"}`)
	var last map[string]any
	for last == nil || last["done"] != true {
		last = x.next("hint")
	}
	best, _ := last["best"].(string)
	if last["hasScore"] != true || best == "" || len(last["pv"].([]any)) == 0 || last["ply"].(float64) != 0 {
		t.Fatalf("the hint's end: %v", last)
	}
	if last["score"].(float64) != 0 || last["mate"] != nil {
		t.Errorf("tic-tac-toe's start is a draw: the hint says %v", last)
	}
	x.move(best, 0) // the move it would play is legal
	if st := o.stateAt(1); st["history"].([]any)[0] != best {
		t.Fatalf("after the hint's move: %v", st)
	}
	plain := ts.create(t, ticTacToe)
	p := ts.dial(t, plain.Seats[0].Link)
	p.stateAt(0)
	p.send(`{"type":"hint"}`)
	if e := p.next("error"); e["code"] != "no-help" {
		t.Errorf("a hint where help is not allowed: %v", e)
	}
}

// TestServeTakeBack: against an engine, in a room that allows help, a
// person takes back their move and the engine's reply; the game goes on
// from there. Not in a room without help, nor against another person.
func TestServeTakeBack(t *testing.T) {
	t.Setenv("MEEPLE_SERVE_ENGINE", "1")
	ts := startServer(t, t.TempDir(), Limits{})
	room := ts.create(t, `{"variant":"tictactoe","help":true,"seats":[{"person":true},{"engine":"level=1"}]}`)
	x := ts.dial(t, room.Seats[0].Link)
	x.stateAt(0)
	x.send(`{"type":"takeback"}`)
	if e := x.next("error"); e["code"] != "nothing-to-take-back" {
		t.Fatalf("a take-back before any move: %v", e)
	}
	x.move("a1", 0)
	st := x.stateAt(2)
	x.send(`{"type":"takeback"}`)
	for int(st["ply"].(float64)) != 0 {
		st = x.next("state")
	}
	if len(st["history"].([]any)) != 0 || int(st["toMove"].(float64)) != 0 || len(st["legal"].([]any)) != 9 {
		t.Fatalf("after the take-back: %v", st)
	}
	x.move("b2", 0)
	st = x.stateAt(2)
	if h := st["history"].([]any); h[0] != "b2" || len(h) != 2 {
		t.Fatalf("the game after the take-back: %v", h)
	}
	pvp := ts.create(t, `{"variant":"tictactoe","help":true,"seats":[{"person":true},{"person":true}]}`)
	a := ts.dial(t, pvp.Seats[0].Link)
	a.stateAt(0)
	a.move("a1", 0)
	a.stateAt(1)
	a.send(`{"type":"takeback"}`)
	if e := a.next("error"); e["code"] != "takeback-people" {
		t.Fatalf("a take-back against a person: %v", e)
	}
}

// TestServeReview: a finished game is judged position by position, in
// the first seat's view: after a1 o holds the draw (with b2); its a2 let
// x win, and the engine says so.
func TestServeReview(t *testing.T) {
	t.Setenv("MEEPLE_SERVE_ENGINE", "1")
	ts := startServer(t, t.TempDir(), Limits{})
	room := ts.create(t, ticTacToe)
	x, o := ts.dial(t, room.Seats[0].Link), ts.dial(t, room.Seats[1].Link)
	for i, mv := range []string{"a1", "a2", "b1", "b2", "c1"} {
		c := []*page{x, o}[i%2]
		c.seen(1, i)
		c.move(mv, i)
	}
	for st := x.seen(1, 5); st["result"] == nil; st = x.next("state") {
	}
	x.send(`{"type":"review"}`)
	var got []map[string]any
	for m := x.next("review"); m["done"] != true; m = x.next("review") {
		got = append(got, m)
	}
	if len(got) != 6 {
		t.Fatalf("%d positions judged, want 6", len(got))
	}
	for k, m := range got {
		if int(m["ply"].(float64)) != k || m["picture"] == nil {
			t.Fatalf("position %d: %v", k, m)
		}
	}
	if got[1]["mate"] != nil || got[1]["score"].(float64) != 0 {
		t.Errorf("after a1, o holds the draw: %v", got[1])
	}
	for _, k := range []int{2, 3, 4} {
		if m, _ := got[k]["mate"].(float64); m <= 0 {
			t.Errorf("after %d plies x wins: %v", k, got[k])
		}
	}
	if got[5]["hasScore"] != false || int(got[5]["toMove"].(float64)) >= 0 {
		t.Errorf("the final position: %v", got[5])
	}
	room2 := ts.create(t, `{"variant":"thegame","seats":[{"person":true}]}`)
	g := ts.dial(t, room2.Seats[0].Link)
	g.send(`{"type":"review"}`)
	if e := g.next("error"); e["code"] != "not-over" {
		t.Errorf("a review of a game in play: %v", e)
	}
}

// TestServeProofs: where meeple can prove the position (Connect Four late
// in a game, Othello near its end), a hint gives every legal move's exact
// value, the same as meeple's solver proves each move's position alone.
// solveAlone is what meeple solve says of st, for its side to move: the
// outcome, the plies to the end, Othello's disc margin.
func solveAlone(t *testing.T, st games.State) (outcome, plies, margin int) {
	t.Helper()
	sign := func(x int) int { return min(max(x, -1), 1) }
	switch st := st.(type) {
	case *kinarow.State:
		sol, err := kinarowplayer.NewSolver(st.Game(), 16).Solve(context.Background(), st, 0)
		if err != nil || !sol.Exact {
			t.Fatalf("%s: %+v, %v", st.Position(), sol, err)
		}
		return sign(sol.Score), sol.Plies, 0
	case *othello.State:
		sol := othelloplayer.NewSolver(16).Solve(context.Background(), st, search.Limits{})
		if !sol.Exact {
			t.Fatalf("%s: not solved", st.Position())
		}
		return sign(sol.Score), len(sol.PV), sol.Score
	case *nocca.State:
		sol, err := noccaplayer.Solve(context.Background(), st, noccaplayer.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return sol.Value, sol.Plies, 0
	}
	t.Fatalf("no solver for %T", st)
	return
}

func TestServeProofs(t *testing.T) {
	t.Setenv("MEEPLE_SERVE_ENGINE", "1")
	ts := startServer(t, t.TempDir(), Limits{})
	for _, tc := range []struct {
		variant    string
		plies      int
		shortPlies int // -short (the race run): later, so fewer to prove
	}{{"connect4", 26, 28}, {"othello-6x6", 21, 23}, {"nocca-3x3", 4, 4}} {
		if testing.Short() {
			tc.plies = tc.shortPlies
		}
		v, err := games.LoadVariant(tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		room := ts.create(t, `{"variant":"`+tc.variant+`","help":true,"seats":[{"person":true},{"person":true}]}`)
		pages := []*page{ts.dial(t, room.Seats[0].Link), ts.dial(t, room.Seats[1].Link)}
		st := v.Game.NewState()
		rng := rand.New(rand.NewPCG(uint64(tc.plies), 7))
		for ply := 0; ply < tc.plies; ply++ {
			legal := st.LegalMoves(nil)
			var mv games.Move
			for _, k := range rng.Perm(len(legal)) { // a move that does not end the game
				c := st.Clone()
				c.Play(legal[k])
				if mv = legal[k]; c.Player() != games.Terminal {
					break
				}
			}
			c := pages[st.Player()]
			c.seen(1, ply)
			c.move(st.FormatMove(mv), ply)
			st.Play(mv)
		}
		who := st.Player()
		c := pages[who]
		c.seen(1, tc.plies)
		c.send(`{"type":"hint"}`)
		p := c.next("proof")
		moves := p["moves"].([]any)
		if len(moves) != len(st.LegalMoves(nil)) {
			t.Fatalf("%s: %d of %d moves proved: %v", tc.variant, len(moves), len(st.LegalMoves(nil)), p)
		}
		for _, x := range moves {
			m := x.(map[string]any)
			mv, err := games.ParseLegal(st, m["move"].(string))
			if err != nil {
				t.Fatal(err)
			}
			child := st.Clone()
			child.Play(mv)
			outcome, plies, margin := solveAlone(t, child)
			if child.Player() != who {
				outcome, margin = -outcome, -margin
			}
			if int(m["outcome"].(float64)) != outcome || int(m["margin"].(float64)) != margin || int(m["plies"].(float64)) != plies+1 && outcome != 0 {
				t.Errorf("%s: %s proved %v; meeple solve: %d in %d plies, margin %d", tc.variant, m["move"], m, outcome, plies, margin)
			}
		}
		t.Logf("%s after %d plies: %d moves proved", tc.variant, tc.plies, len(moves))
	}
}

// TestJournalSleepWakes: the retry wait ends when its time is up, however
// the timer and the waiter interleave (a broadcast that fell between the
// waiter's check and its Wait once left a write asleep for good).
func TestJournalSleepWakes(t *testing.T) {
	t.Parallel()
	j, err := openJournal(t.TempDir(), 0, t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	defer j.close()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 20000 {
			if !j.sleep(time.Microsecond) {
				return // closed: the test is over
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second): // 20,000 waits of 1 µs: far less
		t.Fatal("a wait never ended")
	}
}
