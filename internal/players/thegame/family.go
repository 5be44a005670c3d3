package thegame

import (
	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/thegame"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/search"
)

// Family is The Game's part of meeple's players, registered in
// internal/players.
var Family = engine.Family{
	Name:      "thegame",
	Auto:      func(g games.Game, c engine.Config) search.Searcher { return NewPlayer(g.(*thegame.Game), c.Seed) },
	Baseline:  func(_ games.Game, c engine.Config) search.Searcher { return &search.Random{Seed: c.Seed} },
	Reference: "a random baseline (The Game article's web app has no computer player): a uniformly random legal move",
	Units:     engine.Cards,
}
