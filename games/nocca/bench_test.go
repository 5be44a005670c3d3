package nocca

import (
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
)

var benchPerft = []struct {
	spec  string
	depth int
}{
	{"nocca", 5},
	{"nocca-4x4", 6},
	{"nocca-3x3", 7},
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
		gametest.BenchPerft(b, bp.spec, func() uint64 { return games.Perft(s, bp.depth-1) })
	}
}

// TestNoAllocs checks that LegalMoves with room in the buffer, Play with
// Undo once the history has grown, and Perft allocate nothing.
func TestNoAllocs(t *testing.T) {
	for _, spec := range []string{"nocca-3x3", "nocca", "nocca(columns=8,rows=8,stack=7)"} {
		t.Run(spec, func(t *testing.T) {
			s := load(t, spec).newState()
			randomPlay(s, 5, 12)
			buf := make([]games.Move, 0, 64)
			if n := testing.AllocsPerRun(100, func() { buf = s.LegalMoves(buf) }); n != 0 {
				t.Errorf("LegalMoves: %v allocations; want 0", n)
			}
			s.Play(buf[0])
			s.Undo()
			m := buf[len(buf)-1]
			if n := testing.AllocsPerRun(100, func() { s.Play(m); s.Undo() }); n != 0 {
				t.Errorf("Play and Undo: %v allocations; want 0", n)
			}
			if n := testing.AllocsPerRun(10, func() { s.Perft(3) }); n != 0 {
				t.Errorf("Perft(3): %v allocations; want 0", n)
			}
		})
	}
}
