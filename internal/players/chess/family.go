package chess

import (
	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/search"
)

// Family is chess's part of meeple's players, registered in
// internal/players.
var Family = engine.Family{
	Name:  "chess",
	Auto:  func(g games.Game, c engine.Config) search.Searcher { return NewPlayer(g.(*chess.Game), c.HashMB) },
	Units: engine.Pawns,
}
