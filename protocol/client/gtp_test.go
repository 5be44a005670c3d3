package client

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
	"github.com/meeple-games/meeple/protocol"
)

// gtpEngine is a scripted GTP engine for Othello (TestMain runs it with
// MEEPLE_FAKE_ENGINE=gtp...): genmove plays the first legal square, and
// every command is checked against the rules, so a client that sends a
// move for the wrong colour or out of order gets "? ...". Modes:
//
//	gtp         as above
//	gtp-resign  genmove answers resign
//	gtp-bad-id  genmove answers with another request's id
//	gtp-lacks   list_commands leaves out genmove
func gtpEngine(mode string) int {
	out := bufio.NewWriter(os.Stdout)
	reply := func(id, text string) {
		fmt.Fprintf(out, "=%s %s\n\n", id, text)
		out.Flush()
	}
	fail := func(id, text string) {
		fmt.Fprintf(out, "?%s %s\n\n", id, text)
		out.Flush()
	}
	var st games.State
	var g games.Game
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		id, rest := protocol.SplitID(sc.Text())
		cmd, args := protocol.CutWord(rest)
		switch cmd {
		case "protocol_version":
			reply(id, "2")
		case "name":
			reply(id, "fakegtp")
		case "version":
			reply(id, "1.0")
		case "list_commands":
			cmds := "protocol_version\nname\nversion\nlist_commands\nboardsize\nclear_board\nplay\ngenmove\nquit"
			if mode == "gtp-lacks" {
				cmds = strings.Replace(cmds, "genmove\n", "", 1)
			}
			reply(id, cmds)
		case "boardsize":
			v, err := games.LoadVariant("othello(size=" + args + ")")
			if err != nil {
				fail(id, "unacceptable size")
				continue
			}
			g, st = v.Game, nil
			reply(id, "")
		case "clear_board":
			st = g.NewState()
			reply(id, "")
		case "play", "genmove":
			colour, vertex := protocol.CutWord(args)
			if st == nil || colour != protocol.GTPColour(st.Player()) {
				fail(id, "wrong colour")
				continue
			}
			if cmd == "genmove" {
				switch mode {
				case "gtp-resign":
					reply(id, "resign")
					continue
				case "gtp-bad-id":
					reply(id+"7", "C4")
					continue
				}
				m := st.LegalMoves(nil)[0]
				vertex = strings.ToUpper(st.FormatMove(m))
				st.Play(m)
				reply(id, vertex)
				continue
			}
			m, err := games.ParseLegal(st, strings.ToLower(vertex))
			if err != nil {
				fail(id, "illegal move")
				continue
			}
			st.Play(m)
			reply(id, "")
		case "quit":
			reply(id, "")
			return 0
		default:
			fail(id, "unknown command")
		}
	}
	return 0
}

// startGTP starts a GTP engine for Othello and its first game.
func startGTP(t *testing.T, spec EngineSpec) *Client {
	t.Helper()
	c, err := StartEngine(context.Background(), spec, nil, roomy)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.NewGame(context.Background(), "othello"); err != nil {
		t.Fatal(err)
	}
	return c
}

// playGTPGame plays a game of Othello with c: the engine moves for the
// seats in engineSeats, the first legal square for the others. Every
// move is checked against the rules. It returns the moves.
func playGTPGame(t *testing.T, c *Client, engineSeats ...int) []string {
	t.Helper()
	st := gametest.Load[games.Game](t, "othello").NewState()
	var moves []string
	for st.Player() >= 0 {
		var text string
		if slices.Contains(engineSeats, st.Player()) {
			rep, err := c.Go(context.Background(), GoRequest{Moves: moves, Deadline: patience})
			if err != nil {
				t.Fatalf("after %v: %v", moves, err)
			}
			text = rep.Move
		} else {
			text = st.FormatMove(st.LegalMoves(nil)[0])
		}
		m, err := games.ParseLegal(st, text)
		if err != nil {
			t.Fatalf("after %v: %v", moves, err)
		}
		st.Play(m)
		moves = append(moves, st.FormatMove(m))
	}
	return moves
}

func TestClientGTP(t *testing.T) {
	c := startGTP(t, fakeSpec("gtp", "gtp"))
	if c.ID() != "fakegtp 1.0" || c.Dialect() != "gtp" {
		t.Errorf("id %q dialect %q", c.ID(), c.Dialect())
	}
	// The engine as white, then as both: the client sends the other
	// side's moves with play, the colour right, passes included.
	first := playGTPGame(t, c, 1)
	if err := c.NewGame(context.Background(), "othello"); err != nil {
		t.Fatal(err)
	}
	both := playGTPGame(t, c, 0, 1)
	if len(first) < 20 || len(both) < 20 {
		t.Errorf("games of %d and %d plies", len(first), len(both))
	}
	// Moves that do not extend the engine's board: it starts over.
	st := gametest.Load[games.Game](t, "othello").NewState()
	for _, m := range []string{"f5", "f6"} {
		mv, _ := games.ParseLegal(st, m)
		st.Play(mv)
	}
	want := st.FormatMove(st.LegalMoves(nil)[0])
	rep, err := c.Go(context.Background(), GoRequest{Moves: []string{"f5", "f6"}, Deadline: patience})
	if err != nil || rep.Move != want {
		t.Errorf("after f5 f6: %q, %v; want %s (the first legal square)", rep.Move, err, want)
	}
	if _, err := c.Go(context.Background(), GoRequest{Position: "anything", Deadline: patience}); err == nil {
		t.Error("a position string went to a GTP engine")
	}
	if err := c.NewGame(context.Background(), "chess"); err == nil {
		t.Error("a GTP engine took a chess game")
	}
}

func TestClientGTPFaults(t *testing.T) {
	c := startGTP(t, fakeSpec("gtp-resign", "gtp"))
	rep, err := c.Go(context.Background(), GoRequest{Deadline: patience})
	if err != nil || !rep.Resign {
		t.Errorf("resign: %+v, %v", rep, err)
	}
	c = startGTP(t, fakeSpec("gtp-bad-id", "gtp"))
	_, err = c.Go(context.Background(), GoRequest{Deadline: patience})
	wantKind(t, err, Protocol, "is not for request")
	if _, err := StartEngine(context.Background(), fakeSpec("gtp-lacks", "gtp"), nil, roomy); err == nil || !strings.Contains(err.Error(), "genmove") {
		t.Errorf("an engine without genmove: %v", err)
	}
	if _, err := StartEngine(context.Background(), fakeSpec("gtp", "gtp", EngineOption{"Level", "3"}), nil, roomy); err == nil {
		t.Error("an option went to a GTP engine")
	}
}

// TestClientGTPRhino plays a game against a real GTP engine: gtp-rhino
// from Debian's grhino package, at its weakest level.
func TestClientGTPRhino(t *testing.T) {
	path := peer(t, "gtp-rhino", "grhino")
	c := startGTP(t, EngineSpec{Name: "rhino", Cmd: []string{path, "--level=1"}, Dialect: "gtp"})
	if !strings.Contains(c.ID(), "GRhino") {
		t.Errorf("id %q", c.ID())
	}
	for seat := range 2 {
		if err := c.NewGame(context.Background(), "othello"); err != nil {
			t.Fatal(err)
		}
		moves := playGTPGame(t, c, seat)
		t.Logf("rhino as seat %d: %d plies", seat+1, len(moves))
	}
}

// peersEnv, when set, turns a missing peer engine into a failure (CI
// sets it where it installs them).
const peersEnv = "MEEPLE_REQUIRE_PEERS"

// peer returns the path of a program from a Debian package (in
// /usr/games or on PATH), or skips the test; with MEEPLE_REQUIRE_PEERS set
// a missing one fails it.
func peer(t *testing.T, program, pkg string) string {
	t.Helper()
	if p, err := exec.LookPath("/usr/games/" + program); err == nil {
		return p
	}
	if p, err := exec.LookPath(program); err == nil {
		return p
	}
	if os.Getenv(peersEnv) != "" {
		t.Fatalf("%s is set and %s is not installed (apt-get install %s)", peersEnv, program, pkg)
	}
	t.Skipf("%s is not installed (apt-get install %s)", program, pkg)
	return ""
}
