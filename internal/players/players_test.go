package players

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/meepletest"
	"github.com/meeple-games/meeple/internal/players/chess"
	"github.com/meeple-games/meeple/internal/players/kinarow"
	"github.com/meeple-games/meeple/internal/players/nocca"
	"github.com/meeple-games/meeple/internal/players/othello"
	"github.com/meeple-games/meeple/internal/players/thegame"
	"github.com/meeple-games/meeple/internal/search"
)

func load(t testing.TB, name string) games.Game {
	t.Helper()
	v, err := games.LoadVariant(name)
	if err != nil {
		t.Fatal(err)
	}
	return v.Game
}

// fakeGame is a game of another family for New's choices: only its Type and
// Family matter.
type fakeGame struct {
	games.Game
	typ games.Type
}

func (f fakeGame) Family() string { return "fake" }

func (f fakeGame) Type() games.Type { return f.typ }

func TestNew(t *testing.T) {
	ttt := load(t, "tictactoe")
	twoZero := fakeGame{typ: games.Type{Players: 2, Utility: games.ZeroSum, MinReturn: -1, MaxReturn: 1}}
	coop := fakeGame{typ: games.Type{Players: 3, Chance: true, Information: games.ImperfectInformation, Utility: games.Identical, MaxReturn: 1}}
	dice := fakeGame{typ: games.Type{Players: 2, Chance: true, Utility: games.ZeroSum, MinReturn: -1, MaxReturn: 1}}
	tests := []struct {
		g    games.Game
		algo string
		want string // the searcher's type, or an error's text
	}{
		{ttt, "", "*kinarow.Prover"}, // the solver first, kinarow.Player behind it
		{ttt, "auto", "*kinarow.Prover"},
		{ttt, "AlphaBeta", "*search.AlphaBeta"},
		{ttt, "mcts", "*search.MCTS"},
		{ttt, "random", "search.Random"},
		{ttt, "baseline", "*kinarow.baseline"},
		{ttt, "minimax", "unknown algorithm"},
		{twoZero, "auto", "*search.AlphaBeta"},
		{twoZero, "baseline", "no baseline for fake"},
		{dice, "auto", "*search.MCTS"},
		{dice, "alphabeta", "*search.AlphaBeta"},
		{coop, "auto", "*search.MCTS"},
		{coop, "alphabeta", "alphabeta needs a two-player zero-sum game"},
	}
	for _, tc := range tests {
		t.Run(tc.g.Family()+"/"+tc.algo, func(t *testing.T) {
			s, err := New(tc.g, engine.Config{Algorithm: tc.algo})
			got := fmt.Sprintf("%T", s)
			if err != nil {
				got = err.Error()
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("New(%s): %s, want %s", tc.algo, got, tc.want)
			}
		})
	}
	m, _ := New(coop, engine.Config{Algorithm: "mcts", Seed: 9})
	if mc := m.(*search.MCTS); mc.Seed != 9 || mc.MaxReturn != 1 {
		t.Errorf("mcts settings: %+v", mc)
	}
}

func TestSearchLeavesStateUnchanged(t *testing.T) {
	for _, name := range []string{"qubic", "nocca"} {
		g := load(t, name)
		rng := rand.New(rand.NewPCG(3, 3))
		st := g.NewState()
		for range 12 {
			moves := st.LegalMoves(nil)
			st.Play(moves[rng.IntN(len(moves))])
		}
		for _, algo := range engine.Algorithms {
			p, err := New(g, engine.Config{Algorithm: algo, HashMB: 1})
			if err != nil {
				t.Fatal(err)
			}
			pos, hash := st.Position(), st.Hash()
			res := p.Search(context.Background(), st, search.Limits{Nodes: 2000}, nil)
			if st.Position() != pos || st.Hash() != hash || !slices.Contains(st.LegalMoves(nil), res.Move) {
				t.Errorf("%s %s: move %d; position %s -> %s", name, algo, res.Move, pos, st.Position())
			}
		}
	}
}

// TestSeeds: New's promise about seeds. A player that implements
// search.Seeder searches after SetSeed(n) exactly as one built with seed
// n; any other ignores the seed. So a new seed never needs a new player
// (the protocol keeps the tables).
func TestSeeds(t *testing.T) {
	meepletest.OneGoroutine(t)
	t.Parallel()
	lim := search.Limits{Nodes: 300}
	for _, name := range []string{"tictactoe", "othello-6x6", "nocca-3x3", "chess", "thegame"} {
		v, err := games.LoadVariant(name)
		if err != nil {
			t.Fatal(err)
		}
		st := v.Game.NewState()
		rng := rand.New(rand.NewPCG(1, 1))
		for st.Player() == games.Chance {
			st.Play(games.SampleChance(st, rng))
		}
		for _, alg := range engine.Algorithms {
			a, err := New(v.Game, engine.Config{Algorithm: alg, Seed: 1})
			if err != nil {
				continue // the algorithm cannot play this game
			}
			b, _ := New(v.Game, engine.Config{Algorithm: alg, Seed: 2})
			sd, seeder := a.(search.Seeder)
			if seeder {
				sd.SetSeed(2)
			}
			ra := a.Search(context.Background(), st, lim, nil)
			rb := b.Search(context.Background(), st, lim, nil)
			if ra.Move != rb.Move || ra.Info.Nodes != rb.Info.Nodes || ra.Info.Score != rb.Info.Score || !slices.Equal(ra.Info.PV, rb.Info.PV) {
				t.Errorf("%s %s (Seeder %v): seed 1 then %s, and seed 2: %+v and %+v", name, alg, seeder,
					map[bool]string{true: "SetSeed(2)", false: "no SetSeed"}[seeder], ra, rb)
			}
		}
	}
}

// TestFamilies: "auto" and "baseline" are each family's own players, and
// Config reaches them.
func TestFamilies(t *testing.T) {
	tests := []struct {
		variant string
		c       engine.Config
		want    search.Searcher
	}{
		{"chess", engine.Config{}, &chess.Player{}},
		{"tictactoe", engine.Config{}, &kinarow.Prover{}}, // the solver, kinarow.Player behind it
		{"qubic", engine.Config{}, &kinarow.Player{}},
		{"othello", engine.Config{}, &othello.Player{}},
		{"othello", engine.Config{Algorithm: engine.Baseline}, othello.Baseline{}},
		{"nocca", engine.Config{}, &nocca.Player{}},
		{"thegame", engine.Config{}, &thegame.Player{}},
	}
	for _, tc := range tests {
		p, err := New(load(t, tc.variant), tc.c)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := fmt.Sprintf("%T", p), fmt.Sprintf("%T", tc.want); got != want {
			t.Errorf("%s %+v: %s, want %s", tc.variant, tc.c, got, want)
		}
	}
	g := load(t, "othello")
	for _, tc := range []struct{ set, want int }{{0, engine.DefaultSolveEmpties}, {12, 12}, {-1, -1}} {
		p, _ := New(g, engine.Config{SolveEmpties: tc.set})
		if got := p.(*othello.Player).SolveEmpties; got != tc.want {
			t.Errorf("engine.Config{SolveEmpties: %d} gives a player solving from %d, want %d", tc.set, got, tc.want)
		}
	}
	ab, err := New(g, engine.Config{Algorithm: engine.AlphaBeta, HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res := ab.Search(context.Background(), g.NewState(), search.Limits{Depth: 3}, nil); res.Move == games.NoMove {
		t.Error("othello alphabeta found no move")
	}
}
