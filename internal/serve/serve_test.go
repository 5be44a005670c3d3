package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	_ "github.com/meeple-games/meeple/games/chess" // the games register themselves
	_ "github.com/meeple-games/meeple/games/kinarow"
	_ "github.com/meeple-games/meeple/games/nocca"
	_ "github.com/meeple-games/meeple/games/othello"
	_ "github.com/meeple-games/meeple/games/thegame"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/protocol"
)

// The helper-process pattern: with $MEEPLE_SERVE_ENGINE set, the test
// binary is meeple's engine (what `meeple engine` runs), so rooms can seat
// level=N engines (Config.Self is this binary).
func TestMain(m *testing.M) {
	if dir := os.Getenv(serveProcessEnv); dir != "" {
		os.Exit(serveProcess(dir))
	}
	if mode := os.Getenv("MEEPLE_SERVE_ENGINE"); mode != "" {
		if err := protocol.Run(context.Background(), os.Stdin, os.Stdout, protocol.Options{Players: players.New}); err != nil {
			os.Exit(1)
		}
		if mode == "slowquit" { // an engine that takes its time to quit
			time.Sleep(5 * time.Second)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testServer is a server on a loopback port, over dir.
type testServer struct {
	s   *Server
	hs  *httptest.Server
	dir string
}

func startServer(t testing.TB, dir string, lim Limits) *testServer {
	t.Helper()
	return startConfig(t, Config{Dir: dir, Limits: lim})
}

// startConfig starts a server of cfg (Self: this binary, Stderr: the
// test's log) on a loopback port.
func startConfig(t testing.TB, cfg Config) *testServer {
	t.Helper()
	if cfg.Self == nil {
		cfg.Self = []string{os.Args[0]}
	}
	if cfg.Stderr == nil {
		cfg.Stderr = testLog{t}
	}
	s, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{s: s, hs: newHTTPTest(s), dir: cfg.Dir}
	t.Cleanup(ts.close)
	return ts
}

// testLog writes the server's warnings to the test's log.
type testLog struct{ t testing.TB }

func (l testLog) Write(b []byte) (int, error) {
	l.t.Log(strings.TrimSuffix(string(b), "\n"))
	return len(b), nil
}

// newHTTPTest serves s as Serve does (its http.Server, its connection
// count) on a loopback port.
func newHTTPTest(s *Server) *httptest.Server {
	hs := httptest.NewUnstartedServer(nil)
	hs.Config = s.HTTPServer()
	hs.Listener = s.Listener(hs.Listener)
	hs.Start()
	return hs
}

// dialWatch opens /ws/watch.
func (ts *testServer) dialWatch(t testing.TB) *page {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.hs.URL, "http")+"/ws/watch", nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	t.Cleanup(func() { ws.CloseNow() })
	return &page{t: t, ws: ws}
}

func (ts *testServer) close() {
	ts.s.Close()
	ts.hs.CloseClientConnections()
	ts.hs.Close()
}

// post sends a JSON body and decodes the reply into out; it returns the status.
func (ts *testServer) post(t testing.TB, path, body string, out any) int {
	t.Helper()
	resp, err := http.Post(ts.hs.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatalf("%s: decoding the reply: %v", path, err)
		}
	}
	return resp.StatusCode
}

type created struct {
	Room  string `json:"room"`
	Watch string `json:"watch"`
	Seats []struct {
		Name string `json:"name"`
		Link string `json:"link"`
	} `json:"seats"`
	Error string `json:"error"`
}

func (ts *testServer) create(t testing.TB, body string) created {
	t.Helper()
	var c created
	if st := ts.post(t, "/api/rooms", body, &c); st != http.StatusCreated {
		t.Fatalf("create %s: status %d: %s", body, st, c.Error)
	}
	return c
}

// page is a page's WebSocket, keeping every message it received.
type page struct {
	t    testing.TB
	ws   *websocket.Conn
	got  []map[string]any
	raw  [][]byte
	seat int
}

// dial opens link ("/room/ID?token=T", or "/room/ID" for a spectator).
func (ts *testServer) dial(t testing.TB, link string) *page {
	t.Helper()
	u := "ws" + strings.TrimPrefix(ts.hs.URL, "http") + strings.Replace(link, "/room/", "/ws/room/", 1)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		t.Fatalf("dial %s: %v", link, err)
	}
	ws.SetReadLimit(1 << 20)
	c := &page{t: t, ws: ws}
	t.Cleanup(func() { ws.CloseNow() })
	h := c.next("hello")
	c.seat = int(h["seat"].(float64))
	return c
}

// next reads messages until one of type typ, and returns it.
func (c *page) next(typ string) map[string]any {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for {
		_, b, err := c.ws.Read(ctx)
		if err != nil {
			c.t.Fatalf("waiting for %s: %v", typ, err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			c.t.Fatalf("message %s: %v", b, err)
		}
		c.got, c.raw = append(c.got, m), append(c.raw, b)
		if m["type"] == "hello" {
			c.seat = int(m["seat"].(float64)) // a new game may seat the page elsewhere
		}
		if m["type"] == typ {
			return m
		}
	}
}

// stateAt reads state messages until one at ply n or later, or one of
// a game that ended (a move sent as the game ended is not played).
func (c *page) stateAt(n int) map[string]any {
	c.t.Helper()
	for {
		m := c.next("state")
		if int(m["ply"].(float64)) >= n || m["result"] != nil {
			return m
		}
	}
}

func (c *page) send(s string) {
	c.t.Helper()
	if err := c.ws.Write(context.Background(), websocket.MessageText, []byte(s)); err != nil {
		c.t.Fatal(err)
	}
}

func (c *page) move(mv string, ply int) {
	c.send(`{"type":"move","move":"` + mv + `","ply":` + itoa(ply) + `}`)
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestServeTicTacToeRoom(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{})
	room := ts.create(t, `{"variant":"tictactoe","seats":[{"person":true},{"person":true}]}`)
	x, o := ts.dial(t, room.Seats[0].Link), ts.dial(t, room.Seats[1].Link)
	spec := ts.dial(t, room.Watch)
	if x.seat != 0 || o.seat != 1 || spec.seat != -1 {
		t.Fatalf("seats %d %d %d, want 0 1 -1", x.seat, o.seat, spec.seat)
	}
	// x: a1 b1 c1 wins; o: a2 b2.
	line := []struct {
		c  *page
		mv string
	}{{x, "a1"}, {o, "a2"}, {x, "b1"}, {o, "b2"}, {x, "c1"}}
	for i, p := range line {
		st := p.c.stateAt(i)
		if want := 9 - i; len(st["legal"].([]any)) != want {
			t.Fatalf("ply %d: %d legal moves, want %d", i, len(st["legal"].([]any)), want)
		}
		p.c.move(p.mv, i)
	}
	end := spec.stateAt(5)
	for end["result"] == nil {
		end = spec.next("state")
	}
	res, _ := end["result"].(map[string]any)
	if res == nil || res["result"] != "1-0" || end["toMove"].(float64) != -1 {
		t.Fatalf("final state %v", end)
	}
	if _, ok := end["legal"]; ok {
		t.Fatal("a spectator got legal moves")
	}
	resp, err := http.Get(ts.hs.URL + "/api/rooms/" + room.Room + "/record")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	recs, err := record.ReadRecords(bytes.NewReader(body))
	if err != nil || len(recs) != 1 {
		t.Fatalf("record: %v, %d games:\n%s", err, len(recs), body)
	}
	if err := record.Replay(recs[0]); err != nil {
		t.Fatalf("replay: %v", err)
	}
	// The next game with the seats swapped: o's link now plays x.
	o.send(`{"type":"newgame","swap":true}`)
	h := o.next("hello")
	if h["seat"].(float64) != 0 {
		t.Fatalf("after the swap the second link sits at %v, want 0", h["seat"])
	}
	st := o.stateAt(0)
	if st["game"].(float64) != 2 || len(st["legal"].([]any)) != 9 {
		t.Fatalf("game 2 start: %v", st)
	}
}

func TestServeRefusals(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{})
	room := ts.create(t, `{"variant":"tictactoe","seats":[{"person":true},{"person":true}]}`)
	x, o := ts.dial(t, room.Seats[0].Link), ts.dial(t, room.Seats[1].Link)
	spec := ts.dial(t, room.Watch)
	x.stateAt(0)
	for _, tc := range []struct {
		c    *page
		msg  string
		want string
	}{
		{o, `{"type":"move","move":"a1","ply":0}`, "not your turn"},
		{x, `{"type":"move","move":"a1","ply":3}`, "stale move"},
		{x, `{"type":"move","move":"z9","ply":0}`, "z9"},
		{x, `{"type":"move","move":"a1"}`, "ply"},
		{x, `{"type":"fly"}`, "unknown type"},
		{x, `{"type":"move","move":7,"ply":0}`, "message"},
		{x, `not json`, "message"},
		{x, `{"type":"move","move":"a1","ply":0,"extra":1}`, "unknown field"},
		{spec, `{"type":"move","move":"a1","ply":0}`, "spectators"},
		{x, `{"type":"newgame"}`, "not over"},
		{x, `{"type":"resign"}{"type":"resign"}`, "one JSON object"},
	} {
		tc.c.send(tc.msg)
		e := tc.c.next("error")
		if !strings.Contains(e["message"].(string), tc.want) {
			t.Errorf("%s: error %q, want it to mention %q", tc.msg, e["message"], tc.want)
		}
	}
	// The connection goes on: a good move is played.
	x.move("b2", 0)
	if m := o.stateAt(1); m["history"].([]any)[0] != "b2" {
		t.Fatalf("after the refusals: %v", m)
	}
	// A token that holds no seat is refused; so is an unknown room.
	for link, want := range map[string]int{
		"/ws/room/" + room.Room + "?token=00112233445566778899aabbccddeeff": http.StatusForbidden,
		"/ws/room/0123456789abcdef":                                         http.StatusNotFound,
		"/ws/room/../../etc":                                                http.StatusNotFound,
	} {
		resp, err := http.Get(ts.hs.URL + link)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET %s: status %d, want %d", link, resp.StatusCode, want)
		}
	}
	// A message past the size limit closes that socket (status 1009).
	x.send(`{"type":"move","move":"` + strings.Repeat("a", 5000) + `","ply":1}`)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		if _, _, err := x.ws.Read(ctx); err != nil {
			if websocket.CloseStatus(err) != websocket.StatusMessageTooBig {
				t.Fatalf("after a big message: %v, want status 1009", err)
			}
			break
		}
	}
}

// TestServeNames: a seat's nickname reaches every page on its seat; a
// name too long, or with a control or format character, is refused with a
// code the page words, and a spectator has no seat to name.
func TestServeNames(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{})
	room := ts.create(t, `{"variant":"tictactoe","seats":[{"person":true},{"engine":"level=1"}]}`)
	x := ts.dial(t, room.Seats[0].Link)
	spec := ts.dial(t, room.Watch)
	x.send(`{"type":"name","name":"  <b>Ann</b> "}`)
	for _, p := range []*page{x, spec} {
		seats := p.next("seats")["seats"].([]any)
		for seats[0].(map[string]any)["nick"] == nil { // a seats message of before (who is online)
			seats = p.next("seats")["seats"].([]any)
		}
		if got := seats[0].(map[string]any)["nick"]; got != "<b>Ann</b>" {
			t.Errorf("seat 1's nick is %v, want <b>Ann</b> as sent, trimmed", got)
		}
		if _, ok := seats[1].(map[string]any)["nick"]; ok {
			t.Errorf("the engine's seat has a nick: %v", seats[1])
		}
	}
	for _, tc := range []struct {
		c        *page
		msg      string
		wantCode string
	}{
		{x, `{"type":"name","name":"` + strings.Repeat("é", MaxNickname+1) + `"}`, "bad-name"},
		{x, `{"type":"name","name":"Ann\u202egnp.exe"}`, "bad-name"},
		{x, `{"type":"name","name":"A\nB"}`, "bad-name"},
		{x, `{"type":"name"}`, "bad-message"},
		{x, `{"type":"name","name":"Ann","move":"a1"}`, "bad-message"},
		{x, `{"type":"resign","name":"Ann"}`, "bad-message"},
		{spec, `{"type":"name","name":"Bob"}`, "spectator-name"},
	} {
		tc.c.send(tc.msg)
		if e := tc.c.next("error"); e["code"] != tc.wantCode {
			t.Errorf("%s: refused %v (%v), want %s", tc.msg, e["code"], e["message"], tc.wantCode)
		}
	}
	// The longest name is taken.
	x.send(`{"type":"name","name":"` + strings.Repeat("é", MaxNickname) + `"}`)
	if got := x.next("seats")["seats"].([]any)[0].(map[string]any)["nick"]; got != strings.Repeat("é", MaxNickname) {
		t.Errorf("a name of %d characters: nick %v", MaxNickname, got)
	}
}

func TestServeRestartKeepsGames(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir, Limits{})
	room := ts.create(t, `{"variant":"connect4","seats":[{"person":true},{"person":true}],"clock":"600+1"}`)
	a, b := ts.dial(t, room.Seats[0].Link), ts.dial(t, room.Seats[1].Link)
	a.stateAt(0)
	a.move("d", 0)
	b.stateAt(1)
	b.move("c", 1)
	a.stateAt(2)
	ts.close()

	ts2 := startServer(t, dir, Limits{})
	a2 := ts2.dial(t, room.Seats[0].Link)
	st := a2.stateAt(2)
	if h := st["history"].([]any); len(h) != 2 || h[0] != "d1" || h[1] != "c1" {
		t.Fatalf("resumed history %v", h)
	}
	if cl := st["clocks"].([]any); len(cl) != 2 || cl[0].(float64) > 601000 || cl[0].(float64) < 1000 {
		t.Fatalf("resumed clocks %v", cl)
	}
	a2.move("d", 2)
	b2 := ts2.dial(t, room.Seats[1].Link)
	if st := b2.stateAt(3); len(st["legal"].([]any)) == 0 {
		t.Fatalf("the second seat has no move after the restart: %v", st)
	}
}

func TestServeEngineSeat(t *testing.T) {
	t.Setenv("MEEPLE_SERVE_ENGINE", "1") // the engine processes are this binary
	// Besides meeple's levels, an engine the operator named (serve
	// --engine): the lobby lists it by name, and a room seats it by name.
	ts := startConfig(t, Config{Dir: t.TempDir(),
		Engines: []referee.EngineConfig{{Name: "mine", Cmd: os.Args[0], Proto: "native", Restart: true},
			{Name: "broken", Cmd: "/bin/false", Proto: "native", Restart: true}}})
	resp, err := http.Get(ts.hs.URL + "/api/engines")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	json.NewDecoder(resp.Body).Decode(&names)
	resp.Body.Close()
	if !slices.Equal(names, []string{"mine", "broken"}) {
		t.Fatalf("/api/engines: %q, want [mine broken]", names)
	}
	// An engine that dies at once ends its game with a typed reason, and
	// the room goes on (a new game can start).
	room := ts.create(t, `{"variant":"tictactoe","seats":[{"person":true},{"engine":"broken"}]}`)
	x := ts.dial(t, room.Seats[0].Link)
	for ply := 0; ; {
		st := x.stateAt(ply)
		if res, ok := st["result"].(map[string]any); ok {
			if term := res["termination"]; term != "startup" && term != "crash" {
				t.Errorf("broken engine: the game ended by %v (%v), want startup or crash", term, res["reason"])
			}
			break
		}
		ply = int(st["ply"].(float64))
		if int(st["toMove"].(float64)) == 0 {
			x.move(st["legal"].([]any)[0].(map[string]any)["move"].(string), ply)
			ply++
		}
	}
	for _, engine := range []string{"level=1", "mine"} {
		room := ts.create(t, `{"variant":"tictactoe","seats":[{"person":true},{"engine":"`+engine+`"}]}`)
		x := ts.dial(t, room.Seats[0].Link)
		ply := 0
		for {
			st := x.stateAt(ply)
			if res := st["result"]; res != nil {
				if term := res.(map[string]any)["termination"]; term != "normal" {
					t.Errorf("%s: the game ended by %v", engine, term)
				}
				break
			}
			ply = int(st["ply"].(float64))
			if int(st["toMove"].(float64)) != 0 {
				continue
			}
			legal := st["legal"].([]any)
			x.move(legal[0].(map[string]any)["move"].(string), ply)
			ply++
		}
		want := map[string]string{"level=1": "meeple-level-1", "mine": "mine"}[engine]
		if room.Seats[1].Link != "" || room.Seats[1].Name != want {
			t.Fatalf("engine seat %+v, want %s", room.Seats[1], want)
		}
	}
}

func TestServeCheckAndCreateErrors(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{Rooms: 1})
	var ok map[string]any
	if st := ts.post(t, "/api/check", `{"spec":"othello(size=10)"}`, &ok); st != 200 || ok["game"] != "othello" {
		t.Fatalf("check othello(size=10): %d %v", st, ok)
	}
	var bad map[string]any
	toml := "game = \"kinarow\"\n[rules]\nsize = 4\nconect = 3\n"
	body, _ := json.Marshal(map[string]string{"toml": toml, "file": "../my.toml"})
	if st := ts.post(t, "/api/check", string(body), &bad); st != 400 || bad["file"] != "my.toml" || bad["line"].(float64) != 4 || bad["key"] != "conect" {
		t.Fatalf("check bad file: %d %v", st, bad)
	}
	for _, spec := range []string{"/etc/passwd", "../x.toml", `{"spec":1}`} {
		body, _ := json.Marshal(map[string]string{"spec": spec})
		if strings.HasPrefix(spec, "{") {
			body = []byte(spec)
		}
		if st := ts.post(t, "/api/check", string(body), &bad); st != 400 {
			t.Errorf("check %s: status %d", spec, st)
		}
	}
	for body, want := range map[string]string{
		`{"variant":"tictactoe","seats":[{"person":true}]}`:                                    "2 seats",
		`{"variant":"tictactoe","seats":[{"person":true},{"engine":"cmd=/bin/sh"}]}`:           "level=",
		`{"variant":"tictactoe","seats":[{"person":true},{"person":true}],"clock":"40/60"}`:    "clock",
		`{"variant":"tictactoe","seats":[{"person":true},{"person":true,"engine":"level=1"}]}`: "seat 2",
	} {
		var e created
		if st := ts.post(t, "/api/rooms", body, &e); st != 400 || !strings.Contains(e.Error, want) {
			t.Errorf("create %s: %d %q, want 400 and %q", body, st, e.Error, want)
		}
	}
	ts.create(t, `{"variant":"tictactoe","seats":[{"person":true},{"person":true}]}`)
	var e created
	if st := ts.post(t, "/api/rooms", `{"variant":"tictactoe","seats":[{"person":true},{"person":true}]}`, &e); st != 503 || !strings.Contains(e.Error, "at most 1 rooms") {
		t.Fatalf("past --max-rooms: %d %q", st, e.Error)
	}
	var vs []variantJSON
	resp, err := http.Get(ts.hs.URL + "/api/variants")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&vs)
	resp.Body.Close()
	if len(vs) < 5 {
		t.Fatalf("variants: %v", vs)
	}
}

// TestServeConnectionLimit: --max-conns counts every connection, and
// spectators' sockets leave the reserve to the seats.
func TestServeConnectionLimit(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{Conns: 4, Reserve: 2})
	room := ts.create(t, `{"variant":"tictactoe","seats":[{"person":true},{"person":true}]}`)
	ts.idle(t)
	a := ts.dial(t, room.Watch)
	ts.dial(t, room.Watch)
	if st, body := ts.get(t, "/ws"+room.Watch); st != 503 || !strings.Contains(body, "kept for players") {
		t.Fatalf("a third spectator (of 2 the reserve leaves): %d %s", st, body)
	}
	ts.idle(t, 2)
	ts.dial(t, room.Seats[0].Link)
	ts.dial(t, room.Seats[1].Link)
	if st, body := ts.get(t, "/api/variants"); st != 503 || !strings.Contains(body, "at most 4 connections") {
		t.Fatalf("a fifth connection: %d %s", st, body)
	}
	a.ws.CloseNow()
	ts.idle(t, 3)
	if st, body := ts.get(t, "/api/variants"); st != 200 { // the limit recovers
		t.Fatalf("with a connection free again: %d %s", st, body)
	}
}

// get fetches path on a connection of its own and returns the status and
// body.
func (ts *testServer) get(t testing.TB, path string) (int, string) {
	t.Helper()
	cl := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := cl.Get(ts.hs.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp.StatusCode, string(b)
}

// idle closes the test's idle HTTP connections and waits until the
// server counts n open (the server notices a closed one a moment later).
func (ts *testServer) idle(t testing.TB, n ...int64) {
	t.Helper()
	http.DefaultClient.CloseIdleConnections()
	want := int64(0)
	if len(n) > 0 {
		want = n[0]
	}
	for end := time.Now().Add(10 * time.Second); ts.s.conns.Load() != want; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("the server counts %d connections, want %d", ts.s.conns.Load(), want)
		}
	}
}

// TestServePageCached: the page's files carry an ETag of their content and
// no-cache, so a browser loading the page again asks and gets 304 Not
// Modified instead of the files; a changed tag gets the file.
func TestServePageCached(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{})
	defer ts.close()
	get := func(path, tag string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", ts.hs.URL+path, nil)
		if tag != "" {
			req.Header.Set("If-None-Match", tag)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	for _, path := range []string{"/app.js", "/style.css", "/i18n/ja.json"} {
		first := get(path, "")
		tag := first.Header.Get("ETag")
		if first.StatusCode != http.StatusOK || tag == "" || first.Header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("GET %s: %s, ETag %q, Cache-Control %q", path, first.Status, tag, first.Header.Get("Cache-Control"))
		}
		if again := get(path, tag); again.StatusCode != http.StatusNotModified {
			t.Errorf("GET %s again with its tag: %s, want 304", path, again.Status)
		}
		if other := get(path, `"not-it"`); other.StatusCode != http.StatusOK {
			t.Errorf("GET %s with another tag: %s, want 200", path, other.Status)
		}
	}
}
