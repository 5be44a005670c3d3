package nocca

import (
	"errors"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
)

// fuzzGames are the boards the fuzz targets try each input on.
var fuzzGames = []string{"nocca", "nocca-3x3", "nocca-4x4(goal=straight)", "nocca(columns=8,rows=8,stack=7,repetition=9)",
	"nocca(columns=2,rows=2,repetition=0)", "nocca-3x3(repetition=2,first=black)"}

func FuzzParseMove(f *testing.F) {
	gametest.FuzzParseMove(f, gametest.MoveFuzz{
		Games:  gametest.LoadAll(f, fuzzGames...),
		Prefix: "nocca: move ",
		Seeds: []string{"b1-b2", "B1C2", "c6-c*", "c6-goal", "c6-d*", "c1-b*", "h8-h*", "a1-a0", "c3-c*", "a1-a3",
			"", " ", "-", "a", "a1", "a1-", "a1-b", "a1-*", "a1-a*x", "a10-a9", "é1-a1", "a1\x00", "c6-GOAL", " e5-e6 ", "a1--a2"},
		Valid: func(st games.State, m games.Move) error {
			if strings.HasPrefix(st.FormatMove(m), "?") {
				return errors.New("which does not format")
			}
			return nil
		},
	})
}

func FuzzPosition(f *testing.F) {
	gametest.FuzzPosition(f, gametest.PositionFuzz{
		Games:  gametest.LoadAll(f, fuzzGames...),
		Prefix: "nocca: position ",
		Seeds: []string{
			"bbbbb/5/5/5/5/wwwww w", "bbb/3/www w", "bbb/3/www b 2", "bbb/3/www w 3", "bw(bb)/3/1ww w", "b1(bb)/3/1ww b",
			"(bw)(bw)(bw)/3/3 b", "bbbb/4/4/wwww w", "(bwb)1b/3/1ww w", "1(wbw)(bb)/3/1w1 b", "bb/ww w",
			"bbb/3/www", "bbb/3/www W", "bbb/12/www w", "bbb/3/ww(w w", "bbb/3/ww() w", "", " ", "w",
			"bbbbbbbb/8/8/8/8/8/8/wwwwwwww w 9", "(bbbbbbb)1bbbbbb/8/8/8/8/8/8/(wwwwwww)7 b",
		},
		Check: checkHash,
		Moved: func(st games.State) error {
			if err := checkHash(st); err != nil {
				return err
			}
			_, err := st.(*State).g.ParseState(st.Position())
			return err
		},
	})
}

// checkHash checks the incremental hash against the one computed
// from scratch.
func checkHash(st games.State) error {
	if s := st.(*State); s.Hash() != s.hashFromScratch() {
		return errors.New("hash differs from scratch")
	}
	return nil
}
