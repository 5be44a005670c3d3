package engine_test

import (
	"fmt"

	"github.com/meeple-games/meeple/internal/engine"
)

// Setting options as a protocol's setoption does.
func ExampleConfig_Set() {
	var c engine.Config
	for _, o := range engine.Options() {
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
