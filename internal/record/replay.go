package record

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// chanceRNG is the referee's chance RNG of a game with the given seed.
// Replay draws from the same generator, so a record's chance outcomes are
// checked outcome by outcome.
func chanceRNG(seed uint64) *rand.Rand { return rand.New(ChanceSource(seed)) }

// ChanceSource is the source of the referee's chance RNG of a game with the
// given seed. A program that writes records of its own (the REPL's save)
// draws its chance outcomes from it, in order, so that Replay accepts them.
func ChanceSource(seed uint64) *rand.PCG {
	return rand.NewPCG(seed, 0x6d65_6570_6c65) // "meeple"
}

// drawReturns are the returns of a drawn game, 0 for every seat; a game
// saved in progress has them too.
func drawReturns(t games.Type) []float64 { return make([]float64, t.Players) }

// CutReturns are the returns of a game stopped before its end with no
// loser (max plies, the draw rule): a draw, but a cooperative team that
// was stopped did not reach its goal, so every seat gets MinReturn (a 0
// would be The Game's best score, a win).
func CutReturns(t games.Type) []float64 {
	r := drawReturns(t)
	if t.Utility == games.Identical {
		for i := range r {
			r[i] = t.MinReturn
		}
	}
	return r
}

// ForfeitReturns are the returns when the seat loser (0-based) loses by a
// fault, time or resignation: it gets MinReturn. In a zero-sum game the
// others share -MinReturn equally (two players with symmetric returns: the
// winner gets MaxReturn);
// in a general-sum game the others get MaxReturn; in a cooperative
// (identical-utility) game everyone gets MinReturn.
func ForfeitReturns(t games.Type, loser int) []float64 {
	r := make([]float64, t.Players)
	for i := range r {
		switch {
		case i == loser || t.Utility == games.Identical:
			r[i] = t.MinReturn
		case t.Utility == games.ZeroSum:
			r[i] = -t.MinReturn / float64(t.Players-1)
		default:
			r[i] = t.MaxReturn
		}
	}
	return r
}

func sameReturns(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9 {
			return false
		}
	}
	return true
}

// Replay re-validates a record with the games package: the rules load, the
// start position parses, every book and engine move is legal when it is
// played and made by the seat to move, every chance outcome is legal and
// is the one the referee's seeded RNG draws, a cooperative game's team
// result is the one its returns give, and the end agrees with the
// termination: a normal end is a finished game with the recorded returns and
// reason; any other ends an unfinished game with the returns its rule gives.
// It fills in the seats of plies read from text, and a cooperative game's
// Penalty.
func Replay(r *Record) error {
	v, err := games.LoadVariant(r.Rules)
	if err != nil {
		return fmt.Errorf("rules: %v", err)
	}
	typ := v.Game.Type()
	if len(r.Seats) != typ.Players {
		return fmt.Errorf("%d seats for a %d-player game", len(r.Seats), typ.Players)
	}
	if r.Team != "" {
		// A cooperative game's result (records written before team results
		// existed have none, and carry the returns' token instead).
		if want := typ.TeamResult(r.Returns); r.Team != want {
			if want == "" {
				return fmt.Errorf("result %s, but the game is not cooperative", r.Team)
			}
			return fmt.Errorf("result %s, the returns %s give %s", r.Team, returnsText(r.Returns), want)
		}
		r.Penalty = typ.Penalty
	}
	var st games.State
	if r.Start == StartPos {
		st = v.Game.NewState()
	} else if st, err = v.Game.ParseState(r.Start); err != nil {
		return fmt.Errorf("start: %v", err)
	}
	if err := r.replayPlies(st); err != nil {
		return err
	}
	return r.checkEnd(st, typ)
}

// replayPlies plays the record's plies on st, each checked: a book move
// before the engines', a chance outcome the seeded draw, a move legal and
// made by the seat to move (which it fills in).
func (r *Record) replayPlies(st games.State) error {
	rng := chanceRNG(r.Seed)
	book := true
	for i := range r.Plies {
		p := &r.Plies[i]
		at := func(format string, args ...any) error {
			return fmt.Errorf("ply %d (%s): %s", i+1, p.Move, fmt.Sprintf(format, args...))
		}
		who := st.Player()
		if who == games.Terminal {
			return at("the game is already over (%s)", st.EndReason())
		}
		if p.Book {
			if !book {
				return at("a book move after the engines' moves")
			}
			m, err := games.ParseLegal(st, p.Move)
			if err != nil {
				return at("%v", err)
			}
			switch {
			case who == games.Chance:
				p.Seat = 0
			default:
				p.Seat = who + 1
			}
			st.Play(m)
			continue
		}
		book = false
		if who == games.Chance {
			if !p.Chance() {
				return at("a chance outcome is due, not a move of seat %d", p.Seat)
			}
			m, err := games.ParseLegal(st, p.Move)
			if err != nil {
				return at("chance outcome: %v", err)
			}
			if want := games.SampleChance(st, rng); want != m {
				return at("chance outcome differs from the seeded draw (%s)", st.FormatMove(want))
			}
			st.Play(m)
			continue
		}
		if p.Chance() {
			return at("a chance outcome where seat %d is to move", who+1)
		}
		if p.Seat > 0 && p.Seat != who+1 {
			return at("made by seat %d, but seat %d is to move", p.Seat, who+1)
		}
		p.Seat = who + 1
		m, err := games.ParseLegal(st, p.Move)
		if err != nil {
			return at("%v", err)
		}
		st.Play(m)
	}
	return nil
}

// checkEnd checks that the record's end agrees with where its plies left
// the game st: a normal end with the rules' returns and reason; any other
// termination with the returns its rule gives.
func (r *Record) checkEnd(st games.State, typ games.Type) error {
	switch {
	case r.Termination == Normal:
		if st.Player() != games.Terminal {
			return errors.New("termination normal, but the game is not over")
		}
		if !sameReturns(st.Returns(), r.Returns) {
			return fmt.Errorf("returns %s, the rules give %s", returnsText(r.Returns), returnsText(st.Returns()))
		}
		if st.EndReason() != r.Reason {
			return fmt.Errorf("reason %q, the rules give %q", r.Reason, st.EndReason())
		}
		return nil
	case st.Player() == games.Terminal:
		return fmt.Errorf("termination %s, but the game is over (%s)", r.Termination, st.EndReason())
	case r.Termination == Unterminated:
		// A game saved in progress: no result, no loser, every return 0.
		if r.Loser != 0 {
			return errors.New("termination unterminated names a loser")
		}
		if !sameReturns(drawReturns(typ), r.Returns) {
			return fmt.Errorf("termination unterminated: returns %s, want 0 for every seat", returnsText(r.Returns))
		}
		return nil
	case st.Player() == games.Chance:
		return fmt.Errorf("termination %s at a chance node: the referee draws every due outcome first", r.Termination)
	}
	var want []float64
	switch {
	case r.Termination == MaxPlies || r.Termination == Adjudication && r.Loser == 0:
		if r.Loser != 0 {
			return fmt.Errorf("termination %s names a loser", r.Termination)
		}
		want = CutReturns(typ)
		if typ.Utility == games.Identical && sameReturns(drawReturns(typ), r.Returns) {
			want = r.Returns // written before cut cooperative games were losses
		}
	default:
		if r.Loser < 1 || r.Loser > typ.Players {
			return fmt.Errorf("termination %s: want the losing seat in 1..%d, have %d", r.Termination, typ.Players, r.Loser)
		}
		if (r.Termination == Adjudication || r.Termination == Resignation) && (typ.Players != 2 || typ.Utility != games.ZeroSum) {
			return fmt.Errorf("termination %s in a game that is not two-player zero-sum", r.Termination)
		}
		want = ForfeitReturns(typ, r.Loser-1)
	}
	if !sameReturns(want, r.Returns) {
		return fmt.Errorf("termination %s: returns %s, want %s", r.Termination, returnsText(r.Returns), returnsText(want))
	}
	return nil
}

// ReplaySummary is what replaying a file found. Unfinished counts the
// valid games that did not end (Unterminated), which are also in
// Terminations.
type ReplaySummary struct {
	Games, Invalid, Unfinished int
	Terminations               map[Termination]int
}

// ReplayAll replays every record, writes a line per game and a summary to
// w, and reports the counts.
func ReplayAll(w io.Writer, rs []*Record) ReplaySummary {
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	sum := ReplaySummary{Terminations: map[Termination]int{}}
	for _, r := range rs {
		sum.Games++
		err := Replay(r)
		status := "ok"
		if err != nil {
			sum.Invalid++
			status = "INVALID: " + err.Error()
		} else {
			sum.Terminations[r.Termination]++
			if r.Termination == Unterminated {
				sum.Unfinished++
			}
		}
		fmt.Fprintf(bw, "game %d: %s %s (%s) %s: %s\n", r.Game, strings.Join(r.Seats, " vs "), r.Result(), r.Termination, r.Reason, status)
	}
	fmt.Fprintf(bw, "%d games, %d valid, %d invalid", sum.Games, sum.Games-sum.Invalid, sum.Invalid)
	if sum.Unfinished > 0 {
		fmt.Fprintf(bw, ", %d of the valid unfinished (no result)", sum.Unfinished)
	}
	for t := Normal; int(t) < len(terminationNames); t++ {
		if n := sum.Terminations[t]; n > 0 {
			fmt.Fprintf(bw, "; %s %d", t, n)
		}
	}
	fmt.Fprintln(bw)
	return sum
}
