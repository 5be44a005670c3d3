package thegame

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// Move layout:
//
//	bits 0-6   the card
//	bits 7-9   the pile (0 = a)
//	bit 10     end of the turn (no card, no pile)
//	bit 11     a draw (chance): the card drawn
const (
	drawBit  games.Move = 1 << 11
	EndMove  games.Move = 1 << 10
	pileBits            = 7
)

func playMove(card, pile int) games.Move { return games.Move(card | pile<<pileBits) }
func drawMove(card int) games.Move       { return drawBit | games.Move(card) }
func moveCard(m games.Move) int          { return int(m & 127) }
func movePile(m games.Move) int          { return int(m>>pileBits) & 7 }

// PlayMove returns the move that plays card on pile p.
func PlayMove(card, p int) games.Move { return playMove(card, p) }

// DrawMove returns the chance move that draws card.
func DrawMove(card int) games.Move { return drawMove(card) }

// MoveCard and MovePile take a play apart; IsDraw tells a draw.
func MoveCard(m games.Move) int { return moveCard(m) }
func MovePile(m games.Move) int { return movePile(m) }
func IsDraw(m games.Move) bool  { return m&drawBit != 0 && m != games.NoMove }

// FormatMove writes 57a (card 57 on pile a), end, or +57 (57 drawn).
func (s *State) FormatMove(m games.Move) string {
	switch {
	case m == EndMove:
		return "end"
	case m&^(drawBit|127) == 0 && m&drawBit != 0:
		return "+" + strconv.Itoa(moveCard(m))
	case m < 1<<10:
		return strconv.Itoa(moveCard(m)) + string(rune('a'+movePile(m)))
	}
	return "?" + strconv.Itoa(int(m))
}

// NoteMove writes a move for people: its notation, and what it did as a
// Phrase: "played-card" (the card, the pile), "ended-turn", or "drew"
// (the card drawn, for the one who sees it).
func (s *State) NoteMove(m games.Move) games.MoveNote {
	n := games.MoveNote{Text: s.FormatMove(m)}
	switch {
	case m == EndMove:
		n.Phrase = &games.Phrase{Code: "ended-turn"}
	case m&^(drawBit|127) == 0 && m&drawBit != 0:
		n.Phrase = &games.Phrase{Code: "drew", Args: []string{strconv.Itoa(moveCard(m))}}
	case m < 1<<10:
		n.Phrase = &games.Phrase{Code: "played-card", Args: []string{strconv.Itoa(moveCard(m)), string(rune('a' + movePile(m)))}}
	}
	return n
}

// ParseMove reads a move; it checks the card's range and the pile letter,
// not legality.
func (s *State) ParseMove(in string) (games.Move, error) {
	t := strings.ToLower(strings.TrimSpace(in))
	if t == "end" {
		return EndMove, nil
	}
	draw := strings.HasPrefix(t, "+")
	body := strings.TrimPrefix(t, "+")
	pile := -1
	if !draw && len(body) > 0 && body[len(body)-1] >= 'a' && body[len(body)-1] <= 'z' {
		pile = int(body[len(body)-1] - 'a')
		body = body[:len(body)-1]
		if pile >= s.g.Piles() {
			return games.NoMove, fmt.Errorf("thegame: move %q: no pile %c (piles %s)", in, 'a'+pile, pileLetters(s.g))
		}
	}
	c, err := strconv.Atoi(body)
	if err != nil || body == "" || body[0] < '0' || body[0] > '9' {
		return games.NoMove, fmt.Errorf("thegame: move %q: want a card and a pile (57a), end, or a draw (+57)", in)
	}
	if c < s.g.low || c > s.g.high {
		return games.NoMove, fmt.Errorf("thegame: move %q: card %d is not in %d..%d", in, c, s.g.low, s.g.high)
	}
	if draw {
		return drawMove(c), nil
	}
	if pile < 0 {
		return games.NoMove, fmt.Errorf("thegame: move %q: no pile letter (piles %s)", in, pileLetters(s.g))
	}
	return playMove(c, pile), nil
}

// Position writes the full position (see the package documentation).
func (s *State) Position() string { return s.format(-1) }

// format writes the position; with seat >= 0 the others' hands are ?N.
func (s *State) format(seat int) string {
	var b strings.Builder
	for p := range s.g.Piles() {
		if p > 0 {
			b.WriteByte('/')
		}
		if len(s.piles[p]) == 0 {
			b.WriteByte('-')
		}
		for i, c := range s.piles[p] {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(int(c)))
		}
	}
	b.WriteByte(' ')
	for q := range s.g.players {
		if q > 0 {
			b.WriteByte('/')
		}
		switch {
		case seat >= 0 && q != seat:
			b.WriteString("?" + strconv.Itoa(s.hands[q].len()))
		case s.hands[q].len() == 0:
			b.WriteByte('-')
		default:
			for i, c := range s.Hand(q) {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(strconv.Itoa(c))
			}
		}
	}
	b.WriteString(" " + strconv.Itoa(s.deck.len()) + " " + phaseNames[s.phase] + " " + strconv.Itoa(s.mover+1) + " " + strconv.Itoa(s.played))
	return b.String()
}

func (g *Game) parseCards(field string, list string, seen *cards) ([]int, error) {
	if list == "-" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(list, ",") {
		c, err := strconv.Atoi(f)
		if err != nil || f == "" || f[0] < '0' || f[0] > '9' {
			return nil, fmt.Errorf("%s: %q is not a card", field, f)
		}
		if c < g.low || c > g.high {
			return nil, fmt.Errorf("%s: card %d is not in %d..%d", field, c, g.low, g.high)
		}
		if seen.has(c) {
			return nil, fmt.Errorf("%s: card %d appears twice", field, c)
		}
		seen.add(c)
		out = append(out, c)
	}
	return out, nil
}

// parsePosition reads "piles hands deck phase mover played". A hand written
// ?N (a view) is filled with the lowest N cards nobody in the string can
// see, seat by seat: a fixed rule, so a view parses to the same state every
// time.
func (g *Game) parsePosition(pos string) (*State, error) {
	s, err := g.parseFields(pos)
	if err != nil {
		return nil, fmt.Errorf("thegame: position %q: %w", pos, err)
	}
	return s, nil
}

func (g *Game) parseFields(pos string) (*State, error) {
	f := strings.Fields(pos)
	if len(f) != 6 {
		return nil, errors.New("want 6 fields: piles hands deck phase mover played")
	}
	s := g.newState()
	var seen cards
	onPiles, err := g.readPiles(s, f[0], &seen)
	if err != nil {
		return nil, err
	}
	rest, err := g.readHands(s, f[1], &seen)
	if err != nil {
		return nil, err
	}
	if err := g.readTurn(s, f[2:], rest, onPiles); err != nil {
		return nil, err
	}
	if err := g.checkPhase(s, onPiles); err != nil {
		return nil, err
	}
	s.evaluate()
	return s, nil
}

// readPiles reads the piles field into s (each card one that may follow
// the one below it) and returns the cards on the piles.
func (g *Game) readPiles(s *State, field string, seen *cards) (int, error) {
	piles := strings.Split(field, "/")
	if len(piles) != g.Piles() {
		return 0, fmt.Errorf("%d piles; the variant has %d", len(piles), g.Piles())
	}
	onPiles := 0
	for p, list := range piles {
		cs, err := g.parseCards("pile "+string(rune('a'+p)), list, seen)
		if err != nil {
			return 0, err
		}
		top := g.Base(p)
		for _, c := range cs {
			if !g.CanPlay(p, top, c) {
				return 0, fmt.Errorf("pile %c: %d cannot follow %d", 'a'+p, c, top)
			}
			s.piles[p] = append(s.piles[p], int8(c))
			top = c
		}
		onPiles += len(cs)
	}
	return onPiles, nil
}

// readHands reads the hands field into s: each hand shown, or hidden as ?N
// and dealt the lowest cards not seen; the cards left make the draw pile,
// which it returns.
func (g *Game) readHands(s *State, field string, seen *cards) ([]int, error) {
	hands := strings.Split(field, "/")
	if len(hands) != g.players {
		return nil, fmt.Errorf("%d hands; the variant has %d players", len(hands), g.players)
	}
	hidden := make([]int, g.players)
	for q, h := range hands {
		if n, ok := strings.CutPrefix(h, "?"); ok {
			k, err := strconv.Atoi(n)
			if err != nil || k < 0 || k > g.hand || n == "" || n[0] < '0' || n[0] > '9' {
				return nil, fmt.Errorf("hand %d: %q is not ?N with N in 0..%d", q+1, h, g.hand)
			}
			hidden[q] = k
			continue
		}
		cs, err := g.parseCards("hand "+strconv.Itoa(q+1), h, seen)
		if err != nil {
			return nil, err
		}
		if len(cs) > g.hand {
			return nil, fmt.Errorf("hand %d: %d cards; a full hand is %d", q+1, len(cs), g.hand)
		}
		for _, c := range cs {
			s.hands[q].add(c)
		}
	}
	rest := g.all.minus(*seen).appendTo(nil)
	for q, k := range hidden {
		if k > len(rest) {
			return nil, fmt.Errorf("hand %d: %d hidden cards; only %d cards are left", q+1, k, len(rest))
		}
		for _, c := range rest[:k] {
			s.hands[q].add(c)
		}
		rest = rest[k:]
	}
	s.deck = cards{}
	for _, c := range rest {
		s.deck.add(c)
	}
	return rest, nil
}

// readTurn reads the last four fields into s: the draw pile's size (which
// must be the rest's), the phase, the mover and the cards played this
// turn (at most those on the piles).
func (g *Game) readTurn(s *State, f []string, rest []int, onPiles int) error {
	deck, err := strconv.Atoi(f[0])
	if err != nil || deck != len(rest) {
		return fmt.Errorf("draw pile %q: the cards elsewhere leave %d", f[0], len(rest))
	}
	ph := -1
	for i, n := range phaseNames {
		if f[1] == n {
			ph = i
		}
	}
	if ph < 0 {
		return fmt.Errorf("phase %q: want deal, play or refill", f[1])
	}
	s.phase = phase(ph)
	mover, err := strconv.Atoi(f[2])
	if err != nil || mover < 1 || mover > g.players {
		return fmt.Errorf("mover %q: want a seat 1..%d", f[2], g.players)
	}
	s.mover = mover - 1
	played, err := strconv.Atoi(f[3])
	if err != nil || played < 0 || played > onPiles || f[3] != strconv.Itoa(played) {
		return fmt.Errorf("played %q: want 0..%d (cards on the piles)", f[3], onPiles)
	}
	s.played = played
	if f[2] != strconv.Itoa(mover) {
		return fmt.Errorf("mover %q: want a seat 1..%d", f[2], g.players)
	}
	return nil
}

// checkPhase checks that the phase agrees with the hands and the piles.
func (g *Game) checkPhase(s *State, onPiles int) error {
	switch s.phase {
	case phaseDeal:
		if onPiles > 0 || s.mover != 0 || s.played != 0 {
			return errors.New("deal: no card may be on a pile, mover 1, played 0")
		}
		full := true
		for q := range g.players {
			n := s.hands[q].len()
			if !full && n > 0 {
				return errors.New("deal: the hands fill in seat order")
			}
			if n < g.hand {
				full = false
			}
		}
		if full {
			return errors.New("deal: every hand is full (the phase is play)")
		}
	case phasePlay:
		if s.hands[s.mover].len()+s.played > g.hand {
			return fmt.Errorf("player %d holds %d cards and played %d: more than a hand of %d", s.mover+1, s.hands[s.mover].len(), s.played, g.hand)
		}
	case phaseRefill:
		if s.deck.len() == 0 || s.hands[s.mover].len() >= g.hand {
			return errors.New("refill: needs a draw pile and a hand that is not full")
		}
	}
	return nil
}
