package thegame

import (
	"context"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/thegame"
	"github.com/meeple-games/meeple/internal/search"
)

// Player plays The Game from what its seat sees, nothing more: it
// turns the state it is given into its seat's view (State.View) and parses
// that, so another's hand or the draw pile cannot reach a decision.
//
// The heuristic searches the whole turn (see planner and Params):
// every set of plays that meets the minimum, with further plays only while
// they jump at most a live card or step back, priced by the pile coverage
// it takes from the live cards (the ones on no pile: the piles tell which
// are gone; a card that loses its last pile costs most), by how it changes
// what the cards kept in hand would cost next, and by bonuses for steps
// back (the trick of 10, or a house rule) and for plays past the minimum.
// It returns the first play of the cheapest turn, or the end of the turn.
// When its hand is all that is left to play (the draw pile and the other
// hands empty), it first looks for an order that plays the whole hand.
//
// With a roll-out budget (Limits.Nodes, a roll-out counting 100, or a
// move time) it also compares
// the best few moves by determinized roll-outs: the hidden cards dealt
// again at random (State.Resample from the seat's view), then every seat
// played by the heuristic to the end; the move with the fewest cards left
// on average wins.
type Player struct {
	g    *thegame.Game
	Seed uint64
	// Rollouts per candidate move when the search has no limit (0: the
	// heuristic alone).
	Rollouts int
	// Candidates is how many of the heuristic's best moves roll-outs
	// compare.
	Candidates int
	// Margin: roll-outs compare only the moves whose heuristic value is
	// within Margin of the best (with few roll-outs their noise would
	// otherwise pick bad moves).
	Margin float64
	// Params weigh the plays (nil: DefaultParams for the player
	// count).
	Params *Params
}

// rolloutNodes is what a roll-out counts for in Limits.Nodes and the node
// count reported: about the moves it plays.
const rolloutNodes = 100

// NewPlayer returns the player with its default settings.
func NewPlayer(g *thegame.Game, seed uint64) *Player {
	return &Player{g: g, Seed: seed, Rollouts: 0, Candidates: 3, Margin: 2}
}

// SetSeed implements search.Seeder.
func (p *Player) SetSeed(seed uint64) { p.Seed = seed }

// Search picks one play, or the end of the turn. See the type comment.
func (p *Player) Search(ctx context.Context, st games.State, lim search.Limits, info func(search.Info)) search.Result {
	start := time.Now()
	me := st.Player()
	switch me {
	case games.Terminal:
		return search.Result{Move: games.NoMove}
	case games.Chance:
		return search.Result{Move: st.LegalMoves(nil)[0]}
	}
	var view string
	if vs, ok := st.(games.ViewState); ok {
		view = vs.View(me)
	} else {
		view = st.Position()
	}
	parsed, err := p.g.ParseState(view)
	if err != nil {
		panic("thegame player: the view does not parse: " + err.Error())
	}
	s := parsed.(*thegame.State)
	h := fnv.New64a()
	h.Write([]byte(view))
	rng := rand.New(rand.NewPCG(p.Seed, h.Sum64()))

	cands := p.rank(s)
	move := cands[0].m
	budget := p.Rollouts
	if lim.Nodes > 0 {
		budget = max(1, int(lim.Nodes/rolloutNodes)/max(1, min(p.Candidates, len(cands))))
	}
	deadline := time.Time{}
	if lim.MoveTime > 0 {
		deadline = start.Add(lim.MoveTime * 8 / 10)
		if budget == 0 {
			budget = 1 << 20
		}
	}
	var nodes int64
	score := 0
	if budget > 0 && len(cands) > 1 && cands[1].v <= cands[0].v+p.Margin {
		k := 1 // compare only moves the heuristic finds nearly as good
		for k < min(p.Candidates, len(cands)) && cands[k].v <= cands[0].v+p.Margin {
			k++
		}
		sum := make([]float64, k)
		runs := 0
	loop:
		for r := 0; r < budget; r++ {
			if ctx.Err() != nil || !deadline.IsZero() && time.Now().After(deadline) {
				break loop
			}
			seed := rng.Uint64()
			for i := range k {
				d := s.Resample(me, rand.New(rand.NewPCG(seed, 1))).(*thegame.State)
				d.Play(cands[i].m)
				sum[i] += float64(p.rollout(d, rand.New(rand.NewPCG(seed, 2))))
				nodes += rolloutNodes
			}
			runs++
		}
		if runs > 0 {
			best := 0
			for i := range k {
				if sum[i] < sum[best] {
					best = i
				}
			}
			move = cands[best].m
			score = -int(math.Round(100 * sum[best] / float64(runs)))
		}
	}
	in := search.Info{Depth: 1, Nodes: nodes, Time: time.Since(start), Score: score, PV: []games.Move{move}}
	if info != nil {
		info(in)
	}
	return search.Result{Move: move, Info: in}
}

// rollout plays d to the end with the heuristic for every seat and returns
// the cards left.
func (p *Player) rollout(d *thegame.State, rng *rand.Rand) int {
	var buf []games.Move
	for !d.Over() {
		if d.Player() == games.Chance {
			buf = d.LegalMoves(buf)
			d.Play(buf[rng.IntN(len(buf))])
			continue
		}
		d.Play(p.rank(d)[0].m)
	}
	return d.CardsLeft()
}

// alone says whether the mover's hand is all that is left to play.
func alone(s *thegame.State) bool {
	if s.DeckSize() > 0 {
		return false
	}
	for q := range s.Game().Players() {
		if q != s.Mover() && s.HandSize(q) > 0 {
			return false
		}
	}
	return true
}

type candidate struct {
	m games.Move
	v float64
}

// rank lists the legal moves that start a turn the planner considers, with
// the value of the best turn each starts, best (lowest) first.
func (p *Player) rank(s *thegame.State) []candidate {
	prm := p.Params
	if prm == nil {
		d := DefaultParams(s.Game().Players())
		prm = &d
	}
	pl := newPlanner(s, prm)
	if alone(s) {
		if m := pl.clearance(20000); m != games.NoMove {
			return []candidate{{m, -1e6}}
		}
	}
	out := pl.plan()
	if len(out) == 0 { // stuck: any legal move
		out = append(out, candidate{s.LegalMoves(nil)[0], 1e6})
	}
	return out
}
