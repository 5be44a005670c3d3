package othello

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
)

var benchPerft = []struct {
	spec  string
	depth int
}{
	{"othello", 9},
	{"othello-6x6", 9},
	{"othello-10x10", 7},
}

// BenchmarkPerft reports leaves per second (nodes/s) of the package's own
// perft, with bulk counting at the last ply.
func BenchmarkPerft(b *testing.B) {
	for _, bp := range benchPerft {
		s := load(b, bp.spec).newState()
		gametest.BenchPerft(b, bp.spec, func() uint64 { return s.Perft(bp.depth) })
	}
}

// BenchmarkPerftGeneric is games.Perft over Play, Undo and LegalMoves: what
// a generic searcher pays per node.
func BenchmarkPerftGeneric(b *testing.B) {
	for _, bp := range benchPerft {
		s := load(b, bp.spec).newState()
		gametest.BenchPerft(b, bp.spec, func() uint64 { return games.Perft(s, bp.depth-2) })
	}
}

// BenchmarkFlips times Flips and Moves on the squares of a midgame
// position.
func BenchmarkFlips(b *testing.B) {
	s := load(b, "othello").newState()
	randomPlay(s, 3, 20)
	p, o, _ := s.Bits()
	m := Moves(p, o)
	b.ReportAllocs()
	var sink uint64
	for b.Loop() {
		for x := m; x != 0; x &= x - 1 {
			sq := 0
			for x>>sq&1 == 0 {
				sq++
			}
			f := Flips(p, o, sq)
			sink += Moves(o^f, p|f|1<<sq)
		}
	}
	_ = sink
}

// TestNoAllocs checks that LegalMoves with room in the buffer, Play with
// Undo once the history has grown, and Perft allocate nothing.
func TestNoAllocs(t *testing.T) {
	for _, spec := range []string{"othello-4x4", "othello", "othello-10x10"} {
		t.Run(spec, func(t *testing.T) {
			s := load(t, spec).newState()
			buf := make([]games.Move, 0, s.g.Squares())
			if n := testing.AllocsPerRun(100, func() { buf = s.LegalMoves(buf) }); n != 0 {
				t.Errorf("LegalMoves: %v allocations; want 0", n)
			}
			s.Play(buf[0])
			s.Undo()
			m := buf[len(buf)-1]
			if n := testing.AllocsPerRun(100, func() { s.Play(m); s.Undo() }); n != 0 {
				t.Errorf("Play and Undo: %v allocations; want 0", n)
			}
			if n := testing.AllocsPerRun(10, func() { s.Perft(4) }); n != 0 {
				t.Errorf("Perft(4): %v allocations; want 0", n)
			}
		})
	}
}

// BenchmarkPerftEdax is perft against Edax in the same run, when
// $MEEPLE_EDAX names an Edax binary (its folder holding the data/eval.dat
// it reads): Edax's "perft 12" (no table) and "count games 12" (a table
// keyed by the least symmetric image) each count depths 1 to 12 of 8x8
// from the start on one thread, and so does Perft here. It reports the
// CPU seconds of the three and the ratios of meeple's to each of Edax's
// (below 1: meeple is faster), and fails on a wrong count.
func BenchmarkPerftEdax(b *testing.B) {
	edax := os.Getenv("MEEPLE_EDAX")
	if edax == "" {
		b.Skip("set MEEPLE_EDAX to an Edax binary to compare with it")
	}
	const depth = 12
	edaxCPU := func(command string) time.Duration {
		cmd := exec.Command(edax, "-n", "1", "-book-usage", "off")
		cmd.Dir = filepath.Dir(edax)
		cmd.Stdin = strings.NewReader(command + "\n") // Edax runs it, then stops at the end of its input
		out, err := cmd.CombinedOutput()
		if err != nil {
			b.Fatalf("%s: %v\n%s", edax, err, out)
		}
		if !strings.Contains(string(out), "1939879668") {
			b.Fatalf("%s %q: no count of 1939879668 at depth 12 in\n%s", edax, command, out)
		}
		return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	s := load(b, "othello").newState()
	for b.Loop() {
		plain := edaxCPU(fmt.Sprintf("perft %d", depth))
		hashed := edaxCPU(fmt.Sprintf("count games %d", depth))
		cpu := gametest.CPUTime()
		var n uint64
		for d := 1; d <= depth; d++ {
			n = s.Perft(d)
		}
		meeple := gametest.CPUTime() - cpu
		if n != 1939879668 {
			b.Fatalf("Perft(%d) = %d; want 1939879668", depth, n)
		}
		b.ReportMetric(plain.Seconds(), "edax-perft-cpu-s")
		b.ReportMetric(hashed.Seconds(), "edax-count-cpu-s")
		b.ReportMetric(meeple.Seconds(), "meeple-cpu-s")
		b.ReportMetric(meeple.Seconds()/plain.Seconds(), "ratio-perft")
		b.ReportMetric(meeple.Seconds()/hashed.Seconds(), "ratio-count")
	}
}
