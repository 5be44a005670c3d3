package kinarow

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkSolveReference solves the positions of testdata/connect4-solved.txt
// class by class, each with a fresh table of 2^24 entries (the size of Pons's),
// and reports the mean and median milliseconds and the mean nodes a
// position. With MEEPLE_PONS set to a program that reads the file's lines
// on stdin and writes "CLASS MOVES SCORE NODES MICROSECONDS" for each (a
// driver around Pons's Solver: testdata/ponsbench.cpp), it runs that program on the
// same positions in the same run and reports its figures and the ratio
// of the means: pons-ms/op over ms/op, above 1 when meeple is faster.
//
//	go test -run '^$' -bench SolveReference -benchtime 1x ./internal/players/kinarow/
func BenchmarkSolveReference(b *testing.B) {
	g := loadGame(b, "connect4")
	ref := readRef(b)
	s := NewSolver(g, 128)
	for _, class := range []string{"end", "middle", "begin"} {
		var ps []refPos
		for _, p := range ref {
			if p.class == class {
				ps = append(ps, p)
			}
		}
		b.Run(class, func(b *testing.B) {
			var ms []float64
			var nodes int64
			for range b.N {
				for _, p := range ps {
					st, err := playDigits(g, p.moves)
					if err != nil {
						b.Fatal(err)
					}
					s.Clear()
					t0 := time.Now()
					score, n, ok := s.Score(context.Background(), st, 0)
					ms = append(ms, float64(time.Since(t0).Nanoseconds())/1e6)
					if !ok || score != p.score {
						b.Fatalf("%s: score %d, want %d", p.moves, score, p.score)
					}
					nodes += n
				}
			}
			mean, med := stats(ms)
			b.ReportMetric(0, "ns/op")
			b.ReportMetric(mean, "ms/pos")
			b.ReportMetric(med, "median-ms/pos")
			b.ReportMetric(float64(nodes)/float64(len(ms)), "nodes/pos")
			if path := os.Getenv("MEEPLE_PONS"); path != "" {
				var pms []float64
				var pnodes int64
				for range b.N {
					t, n, err := runPons(path, ps)
					if err != nil {
						b.Fatal(err)
					}
					pms, pnodes = append(pms, t...), pnodes+n
				}
				pmean, pmed := stats(pms)
				b.ReportMetric(pmean, "pons-ms/pos")
				b.ReportMetric(pmed, "pons-median-ms/pos")
				b.ReportMetric(float64(pnodes)/float64(len(pms)), "pons-nodes/pos")
				b.ReportMetric(pmean/mean, "pons/meeple")
			}
		})
	}
}

func stats(ms []float64) (mean, median float64) {
	if len(ms) == 0 {
		return 0, 0
	}
	for _, x := range ms {
		mean += x
	}
	s := slices.Sorted(slices.Values(ms))
	return mean / float64(len(ms)), s[len(s)/2]
}

// runPons runs the peer solver on ps and checks its scores.
func runPons(path string, ps []refPos) (ms []float64, nodes int64, err error) {
	var in strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&in, "%s %s %d\n", p.class, p.moves, p.score)
	}
	cmd := exec.Command(path)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for i := 0; sc.Scan(); i++ {
		f := strings.Fields(sc.Text())
		if len(f) != 5 || i >= len(ps) || f[1] != ps[i].moves || f[2] != strconv.Itoa(ps[i].score) {
			return nil, 0, fmt.Errorf("%s: unexpected line %q", path, sc.Text())
		}
		n, _ := strconv.ParseInt(f[3], 10, 64)
		us, _ := strconv.ParseFloat(f[4], 64)
		nodes += n
		ms = append(ms, us/1000)
	}
	if len(ms) != len(ps) {
		return nil, 0, fmt.Errorf("%s: %d results for %d positions", path, len(ms), len(ps))
	}
	return ms, nodes, nil
}
