// Package nimtest registers two test-only games for the tests of the
// packages that drive games generically (protocol, internal/repl): a test
// binary imports it for its side effect,
//
//	import _ "github.com/meeple-games/meeple/games/gametest/nimtest"
//
// and the meeple binary never does.
//
// "nimtest" exercises what kinarow lacks: more than two players, chance
// nodes and hidden information. A pile of stones; the seats a, b, c, ...
// take 1, 2 or 3 in turn ("1".."3") and whoever takes the last stone wins
// (+1, the others -1). With chance, after every take that leaves stones a
// chance node adds "+0" or "+1" stones. With hidden, every seat but a sees
// the pile as "?".
//
// Position: "<pile> <seat>" ("7 a"); "<pile> <seat>*" when a chance outcome
// is due before seat moves; "0 =b" when b took the last stone.
//
// "brokentest" is nimtest with bugs planted: drawing a position panics, and
// so does generating moves on a clone (which perft and searches use). It
// checks that a session survives a broken game.
package nimtest

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

func init() {
	games.Register(&games.Family{
		Name:    "nimtest",
		Summary: "test-only: take 1-3 stones, last stone wins",
		Params: []games.Param{
			{Key: "players", Kind: games.Int, Default: 2, Min: 1, Max: 4, Doc: "seats"},
			{Key: "pile", Kind: games.Int, Default: 7, Min: 1, Max: 40, Doc: "stones at the start"},
			{Key: "chance", Kind: games.Bool, Default: false, Doc: "a chance node adds 0 or 1 stone after each take"},
			{Key: "hidden", Kind: games.Bool, Default: false, Doc: "only seat a sees the pile"},
		},
		New: func(v games.Values) (games.Game, error) {
			return &nimGame{v: v, players: v.Int("players"), pile: v.Int("pile"),
				chance: v.Bool("chance"), hidden: v.Bool("hidden")}, nil
		},
	})
}

type nimGame struct {
	v              games.Values
	players, pile  int
	chance, hidden bool
}

func (g *nimGame) Family() string       { return "nimtest" }
func (g *nimGame) Params() games.Values { return g.v }
func (g *nimGame) Type() games.Type {
	t := games.Type{Players: g.players, Chance: g.chance, MinReturn: -1, MaxReturn: 1}
	if g.hidden {
		t.Information = games.ImperfectInformation
	}
	if g.players != 2 {
		t.Utility = games.GeneralSum
	}
	return t
}

func (g *nimGame) seats() []string {
	s := make([]string, g.players)
	for i := range s {
		s[i] = string(rune('a' + i))
	}
	return s
}

func (g *nimGame) Describe() games.Description {
	return games.Description{Players: g.seats(), Moves: "1, 2 or 3: stones to take; chance: +0 or +1", MoveExample: "1",
		Grammar: games.Grammar{Forms: [][]games.MovePart{
			{{Kind: "choice", Name: "take", Values: []string{"1", "2", "3"}}},
			{{Kind: "word", Name: "chance", Values: []string{"+"}}, {Kind: "choice", Name: "add", Values: []string{"0", "1"}}},
		}},
		Extra: [][2]string{{"pile", strconv.Itoa(g.pile)}}}
}

func (g *nimGame) NewState() games.State { return &nimState{g: g, pile: g.pile, winner: -1} }

func (g *nimGame) ParseState(pos string) (games.State, error) {
	f := strings.Fields(pos)
	if len(f) != 2 {
		return nil, fmt.Errorf("nimtest: position %q: want <pile> <seat>", pos)
	}
	st := &nimState{g: g, winner: -1}
	switch {
	case f[0] == "?" && strings.HasPrefix(f[1], "="):
		st.pile = 0 // a finished game's view: the pile is gone
	case f[0] == "?":
		st.pile = g.pile
	default:
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 0 || n > 99 {
			return nil, fmt.Errorf("nimtest: position %q: bad pile", pos)
		}
		st.pile = n
	}
	seat := f[1]
	if w, ok := strings.CutPrefix(seat, "="); ok {
		seat = w
		if st.pile != 0 {
			return nil, fmt.Errorf("nimtest: position %q: a winner with stones left", pos)
		}
	}
	seat, st.due = strings.CutSuffix(seat, "*")
	if len(seat) != 1 || seat[0] < 'a' || int(seat[0]-'a') >= g.players || st.due && !g.chance {
		return nil, fmt.Errorf("nimtest: position %q: bad seat", pos)
	}
	st.turn = int(seat[0] - 'a')
	if st.pile == 0 {
		if !strings.HasPrefix(f[1], "=") {
			return nil, fmt.Errorf("nimtest: position %q: an empty pile needs a winner (=seat)", pos)
		}
		st.winner = st.turn
	}
	return st, nil
}

type nimUndo struct {
	m          games.Move
	turn       int
	due        bool
	winner     int
	pileBefore int
}

type nimState struct {
	g          *nimGame
	pile, turn int
	due        bool // a chance outcome comes before turn moves
	winner     int
	hist       []nimUndo
}

func (s *nimState) Player() int {
	switch {
	case s.winner >= 0:
		return games.Terminal
	case s.due:
		return games.Chance
	}
	return s.turn
}

func (s *nimState) LegalMoves(buf []games.Move) []games.Move {
	buf = buf[:0]
	switch s.Player() {
	case games.Terminal:
	case games.Chance:
		buf = append(buf, 10, 11)
	default:
		for k := 1; k <= 3 && k <= s.pile; k++ {
			buf = append(buf, games.Move(k))
		}
	}
	return buf
}

func (s *nimState) Play(m games.Move) {
	s.hist = append(s.hist, nimUndo{m: m, turn: s.turn, due: s.due, winner: s.winner, pileBefore: s.pile})
	if m >= 10 {
		s.pile += int(m - 10)
		s.due = false
		return
	}
	s.pile -= int(m)
	if s.pile == 0 {
		s.winner = s.turn
		return
	}
	s.turn = (s.turn + 1) % s.g.players
	s.due = s.g.chance
}

func (s *nimState) Undo() {
	u := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.pile, s.turn, s.due, s.winner = u.pileBefore, u.turn, u.due, u.winner
}

func (s *nimState) Clone() games.State {
	c := *s
	c.hist = append([]nimUndo(nil), s.hist...)
	return &c
}

func (s *nimState) Returns() []float64 {
	r := make([]float64, s.g.players)
	if s.winner >= 0 {
		for i := range r {
			r[i] = -1
		}
		r[s.winner] = 1
	}
	return r
}

func (s *nimState) EndReason() string {
	if s.winner < 0 {
		return ""
	}
	return "last stone taken by " + s.g.seats()[s.winner]
}

func (s *nimState) Hash() uint64 {
	h := uint64(s.pile)*1000003 + uint64(s.turn)*31
	if s.due {
		h ^= 1 << 40
	}
	if s.winner >= 0 {
		h ^= 1 << 41
	}
	return h
}

func (s *nimState) Position() string {
	seat := s.g.seats()[s.turn]
	switch {
	case s.winner >= 0:
		return "0 =" + s.g.seats()[s.winner]
	case s.due:
		seat += "*"
	}
	return strconv.Itoa(s.pile) + " " + seat
}

func (s *nimState) String() string {
	return fmt.Sprintf("pile %d\nto move %s\n", s.pile, s.g.seats()[s.turn])
}

func (s *nimState) ParseMove(t string) (games.Move, error) {
	switch t {
	case "1", "2", "3":
		return games.Move(t[0] - '0'), nil
	case "+0", "+1":
		return games.Move(10 + t[1] - '0'), nil
	}
	return games.NoMove, fmt.Errorf("nimtest: move %q: want 1, 2, 3, +0 or +1", t)
}

func (s *nimState) FormatMove(m games.Move) string {
	if m >= 10 {
		return "+" + strconv.Itoa(int(m-10))
	}
	return strconv.Itoa(int(m))
}

// Picture has no board: a note gives the pile, "?" where it is hidden
// from seat.
func (s *nimState) Picture(seat int) games.Picture {
	if s.g.hidden && seat != 0 {
		return games.Picture{Notes: []string{"pile ?"}}
	}
	return games.Picture{Notes: []string{"pile " + strconv.Itoa(s.pile)}}
}

// MoveCells is nil: there are no cells.
func (s *nimState) MoveCells(m games.Move) []int { return nil }

func (s *nimState) View(p int) string {
	if !s.g.hidden || p == 0 {
		return s.Position()
	}
	pos := s.Position()
	_, seat, _ := strings.Cut(pos, " ")
	return "? " + seat
}

func (s *nimState) Resample(p int, rng *rand.Rand) games.State { return s.Clone() }

// brokentest is nimtest with bugs planted: drawing a position panics, and
// so does generating moves on a clone (which perft and searches use). It
// checks that a session survives a broken game (native: err internal).
func init() {
	games.Register(&games.Family{
		Name:    "brokentest",
		Summary: "test-only: a game that panics",
		New: func(v games.Values) (games.Game, error) {
			return brokenGame{&nimGame{v: v, players: 2, pile: 7}}, nil
		},
	})
}

type brokenGame struct{ *nimGame }

func (g brokenGame) Family() string        { return "brokentest" }
func (g brokenGame) NewState() games.State { return brokenState{g.nimGame.NewState().(*nimState)} }

type brokenState struct{ *nimState }

func (s brokenState) String() string     { panic("brokentest: String") }
func (s brokenState) Clone() games.State { return brokenClone{s.nimState.Clone().(*nimState)} }

type brokenClone struct{ *nimState }

func (s brokenClone) LegalMoves(buf []games.Move) []games.Move { panic("brokentest: LegalMoves") }
