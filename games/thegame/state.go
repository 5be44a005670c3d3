package thegame

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// cards is a set of cards, bit c for card c.
type cards [2]uint64

func (s *cards) add(c int)          { s[c>>6] |= 1 << (c & 63) }
func (s *cards) remove(c int)       { s[c>>6] &^= 1 << (c & 63) }
func (s cards) has(c int) bool      { return s[c>>6]>>(c&63)&1 != 0 }
func (s cards) len() int            { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }
func (s cards) minus(o cards) cards { return cards{s[0] &^ o[0], s[1] &^ o[1]} }
func (s cards) or(o cards) cards    { return cards{s[0] | o[0], s[1] | o[1]} }

// appendTo appends the cards in ascending order.
func (s cards) appendTo(buf []int) []int {
	for w := range 2 {
		for x := s[w]; x != 0; x &= x - 1 {
			buf = append(buf, w<<6|bits.TrailingZeros64(x))
		}
	}
	return buf
}

// Phases of a state.
type phase uint8

const (
	phaseDeal   phase = iota // chance: the first draws fill the hands in seat order
	phasePlay                // the mover plays cards or ends the turn
	phaseRefill              // chance: the mover's hand refills from the draw pile
)

var phaseNames = [...]string{"deal", "play", "refill"}

// Outcomes.
const (
	going = iota
	won   // every card played
	stuck // the player to move cannot play the minimum
)

// State is a position of The Game with its history. The draw pile is a set
// (the cards neither played nor in a hand): its order does not exist until
// a chance move draws a card.
type State struct {
	g      *Game
	piles  [MaxPiles][]int8 // the cards played on each pile, in order (the base card is not listed)
	hands  [5]cards
	deck   cards // the cards not yet drawn
	phase  phase
	mover  int // the seat whose turn it is
	played int // cards the mover played this turn
	over   int
	hist   []undo
}

type undo struct {
	m      games.Move
	seat   int8 // draw: the seat the card went to
	phase  phase
	mover  int8
	played int8
}

func (g *Game) newState() *State {
	s := &State{g: g, deck: g.all}
	return s
}

// Game returns the variant.
func (s *State) Game() *Game { return s.g }

// Top returns the top card of pile p (its base when empty).
func (s *State) Top(p int) int {
	if n := len(s.piles[p]); n > 0 {
		return int(s.piles[p][n-1])
	}
	return s.g.Base(p)
}

// Pile returns the cards played on pile p in order.
func (s *State) Pile(p int) []int {
	out := make([]int, len(s.piles[p]))
	for i, c := range s.piles[p] {
		out[i] = int(c)
	}
	return out
}

// Hand returns seat's cards in ascending order.
func (s *State) Hand(seat int) []int { return s.hands[seat].appendTo(nil) }

// HandSize returns how many cards seat holds.
func (s *State) HandSize(seat int) int { return s.hands[seat].len() }

// DeckSize is the number of cards in the draw pile.
func (s *State) DeckSize() int { return s.deck.len() }

// Mover is the seat whose turn it is (also during its refill).
func (s *State) Mover() int { return s.mover }

// Played is the number of cards the mover has played this turn.
func (s *State) Played() int { return s.played }

// Required is the number of cards the mover must play this turn: the
// minimum for the draw pile's state, capped at the cards it held when the
// turn began.
func (s *State) Required() int {
	return min(s.g.MinPlays(s.deck.len() == 0), s.played+s.hands[s.mover].len())
}

// CardsLeft is the number of cards not yet played (hands and draw pile).
func (s *State) CardsLeft() int {
	n := s.deck.len()
	for p := range s.g.players {
		n += s.hands[p].len()
	}
	return n
}

// Unseen returns the cards seat cannot see: the others' hands and the draw
// pile.
func (s *State) Unseen(seat int) []int {
	u := s.deck
	for p := range s.g.players {
		if p != seat {
			u = u.or(s.hands[p])
		}
	}
	return u.appendTo(nil)
}

// Player is the seat to move, games.Chance while cards are drawn, or
// games.Terminal.
func (s *State) Player() int {
	switch {
	case s.over != going:
		return games.Terminal
	case s.phase != phasePlay:
		return games.Chance
	}
	return s.mover
}

// canPlayMore reports whether the mover can play k more cards this turn,
// one after another, from its hand and the piles as they are.
func (s *State) canPlayMore(k int) bool {
	if k <= 0 {
		return true
	}
	h := s.hands[s.mover]
	if h.len() < k {
		return false
	}
	c := chain{g: s.g}
	for p := range s.g.Piles() {
		c.tops[p] = s.Top(p)
	}
	if k > 2 {
		c.short = map[chainKey]bool{}
	}
	return c.can(0, h, k)
}

// chain searches for k plays in a row. Whether a play is legal depends
// only on its pile's top card and the hand, so plays on different piles
// never affect each other's legality, only which cards remain: any set of
// plays can be made pile by pile. The search so tries the sequences on
// pile 0 first, then pile 1's with the cards left, and so on, which spares
// it every interleaving of the same plays.
type chain struct {
	g     *Game
	tops  [MaxPiles]int
	short map[chainKey]bool // positions known to fall short (only for k > 2)
}

type chainKey struct {
	hand      cards
	pile, top int
}

// can reports whether k plays can be made on piles p.. from hand (pile p's
// top being tops[p], the later piles' untouched).
func (c *chain) can(p int, hand cards, k int) bool {
	if k == 0 {
		return true
	}
	if p == c.g.Piles() || hand.len() < k {
		return false
	}
	key := chainKey{hand, p, c.tops[p]}
	if c.short != nil && c.short[key] {
		return false
	}
	top := c.tops[p]
	for w := range 2 {
		for x := hand[w]; x != 0; x &= x - 1 {
			card := w<<6 | bits.TrailingZeros64(x)
			if !c.g.CanPlay(p, top, card) {
				continue
			}
			rest := hand
			rest.remove(card)
			c.tops[p] = card
			ok := c.can(p, rest, k-1)
			c.tops[p] = top
			if ok {
				return true
			}
		}
	}
	if c.can(p+1, hand, k) {
		return true
	}
	if c.short != nil {
		c.short[key] = true
	}
	return false
}

// evaluate sets over after a change: the game is won when every card is
// played, and lost as soon as the player to move cannot make the plays
// still due this turn.
func (s *State) evaluate() {
	s.over = going
	if s.phase != phasePlay {
		return
	}
	if s.CardsLeft() == 0 {
		s.over = won
	} else if !s.canPlayMore(s.Required() - s.played) {
		s.over = stuck
	}
}

// LegalMoves lists the draws at a chance node (the cards of the draw pile,
// ascending, equally likely); else every card of the mover's hand on every
// pile it may go on (by card, then pile), then end once the minimum is met.
func (s *State) LegalMoves(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.over != going {
		return buf
	}
	if s.phase != phasePlay {
		for w := range 2 {
			for x := s.deck[w]; x != 0; x &= x - 1 {
				buf = append(buf, drawMove(w<<6|bits.TrailingZeros64(x)))
			}
		}
		return buf
	}
	h := s.hands[s.mover]
	for w := range 2 {
		for x := h[w]; x != 0; x &= x - 1 {
			c := w<<6 | bits.TrailingZeros64(x)
			for p := range s.g.Piles() {
				if s.g.CanPlay(p, s.Top(p), c) {
					buf = append(buf, playMove(c, p))
				}
			}
		}
	}
	if s.played >= s.Required() {
		buf = append(buf, EndMove)
	}
	return buf
}

// Play makes a move from LegalMoves.
func (s *State) Play(m games.Move) {
	u := undo{m: m, seat: -1, phase: s.phase, mover: int8(s.mover), played: int8(s.played)}
	switch {
	case m&drawBit != 0:
		c := moveCard(m)
		seat := s.mover
		if s.phase == phaseDeal {
			for seat = 0; s.hands[seat].len() >= s.g.hand; seat++ {
			}
		}
		u.seat = int8(seat)
		s.deck.remove(c)
		s.hands[seat].add(c)
		if s.phase == phaseDeal {
			if seat == s.g.players-1 && s.hands[seat].len() == s.g.hand {
				s.phase, s.mover, s.played = phasePlay, 0, 0
			}
		} else if s.hands[seat].len() >= s.g.hand || s.deck.len() == 0 {
			s.passTurn()
		}
	case m == EndMove:
		if s.deck.len() > 0 && s.hands[s.mover].len() < s.g.hand {
			s.phase = phaseRefill
		} else {
			s.passTurn()
		}
	default:
		c, p := moveCard(m), movePile(m)
		s.hands[s.mover].remove(c)
		s.piles[p] = append(s.piles[p], int8(c))
		s.played++
	}
	s.hist = append(s.hist, u)
	s.evaluate()
}

// passTurn gives the turn to the next seat holding cards.
func (s *State) passTurn() {
	s.phase, s.played = phasePlay, 0
	for i := 1; i <= s.g.players; i++ {
		if q := (s.mover + i) % s.g.players; s.hands[q].len() > 0 {
			s.mover = q
			return
		}
	}
}

// Undo takes back the last move.
func (s *State) Undo() {
	n := len(s.hist)
	if n == 0 {
		panic("thegame: undo with no move to undo")
	}
	u := s.hist[n-1]
	s.hist = s.hist[:n-1]
	switch {
	case u.m&drawBit != 0:
		c := moveCard(u.m)
		s.hands[u.seat].remove(c)
		s.deck.add(c)
	case u.m == EndMove:
	default:
		c, p := moveCard(u.m), movePile(u.m)
		s.piles[p] = s.piles[p][:len(s.piles[p])-1]
		s.hands[u.mover].add(c)
	}
	s.phase, s.mover, s.played = u.phase, int(u.mover), int(u.played)
	s.evaluate()
}

// Clone returns an independent copy, history included.
func (s *State) Clone() games.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	for p := range s.g.Piles() {
		c.piles[p] = append(make([]int8, 0, s.g.Cards()), s.piles[p]...)
	}
	c.hist = append([]undo(nil), s.hist...)
	return &c
}

// Returns gives every player the same return: minus the cards left (hands
// and draw pile), 0 for a win.
func (s *State) Returns() []float64 {
	r := make([]float64, s.g.players)
	if s.over != going {
		for i := range r {
			r[i] = float64(-s.CardsLeft()) // never -0
		}
	}
	return r
}

// EndReason says why the game ended.
// EndPhrase is EndReason as a Phrase: "all-played", or "cannot-play"
// with the seat and the cards left.
func (s *State) EndPhrase() games.Phrase {
	switch s.over {
	case won:
		return games.Phrase{Code: "all-played"}
	case stuck:
		return games.Phrase{Code: "cannot-play", Args: []string{games.Seat(s.mover), strconv.Itoa(s.CardsLeft())}}
	}
	return games.Phrase{}
}

func (s *State) EndReason() string {
	switch s.over {
	case won:
		return "all cards played"
	case stuck:
		return "player " + strconv.Itoa(s.mover+1) + " cannot play the minimum, " + strconv.Itoa(s.CardsLeft()) + " cards left"
	}
	return ""
}

func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// Hash is computed from the position (piles in order, hands, phase, mover,
// cards played this turn).
func (s *State) Hash() uint64 {
	var h uint64
	for p := range s.g.Piles() {
		for i, c := range s.piles[p] {
			h ^= mix(uint64(c) | uint64(p)<<8 | uint64(i)<<16)
		}
	}
	for q := range s.g.players {
		h ^= mix(s.hands[q][0]^uint64(q)<<56) ^ mix(s.hands[q][1]+uint64(q+1)<<40)
	}
	return h ^ mix(uint64(s.phase)<<48|uint64(s.mover)<<32|uint64(s.played)|1<<60)
}

// View is what seat sees: the piles, its own hand, the others' hand sizes
// and the draw pile's size, as a position string with each hidden hand
// written ?N.
func (s *State) View(seat int) string { return s.format(seat) }

// Resample deals the cards seat cannot see at random into the others' hands
// (keeping their sizes) and the draw pile.
func (s *State) Resample(seat int, rng *rand.Rand) games.State {
	c := s.clone()
	unseen := c.Unseen(seat)
	rng.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	c.redeal(seat, unseen)
	return c
}

// redeal hands out cards (the ones seat cannot see, in the order given) to
// the others' hands, keeping their sizes; the rest are the draw pile.
func (s *State) redeal(seat int, unseen []int) {
	s.deck = cards{}
	for q := range s.g.players {
		if q == seat {
			continue
		}
		n := s.hands[q].len()
		s.hands[q] = cards{}
		for range n {
			s.hands[q].add(unseen[0])
			unseen = unseen[1:]
		}
	}
	for _, c := range unseen {
		s.deck.add(c)
	}
	// The history records which hand each draw went to; after a redeal the
	// cards differ, so Undo past this point is not meaningful: drop it.
	s.hist = s.hist[:0]
}

// String draws the whole position, every hand included, for a person.
func (s *State) String() string {
	var b strings.Builder
	for p := range s.g.Piles() {
		dir := "down"
		if s.g.Ascending(p) {
			dir = "up  "
		}
		b.WriteString(string(rune('a'+p)) + " " + dir + " " + strconv.Itoa(s.Top(p)))
		if n := len(s.piles[p]); n > 0 {
			b.WriteString("   (" + strconv.Itoa(n) + " played)")
		}
		b.WriteByte('\n')
	}
	for q := range s.g.players {
		b.WriteString("player " + strconv.Itoa(q+1) + ":")
		for _, c := range s.Hand(q) {
			b.WriteString(" " + strconv.Itoa(c))
		}
		if q == s.mover && s.phase == phasePlay {
			b.WriteString("   <- to move, played " + strconv.Itoa(s.played) + " of " + strconv.Itoa(s.Required()))
		}
		b.WriteByte('\n')
	}
	b.WriteString("draw pile: " + strconv.Itoa(s.DeckSize()) + " cards\n")
	if r := s.EndReason(); r != "" {
		b.WriteString("over: " + r + "\n")
	}
	return b.String()
}

// unplayed is the set of cards not yet on a pile.
func (s *State) unplayed() cards {
	u := s.deck
	for q := range s.g.players {
		u = u.or(s.hands[q])
	}
	return u
}

// UnplayedBetween counts the cards strictly between a and b (either order)
// that are not yet on a pile: what a play from a to b jumps over. Every
// player may know it (the piles are public).
func (s *State) UnplayedBetween(a, b int) int {
	if a > b {
		a, b = b, a
	}
	if b-a < 2 {
		return 0
	}
	u := s.unplayed()
	lo, hi := a+1, b-1 // inclusive
	var m cards
	for w := range 2 {
		wl, wh := max(lo, w*64), min(hi, w*64+63)
		if wl > wh {
			continue
		}
		n := wh - wl + 1
		var bitsW uint64 = ^uint64(0)
		if n < 64 {
			bitsW = (uint64(1)<<n - 1)
		}
		m[w] = bitsW << (wl - w*64)
	}
	return bits.OnesCount64(u[0]&m[0]) + bits.OnesCount64(u[1]&m[1])
}

// Over says whether the game has ended.
func (s *State) Over() bool { return s.over != going }

// WhyIllegal says why m is not legal now: the game is over, a draw when
// it is a player's turn (or a play while cards are drawn), a card not in
// the mover's hand, a pile that needs a higher or lower card, or an end
// of the turn before the cards due are played.
func (s *State) WhyIllegal(m games.Move) string {
	switch {
	case s.over != going:
		return "the game is over"
	case s.phase != phasePlay && !IsDraw(m):
		return "cards are being drawn"
	case s.phase != phasePlay:
		return fmt.Sprintf("card %d is not in the draw pile", moveCard(m))
	case IsDraw(m):
		return "only chance draws cards"
	case m == EndMove:
		if due := s.Required() - s.played; due > 0 {
			return fmt.Sprintf("%d more %s before the turn ends (played %d of %d)", due, plural(due, "card is due", "cards are due"), s.played, s.Required())
		}
		return ""
	}
	c, p := moveCard(m), movePile(m)
	switch {
	case !s.hands[s.mover].has(c):
		return fmt.Sprintf("card %d is not in your hand", c)
	case !s.g.CanPlay(p, s.Top(p), c):
		return s.pileNeeds(p, c)
	}
	return ""
}

// pileNeeds says which cards pile p takes now, card c not among them.
func (s *State) pileNeeds(p, c int) string {
	g, top := s.g, s.Top(p)
	name := string(rune('a' + p))
	dir, back := "higher", top-g.trick
	if !g.Ascending(p) {
		dir, back = "lower", top+g.trick
	}
	msg := fmt.Sprintf("pile %s (top %d) needs a %s card than %d", name, top, dir, top)
	if g.trick > 0 {
		msg += fmt.Sprintf(", or exactly %d", back)
	}
	if g.repdigit && repdigit(top) {
		msg += ", or a repdigit"
	}
	if g.lastDg {
		msg += fmt.Sprintf(", or one ending in %d", top%10)
	}
	return msg
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
