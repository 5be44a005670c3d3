package players

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/games/nocca"
	"github.com/meeple-games/meeple/games/othello"
	"github.com/meeple-games/meeple/games/thegame"
	chessplayer "github.com/meeple-games/meeple/internal/players/chess"
	kinarowplayer "github.com/meeple-games/meeple/internal/players/kinarow"
	noccaplayer "github.com/meeple-games/meeple/internal/players/nocca"
	othelloplayer "github.com/meeple-games/meeple/internal/players/othello"
	thegameplayer "github.com/meeple-games/meeple/internal/players/thegame"
	"github.com/meeple-games/meeple/internal/search"
)

// Algorithms a Config may name.
const (
	Auto      = "auto"      // the best player for the game's family
	AlphaBeta = "alphabeta" // search.AlphaBeta with the family's evaluation, if it has one
	MCTS      = "mcts"      // search.MCTS
	Random    = "random"    // search.Random
	Baseline  = "baseline"  // the family's source-article player
)

var algorithms = []string{Auto, AlphaBeta, MCTS, Random, Baseline}

// DefaultSolveEmpties is where Othello's exact endgame solver takes over by
// default (Config.SolveEmpties).
const DefaultSolveEmpties = othelloplayer.DefaultSolveEmpties

// Config chooses and tunes a player. The zero value is "auto" with the
// default hash size and seed 0.
type Config struct {
	Algorithm string // "auto" (or ""), "alphabeta", "mcts", "random", "baseline"
	HashMB    int    // transposition table size in megabytes (0: search.DefaultHashMB)
	Seed      uint64 // for the players that draw random numbers
	// SolveEmpties is where Othello's exact endgame solver takes over: at
	// this many empty squares or fewer (0: DefaultSolveEmpties; negative:
	// never).
	SolveEmpties int
}

// family is what a game family adds to the generic players.
type family struct {
	auto      func(g games.Game, c Config) search.Searcher
	eval      func(g games.Game) search.Evaluator
	baseline  func(g games.Game, c Config) search.Searcher
	reference string                                // where the baseline comes from
	prover    func(g games.Game, hashMB int) Prover // nil: no solver (prove.go)
}

var families = map[string]family{
	"chess": {
		auto: func(g games.Game, c Config) search.Searcher {
			return chessplayer.NewPlayer(g.(*chess.Game), c.HashMB)
		},
	},
	"kinarow": {
		auto: func(g games.Game, c Config) search.Searcher {
			kg := g.(*kinarow.Game)
			p := kinarowplayer.NewPlayer(kg, c.HashMB)
			if kinarowplayer.Provable(kg) {
				return kinarowplayer.NewProver(kg, c.HashMB, p)
			}
			return p
		},
		eval: func(g games.Game) search.Evaluator {
			return kinarowplayer.NewEval(g.(*kinarow.Game))
		},
		baseline: func(g games.Game, c Config) search.Searcher {
			return kinarowplayer.NewBaseline(g.(*kinarow.Game), c.Seed)
		},
		reference: "the 4-D tic-tac-toe article's CPU: win, block, fork-block, fork (each on the cell on the most lines with two), random",
		prover:    newKinarowProver,
	},
	"othello": {
		auto: func(g games.Game, c Config) search.Searcher {
			p := othelloplayer.NewPlayer(g.(*othello.Game), c.HashMB)
			if c.SolveEmpties != 0 {
				p.SolveEmpties = c.SolveEmpties
			}
			return p
		},
		eval: func(g games.Game) search.Evaluator {
			return othelloplayer.NewEval(g.(*othello.Game))
		},
		baseline: func(g games.Game, c Config) search.Searcher {
			return othelloplayer.Baseline{}
		},
		reference: "the Othello article's CPU: the first legal square, a1 to h8 row by row",
		prover:    newOthelloProver,
	},
	"nocca": {
		auto: func(g games.Game, c Config) search.Searcher {
			return noccaplayer.NewPlayer(g.(*nocca.Game), c.HashMB)
		},
		eval: func(g games.Game) search.Evaluator {
			return noccaplayer.NewEval(g.(*nocca.Game))
		},
		baseline: func(g games.Game, c Config) search.Searcher {
			return &search.Random{Seed: c.Seed}
		},
		reference: "a random baseline (the Nocca Nocca article has no computer player): a uniformly random legal move",
		prover:    newNoccaProver,
	},
	"thegame": {
		auto: func(g games.Game, c Config) search.Searcher {
			return thegameplayer.NewPlayer(g.(*thegame.Game), c.Seed)
		},
		baseline: func(g games.Game, c Config) search.Searcher {
			return &search.Random{Seed: c.Seed}
		},
		reference: "a random baseline (The Game article's web app has no computer player): a uniformly random legal move",
	},
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
func New(g games.Game, c Config) (search.Searcher, error) {
	fam, known := families[g.Family()]
	typ := g.Type()
	abOK := typ.Players == 2 && typ.Utility == games.ZeroSum && typ.Information == games.PerfectInformation
	switch strings.ToLower(c.Algorithm) {
	case Auto, "":
		switch {
		case known && fam.auto != nil:
			return fam.auto(g, c), nil
		case abOK && !typ.Chance:
			return newAlphaBeta(g, fam, c), nil
		}
		return newMCTS(g, c), nil
	case AlphaBeta:
		if !abOK {
			return nil, fmt.Errorf("players: alphabeta needs a two-player zero-sum game of perfect information; %s is %d-player %s with %s information (use mcts)",
				g.Family(), typ.Players, typ.Utility, typ.Information)
		}
		return newAlphaBeta(g, fam, c), nil
	case MCTS:
		return newMCTS(g, c), nil
	case Random:
		return &search.Random{Seed: c.Seed}, nil
	case Baseline:
		if !known || fam.baseline == nil {
			return nil, fmt.Errorf("players: no baseline for %s (only the source articles' games have one)", g.Family())
		}
		return fam.baseline(g, c), nil
	}
	return nil, fmt.Errorf("players: unknown algorithm %q (want %s)", c.Algorithm, strings.Join(algorithms, ", "))
}

func newAlphaBeta(g games.Game, fam family, c Config) search.Searcher {
	var eval search.Evaluator
	if fam.eval != nil {
		eval = fam.eval(g)
	}
	return search.NewAlphaBeta(eval, c.HashMB)
}

func newMCTS(g games.Game, c Config) search.Searcher {
	m := search.NewMCTS(c.Seed)
	typ := g.Type()
	m.MinReturn, m.MaxReturn = typ.MinReturn, typ.MaxReturn
	return m
}

// Option is an engine option as the protocol lists it in a handshake, in
// UCI's terms: a spin is an integer in Min..Max, a check a boolean, a combo
// one of Choices, a string free text.
type Option struct {
	Name    string
	Type    string // "spin", "check", "combo" or "string"
	Default string
	Min     int64 // spin only
	Max     int64 // spin only
	Choices []string
	Doc     string
}

// Options describes the options that map onto Config (see Config.Set).
func Options() []Option {
	return []Option{
		{Name: "Hash", Type: "spin", Default: strconv.Itoa(search.DefaultHashMB), Min: 1, Max: 16384,
			Doc: "transposition table size in megabytes"},
		{Name: "Algorithm", Type: "combo", Default: Auto, Choices: append([]string(nil), algorithms...),
			Doc: "auto: the best player for the game; alphabeta; mcts; random; baseline: the source article's player, or a random one where the article has none"},
		{Name: "Seed", Type: "spin", Default: "0", Min: 0, Max: math.MaxInt64,
			Doc: "seed of the players that draw random numbers (mcts, random, baseline)"},
		{Name: "SolveEmpties", Type: "spin", Default: strconv.Itoa(DefaultSolveEmpties), Min: 0, Max: 256,
			Doc: "Othello: the exact endgame solver takes over at this many empty squares or fewer (0: never)"},
	}
}

// Set applies one option by name (case-insensitive, as UCI's setoption),
// checking the value against Options.
func (c *Config) Set(name, value string) error {
	value = strings.TrimSpace(value)
	for _, o := range Options() {
		if !strings.EqualFold(o.Name, strings.TrimSpace(name)) {
			continue
		}
		switch o.Type {
		case "spin":
			n, err := strconv.ParseInt(value, 10, 64)
			if err != nil || n < o.Min || n > o.Max {
				return fmt.Errorf("option %s: %q is not a whole number in %d..%d", o.Name, value, o.Min, o.Max)
			}
			switch o.Name {
			case "Hash":
				c.HashMB = int(n)
			case "Seed":
				c.Seed = uint64(n)
			case "SolveEmpties":
				c.SolveEmpties = int(n)
				if n == 0 {
					c.SolveEmpties = -1 // never; Config's 0 is the default
				}
			}
		case "combo":
			for _, ch := range o.Choices {
				if strings.EqualFold(ch, value) {
					c.Algorithm = ch
					return nil
				}
			}
			return fmt.Errorf("option %s: %q is not one of %s", o.Name, value, strings.Join(o.Choices, ", "))
		}
		return nil
	}
	return fmt.Errorf("unknown option %q", name)
}
