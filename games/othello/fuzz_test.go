package othello

import (
	"errors"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
)

// fuzzGames are the boards the fuzz targets try each input on.
var fuzzGames = []string{"othello-4x4", "othello-6x6", "othello", "othello-10x10", "othello(size=16,start=parallel)"}

func FuzzParseMove(f *testing.F) {
	gametest.FuzzParseMove(f, gametest.MoveFuzz{
		Games:  gametest.LoadAll(f, fuzzGames...),
		Prefix: "othello: ",
		Seeds: []string{"f5", "F5", "a1", "h8", "p16", "j9", "i10", "a0", "a01", "a17", "pass", "PASS", "pa", "Pa",
			"", " ", "-", "f", "5", "f5x", "ff5", "é1", "a\x00", "z99", " c4 ", "a-1", "a+1"},
		Valid: func(st games.State, m games.Move) error {
			if m != Pass && int(m) >= st.(*State).g.Squares() {
				return errors.New("off the board")
			}
			return nil
		},
	})
}

func FuzzPosition(f *testing.F) {
	gametest.FuzzPosition(f, gametest.PositionFuzz{
		Games:  gametest.LoadAll(f, fuzzGames...),
		Prefix: "othello: position ",
		Seeds: []string{
			"---------------------------OX------XO--------------------------- X",
			"---------------------------OX------XO--------------------------- O",
			"O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
			"XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX O",
			"-----OX--XO----- X", "-----XX--XO----- O", "--------------OX----XO-------------- X",
			"-----OX--XO----- x", "-----OX--XO-----  X", "-----OX--XO----- XO", "-----OX--XO-----", "", " ", "X",
			"-----OX--.O----- X", "----------------- X",
		},
		Moved: func(st games.State) error {
			if s := st.(*State); s.Hash() != s.hashFromScratch() {
				return errors.New("hash differs from scratch")
			}
			return nil
		},
	})
}
