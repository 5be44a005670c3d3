package protocol

// TEMPORARY: stands in for meeple/internal/players until it lands; this file
// is the only one that will import it.

import (
	"fmt"
	"strconv"

	"meeple/games"
	"meeple/internal/search"
)

type engineConfig struct {
	Algorithm string
	HashMB    int
	Seed      uint64
}

func defaultConfig() engineConfig { return engineConfig{Algorithm: "alphabeta", HashMB: 16} }

// option is one engine option as the handshakes list it.
type option struct {
	Name     string
	Type     string // spin, check, combo, string
	Default  string
	Min, Max int
	Vars     []string
}

func engineOptions() []option {
	return []option{
		{Name: "Hash", Type: "spin", Default: "16", Min: 1, Max: 1024},
		{Name: "Algorithm", Type: "combo", Default: "alphabeta", Vars: []string{"alphabeta", "mcts"}},
	}
}

// applyOption sets a players option in c.
func applyOption(c *engineConfig, name, value string) error {
	switch name {
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 1024 {
			return fmt.Errorf("hash: want 1..1024, have %q", value)
		}
		c.HashMB = n
	case "algorithm":
		if value != "alphabeta" && value != "mcts" {
			return fmt.Errorf("algorithm %q: want alphabeta or mcts", value)
		}
		c.Algorithm = value
	default:
		return fmt.Errorf("unknown option")
	}
	return nil
}

func newEngine(g games.Game, c engineConfig) (search.Searcher, error) {
	t := g.Type()
	switch c.Algorithm {
	case "alphabeta":
		if t.Players == 2 && t.Utility == games.ZeroSum && t.Information == games.PerfectInformation {
			return search.NewAlphaBeta(nil, c.HashMB), nil
		}
		return search.NewMCTS(c.Seed), nil
	case "mcts":
		return search.NewMCTS(c.Seed), nil
	}
	return nil, fmt.Errorf("algorithm %q: want alphabeta or mcts", c.Algorithm)
}
