package protocol

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
	"github.com/meeple-games/meeple/internal/search"
)

// gtpSession is a GTP session driven one command at a time.
type gtpSession struct {
	*pipeSession
}

func startGTPSession(t *testing.T, o Options) *gtpSession {
	t.Helper()
	if o.Dialect == "" {
		o.Dialect = "gtp"
	}
	if o.maxNodes == 0 {
		o.maxNodes = 300
	}
	return &gtpSession{pipeSession: startSession(t, o)}
}

// reply reads one reply: its first line must be "=ID ..." or "?ID ...",
// and it ends at a blank line. It returns whether it succeeded and its
// text (the first line's after the mark and id, then the others).
func (p *gtpSession) reply(id string) (bool, string) {
	p.t.Helper()
	var lines []string
	timeout := time.After(patience)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("output ended inside a reply: %q", lines)
			}
			if l == "" {
				if len(lines) == 0 {
					p.t.Fatalf("a blank line before a reply")
				}
				return gtpFramed(p.t, id, lines)
			}
			lines = append(lines, l)
		case <-timeout:
			p.t.Fatalf("no reply within %v; saw %q", patience, lines)
		}
	}
}

// gtpFramed checks a reply's lines (without the blank line).
func gtpFramed(t *testing.T, id string, lines []string) (bool, string) {
	t.Helper()
	first := lines[0]
	if first == "" || first[0] != '=' && first[0] != '?' {
		t.Fatalf("reply %q: want = or ? first", lines)
	}
	head, text, _ := strings.Cut(first[1:], " ")
	if head != id {
		t.Fatalf("reply %q: id %q, want %q", lines, head, id)
	}
	return first[0] == '=', strings.Join(append([]string{text}, lines[1:]...), "\n")
}

// ask sends a command without an id and returns its reply.
func (p *gtpSession) ask(cmd string) (bool, string) {
	p.t.Helper()
	p.send(cmd)
	return p.reply("")
}

// must sends a command that must succeed and returns its text.
func (p *gtpSession) must(cmd string) string {
	p.t.Helper()
	ok, text := p.ask(cmd)
	if !ok {
		p.t.Fatalf("%s: ? %s", cmd, text)
	}
	return text
}

// fails sends a command that must fail with the message want.
func (p *gtpSession) fails(cmd, want string) {
	p.t.Helper()
	if ok, text := p.ask(cmd); ok || text != want {
		p.t.Errorf("%s: ok %t %q, want ? %s", cmd, ok, text, want)
	}
}

func TestGTPFraming(t *testing.T) {
	p := startGTPSession(t, Options{Dialect: "auto"})
	// The first line picks the dialect: a GTP command with an id.
	p.send("7 protocol_version")
	if ok, text := p.reply("7"); !ok || text != "2" {
		t.Errorf("protocol_version: %t %q", ok, text)
	}
	// Comments, blank lines and tabs; ids echoed on success and failure.
	p.send("# a comment", "", "   ", "12\tname # the name", "13 frobnicate", "14 known_command genmove", "known_command frobnicate")
	if ok, text := p.reply("12"); !ok || text != "meeple" {
		t.Errorf("name: %t %q", ok, text)
	}
	if ok, text := p.reply("13"); ok || text != "unknown command" {
		t.Errorf("unknown: %t %q, want ? unknown command", ok, text)
	}
	if ok, text := p.reply("14"); !ok || text != "true" {
		t.Errorf("known_command genmove: %t %q", ok, text)
	}
	if ok, text := p.reply(""); !ok || text != "false" {
		t.Errorf("known_command frobnicate: %t %q", ok, text)
	}
	list := strings.Split(p.must("list_commands"), "\n")
	for _, c := range []string{"protocol_version", "name", "version", "known_command", "list_commands", "quit",
		"boardsize", "clear_board", "komi", "play", "genmove", "undo", "showboard", "final_score",
		"time_settings", "time_left", "set_game", "list_games", "reg_genmove"} {
		if !strings.Contains(strings.Join(list, " ")+" ", c+" ") {
			t.Errorf("list_commands lacks %s: %q", c, list)
		}
		if p.must("known_command "+c) != "true" {
			t.Errorf("known_command %s is not true", c)
		}
	}
	if v := p.must("version"); v == "" {
		t.Error("version: empty")
	}
	p.must("komi 6.5")
	p.fails("komi x", "syntax error")
	p.fails("play black", "syntax error")
	p.fails("play blue D3", "syntax error")
	p.fails("play black 3D", "syntax error")
	p.fails("play black Z9", "illegal move")
	p.fails("play white D3", "illegal move") // black is to move
	p.fails("boardsize 7", "unacceptable size")
	p.fails("undo", "cannot undo")
	p.fails("final_score", "cannot score")
	p.send("99 quit")
	if ok, text := p.reply("99"); !ok || text != "" {
		t.Errorf("quit: %t %q", ok, text)
	}
	if err := p.wait(); err != nil {
		t.Errorf("after quit: %v", err)
	}
}

// TestGTPPicked: a first line that is a GTP command picks GTP, even one
// the native dialect does not know; native's own commands keep native.
func TestGTPPicked(t *testing.T) {
	for first, gtp := range map[string]bool{
		"protocol_version": true, "name": true, "1 list_commands": true, "boardsize 8": true,
		"genmove black": true, "hello": false, "play e5": false, "quit": false,
	} {
		if got := isGTPLine(first); got != gtp {
			t.Errorf("isGTPLine(%q) = %t, want %t", first, got, gtp)
		}
	}
}

// gtpMove is one move of a recorded game, as GTP writes it.
type gtpMove struct {
	colour int
	vertex string
}

// quarryGame is one game of the recording: the lines Quarry wrote to the
// two engines, interleaved.
type quarryGame struct {
	name  string
	lines []string
}

// readQuarry reads the games of testdata/quarry-othello-gtp.txt: each
// "## game ...: to the engines" section.
func readQuarry(t *testing.T) []quarryGame {
	t.Helper()
	data, err := os.ReadFile("testdata/quarry-othello-gtp.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []quarryGame
	var cur *quarryGame
	for _, l := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(l, "## "):
			cur = nil
			if strings.Contains(l, "to the engines") {
				out = append(out, quarryGame{name: l[3:]})
				cur = &out[len(out)-1]
			}
		case cur != nil && strings.TrimSpace(l) != "":
			cur.lines = append(cur.lines, l)
		}
	}
	if len(out) < 2 {
		t.Fatalf("the recording has %d games, want 2", len(out))
	}
	return out
}

// split splits the interleaved lines into each engine's stream (index:
// the colour it plays) and the game's moves: genmove C and time_left C go
// to C's engine, play C V to the other's, and every other command to both
// (each written once per engine, one after the other or not).
func (q quarryGame) split(t *testing.T) (streams [2][]string, moves []gtpMove) {
	t.Helper()
	seen := map[string]int{}
	for _, l := range q.lines {
		f := strings.Fields(l)
		colour := -1
		if len(f) >= 2 && (f[0] == "genmove" || f[0] == "time_left" || f[0] == "play") {
			c, ok := gtpColourOf(f[1])
			if !ok {
				t.Fatalf("%s: %q: no colour", q.name, l)
			}
			colour = c
			if f[0] == "play" {
				moves = append(moves, gtpMove{c, f[2]})
				colour = 1 - c
			}
		}
		if colour < 0 {
			colour = seen[l] % 2
			seen[l]++
		}
		streams[colour] = append(streams[colour], l)
	}
	return streams, moves
}

// quarryStreams writes the streams Quarry sends for a game (moves without
// its passes): the handshake, then for each move genmove to its colour's
// engine and play to the other's.
func quarryStreams(moves []gtpMove) (streams [2][]string) {
	for c := range streams {
		streams[c] = []string{"protocol_version", "name", "version", "list_commands", "list_games",
			"set_game Othello", "boardsize 8", "clear_board"}
	}
	for _, m := range moves {
		streams[m.colour] = append(streams[m.colour], "genmove "+GTPColour(m.colour))
		streams[1-m.colour] = append(streams[1-m.colour], "play "+GTPColour(m.colour)+" "+m.vertex)
	}
	return streams
}

// replayQuarry feeds one engine's stream to a session. Every reply must
// be framed and succeed, and every genmove must be legal in the referee's
// own games.State, a play or genmove for the colour that moved last
// meaning the other side's forced pass. To stay on the recorded game, a
// genmove that differs from the recorded move is taken back (undo) and the
// recorded move played. It returns the passes seen.
func replayQuarry(t *testing.T, stream []string, moves []gtpMove) (passes int) {
	t.Helper()
	p := startGTPSession(t, Options{Dialect: "auto"})
	st := gametest.Load[games.Game](t, "othello").NewState()
	// toMove makes it colour's turn in st, by a forced pass if need be.
	toMove := func(st games.State, colour int, what string) {
		t.Helper()
		if st.Player() == colour {
			return
		}
		if legal := st.LegalMoves(nil); len(legal) != 1 || st.FormatMove(legal[0]) != "pass" {
			t.Fatalf("%s: %s is not to move and %s has a move", what, GTPColour(colour), GTPColour(st.Player()))
		}
		st.Play(st.LegalMoves(nil)[0])
		passes++
	}
	apply := func(st games.State, colour int, vertex, what string) {
		t.Helper()
		toMove(st, colour, what)
		m, err := games.ParseLegal(st, strings.ToLower(vertex))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		st.Play(m)
	}
	next := [2]int{} // per colour, the index in moves of its next move
	recorded := func(colour int) string {
		for i := next[colour]; i < len(moves); i++ {
			if moves[i].colour == colour {
				next[colour] = i + 1
				return moves[i].vertex
			}
		}
		t.Fatalf("no recorded move left for %s", GTPColour(colour))
		return ""
	}
	for _, line := range stream {
		text := p.must(line)
		f := strings.Fields(line)
		switch f[0] {
		case "play":
			c, _ := gtpColourOf(f[1])
			recorded(c)
			apply(st, c, f[2], line)
		case "genmove":
			c, _ := gtpColourOf(f[1])
			rec := recorded(c)
			if text != strings.ToUpper(text) || text == "" {
				t.Fatalf("%s: %q, want an upper-case vertex", line, text)
			}
			check := st.Clone()
			apply(check, c, text, line+" = "+text)
			if text != rec {
				p.must("undo")
				p.must("play " + f[1] + " " + rec)
			}
			apply(st, c, rec, line+" (recorded "+rec+")")
		}
	}
	if err := p.wait(); err != nil {
		t.Errorf("at the end of input: %v", err)
	}
	return passes
}

// TestGTPQuarry replays what Quarry sent to its two Othello engines (the
// recording in testdata), and a game with a forced pass written as Quarry
// writes one (the recording has none): no pass is sent, and the side
// whose opponent must pass is asked for two moves in a row.
func TestGTPQuarry(t *testing.T) {
	for _, q := range readQuarry(t) {
		t.Run(q.name, func(t *testing.T) {
			streams, moves := q.split(t)
			if len(moves) < 10 {
				t.Fatalf("%d moves", len(moves))
			}
			for c, s := range streams {
				replayQuarry(t, s, moves)
				if !strings.HasPrefix(s[0], "protocol_version") {
					t.Errorf("%s's stream starts %q", GTPColour(c), s[0])
				}
			}
		})
	}
	t.Run("forced pass", func(t *testing.T) {
		moves := gameWithPass(t)
		streams := quarryStreams(moves)
		total := 0
		for _, s := range streams {
			total += replayQuarry(t, s, moves)
		}
		if total == 0 {
			t.Error("no forced pass replayed")
		}
	})
}

// gameWithPass finds an Othello game with a forced pass by seeded random
// playouts, and returns its moves without the passes.
func gameWithPass(t *testing.T) []gtpMove {
	t.Helper()
	g := gametest.Load[games.Game](t, "othello")
	rng := rand.New(rand.NewPCG(20, 0))
	for range 1000 {
		st := g.NewState()
		var moves []gtpMove
		passed := false
		for st.Player() >= 0 {
			legal := st.LegalMoves(nil)
			m := legal[rng.IntN(len(legal))]
			if text := st.FormatMove(m); text == "pass" {
				passed = true
			} else {
				moves = append(moves, gtpMove{st.Player(), strings.ToUpper(text)})
			}
			st.Play(m)
		}
		if passed {
			return moves
		}
	}
	t.Fatal("no game with a pass in 1000 playouts")
	return nil
}

// TestGTPPasses: genmove answers pass when the side has no move; a play
// or genmove for the side that moved last means the other side passed;
// play COLOUR pass is taken when the pass is legal; undo takes back a
// move with the pass it implied.
func TestGTPPasses(t *testing.T) {
	moves := gameWithPass(t)
	// Find the first pass: the first move of the colour that moved last.
	at := -1
	for i := 1; i < len(moves); i++ {
		if moves[i].colour == moves[i-1].colour {
			at = i
			break
		}
	}
	if at < 0 {
		t.Skip("the pass came last: no move after it")
	}
	c := moves[at].colour
	played := func(p *gtpSession) {
		for _, m := range moves[:at] {
			p.must("play " + GTPColour(m.colour) + " " + m.vertex)
		}
	}
	t.Run("genmove for the side with no move", func(t *testing.T) {
		p := startGTPSession(t, Options{})
		played(p)
		if got := p.must("genmove " + GTPColour(1-c)); got != "pass" {
			t.Errorf("genmove %s with no move: %q, want pass", GTPColour(1-c), got)
		}
		p.must("play " + GTPColour(c) + " " + moves[at].vertex)
	})
	t.Run("explicit pass", func(t *testing.T) {
		p := startGTPSession(t, Options{})
		played(p)
		p.fails("play "+GTPColour(c)+" pass", "illegal move")
		p.must("play " + GTPColour(1-c) + " PASS")
		p.must("play " + GTPColour(c) + " " + moves[at].vertex)
		p.must("undo")
		p.must("undo") // the pass
		p.must("undo")
		p.must("play " + GTPColour(moves[at-1].colour) + " " + moves[at-1].vertex)
	})
	t.Run("implied pass", func(t *testing.T) {
		p := startGTPSession(t, Options{})
		played(p)
		got := p.must("genmove " + GTPColour(c))
		if got == "pass" || got == "" {
			t.Fatalf("genmove %s after the other's pass: %q", GTPColour(c), got)
		}
		p.must("undo") // the move and the pass before it
		p.must("play " + GTPColour(c) + " " + moves[at].vertex)
		p.must("undo")
		p.must("undo") // the last move before the pass
		p.must("play " + GTPColour(moves[at-1].colour) + " " + moves[at-1].vertex)
		if got := p.must("reg_genmove " + GTPColour(c)); got == "pass" {
			t.Errorf("reg_genmove after the pass: pass")
		}
		p.must("play " + GTPColour(c) + " " + moves[at].vertex) // reg_genmove played nothing
	})
	t.Run("the other side has a move", func(t *testing.T) {
		p := startGTPSession(t, Options{})
		p.must("play black D3")
		if got := p.must("genmove black"); got != "pass" {
			t.Errorf("genmove black with white to move: %q, want pass (as gtp-rhino)", got)
		}
		p.fails("play black C4", "illegal move")
		p.must("play white C3")
	})
}

// TestGTPGames: list_games, set_game, boardsize and the vertices of each
// game; a whole game to final_score.
func TestGTPGames(t *testing.T) {
	p := startGTPSession(t, Options{})
	games := strings.Split(p.must("list_games"), "\n")
	for _, want := range []string{"Othello", "tictactoe", "gomoku", "connect4"} {
		if !strings.Contains("\n"+strings.Join(games, "\n")+"\n", "\n"+want+"\n") {
			t.Errorf("list_games %q lacks %s", games, want)
		}
	}
	if games[0] != "Othello" {
		t.Errorf("list_games starts %q", games[0])
	}
	for _, bad := range []string{"chess", "nocca", "qubic", "thegame", "no-such-game"} {
		p.fails("set_game "+bad, "unknown game")
	}
	// Othello: any legal even size; columns A.. from the left, row 1 at
	// the top (d3 is next to the start position's d4 and e4... above).
	p.must("set_game othello")
	p.must("boardsize 10")
	p.must("play black E4")
	if b := p.must("showboard"); !strings.Contains(b, " A B C D E F G H I J") || !strings.Contains(b, " 4 . . . . X . . . . . 4") {
		t.Errorf("showboard on 10x10 after E4:\n%s", b)
	}
	p.fails("boardsize 9", "unacceptable size")
	p.fails("boardsize 18", "unacceptable size")
	p.must("boardsize 6")
	p.must("play black C2") // 6x6: c2 is legal only with row 1 at the top
	// Gomoku: Go's columns, which skip I; row 1 at the bottom.
	p.must("set_game gomoku")
	p.must("play black J10")
	p.must("play white H8")
	b := p.must("showboard")
	if !strings.Contains(b, "   A B C D E F G H J K L M N O P") || !strings.Contains(b, "10 . . . . . . . . x . . . . . . 10") ||
		!strings.HasSuffix(b, "black to move") {
		t.Errorf("showboard gomoku:\n%s", b)
	}
	p.fails("play black I5", "syntax error")
	p.must("boardsize 19")
	p.must("play black T19")
	// Connect Four keeps its 7 x 6 board: boardsize takes 7 only.
	p.must("set_game connect4")
	p.must("boardsize 7")
	p.fails("boardsize 6", "unacceptable size")
	p.must("play black D1")
	p.fails("play white D3", "illegal move")
	p.must("play white D2")
	// Tic-tac-toe to its end: final_score in GTP's form.
	p.must("set_game tictactoe")
	for _, m := range []string{"black A1", "white B1", "black A2", "white B2", "black A3"} {
		p.must("play " + m)
	}
	if got := p.must("final_score"); got != "B+1" {
		t.Errorf("final_score: %q, want B+1", got)
	}
	if got := p.must("genmove white"); got != "pass" {
		t.Errorf("genmove after the end: %q, want pass", got)
	}
	p.fails("play white C3", "illegal move")
	p.must("clear_board")
	p.fails("final_score", "cannot score")
}

// TestGTPFinalScore plays Othello games to the end and checks
// final_score against the referee's count.
func TestGTPFinalScore(t *testing.T) {
	p := startGTPSession(t, Options{maxNodes: 50})
	p.must("boardsize 6")
	st := gametest.Load[games.Game](t, "othello(size=6)").NewState()
	colour := 0
	for st.Player() >= 0 {
		v := p.must("genmove " + GTPColour(colour))
		if v != "pass" {
			m, err := games.ParseLegal(st, strings.ToLower(v))
			if err != nil {
				t.Fatalf("genmove %s: %q: %v", GTPColour(colour), v, err)
			}
			if st.Player() != colour {
				st.Play(st.LegalMoves(nil)[0]) // the forced pass
			}
			st.Play(m)
		}
		colour = 1 - colour
	}
	want := "0"
	if sc, ok := st.(scorer); ok {
		switch d := sc.Score(0); {
		case d > 0:
			want = fmt.Sprintf("B+%d", d)
		case d < 0:
			want = fmt.Sprintf("W+%d", -d)
		}
	}
	if got := p.must("final_score"); got != want {
		t.Errorf("final_score %q, want %q\n%s", got, want, p.must("showboard"))
	}
}

// TestGTPClock: time_settings and time_left set the clock genmove's
// search gets (the clock of go wtime/btime), and the engine counts its
// own time between time_left commands. Times are injected, never measured.
func TestGTPClock(t *testing.T) {
	var k gtpClock
	if _, on := k.limits(0, 2); on {
		t.Error("a clock before any time command")
	}
	k.settings(600*time.Second, 0, 0) // Quarry's 10 minutes, absolute
	lim, on := k.limits(1, 2)
	if !on || lim.Time[1] != 600*time.Second || lim.MovesToGo != 0 || lim.Inc[1] != 0 {
		t.Errorf("600 0 0: %+v", lim)
	}
	k.spent(1, 15*time.Second)
	if lim, _ := k.limits(1, 2); lim.Time[1] != 585*time.Second || lim.Time[0] != 600*time.Second {
		t.Errorf("after 15 s: %+v", lim)
	}
	k.left(1, 30*time.Second, 0)
	if lim, _ := k.limits(1, 2); lim.Time[1] != 30*time.Second {
		t.Errorf("time_left white 30 0: %+v", lim)
	}
	// Main time, then byo-yomi of 60 s for 5 stones.
	k.settings(10*time.Second, 60*time.Second, 5)
	if lim, _ := k.limits(0, 2); lim.Time[0] != 10*time.Second || lim.Inc[0] != 12*time.Second {
		t.Errorf("10 60 5 in main time: %+v", lim)
	}
	k.spent(0, 12*time.Second) // overruns main time by 2 s: byo-yomi, 4 stones left
	if lim, _ := k.limits(0, 2); lim.Time[0] != 58*time.Second || lim.MovesToGo != 4 {
		t.Errorf("into byo-yomi: %+v", lim)
	}
	for range 4 {
		k.spent(0, time.Second)
	}
	if lim, _ := k.limits(0, 2); lim.Time[0] != 60*time.Second || lim.MovesToGo != 5 {
		t.Errorf("a new period: %+v", lim)
	}
	k.left(0, 20*time.Second, 3)
	if lim, _ := k.limits(0, 2); lim.Time[0] != 20*time.Second || lim.MovesToGo != 3 {
		t.Errorf("time_left black 20 3: %+v", lim)
	}
	for _, none := range [][3]int{{0, 10, 0}, {0, 0, 0}, {600, 30, 0}} {
		k.settings(seconds(none[0]), seconds(none[1]), none[2])
		if _, on := k.limits(0, 2); on {
			t.Errorf("time_settings %v: a clock, want none", none)
		}
	}
	// In the session: the limits genmove searches with.
	var out bytes.Buffer
	s, err := newSession(context.Background(), Options{Dialect: "gtp", Variant: "othello", Limits: "nodes 5000", maxNodes: 300, Stderr: io.Discard}, &writer{w: bufio.NewWriter(&out)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.stop()
	g := newGTP(s).(*gtp)
	g.handle("time_settings 0 30 10")
	g.handle("time_left white 7 2")
	lim = g.searchLimits(1)
	if lim.Time[1] != 7*time.Second || lim.MovesToGo != 2 || lim.Nodes != 5000 {
		t.Errorf("session limits: %+v", lim)
	}
	if lim := g.searchLimits(0); lim.Time[0] != 30*time.Second || lim.MovesToGo != 10 {
		t.Errorf("session limits of black: %+v", lim)
	}
	if soft, _ := search.Allocate(lim, 1); soft > 4*time.Second || soft < time.Second {
		t.Errorf("7 s for 2 moves: a budget of %v", soft)
	}
	g.handle("genmove black")
	g.handle("genmove white")
	if got := out.String(); !strings.HasPrefix(got, "=\n\n=\n\n= ") || strings.Count(got, "\n\n") != 4 || strings.Contains(got, "?") {
		t.Errorf("replies %q", got)
	}
}

// TestGTPLimits: Options.Limits is checked when the session starts.
func TestGTPLimits(t *testing.T) {
	for _, bad := range []string{"nodes", "nodes x", "wtime 5", "depth 0"} {
		err := Run(context.Background(), strings.NewReader(""), &bytes.Buffer{}, Options{Dialect: "gtp", Limits: bad})
		if err == nil || !strings.Contains(err.Error(), "limits") {
			t.Errorf("Limits %q: %v", bad, err)
		}
	}
	lim, err := parseEngineLimits("nodes 100 depth 3 movetime 50")
	if err != nil || lim.Nodes != 100 || lim.Depth != 3 || lim.MoveTime != 50*time.Millisecond {
		t.Errorf("%+v, %v", lim, err)
	}
}

// FuzzGTP feeds any input to a GTP session: no panic or internal error,
// no hang, and every reply framed (= or ?, a numeric id if any, a blank
// line after it).
func FuzzGTP(f *testing.F) {
	fuzzSeeds(f, "quarry-othello-gtp.txt",
		"1 protocol_version\n2 boardsize 6\n3 genmove b\n4 play w pass\n5 undo\n6 showboard\n7 final_score\n",
		"set_game gomoku\nplay b J10\ngenmove w\ntime_settings 1 1 1\ntime_left w 1 1\nreg_genmove b\n",
		"set_game connect4\nboardsize 7\nplay black D1\n# x\n\t\n0 quit\n",
		"known_command\nlist_games\nset_game tictactoe\nplay b A1\nplay b B1\nplay w \x01C1\n")
	f.Fuzz(func(t *testing.T, input string) {
		out, ok := fuzzRun(t, input, "gtp")
		if !ok {
			return
		}
		if len(out) == 0 {
			return
		}
		if out[len(out)-1] != "" {
			t.Fatalf("output does not end with a blank line: %q", out)
		}
		first := true
		for _, l := range out {
			switch {
			case l == "":
				first = true
			case first:
				first = false
				head, text, _ := strings.Cut(l, " ")
				if head == "" || head[0] != '=' && head[0] != '?' || strings.Trim(head[1:], "0123456789") != "" {
					t.Fatalf("a reply starts %q", l)
				}
				if head[0] == '?' && strings.HasPrefix(text, "internal") {
					t.Errorf("internal error: %q", l)
				}
			}
		}
	})
}

func TestGTPVertex(t *testing.T) {
	for _, c := range []struct {
		v           GTPVertex
		meeple, gtp string
	}{
		{GTPVertex{}, "f5", "F5"},
		{GTPVertex{}, "pass", "pass"},
		{GTPVertex{SkipI: true}, "h8", "H8"},
		{GTPVertex{SkipI: true}, "i9", "J9"},
		{GTPVertex{SkipI: true}, "o15", "P15"},
	} {
		if got, err := c.v.ToGTP(c.meeple); got != c.gtp || err != nil {
			t.Errorf("%+v toGTP(%q) = %q, %v; want %q", c.v, c.meeple, got, err, c.gtp)
		}
		if got, err := c.v.FromGTP(c.gtp); got != c.meeple || err != nil {
			t.Errorf("%+v fromGTP(%q) = %q, %v; want %q", c.v, c.gtp, got, err, c.meeple)
		}
	}
	for _, bad := range []string{"", "I5", "5", "A0", "Ax"} {
		if got, err := (GTPVertex{SkipI: true}).FromGTP(bad); err == nil {
			t.Errorf("fromGTP(%q) = %q, want an error", bad, got)
		}
	}
}
