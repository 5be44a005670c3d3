package chess

import (
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
)

var benchPerft = []struct {
	name, spec, fen string
	depth           int
}{
	{"start", "chess", "", 5},
	{"kiwipete", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
	{"endgame", "chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5},
	{"chess960", "chess960", "", 5},
}

func benchState(b testing.TB, spec, fen string) *State {
	g := load(b, spec)
	if fen == "" {
		return g.NewChess()
	}
	return mustFEN(b, g, fen)
}

// BenchmarkPerft reports leaves per second (nodes/s) of the package's own
// perft: make and unmake, bulk counting at the last ply.
func BenchmarkPerft(b *testing.B) {
	for _, bp := range benchPerft {
		s := benchState(b, bp.spec, bp.fen)
		gametest.BenchPerft(b, bp.name, func() uint64 { return s.Perft(bp.depth) })
	}
}

// BenchmarkPerftGeneric is games.Perft over Play, Undo, Player and
// LegalMoves: what a generic searcher pays per node (the draw rules
// included).
func BenchmarkPerftGeneric(b *testing.B) {
	s := benchState(b, "chess", "")
	gametest.BenchPerft(b, "start", func() uint64 { return games.Perft(s, 4) })
}

// BenchmarkMakeUnmake times one Make and Unmake of each legal move of a
// middlegame position.
func BenchmarkMakeUnmake(b *testing.B) {
	s := benchState(b, "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	moves := s.GenerateMoves(nil)
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			s.Make(m)
			s.Unmake()
		}
	}
	b.ReportMetric(float64(b.N*len(moves))/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkGenerate times legal move generation of a middlegame position.
func BenchmarkGenerate(b *testing.B) {
	s := benchState(b, "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	buf := make([]games.Move, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf = s.GenerateMoves(buf)
	}
}

// TestNoAllocs: move generation with room in the buffer, make and unmake
// once the history has grown, Player, and perft allocate nothing.
func TestNoAllocs(t *testing.T) {
	s := benchState(t, "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	buf := make([]games.Move, 0, 256)
	if n := testing.AllocsPerRun(100, func() { buf = s.GenerateMoves(buf) }); n != 0 {
		t.Errorf("GenerateMoves: %v allocations; want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { buf = s.LegalMoves(buf) }); n != 0 {
		t.Errorf("LegalMoves: %v allocations; want 0", n)
	}
	m := buf[len(buf)-1]
	s.Play(m)
	s.Undo()
	if n := testing.AllocsPerRun(100, func() { s.Play(m); _ = s.Player(); s.Undo() }); n != 0 {
		t.Errorf("Play, Player and Undo: %v allocations; want 0", n)
	}
	if n := testing.AllocsPerRun(10, func() { s.Perft(3) }); n != 0 {
		t.Errorf("Perft(3): %v allocations; want 0", n)
	}
}
