package serve

// The server tried from the outside as an attacker and a careless user
// would: other sites' pages, other hosts, file names, caps that must
// recover, slow and vanished clients, what a page may be made to show.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// do sends a request with headers and returns the status and body.
func (ts *testServer) do(t testing.TB, method, path, body string, hdr map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, ts.hs.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp.StatusCode, string(b)
}

const ticTacToe = `{"variant":"tictactoe","seats":[{"person":true},{"person":true}]}`

// TestServeForeignPages: only JSON bodies, only from the server's own
// page, one object and nothing after it.
func TestServeForeignPages(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{})
	own := strings.TrimPrefix(ts.hs.URL, "http://")
	for _, tc := range []struct {
		name, body string
		hdr        map[string]string
		want       int
	}{
		{"text/plain (a form's enctype)", ticTacToe, map[string]string{"Content-Type": "text/plain"}, 415},
		{"a form", "variant=tictactoe", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415},
		{"no type", ticTacToe, map[string]string{}, 415},
		{"another site's Origin", ticTacToe, map[string]string{"Content-Type": "application/json", "Origin": "http://evil.example"}, 403},
		{"another port's Origin", ticTacToe, map[string]string{"Content-Type": "application/json", "Origin": "http://127.0.0.1:1"}, 403},
		{"cross-site fetch", ticTacToe, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403},
		{"trailing object", ticTacToe + `{"x":1}`, map[string]string{"Content-Type": "application/json"}, 400},
		{"trailing text", ticTacToe + ` x`, map[string]string{"Content-Type": "application/json"}, 400},
		{"own page", ticTacToe, map[string]string{"Content-Type": "application/json; charset=utf-8", "Origin": "http://" + own, "Sec-Fetch-Site": "same-origin"}, 201},
		{"a script (no Origin)", ticTacToe, map[string]string{"Content-Type": "application/json"}, 201},
	} {
		if st, body := ts.do(t, "POST", "/api/rooms", tc.body, tc.hdr); st != tc.want {
			t.Errorf("%s: %d %s, want %d", tc.name, st, body, tc.want)
		}
	}
	if n := len(ts.s.kept); n != 2 {
		t.Fatalf("%d rooms made, want 2 (the own page's and the script's)", n)
	}
	// A socket from another site's page is refused.
	room := ts.create(t, ticTacToe)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, "ws://"+own+"/ws"+strings.TrimPrefix(room.Seats[0].Link, ""), &websocket.DialOptions{
		HTTPHeader: http.Header{"Origin": {"http://evil.example"}}})
	if err == nil || resp == nil || resp.StatusCode != 403 {
		t.Fatalf("a socket from another site: %v %v", resp, err)
	}
}

// TestServeHosts: a name the server is not reached by (DNS rebinding:
// Host and Origin both the attacker's) reaches nothing; a public URL's
// host does, and makes the links absolute.
func TestServeHosts(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{})
	evil := map[string]string{"Host": "evil.example", "Origin": "http://evil.example", "Content-Type": "application/json"}
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/", ""}, {"GET", "/api/variants", ""}, {"POST", "/api/rooms", ticTacToe}, {"GET", "/ws/watch", ""},
	} {
		if st, body := ts.do(t, r.method, r.path, r.body, evil); st != http.StatusMisdirectedRequest || !strings.Contains(body, "--public-url") {
			t.Errorf("%s %s as evil.example: %d %s", r.method, r.path, st, body)
		}
	}
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(ts.hs.URL, "http://"))
	for _, host := range []string{"localhost:" + port, "127.0.0.1:" + port, "meeple.localhost:" + port, "[::1]:" + port} {
		if st, body := ts.do(t, "GET", "/api/variants", "", map[string]string{"Host": host}); st != 200 {
			t.Errorf("GET as %s: %d %s", host, st, body)
		}
	}
	pub := startConfig(t, Config{Dir: t.TempDir(), PublicURLs: []string{"https://games.example.org"}})
	st, body := pub.do(t, "POST", "/api/rooms", ticTacToe, map[string]string{"Host": "games.example.org",
		"Origin": "https://games.example.org", "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"})
	var c created
	json.Unmarshal([]byte(body), &c)
	if st != 201 || !strings.HasPrefix(c.Seats[0].Link, "https://games.example.org/room/") || !strings.HasPrefix(c.Watch, "https://games.example.org/room/") {
		t.Fatalf("through the public URL: %d %s", st, body)
	}
	if _, err := New(context.Background(), Config{Dir: t.TempDir(), PublicURLs: []string{"games.example.org"}}); err == nil {
		t.Fatal("a public URL without a scheme is taken")
	}
}

// TestServeUploadExtends: an uploaded file's extends names shipped
// variants only: a file of the server's working directory is not read,
// and the answer says nothing of it.
func TestServeUploadExtends(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{})
	wd := t.TempDir()
	os.WriteFile(filepath.Join(wd, "x.toml"), []byte("game = \"kinarow\"\nname = \"x\"\ndescription = \"the operator's secret\"\n[rules]\nsize = 4\n"), 0o600)
	t.Chdir(wd)
	for _, ext := range []string{"x.toml", "./x.toml", "nothere.toml", filepath.Join(wd, "x.toml")} {
		b, _ := json.Marshal(map[string]string{"toml": "extends = \"" + ext + "\"\n", "file": "up.toml"})
		st, body := ts.do(t, "POST", "/api/check", string(b), map[string]string{"Content-Type": "application/json"})
		if st != 400 || strings.Contains(body, "secret") || strings.Contains(body, "no such file") || !strings.Contains(body, "shipped") {
			t.Errorf("extends %q: %d %s", ext, st, body)
		}
	}
}

// TestServeBidiNames: a name or description with bidi controls is shown
// with them escaped, never raw.
func TestServeBidiNames(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{})
	toml := "extends = \"tictactoe\"\nname = \"abc\u202egnp.exe\"\ndescription = \"x\u2066y\u200fz\"\n"
	b, _ := json.Marshal(map[string]any{"toml": toml, "file": "a\u202eb.toml", "seats": []map[string]bool{{"person": true}, {"person": true}}})
	var c created
	if st := ts.post(t, "/api/rooms", string(b), &c); st != 201 {
		t.Fatalf("create: %d %s", st, c.Error)
	}
	x := ts.dial(t, c.Seats[0].Link)
	raw := string(x.raw[0])
	if strings.ContainsAny(raw, "\u202e\u2066\u200f") || !strings.Contains(raw, `abc\\u202Egnp.exe`) {
		t.Fatalf("the hello shows %s", raw)
	}
}

// TestServeCapsRecover: engines count while they play, rooms while they
// are kept (an unused one expires, its records kept), and room creation
// is limited per client address.
func TestServeCapsRecover(t *testing.T) {
	t.Setenv("MEEPLE_SERVE_ENGINE", "1")
	dir := t.TempDir()
	ts := startServer(t, dir, Limits{Engines: 1, Rooms: 3})
	pve := `{"variant":"tictactoe","seats":[{"person":true},{"engine":"level=1"}]}`
	room := ts.create(t, pve)
	var e created
	if st := ts.post(t, "/api/rooms", pve, &e); st != 503 || !strings.Contains(e.Error, "at most 1 engines") {
		t.Fatalf("a second engine room with one engine playing: %d %q", st, e.Error)
	}
	x := ts.dial(t, room.Seats[0].Link)
	spec := ts.dial(t, room.Watch)
	playOut(t, spec, []*page{x}, 1)
	// The game is over: its engine plays no more.
	deadline := time.Now().Add(10 * time.Second)
	for ts.s.engines.Load() != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	room2 := ts.create(t, pve)
	ts.close()
	// After a restart nothing is counted that does not play.
	ts = startServer(t, dir, Limits{Engines: 1, Rooms: 3, Expire: time.Hour})
	ts.create(t, ticTacToe)
	if st := ts.post(t, "/api/rooms", ticTacToe, &e); st != 503 || !strings.Contains(e.Error, "at most 3 rooms") {
		t.Fatalf("a fourth room of 3: %d %q", st, e.Error)
	}
	// An hour later the rooms expire; the finished game's record stays.
	ts.s.sweep(time.Now().Add(2 * time.Hour))
	if n := ts.s.kept; len(n) != 0 {
		t.Fatalf("%d rooms kept after they expired", len(n))
	}
	ts.create(t, ticTacToe)
	if st, body := ts.get(t, "/ws/room/"+room.Room); st != http.StatusGone || !strings.Contains(body, "/record") {
		t.Fatalf("an expired room: %d %s", st, body)
	}
	if rs, body := ts.records(t, room.Room); len(rs) != 1 {
		t.Fatalf("an expired room's records: %s", body)
	}
	if st, _ := ts.get(t, "/ws/room/"+room2.Room); st != http.StatusGone && st != http.StatusNotFound {
		t.Fatalf("an expired room without records: %d", st)
	}
	// The expiry survives a restart (it is in the log).
	ts.close()
	ts = startServer(t, dir, Limits{Creates: 3})
	if len(ts.s.kept) != 1 {
		t.Fatalf("after a restart %d rooms are kept, want 1", len(ts.s.kept))
	}
	for range 3 {
		ts.create(t, ticTacToe)
	}
	if st, body := ts.do(t, "POST", "/api/rooms", ticTacToe, map[string]string{"Content-Type": "application/json"}); st != 429 || !strings.Contains(body, "too many rooms") {
		t.Fatalf("a fourth room in a minute from one address: %d %s", st, body)
	}
}

// TestServeSlowBodies: a request that drips its body is cut off at the
// body's deadline, and every connection counts against --max-conns.
func TestServeSlowBodies(t *testing.T) {
	t.Parallel() // it mostly waits
	ts := startServer(t, t.TempDir(), Limits{Conns: 60, Body: 500 * time.Millisecond, Creates: 100})
	addr := strings.TrimPrefix(ts.hs.URL, "http://")
	var conns []net.Conn
	for range 50 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST /api/rooms HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{", addr)
		conns = append(conns, c)
	}
	for end := time.Now().Add(10 * time.Second); ts.s.conns.Load() < 50; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%d connections counted, want 50", ts.s.conns.Load())
		}
	}
	// Drip a byte every 100 ms: the server answers 408 and closes.
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
			for _, c := range conns {
				c.Write([]byte(" "))
			}
		}
	}()
	for _, c := range conns {
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		line, err := bufio.NewReader(c).ReadString('\n')
		if err != nil || !strings.Contains(line, "408") {
			t.Fatalf("a dripping body: %q %v", line, err)
		}
	}
	ts.idle(t)
}

// TestServePing: a page that vanishes without closing (it answers no
// ping) is dropped, and its seat shows offline.
func TestServePing(t *testing.T) {
	t.Parallel() // it mostly waits
	ts := startServer(t, t.TempDir(), Limits{})
	ts.s.tm.ping, ts.s.tm.pong = 100*time.Millisecond, 200*time.Millisecond
	room := ts.create(t, ticTacToe)
	o := ts.dial(t, room.Seats[1].Link)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// x's page reads nothing from here on: it answers no ping.
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.hs.URL, "http")+strings.Replace(room.Seats[0].Link, "/room/", "/ws/room/", 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	online := func(m map[string]any) bool {
		return m["seats"].([]any)[0].(map[string]any)["online"].(bool)
	}
	for m := o.next("seats"); !online(m); m = o.next("seats") {
	}
	for m := o.next("seats"); online(m); m = o.next("seats") {
	}
}

// TestServeHeaders: the page runs no inline script, cannot be framed, and
// sends no Referer (a seat's token is in its URL).
func TestServeHeaders(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{})
	for _, path := range []string{"/", "/room/0123456789abcdef?token=00", "/app.js", "/api/variants", "/nothing"} {
		resp, err := http.Get(ts.hs.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		h := resp.Header
		csp := h.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self'", "frame-ancestors 'none'", "default-src 'self'", "style-src 'self'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: Content-Security-Policy %q lacks %s", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: headers %v", path, h)
		}
		if path == "/" && (strings.Contains(string(body), "<script>") || strings.Contains(string(body), "style=") || strings.Contains(string(body), " on")) {
			t.Errorf("the page has inline script or style:\n%s", body)
		}
	}
}
