package kinarow_test

import (
	"fmt"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
)

// Connect Four: a move may name just the column; the stone falls.
func Example() {
	v, err := games.LoadVariant("connect4")
	if err != nil {
		panic(err)
	}
	st := v.Game.NewState()
	for _, mv := range []string{"d", "d", "c", "c", "b", "b", "a"} {
		m, err := games.ParseLegal(st, mv)
		if err != nil {
			panic(err)
		}
		st.Play(m)
	}
	fmt.Println(st.Position())
	fmt.Println(st.EndReason(), st.Returns())
	// Output:
	// 7/7/7/7/1ooo3/xxxx3 o
	// x made 4 in a row [1 -1]
}

// The windows and their counts, as a threat-aware evaluation reads them.
func ExampleState_LineCount() {
	v, _ := games.LoadVariant("tictactoe")
	g := v.Game.(*kinarow.Game)
	st := g.NewState().(*kinarow.State)
	for _, mv := range []string{"b2", "a1", "c2"} {
		m, _ := st.ParseMove(mv)
		st.Play(m)
	}
	fmt.Println(len(g.Lines()), "lines,", len(g.LinesThrough(4)), "through the centre")
	for _, li := range g.LinesThrough(4) {
		var cells []string
		for _, c := range g.Lines()[li] {
			cells = append(cells, st.FormatMove(games.Move(c)))
		}
		fmt.Println(cells, st.LineCount(li))
	}
	// Output:
	// 8 lines, 4 through the centre
	// [a3 b2 c1] [1 0]
	// [a2 b2 c2] [2 0]
	// [b1 b2 b3] [1 0]
	// [a1 b2 c3] [1 1]
}
