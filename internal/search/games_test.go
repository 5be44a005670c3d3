package search_test

// Tiny games whose right moves are known, for the searchers' tests. Each is
// a games.State with the minimum of notation: a move is written as its
// number.

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// stub holds the notation shared by the test games.
type stub struct{}

func (stub) EndReason() string              { return "" }
func (stub) FormatMove(m games.Move) string { return strconv.Itoa(int(m)) }
func (stub) ParseMove(s string) (games.Move, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return games.NoMove, fmt.Errorf("move %q: want a number", s)
	}
	return games.Move(n), nil
}

// takeaway is the subtraction game: a pile of stones, each turn the player to
// move takes 1..max, and whoever takes the last stone wins. A position with
// a multiple of max+1 stones is lost for the player to move. Move m takes m
// stones.
type takeaway struct {
	stub
	pile, max int
	player    int
	hist      []int
	ret       []float64
}

func newTakeaway(pile, max int) *takeaway {
	return &takeaway{pile: pile, max: max, ret: make([]float64, 2)}
}

func (s *takeaway) Player() int {
	if s.pile == 0 {
		return games.Terminal
	}
	return s.player
}

func (s *takeaway) LegalMoves(buf []games.Move) []games.Move {
	buf = buf[:0]
	for m := 1; m <= s.max && m <= s.pile && s.pile > 0; m++ {
		buf = append(buf, games.Move(m))
	}
	return buf
}

func (s *takeaway) Play(m games.Move) {
	s.pile -= int(m)
	s.hist = append(s.hist, int(m))
	if s.pile == 0 {
		s.ret[s.player], s.ret[1-s.player] = 1, -1
	}
	s.player = 1 - s.player
}

func (s *takeaway) Undo() {
	m := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.pile += m
	s.player = 1 - s.player
	s.ret[0], s.ret[1] = 0, 0
}

func (s *takeaway) Clone() games.State {
	c := *s
	c.hist = append([]int(nil), s.hist...)
	c.ret = append([]float64(nil), s.ret...)
	return &c
}

func (s *takeaway) Returns() []float64 { return s.ret }
func (s *takeaway) Hash() uint64       { return uint64(s.pile)<<1 | uint64(s.player) }
func (s *takeaway) Position() string   { return fmt.Sprintf("%d/%d %d", s.pile, s.max, s.player) }
func (s *takeaway) String() string     { return s.Position() }

// claim is a game with transpositions and extra turns: players take turns
// claiming cells with fixed weights until limit cells are claimed; claiming
// a bonus cell gives the claimer another move. The player with the greater
// total weight wins. Its evaluator is the weight difference. Move m claims
// cell m.
type claim struct {
	stub
	weights []int
	bonus   []bool
	zob     [][2]uint64
	owner   []int8
	limit   int
	player  int
	claimed int
	diff    int // player 0's total minus player 1's
	hash    uint64
	hist    []claimUndo
	ret     []float64
}

type claimUndo struct {
	cell   int
	player int
}

func newClaim(cells, limit int, seed uint64) *claim {
	rng := rand.New(rand.NewPCG(seed, 7))
	s := &claim{limit: limit, ret: make([]float64, 2)}
	for range cells {
		s.weights = append(s.weights, 1+rng.IntN(9))
		s.bonus = append(s.bonus, rng.IntN(5) == 0)
		s.zob = append(s.zob, [2]uint64{rng.Uint64(), rng.Uint64()})
		s.owner = append(s.owner, -1)
	}
	return s
}

func (s *claim) over() bool { return s.claimed >= s.limit || s.claimed == len(s.owner) }

func (s *claim) Player() int {
	if s.over() {
		return games.Terminal
	}
	return s.player
}

func (s *claim) LegalMoves(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.over() {
		return buf
	}
	for c, o := range s.owner {
		if o < 0 {
			buf = append(buf, games.Move(c))
		}
	}
	return buf
}

func (s *claim) Play(m games.Move) {
	c := int(m)
	s.hist = append(s.hist, claimUndo{cell: c, player: s.player})
	s.owner[c] = int8(s.player)
	s.hash ^= s.zob[c][s.player]
	if s.player == 0 {
		s.diff += s.weights[c]
	} else {
		s.diff -= s.weights[c]
	}
	s.claimed++
	if !s.bonus[c] {
		s.player = 1 - s.player
	}
	if s.over() {
		switch {
		case s.diff > 0:
			s.ret[0], s.ret[1] = 1, -1
		case s.diff < 0:
			s.ret[0], s.ret[1] = -1, 1
		}
	}
}

func (s *claim) Undo() {
	u := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.owner[u.cell] = -1
	s.hash ^= s.zob[u.cell][u.player]
	if u.player == 0 {
		s.diff -= s.weights[u.cell]
	} else {
		s.diff += s.weights[u.cell]
	}
	s.claimed--
	s.player = u.player
	s.ret[0], s.ret[1] = 0, 0
}

func (s *claim) Clone() games.State {
	c := *s
	c.owner = append([]int8(nil), s.owner...)
	c.hist = append([]claimUndo(nil), s.hist...)
	c.ret = append([]float64(nil), s.ret...)
	return &c
}

func (s *claim) Returns() []float64 { return s.ret }
func (s *claim) Hash() uint64       { return s.hash ^ uint64(s.player) }

func (s *claim) Position() string {
	var b strings.Builder
	for _, o := range s.owner {
		b.WriteByte("-xo"[o+1])
	}
	fmt.Fprintf(&b, " %d", s.player)
	return b.String()
}

func (s *claim) String() string { return s.Position() }

// claimEval scores a claim position by the weight difference plus a
// pseudo-random term of the position's hash, which makes bounds loose (other
// games score 0).
type claimEval struct{}

func (claimEval) Evaluate(st games.State) int {
	s, ok := st.(*claim)
	if !ok {
		return 0
	}
	noise := int(s.Hash()>>40%61) - 30
	if s.player == 0 {
		return 10*s.diff + noise
	}
	return -10*s.diff + noise
}

// choices is a one-round game for players seats: each in turn picks a
// (move 0: 1 point for itself) or b (move 1: 2 points for itself and 3 for
// the next player). With coop set every player gets the total of all points
// when it is exactly target, else 0 (identical utility).
type choices struct {
	stub
	players int
	coop    bool
	target  float64
	hist    []games.Move
	points  []float64
	ret     []float64
}

func newChoices(players int, coop bool, target float64) *choices {
	return &choices{players: players, coop: coop, target: target,
		points: make([]float64, players), ret: make([]float64, players)}
}

func (s *choices) Player() int {
	if len(s.hist) == s.players {
		return games.Terminal
	}
	return len(s.hist)
}

func (s *choices) LegalMoves(buf []games.Move) []games.Move {
	if len(s.hist) == s.players {
		return buf[:0]
	}
	return append(buf[:0], 0, 1)
}

func (s *choices) apply(m games.Move, sign float64) {
	p := s.Player()
	if sign < 0 {
		p = len(s.hist) - 1
	}
	if m == 0 {
		s.points[p] += sign
	} else {
		s.points[p] += 2 * sign
		s.points[(p+1)%s.players] += 3 * sign
	}
}

func (s *choices) Play(m games.Move) {
	s.apply(m, 1)
	s.hist = append(s.hist, m)
	if len(s.hist) == s.players {
		total := 0.0
		for _, x := range s.points {
			total += x
		}
		for i := range s.ret {
			switch {
			case !s.coop:
				s.ret[i] = s.points[i]
			case total == s.target:
				s.ret[i] = 1
			}
		}
	}
}

func (s *choices) Undo() {
	s.apply(s.hist[len(s.hist)-1], -1)
	s.hist = s.hist[:len(s.hist)-1]
	clear(s.ret)
}

func (s *choices) Clone() games.State {
	c := *s
	c.hist = append([]games.Move(nil), s.hist...)
	c.points = append([]float64(nil), s.points...)
	c.ret = append([]float64(nil), s.ret...)
	return &c
}

func (s *choices) Returns() []float64 { return s.ret }

func (s *choices) Hash() uint64 {
	h := uint64(len(s.hist))
	for _, m := range s.hist {
		h = h*3 + uint64(m)
	}
	return h
}

func (s *choices) Position() string { return fmt.Sprint(s.hist) }
func (s *choices) String() string   { return s.Position() }

// gamble is a two-player game of chance: player 0 plays safe (move 0: a
// draw) or gambles (move 1: a chance node where outcome 1, of probability
// p, wins and outcome 0 loses). Gambling is right when p > 1/2.
type gamble struct {
	stub
	p    float64
	hist []games.Move
	ret  []float64
}

func newGamble(p float64) *gamble { return &gamble{p: p, ret: make([]float64, 2)} }

func (s *gamble) Player() int {
	switch {
	case len(s.hist) == 0:
		return 0
	case len(s.hist) == 1 && s.hist[0] == 1:
		return games.Chance
	}
	return games.Terminal
}

func (s *gamble) LegalMoves(buf []games.Move) []games.Move {
	if s.Player() == games.Terminal {
		return buf[:0]
	}
	return append(buf[:0], 0, 1)
}

func (s *gamble) ChanceProbs(moves []games.Move, buf []float64) []float64 {
	buf = buf[:0]
	for _, m := range moves {
		if m == 1 {
			buf = append(buf, s.p)
		} else {
			buf = append(buf, 1-s.p)
		}
	}
	return buf
}

func (s *gamble) Play(m games.Move) {
	s.hist = append(s.hist, m)
	if len(s.hist) == 2 {
		if m == 1 {
			s.ret[0], s.ret[1] = 1, -1
		} else {
			s.ret[0], s.ret[1] = -1, 1
		}
	}
}

func (s *gamble) Undo() {
	s.hist = s.hist[:len(s.hist)-1]
	clear(s.ret)
}

func (s *gamble) Clone() games.State {
	c := *s
	c.hist = append([]games.Move(nil), s.hist...)
	c.ret = append([]float64(nil), s.ret...)
	return &c
}

func (s *gamble) Returns() []float64 { return s.ret }
func (s *gamble) Hash() uint64       { return uint64(len(s.hist))<<2 | uint64(len(s.hist)) }
func (s *gamble) Position() string   { return fmt.Sprint(s.hist) }
func (s *gamble) String() string     { return s.Position() }

// hidden is a guessing game of imperfect information: player 0 has hidden
// one of n cards; player 1 guesses it (move g) and wins when right. The
// state is past player 0's hiding: player 1 is to move.
type hidden struct {
	stub
	n, card   int
	guess     int // -1: not yet
	resamples *int
	ret       []float64
}

func (s *hidden) Player() int {
	if s.guess >= 0 {
		return games.Terminal
	}
	return 1
}

func (s *hidden) LegalMoves(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.guess < 0 {
		for g := range s.n {
			buf = append(buf, games.Move(g))
		}
	}
	return buf
}

func (s *hidden) Play(m games.Move) {
	s.guess = int(m)
	if s.guess == s.card {
		s.ret[0], s.ret[1] = -1, 1
	} else {
		s.ret[0], s.ret[1] = 1, -1
	}
}

func (s *hidden) Undo() { s.guess = -1; clear(s.ret) }

func (s *hidden) Clone() games.State {
	c := *s
	c.ret = append([]float64(nil), s.ret...)
	return &c
}

func (s *hidden) Returns() []float64 { return s.ret }
func (s *hidden) Hash() uint64       { return uint64(s.card)<<8 | uint64(s.guess+1) }
func (s *hidden) Position() string   { return fmt.Sprintf("%d %d %d", s.n, s.card, s.guess) }
func (s *hidden) String() string     { return s.Position() }

func (s *hidden) View(player int) string {
	if player == 0 {
		return s.Position()
	}
	return fmt.Sprintf("%d ? %d", s.n, s.guess)
}

func (s *hidden) Resample(player int, rng *rand.Rand) games.State {
	*s.resamples++
	c := s.Clone().(*hidden)
	if player != 0 {
		c.card = rng.IntN(s.n)
	}
	return c
}
