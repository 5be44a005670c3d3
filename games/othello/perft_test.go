package othello

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"meeple/games"
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

// perft follows Aart Bik's definition word for word: a side with no move
// passes, which costs a ply, unless the previous ply was a pass too (the
// game is over: one leaf).
func (r *ref) perft(me int8, depth int, passed bool) uint64 {
	if depth == 0 {
		return 1
	}
	moves := r.moves(me)
	if len(moves) == 0 {
		if passed {
			return 1
		}
		return r.perft(3-me, depth-1, true)
	}
	var n uint64
	for _, sq := range moves {
		f := r.flips(me, sq/r.n, sq%r.n)
		r.board[sq] = me
		for _, x := range f {
			r.board[x] = me
		}
		n += r.perft(3-me, depth-1, false)
		r.board[sq] = 0
		for _, x := range f {
			r.board[x] = 3 - me
		}
	}
	return n
}

type perftRow struct {
	variant string
	depth   int
	count   uint64
	deep    bool
	line    int
}

// readPerft reads testdata/perft.txt: "variant depth count [deep]".
func readPerft(t *testing.T) []perftRow {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []perftRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		ln := strings.TrimSpace(sc.Text())
		if ln == "" || ln[0] == '#' {
			continue
		}
		f := strings.Fields(ln)
		if len(f) < 3 || len(f) > 4 || len(f) == 4 && f[3] != "deep" {
			t.Fatalf("perft.txt:%d: want variant depth count [deep]", n)
		}
		d, err1 := strconv.Atoi(f[1])
		c, err2 := strconv.ParseUint(f[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("perft.txt:%d: bad number", n)
		}
		rows = append(rows, perftRow{f[0], d, c, len(f) == 4, n})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func (row perftRow) skip(t *testing.T) {
	if row.deep && !*perftDeep {
		t.Skip("deep row: run with -args -perft.deep")
	}
	if testing.Short() && row.count > 500_000 {
		t.Skip("large row skipped in -short mode")
	}
}

// TestPerft checks the package's perft, and the generic games.Perft over
// Play and Undo where it is quick, against the table, and that both leave
// the position unchanged.
func TestPerft(t *testing.T) {
	for _, row := range readPerft(t) {
		t.Run(fmt.Sprintf("%s/%d", row.variant, row.depth), func(t *testing.T) {
			row.skip(t)
			st := load(t, row.variant).newState()
			pos, hash := st.Position(), st.Hash()
			if got := st.Perft(row.depth); got != row.count {
				t.Errorf("Perft(%d) = %d; want %d (perft.txt:%d)", row.depth, got, row.count, row.line)
			}
			if row.count <= 2_000_000 {
				if got := games.Perft(st, row.depth); got != row.count {
					t.Errorf("games.Perft(%d) = %d; want %d", row.depth, got, row.count)
				}
			}
			if st.Position() != pos || st.Hash() != hash || st.Plies() != 0 {
				t.Errorf("perft changed the position: %q -> %q", pos, st.Position())
			}
		})
	}
}

// TestPerftReference derives the counts of the table with the reference
// implementation, independently of the package: every row but 8x8 (whose
// counts are published) was computed this way.
func TestPerftReference(t *testing.T) {
	for _, row := range readPerft(t) {
		t.Run(fmt.Sprintf("%s/%d", row.variant, row.depth), func(t *testing.T) {
			row.skip(t)
			if row.count > 1_500_000 && !*perftDeep {
				t.Skip("too slow for the reference implementation: run with -args -perft.deep")
			}
			if testing.Short() && row.count > 60_000 {
				t.Skip("slow for the reference implementation: skipped in -short mode")
			}
			g := load(t, row.variant)
			r := newRef(g.Size(), g.Start())
			if got := r.perft(1, row.depth, false); got != row.count {
				t.Errorf("reference perft(%d) = %d; perft.txt:%d says %d", row.depth, got, row.line, row.count)
			}
		})
	}
}

// TestPerftPositions compares the package with the reference from
// positions deep in random games on every size, where passes and finished
// games are common.
func TestPerftPositions(t *testing.T) {
	for _, spec := range []string{"othello-4x4", "othello-6x6", "othello", "othello-10x10", "othello(size=12)", "othello(size=16,start=parallel)"} {
		t.Run(spec, func(t *testing.T) {
			g := load(t, spec)
			for seed := range 12 {
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
				want := r.perft(int8(st.ToMove()+1), depth, false)
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
