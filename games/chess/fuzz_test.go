package chess

import (
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// fuzzSpecs are the games the fuzz targets try each input in.
var fuzzSpecs = []string{"chess", "chess960"}

func FuzzFEN(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2",
		"4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 2",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3 2",
		"4k3/8/8/8/8/8/8/RR2K3 w B - 0 1",
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
		"", "8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1", "4k3/8/8/8/8/8/8/4K3 w KQkq e3 0 1",
	} {
		f.Add(s)
	}
	var gs []*Game
	for _, spec := range fuzzSpecs {
		gs = append(gs, load(f, spec))
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, g := range gs {
			s, err := g.ParseFEN(in)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "chess: fen ") {
					t.Fatalf("%v: ParseFEN(%q) error %q lacks its prefix", g, in, err)
				}
				continue
			}
			// What is read is written in the canonical form, which reads
			// back to the same position, hash and state of the game.
			pos := s.Position()
			back, err := g.ParseFEN(pos)
			if err != nil || back.Position() != pos || back.Hash() != s.Hash() || back.Player() != s.Player() {
				t.Fatalf("%v: %q -> %q does not round-trip: %v", g, in, pos, err)
			}
			if h := s.hashFromScratch(); h != s.Hash() {
				t.Fatalf("%v: %q: hash %#x, from scratch %#x", g, in, s.Hash(), h)
			}
			moves := s.GenerateMoves(nil)
			if len(moves) != s.CountMoves() {
				t.Fatalf("%v: %q: %d moves, CountMoves %d", g, pos, len(moves), s.CountMoves())
			}
			for _, m := range moves {
				s.Play(m)
				if s.Hash() != s.hashFromScratch() {
					t.Fatalf("%v: %q: hash after %s differs from scratch", g, pos, s.FormatMove(m))
				}
				s.Undo()
				if back, err := s.ParseMove(s.SAN(m)); err != nil || back != m {
					t.Fatalf("%v: %q: SAN %q reads back as %d, %v", g, pos, s.SAN(m), back, err)
				}
			}
			if s.Position() != pos || s.Hash() != back.Hash() {
				t.Fatalf("%v: %q: play and undo changed it to %q", g, pos, s.Position())
			}
		}
	})
}

// fuzzStates are positions with every kind of move: castling both ways,
// en passant, promotions, and a Chess960 array.
func fuzzStates(f *testing.F) []*State {
	var out []*State
	for _, p := range []struct{ spec, fen string }{
		{"chess", ""},
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"chess", "1n5k/P7/8/8/8/8/8/K7 w - - 0 1"},
		{"chess", "4k3/8/8/2Pp4/8/8/8/4K3 w - d6 0 2"},
		{"chess960", ""},
		{"chess960", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1"},
	} {
		g := load(f, p.spec)
		s := g.NewChess()
		if p.fen != "" {
			s = mustFEN(f, g, p.fen)
		}
		out = append(out, s)
	}
	return out
}

// fuzzMove checks ParseMove's contract on one state: an error carries
// the prefix and NoMove; an accepted move formats and reads back as
// itself, and SAN does too when the move is legal.
func fuzzMove(t *testing.T, s *State, in string, parse func(string) (games.Move, error)) {
	m, err := parse(in)
	if err != nil {
		if m != games.NoMove || !strings.HasPrefix(err.Error(), "chess: ") {
			t.Fatalf("%s: parse(%q) = %d, %v", s.FEN(), in, m, err)
		}
		return
	}
	out := s.FormatMove(m)
	if back, err := s.ParseMove(out); err != nil || back != m {
		t.Fatalf("%s: %q -> %d -> %q -> %d, %v", s.FEN(), in, m, out, back, err)
	}
	if _, err := games.ParseLegal(s, out); err == nil {
		san := s.SAN(m)
		if back, err := s.ParseSAN(san); err != nil || back != m {
			t.Fatalf("%s: %q: SAN %q reads back as %d, %v", s.FEN(), in, san, back, err)
		}
	}
}

func FuzzParseUCI(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "e1g1", "e1h1", "a7a8N", "a7b8r", "c5d6", "e1c1", "f1g1", "f1h1",
		"0000", "", "e2e", "e2e4x", "i1a1", "a0a1", "e2e4 ", "E2E4", "e1e1", "a1a1q"} {
		f.Add(s)
	}
	states := fuzzStates(f)
	f.Fuzz(func(t *testing.T, in string) {
		for _, s := range states {
			fuzzMove(t, s, in, s.ParseUCI)
		}
	})
}

func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"Nf3", "e4", "O-O", "0-0-0", "O-O-O+", "Nbd7", "R1a3", "Qa1b2", "exd6", "axb8=N", "a8Q",
		"Kxd2#", "e8=Q!?", "", "x", "N", "Nxx3", "nf3", "Pe4", "Ke1e2", "e4e5", "O-O-O-O", "=Q", "a8=K"} {
		f.Add(s)
	}
	states := fuzzStates(f)
	f.Fuzz(func(t *testing.T, in string) {
		for _, s := range states {
			fuzzMove(t, s, in, s.ParseMove)
			m, err := s.ParseSAN(in)
			if err == nil {
				if _, lerr := games.ParseLegal(s, s.FormatMove(m)); lerr != nil {
					t.Fatalf("%s: ParseSAN(%q) = %s, which is not legal: %v", s.FEN(), in, s.FormatMove(m), lerr)
				}
			}
		}
	})
}
