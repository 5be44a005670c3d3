package engine

import (
	"context"
	"io"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/search"
)

// Family is what a game family adds to the generic players, registered
// once in internal/players. Every part but Name may be left out: a family
// without its own player plays with the generic ones (alpha-beta or MCTS),
// one without a solver is not solved.
type Family struct {
	// Name is the family's name, as games.Register names it.
	Name string
	// Auto is the family's best player, which Config's "auto" picks.
	Auto func(g games.Game, c Config) search.Searcher
	// Eval is the evaluation of the generic alpha-beta player.
	Eval func(g games.Game) search.Evaluator
	// Baseline is the player of the family's source article (Config's
	// "baseline"), described by Reference.
	Baseline  func(g games.Game, c Config) search.Searcher
	Reference string
	// Solver is the family's exact solver for g with tables of hashMB
	// megabytes, or nil for a game of the family it cannot solve; SolveDoc
	// says what it solves and prints, for meeple solve's help.
	Solver   func(g games.Game, hashMB int) Solver
	SolveDoc string
	// Units are what the family's scores count.
	Units Units
}

// Solver solves positions of one game exactly.
type Solver interface {
	// Solve solves st for its side to move within o's limits and writes
	// what meeple solve prints of it to w: the position, its value, a best
	// move and the line, the effort. It returns an error when it could not
	// start or was stopped by ctx (after the partial report).
	Solve(ctx context.Context, st games.State, o SolveOptions, w io.Writer) error
	// ProveMoves proves each legal move of st for its side to move, in
	// the order of st.LegalMoves; a move it cannot prove within ctx (too
	// far from the end, the time gone) is left out.
	ProveMoves(ctx context.Context, st games.State) []Proof
}

// SolveOptions bound a Solve. A solver ignores the limits it has no use for.
type SolveOptions struct {
	Nodes    int64         // stop after this many nodes (0: no limit)
	MoveTime time.Duration // stop after this long (0: no limit)
	// A retrograde solver's tables (Nocca Nocca): at most MaxBytes (0: the
	// solver's default), saved to Checkpoint now and then and resumed from
	// it, with Progress told how it goes.
	MaxBytes   int64
	Checkpoint string
	Progress   io.Writer
}

// Proof is the exact value of a legal move for the side that plays it:
// Outcome +1 (a win), 0 (a draw) or -1 (a loss) with both sides playing
// perfectly after it, Plies to the end that way (the move counted; 0 for
// a draw where the game has no end), and in a game counted in discs
// (Othello) Margin, the final disc difference.
type Proof struct {
	Move      games.Move `json:"-"`
	Outcome   int        `json:"outcome"`
	Plies     int        `json:"plies"`
	Margin    int        `json:"margin"`
	HasMargin bool       `json:"hasMargin"`
}

// Units are what a family's scores count, in hundredths: returns for most
// games, pawns in chess, discs in Othello, and in The Game minus the cards
// expected to be left.
type Units uint8

const (
	Returns Units = iota // hundredths of a return: +0.35
	Pawns                // centipawns: +0.35
	Discs                // centi-discs: +4 discs
	Cards                // minus 100 x the cards expected to be left: 3.5 cards left
)

// String names the units for a client that words them itself (meeple
// serve's page): "pawns", "discs", "cards" or "" (returns).
func (u Units) String() string {
	return [...]string{Returns: "", Pawns: "pawns", Discs: "discs", Cards: "cards"}[u]
}

// ProveEach proves every legal move of st by proving the position after
// it on its own with prove, which gives the value for the side to move
// there and whether it could; a move whose position it cannot prove is
// left out. It is ProveMoves for a solver that solves one position at a
// time.
func ProveEach(ctx context.Context, st games.State, prove func(ctx context.Context, st games.State) (Proof, bool)) []Proof {
	who := st.Player()
	var out []Proof
	for _, mv := range st.LegalMoves(nil) {
		if ctx.Err() != nil {
			break
		}
		child := st.Clone()
		child.Play(mv)
		var p Proof
		if child.Player() == games.Terminal {
			p.Outcome, p.Plies = Sign(child.Returns()[who]), 1
		} else if q, ok := prove(ctx, child); ok {
			p = Proof{Outcome: -q.Outcome, Plies: q.Plies + 1, Margin: -q.Margin, HasMargin: q.HasMargin}
			if child.Player() == who { // the other side had to pass
				p.Outcome, p.Margin = q.Outcome, q.Margin
			}
		} else {
			continue
		}
		p.Move = mv
		out = append(out, p)
	}
	return out
}

// Sign is -1, 0 or +1 as x is below, at or above 0.
func Sign[N int | float64](x N) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
