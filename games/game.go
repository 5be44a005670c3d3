package games

import (
	"fmt"
	"math/rand/v2"
)

// Move is one action in a game: a small integer whose bit layout each game
// defines and documents in its doc.go. Strings exist only at the edges
// (State.ParseMove, State.FormatMove). The zero value is a valid move in most
// games; NoMove marks the absence of one.
type Move uint32

// NoMove is returned where there is no move (a search on a finished game).
const NoMove Move = 1<<32 - 1

// Special values of State.Player.
const (
	Terminal = -1 // the game is over
	Chance   = -2 // the next move is a chance outcome (a card drawn, dice)
)

// Information says how much of the state each player sees.
type Information uint8

const (
	PerfectInformation Information = iota
	ImperfectInformation
)

func (i Information) String() string {
	if i == ImperfectInformation {
		return "imperfect"
	}
	return "perfect"
}

// Utility says how the players' returns relate, as in OpenSpiel.
type Utility uint8

const (
	ZeroSum    Utility = iota // returns sum to zero: one side's gain is the other's loss
	GeneralSum                // no constraint
	Identical                 // every player gets the same return: a cooperative game
)

func (u Utility) String() string {
	switch u {
	case ZeroSum:
		return "zero-sum"
	case Identical:
		return "identical"
	}
	return "general-sum"
}

// Type is what a game is, independent of any position.
type Type struct {
	Players     int // number of seats, fixed for a configured variant
	Chance      bool
	Information Information
	Utility     Utility
	MinReturn   float64 // the range of a player's return
	MaxReturn   float64
	// Penalty, when set, names what a cooperative game's return counts
	// against the players, the return being minus that count (The Game:
	// "cards left"). Score summaries then report the mean penalty, and the
	// rate of games whose penalty is below Excellent (when Excellent > 0).
	Penalty   string
	Excellent float64
}

// TeamResult is the result of a finished cooperative game (Identical
// utility), where the players win or lose together and no seat is the
// winner: "win" when the team's return is MaxReturn, else "loss". It is ""
// for other games.
func (t Type) TeamResult(ret []float64) string {
	switch {
	case t.Utility != Identical || len(ret) == 0:
		return ""
	case ret[0] >= t.MaxReturn:
		return "win"
	}
	return "loss"
}

// Winner is the seat with the unique highest of a finished game's returns,
// or -1 (a draw, or a tie at the top).
func Winner(ret []float64) int {
	best := -1
	for i, x := range ret {
		if best < 0 || x > ret[best] {
			best = i
		}
	}
	for i, x := range ret {
		if i != best && x == ret[best] {
			return -1
		}
	}
	return best
}

// Game is one configured variant of a game family: its rules are fixed, and
// it makes the states that are played.
type Game interface {
	// Family is the registered name of the rules engine ("kinarow").
	Family() string
	// Type tells the number of players, chance, information and utility.
	Type() Type
	// Params are the effective rule values, every key of the family's schema.
	Params() Values
	// NewState returns the start position (for chance games: before the deal,
	// with Player() == Chance).
	NewState() State
	// ParseState reads a position string as written by State.Position.
	ParseState(pos string) (State, error)
	// Describe tells a generic client enough to draw and drive the game.
	Describe() Description
}

// State is a position together with whatever history Undo needs.
//
// A non-terminal state always has at least one legal move (pass is a move).
// Play must be given a move from LegalMoves; use ParseLegal to validate input.
type State interface {
	// Player is the seat to move (0-based), Terminal or Chance. In a game
	// where one player makes several moves in a turn it stays the same
	// until the turn ends.
	Player() int
	// LegalMoves appends the legal moves to buf[:0] and returns it; it does
	// not allocate when buf has room. At a chance node these are the outcomes.
	LegalMoves(buf []Move) []Move
	Play(m Move)
	// Undo takes back the last Play. It panics when there is nothing to undo.
	Undo()
	// Clone returns an independent copy (history included).
	Clone() State
	// Returns is the per-player outcome: meaningful once Player() == Terminal,
	// zeros before.
	Returns() []float64
	// EndReason says why the game ended ("three in a row", "board full"); ""
	// while it goes on.
	EndReason() string
	// Hash is a Zobrist-style hash of the position (not the history); equal
	// positions have equal hashes however they were reached.
	Hash() uint64
	// Position is a one-line position string that Game.ParseState reads back.
	Position() string
	// String draws the position for a person.
	String() string
	// ParseMove reads a move in the game's notation. It checks the syntax and
	// the board, not legality in this position.
	ParseMove(s string) (Move, error)
	FormatMove(m Move) string
}

// ChanceState is implemented by states of games whose chance outcomes are
// not equally likely. Without it, the outcomes at a chance node are uniform.
type ChanceState interface {
	State
	// ChanceProbs appends the probability of each outcome in moves.
	ChanceProbs(moves []Move, buf []float64) []float64
}

// ViewState is implemented by states of imperfect-information games.
type ViewState interface {
	State
	// View is what the given player may see: a position string in which
	// every part hidden from that player is masked. Game.ParseState accepts it
	// (the hidden parts are then sampled or left empty, as the game documents).
	View(player int) string
	// Resample returns a full state consistent with what player sees, with
	// every hidden part drawn from rng (determinization).
	Resample(player int, rng *rand.Rand) State
}

// Explainer is implemented by states that can tell a player why a move
// their notation reads is not legal now, as the rules see it: "e4 is
// taken", "the king would be in check", "card 57 is not in your hand".
// The answer is "" when the move is legal or the state cannot say.
type Explainer interface {
	WhyIllegal(m Move) string
}

// ParseLegal parses s in st's notation and checks that it is legal now; an
// illegal move's error says why when st is an Explainer.
func ParseLegal(st State, s string) (Move, error) {
	m, err := st.ParseMove(s)
	if err != nil {
		return NoMove, err
	}
	for _, l := range st.LegalMoves(nil) {
		if l == m {
			return m, nil
		}
	}
	if st.Player() == Terminal {
		return NoMove, fmt.Errorf("move %q: the game is over", s)
	}
	if ex, ok := st.(Explainer); ok {
		if why := ex.WhyIllegal(m); why != "" {
			return NoMove, fmt.Errorf("move %q: not legal here: %s", s, why)
		}
	}
	return NoMove, fmt.Errorf("move %q: not legal here", s)
}

// SampleChance draws a chance outcome at a chance node.
func SampleChance(st State, rng *rand.Rand) Move {
	moves := st.LegalMoves(nil)
	if cs, ok := st.(ChanceState); ok {
		probs := cs.ChanceProbs(moves, nil)
		r := rng.Float64()
		for i, p := range probs {
			if r < p {
				return moves[i]
			}
			r -= p
		}
		return moves[len(moves)-1]
	}
	return moves[rng.IntN(len(moves))]
}

// Perft counts the leaves of the move tree to depth: perft(0) is 1, and
// perft(d) for d >= 1 is the sum of perft(d-1) over the position's moves
// (chance outcomes count as moves, and a pass is a move). A finished game
// has no moves, so its perft at depth 1 or more is 0: a line that ends
// before depth is no leaf. This is the convention of chess perft tables
// (a mate counts as nothing), and every game's own perft follows it.
func Perft(st State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := PerftMoves(st, make([]Move, 0, 64))
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		st.Play(m)
		n += Perft(st, depth-1)
		st.Undo()
	}
	return n
}

// Perfter is implemented by states with a faster perft of their own (bulk
// counting, concrete types); callers use it in place of the generic Perft.
// It counts the same tree as Perft.
type Perfter interface {
	Perft(depth int) uint64
}

// PerftMover is implemented by states whose perft tree is not the game
// tree. Chess is the one: its perft counts moves by move generation alone,
// also in a game over by a draw rule (fifty moves, repetition, material),
// as chess perft tables and Stockfish's "go perft" do; a mate or a
// stalemate has no moves.
type PerftMover interface {
	PerftMoves(buf []Move) []Move
}

// PerftMoves returns the moves below st in its perft tree, appended to
// buf[:0]: the legal moves (none once the game is over), or the state's own
// PerftMoves.
func PerftMoves(st State, buf []Move) []Move {
	if pm, ok := st.(PerftMover); ok {
		return pm.PerftMoves(buf)
	}
	if st.Player() == Terminal {
		return buf[:0]
	}
	return st.LegalMoves(buf)
}

// CountLeaves runs st's own perft if it has one, else the generic one.
func CountLeaves(st State, depth int) uint64 {
	if p, ok := st.(Perfter); ok {
		return p.Perft(depth)
	}
	return Perft(st, depth)
}

// DivideRow is one move of a perft divide and the leaves below it.
type DivideRow struct {
	Move   Move
	Leaves uint64
}

// Divide splits CountLeaves(st, depth) by the moves of st, for depth >= 1:
// the leaves below each move, in PerftMoves order, whose sum is the perft.
// A finished game has no rows. st is left as it was found.
func Divide(st State, depth int) []DivideRow {
	if depth < 1 {
		return nil
	}
	moves := PerftMoves(st, nil)
	rows := make([]DivideRow, len(moves))
	for i, m := range moves {
		st.Play(m)
		rows[i] = DivideRow{m, CountLeaves(st, depth-1)}
		st.Undo()
	}
	return rows
}
