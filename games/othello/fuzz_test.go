package othello

import (
	"strings"
	"testing"

	"meeple/games"
)

// fuzzGames are the boards the fuzz targets try each input on.
var fuzzGames = []string{"othello-4x4", "othello-6x6", "othello", "othello-10x10", "othello(size=16,start=parallel)"}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"f5", "F5", "a1", "h8", "p16", "j9", "i10", "a0", "a01", "a17", "pass", "PASS", "pa", "Pa",
		"", " ", "-", "f", "5", "f5x", "ff5", "é1", "a\x00", "z99", " c4 ", "a-1", "a+1"} {
		f.Add(s)
	}
	var states []*State
	for _, spec := range fuzzGames {
		states = append(states, load(f, spec).newState())
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, s := range states {
			m, err := s.ParseMove(in)
			if err != nil {
				if m != games.NoMove || !strings.HasPrefix(err.Error(), "othello: ") {
					t.Fatalf("%v: ParseMove(%q) = %d, %v", s.g, in, m, err)
				}
				continue
			}
			if m != Pass && int(m) >= s.g.Squares() {
				t.Fatalf("%v: ParseMove(%q) = %d, off the board", s.g, in, m)
			}
			f := s.FormatMove(m)
			if back, err := s.ParseMove(f); err != nil || back != m {
				t.Fatalf("%v: ParseMove(%q) = %d; FormatMove = %q parses to %d, %v", s.g, in, m, f, back, err)
			}
		}
	})
}

func FuzzPosition(f *testing.F) {
	for _, s := range []string{
		"---------------------------OX------XO--------------------------- X",
		"---------------------------OX------XO--------------------------- O",
		"O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
		"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX O",
		"-----OX--XO----- X", "-----XX--XO----- O", "--------------OX----XO-------------- X",
		"-----OX--XO----- x", "-----OX--XO-----  X", "-----OX--XO----- XO", "-----OX--XO-----", "", " ", "X",
		"-----OX--.O----- X", "----------------- X",
	} {
		f.Add(s)
	}
	var gs []*Game
	for _, spec := range fuzzGames {
		gs = append(gs, load(f, spec))
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, g := range gs {
			st, err := g.ParseState(in)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "othello: position ") {
					t.Fatalf("%v: ParseState(%q) error %q lacks its prefix", g, in, err)
				}
				continue
			}
			s := st.(*State)
			pos := s.Position()
			if pos != strings.TrimSpace(in) {
				t.Fatalf("%v: ParseState(%q) writes back as %q", g, in, pos)
			}
			back, err := g.ParseState(pos)
			if err != nil || back.Position() != pos || back.Hash() != s.Hash() || back.Player() != s.Player() {
				t.Fatalf("%v: %q does not round-trip: %v", g, pos, err)
			}
			moves := s.LegalMoves(nil)
			if (s.Player() == games.Terminal) != (len(moves) == 0) {
				t.Fatalf("%v: %q: player %d with %d legal moves", g, pos, s.Player(), len(moves))
			}
			for _, m := range moves {
				s.Play(m)
				if s.Hash() != s.hashFromScratch() {
					t.Fatalf("%v: %q: hash after %s differs from scratch", g, pos, s.FormatMove(m))
				}
				s.Undo()
			}
			if s.Position() != pos || s.Hash() != back.Hash() {
				t.Fatalf("%v: %q: play and undo changed it", g, pos)
			}
		}
	})
}
