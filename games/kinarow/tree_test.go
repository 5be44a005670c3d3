package kinarow

import (
	"testing"

	"github.com/meeple-games/meeple/games"
)

// countGames walks the whole game tree by Play and Undo and counts the
// finished games by result: x wins, o wins, draws.
func countGames(s *State, buf [][]games.Move, out *[3]int) {
	if s.Player() == games.Terminal {
		if w := s.Winner(); w >= 0 {
			out[w]++
		} else {
			out[2]++
		}
		return
	}
	moves := s.LegalMoves(buf[0])
	for _, m := range moves {
		s.Play(m)
		countGames(s, buf[1:], out)
		s.Undo()
	}
}

func gameCounts(t *testing.T, spec string) [3]int {
	g := load(t, spec)
	s := g.newState()
	buf := make([][]games.Move, g.Cells()+1)
	for i := range buf {
		buf[i] = make([]games.Move, 0, g.Cells())
	}
	var out [3]int
	countGames(s, buf, &out)
	if s.Ply() != 0 || s.Position() != g.newState().Position() {
		t.Errorf("the walk left the position changed: %q", s.Position())
	}
	return out
}

// TestGameTree counts every game: tic-tac-toe has 255,168 (131,184 won by
// x, 77,904 by o, 46,080 drawn; Epstein, via testdata/kinarow.txt's
// source), and Connect Four on a 4-wide, 3-high board 356,232 (OEIS A342329).
func TestGameTree(t *testing.T) {
	for _, tc := range []struct {
		spec string
		want [3]int // x wins, o wins, draws; -1: not published
		all  int
	}{
		{"tictactoe", [3]int{131184, 77904, 46080}, 255168},
		{"kinarow(size=4x3,connect=4,gravity=2)", [3]int{-1, -1, -1}, 356232},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			got := gameCounts(t, tc.spec)
			if n := got[0] + got[1] + got[2]; n != tc.all {
				t.Errorf("%d games; want %d", n, tc.all)
			}
			for i, w := range tc.want {
				if w >= 0 && got[i] != w {
					t.Errorf("games by result (x, o, draw) = %v; want %v", got, tc.want)
					break
				}
			}
		})
	}
}

// TestDistinctPositions counts the distinct positions ply by ply, expanding
// only unfinished ones, by position string; the hashes must be as many.
// Tic-tac-toe has 5,478 positions (958 finished); Connect Four has 1, 7, 49,
// 238, 1120, 4263, 16422, 54859, 184275 after 0..8 plies (OEIS A212693).
func TestDistinctPositions(t *testing.T) {
	for _, tc := range []struct {
		spec     string
		plies    int
		perPly   []int // -1: skip
		total    int
		finished int
	}{
		{"tictactoe", 9, nil, 5478, 958},
		{"connect4", 8, []int{1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275}, -1, -1},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			plies := tc.plies
			if testing.Short() {
				plies = min(plies, 7)
			}
			g := load(t, tc.spec)
			level := []*State{g.newState()}
			total, finished := 1, 0
			buf := make([]games.Move, 0, g.Cells())
			for ply := 0; ply <= plies; ply++ {
				if tc.perPly != nil && len(level) != tc.perPly[ply] {
					t.Errorf("ply %d: %d positions; want %d", ply, len(level), tc.perPly[ply])
				}
				if ply == plies {
					break
				}
				seen := map[string]bool{}
				hashes := map[uint64]bool{}
				var next []*State
				for _, s := range level {
					for _, m := range s.LegalMoves(buf) {
						c := s.clone()
						c.Play(m)
						p := c.Position()
						if seen[p] {
							continue
						}
						seen[p] = true
						hashes[c.Hash()] = true
						if c.Player() == games.Terminal {
							finished++
						}
						next = append(next, c)
					}
				}
				if len(hashes) != len(seen) {
					t.Errorf("ply %d: %d positions but %d hashes", ply+1, len(seen), len(hashes))
				}
				total += len(next)
				level = level[:0]
				for _, s := range next {
					if s.Player() != games.Terminal {
						level = append(level, s)
					}
				}
				if tc.perPly != nil { // the OEIS counts include finished positions
					level = next
				}
			}
			if tc.total >= 0 && plies == tc.plies && (total != tc.total || finished != tc.finished) {
				t.Errorf("%d positions, %d finished; want %d, %d", total, finished, tc.total, tc.finished)
			}
		})
	}
}
