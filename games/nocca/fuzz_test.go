package nocca

import (
	"strings"
	"testing"

	"meeple/games"
)

// fuzzGames are the boards the fuzz targets try each input on.
var fuzzGames = []string{"nocca", "nocca-3x3", "nocca-4x4(goal=straight)", "nocca(columns=8,rows=8,stack=7,repetition=9)",
	"nocca(columns=2,rows=2,repetition=0)", "nocca-3x3(repetition=2,first=black)"}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"b1-b2", "B1C2", "c6-c*", "c6-goal", "c6-d*", "c1-b*", "h8-h*", "a1-a0", "c3-c*", "a1-a3",
		"", " ", "-", "a", "a1", "a1-", "a1-b", "a1-*", "a1-a*x", "a10-a9", "é1-a1", "a1\x00", "c6-GOAL", " e5-e6 ", "a1--a2"} {
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
				if m != games.NoMove || !strings.HasPrefix(err.Error(), "nocca: move ") {
					t.Fatalf("%v: ParseMove(%q) = %d, %v", s.g, in, m, err)
				}
				continue
			}
			f := s.FormatMove(m)
			if strings.HasPrefix(f, "?") {
				t.Fatalf("%v: ParseMove(%q) = %d, which does not format", s.g, in, m)
			}
			if back, err := s.ParseMove(f); err != nil || back != m {
				t.Fatalf("%v: ParseMove(%q) = %d; FormatMove = %q parses to %d, %v", s.g, in, m, f, back, err)
			}
		}
	})
}

func FuzzPosition(f *testing.F) {
	for _, s := range []string{
		"bbbbb/5/5/5/5/wwwww w", "bbb/3/www w", "bbb/3/www b 2", "bbb/3/www w 3", "bw(bb)/3/1ww w", "b1(bb)/3/1ww b",
		"(bw)(bw)(bw)/3/3 b", "bbbb/4/4/wwww w", "(bwb)1b/3/1ww w", "1(wbw)(bb)/3/1w1 b", "bb/ww w",
		"bbb/3/www", "bbb/3/www W", "bbb/12/www w", "bbb/3/ww(w w", "bbb/3/ww() w", "", " ", "w",
		"bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 9", "(bbbbbbb)1bbbbbb/8/8/8/8/8/8/(wwwwwww)7 b",
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
				if !strings.HasPrefix(err.Error(), "nocca: position ") {
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
				if s.Hash() != s.hashFromScratch() {
					t.Fatalf("%v: %q: hash after %s differs from scratch", g, pos, s.FormatMove(m))
				}
				if _, err := g.ParseState(s.Position()); err != nil {
					t.Fatalf("%v: %q after %s: %v", g, pos, s.FormatMove(m), err)
				}
				s.Undo()
			}
			if s.Position() != pos || s.Hash() != back.Hash() {
				t.Fatalf("%v: %q: play and undo changed it", g, pos)
			}
		}
	})
}
