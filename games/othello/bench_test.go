package othello

import (
	"testing"

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
