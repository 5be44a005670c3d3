package table

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// Kind classifies an Error.
type Kind uint8

const (
	Syntax      Kind = iota + 1 // missing or malformed arguments
	IllegalMove                 // a move that does not parse or is not legal now
	BadPosition                 // a position string the game cannot read
	BadVariant                  // a variant that cannot be loaded
	GameOver                    // a move after the end of the game
	NoHistory                   // undo asked for more moves than were played
	Internal                    // a bug (a game that never leaves a chance node)
)

var kindNames = [...]string{Syntax: "syntax", IllegalMove: "illegal-move", BadPosition: "bad-position",
	BadVariant: "bad-variant", GameOver: "game-over", NoHistory: "no-history", Internal: "internal"}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Error is a change the table refused: what kind, and a one-line message.
// The table is unchanged after one.
type Error struct {
	Kind Kind
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

func errorf(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Msg: fmt.Sprintf(format, args...)}
}

// maxChance bounds a run of chance outcomes drawn in a row (a game that
// never leaves a chance node is a bug, not a hang).
const maxChance = 1 << 16

// Step is one move of the history.
type Step struct {
	Move   games.Move
	Chance bool // a chance outcome (drawn or given), not a player's move
	Seat   int  // who played it (-1 for chance)
}

// Table is one game in progress. The zero value is not usable: see New.
// A Table is used by one goroutine at a time.
type Table struct {
	variant *games.Variant
	game    games.Game
	seats   []string // seat names from Describe
	start   string   // the position string the history starts from; "" for the start position
	st      games.State
	history []Step // the moves played since the position was set

	pcg *rand.PCG
	rng *rand.Rand
}

// New returns a table with no variant yet (use NewVariant or UseVariant)
// that draws chance outcomes from src.
func New(src *rand.PCG) *Table {
	t := &Table{}
	t.SetChance(src)
	return t
}

// SetChance replaces the source of chance outcomes.
func (t *Table) SetChance(src *rand.PCG) {
	t.pcg = src
	t.rng = rand.New(src)
}

// Variant is the variant being played.
func (t *Table) Variant() *games.Variant { return t.variant }

// Game is the variant's game.
func (t *Table) Game() games.Game { return t.game }

// State is the current position. It belongs to the table: a caller that
// plays on it must leave it as it found it (search a Clone).
func (t *Table) State() games.State { return t.st }

// Seats are the seat names in turn order.
func (t *Table) Seats() []string { return t.seats }

// Start is the position string the history starts from, "" for the
// variant's start position.
func (t *Table) Start() string { return t.start }

// History is the moves played since the position was set (shared: do not
// modify it).
func (t *Table) History() []Step { return t.history }

// LoadVariant loads spec with key=value overrides.
func LoadVariant(spec string, set []string) (*games.Variant, *Error) {
	if spec == "" {
		return nil, errorf(Syntax, "want a variant: a name, a .toml file or an inline spec")
	}
	v, err := games.LoadVariant(spec, set...)
	if err != nil {
		return nil, errorf(BadVariant, "%v", err)
	}
	return v, nil
}

// NewVariant switches to a variant at its start position. On error nothing
// changes.
func (t *Table) NewVariant(spec string, set []string) *Error {
	v, e := LoadVariant(spec, set)
	if e != nil {
		return e
	}
	return t.UseVariant(v)
}

// UseVariant switches to a loaded variant at its start position.
func (t *Table) UseVariant(v *games.Variant) *Error {
	old := *t
	t.variant, t.game = v, v.Game
	t.seats = v.Game.Describe().Players
	if e := t.SetPosition("", nil); e != nil {
		*t = old
		return e
	}
	return nil
}

// Reset goes back to the start position of the variant (a new game under
// the same rules).
func (t *Table) Reset() *Error { return t.SetPosition("", nil) }

// SetPosition sets the position from a position string ("" for the start)
// followed by moves; the history starts there. On error nothing changes.
func (t *Table) SetPosition(pos string, moves []string) *Error {
	var st games.State
	if pos == "" {
		st = t.game.NewState()
	} else {
		var err error
		if st, err = t.game.ParseState(pos); err != nil {
			return errorf(BadPosition, "%v", err)
		}
	}
	saved := *t.pcg
	hist, e := t.apply(st, moves, nil)
	if e != nil {
		*t.pcg = saved
		return e
	}
	t.st, t.history, t.start = st, hist, pos
	return nil
}

// Play plays moves on the current position, all or nothing.
func (t *Table) Play(moves []string) *Error {
	saved := *t.pcg
	n := len(t.history)
	hist, e := t.apply(t.st, moves, t.history)
	if e != nil {
		for range len(hist) - n {
			t.st.Undo()
		}
		*t.pcg = saved
		t.history = hist[:n]
		return e
	}
	t.history = hist
	return nil
}

// apply plays moves on st, appending to hist. At a chance node a listed
// move that is a legal outcome is played as given; otherwise (and after the
// last move) chance nodes are resolved from the RNG. On error the moves
// played so far stay on st and in the returned history, for the caller to
// undo.
func (t *Table) apply(st games.State, moves []string, hist []Step) ([]Step, *Error) {
	for i, text := range moves {
		if st.Player() == games.Chance {
			if m, err := games.ParseLegal(st, text); err == nil {
				st.Play(m)
				hist = append(hist, Step{Move: m, Chance: true, Seat: -1})
				continue
			}
			var e *Error
			if hist, e = t.resolveChance(st, hist); e != nil {
				return hist, e
			}
		}
		p := st.Player()
		if p == games.Terminal {
			return hist, errorf(GameOver, "move %d %q: the game is over", i+1, text)
		}
		m, err := games.ParseLegal(st, text)
		if err != nil {
			return hist, errorf(IllegalMove, "move %d: %v", i+1, err)
		}
		st.Play(m)
		hist = append(hist, Step{Move: m, Seat: p})
	}
	return t.resolveChance(st, hist)
}

// resolveChance draws chance outcomes until a player (or the end) is to move.
func (t *Table) resolveChance(st games.State, hist []Step) ([]Step, *Error) {
	for n := 0; st.Player() == games.Chance; n++ {
		if n == maxChance {
			return hist, errorf(Internal, "more than %d chance outcomes in a row", maxChance)
		}
		m := games.SampleChance(st, t.rng)
		st.Play(m)
		hist = append(hist, Step{Move: m, Chance: true, Seat: -1})
	}
	return hist, nil
}

// Played counts the players' moves in the history (what Undo can take back).
func (t *Table) Played() int {
	n := 0
	for _, s := range t.history {
		if !s.Chance {
			n++
		}
	}
	return n
}

// Undo takes back n players' moves together with the chance outcomes that
// followed each.
func (t *Table) Undo(n int) *Error {
	if have := t.Played(); n > have {
		return errorf(NoHistory, "cannot undo %d moves: %d played since the position was set", n, have)
	}
	for n > 0 {
		last := t.history[len(t.history)-1]
		t.history = t.history[:len(t.history)-1]
		t.st.Undo()
		if !last.Chance {
			n--
		}
	}
	return nil
}

// LastMover is the seat that made the last player move, or -1.
func (t *Table) LastMover() int {
	for i := len(t.history) - 1; i >= 0; i-- {
		if !t.history[i].Chance {
			return t.history[i].Seat
		}
	}
	return -1
}

// LegalMoves lists the legal moves in the game's notation.
func (t *Table) LegalMoves() []string {
	moves := t.st.LegalMoves(nil)
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = t.st.FormatMove(m)
	}
	return out
}

// Moves writes the history in the game's notation, chance outcomes
// included: the list that SetPosition(Start(), ...) plays back.
func (t *Table) Moves() []string {
	// Format each move in the position it was played in: undo to the
	// start on a clone, then replay.
	st := t.st.Clone()
	for range t.history {
		st.Undo()
	}
	out := make([]string, len(t.history))
	for i, s := range t.history {
		out[i] = st.FormatMove(s.Move)
		st.Play(s.Move)
	}
	return out
}

// Seat reads a player: a seat name from Describe, p1..pN or 1..N.
func (t *Table) Seat(text string) (int, *Error) {
	if i := slices.Index(t.seats, text); i >= 0 {
		return i, nil
	}
	num := strings.TrimPrefix(text, "p")
	if n, err := strconv.Atoi(num); err == nil && n >= 1 && n <= len(t.seats) {
		return n - 1, nil
	}
	return 0, errorf(Syntax, "player %q: want one of %s, p1..p%d or 1..%d",
		text, strings.Join(t.seats, ", "), len(t.seats), len(t.seats))
}

// SeatName names seat p ("chance" for Chance, "none" for Terminal).
func (t *Table) SeatName(p int) string {
	if p >= 0 && p < len(t.seats) {
		return t.seats[p]
	}
	if p == games.Chance {
		return "chance"
	}
	return "none"
}

// View is what seat p may see: the game's view for imperfect information,
// the full position otherwise.
func (t *Table) View(p int) string {
	if vs, ok := t.st.(games.ViewState); ok {
		return vs.View(p)
	}
	return t.st.Position()
}

// SplitSpec splits the arguments of newgame (new in the REPL) into a
// variant spec, which may hold spaces inside its parentheses, and
// key=value overrides.
func SplitSpec(rest string) (spec string, set []string, e *Error) {
	rest = strings.Join(strings.Fields(rest), " ")
	if open := strings.IndexByte(rest, '('); open >= 0 && (strings.IndexByte(rest, ' ') < 0 || open < strings.IndexByte(rest, ' ')) {
		end := strings.IndexByte(rest, ')')
		if end < 0 {
			return "", nil, errorf(Syntax, "newgame: unbalanced parenthesis in %q", rest)
		}
		spec, rest = rest[:end+1], rest[end+1:]
	} else {
		spec, rest, _ = strings.Cut(rest, " ")
	}
	for _, kv := range strings.Fields(rest) {
		if !strings.Contains(kv, "=") {
			return "", nil, errorf(Syntax, "newgame: want key=value, have %q", kv)
		}
		set = append(set, kv)
	}
	return spec, set, nil
}
