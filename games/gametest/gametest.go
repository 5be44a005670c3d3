// Package gametest is the conformance harness every game runs, in the manner
// of testing/fstest: one call checks the contract of games.State on seeded
// random playouts.
//
//	func TestConformance(t *testing.T) { gametest.Run(t, game) }
package gametest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// Options tune Run; the zero value is the default.
type Options struct {
	Playouts int    // games played from the start (default 40; 10 with -short)
	MaxPlies int    // a playout stops after this many moves (default 2000)
	Seed     uint64 // default 1
	// Start, if set, is played from instead of g.NewState().
	Start func() games.State
}

// Run checks g on seeded random playouts: at every position it checks that
// each legal move formats and parses back to itself, that playing and undoing
// it restores the position and the hash, that a clone is independent of its
// original, that the position string round-trips and yields the same hash as
// the incrementally kept one (a from-scratch check), that returns are zero
// before the end and well-formed at it, and that views (imperfect
// information) parse, and that the Description and the pictures of a
// games.Pictured state agree (see checkPicture). At the end of each playout it checks the perft
// convention (see checkPerft).
func Run(t *testing.T, g games.Game) { RunOptions(t, g, Options{}) }

// RunOptions is Run with options.
func RunOptions(t *testing.T, g games.Game, o Options) {
	t.Helper()
	if o.Playouts == 0 {
		o.Playouts = 40
	}
	if testing.Short() {
		o.Playouts = (o.Playouts + 3) / 4 // the race run: a quarter
	}
	if o.MaxPlies == 0 {
		o.MaxPlies = 2000
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	typ := g.Type()
	if typ.Players < 1 {
		t.Fatalf("Type().Players = %d", typ.Players)
	}
	desc := g.Describe()
	if len(desc.Players) != typ.Players {
		t.Errorf("Describe().Players has %d names, Type().Players = %d", len(desc.Players), typ.Players)
	}
	if err := checkDescription(desc, typ.Players); err != nil {
		t.Error(err)
	}
	_, pictured := g.NewState().(games.Pictured)
	if !pictured && (len(desc.Dims) > 0 || desc.Cards != nil || len(desc.Pieces) > 0) {
		t.Errorf("Describe() has a board or cards, but the states are not games.Pictured")
	}
	for i := 0; i < o.Playouts; i++ {
		rng := rand.New(rand.NewPCG(o.Seed, uint64(i)))
		st := g.NewState()
		if o.Start != nil {
			st = o.Start()
		}
		if err := playout(g, desc, st, rng, o.MaxPlies); err != nil {
			t.Fatalf("playout %d (seed %d): %v", i, o.Seed, err)
		}
	}
}

func playout(g games.Game, desc games.Description, st games.State, rng *rand.Rand, maxPlies int) error {
	typ := g.Type()
	buf := make([]games.Move, 0, 64)
	var history []string
	var m0 games.Move // the last move played
	for ply := 0; ply < maxPlies; ply++ {
		if err := checkPosition(g, st, buf); err != nil {
			return fmt.Errorf("after %v: %w", history, err)
		}
		if ps, ok := st.(games.Pictured); ok {
			if err := checkPicture(g, desc, ps, st.LegalMoves(buf)); err != nil {
				return fmt.Errorf("after %v: %w", history, err)
			}
		}
		p := st.Player()
		if p == games.Terminal {
			if err := checkEnd(typ, desc, st); err != nil {
				return err
			}
			if err := checkPerft(st); err != nil {
				return fmt.Errorf("after %v: %w", history, err)
			}
			if len(history) == 0 {
				return nil
			}
			st.Undo() // the last position before the end, with a finished game below it
			err := checkPerft(st)
			st.Play(m0)
			if err != nil {
				return fmt.Errorf("after %v: one ply before the end: %w", history[:len(history)-1], err)
			}
			return nil
		}
		if r := st.Returns(); len(r) != typ.Players || slices.ContainsFunc(r, func(x float64) bool { return x != 0 }) {
			return fmt.Errorf("after %v: Returns() = %v before the end; want %d zeros", history, r, typ.Players)
		}
		if st.EndReason() != "" {
			return fmt.Errorf("after %v: EndReason() = %q before the end", history, st.EndReason())
		}
		if ph, ok := st.(games.Phrased); ok && ph.EndPhrase().Code != "" {
			return fmt.Errorf("after %v: EndPhrase() = %v before the end", history, ph.EndPhrase())
		}
		var m games.Move
		if p == games.Chance {
			if !typ.Chance {
				return fmt.Errorf("after %v: a chance node in a game whose Type says no chance", history)
			}
			m = games.SampleChance(st, rng)
		} else {
			if p < 0 || p >= typ.Players {
				return fmt.Errorf("after %v: Player() = %d", history, p)
			}
			buf = st.LegalMoves(buf)
			m = buf[rng.IntN(len(buf))]
		}
		if nt, ok := st.(games.Noted); ok {
			n := nt.NoteMove(m)
			if n.Text == "" || strings.ContainsAny(n.Text, "\r\n") {
				return fmt.Errorf("after %v: NoteMove(%s) = %+v: want one line of text", history, st.FormatMove(m), n)
			}
			if n.Phrase != nil {
				if err := checkPhrase(*n.Phrase, desc); err != nil {
					return fmt.Errorf("after %v: NoteMove(%s): %w", history, st.FormatMove(m), err)
				}
			}
		}
		history = append(history, st.FormatMove(m))
		st.Play(m)
		m0 = m
	}
	return nil
}

// checkPosition checks one position and every move from it.
func checkPosition(g games.Game, st games.State, buf []games.Move) error {
	pos, hash := st.Position(), st.Hash()
	back, err := g.ParseState(pos)
	if err != nil {
		return fmt.Errorf("ParseState(Position()) = %v; position %q", err, pos)
	}
	if back.Position() != pos {
		return fmt.Errorf("position does not round-trip: %q -> %q", pos, back.Position())
	}
	if back.Hash() != hash {
		return fmt.Errorf("hash %#x kept incrementally, %#x from scratch, position %q", hash, back.Hash(), pos)
	}
	if back.Player() != st.Player() {
		return fmt.Errorf("parsed position has player %d, want %d (%q)", back.Player(), st.Player(), pos)
	}
	if vs, ok := st.(games.ViewState); ok {
		for p := 0; p < g.Type().Players; p++ {
			if _, err := g.ParseState(vs.View(p)); err != nil {
				return fmt.Errorf("ParseState(View(%d)) = %v", p, err)
			}
		}
	}
	moves := slices.Clone(st.LegalMoves(buf))
	if st.Player() == games.Terminal {
		if len(moves) != 0 {
			return fmt.Errorf("terminal position has legal moves %v", moves)
		}
		return nil
	}
	if len(moves) == 0 {
		return fmt.Errorf("no legal move in a non-terminal position %q (pass is a move)", pos)
	}
	seen := map[games.Move]bool{}
	for _, m := range moves {
		if seen[m] {
			return fmt.Errorf("move %s listed twice", st.FormatMove(m))
		}
		seen[m] = true
		if st.Player() != games.Chance {
			s := st.FormatMove(m)
			back, err := st.ParseMove(s)
			if err != nil || back != m {
				return fmt.Errorf("ParseMove(FormatMove(%d) = %q) = %d, %v", m, s, back, err)
			}
		}
		st.Play(m)
		st.Undo()
		if st.Position() != pos || st.Hash() != hash {
			return fmt.Errorf("play and undo of %s changed the position: %q -> %q", st.FormatMove(m), pos, st.Position())
		}
	}
	// A clone is independent both ways.
	c := st.Clone()
	c.Play(moves[0])
	if st.Position() != pos || st.Hash() != hash {
		return fmt.Errorf("playing on a clone changed the original")
	}
	c.Undo()
	if c.Position() != pos || c.Hash() != hash {
		return fmt.Errorf("clone's undo does not restore the position")
	}
	if !slices.Equal(st.LegalMoves(buf), moves) {
		return fmt.Errorf("legal moves changed after play/undo")
	}
	return nil
}

func checkEnd(typ games.Type, desc games.Description, st games.State) error {
	r := st.Returns()
	if len(r) != typ.Players {
		return fmt.Errorf("Returns() has %d values, want %d", len(r), typ.Players)
	}
	if st.EndReason() == "" {
		return fmt.Errorf("finished game with no EndReason")
	}
	if ph, ok := st.(games.Phrased); ok {
		if err := checkPhrase(ph.EndPhrase(), desc); err != nil {
			return fmt.Errorf("EndPhrase (for %q): %w", st.EndReason(), err)
		}
	}
	sum := 0.0
	for _, x := range r {
		if x < typ.MinReturn || x > typ.MaxReturn || math.IsNaN(x) {
			return fmt.Errorf("return %v outside [%v, %v]", x, typ.MinReturn, typ.MaxReturn)
		}
		sum += x
	}
	switch typ.Utility {
	case games.ZeroSum:
		if math.Abs(sum) > 1e-9 {
			return fmt.Errorf("zero-sum game returns %v sum to %v", r, sum)
		}
	case games.Identical:
		for _, x := range r {
			if x != r[0] {
				return fmt.Errorf("identical-utility game returns differ: %v", r)
			}
		}
	}
	return nil
}

// checkPerft checks the perft convention, games.Perft's: perft(0) is 1, and
// at depth 1 and 2 the game's own perft (games.CountLeaves), the generic
// games.Perft and the sum of games.Divide agree; at a finished game they
// are 0, since it has no moves, unless the game's perft tree goes on past
// the game's end (a games.PerftMover: chess past a draw rule). The position
// must be unchanged afterwards.
func checkPerft(st games.State) error {
	pos := st.Position()
	if n := games.CountLeaves(st, 0); n != 1 {
		return fmt.Errorf("perft(0) = %d; want 1", n)
	}
	_, mover := st.(games.PerftMover)
	for d := 1; d <= 2; d++ {
		own, generic := games.CountLeaves(st, d), games.Perft(st, d)
		var sum uint64
		for _, r := range games.Divide(st, d) {
			sum += r.Leaves
		}
		if own != generic || own != sum {
			return fmt.Errorf("perft(%d) = %d, games.Perft %d, sum of divide %d; want them equal (position %q)", d, own, generic, sum, pos)
		}
		if st.Player() == games.Terminal && !mover && own != 0 {
			return fmt.Errorf("perft(%d) of a finished game = %d; want 0 (position %q)", d, own, pos)
		}
		if len(games.PerftMoves(st, nil)) == 0 && own != 0 {
			return fmt.Errorf("perft(%d) of a position with no moves = %d; want 0 (position %q)", d, own, pos)
		}
	}
	if st.Position() != pos {
		return fmt.Errorf("perft changed the position: %q -> %q", pos, st.Position())
	}
	return nil
}
