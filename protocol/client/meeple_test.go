package client

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
	"github.com/meeple-games/meeple/internal/version"
)

// meeple's own dialects, and real peers, driven through the client.

// clientGame plays plies moves of a game through c, each checked legal
// by the chess rules, and returns them.
func clientGame(t *testing.T, c *Client, variant string, plies int, req func(ply int) GoRequest) []string {
	t.Helper()
	ctx := context.Background()
	if err := c.NewGame(ctx, variant); err != nil {
		t.Fatalf("NewGame %s: %v", variant, err)
	}
	v, err := games.LoadVariant(variant)
	if err != nil {
		t.Fatal(err)
	}
	st := v.Game.NewState()
	start := st.Position() // Chess960: UCI's startpos is the standard array
	if variant == "chess" {
		start = ""
	}
	var moves []string
	for ply := range plies {
		r := req(ply)
		r.Position, r.Moves = start, moves
		rep, err := c.Go(ctx, r)
		if err != nil {
			t.Fatalf("ply %d (%v): %v", ply+1, moves, err)
		}
		mv, err := games.ParseLegal(st, rep.Move)
		if err != nil {
			t.Fatalf("ply %d (%v): bestmove %q: %v", ply+1, moves, rep.Move, err)
		}
		if !rep.HasScore || rep.Depth == 0 {
			t.Errorf("ply %d: reply %+v", ply+1, rep)
		}
		st.Play(mv)
		moves = append(moves, rep.Move)
		if st.Player() == games.Terminal {
			break
		}
	}
	return moves
}

// TestClientUCI drives meeple's uci dialect through the client, in chess
// and Chess960.
func TestClientUCI(t *testing.T) {
	c := start(t, fakeSpec("meeple", "uci", EngineOption{"Hash", "1"}), roomy)
	if c.Dialect() != "uci" || c.ID() != "meeple "+version.String() {
		t.Fatalf("Dialect, ID = %q, %q", c.Dialect(), c.ID())
	}
	reqs := func(ply int) GoRequest {
		switch ply % 3 {
		case 0:
			return GoRequest{Depth: 2, Deadline: patience}
		case 1:
			return GoRequest{Time: []time.Duration{time.Second, time.Second},
				Inc: []time.Duration{10 * time.Millisecond, 10 * time.Millisecond}, Deadline: patience}
		}
		return GoRequest{Nodes: 500, Deadline: patience}
	}
	for _, variant := range []string{"chess", "chess960", "chess960(number=42)"} {
		t.Run(variant, func(t *testing.T) {
			clientGame(t, c, variant, 6, reqs)
		})
	}
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}

// TestClientStockfish plays a few moves of chess and Chess960 against
// Stockfish through the client, at depth 5 and at 50 ms a move.
func TestClientStockfish(t *testing.T) {
	path := peer(t, "stockfish", "stockfish")
	c := start(t, EngineSpec{Cmd: []string{path}, Dialect: "uci",
		Options: []EngineOption{{"Hash", "16"}, {"Threads", "1"}}}, roomy)
	if !strings.HasPrefix(c.ID(), "Stockfish") || !c.hasOption("UCI_Chess960") {
		t.Fatalf("ID %q, options %q", c.ID(), c.options)
	}
	reqs := func(ply int) GoRequest {
		if ply%2 == 0 {
			return GoRequest{Depth: 5, Deadline: patience}
		}
		return GoRequest{MoveTime: 50 * time.Millisecond, Deadline: patience}
	}
	for _, variant := range []string{"chess", "chess960"} {
		t.Run(variant, func(t *testing.T) {
			moves := clientGame(t, c, variant, 6, reqs)
			if variant == "chess960" && slices.Contains(moves, "e1g1") {
				t.Errorf("chess960: %v", moves)
			}
		})
	}
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}

// TestUCIClientPosition: the uci client sends plain FEN (six fields), the
// clocks as wtime/btime/winc/binc and UCI_Chess960 for Chess960.
func TestUCIClientPosition(t *testing.T) {
	if got := goArgs(GoRequest{Time: []time.Duration{time.Second, 2 * time.Second},
		Inc: []time.Duration{10 * time.Millisecond, 0}, MovesToGo: 5}, uciWords.clock); got != "go wtime 1000 btime 2000 winc 10 binc 0 movestogo 5" {
		t.Errorf("goArgs = %q", got)
	}
	// A position string with a repetition count (as chess's Position
	// writes it) is sent as its six FEN fields.
	c := start(t, fakeSpec("meeple", "uci"), roomy)
	ctx := context.Background()
	if err := c.NewGame(ctx, "chess"); err != nil {
		t.Fatal(err)
	}
	rep, err := c.Go(ctx, GoRequest{Position: "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 2", Depth: 1, Deadline: patience})
	if err != nil || rep.Move == "" {
		t.Fatalf("go from a seven-field position: %+v, %v", rep, err)
	}
	// A start that is not the standard array goes as a FEN: the engine's
	// move is one of that position's (a rook or king move here).
	const start = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
	rep, err = c.Go(ctx, GoRequest{Start: start, Moves: []string{"a1a2", "e8d8"}, Depth: 1, Deadline: patience})
	if err != nil {
		t.Fatal(err)
	}
	g, _ := games.LoadVariant("chess")
	st, _ := g.Game.ParseState(start)
	for _, m := range []string{"a1a2", "e8d8", rep.Move} {
		mv, err := games.ParseLegal(st, m)
		if err != nil {
			t.Fatalf("go from a start FEN: bestmove %q: %v (was the start sent?)", rep.Move, err)
		}
		st.Play(mv)
	}
	// Chess960 needs the start: without it there is nothing to send.
	if err := c.NewGame(ctx, "chess960(number=0)"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Go(ctx, GoRequest{Depth: 1, Deadline: patience}); err == nil || !strings.Contains(err.Error(), "GoRequest.Start") {
		t.Errorf("chess960 go with no start: %v; want an error naming GoRequest.Start", err)
	}
	if _, err := c.Go(ctx, GoRequest{Start: "8/8/8/8/8/8/8/K1k5 w - - 0 1\nquit", Depth: 1}); err == nil {
		t.Error("go with a two-line start: no error")
	}
}

// playClients plays a game of variant between GTP engines, seat i played
// by clients[i], as the referee does: every move checked against its own
// state. It returns the moves; the game must end normally.
func playClients(t *testing.T, variant string, clients [2]*Client) []string {
	t.Helper()
	for _, c := range clients {
		if err := c.NewGame(context.Background(), variant); err != nil {
			t.Fatal(err)
		}
	}
	st := gametest.Load[games.Game](t, variant).NewState()
	var moves []string
	for st.Player() >= 0 {
		rep, err := clients[st.Player()].Go(context.Background(), GoRequest{Moves: moves, Deadline: patience})
		if err != nil {
			t.Fatalf("after %v: %v", moves, err)
		}
		if rep.Resign {
			t.Fatalf("after %v: resigned", moves)
		}
		m, err := games.ParseLegal(st, rep.Move)
		if err != nil {
			t.Fatalf("after %v: %v", moves, err)
		}
		st.Play(m)
		moves = append(moves, st.FormatMove(m))
	}
	if st.EndReason() == "" {
		t.Errorf("game over with no reason after %v", moves)
	}
	return moves
}

// TestGTPClientMeeple: the referee's GTP client plays meeple's GTP engine
// (a process: this test binary as meeple engine --protocol gtp) against
// itself and against gtp-rhino, both colours, every game to its end.
func TestGTPClientMeeple(t *testing.T) {
	meeple := func() *Client {
		c, err := StartEngine(context.Background(), fakeSpec("meeple-gtp", "gtp"), nil, roomy)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	a, b := meeple(), meeple()
	if a.ID() != "meeple "+version.String() || a.Dialect() != "gtp" {
		t.Errorf("id %q dialect %q", a.ID(), a.Dialect())
	}
	for _, variant := range []string{"othello", "othello-6x6", "tictactoe", "gomoku"} {
		moves := playClients(t, variant, [2]*Client{a, b})
		t.Logf("meeple against meeple, %s: %d plies", variant, len(moves))
	}
	t.Run("rhino", func(t *testing.T) {
		path := peer(t, "gtp-rhino", "grhino")
		rhino, err := StartEngine(context.Background(), EngineSpec{Name: "rhino", Cmd: []string{path, "--level=1"}, Dialect: "gtp"}, nil, roomy)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { rhino.Close() })
		for i, seats := range [][2]*Client{{a, rhino}, {rhino, a}} {
			moves := playClients(t, "othello", seats)
			t.Logf("game %d: %d plies", i+1, len(moves))
		}
	})
}
