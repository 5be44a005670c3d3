package protocol

// The only file that knows the players package: how a searcher is built and
// which engine options there are.

import (
	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/internal/search"
)

// option is one engine option as the handshakes list it.
type option = players.Option

// engineOptions are the players' options (Hash, Algorithm, Seed, ...).
func engineOptions() []option { return players.Options() }

// newConfig is the players' configuration before any setoption.
func newConfig() players.Config {
	var c players.Config
	for _, o := range players.Options() {
		if err := c.Set(o.Name, o.Default); err != nil {
			panic("protocol: default of option " + o.Name + ": " + err.Error())
		}
	}
	return c
}

func newEngine(g games.Game, c players.Config) (search.Searcher, error) { return players.New(g, c) }

// solveEmpties is where NBoard's Othello search to depth solves exactly:
// at depth + 8 empty squares, at most the player's default (18).
func solveEmpties(depth int) int { return min(depth+8, players.DefaultSolveEmpties) }
