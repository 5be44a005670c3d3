package chess

import (
	"fmt"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// The Opera Game, Morphy v the Duke of Brunswick and Count Isouard, Paris
// 1858: the SAN of every move as printed in game collections, ending in
// mate.
const operaGame = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#"

// TestSANGame reads a whole game in SAN, writes each move back in SAN and
// in UCI, and reads the UCI back.
func TestSANGame(t *testing.T) {
	s := load(t, "chess").NewChess()
	var uci []string
	for _, san := range strings.Fields(operaGame) {
		m, err := s.ParseSAN(san)
		if err != nil {
			t.Fatalf("%s: %v", s.FEN(), err)
		}
		if got := s.SAN(m); got != san {
			t.Errorf("%s: SAN = %q; want %q", s.FEN(), got, san)
		}
		if back, err := s.ParseMove(s.FormatMove(m)); err != nil || back != m {
			t.Errorf("%s: UCI %q reads back as %v, %v", s.FEN(), s.FormatMove(m), back, err)
		}
		uci = append(uci, s.FormatMove(m))
		s.Play(m)
	}
	if s.EndReason() != "white mates" {
		t.Errorf("the Opera Game ends %q", s.EndReason())
	}
	if got := strings.Join(uci, " "); !strings.Contains(got, "e1c1 a8d8 d1d7") {
		t.Errorf("UCI moves %s: want the long castling as e1c1", got)
	}
}

func TestSAN(t *testing.T) {
	for _, tc := range []struct {
		spec, fen string
		san       []string // every one must read and write back as itself
	}{
		{"chess", "4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1", []string{"Nbd2", "Nfd2", "Na3", "Ng3"}},
		{"chess", "4k3/8/8/R7/8/8/8/R2K4 w - - 0 1", []string{"R1a3", "R5a3", "Rb1", "Ra8+"}},
		{"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", []string{"Qa1b2", "Qcb2", "Q3b2", "Qab1", "Qd1"}},
		// A pinned knight does not count: no disambiguation.
		{"chess", "4k3/8/8/4b3/8/2N3N1/8/K7 w - - 0 1", []string{"Ne2", "Nf5"}},
		{"chess", "1n5k/P7/8/8/8/8/8/K7 w - - 0 1", []string{"a8=Q", "axb8=N", "a8=R", "axb8=B"}},
		{"chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", []string{"a8=Q+", "a8=R+", "a8=B", "a8=N"}},
		{"chess", "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 2", []string{"cxd6", "c6", "Kf2"}},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"O-O", "O-O-O", "Rxa8+", "Rb1"}},
		{"chess960", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", []string{"O-O", "Kg2"}},
		{"chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", []string{"Ra8#", "Ra7"}},
	} {
		s := mustFEN(t, load(t, tc.spec), tc.fen)
		for _, san := range tc.san {
			m, err := s.ParseSAN(san)
			if err != nil {
				t.Errorf("%s: ParseSAN(%q): %v", tc.fen, san, err)
				continue
			}
			if got := s.SAN(m); got != san {
				t.Errorf("%s: SAN(%s) = %q; want %q", tc.fen, s.FormatMove(m), got, san)
			}
		}
	}
}

// TestSANInput: decoration and alternative spellings that ParseSAN takes,
// and the mistakes it refuses.
func TestSANInput(t *testing.T) {
	g := load(t, "chess")
	for _, tc := range []struct{ fen, in, want string }{
		{"", "Nf3", "g1f3"},
		{"", "Nf3!?", "g1f3"},
		{"", "Ng1f3", "g1f3"},
		{"", "Ngf3", "g1f3"},
		{"", " e4 ", "e2e4"},
		{"", "e2e4", "e2e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "e1g1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0+", "e1c1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Ra8", "a1a8"},
		{"1n5k/P7/8/8/8/8/8/K7 w - - 0 1", "a8Q", "a7a8q"},
		{"1n5k/P7/8/8/8/8/8/K7 w - - 0 1", "ab8=R", "a7b8r"},
		{"4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 2", "cd6", "c5d6"},
		{"", "nf3", "!want a move such as"},
		{"", "Nxf3", "!x, but f3 captures nothing"},
		{"", "Nd2", "!not legal here: d2 holds a white piece already"},
		{"", "O-O", "!castling on that side is not legal here: castling needs the squares between the king and the rook empty"},
		{"", "e5", "!not legal here: no white pawn can move to e5"},
		{"", "exd3", "!not legal here: no white pawn can move to d3"},
		{"", "Qh5", "!not legal here: no white queen can move to h5"},
		{"", "Bb5", "!not legal here: no white bishop can move to b5"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", "!not legal here: white has no knight"},
		// After 1.e4 e5 2.Qh5 the f-pawn is pinned; after 1.e4 f6 2.Qh5+ black is in check.
		{"rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", "f6", "!not legal here: it would leave the king in check (the piece is pinned)"},
		{"rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", "a6", "!not legal here: the king is in check, and this move does not get it out"},
		{"4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "Kd1", "!not legal here: the king would be in check there"},
		{"4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "O-O-O", "!the king cannot castle out of check"},
		{"4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", "!no castling right on that side"},
		{"4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "O-O", "!the king may not cross or land on an attacked square"},
		{"", "xe4", "!a pawn capture names the pawn's file"},
		{"", "e2-e4", "!want a move such as"},
		{"", "", "!empty"},
		{"", "0000", "!the null move"},
		{"4k3/8/8/8/8/8/8/1N1K1N2 w - - 0 1", "Nd2", "!ambiguous: more than one knight can go to d2"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", "!must promote"},
		{"4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8", "!must promote"},
		{"", "e2e4q", "!a promotion letter on a move that does not reach the last rank"},
		{"", "e3e4", "!no white piece on e3"},
		{"", "e2e2", "!the piece does not move"},
		{"", "a1a1", "!the piece does not move"},
		{"", "e7e5", "!no white piece on e7"},
	} {
		s := g.NewChess()
		if tc.fen != "" {
			s = mustFEN(t, g, tc.fen)
		}
		m, err := s.ParseMove(tc.in)
		if want, bad := strings.CutPrefix(tc.want, "!"); bad {
			if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "chess: ") {
				t.Errorf("%s: ParseMove(%q) = %s, %v; want an error with %q", s.FEN(), tc.in, s.FormatMove(m), err, want)
			}
			if m != games.NoMove {
				t.Errorf("ParseMove(%q) returned %d with its error", tc.in, m)
			}
			continue
		}
		if err != nil || s.FormatMove(m) != tc.want {
			t.Errorf("%s: ParseMove(%q) = %s, %v; want %s", s.FEN(), tc.in, s.FormatMove(m), err, tc.want)
		}
	}
}

// TestUCI: castling as each mode writes and reads it.
func TestUCI(t *testing.T) {
	const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	std := mustFEN(t, load(t, "chess"), fen)
	c960 := mustFEN(t, load(t, "chess960"), fen)
	for _, tc := range []struct {
		s        *State
		in, want string
	}{
		{std, "e1g1", "e1g1"},
		{std, "e1h1", "e1g1"}, // king takes rook is read in standard chess too
		{std, "e1c1", "e1c1"},
		{std, "e1a1", "e1c1"},
		{c960, "e1h1", "e1h1"},
		{c960, "e1g1", "e1h1"}, // two files: cannot be a king's step
		{c960, "e1a1", "e1a1"},
		{c960, "e1c1", "e1a1"},
		{c960, "e1f1", "e1f1"},
		{std, "a1a8", "a1a8"},
	} {
		m, err := tc.s.ParseMove(tc.in)
		if err != nil || tc.s.FormatMove(m) != tc.want {
			t.Errorf("chess960 %v: %q = %q, %v; want %q", tc.s.Game().Chess960(), tc.in, tc.s.FormatMove(m), err, tc.want)
		}
	}
	m, _ := std.ParseMove("e1g1")
	if !IsCastling(m) || std.FormatUCI(m, true) != "e1h1" || std.FormatUCI(m, false) != "e1g1" || KingTo(m) != 6 || To(m) != 7 {
		t.Errorf("e1g1: castling %v, %s / %s, king to %d, to %d", IsCastling(m), std.FormatUCI(m, true), std.FormatUCI(m, false), KingTo(m), To(m))
	}
	// Chess960: a king one step from its castling square moves plainly.
	s := mustFEN(t, load(t, "chess960"), "4k3/8/8/8/8/8/8/5K1R w H - 0 1")
	if m, _ := s.ParseMove("f1g1"); IsCastling(m) {
		t.Errorf("f1g1 with the king on f1 is read as castling")
	}
	if m, _ := s.ParseMove("f1h1"); !IsCastling(m) {
		t.Errorf("f1h1 is not read as castling")
	}
	if _, err := s.ParseMove("f1e1"); err != nil {
		t.Error(err)
	}
	if _, err := mustFEN(t, load(t, "chess"), "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").ParseMove("e1a1"); err == nil ||
		!strings.Contains(err.Error(), "no castling right with the rook on a1") {
		t.Errorf("e1a1 without the right: %v", err)
	}
}

// TestWhyIllegal: games.ParseLegal says why a move in UCI notation is not
// legal, as a player understands it.
func TestWhyIllegal(t *testing.T) {
	g := load(t, "chess")
	for _, tc := range []struct{ fen, in, want string }{
		{"", "e2e5", "a pawn cannot move from e2 to e5"},
		{"", "d1d3", "a queen cannot move from d1 to d3"},
		{"", "g1e2", "e2 holds a white piece already"},
		{"rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", "f7f6", "it would leave the king in check (the piece is pinned)"},
		{"rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", "a7a6", "the king is in check, and this move does not get it out"},
		{"4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "e1d1", "the king would be in check there"},
		{"4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", "e1c1", "castling needs the squares between the king and the rook empty"},
		{"4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "e1g1", "the king may not cross or land on an attacked square when castling"},
	} {
		s := g.NewChess()
		if tc.fen != "" {
			s = mustFEN(t, g, tc.fen)
		}
		want := fmt.Sprintf("move %q: not legal here: %s", tc.in, tc.want)
		if _, err := games.ParseLegal(s, tc.in); err == nil || err.Error() != want {
			t.Errorf("%s: ParseLegal(%q) = %v; want %q", s.FEN(), tc.in, err, want)
		}
	}
}
