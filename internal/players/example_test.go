package players_test

import (
	"context"
	"fmt"

	"github.com/meeple-games/meeple/games"
	_ "github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/internal/search"
)

// The engine blocks the open row at once: o must take c3.
func ExampleNew() {
	v, err := games.LoadVariant("tictactoe")
	if err != nil {
		panic(err)
	}
	st, err := v.Game.ParseState("xx1/1o1/1ox o")
	if err != nil {
		panic(err)
	}
	eng, err := players.New(v.Game, engine.Config{})
	if err != nil {
		panic(err)
	}
	res := eng.Search(context.Background(), st, search.Limits{Depth: 9}, nil)
	fmt.Println(st.FormatMove(res.Move), res.Info.Mate)
	// Output: c3 0
}
