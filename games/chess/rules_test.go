package chess

import (
	"slices"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// playSAN plays space-separated moves (SAN or UCI), failing on an illegal one.
func playSAN(t *testing.T, s *State, moves string) {
	t.Helper()
	for _, mv := range strings.Fields(moves) {
		m, err := games.ParseLegal(s, mv)
		if err != nil {
			t.Fatalf("%s: %v", s.FEN(), err)
		}
		s.Play(m)
	}
}

// uciMoves lists the legal moves in UCI notation.
func uciMoves(s *State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, s.FormatMove(m))
	}
	return out
}

func TestEnd(t *testing.T) {
	for _, tc := range []struct {
		name, spec, fen, moves string
		reason                 string
		returns                []float64
	}{
		{"fool's mate", "chess", "", "f3 e5 g4 Qh4#", "black mates", []float64{-1, 1}},
		{"back-rank mate", "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#", "white mates", []float64{1, -1}},
		{"stalemate", "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", "stalemate", []float64{0, 0}},
		{"stalemate by a move", "chess", "7k/5Q2/8/6K1/8/8/8/8 w - - 0 1", "Kg6", "stalemate", []float64{0, 0}},
		{"fifty moves", "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "Ra2", "fifty-move rule", []float64{0, 0}},
		{"mate on the hundredth half-move", "chess", "7k/8/6K1/8/8/8/8/R7 w - - 99 80", "Ra8#", "white mates", []float64{1, -1}},
		{"threefold", "chess", "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", "threefold repetition", []float64{0, 0}},
		{"threefold, not in a row", "chess", "", "Nf3 Nf6 Ng1 Ng8 Nc3 Nc6 Nb1 Nb8", "threefold repetition", []float64{0, 0}},
		{"K v K by a capture", "chess", "4k3/8/8/8/8/8/3r4/4K3 w - - 7 50", "Kxd2", "insufficient material", []float64{0, 0}},
		{"KB v K", "chess", "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "", "insufficient material", []float64{0, 0}},
		{"KN v K", "chess", "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1", "", "insufficient material", []float64{0, 0}},
		{"KB v KB, one colour", "chess", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "", "insufficient material", []float64{0, 0}},
		{"Chess960 threefold", "chess960", "", "Nd3 Nd6 Ne1 Ne8 Nd3 Nd6 Ne1 Ne8", "threefold repetition", []float64{0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := load(t, tc.spec)
			s := g.NewChess()
			if tc.fen != "" {
				s = mustFEN(t, g, tc.fen)
			}
			fields := strings.Fields(tc.moves)
			if len(fields) > 0 {
				playSAN(t, s, strings.Join(fields[:len(fields)-1], " "))
				if s.Player() == games.Terminal {
					t.Fatalf("over before the last move: %s", s.EndReason())
				}
				playSAN(t, s, fields[len(fields)-1])
			}
			if s.Player() != games.Terminal || s.EndReason() != tc.reason || !slices.Equal(s.Returns(), tc.returns) {
				t.Errorf("%s: player %d, %q, %v; want terminal, %q, %v", s.FEN(), s.Player(), s.EndReason(), s.Returns(), tc.reason, tc.returns)
			}
			if n := len(s.LegalMoves(nil)); n != 0 {
				t.Errorf("%d legal moves after the end", n)
			}
			back, err := g.ParseState(s.Position())
			if err != nil || back.Player() != games.Terminal || back.EndReason() != tc.reason {
				t.Errorf("Position %q parses back as %v, %v", s.Position(), back, err)
			}
		})
	}
}

// TestNotOver: positions that look drawn or lost but are not.
func TestNotOver(t *testing.T) {
	g := load(t, "chess")
	for _, fen := range []string{
		"4kb2/8/8/8/8/8/8/3B1K2 w - - 0 1",   // bishops on squares of both colours: a mate exists
		"4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1",   // two knights can mate (with help)
		"4k3/8/8/8/8/8/8/1N1bK3 w - - 0 1",   // knight against bishop: a mate exists
		"4k3/8/8/8/8/8/P7/4K3 w - - 0 1",     // a pawn
		"4k3/8/8/8/8/8/8/R3K3 w - - 98 80",   // two half-moves short of fifty moves
		"7k/8/6K1/8/8/8/8/R7 b - - 0 1",      // not mate: black is not in check (and can move)
		"r3k3/8/8/8/8/8/8/4K3 w q - 0 1 ",    // trailing space
		"4k3/4r3/8/8/8/8/8/4K3 w - - 4 3 2 ", // second occurrence
	} {
		s := mustFEN(t, g, fen)
		if s.Player() == games.Terminal {
			t.Errorf("%s: over (%s)", fen, s.EndReason())
		}
	}
}

// TestRepetitionCount follows the count through the position string.
func TestRepetitionCount(t *testing.T) {
	g := load(t, "chess")
	s := g.NewChess()
	playSAN(t, s, "Nf3 Nf6 Ng1 Ng8")
	pos := s.Position()
	if !strings.HasSuffix(pos, " 4 3 2") || s.Repetitions() != 2 {
		t.Fatalf("after one cycle: %q, %d repetitions; want the count 2", pos, s.Repetitions())
	}
	back := mustFEN(t, g, pos)
	if back.Repetitions() != 2 || back.Position() != pos || back.Hash() != s.Hash() {
		t.Fatalf("%q parses back with %d repetitions as %q", pos, back.Repetitions(), back.Position())
	}
	playSAN(t, back, "Nc3 Nc6 Nb1")
	if back.Player() == games.Terminal {
		t.Fatal("over a ply early")
	}
	playSAN(t, back, "Nb8")
	if back.EndReason() != "threefold repetition" || !strings.HasSuffix(back.Position(), " 3") {
		t.Errorf("third occurrence after a parse: %q, %q", back.EndReason(), back.Position())
	}
	back.Undo()
	back.Undo()
	playSAN(t, back, "e4") // a pawn move: nothing before it can repeat
	if back.Repetitions() != 1 || strings.Count(back.Position(), " ") != 5 {
		t.Errorf("after a pawn move: %d repetitions, %q", back.Repetitions(), back.Position())
	}
}

func TestEnPassant(t *testing.T) {
	g := load(t, "chess")
	for _, tc := range []struct {
		name, fen, ep string
		legal         bool
	}{
		{"plain", "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 2", "c5d6", true},
		{"rank pin through both pawns", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2", "b5c6", false},
		{"rank pin, black", "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1", "e4d3", false},
		{"capturer pinned across the diagonal", "B7/8/8/8/3Pp3/8/8/4K2k b - d3 0 1", "e4d3", false},
		{"capture along the pin", "8/7k/8/8/3Pp3/8/8/1B2K3 b - d3 0 1", "e4d3", true},
		{"capturing the checking pawn", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", "e4d3", true},
		{"no capture answers a check by a rook", "8/8/8/8/3Pp3/8/8/r3K2k w - - 0 1", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustFEN(t, g, tc.fen)
			if tc.ep == "" {
				return
			}
			has := slices.Contains(uciMoves(s), tc.ep)
			if has != tc.legal {
				t.Errorf("%s: %s legal = %v; want %v (moves %v)", tc.fen, tc.ep, has, tc.legal, uciMoves(s))
			}
			// The FEN keeps the square only when the capture is legal.
			if kept := s.EnPassant() >= 0; kept != tc.legal {
				t.Errorf("%s: FEN %s keeps the en-passant square: %v", tc.fen, s.FEN(), kept)
			}
			if tc.legal {
				m, _ := s.ParseMove(tc.ep)
				if !IsEnPassant(m) {
					t.Errorf("%s is not parsed as en passant", tc.ep)
				}
				s.Play(m)
				if s.PieceAt(To(m)^8) != NoPiece {
					t.Errorf("the captured pawn is still on the board: %s", s.FEN())
				}
			}
		})
	}
	// A double step that no pawn can take leaves no square in the FEN (the
	// positions are equal for the repetition rule).
	s := g.NewChess()
	playSAN(t, s, "e4")
	if !strings.Contains(s.FEN(), " b KQkq - ") {
		t.Errorf("after 1. e4: %s; want no en-passant square", s.FEN())
	}
	playSAN(t, s, "d5 e5 f5")
	if !strings.Contains(s.FEN(), " w KQkq f6 ") {
		t.Errorf("after 2... f5: %s; want f6", s.FEN())
	}
}

func TestCastling(t *testing.T) {
	for _, tc := range []struct {
		name, spec, fen string
		want, not       []string
	}{
		{"both ways", "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"e1g1", "e1c1"}, nil},
		{"out of check", "chess", "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", nil, []string{"e1g1", "e1c1"}},
		{"through check", "chess", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", []string{"e1c1"}, []string{"e1g1"}},
		{"into check", "chess", "4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", []string{"e1c1"}, []string{"e1g1"}},
		{"b1 attacked is no matter", "chess", "4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1", []string{"e1c1", "e1g1"}, nil},
		{"b1 occupied is", "chess", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", []string{"e1g1"}, []string{"e1c1"}},
		{"no right", "chess", "4k3/8/8/8/8/8/8/R3K2R w K - 0 1", []string{"e1g1"}, []string{"e1c1"}},
		{"black", "chess", "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", []string{"e8g8", "e8c8"}, nil},
		// Chess960: king takes rook.
		{"960 swap", "chess960", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", []string{"f1g1"}, nil},
		{"960 king stays", "chess960", "4k3/8/8/8/8/8/8/R5KR w HA - 0 1", []string{"g1h1", "g1a1"}, nil},
		{"960 rook shields the target", "chess960", "4k3/8/8/8/8/8/8/qRK4R w HB - 0 1", []string{"c1h1"}, []string{"c1b1"}},
		{"960 rook jumps the king", "chess960", "4k3/8/8/8/8/8/8/1KR5 w C - 0 1", []string{"b1c1"}, nil},
		{"960 pieces in the way", "chess960", "4k3/8/8/8/8/8/8/BBQNNRKR w HF - 0 1", nil, []string{"g1f1", "g1h1"}},
		{"960 the other rook in the way", "chess960", "4k3/8/8/8/8/8/8/5RKR w HF - 0 1", []string{"g1f1"}, []string{"g1h1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustFEN(t, load(t, tc.spec), tc.fen)
			moves := uciMoves(s)
			for _, m := range tc.want {
				if !slices.Contains(moves, m) {
					t.Errorf("%s: %s is not legal; moves %v", tc.fen, m, moves)
				}
			}
			for _, m := range tc.not {
				if slices.Contains(moves, m) {
					t.Errorf("%s: %s is legal", tc.fen, m)
				}
			}
		})
	}
	// Castling moves the rook too, and the rights go.
	s := mustFEN(t, load(t, "chess"), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	playSAN(t, s, "O-O O-O-O")
	if got := s.FEN(); got != "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2" {
		t.Errorf("after O-O O-O-O: %s", got)
	}
	// A rook's capture takes the right of its side.
	s = mustFEN(t, load(t, "chess"), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	playSAN(t, s, "Rxa8+")
	if got := s.FEN(); got != "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1" {
		t.Errorf("after Rxa8+: %s", got)
	}
}

func TestPromotion(t *testing.T) {
	s := mustFEN(t, load(t, "chess"), "1n5k/P7/8/8/8/8/8/K7 w - - 0 1")
	moves := uciMoves(s)
	for _, m := range []string{"a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"} {
		if !slices.Contains(moves, m) {
			t.Errorf("%s missing from %v", m, moves)
		}
	}
	playSAN(t, s, "axb8=N")
	if got := s.FEN(); got != "1N5k/8/8/8/8/8/8/K7 b - - 0 1" {
		t.Errorf("after axb8=N: %s", got)
	}
}
