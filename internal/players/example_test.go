package players_test

import (
	"context"
	"fmt"

	"github.com/meeple-games/meeple/games"
	_ "github.com/meeple-games/meeple/games/kinarow"
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
	eng, err := players.New(v.Game, players.Config{})
	if err != nil {
		panic(err)
	}
	res := eng.Search(context.Background(), st, search.Limits{Depth: 9}, nil)
	fmt.Println(st.FormatMove(res.Move), res.Info.Mate)
	// Output: c3 0
}

// Setting options as a protocol's setoption does.
func ExampleConfig_Set() {
	var c players.Config
	for _, o := range players.Options() {
		fmt.Println(o.Name, o.Type, o.Default)
	}
	if err := c.Set("algorithm", "mcts"); err != nil {
		panic(err)
	}
	fmt.Printf("%+v\n", c)
	// Output:
	// Hash spin 16
	// Algorithm combo auto
	// Seed spin 0
	// SolveEmpties spin 18
	// {Algorithm:mcts HashMB:0 Seed:0 SolveEmpties:0}
}
