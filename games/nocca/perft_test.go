package nocca

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/gametest"
)

var perftDeep = flag.Bool("perft.deep", false, "also run the perft rows marked deep")

// ref is a second, deliberately plain Nocca Nocca, written from the rules
// alone: a slice of piece colours per square (bottom first), moves found by
// trying the eight neighbours of every square, the repetition rule by a map
// of position keys. It shares no code with the package (no bit sets, no
// stack bytes, no hash).
type ref struct {
	rows, cols, stack, pieces int
	forward                   bool // diagonal moves into the goal
	repetition                int
	board                     [][]int8 // [row*cols+col]: colours bottom to top, 0 white, 1 black
	toMove                    int8
	winner                    int8 // -1 none
	over                      bool
	seen                      map[string]int
	undo                      []refUndo
}

type refMove struct {
	from, to int // to: -1 into the goal
}

type refUndo struct {
	m          refMove
	key        string
	over       bool
	winnerPrev int8
}

func newRef(g *Game) *ref {
	r := &ref{rows: g.Rows(), cols: g.Columns(), stack: g.Stack(), pieces: g.Pieces(),
		forward: g.Goal() == GoalForward, repetition: g.Repetition(), winner: -1,
		toMove: int8(g.First()), seen: map[string]int{}}
	r.board = make([][]int8, r.rows*r.cols)
	left := (r.cols - r.pieces) / 2
	for i := 0; i < r.pieces; i++ {
		r.board[left+i] = []int8{0}
		r.board[(r.rows-1)*r.cols+left+i] = []int8{1}
	}
	r.seen[r.key()] = 1
	if len(r.moves()) == 0 {
		r.over, r.winner = true, 1-r.toMove
	}
	return r
}

func (r *ref) key() string {
	var b strings.Builder
	for _, st := range r.board {
		for _, c := range st {
			b.WriteByte("wb"[c])
		}
		b.WriteByte('|')
	}
	b.WriteByte("wb"[r.toMove])
	return b.String()
}

func (r *ref) moves() []refMove {
	var out []refMove
	me := r.toMove
	for sq, st := range r.board {
		if len(st) == 0 || st[len(st)-1] != me {
			continue
		}
		row, col := sq/r.cols, sq%r.cols
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if dr == 0 && dc == 0 {
					continue
				}
				y, x := row+dr, col+dc
				if x < 0 || x >= r.cols {
					continue
				}
				if y >= 0 && y < r.rows {
					if len(r.board[y*r.cols+x]) < r.stack {
						out = append(out, refMove{sq, y*r.cols + x})
					}
					continue
				}
				// Off the top or the bottom: the goal, for the side whose far
				// row this is, going forward.
				intoGoal := me == 0 && y == r.rows || me == 1 && y == -1
				if intoGoal && (dc == 0 || r.forward) {
					out = append(out, refMove{sq, -1})
				}
			}
		}
	}
	return out
}

func (r *ref) play(m refMove) {
	me := r.toMove
	st := r.board[m.from]
	r.board[m.from] = slices.Clone(st[:len(st)-1])
	if m.to >= 0 {
		r.board[m.to] = append(slices.Clone(r.board[m.to]), me)
	}
	r.toMove = 1 - me
	k := r.key()
	r.undo = append(r.undo, refUndo{m: m, key: k, over: r.over, winnerPrev: r.winner})
	r.seen[k]++
	switch {
	case m.to < 0:
		r.over, r.winner = true, me
	case len(r.moves()) == 0:
		r.over, r.winner = true, me
	case r.repetition > 0 && r.seen[k] >= r.repetition:
		r.over = true
	}
}

func (r *ref) unplay() {
	u := r.undo[len(r.undo)-1]
	r.undo = r.undo[:len(r.undo)-1]
	r.seen[u.key]--
	me := 1 - r.toMove
	if u.m.to >= 0 {
		st := r.board[u.m.to]
		r.board[u.m.to] = slices.Clone(st[:len(st)-1])
	}
	r.board[u.m.from] = append(slices.Clone(r.board[u.m.from]), me)
	r.toMove = me
	r.over, r.winner = u.over, u.winnerPrev
}

// perft counts leaves, a game finished before depth counting as none.
func (r *ref) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if r.over {
		return 0
	}
	var n uint64
	for _, m := range r.moves() {
		r.play(m)
		n += r.perft(depth - 1)
		r.unplay()
	}
	return n
}

// notation writes a reference move in the package's notation, from the
// documentation: squares as column letter and row number, the goal as the
// column crossed and *.
func (r *ref) notation(m refMove) string {
	sq := func(s int) string { return fmt.Sprintf("%c%d", 'a'+s%r.cols, s/r.cols+1) }
	if m.to >= 0 {
		return sq(m.from) + "-" + sq(m.to)
	}
	return sq(m.from) + "-goal"
}

// perftTable is testdata/perft.txt. Rows over 2,000,000 are skipped in
// -short mode, and the reference implementation derives rows up to 300,000
// unless -perft.deep is given (up to 20,000 in -short mode: it is slow
// under the race detector).
func perftTable() gametest.PerftTable {
	return gametest.PerftTable{File: "testdata/perft.txt", Deep: *perftDeep, ShortMax: 500_000, RefMax: 300_000, RefShortMax: 20_000}
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
// implementation, independently of the package: every row was computed
// this way (depth 1 of the 5x6 game is also the published 21).
func TestPerftReference(t *testing.T) {
	perftTable().RunReference(t, func(t *testing.T, row gametest.PerftRow) uint64 {
		return newRef(load(t, row.Variant)).perft(row.Depth)
	})
}

// TestPerftPositions plays random games in the reference implementation,
// replays them in the package through the notation, and compares the
// positions' perft along the way: deep in games, where stacks, covered
// pieces, goals, stalemates and repetitions occur. -short plays a quarter
// of the games.
func TestPerftPositions(t *testing.T) {
	seeds := 16
	if testing.Short() {
		seeds = 2
	}
	for _, tc := range []struct {
		spec  string
		depth int
	}{
		{"nocca-3x3", 4}, {"nocca-4x3", 3}, {"nocca-4x4", 3}, {"nocca", 2},
		{"nocca(goal=straight,first=black)", 2}, {"nocca(columns=2,rows=2)", 6},
		{"nocca(columns=4,rows=3,pieces=2,stack=2)", 4}, {"nocca(columns=3,rows=3,stack=1)", 5},
		{"nocca-3x3(repetition=2)", 4}, {"nocca-3x3(stack=4,repetition=0)", 4},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			g := load(t, tc.spec)
			for seed := range seeds {
				rng := rand.New(rand.NewPCG(uint64(seed), 7))
				r := newRef(g)
				st := g.newState()
				for ply := 0; ply < 200 && !r.over; ply++ {
					if ply%7 == seed%7 {
						want := r.perft(tc.depth)
						if got := st.Perft(tc.depth); got != want {
							t.Fatalf("seed %d ply %d %s: Perft(%d) = %d; reference %d", seed, ply, st.Position(), tc.depth, got, want)
						}
					}
					moves := r.moves()
					if got := len(st.LegalMoves(nil)); got != len(moves) {
						t.Fatalf("seed %d ply %d %s: %d legal moves; reference %d", seed, ply, st.Position(), got, len(moves))
					}
					m := moves[rng.IntN(len(moves))]
					mv, err := games.ParseLegal(st, r.notation(m))
					if err != nil {
						t.Fatalf("seed %d ply %d %s: %v", seed, ply, st.Position(), err)
					}
					r.play(m)
					st.Play(mv)
					if (st.Player() == games.Terminal) != r.over || st.Winner() != int(r.winner) {
						t.Fatalf("seed %d ply %d %s: over %v winner %d; reference %v %d", seed, ply, st.Position(),
							st.Player() == games.Terminal, st.Winner(), r.over, r.winner)
					}
				}
			}
		})
	}
}
