package thegame

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// Limits of a configured game: cards are bits of a [2]uint64, piles are
// letters a..h.
const (
	MaxCard  = 99
	MaxPiles = 8
)

var family = &games.Family{
	Name:    "thegame",
	Summary: "The Game (Benndorf): a cooperative card game; play the whole deck onto two rising and two falling piles",
	Params: []games.Param{
		{Key: "players", Kind: games.Int, Default: 1, Min: 1, Max: 5,
			Doc: "players on the team (1: solitaire)"},
		{Key: "low", Kind: games.Int, Default: 2, Min: 2, Max: MaxCard,
			Doc: "the lowest card; ascending piles start at low-1"},
		{Key: "high", Kind: games.Int, Default: 99, Min: 2, Max: MaxCard,
			Doc: "the highest card; descending piles start at high+1"},
		{Key: "up", Kind: games.Int, Default: 2, Min: 0, Max: 4,
			Doc: "ascending piles (letters a.. come first)"},
		{Key: "down", Kind: games.Int, Default: 2, Min: 0, Max: 4,
			Doc: "descending piles (the letters after the ascending ones)"},
		{Key: "hand", Kind: games.Int, Default: 0, Min: 0, Max: 20,
			Doc: "cards in a full hand; 0: by player count, 8 for 1 player, 7 for 2, 6 for 3 to 5"},
		{Key: "min_plays", Kind: games.Int, Default: 2, Min: 1, Max: 20,
			Doc: "cards a turn must play while the draw pile has cards"},
		{Key: "min_plays_empty", Kind: games.Int, Default: 1, Min: 1, Max: 20,
			Doc: "cards a turn must play once the draw pile is empty"},
		{Key: "trick", Kind: games.Int, Default: 10, Min: 0, Max: 50,
			Doc: "the backwards trick: a card exactly this much lower on an ascending pile (higher on a descending one) may be played; 0: off"},
		{Key: "repdigit", Kind: games.Bool, Default: false,
			Doc: "house rule: a repdigit (11, 22, ..., 99) may be played on any pile whose top is a repdigit"},
		{Key: "last_digit", Kind: games.Bool, Default: false,
			Doc: "house rule: a card with the same last digit as the pile's top may always be played on it"},
	},
	New: func(v games.Values) (games.Game, error) { return New(v) },
}

func init() { games.Register(family) }

var (
	_ games.Game      = (*Game)(nil)
	_ games.ViewState = (*State)(nil)
)

// Game is one configured variant. It is immutable once built and may be
// shared by any number of states and goroutines.
type Game struct {
	players          int
	low, high        int
	up, down         int
	hand             int // effective hand size (never 0)
	handRule         int // the rule value (0: by player count)
	minPlays         int
	minPlaysEmpty    int
	trick            int
	repdigit, lastDg bool
	all              cards // every card of the deck
}

// HandSize returns the hand size the rulebook gives for n players.
func HandSize(n int) int {
	switch n {
	case 1:
		return 8
	case 2:
		return 7
	}
	return 6
}

// New builds a game from rule values that passed the per-key checks, and
// makes the cross-field checks.
func New(v games.Values) (*Game, error) {
	g := &Game{
		players:       v.Int("players"),
		low:           v.Int("low"),
		high:          v.Int("high"),
		up:            v.Int("up"),
		down:          v.Int("down"),
		handRule:      v.Int("hand"),
		minPlays:      v.Int("min_plays"),
		minPlaysEmpty: v.Int("min_plays_empty"),
		trick:         v.Int("trick"),
		repdigit:      v.Bool("repdigit"),
		lastDg:        v.Bool("last_digit"),
	}
	g.hand = g.handRule
	if g.hand == 0 {
		g.hand = HandSize(g.players)
	}
	n := g.high - g.low + 1
	switch {
	case g.players < 1 || g.players > 5:
		return nil, games.Errorf("players", "%d is out of range 1..5", g.players)
	case g.low < 2 || g.low > MaxCard:
		return nil, games.Errorf("low", "%d is out of range 2..%d", g.low, MaxCard)
	case g.high < 2 || g.high > MaxCard:
		return nil, games.Errorf("high", "%d is out of range 2..%d", g.high, MaxCard)
	case g.high <= g.low:
		return nil, games.Errorf("high", "%d must be above low (%d)", g.high, g.low)
	case g.up < 0 || g.down < 0 || g.up > 4 || g.down > 4:
		return nil, games.Errorf("up", "up and down are 0..4 each")
	case g.up+g.down == 0:
		return nil, games.Errorf("down", "no piles: up and down are both 0")
	case g.hand < 1 || g.hand > 20:
		return nil, games.Errorf("hand", "%d is out of range 0..20", g.handRule)
	case g.players*g.hand > n:
		return nil, games.Errorf("hand", "%d players with %d cards each need %d cards; the deck %d..%d has %d",
			g.players, g.hand, g.players*g.hand, g.low, g.high, n)
	case g.minPlays > g.hand:
		return nil, games.Errorf("min_plays", "%d is more than a hand of %d cards", g.minPlays, g.hand)
	case g.minPlaysEmpty > g.hand:
		return nil, games.Errorf("min_plays_empty", "%d is more than a hand of %d cards", g.minPlaysEmpty, g.hand)
	case g.trick < 0 || g.trick > 50:
		return nil, games.Errorf("trick", "%d is out of range 0..50", g.trick)
	}
	for c := g.low; c <= g.high; c++ {
		g.all.add(c)
	}
	return g, nil
}

// Family returns "thegame".
func (g *Game) Family() string { return family.Name }

// Type: 1..5 players, chance (the draws), imperfect information (the hands),
// identical utility: every player's return is minus the cards left; fewer
// than 10 left is the rules' "excellent".
func (g *Game) Type() games.Type {
	return games.Type{Players: g.players, Chance: true, Information: games.ImperfectInformation,
		Utility: games.Identical, MinReturn: -float64(g.Cards()), MaxReturn: 0,
		Penalty: "cards left", Excellent: 10}
}

// Params returns the effective rules (hand as given: 0 means by player count).
func (g *Game) Params() games.Values {
	return games.Values{
		"players": g.players, "low": g.low, "high": g.high, "up": g.up, "down": g.down,
		"hand": g.handRule, "min_plays": g.minPlays, "min_plays_empty": g.minPlaysEmpty,
		"trick": g.trick, "repdigit": g.repdigit, "last_digit": g.lastDg,
	}
}

// Players is the number of seats.
func (g *Game) Players() int { return g.players }

// Low and High are the lowest and highest card.
func (g *Game) Low() int  { return g.low }
func (g *Game) High() int { return g.high }

// Piles is the number of piles: the ascending ones first, then the
// descending ones.
func (g *Game) Piles() int { return g.up + g.down }

// Ascending says whether pile p goes up.
func (g *Game) Ascending(p int) bool { return p < g.up }

// Hand is the size of a full hand.
func (g *Game) Hand() int { return g.hand }

// Cards is the number of cards in the deck.
func (g *Game) Cards() int { return g.high - g.low + 1 }

// Trick is the backwards-trick distance (0: off).
func (g *Game) Trick() int { return g.trick }

// MinPlays returns the cards a turn must play, with or without a draw pile.
func (g *Game) MinPlays(deckEmpty bool) int {
	if deckEmpty {
		return g.minPlaysEmpty
	}
	return g.minPlays
}

// Base is the card a pile starts from: low-1 for an ascending pile, high+1
// for a descending one.
func (g *Game) Base(p int) int {
	if g.Ascending(p) {
		return g.low - 1
	}
	return g.high + 1
}

func repdigit(n int) bool { return n >= 11 && n <= 99 && n%11 == 0 }

// CanPlay says whether card may go on pile p whose top card is top.
func (g *Game) CanPlay(p, top, card int) bool {
	if g.Ascending(p) {
		if card > top || g.trick > 0 && card == top-g.trick {
			return true
		}
	} else if card < top || g.trick > 0 && card == top+g.trick {
		return true
	}
	if g.repdigit && repdigit(card) && repdigit(top) {
		return true
	}
	return g.lastDg && card%10 == top%10
}

// NewState returns the start: no card dealt, a chance node (the deal is the
// first draws).
func (g *Game) NewState() games.State { return g.newState() }

// ParseState reads a position string or a view (see the package
// documentation).
func (g *Game) ParseState(pos string) (games.State, error) {
	s, err := g.parsePosition(pos)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func pileLetters(g *Game) string {
	var b strings.Builder
	for p := range g.Piles() {
		b.WriteByte(byte('a' + p))
	}
	return b.String()
}

// Describe tells a generic client the piles, the cards and the move grammar.
func (g *Game) Describe() games.Description {
	seats := make([]string, g.players)
	for i := range seats {
		seats[i] = "player" + strconv.Itoa(i+1)
	}
	var up, down []string
	for p := range g.Piles() {
		if g.Ascending(p) {
			up = append(up, string(rune('a'+p)))
		} else {
			down = append(down, string(rune('a'+p)))
		}
	}
	house := []string{}
	if g.repdigit {
		house = append(house, "repdigit")
	}
	if g.lastDg {
		house = append(house, "last_digit")
	}
	return games.Description{
		Players: seats,
		Phrases: []string{"all-played", "cannot-play", "played-card", "ended-turn", "drew"},
		Cards:   g.cardTable(),
		Grammar: games.Grammar{Forms: [][]games.MovePart{
			{{Kind: "card"}, {Kind: "pile"}},
			{{Kind: "word", Name: "end of turn", Values: []string{"end"}}},
			{{Kind: "word", Name: "draw (chance)", Values: []string{"+"}}, {Kind: "card"}},
		}},
		Moves: fmt.Sprintf("a card and the pile it goes on: 57a; piles %s ascending from %d, %s descending from %d; "+
			"end ends the turn once the minimum is played; a draw (chance) is + and the card: +57",
			strings.Join(up, ","), g.low-1, strings.Join(down, ","), g.high+1),
		MoveExample: g.playExample(),
		Extra: [][2]string{
			{"cards", fmt.Sprintf("%d..%d", g.low, g.high)},
			{"hand", strconv.Itoa(g.hand)},
			{"min plays", fmt.Sprintf("%d, %d once the draw pile is empty", g.minPlays, g.minPlaysEmpty)},
			{"trick", strconv.Itoa(g.trick)},
			{"house rules", strings.Join(house, ",")},
			{"piles", pileLetters(g)},
		},
	}
}

// String names the variant by its rules, in the inline form.
func (g *Game) String() string {
	return fmt.Sprintf("thegame(players=%d,low=%d,high=%d,up=%d,down=%d,hand=%d,min_plays=%d,min_plays_empty=%d,trick=%d,repdigit=%v,last_digit=%v)",
		g.players, g.low, g.high, g.up, g.down, g.handRule, g.minPlays, g.minPlaysEmpty, g.trick, g.repdigit, g.lastDg)
}

// playExample is a player's move for Describe (the start itself is a
// chance node, whose moves are draws): the middle card on the first pile.
func (g *Game) playExample() string {
	return strconv.Itoa((g.low+g.high)/2) + "a"
}
