package thegame

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/thegame"
)

// cardSet is a set of cards, bit c for card c (cards are below 128).
type cardSet [2]uint64

func (s cardSet) and(o cardSet) cardSet { return cardSet{s[0] & o[0], s[1] & o[1]} }
func (s cardSet) or(o cardSet) cardSet  { return cardSet{s[0] | o[0], s[1] | o[1]} }
func (s cardSet) count() int            { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }
func (s *cardSet) add(c int)            { s[c>>6] |= 1 << (c & 63) }
func (s *cardSet) remove(c int)         { s[c>>6] &^= 1 << (c & 63) }
func (s cardSet) has(c int) bool        { return s[c>>6]>>(c&63)&1 != 0 }

// above[t] holds the cards over t, below[t] the cards under it; digit[d]
// the cards ending in d, repdigits 11, 22, ..., 99.
var (
	above, below [129]cardSet
	digit        [10]cardSet
	repdigits    cardSet
)

func init() {
	for t := range 129 {
		for c := range 128 {
			if c > t {
				above[t].add(c)
			}
			if c < t {
				below[t].add(c)
			}
		}
	}
	for c := range 100 {
		digit[c%10].add(c)
		if c >= 11 && c%11 == 0 {
			repdigits.add(c)
		}
	}
}

// between is the set of cards strictly between a and b (either order).
func between(a, b int) cardSet {
	if a > b {
		a, b = b, a
	}
	return above[a].and(below[b])
}

// Params weigh a turn's plays for the planner.
//
// A position is priced by the coverage of the live cards (the ones not yet
// on a pile, the planner's hand among them): how many piles each could
// still go on. Losing the last pile a card fits (it can then never be
// played) costs Dead; losing the second-last Cover[0], the third-last
// Cover[1], any other Cover[2]. A turn costs the coverage it takes from the
// cards still live after it; then each card kept in hand is priced by what
// playing it next would cost (the live cards it jumps on its cheapest pile,
// less Trick for a step back), and the turn adds Hand times the rise of
// that price and HandGain times its fall (a fall: the turn brought a pile
// nearer the card or set up a step back); less Trick for every step back
// and Extra (ExtraEmpty once the draw pile is empty) for each play past the
// minimum. Plays that jump more than ExtraMax live cards count as dear: a
// turn makes at most the minimum of them.
type Params struct {
	Dead     float64
	Cover    [3]float64
	Hand     float64 // weight of what the turn adds to a kept card's price
	HandGain float64 // weight of what it takes off
	HandCap  float64 // the most one card in hand is priced
	Trick    float64
	Extra    float64
	// ExtraEmpty is Extra once the draw pile is empty.
	ExtraEmpty float64
	ExtraMax   int
}

// DefaultParams returns the planner's weights for a player count:
// tuned on 2,000 seeded games per count (bench thegame --tune), where no
// count's best weights differed from the others' by more than the noise,
// so every count gets the same for now.
func DefaultParams(players int) Params {
	p := Params{Dead: 12, Cover: [3]float64{2, 0.8, 0.4}, Hand: 0.3, HandGain: 0.15, HandCap: 20, Trick: 3, Extra: 0.5, ExtraEmpty: 0.5, ExtraMax: 1}
	return p
}

// planBudget bounds the positions a turn's search visits before it stops
// trying plays past the minimum: without house rules a search stays below
// 10,000 (100 seeded games per count); the house rules make most cards a
// step back somewhere, steps back are always tried, and their search gets
// the small budget (those games are won anyway).
const (
	planBudget      = 20000
	planBudgetHouse = 2000
)

// planner searches one turn of the seat to move from what it sees.
type planner struct {
	g     *thegame.Game
	prm   *Params
	piles int
	low   int
	high  int
	trick int
	// the house rules: a card ending as the top, a repdigit on a repdigit
	lastDigit, repdigit bool
	asc                 [thegame.MaxPiles]bool
	tops                [thegame.MaxPiles]int
	hand                cardSet
	live                cardSet // cards on no pile, the hand's among them
	cover0              [thegame.MaxPiles + 1]cardSet
	dv                  [thegame.MaxPiles + 1]float64
	need                int // plays still required this turn
	extra               float64
	nodes               int // positions searched, against budget
	budget              int
	cost0               [128]float64 // each hand card's price before the turn

	// first-move values: the best turn each first move starts
	firsts []candidate
}

func newPlanner(s *thegame.State, prm *Params) *planner {
	g := s.Game()
	pl := &planner{g: g, prm: prm, piles: g.Piles(), low: g.Low(), high: g.High(), trick: g.Trick()}
	rules := g.Params()
	pl.lastDigit, pl.repdigit = rules.Bool("last_digit"), rules.Bool("repdigit")
	pl.budget = planBudget
	if pl.lastDigit || pl.repdigit {
		pl.budget = planBudgetHouse
	}
	me := s.Mover()
	for q := range pl.piles {
		pl.asc[q] = g.Ascending(q)
		pl.tops[q] = s.Top(q)
	}
	for _, c := range s.Hand(me) {
		pl.hand.add(c)
	}
	pl.live = pl.hand
	for _, c := range s.Unseen(me) {
		pl.live.add(c)
	}
	pl.need = s.Required() - s.Played()
	pl.extra = prm.Extra
	if s.DeckSize() == 0 {
		pl.extra = prm.ExtraEmpty
	}
	pl.dv[1] = prm.Dead
	for j := 2; j <= pl.piles; j++ {
		pl.dv[j] = prm.Cover[min(j-2, 2)]
	}
	pl.coverage(&pl.cover0)
	for w := range 2 {
		for x := pl.hand[w]; x != 0; x &= x - 1 {
			c := w<<6 | bits.TrailingZeros64(x)
			pl.cost0[c] = pl.handCost(c)
		}
	}
	return pl
}

// coverage sets g[j] to the cards at least j piles accept (by direction,
// and the card of the trick).
func (pl *planner) coverage(g *[thegame.MaxPiles + 1]cardSet) {
	g[0] = cardSet{^uint64(0), ^uint64(0)}
	for j := 1; j <= pl.piles; j++ {
		g[j] = cardSet{}
	}
	for q := range pl.piles {
		m := pl.accepts(q)
		for j := q + 1; j >= 1; j-- {
			g[j] = g[j].or(g[j-1].and(m))
		}
	}
}

// accepts is the set of cards pile q takes now.
func (pl *planner) accepts(q int) cardSet {
	t := pl.tops[q]
	var m cardSet
	if pl.asc[q] {
		m = above[t]
		if pl.trick > 0 && t-pl.trick >= pl.low {
			m.add(t - pl.trick)
		}
	} else {
		m = below[t]
		if pl.trick > 0 && t+pl.trick <= pl.high {
			m.add(t + pl.trick)
		}
	}
	if pl.lastDigit && t >= 0 {
		m = m.or(digit[t%10])
	}
	if pl.repdigit && repdigits.has(t) {
		m = m.or(repdigits)
	}
	return m
}

// forward says whether card goes on in pile q's direction (no step back).
func (pl *planner) forward(q, card int) bool {
	return pl.asc[q] == (card > pl.tops[q])
}

// phi prices the live cards L under the coverage g.
func (pl *planner) phi(g *[thegame.MaxPiles + 1]cardSet, l cardSet) float64 {
	v := 0.0
	for j := 1; j <= pl.piles; j++ {
		v += pl.dv[j] * float64(l.and(g[j]).count())
	}
	return v
}

// handCost is what playing card c next would cost at the current tops: the
// live cards it jumps on the cheapest pile, less Trick for a step back.
func (pl *planner) handCost(c int) float64 {
	best := pl.prm.HandCap
	for q := range pl.piles {
		t := pl.tops[q]
		if !pl.g.CanPlay(q, t, c) {
			continue
		}
		n := float64(pl.live.and(between(t, c)).count())
		if !pl.forward(q, c) {
			n = -pl.prm.Trick - n
		}
		best = min(best, n)
	}
	return best
}

// leaf values the end of the turn at the current tops.
func (pl *planner) leaf(played int) float64 {
	if pl.live == (cardSet{}) {
		return -1e6
	}
	var g [thegame.MaxPiles + 1]cardSet
	pl.coverage(&g)
	v := pl.phi(&pl.cover0, pl.live) - pl.phi(&g, pl.live)
	if pl.prm.Hand != 0 || pl.prm.HandGain != 0 {
		for w := range 2 {
			for x := pl.hand[w]; x != 0; x &= x - 1 {
				c := w<<6 | bits.TrailingZeros64(x)
				if d := pl.handCost(c) - pl.cost0[c]; d > 0 {
					v += pl.prm.Hand * d
				} else {
					v += pl.prm.HandGain * d
				}
			}
		}
	}
	if extra := played - pl.need; extra > 0 {
		v -= pl.extra * float64(extra)
	}
	return v
}

// search is the cheapest way to finish the turn from here: plays in order
// of pile (plays on different piles commute), each pile's own in turn;
// dear counts the plays that jumped more than ExtraMax live cards (at most
// the minimum of them), acc is the step-back bonus so far.
func (pl *planner) search(played, dear, lastPile int, acc float64) float64 {
	pl.nodes++
	best := math.Inf(1)
	if played >= pl.need {
		best = pl.leaf(played) + acc
		if pl.nodes > pl.budget {
			return best // no more plays past the minimum
		}
	}
	if pl.live == (cardSet{}) {
		return best
	}
	for q := lastPile; q < pl.piles; q++ {
		t := pl.tops[q]
		for w := range 2 {
			for x := pl.hand[w]; x != 0; x &= x - 1 {
				c := w<<6 | bits.TrailingZeros64(x)
				if !pl.g.CanPlay(q, t, c) {
					continue
				}
				bonus, d := 0.0, dear
				if !pl.forward(q, c) {
					bonus = pl.prm.Trick
				} else if pl.live.and(between(t, c)).count() > pl.prm.ExtraMax {
					// a dear play: at most the minimum of them in a turn
					if d >= pl.need {
						continue
					}
					d++
				}
				pl.hand.remove(c)
				pl.live.remove(c)
				pl.tops[q] = c
				v := pl.search(played+1, d, q, acc-bonus)
				pl.tops[q] = t
				pl.hand.add(c)
				pl.live.add(c)
				if v < best {
					best = v
				}
				if played == 0 && pl.firsts != nil {
					pl.noteFirst(thegame.PlayMove(c, q), v)
				}
			}
		}
	}
	if math.IsInf(best, 1) {
		return 1e6 // the minimum cannot be played this way
	}
	return best
}

func (pl *planner) noteFirst(m games.Move, v float64) {
	for i := range pl.firsts {
		if pl.firsts[i].m == m {
			pl.firsts[i].v = min(pl.firsts[i].v, v)
			return
		}
	}
	pl.firsts = append(pl.firsts, candidate{m, v})
}

// plan lists the first moves with the value of the best turn each starts,
// best first; the end of the turn is among them once the minimum is met.
func (pl *planner) plan() []candidate {
	pl.firsts = make([]candidate, 0, 40)
	if pl.need <= 0 {
		pl.firsts = append(pl.firsts, candidate{thegame.EndMove, pl.leaf(0)})
	}
	pl.search(0, 0, 0, 0)
	out := pl.firsts
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].v < out[j-1].v; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// Set changes weights from a list key=value,... (keys: dead, cover1,
// cover2, cover3, hand, handcap, trick, extra, extramax), for tuning.
func (p *Params) Set(list string) error {
	for _, kv := range strings.Split(list, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok {
			return fmt.Errorf("%q: want key=value", kv)
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return fmt.Errorf("%q: %v", kv, err)
		}
		switch strings.ToLower(k) {
		case "dead":
			p.Dead = x
		case "cover1":
			p.Cover[0] = x
		case "cover2":
			p.Cover[1] = x
		case "cover3":
			p.Cover[2] = x
		case "hand":
			p.Hand = x
		case "handgain":
			p.HandGain = x
		case "handcap":
			p.HandCap = x
		case "trick":
			p.Trick = x
		case "extra":
			p.Extra = x
		case "extraempty":
			p.ExtraEmpty = x
		case "extramax":
			p.ExtraMax = int(x)
		default:
			return fmt.Errorf("%q: unknown key", k)
		}
	}
	return nil
}

// clearance looks for a way to play the whole hand, in any number of
// turns, when no one else can play before it ends: the draw pile is empty
// and every other hand too. It returns the first play of such a way, or
// games.NoMove (none, or more than limit positions to search).
func (pl *planner) clearance(limit int) games.Move {
	seen := make(map[[2]cardSet]bool)
	var first games.Move = games.NoMove
	var dfs func(depth int) bool
	dfs = func(depth int) bool {
		if pl.hand == (cardSet{}) {
			return true
		}
		if limit <= 0 {
			return false
		}
		limit--
		var key [2]cardSet
		key[0] = pl.hand
		for q := range pl.piles {
			key[1][q>>2] |= uint64(pl.tops[q]) << (16 * (q & 3))
		}
		if seen[key] {
			return false
		}
		seen[key] = true
		for q := range pl.piles {
			t := pl.tops[q]
			for w := range 2 {
				for x := pl.hand[w]; x != 0; x &= x - 1 {
					c := w<<6 | bits.TrailingZeros64(x)
					if !pl.g.CanPlay(q, t, c) {
						continue
					}
					pl.hand.remove(c)
					pl.tops[q] = c
					ok := dfs(depth + 1)
					pl.tops[q] = t
					pl.hand.add(c)
					if ok {
						if depth == 0 {
							first = thegame.PlayMove(c, q)
						}
						return true
					}
				}
			}
		}
		return false
	}
	if dfs(0) {
		return first
	}
	return games.NoMove
}
