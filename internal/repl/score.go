package repl

import (
	"fmt"
	"math"
	"strconv"

	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/internal/search"
)

// scoreText writes a score of the side to move as a player reads it: a
// forced end as "mate in 3" / "mated in 2" (chess) or "wins in 3" / "loses
// in 2" (counting the winner's moves in a game of two seats, else plies),
// chess in pawns (+0.35), Othello in discs (+4 discs), The Game in the
// cards expected to be left (3.5 cards left), anything else in returns
// (+0.35). score is in centi-units; mate in plies (0: none). A score
// beyond search.MaxEval is a mate score that came without its distance
// and is read as one. It is "" when there is nothing to say.
func scoreText(u engine.Units, seats int, score, mate int) string {
	if mate == 0 && search.IsMate(score) {
		mate = search.MatePlies(score)
	}
	if mate != 0 {
		n, unit := abs(mate), ""
		if seats == 2 {
			n = (n + 1) / 2 // the winner's moves: a win in 3 plies is 2 moves, a loss in 4 plies the opponent's 2
		} else {
			unit = plural(n, " ply", " plies")
		}
		switch {
		case u == engine.Pawns && mate > 0:
			return fmt.Sprintf("mate in %d%s", n, unit)
		case u == engine.Pawns:
			return fmt.Sprintf("mated in %d%s", n, unit)
		case mate > 0:
			return fmt.Sprintf("wins in %d%s", n, unit)
		}
		return fmt.Sprintf("loses in %d%s", n, unit)
	}
	switch u {
	case engine.Discs:
		d := roundTo(float64(score)/100, 1)
		return signed(d, 1) + unitName(d, " disc", " discs")
	case engine.Cards:
		left := roundTo(max(-float64(score)/100, 0), 1)
		return strconv.FormatFloat(left, 'f', -1, 64) + unitName(left, " card", " cards") + " left"
	}
	return signed(float64(score)/100, 2)
}

// signed writes x with a sign and up to prec decimals: +0.35, -1, +0.00
// (pawns keep their two decimals; discs drop a zero fraction).
func signed(x float64, prec int) string {
	var s string
	if prec == 2 {
		s = strconv.FormatFloat(x, 'f', 2, 64)
	} else {
		s = strconv.FormatFloat(roundTo(x, prec), 'f', -1, 64)
	}
	if s == "-0" || s == "-0.00" {
		s = s[1:]
	}
	if s[0] != '-' {
		s = "+" + s
	}
	return s
}

// unitName is one for a quantity of exactly plus or minus one, else many.
func unitName(x float64, one, many string) string {
	if math.Abs(x) == 1 {
		return one
	}
	return many
}

func roundTo(x float64, prec int) float64 {
	p := math.Pow(10, float64(prec))
	return math.Round(x*p) / p
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// units are what the scores of the game on the table count.
func (r *repl) units() engine.Units { return players.UnitsOf(r.t.Variant().Family) }
