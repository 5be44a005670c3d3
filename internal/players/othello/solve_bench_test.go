package othello

import (
	"context"
	"testing"

	"github.com/meeple-games/meeple/games/othello"
	"github.com/meeple-games/meeple/internal/search"
)

// BenchmarkSolveFFO solves the FFO problems of testdata/ffo.txt, one
// sub-benchmark each (select with -bench 'SolveFFO/ffo-4[0-4]'), from an
// empty table, and fails on a wrong score or move. It reports the solver's
// nodes and nodes per second.
func BenchmarkSolveFFO(b *testing.B) {
	g := loadOthello(b, "othello")
	solver := NewSolver(256)
	for _, p := range readFFO(b) {
		b.Run(p.name, func(b *testing.B) {
			st, err := g.ParseState(p.pos)
			if err != nil {
				b.Fatal(err)
			}
			var nodes int64
			for b.Loop() {
				solver.Clear()
				sol := solver.Solve(context.Background(), st.(*othello.State), search.Limits{})
				if mv := st.FormatMove(sol.Move); !sol.Exact || sol.Score != p.best || p.scores[mv] != p.best {
					b.Fatalf("score %+d move %s (exact %v); want %+d", sol.Score, mv, sol.Exact, p.best)
				}
				nodes += sol.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
