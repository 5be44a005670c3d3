package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"

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

// Algorithms are the algorithms a Config may name, Auto first.
var Algorithms = []string{Auto, AlphaBeta, MCTS, Random, Baseline}

// DefaultSolveEmpties is where Othello's exact endgame solver takes over by
// default (Config.SolveEmpties): positions with this many empty squares or
// fewer are solved (8x8: about a second at 20 empties on this machine's
// kind of core, milliseconds at 14).
const DefaultSolveEmpties = 18

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
		{Name: "Algorithm", Type: "combo", Default: Auto, Choices: append([]string(nil), Algorithms...),
			Doc: "auto: the best player for the game; alphabeta; mcts; random; baseline: the source article's player, or a random one where the article has none"},
		{Name: "Seed", Type: "spin", Default: "0", Min: 0, Max: math.MaxInt64,
			Doc: "seed of the players that draw random numbers (mcts, random, baseline)"},
		{Name: "SolveEmpties", Type: "spin", Default: strconv.Itoa(DefaultSolveEmpties), Min: 0, Max: 256,
			Doc: "Othello: the exact endgame solver takes over at this many empty squares or fewer (0: never)"},
	}
}

// DefaultConfig is the Config of every option at its default.
func DefaultConfig() Config {
	var c Config
	for _, o := range Options() {
		if err := c.Set(o.Name, o.Default); err != nil {
			panic("engine: default of option " + o.Name + ": " + err.Error())
		}
	}
	return c
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
