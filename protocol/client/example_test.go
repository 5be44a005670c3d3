package client_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/meeple-games/meeple/protocol/client"
)

// A referee's view of one move: start an engine, start a game, search with
// clocks and a deadline, and tell the failures apart.
func ExampleStartEngine() {
	ctx := context.Background()
	c, err := client.StartEngine(ctx, client.EngineSpec{
		Cmd:     []string{"meeple", "engine"},
		Dialect: "native",
		Options: []client.EngineOption{{Name: "Hash", Value: "64"}},
	}, os.Stderr, client.Timeouts{})
	if err != nil {
		log.Fatal(err) // an *EngineError of Kind Startup
	}
	defer c.Close()
	if err := c.NewGame(ctx, "connect4"); err != nil {
		log.Fatal(err)
	}
	clock := []time.Duration{time.Minute, time.Minute}
	rep, err := c.Go(ctx, client.GoRequest{
		Moves:    []string{"d", "c"},
		Time:     clock,
		Inc:      []time.Duration{time.Second, time.Second},
		Deadline: clock[0] + time.Second,
	})
	var ee *client.EngineError
	switch {
	case errors.As(err, &ee) && ee.Kind == client.Crash:
		fmt.Println("the engine crashed:", err)
	case err != nil:
		fmt.Println("the engine failed:", err)
	case rep.Elapsed > clock[0]:
		fmt.Println("lost on time")
	default:
		fmt.Println("bestmove", rep.Move, "score", rep.Score, "pv", rep.PV)
	}
}
