package othello_test

import (
	"fmt"

	"github.com/meeple-games/meeple/games"
)

// The tiger opening, then the position string (the FFO format) and the
// legal replies.
func Example() {
	v, err := games.LoadVariant("othello")
	if err != nil {
		panic(err)
	}
	st := v.Game.NewState()
	for _, mv := range []string{"f5", "d6", "c3", "d3", "c4"} {
		m, err := games.ParseLegal(st, mv)
		if err != nil {
			panic(err)
		}
		st.Play(m)
	}
	fmt.Println(st.Position())
	for _, m := range st.LegalMoves(nil) {
		fmt.Print(st.FormatMove(m), " ")
	}
	fmt.Println()
	// Output:
	// ------------------XO------XXX------OXX-----O-------------------- O
	// b3 f3 f4 b5 g5 g6
}

// A finished game: the empty squares go to the winner.
func ExampleState_EndReason() {
	v, _ := games.LoadVariant("othello-4x4")
	st, err := v.Game.ParseState("-XXX-XX--XX----- O")
	if err != nil {
		panic(err)
	}
	fmt.Println(st.Player() == games.Terminal, st.EndReason(), st.Returns())
	// Output: true black wins 16-0 [1 -1]
}
