package referee_test

import (
	"context"
	"fmt"

	"github.com/meeple-games/meeple/games"
	_ "github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/protocol/client"
)

// firstMove is a Seat that plays the first legal move of the position the
// table's hook last showed.
type firstMove struct{ st *games.State }

func (s firstMove) Go(ctx context.Context, req client.GoRequest) (client.GoReply, error) {
	return client.GoReply{Move: (*s.st).FormatMove((*s.st).LegalMoves(nil)[0])}, nil
}

// A game of tic-tac-toe (a Game) with two scripted seats, then the same
// game resumed after its first three plies.
func ExampleGame() {
	v, err := games.LoadVariant("tictactoe")
	if err != nil {
		panic(err)
	}
	st := new(games.State)
	play := func(plies []record.Ply) *record.Record {
		t := &referee.Game{Variant: v, Seed: 1, Plies: plies,
			Seats: []referee.GameSeat{{Name: "x", Seat: firstMove{st}}, {Name: "o", Seat: firstMove{st}}},
			Hook:  func(u referee.Update) { *st = u.State }}
		rec, err := t.Play(context.Background())
		if err != nil {
			panic(err)
		}
		return rec
	}
	rec := play(nil)
	fmt.Println(len(rec.Plies), rec.Result(), rec.Termination, rec.Reason)
	again := play(rec.Plies[:3])
	fmt.Println(len(again.Plies), again.Result(), again.Termination, again.Reason)
	// Output:
	// 7 1-0 normal x made 3 in a row
	// 7 1-0 normal x made 3 in a row
}
