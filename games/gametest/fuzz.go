package gametest

import (
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// MoveFuzz is a game's FuzzParseMove target: the inputs are read by
// ParseMove in the start position of each game.
type MoveFuzz struct {
	Games  []games.Game
	Seeds  []string // the seed corpus
	Prefix string   // every ParseMove error starts with it ("othello: ")
	// Setup, if set, prepares each start position (plays a move, say).
	Setup func(st games.State)
	// Valid, if set, checks an accepted move before it is formatted (that it
	// is on the board, say).
	Valid func(st games.State, m games.Move) error
}

// FuzzParseMove fuzzes ParseMove in the positions of mf: an error comes
// with games.NoMove and a message starting with mf.Prefix; an accepted move
// passes mf.Valid and formats to a string that parses back to it.
func FuzzParseMove(f *testing.F, mf MoveFuzz) {
	for _, s := range mf.Seeds {
		f.Add(s)
	}
	states := make([]games.State, len(mf.Games))
	for i, g := range mf.Games {
		states[i] = g.NewState()
		if mf.Setup != nil {
			mf.Setup(states[i])
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		for i, s := range states {
			g := mf.Games[i]
			m, err := s.ParseMove(in)
			if err != nil {
				if m != games.NoMove || !strings.HasPrefix(err.Error(), mf.Prefix) {
					t.Fatalf("%v: ParseMove(%q) = %d, %v", g, in, m, err)
				}
				continue
			}
			if mf.Valid != nil {
				if err := mf.Valid(s, m); err != nil {
					t.Fatalf("%v: ParseMove(%q) = %d, %v", g, in, m, err)
				}
			}
			out := s.FormatMove(m)
			if back, err := s.ParseMove(out); err != nil || back != m {
				t.Fatalf("%v: ParseMove(%q) = %d; FormatMove = %q parses to %d, %v", g, in, m, out, back, err)
			}
		}
	})
}

// PositionFuzz is a game's FuzzPosition target: the inputs are read by
// each game's ParseState.
type PositionFuzz struct {
	Games  []games.Game
	Seeds  []string // the seed corpus
	Prefix string   // every ParseState error starts with it ("othello: position ")
	// Check, if set, checks each accepted position (its hash against one
	// computed from scratch, say).
	Check func(st games.State) error
	// Moved, if set, checks the position after each legal move of an
	// accepted one, before the move is undone.
	Moved func(st games.State) error
}

// FuzzPosition fuzzes ParseState on the games of pf. An error starts with
// pf.Prefix. An accepted position is canonical (Position gives the input
// back, spaces trimmed), reads back to the same position, hash and player,
// passes pf.Check, has legal moves exactly when the game goes on, and each
// of them played (passing pf.Moved) and undone leaves the position and the
// hash as they were.
func FuzzPosition(f *testing.F, pf PositionFuzz) {
	for _, s := range pf.Seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, g := range pf.Games {
			s, err := g.ParseState(in)
			if err != nil {
				if !strings.HasPrefix(err.Error(), pf.Prefix) {
					t.Fatalf("%v: ParseState(%q) error %q lacks its prefix", g, in, err)
				}
				continue
			}
			pos := s.Position()
			if pos != strings.TrimSpace(in) {
				t.Fatalf("%v: ParseState(%q) writes back as %q", g, in, pos)
			}
			back, err := g.ParseState(pos)
			if err != nil || back.Position() != pos || back.Hash() != s.Hash() || back.Player() != s.Player() {
				t.Fatalf("%v: %q does not round-trip: %v", g, pos, err)
			}
			if pf.Check != nil {
				if err := pf.Check(s); err != nil {
					t.Fatalf("%v: %q: %v", g, pos, err)
				}
			}
			moves := s.LegalMoves(nil)
			if (s.Player() == games.Terminal) != (len(moves) == 0) {
				t.Fatalf("%v: %q: player %d with %d legal moves", g, pos, s.Player(), len(moves))
			}
			for _, m := range moves {
				s.Play(m)
				if pf.Moved != nil {
					if err := pf.Moved(s); err != nil {
						t.Fatalf("%v: %q after %s: %v", g, pos, s.FormatMove(m), err)
					}
				}
				s.Undo()
			}
			if s.Position() != pos || s.Hash() != back.Hash() {
				t.Fatalf("%v: %q: play and undo changed it", g, pos)
			}
		}
	})
}
