package kinarow

import (
	"errors"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
)

// fuzzGames are the boards the fuzz targets try each input on.
var fuzzGames = []string{
	"tictactoe", "connect4", "score4", "hypercube", "gomoku(exact=true)",
	"kinarow(dims=1,size=9,connect=3)",
	"kinarow(dims=4,size=3x2x3x2,connect=2,gravity=3)",
	"kinarow(dims=6,size=19x19x2x2x2x2,connect=19)",
}

func FuzzParseMove(f *testing.F) {
	gametest.FuzzParseMove(f, gametest.MoveFuzz{
		Games:  gametest.LoadAll(f, fuzzGames...),
		Prefix: "kinarow: ",
		Seeds: []string{"b3", "B3", "d", "b3c", "b3c2", "b2-2", "z9", "", "-", "b-", "1", "a19b2b2",
			"s19b2b2", "b02", "b99999999999999999999", " c ", "é", "a\x00"},
		Setup: func(st games.State) {
			st.Play(st.LegalMoves(nil)[0]) // so that gravity columns differ
		},
		Valid: func(st games.State, m games.Move) error {
			if int(m) >= st.(*State).g.Cells() {
				return errors.New("off the board")
			}
			return nil
		},
	})
}

func FuzzPosition(f *testing.F) {
	gametest.FuzzPosition(f, gametest.PositionFuzz{
		Games:  gametest.LoadAll(f, append(fuzzGames, "qubic", "kinarow(size=4x3,connect=4,gravity=2)")...),
		Prefix: "kinarow: position ",
		Seeds: []string{"3/3/3 x", "3/1x1/3 o", "xxx/oo1/3 o", "xox/xox/oxo o", "7/7/7/7/7/3x3 o",
			"7/7/7/7/ooo4/xxxx3 o", "4/4/4/4//4/4/4/4//4/4/4/4//4/4/4/4 x", "x1o1x1o2 x", "3//3/3 x", "99/3/3 x",
			"4a/4/4/4//4 o", "x8 o", "/ x", "", " ", "3/3/3 "},
		Check: func(st games.State) error {
			if s := st.(*State); s.Hash() != s.hashFromScratch() {
				return errors.New("hash differs from scratch")
			}
			return nil
		},
	})
}
