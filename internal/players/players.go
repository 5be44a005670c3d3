package players

import (
	"fmt"
	"maps"
	"strings"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/engine"
	chessplayer "github.com/meeple-games/meeple/internal/players/chess"
	kinarowplayer "github.com/meeple-games/meeple/internal/players/kinarow"
	noccaplayer "github.com/meeple-games/meeple/internal/players/nocca"
	othelloplayer "github.com/meeple-games/meeple/internal/players/othello"
	thegameplayer "github.com/meeple-games/meeple/internal/players/thegame"
	"github.com/meeple-games/meeple/internal/search"
)

// families are the game families with players of their own: adding a
// family is a line here and its package under internal/players.
var families = register(
	chessplayer.Family,
	kinarowplayer.Family,
	noccaplayer.Family,
	othelloplayer.Family,
	thegameplayer.Family,
)

func register(fams ...engine.Family) map[string]engine.Family {
	m := make(map[string]engine.Family, len(fams))
	for _, f := range fams {
		m[f.Name] = f
	}
	return m
}

// Families are the registered families, by name.
func Families() map[string]engine.Family { return maps.Clone(families) }

// UnitsOf are what the scores of a game family's players count.
func UnitsOf(family string) engine.Units { return families[family].Units }

// NewSolver is g's exact solver with tables of hashMB megabytes, or nil
// when its family has none for it.
func NewSolver(g games.Game, hashMB int) engine.Solver {
	if f := families[g.Family()]; f.Solver != nil {
		return f.Solver(g, hashMB)
	}
	return nil
}

// New returns a player for g as c asks.
//
// "auto" picks the best player for the family: for k-in-a-row, alpha-beta
// with the threat evaluation behind win/block checks and a threat-space
// search; for another two-player zero-sum game of perfect information,
// alpha-beta with the default evaluation (terminal results only); for
// anything else (more players, chance, hidden information, general-sum or
// cooperative utility), MCTS. "alphabeta" is refused where it would be
// wrong (not two players, not zero-sum, hidden information). "baseline" is
// the player of the family's source article where it has one (k-in-a-row,
// Othello), and a random player for the families whose articles have none
// (Nocca, The Game).
//
// A player that uses c.Seed implements search.Seeder, so a new seed never
// needs a new player; the others ignore the seed. New allocates every table
// the player will use, so its searches allocate none.
func New(g games.Game, c engine.Config) (search.Searcher, error) {
	fam, known := families[g.Family()]
	typ := g.Type()
	abOK := typ.Players == 2 && typ.Utility == games.ZeroSum && typ.Information == games.PerfectInformation
	switch strings.ToLower(c.Algorithm) {
	case engine.Auto, "":
		switch {
		case known && fam.Auto != nil:
			return fam.Auto(g, c), nil
		case abOK && !typ.Chance:
			return newAlphaBeta(g, fam, c), nil
		}
		return newMCTS(g, c), nil
	case engine.AlphaBeta:
		if !abOK {
			return nil, fmt.Errorf("players: alphabeta needs a two-player zero-sum game of perfect information; %s is %d-player %s with %s information (use mcts)",
				g.Family(), typ.Players, typ.Utility, typ.Information)
		}
		return newAlphaBeta(g, fam, c), nil
	case engine.MCTS:
		return newMCTS(g, c), nil
	case engine.Random:
		return &search.Random{Seed: c.Seed}, nil
	case engine.Baseline:
		if !known || fam.Baseline == nil {
			return nil, fmt.Errorf("players: no baseline for %s (only the source articles' games have one)", g.Family())
		}
		return fam.Baseline(g, c), nil
	}
	return nil, fmt.Errorf("players: unknown algorithm %q (want %s)", c.Algorithm, strings.Join(engine.Algorithms, ", "))
}

func newAlphaBeta(g games.Game, fam engine.Family, c engine.Config) search.Searcher {
	var eval search.Evaluator
	if fam.Eval != nil {
		eval = fam.Eval(g)
	}
	return search.NewAlphaBeta(eval, c.HashMB)
}

func newMCTS(g games.Game, c engine.Config) search.Searcher {
	m := search.NewMCTS(c.Seed)
	typ := g.Type()
	m.MinReturn, m.MaxReturn = typ.MinReturn, typ.MaxReturn
	return m
}
