package nocca

import (
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// play plays moves given in notation, failing the test on an illegal one.
func play(t *testing.T, s *State, moves string) {
	t.Helper()
	for _, mv := range strings.Fields(moves) {
		m, err := games.ParseLegal(s, mv)
		if err != nil {
			t.Fatalf("%s: %v", s.Position(), err)
		}
		s.Play(m)
	}
}

func formatAll(s *State) string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, s.FormatMove(m))
	}
	return strings.Join(out, " ")
}

func TestStart(t *testing.T) {
	for _, tc := range []struct {
		spec, pos string
		moves     int
		player    int
	}{
		{"nocca", "bbbbb/5/5/5/5/wwwww w", 21, 0},
		{"nocca-3x3", "bbb/3/www w", 11, 0},
		{"nocca-4x3", "bbb/3/3/www w", 11, 0},
		{"nocca-4x4", "bbbb/4/4/wwww w", 16, 0},
		{"nocca(first=black)", "bbbbb/5/5/5/5/wwwww b", 21, 0},
		{"nocca(columns=7,pieces=4)", "1bbbb2/7/7/7/7/1wwww2 w", 4 * 5, 0},
		{"nocca(columns=8,pieces=1)", "3b4/8/8/8/8/3w4 w", 5, 0},
		// With stacks of one, no piece of the 2x2 board can move at all.
		{"nocca(columns=2,rows=2,stack=1)", "bb/ww w", 0, games.Terminal},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			s := load(t, tc.spec).newState()
			if got := s.Position(); got != tc.pos {
				t.Errorf("Position() = %q; want %q", got, tc.pos)
			}
			if got := len(s.LegalMoves(nil)); got != tc.moves {
				t.Errorf("%d legal moves (%s); want %d", got, formatAll(s), tc.moves)
			}
			if s.Player() != tc.player {
				t.Errorf("Player() = %d; want %d", s.Player(), tc.player)
			}
		})
	}
	s := load(t, "nocca-3x3").newState()
	if got := formatAll(s); got != "a1-a2 a1-b2 a1-b1 b1-b2 b1-c2 b1-c1 b1-a1 b1-a2 c1-c2 c1-b1 c1-b2" {
		t.Errorf("start moves of nocca-3x3: %s", got)
	}
	if s := load(t, "nocca(columns=2,rows=2,stack=1)").newState(); s.EndReason() != "white has no legal move" || s.Returns()[1] != 1 {
		t.Errorf("2x2 with stacks of one: %q %v", s.EndReason(), s.Returns())
	}
}

func TestParseState(t *testing.T) {
	for _, tc := range []struct {
		spec, pos string
		player    int
		reason    string
		winner    int
		moves     string // the legal moves, when the game goes on
	}{
		{"nocca-3x3", "bbb/3/www w", 0, "", -1, ""},
		{"nocca-3x3", "  bbb/3/www b \n", 1, "", -1, ""},
		// White's uncovered piece on the far row may leave: three ways.
		{"nocca-3x3", "bw(bb)/3/1ww w", 0, "", -1, "b1-b2 b1-c2 b1-c1 b1-a1 b1-a2 c1-c2 c1-b1 c1-b2 b3-b* b3-c* b3-c3 b3-c2 b3-b2 b3-a2 b3-a3 b3-a*"},
		{"nocca-3x3(goal=straight)", "bw(bb)/3/1ww w", 0, "", -1, "b1-b2 b1-c2 b1-c1 b1-a1 b1-a2 c1-c2 c1-b1 c1-b2 b3-b* b3-c3 b3-c2 b3-b2 b3-a2 b3-a3"},
		// A covered piece on the far row may not.
		{"nocca-3x3", "(wb)1(bb)/3/1ww w", 0, "", -1, "b1-b2 b1-c2 b1-c1 b1-a1 b1-a2 c1-c2 c1-b1 c1-b2"},
		// A full stack cannot be stepped on.
		{"nocca-3x3", "(bwb)1b/3/1ww w", 0, "", -1, "b1-b2 b1-c2 b1-c1 b1-a1 b1-a2 c1-c2 c1-b1 c1-b2"},
		{"nocca-3x3", "(bw)bb/1(ww)1/3 w", 0, "", -1, "b2-b3 b2-c3 b2-c2 b2-c1 b2-b1 b2-a1 b2-a2 b2-a3 a3-a* a3-b* a3-b3 a3-b2 a3-a2"},
		// White has a piece in the goal: it won, and black is to move.
		{"nocca-3x3", "b1(bb)/3/1ww b", games.Terminal, "white reached the goal", White, ""},
		{"nocca-3x3", "ww1/1w1/(bb)2 w", games.Terminal, "black reached the goal", Black, ""},
		// Black's pieces are all covered.
		{"nocca-3x3", "(bw)(bw)(bw)/3/3 b", games.Terminal, "black has no legal move", White, ""},
		{"nocca", "(bw)(bw)(bw)(bw)(bw)/5/5/5/5/5 w", 0, "", -1, ""},
		{"nocca-3x3", "bbb/3/www w 2", 0, "", -1, ""},
		{"nocca-3x3", "bbb/3/www w 3", games.Terminal, "threefold repetition", -1, ""},
		{"nocca-3x3(repetition=5)", "bbb/3/www w 4", 0, "", -1, ""},
		{"nocca-3x3(repetition=2)", "bbb/3/www b 2", games.Terminal, "twofold repetition", -1, ""},
		{"nocca(first=black)", "(bw)(bw)(bw)(bw)(bw)/5/5/5/5/5 w", 1, "", -1, ""},
	} {
		t.Run(tc.spec+" "+tc.pos, func(t *testing.T) {
			st, err := load(t, tc.spec).ParseState(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			if got := s.Position(); got != strings.TrimSpace(tc.pos) {
				t.Errorf("Position() = %q", got)
			}
			if s.Player() != tc.player || s.EndReason() != tc.reason || s.Winner() != tc.winner {
				t.Errorf("player %d, reason %q, winner %d; want %d, %q, %d", s.Player(), s.EndReason(), s.Winner(), tc.player, tc.reason, tc.winner)
			}
			if s.Hash() != s.hashFromScratch() {
				t.Error("hash differs from the recomputed one")
			}
			if tc.moves != "" {
				if got := formatAll(s); got != tc.moves {
					t.Errorf("legal moves %s; want %s", got, tc.moves)
				}
			}
			if (s.Player() == games.Terminal) != (len(s.LegalMoves(nil)) == 0) {
				t.Errorf("player %d with %d legal moves", s.Player(), len(s.LegalMoves(nil)))
			}
		})
	}
}

func TestParseStateErrors(t *testing.T) {
	for _, tc := range []struct{ spec, pos, want string }{
		{"nocca-3x3", "", "want the rows, a space, the side to move"},
		{"nocca-3x3", "bbb/3/www", "want the rows"},
		{"nocca-3x3", "bbb/3/www w 2 x", "want the rows"},
		{"nocca-3x3", "bbb/3/www  w", `side to move ""`},
		{"nocca-3x3", "bbb/3/www W", `side to move "W": want w or b`},
		{"nocca-3x3", "bbb/3/www x", `side to move "x"`},
		{"nocca-3x3", "bbb/3/3/www w", "4 rows; want 3"},
		{"nocca-3x3", "bbb/www w", "2 rows; want 3"},
		{"nocca-3x3", "bbbb/3/www w", "row 3: more than 3 squares"},
		{"nocca-3x3", "bb/3/www w", "row 3: 2 squares; want 3"},
		{"nocca-3x3", "bbb/12/www w", "row 2: two counts of empty squares in a row"},
		{"nocca-3x3", "bbb/4/www w", "row 2: more than 3 squares"},
		{"nocca-3x3", "bbb/0/www w", `row 2: unexpected "0"`},
		{"nocca-3x3", "bbb/3/wwW w", `row 1: unexpected "W"`},
		{"nocca-3x3", "bbb/3/ww(w w", "row 1: a stack opened with ( is not closed"},
		{"nocca-3x3", "bbb/3/ww(w) w", "parentheses hold a stack of two or more"},
		{"nocca-3x3", "bbb/3/ww() w", "parentheses hold a stack of two or more"},
		{"nocca-3x3", "bb1/3/(wbwb)ww w", "4 pieces; the tallest stack is 3"},
		{"nocca-3x3", "bbb/3/ww(wx) w", `unexpected "x"; want w and b`},
		{"nocca-3x3", "bbb/3/ww(w(b)) w", `unexpected "("`},
		{"nocca-3x3", "bbb/b2/www w", "black has 4 pieces; each side has 3"},
		{"nocca-3x3", "b2/3/www w", "black has 1 pieces; it started with 3"},
		{"nocca-3x3", "bb1/3/ww1 w", "both sides have a piece in the goal"},
		{"nocca-3x3", "bb1/3/www b", "black has a piece in the goal, so the game ended on its move, but black is to move"},
		{"nocca-3x3", "bbb/3/www w 1", "repetition count \"1\": want 2..3"},
		{"nocca-3x3", "bbb/3/www w 4", "repetition count 4: the game is drawn at 3"},
		{"nocca-3x3", "bbb/3/www w 02", "repetition count \"02\""},
		{"nocca-3x3", "bbb/3/www w x", "repetition count \"x\""},
		{"nocca-3x3(repetition=0)", "bbb/3/www w 2", "repetition does not draw in this variant"},
		{"nocca-3x3", "b1(bb)/3/1ww b 2", "a repetition count on a finished position"},
		{"nocca-3x3", "(bw)(bw)(bw)/3/3 b 2", "a repetition count on a finished position"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			_, err := load(t, tc.spec).ParseState(tc.pos)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "nocca: position ") {
				t.Errorf("ParseState(%q) = %v; want an error with %q", tc.pos, err, tc.want)
			}
		})
	}
}

func TestParseMove(t *testing.T) {
	g, g3 := load(t, "nocca"), load(t, "nocca-3x3")
	for _, tc := range []struct {
		g    *Game
		in   string
		want games.Move
		err  string
	}{
		{g, "b1-b2", move(1, 0), ""},
		{g, "b1b2", move(1, 0), ""},
		{g, " B1-C2 ", move(1, 1), ""},
		{g, "b2-a1", move(6, 5), ""},
		{g, "e6-e5", move(29, 4), ""},
		{g, "c6-c*", move(27, 0), ""},
		{g, "c6-goal", move(27, 0), ""},
		{g, "C6-GOAL", move(27, 0), ""},
		{g, "c6-d*", move(27, 1), ""},
		{g, "c6-b*", move(27, 7), ""},
		{g, "c1-c*", move(2, 4), ""},
		{g, "c1-goal", move(2, 4), ""},
		{g, "c1-b*", move(2, 5), ""},
		{g, "a1-b*", move(0, 3), ""},
		{g3, "b3-a*", move(7, 7), ""},
		{g, "c3-c*", games.NoMove, "c3 is not on the first or last row"},
		{g, "c3-goal", games.NoMove, "c3 is not on the first or last row"},
		{g, "c6-e*", games.NoMove, "not one step apart"},
		{g, "e6-f*", games.NoMove, "column f is off the board (a..e)"},
		{g, "e6-1*", games.NoMove, "want a column letter before *"},
		{g, "a1-a3", games.NoMove, "not one step apart"},
		{g, "a1-a1", games.NoMove, "not one step apart"},
		{g, "f1-f2", games.NoMove, "square f1 is off the board (a1..e6)"},
		{g, "a1-a7", games.NoMove, "square a7 is off the board"},
		{g, "a0-a1", games.NoMove, "square a0 is off the board"},
		{g, "a10-a1", games.NoMove, "row 10 is off the board (1..6)"},
		{g, "a1-", games.NoMove, `no square at ""`},
		{g, "a1-a2x", games.NoMove, `unexpected "x" after the squares`},
		{g, "", games.NoMove, `no square at ""`},
		{g, "pass", games.NoMove, `no square at "pass"`},
		{g3, "b3-d*", games.NoMove, "column d is off the board (a..c)"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			m, err := tc.g.newState().ParseMove(tc.in)
			if m != tc.want || tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("ParseMove(%q) = %d, %v; want %d, %q", tc.in, m, err, tc.want, tc.err)
			}
			if err == nil {
				if f := tc.g.formatMove(m); strings.Contains(tc.in, "goal") && !strings.HasSuffix(f, "*") {
					t.Errorf("FormatMove = %q", f)
				}
			}
		})
	}
	if f := g.formatMove(move(0, 7)); f != "?448" {
		t.Errorf("FormatMove of a step off the side = %q", f)
	}
	if f := g.formatMove(games.NoMove); !strings.HasPrefix(f, "?") {
		t.Errorf("FormatMove(NoMove) = %q", f)
	}
}

// TestRepetition walks a cycle until the third occurrence of the start and
// checks the counts in the position strings, the draw, and that Undo and
// a parsed count restore them.
func TestRepetition(t *testing.T) {
	g := load(t, "nocca-3x3")
	s := g.newState()
	cycle := "a1-a2 c3-c2 a2-a1 c2-c3"
	var trail []string
	for i := range 2 {
		for _, mv := range strings.Fields(cycle) {
			trail = append(trail, s.Position())
			play(t, s, mv)
		}
		if want := i + 2; s.Repetitions() != want {
			t.Fatalf("after %d cycles: %d repetitions; want %d", i+1, s.Repetitions(), want)
		}
	}
	if s.Position() != "bbb/3/www w 3" || s.Player() != games.Terminal || s.EndReason() != "threefold repetition" {
		t.Fatalf("after two cycles: %q, player %d, %q", s.Position(), s.Player(), s.EndReason())
	}
	if r := s.Returns(); r[0] != 0 || r[1] != 0 || s.Winner() != -1 {
		t.Errorf("a draw returns %v, winner %d", r, s.Winner())
	}
	want := []string{
		"bbb/3/www w", "bbb/w2/1ww b", "bb1/w1b/1ww w", "bb1/2b/www b",
		"bbb/3/www w 2", "bbb/w2/1ww b 2", "bb1/w1b/1ww w 2", "bb1/2b/www b 2",
	}
	if strings.Join(trail, "|") != strings.Join(want, "|") {
		t.Errorf("positions %q; want %q", trail, want)
	}
	for i := len(trail) - 1; i >= 0; i-- {
		s.Undo()
		if s.Position() != trail[i] || s.Player() == games.Terminal {
			t.Fatalf("undo %d: %q (player %d); want %q", i, s.Position(), s.Player(), trail[i])
		}
	}
	// A parsed count: the start seen twice, so one more cycle draws.
	st, err := g.ParseState("bbb/3/www w 2")
	if err != nil {
		t.Fatal(err)
	}
	p := st.(*State)
	play(t, p, "a1-a2 c3-c2 a2-a1")
	if p.Position() != "bb1/2b/www b" { // the parsed game knows only its start's count
		t.Errorf("after three plies from a count of 2: %q", p.Position())
	}
	play(t, p, "c2-c3")
	if p.Player() != games.Terminal || p.EndReason() != "threefold repetition" {
		t.Errorf("a cycle from a count of 2: %q, %q", p.Position(), p.EndReason())
	}
	// No draw by repetition: the cycle goes on.
	n := load(t, "nocca-3x3(repetition=0)").newState()
	for range 5 {
		play(t, n, cycle)
	}
	if n.Player() == games.Terminal || n.Position() != "bbb/3/www w" || n.Repetitions() != 6 {
		t.Errorf("repetition=0: %q, player %d, %d repetitions", n.Position(), n.Player(), n.Repetitions())
	}
}

// TestGoal checks the goal rule: reaching the far row is not a win, the
// opponent may cover the piece, an uncovered piece on the far row leaves
// into the goal and wins, and Undo takes it back.
func TestGoal(t *testing.T) {
	g := load(t, "nocca-3x3")
	s := g.newState()
	play(t, s, "b1-b2 a3-a2 b2-b3")
	if s.Player() == games.Terminal || s.Position() != "1(bw)b/b2/w1w b" {
		t.Fatalf("reaching the far row: %q, player %d", s.Position(), s.Player())
	}
	pos, hash := s.Position(), s.Hash()
	play(t, s, "c3-b3") // black covers the piece
	if s.Position() != "1(bwb)1/b2/w1w w" || strings.Contains(formatAll(s), "*") {
		t.Errorf("covered: %q, moves %s", s.Position(), formatAll(s))
	}
	s.Undo()
	play(t, s, "c3-c2") // black does not
	moves := formatAll(s)
	if !strings.Contains(moves, "b3-b*") || !strings.Contains(moves, "b3-a*") || !strings.Contains(moves, "b3-c*") {
		t.Fatalf("%q: moves %s", s.Position(), moves)
	}
	play(t, s, "b3-a*")
	if s.Player() != games.Terminal || s.EndReason() != "white reached the goal" || s.Winner() != White || s.Returns()[0] != 1 || s.Returns()[1] != -1 {
		t.Fatalf("after b3-a*: %q %q %v", s.Position(), s.EndReason(), s.Returns())
	}
	if s.Position() != "1b1/b1b/w1w b" || s.OnBoard(White) != 2 || len(s.LegalMoves(nil)) != 0 {
		t.Errorf("%q: white has %d pieces on the board", s.Position(), s.OnBoard(White))
	}
	back, err := g.ParseState(s.Position())
	if err != nil || back.Player() != games.Terminal || back.EndReason() != s.EndReason() {
		t.Errorf("the finished position does not parse back as finished: %v", err)
	}
	s.Undo()
	s.Undo()
	if s.Position() != pos || s.Hash() != hash || s.Player() != 1 {
		t.Errorf("undo: %q, want %q", s.Position(), pos)
	}
	// Black, second to move, enters its goal below row 1.
	b := load(t, "nocca-3x3(first=black)").newState()
	play(t, b, "b3-b2 a1-a2 b2-b1")
	if b.Player() == games.Terminal {
		t.Fatal("black reaching row 1 ended the game")
	}
	play(t, b, "c1-c2 b1-b*")
	if b.EndReason() != "black reached the goal" || b.Returns()[0] != 1 || b.Position() != "b1b/w1w/1w1 w" {
		t.Errorf("black's goal: %q, %q, %v", b.Position(), b.EndReason(), b.Returns())
	}
}

func TestPlayIllegalPanics(t *testing.T) {
	s := load(t, "nocca").newState()
	for _, m := range []games.Move{
		move(1, 4),  // b1 south: off the board, not a goal of white's
		move(6, 0),  // b2 is empty
		move(25, 4), // a6 holds black's piece
		move(0, 7),  // off the side
		511, games.NoMove,
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Play(%s) did not panic", s.FormatMove(m))
				}
			}()
			s.Play(m)
		}()
	}
	if s.Position() != "bbbbb/5/5/5/5/wwwww w" {
		t.Errorf("a refused move changed the position: %q", s.Position())
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("Undo at the start did not panic")
			}
		}()
		s.Undo()
	}()
}

// TestDescribe checks what a generic client is told.
func TestDescribe(t *testing.T) {
	d := load(t, "nocca(first=black)").Describe()
	if d.Stacks != 3 || len(d.Dims) != 2 || d.Dims[0] != 5 || d.Dims[1] != 6 || d.Players[0] != "black" || d.MoveExample != "a6-b6" {
		t.Errorf("Describe() = %+v", d)
	}
	for _, want := range []string{"b1-b2", "c6-c*, c6-d*, c6-b*", "goal"} {
		if !strings.Contains(d.Moves, want) {
			t.Errorf("Moves %q lacks %q", d.Moves, want)
		}
	}
	if d := load(t, "nocca(goal=straight)").Describe(); !strings.Contains(d.Moves, "white has c6-c* (") {
		t.Errorf("goal=straight: Moves %q", d.Moves)
	}
}
