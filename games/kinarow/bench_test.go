package kinarow

import (
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
)

var benchPerft = []struct {
	spec  string
	depth int
}{
	{"tictactoe", 9},
	{"connect4", 8},
	{"qubic", 3},
	{"gomoku", 3},
	{"hypercube", 2},
}

// BenchmarkPerft reports leaves per second (nodes/s) of the package's own
// perft, which plays and undoes every interior move and counts the last ply.
func BenchmarkPerft(b *testing.B) {
	for _, bp := range benchPerft {
		s := load(b, bp.spec).newState()
		gametest.BenchPerft(b, bp.spec, func() uint64 { return s.Perft(bp.depth) })
	}
}

// BenchmarkPlayUndo times one move and its take-back on a half-full board.
func BenchmarkPlayUndo(b *testing.B) {
	for _, spec := range []string{"tictactoe", "connect4", "qubic", "gomoku", "hypercube", "gomoku(exact=true)"} {
		b.Run(spec, func(b *testing.B) {
			s := load(b, spec).newState()
			buf := make([]games.Move, 0, s.g.Cells())
			for i := 0; i < s.g.Cells()/4; i++ { // fill a quarter, not ending the game
				buf = s.LegalMoves(buf)
				for j := range buf {
					s.Play(buf[(i*7+j)%len(buf)])
					if s.Player() != games.Terminal {
						break
					}
					s.Undo()
				}
			}
			buf = s.LegalMoves(buf)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				s.Play(buf[i%len(buf)])
				s.Undo()
				i++
			}
		})
	}
}

// TestNoAllocs checks that LegalMoves with room in the buffer, and Play
// with Undo once the history has grown, allocate nothing.
func TestNoAllocs(t *testing.T) {
	for _, spec := range []string{"tictactoe", "connect4", "score4", "gomoku(exact=true)", "hypercube"} {
		t.Run(spec, func(t *testing.T) {
			s := load(t, spec).newState()
			buf := make([]games.Move, 0, s.g.Cells())
			if n := testing.AllocsPerRun(100, func() { buf = s.LegalMoves(buf) }); n != 0 {
				t.Errorf("LegalMoves: %v allocations; want 0", n)
			}
			s.Play(buf[0])
			s.Undo()
			m := buf[len(buf)-1]
			if n := testing.AllocsPerRun(100, func() { s.Play(m); s.Undo() }); n != 0 {
				t.Errorf("Play and Undo: %v allocations; want 0", n)
			}
			if n := testing.AllocsPerRun(10, func() { s.Perft(2) }); n > float64(3) {
				t.Errorf("Perft(2): %v allocations; want its buffers only", n)
			}
		})
	}
}
