package serve

// The kill test: `meeple serve` in a process of its own (this test binary,
// the helper-process pattern) is killed with SIGKILL again and again at
// random points of person-vs-person and person-vs-engine games, often
// right after a page heard of a move or of a game's end; after each
// restart every ply a page heard of and every end it saw must be there,
// each ended game with its record.

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/meeple-games/meeple/internal/meepletest"
	"github.com/meeple-games/meeple/internal/record"
)

// serveProcessEnv makes the test binary a server over the directory it
// names (serveProcess).
const serveProcessEnv = "MEEPLE_SERVE_PROCESS"

var kills = flag.Int("serve.kills", 0, "kill the server this many times in TestServeKill (0: 10, 4 with -short, 100 with -tags strength)")

// serveProcess is the server of the kill test: serve on a loopback port,
// print the address; its engine seats are this binary too.
func serveProcess(dir string) int {
	os.Unsetenv(serveProcessEnv)
	os.Setenv("MEEPLE_SERVE_ENGINE", "1") // for the engines it starts
	err := Run(context.Background(), Config{Addr: "127.0.0.1:0", Dir: dir, Self: []string{os.Args[0]},
		Limits: Limits{Creates: 1000}, Stdout: os.Stdout, Stderr: os.Stderr})
	fmt.Fprintln(os.Stderr, err)
	return 1
}

// killRoom is what the test knows of a room: its links, and what pages
// heard of it.
type killRoom struct {
	id      string
	links   []string       // the person seats' links ("" for an engine's)
	game    int            // the last game a page heard of
	history []string       // that game's plies as a page heard them
	ended   map[int]string // the games a page saw end: their result
}

// serverProc is a running server process.
type serverProc struct {
	cmd  *exec.Cmd
	base string
}

func startServerProc(t *testing.T, dir string) *serverProc {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveProcessEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = testLog{t}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	m := regexp.MustCompile(`open (http://\S+)/`).FindStringSubmatch(line)
	if err != nil || m == nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the server process printed %q (%v)", line, err)
	}
	return &serverProc{cmd: cmd, base: m[1]}
}

// children are the processes the server started (its engines).
func (p *serverProc) children() []int {
	var out []int
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 && f[1] == strconv.Itoa(p.cmd.Process.Pid) {
			out = append(out, pid)
		}
	}
	return out
}

func (p *serverProc) kill() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	p.cmd.Wait()
}

// killState is a state message's fields the test reads.
type killState struct {
	Type    string      `json:"type"`
	Game    int         `json:"game"`
	Ply     int         `json:"ply"`
	Seat    int         `json:"seat"`
	ToMove  int         `json:"toMove"`
	Legal   []legalMove `json:"legal"`
	History []string    `json:"history"`
	Result  *resultMsg  `json:"result"`
}

func TestServeKill(t *testing.T) {
	if os.Getenv("MEEPLE_SERVE_ENGINE") != "" {
		t.Skip("an engine process")
	}
	t.Parallel() // it waits on processes
	n := *kills
	if n == 0 {
		n = defaultKills
		if testing.Short() {
			n = 4
		}
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	t.Logf("seed %v", time.Now().UnixNano())
	var rooms []*killRoom
	acked, ends, engines := 0, 0, 0
	for k := 0; k < n; k++ {
		p := startServerProc(t, dir)
		// Every room as the pages last heard of it is there.
		for _, r := range rooms {
			r.check(t, p.base, k)
		}
		for len(rooms) < 4 {
			rooms = append(rooms, newKillRoom(t, p.base, len(rooms)%2 == 1))
		}
		// Play: each room's person seats move as soon as it is their turn;
		// a game that ends is followed by a new one. The server is killed
		// at a random moment: half the time right after a page of a room
		// drawn at random heard of its k-th ply or end (k at random), the
		// other half after a random time.
		target, limit := rng.IntN(len(rooms)), 1+rng.IntN(8)
		heard := 0
		moved := make([]int, len(rooms)) // a room plays at most maxMoves plies a round
		const maxMoves = 20
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		msgs := make(chan killMsg, 256)
		var socks []*websocket.Conn
		for ri, r := range rooms {
			for si, link := range r.links {
				if link == "" {
					continue
				}
				ws := dialLink(t, ctx, p.base, link)
				socks = append(socks, ws)
				go readKill(ctx, ws, ri, si, msgs) // si: the link's seat in game 1
			}
		}
		killAt := time.After(time.Duration(rng.IntN(500)) * time.Millisecond)
		if rng.IntN(2) == 0 {
			killAt = time.After(5 * time.Second) // by the count of plies heard
		}
	play:
		for {
			select {
			case m := <-msgs:
				r := rooms[m.room]
				st := m.st
				if st.Type != "state" {
					continue
				}
				if st.Game > r.game || (st.Game == r.game && st.Ply > len(r.history)) {
					if st.Game > r.game {
						r.game, r.history = st.Game, nil
					}
					if !slices.Equal(st.History[:len(r.history)], r.history) {
						t.Fatalf("room %s: the history %v does not go on from %v", r.id, st.History, r.history)
					}
					acked += st.Ply - len(r.history)
					if m.room == target {
						heard += st.Ply - len(r.history)
					}
					r.history = slices.Clone(st.History)
				}
				if st.Result != nil && st.Game == r.game && r.ended[st.Game] == "" {
					r.ended[st.Game] = st.Result.Result
					ends++
					if m.room == target {
						heard++
					}
				}
				if heard >= limit {
					break play
				}
				if moved[m.room] >= maxMoves && m.room != target {
					continue
				}
				if st.Result != nil && m.link == firstPerson(r.links) {
					moved[m.room]++
					m.ws.Write(ctx, websocket.MessageText, []byte(`{"type":"newgame","swap":true}`))
				} else if st.Result == nil && st.ToMove == st.Seat && len(st.Legal) > 0 {
					moved[m.room]++
					mv := st.Legal[rng.IntN(len(st.Legal))].Move
					b, _ := json.Marshal(Up{Type: "move", Move: mv, Ply: &st.Ply})
					m.ws.Write(ctx, websocket.MessageText, b)
				}
			case <-killAt:
				break play
			case <-ctx.Done():
				t.Fatalf("kill %d: no progress in 20 s", k)
			}
		}
		kids := p.children()
		engines += len(kids)
		p.kill()
		cancel()
		for _, ws := range socks {
			ws.CloseNow()
		}
		for _, pid := range kids {
			if !gonePid(pid) {
				syscall.Kill(pid, syscall.SIGKILL)
				t.Fatalf("kill %d: engine %d outlived the server's SIGKILL", k, pid)
			}
		}
	}
	p := startServerProc(t, dir)
	for _, r := range rooms {
		r.check(t, p.base, n)
		t.Logf("room %s (%d people): game %d at ply %d, %d games ended", r.id, len(slices.DeleteFunc(slices.Clone(r.links), func(l string) bool { return l == "" })), r.game, len(r.history), len(r.ended))
	}
	p.kill()
	t.Logf("%d kills with SIGKILL; after each, every acknowledged ply (%d in all) and announced end (%d) was there; %d engine processes died with the server; lost: 0",
		n, acked, ends, engines)
}

// gonePid waits a while for pid to end.
func gonePid(pid int) bool {
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if !meepletest.Alive(pid) {
			return true
		}
	}
	return false
}

type killMsg struct {
	room, link, seat int // the room, the link's index in killRoom.links, its seat now
	ws               *websocket.Conn
	st               killState
}

// firstPerson is the index of the room's first person link: its page asks
// for the next game when one ends.
func firstPerson(links []string) int {
	return slices.IndexFunc(links, func(l string) bool { return l != "" })
}

func readKill(ctx context.Context, ws *websocket.Conn, room, link int, out chan<- killMsg) {
	seat := link
	for {
		_, b, err := ws.Read(ctx)
		if err != nil {
			return
		}
		var st killState
		if json.Unmarshal(b, &st) != nil {
			continue
		}
		if st.Type == "hello" {
			seat = st.Seat
			continue
		}
		st.Seat = seat
		select {
		case out <- killMsg{room: room, link: link, seat: seat, ws: ws, st: st}:
		case <-ctx.Done():
			return
		}
	}
}

func dialLink(t *testing.T, ctx context.Context, base, link string) *websocket.Conn {
	t.Helper()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+strings.Replace(link, "/room/", "/ws/room/", 1), nil)
	if err != nil {
		t.Fatalf("dial %s: %v", link, err)
	}
	ws.SetReadLimit(1 << 20)
	return ws
}

func newKillRoom(t *testing.T, base string, engine bool) *killRoom {
	t.Helper()
	body := `{"variant":"connect4","seats":[{"person":true},{"person":true}]}`
	if engine {
		body = `{"variant":"tictactoe","seats":[{"person":true},{"engine":"level=1"}]}`
	}
	resp, err := http.Post(base+"/api/rooms", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var c created
	json.NewDecoder(resp.Body).Decode(&c)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d %s", resp.StatusCode, c.Error)
	}
	r := &killRoom{id: c.Room, game: 1, ended: map[int]string{}}
	for _, s := range c.Seats {
		r.links = append(r.links, s.Link)
	}
	return r
}

// check connects to the room after a restart and checks that what the
// pages heard is there: the game, its plies, its end and every ended
// game's record.
func (r *killRoom) check(t *testing.T, base string, k int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ws := dialLink(t, ctx, base, "/room/"+r.id)
	defer ws.CloseNow()
	var st killState
	for st.Type != "state" {
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("after kill %d: room %s: %v", k, r.id, err)
		}
		json.Unmarshal(b, &st)
	}
	switch {
	case st.Game < r.game:
		t.Fatalf("after kill %d: room %s is at game %d; a page heard of game %d", k, r.id, st.Game, r.game)
	case st.Game == r.game:
		if len(st.History) < len(r.history) || !slices.Equal(st.History[:len(r.history)], r.history) {
			t.Fatalf("after kill %d: room %s: game %d's plies are %v; a page heard %v", k, r.id, r.game, st.History, r.history)
		}
		if res := r.ended[r.game]; res != "" && (st.Result == nil || st.Result.Result != res) {
			t.Fatalf("after kill %d: room %s: game %d ended %s, and now: %+v", k, r.id, r.game, res, st.Result)
		}
	}
	if len(r.ended) == 0 {
		return
	}
	resp, err := http.Get(base + "/api/rooms/" + r.id + "/record")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	recs, err := record.ReadRecords(resp.Body)
	if err != nil {
		t.Fatalf("after kill %d: room %s: the records: %v", k, r.id, err)
	}
	got := map[int]string{}
	for _, rec := range recs {
		if _, dup := got[rec.Game+1]; dup {
			t.Fatalf("after kill %d: room %s: game %d has two records", k, r.id, rec.Game+1)
		}
		if err := record.Replay(rec); err != nil {
			t.Fatalf("after kill %d: room %s: game %d's record does not replay: %v", k, r.id, rec.Game+1, err)
		}
		got[rec.Game+1] = rec.Result()
	}
	for g, res := range r.ended {
		if got[g] != res {
			t.Fatalf("after kill %d: room %s: game %d ended %s; its record: %q", k, r.id, g, res, got[g])
		}
	}
}
