package search

import (
	"context"
	"math/rand/v2"

	"github.com/meeple-games/meeple/games"
)

// Random plays a uniformly random legal move: the weakest baseline. Its
// generator is seeded from Seed and the position's hash, so a given seed
// and position always give the same move.
type Random struct {
	Seed uint64
}

// SetSeed implements Seeder.
func (r *Random) SetSeed(seed uint64) { r.Seed = seed }

// Search returns a random legal move at once, one of lim.RootMoves when it
// lists any; lim's other fields are ignored.
func (r Random) Search(ctx context.Context, st games.State, lim Limits, info func(Info)) Result {
	switch st.Player() {
	case games.Terminal:
		return Result{Move: games.NoMove}
	case games.Chance:
		return Result{Move: likeliestOutcome(st)}
	}
	rng := rand.New(rand.NewPCG(r.Seed, st.Hash()))
	moves := lim.Restrict(st.LegalMoves(nil))
	m := moves[rng.IntN(len(moves))]
	res := Result{Move: m, Info: Info{Depth: 1, Nodes: 1, PV: []games.Move{m}}}
	if info != nil {
		info(res.Info)
	}
	return res
}
