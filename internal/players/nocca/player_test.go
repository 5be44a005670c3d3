package nocca

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/nocca"
	"github.com/meeple-games/meeple/internal/meepletest"
	"github.com/meeple-games/meeple/internal/search"
)

func parseNocca(t testing.TB, g *nocca.Game, pos string) *nocca.State {
	t.Helper()
	st, err := g.ParseState(pos)
	if err != nil {
		t.Fatalf("ParseState(%q): %v", pos, err)
	}
	return st.(*nocca.State)
}

// flipNocca turns a position string over: the rows in reverse order, the
// colours exchanged (stacks keep their bottom-to-top order), the other side
// to move. The position is the same for the other colour.
func flipNocca(pos string) string {
	f := strings.Fields(pos)
	rows := strings.Split(f[0], "/")
	slices.Reverse(rows)
	swap := strings.NewReplacer("w", "b", "b", "w")
	f[0] = swap.Replace(strings.Join(rows, "/"))
	f[1] = swap.Replace(f[1])
	return strings.Join(f, " ")
}

// winsInOne returns the moves after which the side to move has won.
func winsInOne(st *nocca.State) []games.Move {
	var out []games.Move
	me := st.ToMove()
	for _, m := range st.LegalMoves(nil) {
		st.Play(m)
		if st.Player() == games.Terminal && st.Winner() == me {
			out = append(out, m)
		}
		st.Undo()
	}
	return out
}

// TestNoccaPositions: constructed positions where the engine must win at
// once, or cover the opponent's piece about to enter the goal.
func TestNoccaPositions(t *testing.T) {
	for _, tc := range []struct {
		spec, pos string
		want      []string // any of these
	}{
		// White's uncovered piece on row 6 steps into the goal.
		{"nocca", "bwbbb/5/5/5/b4/1wwww w", []string{"b6-b*", "b6-a*", "b6-c*"}},
		// Both sides threaten: win rather than cover.
		{"nocca", "bwbbb/5/5/5/4w/bwww1 w", []string{"b6-b*", "b6-a*", "b6-c*"}},
		// Black's piece on a1 must be covered, and only b1 can.
		{"nocca", "1bbbb/5/5/5/3ww/bwww1 w", []string{"b1-a1"}},
		{"nocca", "1bbbb/5/5/5/w2ww/bw2w w", []string{"b1-a1", "a2-a1"}},
		// The same for black, moving first.
		{"nocca(first=black)", "bbbbw/5/5/b4/5/1wwww b", []string{"d6-e6"}},
		// Covering black's last uncovered piece leaves it without a move.
		{"nocca-4x3", "3/2w/(bw)(bw)b/3 w", []string{"c3-c2"}},
	} {
		t.Run(tc.pos, func(t *testing.T) {
			g := loadNocca(t, tc.spec)
			st := parseNocca(t, g, tc.pos)
			for _, nodes := range []int64{1, 5000} {
				eng := NewPlayer(g, 1)
				res := eng.Search(context.Background(), st, search.Limits{Nodes: nodes}, nil)
				got := st.FormatMove(res.Move)
				if len(tc.want) > 0 && !slices.Contains(tc.want, got) {
					t.Errorf("%d nodes: played %s; want one of %v", nodes, got, tc.want)
				}
			}
		})
	}
}

// TestNoccaTactics plays random games and checks at every position that the
// engine, on a small budget, never misses a win in one and never leaves
// the opponent a win in one when some move would not (covering a piece
// about to enter the goal, or keeping a piece free to move). On a budget
// of one node it must still take a move into the goal and cover a single
// threat.
func TestNoccaTactics(t *testing.T) {
	t.Parallel()
	for _, spec := range []string{"nocca", "nocca-4x3", "nocca-4x4(stack=2)", "nocca(columns=4,rows=5,first=black)"} {
		t.Run(spec, func(t *testing.T) {
			g := loadNocca(t, spec)
			rng := rand.New(rand.NewPCG(1, 1))
			eval := newEval(g)
			var wins, stops, covers int
			gamesPer := 30
			if testing.Short() {
				gamesPer = 4
			}
			eng := NewPlayer(g, 1)
			for range gamesPer {
				st := g.NewState().(*nocca.State)
				for st.Player() >= 0 {
					me := st.ToMove()
					mine := winsInOne(st)
					// The moves after which the opponent has no win in one.
					var safe []games.Move
					var covering bool
					for _, m := range st.LegalMoves(nil) {
						st.Play(m)
						if st.Player() != games.Terminal && len(winsInOne(st)) == 0 {
							safe = append(safe, m)
						}
						st.Undo()
					}
					th := eval.threats(st, me)
					covering = th != 0 && th&(th-1) == 0 && len(safe) > 0
					if len(mine) > 0 || len(safe) > 0 && len(safe) < len(st.LegalMoves(nil)) {
						eng.Clear() // each position on its own
						res := eng.Search(context.Background(), st, search.Limits{Nodes: 2000}, nil)
						switch {
						case len(mine) > 0:
							wins++
							if !slices.Contains(mine, res.Move) {
								t.Fatalf("%s: played %s, missing the win %s", st.Position(), st.FormatMove(res.Move), st.FormatMove(mine[0]))
							}
						default:
							stops++
							if !slices.Contains(safe, res.Move) {
								t.Fatalf("%s: played %s, leaving a win in one; %s would not", st.Position(), st.FormatMove(res.Move), st.FormatMove(safe[0]))
							}
						}
						if len(mine) > 0 || covering {
							res := eng.Search(context.Background(), st, search.Limits{Nodes: 1}, nil)
							if len(mine) > 0 && !slices.Contains(mine, res.Move) || len(mine) == 0 && !slices.Contains(safe, res.Move) {
								t.Fatalf("%s: on one node played %s", st.Position(), st.FormatMove(res.Move))
							}
							if len(mine) == 0 {
								covers++
							}
						}
					}
					moves := st.LegalMoves(nil)
					st.Play(moves[rng.IntN(len(moves))])
				}
			}
			t.Logf("%d wins in one, %d stops (%d covers on one node) checked", wins, stops, covers)
			if wins == 0 || stops == 0 || covers == 0 {
				t.Errorf("%d wins, %d stops and %d covers tested", wins, stops, covers)
			}
		})
	}
}

// noccaOrderOnly hides the move filter of the evaluation.
type noccaOrderOnly struct{ e *noccaEval }

func (o noccaOrderOnly) Evaluate(st games.State) int { return o.e.Evaluate(st) }
func (o noccaOrderOnly) ScoreMoves(st games.State, moves []games.Move, scores []int32) {
	o.e.ScoreMoves(st, moves, scores)
}

// TestNoccaMoveFilterExact compares alpha-beta with and without the move
// filter on random positions, those with threats often: the scores agree.
func TestNoccaMoveFilterExact(t *testing.T) {
	meepletest.OneGoroutine(t)
	t.Parallel()
	for _, spec := range []string{"nocca", "nocca-4x3", "nocca-3x3(repetition=2)"} {
		g := loadNocca(t, spec)
		rng := rand.New(rand.NewPCG(6, 6))
		compared, filtered, gamesPer, depth := 0, 0, 20, 4
		if testing.Short() {
			gamesPer, depth = 6, 3
		}
		for range gamesPer {
			st := g.NewState().(*nocca.State)
			for st.Player() >= 0 {
				e := newEval(g)
				moves := st.LegalMoves(nil)
				n := len(moves)
				if len(e.FilterMoves(st, slices.Clone(moves))) < n || rng.IntN(6) == 0 {
					with := search.NewAlphaBeta(e, 1).Search(context.Background(), st, search.Limits{Depth: depth}, nil)
					without := search.NewAlphaBeta(noccaOrderOnly{e}, 1).Search(context.Background(), st, search.Limits{Depth: depth}, nil)
					if with.Info.Score != without.Info.Score {
						t.Fatalf("%s %s: score %d with the filter, %d without", spec, st.Position(), with.Info.Score, without.Info.Score)
					}
					compared++
					if len(e.FilterMoves(st, slices.Clone(moves))) < n {
						filtered++
					}
				}
				st.Play(moves[rng.IntN(n)])
			}
		}
		if compared < gamesPer || filtered == 0 {
			t.Errorf("%s: %d positions compared, %d filtered", spec, compared, filtered)
		}
	}
}

// TestNoccaEvalSymmetric checks that the evaluation does not care which
// colour it is: a position and the same turned over (colours exchanged)
// score the same for their side to move.
func TestNoccaEvalSymmetric(t *testing.T) {
	for _, spec := range []string{"nocca", "nocca-4x4", "nocca(columns=6,rows=7,pieces=4,stack=4)"} {
		g := loadNocca(t, spec)
		e := newEval(g)
		rng := rand.New(rand.NewPCG(8, 8))
		n := 0
		for range 10 {
			st := g.NewState().(*nocca.State)
			for st.Player() >= 0 {
				flip := parseNocca(t, g, flipNocca(st.Position()))
				if a, b := e.Evaluate(st), e.Evaluate(flip); a != b {
					t.Fatalf("%s: %d; turned over %s: %d", st.Position(), a, flip.Position(), b)
				}
				n++
				moves := st.LegalMoves(nil)
				st.Play(moves[rng.IntN(len(moves))])
			}
		}
		if n < 100 {
			t.Errorf("%s: %d positions", spec, n)
		}
	}
	// The start is even but for the tempo.
	g := loadNocca(t, "nocca")
	if v := newEval(g).Evaluate(g.NewState()); v != noccaTempo {
		t.Errorf("the start scores %d; want the tempo %d", v, noccaTempo)
	}
}

// BenchmarkNoccaSearch reports the engine's nodes a second from a
// position a few moves into the 5x6 game.
func BenchmarkNoccaSearch(b *testing.B) {
	g := loadNocca(b, "nocca")
	st := g.NewState().(*nocca.State)
	randomNocca(st, 4, 6)
	ab := search.NewAlphaBeta(newEval(g), 16)
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		ab.Clear()
		nodes += ab.Search(context.Background(), st, search.Limits{Nodes: 200_000}, nil).Info.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
