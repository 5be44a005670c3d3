package kinarow

import (
	"strings"
	"testing"

	"meeple/games"
)

// fuzzGames are the boards the fuzz targets try each input on.
var fuzzGames = []string{
	"tictactoe", "connect4", "score4", "hypercube", "gomoku(exact=true)",
	"kinarow(dims=1,size=9,connect=3)",
	"kinarow(dims=4,size=3x2x3x2,connect=2,gravity=3)",
	"kinarow(dims=6,size=19x19x2x2x2x2,connect=19)",
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"b3", "B3", "d", "b3c", "b3c2", "b2-2", "z9", "", "-", "b-", "1", "a19b2b2",
		"s19b2b2", "b02", "b99999999999999999999", " c ", "é", "a\x00"} {
		f.Add(s)
	}
	var states []*State
	for _, spec := range fuzzGames {
		s := load(f, spec).newState()
		s.Play(s.LegalMoves(nil)[0]) // so that gravity columns differ
		states = append(states, s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, s := range states {
			m, err := s.ParseMove(in)
			if err != nil {
				if m != games.NoMove || !strings.HasPrefix(err.Error(), "kinarow: ") {
					t.Fatalf("%v: ParseMove(%q) = %d, %v", s.g, in, m, err)
				}
				continue
			}
			if int(m) >= s.g.Cells() {
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
	for _, s := range []string{"3/3/3 x", "3/1x1/3 o", "xxx/oo1/3 o", "xox/xox/oxo o", "7/7/7/7/7/3x3 o",
		"7/7/7/7/ooo4/xxxx3 o", "4/4/4/4//4/4/4/4//4/4/4/4//4/4/4/4 x", "x1o1x1o2 x", "3//3/3 x", "99/3/3 x",
		"4a/4/4/4//4 o", "x8 o", "/ x", "", " ", "3/3/3 "} {
		f.Add(s)
	}
	var gs []*Game
	for _, spec := range append(fuzzGames, "qubic", "kinarow(size=4x3,connect=4,gravity=2)") {
		gs = append(gs, load(f, spec))
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, g := range gs {
			st, err := g.ParseState(in)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "kinarow: position ") {
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
			if s.Hash() != s.hashFromScratch() {
				t.Fatalf("%v: %q: hash differs from scratch", g, pos)
			}
			moves := s.LegalMoves(nil)
			if (s.Player() == games.Terminal) != (len(moves) == 0) {
				t.Fatalf("%v: %q: player %d with %d legal moves", g, pos, s.Player(), len(moves))
			}
			for _, m := range moves {
				s.Play(m)
				s.Undo()
			}
			if s.Position() != pos || s.Hash() != back.Hash() {
				t.Fatalf("%v: %q: play and undo changed it", g, pos)
			}
		}
	})
}
