package othello

import (
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

const start8 = "---------------------------OX------XO--------------------------- X"

func TestStart(t *testing.T) {
	for _, tc := range []struct {
		spec, pos, moves string
	}{
		{"othello", start8, "d3 c4 f5 e6"},
		{"othello-4x4", "-----OX--XO----- X", "b1 a2 d3 c4"},
		{"othello-6x6", "--------------OX----XO-------------- X", "c2 b3 e4 d5"},
		{"othello(start=parallel)", "---------------------------OO------XX--------------------------- X", "c3 d3 e3 f3"},
		{"othello-10x10", strings.Repeat("-", 44) + "OX--------XO" + strings.Repeat("-", 44) + " X", "e4 d5 g6 f7"},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			s := load(t, tc.spec).newState()
			if got := s.Position(); got != tc.pos {
				t.Errorf("Position() = %q; want %q", got, tc.pos)
			}
			var got []string
			for _, m := range s.LegalMoves(nil) {
				got = append(got, s.FormatMove(m))
			}
			if strings.Join(got, " ") != tc.moves {
				t.Errorf("LegalMoves = %v; want %s", got, tc.moves)
			}
			if s.Player() != Black || s.Count(Black) != 2 || s.Count(White) != 2 {
				t.Errorf("player %d, discs %d-%d", s.Player(), s.Count(Black), s.Count(White))
			}
		})
	}
}

func TestParseState(t *testing.T) {
	full := strings.Repeat("X", 40) + strings.Repeat("O", 24)
	for _, tc := range []struct {
		spec, pos string
		player    int
		reason    string
		score     int // Score(Black)
	}{
		{"othello", start8, Black, "", 0},
		{"othello", " " + start8 + "\n", Black, "", 0},
		{"othello", full + " O", games.Terminal, "black wins 40-24", 16},
		{"othello", strings.Repeat("O", 33) + strings.Repeat("X", 31) + " X", games.Terminal, "white wins 33-31", -2},
		{"othello", strings.Repeat("XO", 32) + " X", games.Terminal, "draw 32-32", 0},
		// White has no disc: nobody can move; the empty squares go to black.
		{"othello-4x4", "XXXXXXXXXXXXXXX- O", games.Terminal, "black wins 16-0", 16},
		{"othello-4x4", "-XXX-XX--XX----- O", games.Terminal, "black wins 16-0", 16},
		// White to move has no square, black has: white must pass.
		{"othello-4x4", "-----XX--XX---O- O", White, "", 14},
	} {
		t.Run(tc.pos, func(t *testing.T) {
			st, err := load(t, tc.spec).ParseState(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			if got := s.Position(); got != strings.TrimSpace(tc.pos) {
				t.Errorf("Position() = %q", got)
			}
			if s.Player() != tc.player || s.EndReason() != tc.reason || s.Score(Black) != tc.score {
				t.Errorf("player %d, reason %q, score %d; want %d, %q, %d", s.Player(), s.EndReason(), s.Score(Black), tc.player, tc.reason, tc.score)
			}
			if s.Hash() != s.hashFromScratch() {
				t.Error("hash differs from the recomputed one")
			}
			moves := s.LegalMoves(nil)
			switch {
			case s.Player() == games.Terminal && len(moves) != 0:
				t.Error("finished position has legal moves")
			case s.Player() != games.Terminal && s.Mobility(s.ToMove()) == 0 && (len(moves) != 1 || moves[0] != Pass):
				t.Errorf("a side with no square has moves %v; want pass alone", moves)
			}
		})
	}
}

func TestParseStateErrors(t *testing.T) {
	for _, tc := range []struct{ spec, pos, want string }{
		{"othello", "", "want 64 squares"},
		{"othello", strings.TrimSuffix(start8, " X"), "want 64 squares"},
		{"othello", start8[1:], "63 squares; want 64 (8x8)"},
		{"othello", "-" + start8, "65 squares; want 64"},
		{"othello", strings.Replace(start8, " X", " x", 1), `side to move "x": want X (black) or O (white)`},
		{"othello", strings.Replace(start8, " X", "  X", 1), `side to move " X"`},
		{"othello", strings.Replace(start8, " X", " X O", 1), `side to move "X O"`},
		{"othello", strings.Replace(start8, "OX", "Ox", 1), `unexpected "x" on e4; want X, O or -`},
		{"othello", strings.Replace(start8, "OX", "O.", 1), `unexpected "." on e4`},
		{"othello", strings.Replace(start8, "OX", "O-", 1), "the centre square e4 is empty"},
		{"othello-4x4", start8, "64 squares; want 16 (4x4)"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			_, err := load(t, tc.spec).ParseState(tc.pos)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "othello: position ") {
				t.Errorf("ParseState(%q) = %v; want an error with %q", tc.pos, err, tc.want)
			}
		})
	}
}

func TestParseMove(t *testing.T) {
	g8, g16 := load(t, "othello"), load(t, "othello(size=16)")
	for _, tc := range []struct {
		g    *Game
		in   string
		want games.Move
		err  string
	}{
		{g8, "a1", 0, ""},
		{g8, "h1", 7, ""},
		{g8, "a2", 8, ""},
		{g8, "F5", 37, ""},
		{g8, " h8 ", 63, ""},
		{g8, "pass", Pass, ""},
		{g8, "PA", Pass, ""},
		{g16, "p16", 255, ""},
		{g16, "j10", 9*16 + 9, ""},
		{g8, "j9", games.NoMove, `othello: square "j9": off the board (a1..h8)`},
		{g8, "a9", games.NoMove, "off the board"},
		{g8, "a0", games.NoMove, "want a square like f5 (a1..h8) or pass"},
		{g8, "a01", games.NoMove, "want a square like f5"},
		{g8, "f", games.NoMove, "want a square like f5"},
		{g8, "5f", games.NoMove, "want a square like f5"},
		{g8, "", games.NoMove, "want a square like f5"},
		{g16, "q1", games.NoMove, "off the board (a1..p16)"},
		{g16, "a17", games.NoMove, "off the board"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			m, err := tc.g.newState().ParseMove(tc.in)
			if m != tc.want || tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Errorf("ParseMove(%q) = %d, %v; want %d, %q", tc.in, m, err, tc.want, tc.err)
			}
		})
	}
}

// TestPassAndEnd plays random games on every size and checks the pass
// rule and the end: pass is legal exactly when the side to move has no
// square, a pass hands the move over and changes only the side in the
// hash, the game ends exactly when neither side can move, and the result
// agrees with the disc count.
func TestPassAndEnd(t *testing.T) {
	for _, spec := range []string{"othello-4x4", "othello-6x6", "othello", "othello-10x10"} {
		t.Run(spec, func(t *testing.T) {
			g := load(t, spec)
			passes := 0
			for seed := range 40 {
				s := g.newState()
				randomPlay(s, uint64(seed), 0)
				for s.Player() != games.Terminal {
					moves := s.LegalMoves(nil)
					me := s.Player()
					if (s.Mobility(me) == 0) != s.Legal(Pass) {
						t.Fatalf("%s: mobility %d, pass legal %v", s.Position(), s.Mobility(me), s.Legal(Pass))
					}
					if s.Legal(Pass) {
						passes++
						h := s.Hash()
						s.Play(Pass)
						if s.Player() != 1-me || s.Hash() != h^g.sideKey {
							t.Fatalf("pass: player %d, hash changed by more than the side", s.Player())
						}
						continue
					}
					s.Play(moves[int(s.Hash()%uint64(len(moves)))])
				}
				if s.Mobility(Black) != 0 || s.Mobility(White) != 0 {
					t.Fatalf("%s: over with moves left", s.Position())
				}
				r, w, d := s.Returns(), s.Winner(), s.Score(Black)
				if d > 0 && (w != Black || r[Black] != 1) || d < 0 && (w != White || r[White] != 1) || d == 0 && (w != -1 || r[0] != 0) {
					t.Fatalf("%s: score %d, winner %d, returns %v", s.Position(), d, w, r)
				}
				if d != s.Count(Black)-s.Count(White) && s.Empties() == 0 {
					t.Fatalf("full board: score %d", d)
				}
			}
			if spec == "othello-4x4" && passes == 0 {
				t.Error("no pass in 40 games of 4x4")
			}
		})
	}
}

func TestPlayIllegalPanics(t *testing.T) {
	s := load(t, "othello").newState()
	for _, m := range []games.Move{Pass, 0, 27, 64, games.NoMove} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Play(%d) did not panic", m)
				}
			}()
			s.Play(m)
		}()
	}
}

func TestBoard(t *testing.T) {
	for _, spec := range []string{"othello-6x6", "othello", "othello(size=14)"} {
		g := load(t, spec)
		for seed := range 5 {
			s := g.newState()
			randomPlay(s, uint64(seed), 10*seed)
			b := s.Board(nil)
			if len(b) != g.Squares() {
				t.Fatalf("%s: Board has %d squares", spec, len(b))
			}
			for sq, v := range b {
				if int(v) != s.At(sq) {
					t.Fatalf("%s: Board[%d] = %d, At = %d", s.Position(), sq, v, s.At(sq))
				}
			}
		}
	}
}
