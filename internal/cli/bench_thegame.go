package cli

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/thegame"
	thegameplayer "github.com/meeple-games/meeple/internal/players/thegame"
	"github.com/meeple-games/meeple/internal/search"
	"github.com/meeple-games/meeple/internal/stats"
)

// isTheGame says whether spec names a variant of The Game.
func isTheGame(spec string) bool {
	v, err := games.LoadVariant(spec)
	return err == nil && v.Family == "thegame"
}

// runBenchTheGame plays seeded games of The Game with the auto player in
// every seat: game i draws its cards from PCG(seed, i), so a run is the
// same on every machine whatever the number of workers.
func runBenchTheGame(ctx context.Context, env Env, spec string, args []string) error {
	fs := newFlags(env, "bench", spec+" [--players P] [--set key=value...] [--games N] [--seed S]", `
Plays seeded games of The Game, every seat the auto player, and prints the
win rate (all cards played, Wilson 95% interval), the rate of excellent
results (fewer than 10 cards left) and the mean cards left (Student-t 95%
interval).

Examples:
  meeple bench thegame --players 3 --games 100
  meeple bench thegame-expert --set players=4 --games 100 --seed 2`)
	nplayers := fs.Int("players", 0, "players (0: the variant's); the same as --set players=P")
	var set setFlags
	addSet(fs, &set)
	n := fs.Int("games", 1000, "games to play")
	seed := fs.Uint64("seed", 1, "seed of the draws (game i uses PCG(seed, i))")
	rollouts := fs.Int("rollouts", 0, "determinized roll-outs per candidate move (0: the heuristic alone)")
	tune := fs.String("tune", "", "the player's weights, key=value,... (see thegameplayer.Params; empty: the defaults)")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	rest, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("bench %s: unexpected arguments %v", spec, rest)
	}
	if *n < 1 || *workers < 1 {
		return fmt.Errorf("bench %s: --games and --workers must be at least 1", spec)
	}
	if *nplayers != 0 {
		set = append(set, fmt.Sprintf("players=%d", *nplayers))
	}
	v, err := games.LoadVariant(spec, set...)
	if err != nil {
		return err
	}
	g := v.Game.(*thegame.Game)
	var prm *thegameplayer.Params
	if *tune != "" {
		d := thegameplayer.DefaultParams(g.Players())
		if err := d.Set(*tune); err != nil {
			return fmt.Errorf("bench %s: --tune: %w", spec, err)
		}
		prm = &d
	}
	left := make([]float64, *n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := thegameplayer.NewPlayer(g, *seed)
			p.Rollouts = *rollouts
			p.Params = prm
			for i := range next {
				left[i] = float64(playTheGame(ctx, g, p, *seed, uint64(i)))
			}
		}()
	}
	for i := 0; i < *n && ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	if ctx.Err() != nil {
		return ctx.Err()
	}
	wins, excellent := 0, 0
	for _, x := range left {
		if x == 0 {
			wins++
		}
		if x < 10 {
			excellent++
		}
	}
	w := env.Stdout
	fmt.Fprintf(w, "%s: %d players, %d games, seed %d\n", v.Name, g.Players(), *n, *seed)
	p, lo, hi := stats.Rate(wins, *n)
	fmt.Fprintf(w, "win rate        %6.2f%% [%.2f%%, %.2f%%] (%d)\n", 100*p, 100*lo, 100*hi, wins)
	p, lo, hi = stats.Rate(excellent, *n)
	fmt.Fprintf(w, "excellent (<10) %6.2f%% [%.2f%%, %.2f%%] (%d)\n", 100*p, 100*lo, 100*hi, excellent)
	m, lo, hi := stats.MeanInterval(left)
	fmt.Fprintf(w, "cards left      %6.2f [%.2f, %.2f]\n", m, lo, hi)
	return nil
}

// playTheGame plays one game and returns the cards left.
func playTheGame(ctx context.Context, g *thegame.Game, p search.Searcher, seed, i uint64) int {
	rng := rand.New(rand.NewPCG(seed, i))
	st := g.NewState()
	for st.Player() != games.Terminal {
		if st.Player() == games.Chance {
			st.Play(games.SampleChance(st, rng))
			continue
		}
		st.Play(p.Search(ctx, st, search.Limits{}, nil).Move)
	}
	return st.(*thegame.State).CardsLeft()
}
