package serve

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/internal/referee"
)

// TestServeUnloadOffLock: putting a room away (its game stopped, an
// engine that takes seconds to quit) holds up no other room: a page
// reaches another room while it goes on.
func TestServeUnloadOffLock(t *testing.T) {
	t.Parallel() // it mostly waits
	ts := startConfig(t, Config{Dir: t.TempDir(), Limits: Limits{Live: 2},
		Engines: []referee.EngineConfig{{Name: "slow", Cmd: os.Args[0], Proto: "native", Env: []string{"MEEPLE_SERVE_ENGINE=slowquit"}}}})
	slow := ts.create(t, `{"variant":"tictactoe","seats":[{"person":true},{"engine":"slow"}]}`)
	x := ts.dial(t, slow.Seats[0].Link)
	x.stateAt(0)
	x.move("b2", 0)
	x.stateAt(2) // the engine has moved: it runs
	x.ws.CloseNow()
	other := ts.create(t, ticTacToe)
	ts.dial(t, other.Seats[0].Link)
	idle := func() bool {
		ts.s.mu.Lock()
		defer ts.s.mu.Unlock()
		r := ts.s.rooms[slow.Room]
		r.mu.Lock()
		defer r.mu.Unlock()
		return len(r.conns) == 0
	}
	for end := time.Now().Add(10 * time.Second); !idle(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the engine's room still has a page")
		}
	}
	// A third room puts the idle one away: its engine takes 2 s to go.
	made := make(chan created, 1)
	go func() {
		var c created
		ts.post(t, "/api/rooms", ticTacToe, &c)
		made <- c
	}()
	busy := func() bool {
		ts.s.mu.Lock()
		defer ts.s.mu.Unlock()
		return ts.s.busy[slow.Room] != nil
	}
	for end := time.Now().Add(10 * time.Second); !busy(); time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the idle room is not being put away")
		}
	}
	ts.dial(t, other.Seats[1].Link)
	if st, body := ts.get(t, "/api/variants"); st != 200 {
		t.Fatalf("while a room is put away: %d %s", st, body)
	}
	if !busy() {
		t.Fatal("another room was reached only once the idle one was put away")
	}
	if c := <-made; c.Room == "" {
		t.Fatalf("the third room: %s", c.Error)
	}
}

// TestServeLogSegments: the room log starts a new segment when one is
// full, writes the snapshots of its rooms, and deletes it; a restart
// finds every ply.
func TestServeLogSegments(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir, Limits{})
	ts.s.log.mu.Lock()
	ts.s.log.segBytes = 2 << 10
	ts.s.log.mu.Unlock()
	var rooms []created
	var pages [][2]*page
	for range 3 {
		c := ts.create(t, `{"variant":"connect4","seats":[{"person":true},{"person":true}]}`)
		rooms = append(rooms, c)
		pages = append(pages, [2]*page{ts.dial(t, c.Seats[0].Link), ts.dial(t, c.Seats[1].Link)})
	}
	for ply := range 12 {
		for _, p := range pages {
			c := p[ply%2]
			c.seen(1, ply)
			c.move(string(rune('a'+ply%7)), ply)
		}
	}
	for _, p := range pages {
		p[0].seen(1, 12)
	}
	segs := func() []int {
		ns, err := segments(dir + "/log")
		if err != nil {
			t.Fatal(err)
		}
		return ns
	}
	for end := time.Now().Add(10 * time.Second); len(segs()) > 2; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("segments %v are kept", segs())
		}
	}
	if first := segs()[0]; first < 2 {
		t.Fatalf("segments %v: none was sealed and deleted", segs())
	}
	ts.close()
	ts2 := startServer(t, dir, Limits{})
	for _, c := range rooms {
		st := ts2.dial(t, c.Watch).seen(1, 12)
		if h := st["history"].([]any); len(h) != 12 || !strings.HasPrefix(h[0].(string), "a") {
			t.Fatalf("room %s after a restart: %v", c.Room, h)
		}
	}
}
