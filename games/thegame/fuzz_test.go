package thegame

import (
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games/gametest"
)

var fuzzGames = []string{"thegame", "thegame(players=5)", "thegame(high=30,up=1,down=3,hand=3)", "thegame-house(players=2)"}

func FuzzParseMove(f *testing.F) {
	gametest.FuzzParseMove(f, gametest.MoveFuzz{
		Games:  gametest.LoadAll(f, fuzzGames...),
		Prefix: "thegame: move ",
		Seeds:  []string{"57a", "2b", "99d", "end", "END", "+57", "+2", "57e", "1a", "100c", "", "+", "a", "57", "+57a", "-5a", "++5", " 57A ", "057a"},
	})
}

func FuzzPosition(f *testing.F) {
	for _, s := range []string{
		"-/-/-/- - 98 deal 1 0",
		"5,12/-/96/- 14,20,33,41,57,60,70,80 78 play 1 2",
		"5,12/-/96/- ?8 78 play 1 2",
		"-/- 5,20,30/?3 23 play 1 0",
		"", "x", "-/-/-/- - 98 over 1 0", "-/-/-/- - 98 deal 0 0", "5,5/-/-/- - 96 play 1 0",
	} {
		f.Add(s)
	}
	gs := gametest.LoadAll(f, fuzzGames...)
	f.Fuzz(func(t *testing.T, in string) {
		for _, g := range gs {
			st, err := g.ParseState(in)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "thegame: position ") {
					t.Fatalf("%v: error %v", g, err)
				}
				continue
			}
			pos := st.Position()
			back, err := g.ParseState(pos)
			if err != nil || back.Position() != pos || back.Hash() != st.Hash() {
				t.Fatalf("%v: %q -> %q does not round-trip: %v", g, in, pos, err)
			}
			st.LegalMoves(nil)
			_ = st.String()
		}
	})
}
