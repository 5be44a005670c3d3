package referee

import (
	"bytes"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// The fuzz targets of the referee's parsers: what a user types (time
// controls, engine specs, resign and draw rules, opening lines) and what
// it reads back from disk (journals). None may panic; a time control that
// parses writes back to itself.

func FuzzParseTC(f *testing.F) {
	for _, s := range []string{"40/60+0.6", "60+0.6", "0:30+0.1", "1:00:00", "10", "inf", "", "0", "1e3", "40/", "/60", "1:60", "5+-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTC(s)
		if err != nil {
			return
		}
		back, err := ParseTC(tc.String())
		if err != nil {
			t.Fatalf("ParseTC(%q) = %+v, whose String %q does not parse: %v", s, tc, tc.String(), err)
		}
		if back != tc {
			t.Fatalf("ParseTC(%q) = %+v, but its String %q reads as %+v", s, tc, tc.String(), back)
		}
	})
}

func FuzzParseEngine(f *testing.F) {
	for _, s := range []string{
		"name=d6 cmd=@self depth=6",
		`cmd=/usr/games/stockfish proto=uci option.Hash=16 "arg=a b" env=K=V tc=40/60+0.6 movetime=0.5 nodes=10 restart=off`,
		`arg="a \"b\" c"`, `name="x`, "cmd=/", `"cmd=a b"`, "option.=1", "proto=xboard", "depth=-1", "dir=/tmp", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseEngine(s)
		if err == nil && e.Name != "" && strings.ContainsAny(e.Name, " \t\"/\\") {
			t.Fatalf("ParseEngine(%q) accepted the name %q", s, e.Name)
		}
	})
}

func FuzzParseRules(f *testing.F) {
	for _, s := range []string{"moves=3,score=600", "moves=3,score=600,twosided=true", "after=40,moves=8,score=10", "moves=0", "score=x", "moves=1,moves=2", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if r, err := ParseResign(s); err == nil && (r.Moves < 1 || r.Score < 0) {
			t.Fatalf("ParseResign(%q) accepted %+v", s, r)
		}
		if r, err := ParseDraw(s); err == nil && (r.Moves < 1 || r.Score < 0 || r.After < 0) {
			t.Fatalf("ParseDraw(%q) accepted %+v", s, r)
		}
	})
}

func FuzzJournal(f *testing.F) {
	f.Add([]byte(""))
	f.Add([]byte("{\"meeple\":\"journal\"}\n"))
	f.Add([]byte("{\"meeple\":\"journal\",\"match\":\"x\"}\n[Game \"1\"]\n\n1. a1 *\n"))
	f.Add([]byte("not json\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		j, good, err := parseJournal(bytes.NewReader(data), "fuzz")
		if err != nil {
			return
		}
		if j == nil || good < 0 || good > int64(len(data)) {
			t.Fatalf("parseJournal: journal %v, good part %d of %d bytes", j, good, len(data))
		}
	})
}

func FuzzOpening(f *testing.F) {
	var gs []games.Game
	for _, name := range []string{"tictactoe", "chess", "othello-6x6", "nocca"} {
		v, err := games.LoadVariant(name)
		if err != nil {
			f.Fatal(err)
		}
		gs = append(gs, v.Game)
	}
	for _, s := range []string{
		"startpos moves b2 a1",
		"startpos moves e2e4 e7e5",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves e7e5",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;",
		"moves", "startpos moves", "x", "",
	} {
		for i := range gs {
			f.Add(i, s)
		}
	}
	f.Fuzz(func(t *testing.T, i int, line string) {
		if i < 0 || i >= len(gs) {
			return
		}
		o, err := parseOpening(gs[i], line)
		if err != nil {
			return
		}
		if _, _, err := o.play(gs[i]); err != nil {
			t.Fatalf("parseOpening(%q) accepted an opening that does not play: %v", line, err)
		}
	})
}
