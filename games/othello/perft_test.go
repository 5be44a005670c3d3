package othello

import (
	"flag"
	"math/bits"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
)

var perftDeep = flag.Bool("perft.deep", false, "also run the perft rows marked deep")

// ref is a second, deliberately plain Othello: a byte per square, legality
// and flips found by walking each of the eight directions square by square.
// It shares no code with the package (no bitboards, no frame, no tables).
type ref struct {
	n     int
	board []int8 // 0 empty, 1 black, 2 white; index row*n+col
}

func newRef(size int, start string) *ref {
	r := &ref{n: size, board: make([]int8, size*size)}
	c := size/2 - 1
	at := func(row, col int, v int8) { r.board[row*size+col] = v }
	if start == Parallel {
		at(c, c, 2)
		at(c, c+1, 2)
		at(c+1, c, 1)
		at(c+1, c+1, 1)
	} else {
		at(c, c, 2)
		at(c+1, c+1, 2)
		at(c, c+1, 1)
		at(c+1, c, 1)
	}
	return r
}

var dirs = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

// flips lists the squares that me's disc on (row, col) would turn over.
func (r *ref) flips(me int8, row, col int) []int {
	if r.board[row*r.n+col] != 0 {
		return nil
	}
	var out []int
	for _, d := range dirs {
		var run []int
		y, x := row+d[0], col+d[1]
		for y >= 0 && y < r.n && x >= 0 && x < r.n && r.board[y*r.n+x] == 3-me {
			run = append(run, y*r.n+x)
			y, x = y+d[0], x+d[1]
		}
		if len(run) > 0 && y >= 0 && y < r.n && x >= 0 && x < r.n && r.board[y*r.n+x] == me {
			out = append(out, run...)
		}
	}
	return out
}

func (r *ref) moves(me int8) []int {
	var out []int
	for sq := range r.board {
		if len(r.flips(me, sq/r.n, sq%r.n)) > 0 {
			out = append(out, sq)
		}
	}
	return out
}

// perft counts the leaves to depth in games.Perft's convention: a side
// with no move passes, which costs a ply, unless the opponent cannot move
// either: the game is over before depth, and that is no leaf. ended counts
// those finished games: leaves+ended is Aart Bik's count, which makes a
// finished game one leaf.
func (r *ref) perft(me int8, depth int) (leaves, ended uint64) {
	if depth == 0 {
		return 1, 0
	}
	moves := r.moves(me)
	if len(moves) == 0 {
		if len(r.moves(3-me)) == 0 {
			return 0, 1
		}
		return r.perft(3-me, depth-1)
	}
	for _, sq := range moves {
		f := r.flips(me, sq/r.n, sq%r.n)
		r.board[sq] = me
		for _, x := range f {
			r.board[x] = me
		}
		l, e := r.perft(3-me, depth-1)
		leaves, ended = leaves+l, ended+e
		r.board[sq] = 0
		for _, x := range f {
			r.board[x] = 3 - me
		}
	}
	return leaves, ended
}

// perftTable is testdata/perft.txt. Rows over 500,000 are skipped in
// -short mode; the reference implementation derives rows up to 1,500,000
// unless -perft.deep is given, and up to 60,000 in -short mode.
func perftTable() gametest.PerftTable {
	return gametest.PerftTable{File: "testdata/perft.txt", Deep: *perftDeep, ShortMax: 100_000,
		RefMax: 1_500_000, RefShortMax: 20_000}
}

// TestPerft checks the package's perft, and the generic games.Perft over
// Play and Undo where it is quick, against the table, and that both leave
// the position unchanged.
func TestPerft(t *testing.T) {
	perftTable().Run(t, func(t *testing.T, row gametest.PerftRow) {
		gametest.CheckPerft(t, load(t, row.Variant).newState(), row)
	})
}

// TestPerftReference derives the counts of the table with the reference
// implementation, independently of the package: every row but 8x8 (whose
// counts are published) was computed this way.
func TestPerftReference(t *testing.T) {
	perftTable().RunReference(t, func(t *testing.T, row gametest.PerftRow) uint64 {
		g := load(t, row.Variant)
		leaves, _ := newRef(g.Size(), g.Start()).perft(1, row.Depth)
		return leaves
	})
}

// TestPerftBik checks the reference against Aart Bik's published 8x8
// counts ("MODE1" of shared/reference/othello-perft.txt), which count a game
// finished before the depth as one leaf: they are the table's count plus
// the games that ended. Only depth 10 differs, and it runs with -perft.deep.
func TestPerftBik(t *testing.T) {
	if !*perftDeep {
		t.Skip("24 million nodes in the reference: run with -perft.deep")
	}
	leaves, ended := newRef(8, load(t, "othello").Start()).perft(1, 10)
	if leaves+ended != 24571284 {
		t.Errorf("perft(10) %d + %d ended = %d; Bik 24571284", leaves, ended, leaves+ended)
	}
}

// seeds is the number of random games TestPerftPositions and TestPerftCache
// take a position from on each board: 12, and 4 in -short mode (the race
// run, which finds nothing in this single-goroutine code).
func seeds() int {
	if testing.Short() {
		return 4
	}
	return 12
}

// TestPerftPositions compares the package with the reference from
// positions deep in random games on every size, where passes and finished
// games are common.
func TestPerftPositions(t *testing.T) {
	for _, spec := range []string{"othello-4x4", "othello-6x6", "othello", "othello-10x10", "othello(size=12)", "othello(size=16,start=parallel)"} {
		t.Run(spec, func(t *testing.T) {
			g := load(t, spec)
			for seed := range seeds() {
				st := g.newState()
				plies := (seed*7 + 5) % (g.Squares() - 3)
				randomPlay(st, uint64(seed), plies)
				r := &ref{n: g.size, board: make([]int8, g.Squares())}
				for sq := range r.board {
					r.board[sq] = int8(st.At(sq) + 1)
				}
				depth := 3
				if g.size <= 6 {
					depth = 5
				}
				want, _ := r.perft(int8(st.ToMove()+1), depth)
				if got := st.Perft(depth); got != want {
					t.Errorf("%s: Perft(%d) = %d; reference %d", st.Position(), depth, got, want)
				}
				if got := games.Perft(st, depth); got != want {
					t.Errorf("%s: games.Perft(%d) = %d; reference %d", st.Position(), depth, got, want)
				}
			}
		})
	}
}

// TestPerftCache compares perft with its table of transpositions (and of
// symmetric images on 8x8) with the plain one from positions deep in
// random games, where passes and finished games are common, and checks
// that the least image is the same for all eight images of a position.
func TestPerftCache(t *testing.T) {
	for _, spec := range []string{"othello-4x4", "othello-6x6", "othello"} {
		t.Run(spec, func(t *testing.T) {
			g := load(t, spec)
			for seed := range seeds() {
				st := g.newState()
				randomPlay(st, uint64(seed), (seed*7+5)%(g.Squares()-3))
				p, o, _ := st.Bits()
				const depth = 6
				want := perft8(p, o, g.valid, depth)
				if got := perft8Hash(newPerftCache(depth, g.valid), p, o, g.valid, depth); got != want {
					t.Errorf("%s: perft8Hash(%d) = %d; perft8 %d", st.Position(), depth, got, want)
				}
				if g.valid != ^uint64(0) {
					continue
				}
				kp, ko := leastImage(p, o)
				for _, f := range []func(uint64) uint64{transpose, mirrorRows, bits.ReverseBytes64} {
					if ip, io := leastImage(f(p), f(o)); ip != kp || io != ko {
						t.Errorf("%s: the least image of an image differs", st.Position())
					}
				}
			}
		})
	}
}
