package kinarow

import (
	"flag"
	"testing"

	"github.com/meeple-games/meeple/games/gametest"
)

var perftDeep = flag.Bool("perft.deep", false, "also run the perft rows marked deep")

// ref is a second, deliberately plain k-in-a-row implementation for
// checking perft counts: stones are kept by coordinate tuple, a move is
// legal when its cell is empty (and, with gravity, rests on the floor or on
// a stone), and a win is found by walking from the new stone in each of the
// 3^d-1 directions and adding up the two opposite runs. It shares no code
// with the package (no windows, no counts, no strides).
type ref struct {
	size    []int
	k       int
	gravity int // 1-based, 0 none
	exact   bool
	board   []int8 // by key(c); 0 empty, 1 x, 2 o
	stones  int
}

func newRef(size []int, k, gravity int, exact bool) *ref {
	cells := 1
	for _, n := range size {
		cells *= n
	}
	return &ref{size: size, k: k, gravity: gravity, exact: exact, board: make([]int8, cells)}
}

// key numbers a coordinate tuple, the last axis slowest.
func (r *ref) key(c []int) int {
	k := 0
	for i := len(c) - 1; i >= 0; i-- {
		k = k*r.size[i] + c[i]
	}
	return k
}

func (r *ref) at(c []int) int { return int(r.board[r.key(c)]) - 1 }

// all lists every coordinate tuple of the board.
func (r *ref) all() [][]int {
	out := [][]int{{}}
	for _, n := range r.size {
		var next [][]int
		for _, p := range out {
			for v := 0; v < n; v++ {
				next = append(next, append(append([]int(nil), p...), v))
			}
		}
		out = next
	}
	return out
}

func (r *ref) legal(c []int) bool {
	if r.at(c) >= 0 {
		return false
	}
	if r.gravity == 0 || c[r.gravity-1] == 0 {
		return true
	}
	below := append([]int(nil), c...)
	below[r.gravity-1]--
	return r.at(below) >= 0
}

// wins tells whether the stone of p at c makes a winning run.
func (r *ref) wins(c []int, p int) bool {
	d := len(r.size)
	total := 1
	for range d {
		total *= 3
	}
	run := func(v []int) int {
		n := 0
		at := append([]int(nil), c...)
		for {
			for i := range at {
				at[i] += v[i]
			}
			for i, x := range at {
				if x < 0 || x >= r.size[i] {
					return n
				}
			}
			if r.at(at) != p {
				return n
			}
			n++
		}
	}
	for code := 0; code < total; code++ {
		v, neg, x := make([]int, d), make([]int, d), code
		zero := true
		for i := range v {
			v[i] = x%3 - 1
			neg[i] = -v[i]
			x /= 3
			zero = zero && v[i] == 0
		}
		if zero {
			continue
		}
		n := 1 + run(v) + run(neg)
		if n == r.k || !r.exact && n > r.k {
			return true
		}
	}
	return false
}

// perft counts leaves to depth, a game finished before depth counting as
// none; ended counts those finished games, so leaves+ended at a depth no
// game outlasts is the number of games.
func (r *ref) perft(p, depth int, coords [][]int) (leaves, ended uint64) {
	if depth == 0 {
		return 1, 0
	}
	for _, c := range coords {
		if !r.legal(c) {
			continue
		}
		if depth == 1 {
			leaves++
			continue
		}
		r.board[r.key(c)] = int8(p + 1)
		r.stones++
		if r.wins(c, p) || r.stones == len(r.board) {
			ended++
		} else {
			l, e := r.perft(1-p, depth-1, coords)
			leaves, ended = leaves+l, ended+e
		}
		r.board[r.key(c)] = 0
		r.stones--
	}
	return leaves, ended
}

// perftTable is testdata/perft.txt. Rows over 200,000 are skipped in
// -short mode, and the reference implementation derives rows up to
// 3,000,000 unless -perft.deep is given.
func perftTable() gametest.PerftTable {
	return gametest.PerftTable{File: "testdata/perft.txt", Deep: *perftDeep, ShortMax: 200_000, RefMax: 3_000_000, RefShortMax: 100_000}
}

// perftState lends the package's State the count of plies that
// gametest.CheckPerft asks for: the length of its history.
type perftState struct{ *State }

func (s perftState) Plies() int { return len(s.history) }

// TestPerft checks the package's own perft and the generic games.Perft
// against the table, and that both leave the position unchanged.
func TestPerft(t *testing.T) {
	perftTable().Run(t, func(t *testing.T, row gametest.PerftRow) {
		gametest.CheckPerft(t, perftState{load(t, row.Variant).newState()}, row)
	})
}

// TestPerftReference derives the table's counts with the reference
// implementation, independently of the package.
func TestPerftReference(t *testing.T) {
	perftTable().RunReference(t, func(t *testing.T, row gametest.PerftRow) uint64 {
		g := load(t, row.Variant)
		r := newRef(g.Dims(), g.Connect(), g.Gravity(), g.Exact())
		leaves, _ := r.perft(0, row.Depth, r.all())
		return leaves
	})
}

// TestPerftGames counts whole games with the reference, against published
// figures: the games that end before the depth plus the leaves at it.
func TestPerftGames(t *testing.T) {
	for _, c := range []struct {
		spec  string
		depth int
		games uint64
	}{
		{"tictactoe", 9, 255168},                              // Epstein; shared/reference/kinarow.txt
		{"kinarow(size=4x3,connect=4,gravity=2)", 12, 356232}, // OEIS A342329, n = 3
	} {
		if testing.Short() && c.games > 300000 {
			continue // the race run: tic-tac-toe only
		}
		g := load(t, c.spec)
		r := newRef(g.Dims(), g.Connect(), g.Gravity(), g.Exact())
		if leaves, ended := r.perft(0, c.depth, r.all()); leaves+ended != c.games {
			t.Errorf("%s: %d leaves at depth %d + %d games ended before = %d; want %d", c.spec, leaves, c.depth, ended, leaves+ended, c.games)
		}
	}
}
