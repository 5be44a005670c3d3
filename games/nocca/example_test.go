package nocca_test

import (
	"fmt"

	"github.com/meeple-games/meeple/games"
)

// Black steps onto white's piece on b2: the position string writes the
// stack bottom to top in parentheses, and the board shows its top piece in
// capitals.
func Example() {
	v, err := games.LoadVariant("nocca")
	if err != nil {
		panic(err)
	}
	st := v.Game.NewState()
	for _, mv := range []string{"b1-b2", "b6-b5", "b2-b3", "b5-b4", "e1-e2", "b4-b3"} {
		m, err := games.ParseLegal(st, mv)
		if err != nil {
			panic(err)
		}
		st.Play(m)
	}
	fmt.Println(st.Position())
	fmt.Print(st)
	// Output:
	// b1bbb/5/5/1(wb)3/4w/w1ww1 w
	//   white's goal
	//   a   b   c   d   e
	// 6 B   .   B   B   B
	// 5 .   .   .   .   .
	// 4 .   .   .   .   .
	// 3 .   wB  .   .   .
	// 2 .   .   .   .   W
	// 1 W   .   W   W   .
	//   black's goal
	// white to move
}

// A white piece uncovered on black's home row steps into the goal.
func ExampleState_EndReason() {
	v, _ := games.LoadVariant("nocca-3x3")
	st, err := v.Game.ParseState("bw(bb)/3/1ww w")
	if err != nil {
		panic(err)
	}
	m, _ := games.ParseLegal(st, "b3-goal")
	st.Play(m)
	fmt.Println(st.FormatMove(m), st.Position(), st.Player() == games.Terminal, st.EndReason(), st.Returns())
	// Output: b3-b* b1(bb)/3/1ww b true white reached the goal [1 -1]
}
