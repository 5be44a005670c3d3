package client

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/meeple-games/meeple/internal/meepletest"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/internal/version"
	"github.com/meeple-games/meeple/protocol"
)

// The client's tests start this test binary as the engine (the
// helper-process pattern): with MEEPLE_FAKE_ENGINE=<mode> in its
// environment, TestMain acts as an engine on stdin/stdout and exits.
// Mode "meeple" is the real engine session (Run); the other modes are
// scripted engines with one fault each.

const fakeEngineEnv = "MEEPLE_FAKE_ENGINE"

// patience bounds every wait of a test on an engine that works.
const patience = 10 * time.Second

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEngineEnv); mode != "" {
		os.Exit(fakeEngine(mode))
	}
	meepletest.Main(m, func(dir string) (err error) {
		self, err = meepletest.Self("github.com/meeple-games/meeple/protocol/client", dir)
		return err
	})
}

// self runs the fake engines: this test binary, or a plain build of it
// under -race (see meepletest.Self).
var self = os.Args[0]

// lingering is how long the orphan of mode "orphan" holds the pipes.
const lingering = 6 * time.Second

// fakeSpec starts this test binary as an engine in mode.
func fakeSpec(mode, dialect string, options ...EngineOption) EngineSpec {
	return EngineSpec{
		Name:    mode,
		Cmd:     []string{self},
		Env:     []string{fakeEngineEnv + "=" + mode},
		Dialect: dialect,
		Options: options,
	}
}

// Timeouts for engines that work: generous, since a loaded machine (and
// the race detector) may be slow; the tests never wait them out.
var roomy = Timeouts{Start: patience, Ready: patience, Quit: patience, Stop: patience}

// Timeouts for engines that fail: short, since the tests wait them out,
// but for the start, which some of these engines pass.
var short = Timeouts{Start: patience, Ready: 300 * time.Millisecond,
	Quit: 100 * time.Millisecond, Stop: 50 * time.Millisecond}

// quick is short with a short start too.
var quick = Timeouts{Start: 300 * time.Millisecond, Ready: 300 * time.Millisecond, Quit: 100 * time.Millisecond}

// pidFileEnv names a file where a fake engine writes the pid of the
// process it starts (modes orphan and parent).
const pidFileEnv = "MEEPLE_FAKE_PIDFILE"

func writePid(pid int) {
	if f := os.Getenv(pidFileEnv); f != "" {
		os.WriteFile(f, []byte(fmt.Sprint(pid)), 0o644)
	}
}

func fakeEngine(mode string) int {
	switch mode {
	case "meeple":
		return runMeeple()
	case "slow-start":
		time.Sleep(200 * time.Millisecond)
		return runMeeple()
	case "silent":
		io.Copy(io.Discard, os.Stdin)
		return 0
	case "linger": // a grandchild that holds the engine's pipes open
		time.Sleep(lingering)
		return 0
	case "parent": // starts a "linger" engine as a referee would, and waits to be killed
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), fakeEngineEnv+"=linger")
		prepareCommand(cmd)
		if err := cmd.Start(); err != nil {
			return 1
		}
		writePid(cmd.Process.Pid)
		time.Sleep(lingering)
		return 0
	case "gtp", "gtp-resign", "gtp-bad-id", "gtp-lacks":
		return gtpEngine(mode)
	case "meeple-gtp": // meeple engine --protocol gtp, with a small node budget
		if err := protocol.Run(context.Background(), os.Stdin, os.Stdout, protocol.Options{Dialect: "gtp", Stderr: os.Stderr, Limits: "nodes 200", Players: players.New}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	case "foreign": // speaks neither dialect
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			fmt.Printf("Unknown command: '%s'. Type help for more information.\n", sc.Text())
		}
		return 0
	}
	return scriptedEngine(mode)
}

func runMeeple() int {
	if err := protocol.Run(context.Background(), os.Stdin, os.Stdout, protocol.Options{Stderr: os.Stderr, Players: players.New}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// scriptedEngine is a minimal engine for both dialects whose search always
// plays a1, with the fault that mode names:
//
//	die-handshake  exits with status 3 on hello/ugi
//	crash-go       exits with status 3 after an info line of go
//	hang-go        hangs in go, deaf to everything (even end of input)
//	garbage        answers go with a line that is not protocol
//	long           answers go with a line longer than protocol.MaxLine
//	chatty         prints lines no dialect knows, among its replies
//	slow-go        answers go only when stopped
//	flood          writes 512 KiB to stderr on hello/ugi and on newgame
//	ignore-quit    hangs on quit and at end of input
//	bad-exit       exits with status 5 on quit
//	orphan         on quit, leaves a process holding its stdout and stderr
func scriptedEngine(mode string) int {
	out := bufio.NewWriter(os.Stdout)
	say := func(lines ...string) {
		for _, l := range lines {
			out.WriteString(l + "\n")
		}
		out.Flush()
	}
	hang := func() { time.Sleep(time.Hour) } // until the client kills it
	flood := func() {
		chunk := bytes.Repeat([]byte("flood of diagnostics\n"), 200)
		for n := 0; n < 512<<10; n += len(chunk) {
			os.Stderr.Write(chunk)
		}
	}
	ugi, searching, goID := false, false, ""
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		id, rest := protocol.SplitID(sc.Text())
		cmd, _ := protocol.CutWord(rest)
		ok := func(lines ...string) {
			if !ugi {
				lines = append(lines, protocol.Final("ok", id, ""))
			}
			say(lines...)
		}
		switch cmd {
		case "hello", "ugi":
			switch mode {
			case "die-handshake":
				return 3
			case "flood":
				flood()
			}
			ugi = cmd == "ugi"
			option := "option name Speed type spin default 1 min 1 max 9"
			if ugi {
				say("id name fake", "this is not ugi", option, "ugiok")
			} else {
				ok("protocol 1", "engine fake", option)
			}
		case "isready":
			if ugi {
				say("readyok")
			} else {
				ok()
			}
		case "newgame":
			if mode == "flood" {
				flood()
			}
			ok()
		case "setoption", "position":
			if mode == "chatty" {
				say("chatter after " + cmd)
			}
			if !ugi {
				ok()
			}
		case "uginewgame":
		case "go":
			switch mode {
			case "crash-go":
				say("info depth 1 score 5 nodes 10 pv a1")
				return 3
			case "hang-go":
				hang()
			case "garbage":
				say("info depth 1 score 5 nodes 10 pv a1", "hello world")
			case "long":
				say(strings.Repeat("x", protocol.MaxLine+1))
			case "slow-go":
				searching, goID = true, id
			case "chatty":
				ok("chatter", "info depth 2 score cp 7 nodes 20 pv a1 b1", "info string hello", "info depth x", "bestmove a1")
			default:
				ok("info depth 1 score 5 nodes 10 pv a1", "bestmove a1")
			}
		case "stop":
			if searching {
				say("bestmove a1")
				if !ugi {
					say(protocol.Final("ok", goID, ""))
				}
				searching = false
			}
			if !ugi {
				ok()
			}
		case "quit":
			switch mode {
			case "ignore-quit":
				hang()
			case "bad-exit":
				return 5
			case "orphan":
				cmd := exec.Command(os.Args[0])
				cmd.Env = append(os.Environ(), fakeEngineEnv+"=linger")
				cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
				cmd.Start()
				writePid(cmd.Process.Pid)
			}
			ok()
			return 0
		default:
			if !ugi {
				say(protocol.Final("err", id, "unknown-command "+cmd))
			}
		}
	}
	if mode == "ignore-quit" {
		hang()
	}
	return 0
}

// start starts an engine that must start, and closes it at the end of the
// test (Close's error is the test's to check, if it wants).
func start(t *testing.T, spec EngineSpec, to Timeouts) *Client {
	t.Helper()
	c, err := StartEngine(context.Background(), spec, nil, to)
	if err != nil {
		t.Fatalf("StartEngine: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// wantKind checks that err is an *EngineError of kind whose message holds
// text.
func wantKind(t *testing.T, err error, kind FailKind, text string) *EngineError {
	t.Helper()
	var ee *EngineError
	if !errors.As(err, &ee) {
		t.Fatalf("error %v (%T), want an *EngineError of kind %v", err, err, kind)
	}
	if ee.Kind != kind {
		t.Fatalf("error %q: kind %v, want %v", err, ee.Kind, kind)
	}
	if !strings.Contains(err.Error(), text) {
		t.Fatalf("error %q: want it to say %q", err, text)
	}
	return ee
}

// wantCode checks that err carries an error reply with code.
func wantCode(t *testing.T, err error, code protocol.Code) {
	t.Helper()
	wantKind(t, err, Protocol, string(code))
	var e *protocol.Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("error %q: want an error reply with code %s", err, code)
	}
}

// TestClientMeeple drives the real engine session end to end, in both
// dialects, on variants of one to three dimensions.
func TestClientMeeple(t *testing.T) {
	variants := []string{"tictactoe", "connect4", "kinarow(connect=4,dims=3,exact=false,gravity=0,size=4)"}
	for _, dialect := range []string{"native", "ugi"} {
		for _, variant := range variants {
			t.Run(dialect+"/"+variant, func(t *testing.T) {
				ctx := context.Background()
				c := start(t, fakeSpec("meeple", dialect,
					EngineOption{"Hash", "1"}, EngineOption{"algorithm", "alphabeta"}), roomy)
				if c.Dialect() != dialect || c.ID() != "meeple "+version.String() || c.Name() != "meeple" {
					t.Fatalf("Dialect, ID, Name = %q, %q, %q", c.Dialect(), c.ID(), c.Name())
				}
				if err := c.NewGame(ctx, variant); err != nil {
					t.Fatalf("NewGame: %v", err)
				}
				var infos []GoReply
				rep, err := c.Go(ctx, GoRequest{Depth: 3, Deadline: patience, Info: func(r GoReply) { infos = append(infos, r) }})
				if err != nil {
					t.Fatalf("go depth 3: %v", err)
				}
				if rep.Move == "" || rep.Depth != 3 || !rep.HasScore || len(rep.PV) == 0 || rep.Nodes == 0 || rep.Elapsed <= 0 {
					t.Fatalf("go depth 3: %+v", rep)
				}
				if len(infos) == 0 || infos[len(infos)-1].Depth != rep.Depth || infos[len(infos)-1].Move != "" {
					t.Fatalf("go depth 3: Info saw %+v; want the replies so far, the last at depth %d", infos, rep.Depth)
				}
				moves := []string{rep.Move}
				for _, req := range []GoRequest{
					{Moves: moves, Time: []time.Duration{300 * time.Millisecond, 200 * time.Millisecond},
						Inc: []time.Duration{10 * time.Millisecond, 10 * time.Millisecond}, Deadline: patience},
					{Moves: moves, Time: []time.Duration{time.Second, time.Second}, MovesToGo: 20, Deadline: patience},
					{Moves: moves, MoveTime: 20 * time.Millisecond, Deadline: patience},
					{Moves: moves, Nodes: 200},
				} {
					rep, err := c.Go(ctx, req)
					if err != nil {
						t.Fatalf("go %+v: %v", req, err)
					}
					if rep.Move == "" {
						t.Fatalf("go %+v: bestmove %q after %v", req, rep.Move, moves)
					}
				}
				if err := c.IsReady(ctx); err != nil {
					t.Fatalf("IsReady: %v", err)
				}
				if err := c.Close(); err != nil {
					t.Fatalf("Close: %v", err)
				}
				if !c.Exited() {
					t.Fatal("Exited is false after Close")
				}
				if err := c.Close(); err != nil {
					t.Fatalf("second Close: %v", err)
				}
				if err := c.IsReady(ctx); err == nil {
					t.Fatal("IsReady after Close: no error")
				}
			})
		}
	}
}

// TestClientScores: a forced win is read as a mate score, from the start
// position with moves, from a position string, and from both.
func TestClientScores(t *testing.T) {
	win := []string{"a1", "a2", "b1", "b2"} // x to move wins at c1
	for _, dialect := range []string{"native", "ugi"} {
		c := start(t, fakeSpec("meeple", dialect), roomy)
		for _, req := range []GoRequest{
			{Moves: win, Depth: 3},
			{Position: "3/3/3 x", Moves: win, Depth: 3},
			{Position: "3/oo1/xx1  x", Depth: 3},
		} {
			t.Run(fmt.Sprintf("%s/%q", dialect, req.Position), func(t *testing.T) {
				rep, err := c.Go(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				// Native counts plies, ugi moves: a win at once is 1 in both.
				if rep.Move != "c1" || rep.Mate != 1 || rep.Score != 0 || !rep.HasScore || len(rep.PV) == 0 || rep.PV[0] != "c1" {
					t.Fatalf("%+v: want c1 and mate 1", rep)
				}
			})
		}
	}
}

// TestClientEngineErrors: the engine's error replies are Protocol failures
// with its code, and the client goes on.
func TestClientEngineErrors(t *testing.T) {
	ctx := context.Background()
	for _, dialect := range []string{"native", "ugi"} {
		t.Run(dialect, func(t *testing.T) {
			c := start(t, fakeSpec("meeple", dialect), roomy)
			wantCode(t, c.NewGame(ctx, "tictactoc"), protocol.BadVariant)
			if err := c.NewGame(ctx, "connect4"); err != nil {
				t.Fatalf("NewGame after an error: %v", err)
			}
			_, err := c.Go(ctx, GoRequest{Moves: []string{"d", "z"}, Depth: 1})
			wantCode(t, err, protocol.IllegalMove)
			if rep, err := c.Go(ctx, GoRequest{Moves: []string{"d"}, Depth: 1}); err != nil || rep.Move == "" {
				t.Fatalf("go after an error: %+v, %v", rep, err)
			}
			over := GoRequest{Moves: []string{"a", "b", "a", "b", "a", "b", "a"}, Depth: 1}
			rep, err := c.Go(ctx, over)
			if dialect == "native" {
				wantCode(t, err, protocol.GameOver)
			} else if err != nil || rep.Move != "0000" {
				t.Fatalf("ugi go on a finished game: %+v, %v; want bestmove 0000", rep, err)
			}
			if err := c.IsReady(ctx); err != nil {
				t.Fatalf("IsReady after errors: %v", err)
			}
		})
	}
}

// TestClientStartup: every way a start can fail is a Startup error, and
// an engine that is slow to start but within the timeout works.
func TestClientStartup(t *testing.T) {
	tests := []struct {
		name string
		spec EngineSpec
		to   Timeouts
		want string // "" for a start that works
	}{
		{"no handshake", fakeSpec("silent", "native"), quick, "no reply within 300ms"},
		{"no ugi handshake", fakeSpec("silent", "ugi"), quick, "no reply within 300ms"},
		{"foreign engine", fakeSpec("foreign", "native"), short, "is not a protocol line"},
		{"foreign engine ugi", fakeSpec("foreign", "ugi"), quick, "no reply within 300ms"},
		{"exits in handshake", fakeSpec("die-handshake", "native"), short, "exit status 3"},
		{"exits in ugi handshake", fakeSpec("die-handshake", "ugi"), short, "exit status 3"},
		{"no such program", EngineSpec{Cmd: []string{"meeple-no-such-engine"}}, short, "meeple-no-such-engine"},
		{"no command", EngineSpec{Name: "empty"}, short, "no command"},
		{"uci", fakeSpec("meeple", "uci"), roomy, ""},
		{"unknown dialect", fakeSpec("meeple", "xboard"), short, `unknown dialect "xboard"`},
		{"option not listed", fakeSpec("meeple", "native", EngineOption{"Colour", "red"}), roomy, `no option "Colour"`},
		{"option not listed ugi", fakeSpec("meeple", "ugi", EngineOption{"Colour", "red"}), roomy, `no option "Colour"`},
		{"bad option value", fakeSpec("meeple", "native", EngineOption{"Hash", "lots"}), roomy, "bad-option"},
		{"bad option value ugi", fakeSpec("meeple", "ugi", EngineOption{"Hash", "lots"}), roomy, "bad-option"},
		{"option on two lines", fakeSpec("meeple", "native", EngineOption{"Hash", "1\nquit"}), roomy, "one line"},
		{"slow start", fakeSpec("slow-start", "native"), Timeouts{Start: patience, Ready: 50 * time.Millisecond}, ""},
		{"slow start ugi", fakeSpec("slow-start", "ugi"), Timeouts{Start: patience, Ready: 50 * time.Millisecond}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := StartEngine(context.Background(), tt.spec, nil, tt.to)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("StartEngine: %v", err)
				}
				if err := c.Close(); err != nil {
					t.Fatalf("Close: %v", err)
				}
				return
			}
			if c != nil {
				c.Close()
			}
			wantKind(t, err, Startup, tt.want)
		})
	}
	t.Run("context", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		defer cancel()
		_, err := StartEngine(ctx, fakeSpec("silent", "native"), nil, roomy)
		wantKind(t, err, Startup, "interrupted")
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%v: want it to wrap the context's error", err)
		}
	})
}

// TestClientFaults: a crash, a stall or a protocol error during a game is
// an *EngineError of its kind, and Close always returns. Only the hang
// waits out its short deadline; the other faults come well within
// patience (a crash or a bad line after a short deadline would be a stall).
func TestClientFaults(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		mode, dialect string
		kind          FailKind
		want          string
	}{
		{"crash-go", "native", Crash, "exit status 3"},
		{"crash-go", "ugi", Crash, "exit status 3"},
		{"hang-go", "native", Stall, "no bestmove within 100ms"},
		{"hang-go", "ugi", Stall, "no bestmove within 100ms"},
		{"garbage", "native", Protocol, `"hello world" is not a reply to go`},
		{"long", "native", Protocol, "longer than 65536 bytes"},
		{"long", "ugi", Protocol, "longer than 65536 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.mode+"/"+tt.dialect, func(t *testing.T) {
			c := start(t, fakeSpec(tt.mode, tt.dialect), short)
			search := GoRequest{Depth: 1, Deadline: patience}
			if tt.kind == Stall {
				search.Deadline = 100 * time.Millisecond
			}
			_, err := c.Go(ctx, search)
			wantKind(t, err, tt.kind, tt.want)
			// The client is unusable now, with the same kind.
			wantKind(t, c.IsReady(ctx), tt.kind, "earlier failure")
			done := make(chan error, 1)
			go func() { done <- c.Close() }()
			select {
			case err := <-done:
				if tt.mode == "hang-go" {
					wantKind(t, err, Stall, "killed")
				}
			case <-time.After(patience):
				t.Fatal("Close did not return")
			}
			if !c.Exited() {
				t.Fatal("Exited is false after Close")
			}
		})
	}
}

// TestClientIgnoresUnknownUGI: a UGI engine's lines that the client does
// not know are skipped, as UCI GUIs do, while native ones are errors.
func TestClientIgnoresUnknownUGI(t *testing.T) {
	ctx := context.Background()
	c := start(t, fakeSpec("chatty", "ugi"), roomy)
	if c.ID() != "fake" {
		t.Fatalf("ID %q, want fake", c.ID())
	}
	if err := c.NewGame(ctx, "tictactoe"); err != nil {
		t.Fatal(err)
	}
	rep, err := c.Go(ctx, GoRequest{Moves: []string{"b2"}, Depth: 2, Deadline: patience})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Move != "a1" || rep.Depth != 2 || rep.Score != 7 || strings.Join(rep.PV, " ") != "a1 b1" || rep.Nodes != 20 {
		t.Fatalf("%+v", rep)
	}
}

// TestClientStopsAtDeadline: at the deadline the client sends stop; a
// bestmove within the grace is the reply, and the client goes on.
func TestClientStopsAtDeadline(t *testing.T) {
	ctx := context.Background()
	for _, dialect := range []string{"native", "ugi"} {
		t.Run(dialect, func(t *testing.T) {
			c := start(t, fakeSpec("slow-go", dialect), Timeouts{Stop: patience})
			rep, err := c.Go(ctx, GoRequest{Depth: 1, Deadline: 50 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Move != "a1" || rep.Elapsed < 50*time.Millisecond {
				t.Fatalf("%+v: want a1 after the deadline", rep)
			}
			if err := c.IsReady(ctx); err != nil {
				t.Fatalf("IsReady after a stopped search: %v", err)
			}
			// The end of ctx stops a search the same way.
			cctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
			defer cancel()
			_, err = c.Go(cctx, GoRequest{Depth: 1})
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("go with a context that ends: %v, want the context's error", err)
			}
			if err := c.IsReady(ctx); err != nil {
				t.Fatalf("IsReady after an interrupted search: %v", err)
			}
		})
	}
}

// TestClientClose: Close kills an engine that ignores quit, reports an
// abnormal exit, and aborts a search in progress.
func TestClientClose(t *testing.T) {
	t.Run("ignores quit", func(t *testing.T) {
		c := start(t, fakeSpec("ignore-quit", "native"), short)
		wantKind(t, c.Close(), Stall, "killed")
		if !c.Exited() {
			t.Fatal("Exited is false after Close")
		}
	})
	t.Run("bad exit", func(t *testing.T) {
		c := start(t, fakeSpec("bad-exit", "ugi"), roomy) // it exits by itself: the quit timeout is not waited out
		wantKind(t, c.Close(), Crash, "exit status 5")
		wantKind(t, c.Close(), Crash, "exit status 5") // the same again
	})
	t.Run("pipes held by an orphan", func(t *testing.T) {
		// roomy: it exits by itself, and Close must not wait for its
		// orphan even with time to spare.
		c := start(t, fakeSpec("orphan", "native"), roomy)
		begin := time.Now()
		if err := c.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
		// Not a speed test: Close must not wait for the orphan to end.
		if d := time.Since(begin); d >= lingering*2/3 {
			t.Fatalf("Close took %v: it waited for the orphan holding the pipes", d)
		}
	})
	t.Run("during go", func(t *testing.T) {
		c := start(t, fakeSpec("hang-go", "native"), short)
		done := make(chan error, 1)
		go func() {
			_, err := c.Go(context.Background(), GoRequest{Depth: 1})
			done <- err
		}()
		time.Sleep(50 * time.Millisecond)
		c.Close()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "closed") {
				t.Fatalf("go during Close: %v, want the client closed", err)
			}
		case <-time.After(patience):
			t.Fatal("go did not return after Close")
		}
	})
}

// TestClientBadRequests: what cannot be sent as one line is refused before
// anything is sent.
func TestClientBadRequests(t *testing.T) {
	ctx := context.Background()
	c := start(t, fakeSpec("meeple", "native"), roomy)
	for _, req := range []GoRequest{
		{Moves: []string{"b2\nquit"}},
		{Moves: []string{"b2 a1"}},
		{Moves: []string{""}},
		{Position: "3/3/3 x\nquit"},
		{Position: "3/3/3 x moves b2"},
	} {
		if _, err := c.Go(ctx, req); err == nil {
			t.Errorf("go %+v: no error", req)
		}
	}
	for _, v := range []string{"", "tictactoe\nquit"} {
		if err := c.NewGame(ctx, v); err == nil {
			t.Errorf("newgame %q: no error", v)
		}
	}
	if err := c.IsReady(ctx); err != nil {
		t.Fatalf("IsReady after refused requests: %v", err)
	}
}

// gatedWriter blocks every Write until its gate opens.
type gatedWriter struct {
	gate chan struct{}
	mu   sync.Mutex
	buf  bytes.Buffer
}

func (w *gatedWriter) Write(p []byte) (int, error) {
	<-w.gate
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *gatedWriter) bytes() []byte {
	w.mu.Lock()
	defer w.mu.Unlock()
	return bytes.Clone(w.buf.Bytes())
}

// TestClientStderr: an engine flooding stderr is not blocked by a writer
// that does not write, and each writer gets at most the limit and one note.
func TestClientStderr(t *testing.T) {
	const limit = 256 << 10
	ctx := context.Background()
	spec := fakeSpec("flood", "native")
	spec.StderrLimit = limit
	first := &gatedWriter{gate: make(chan struct{})}
	c, err := StartEngine(ctx, spec, first, Timeouts{Start: patience, Ready: patience})
	if err != nil {
		t.Fatalf("StartEngine with a blocked stderr writer: %v", err)
	}
	defer c.Close()
	close(first.gate)
	second := &gatedWriter{gate: make(chan struct{})}
	close(second.gate)
	c.SetStderr(second)
	if err := c.NewGame(ctx, "tictactoe"); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	for i, w := range []*gatedWriter{first, second} {
		b := w.bytes()
		notes := bytes.Count(b, []byte("[stderr truncated after 262144 bytes]"))
		if len(b) > limit+1024 || notes != 1 {
			t.Errorf("writer %d: %d bytes with %d truncation notes; want at most %d and 1", i+1, len(b), notes, limit)
		}
	}
	if !bytes.Contains(first.bytes(), []byte("bytes dropped")) {
		t.Errorf("the blocked writer has no note of dropped bytes")
	}
}

// TestStderrSink: put never blocks, whatever the writer does.
func TestStderrSink(t *testing.T) {
	w := &gatedWriter{gate: make(chan struct{})}
	s := newStderrSink(w, 100<<10)
	line := []byte("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n")
	for range 1 << 12 { // 256 KiB
		s.put(line)
	}
	close(w.gate)
	s.finish(patience)
	b := w.bytes()
	if len(b) > 100<<10+200 || !bytes.HasPrefix(b, line) || bytes.Count(b, []byte("[stderr truncated")) != 1 {
		t.Fatalf("%d bytes, %d truncation notes", len(b), bytes.Count(b, []byte("[stderr truncated")))
	}
	s.put(line) // after finish: dropped
	s.finish(patience)
	if len(w.bytes()) != len(b) {
		t.Fatal("put after finish reached the writer")
	}
	newStderrSink(nil, 10).put(line) // nil: discarded
}

func TestGoArgs(t *testing.T) {
	ms := time.Millisecond
	full := GoRequest{Time: []time.Duration{1000 * ms, 0}, Inc: []time.Duration{10 * ms, -ms},
		MovesToGo: 5, MoveTime: 100 * ms, Depth: 3, Nodes: 1000}
	tests := []struct {
		req   GoRequest
		clock func(int, bool) string
		want  string
	}{
		{GoRequest{}, nativeClock, "go"},
		{full, nativeClock, "go time p1 1000 time p2 1 inc p1 10 inc p2 0 movestogo 5 movetime 100 depth 3 nodes 1000"},
		{full, ugiWords.clock, "go p1time 1000 p2time 1 p1inc 10 p2inc 0 movestogo 5 movetime 100 depth 3 nodes 1000"},
		{GoRequest{MoveTime: ms / 2}, nativeClock, "go movetime 1"},
	}
	for _, tt := range tests {
		if got := goArgs(tt.req, tt.clock); got != tt.want {
			t.Errorf("goArgs(%+v) = %q, want %q", tt.req, got, tt.want)
		}
	}
}

func TestAddInfo(t *testing.T) {
	tests := []struct {
		lines []string
		want  GoReply
		bad   bool // the last line is an error
	}{
		{[]string{"depth 3 seldepth 4 score 140 nodes 147 nps 9 time 0 pv b2 a1 c3"},
			GoReply{Depth: 3, Score: 140, HasScore: true, Nodes: 147, PV: []string{"b2", "a1", "c3"}}, false},
		{[]string{"depth 2 score cp -4 lowerbound nodes 8", "depth 3 score mate -2 nodes 9"},
			GoReply{Depth: 3, Mate: -2, HasScore: true, Nodes: 9}, false},
		{[]string{"depth 5 score cp 10 pv a1", "depth 6 currmove b1 currmovenumber 2", "string depth 9 nonsense"},
			GoReply{Depth: 6, Score: 10, HasScore: true, PV: []string{"a1"}}, false},
		{[]string{"depth 5 score cp 10 pv a1", "multipv 2 depth 5 score cp 3 pv b1", "hashfull 10 newkey 3"},
			GoReply{Depth: 5, Score: 10, HasScore: true, PV: []string{"a1"}}, false},
		{[]string{"depth 4", "depth x score 3"}, GoReply{Depth: 4}, true},
		{[]string{"score mate"}, GoReply{}, true},
		{[]string{"nodes 1e6"}, GoReply{}, true},
	}
	for _, tt := range tests {
		var r GoReply
		var err error
		for _, l := range tt.lines {
			err = r.addInfo(l)
		}
		if (err != nil) != tt.bad || fmt.Sprint(r) != fmt.Sprint(tt.want) {
			t.Errorf("%q: %+v, %v; want %+v (error %t)", tt.lines, r, err, tt.want, tt.bad)
		}
	}
}

func TestFailKindString(t *testing.T) {
	for k, want := range map[FailKind]string{Startup: "startup", Crash: "crash", Stall: "stall", Protocol: "protocol", 0: "FailKind(0)"} {
		if k.String() != want {
			t.Errorf("%d: %q, want %q", int(k), k.String(), want)
		}
	}
	err := &EngineError{Engine: "x", Kind: Stall, Err: io.ErrUnexpectedEOF}
	if err.Error() != "engine x: stall: unexpected EOF" || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("%v", err)
	}
}

// TestClientGoroutines runs after the other client tests (and checks
// whatever ran before it): once every client is closed, none of its
// goroutines is left.
func TestClientGoroutines(t *testing.T) {
	c := start(t, fakeSpec("hang-go", "ugi"), short)
	c.Go(context.Background(), GoRequest{Depth: 1, Deadline: 10 * time.Millisecond})
	c.SetStderr(io.Discard)
	c.Close()
	deadline := time.Now().Add(patience)
	for {
		buf := make([]byte, 1<<20)
		stacks := string(buf[:runtime.Stack(buf, true)])
		var left []string
		for _, g := range strings.Split(stacks, "\n\n") {
			if strings.Contains(g, "protocol.(*Client)") || strings.Contains(g, "protocol.(*stderr") {
				left = append(left, g)
			}
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d client goroutines left after Close:\n%s", len(left), strings.Join(left, "\n\n"))
		}
		time.Sleep(10 * time.Millisecond)
	}
}
