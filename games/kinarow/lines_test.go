package kinarow

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestLinesReference checks the number of winning lines of the n^d game
// (k = n), the most lines through one cell and the distribution of lines
// per cell against testdata/kinarow.txt.
func TestLinesReference(t *testing.T) {
	f, err := os.Open("testdata/kinarow.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	rows := 0
	for ln := 1; sc.Scan(); ln++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		fields := strings.Fields(text)
		through := fields[0] == "through"
		if through {
			fields = fields[1:]
		}
		n, err1 := strconv.Atoi(fields[0])
		d, err2 := strconv.Atoi(fields[1])
		if err1 != nil || err2 != nil {
			t.Fatalf("kinarow.txt:%d: bad row %q", ln, text)
		}
		rows++
		spec := fmt.Sprintf("kinarow(dims=%d,size=%d,connect=%d)", d, n, n)
		t.Run(fmt.Sprintf("%d^%d", n, d), func(t *testing.T) {
			g := load(t, spec)
			if through {
				want := map[int]int{}
				for _, pair := range fields[2:] {
					l, c, _ := strings.Cut(pair, ":")
					li, _ := strconv.Atoi(l)
					ci, _ := strconv.Atoi(c)
					want[li] = ci
				}
				got := map[int]int{}
				for c := 0; c < g.Cells(); c++ {
					got[len(g.LinesThrough(c))]++
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("cells by lines through them = %v; want %v (kinarow.txt:%d)", got, want, ln)
				}
				return
			}
			nums := make([]int, 3)
			for i := range nums {
				nums[i], _ = strconv.Atoi(fields[2+i])
			}
			if g.Cells() != nums[0] {
				t.Errorf("Cells() = %d; want %d", g.Cells(), nums[0])
			}
			if len(g.Lines()) != nums[1] {
				t.Errorf("len(Lines()) = %d; want %d", len(g.Lines()), nums[1])
			}
			if formula := (pow(n+2, d) - pow(n, d)) / 2; formula != nums[1] {
				t.Errorf("reference row disagrees with ((n+2)^d-n^d)/2 = %d", formula)
			}
			if g.MaxLinesThrough() != nums[2] {
				t.Errorf("MaxLinesThrough() = %d; want %d", g.MaxLinesThrough(), nums[2])
			}
		})
	}
	if rows < 9 {
		t.Errorf("read %d rows; want at least 9", rows)
	}
}

func pow(b, e int) int {
	r := 1
	for range e {
		r *= b
	}
	return r
}

// TestLinesShape checks the windows themselves on assorted boards: each has
// connect distinct cells in a straight line, none repeats, LinesThrough is
// exactly the inverse, and LineEnds extend the line by one step each way.
func TestLinesShape(t *testing.T) {
	for _, spec := range []string{
		"tictactoe", "connect4", "gomoku", "qubic", "hypercube",
		"kinarow(dims=1,size=7,connect=3)",
		"kinarow(size=7x4,connect=3)",
		"kinarow(dims=3,size=5x2x4,connect=2)",
		"kinarow(size=4,connect=1)",
		"kinarow(dims=6,size=2,connect=2)",
	} {
		t.Run(spec, func(t *testing.T) {
			g := load(t, spec)
			d := len(g.Dims())
			if got := countWindows(g.Dims(), g.Connect()); got != len(g.Lines()) {
				t.Errorf("countWindows = %d, len(Lines()) = %d", got, len(g.Lines()))
			}
			seen := map[string]bool{}
			for li, l := range g.Lines() {
				if len(l) != g.Connect() {
					t.Fatalf("line %d has %d cells", li, len(l))
				}
				set := slices.Clone(l)
				slices.Sort(set)
				k := fmt.Sprint(set)
				if seen[k] {
					t.Fatalf("line %v listed twice", l)
				}
				seen[k] = true
				// Consecutive cells differ by one step of -1, 0 or +1 per
				// axis, the same step all along.
				step := func(a, b int32) []int {
					v := make([]int, d)
					for i := range v {
						v[i] = g.Coord(int(b), i) - g.Coord(int(a), i)
					}
					return v
				}
				var dir []int
				for j := 1; j < len(l); j++ {
					v := step(l[j-1], l[j])
					for _, x := range v {
						if x < -1 || x > 1 {
							t.Fatalf("line %v jumps", l)
						}
					}
					if dir == nil {
						dir = v
					} else if !slices.Equal(dir, v) {
						t.Fatalf("line %v bends", l)
					}
				}
				before, after := g.LineEnds(int32(li))
				if dir == nil {
					if before != -1 || after != -1 {
						t.Errorf("one-cell line %v has ends %d, %d", l, before, after)
					}
				} else {
					checkEnd := func(from int32, sign int, got int32) {
						c := make([]int, d)
						for i := range c {
							c[i] = g.Coord(int(from), i) + sign*dir[i]
						}
						if want := int32(g.Cell(c...)); got != want {
							t.Errorf("line %v: end %d; want %d", l, got, want)
						}
					}
					checkEnd(l[0], -1, before)
					checkEnd(l[len(l)-1], 1, after)
				}
				for _, c := range l {
					if !slices.Contains(g.LinesThrough(int(c)), int32(li)) {
						t.Errorf("LinesThrough(%d) misses line %d", c, li)
					}
				}
			}
			total := 0
			for c := 0; c < g.Cells(); c++ {
				for _, li := range g.LinesThrough(c) {
					if !slices.Contains(g.Lines()[li], int32(c)) {
						t.Errorf("LinesThrough(%d) holds line %d, which misses it", c, li)
					}
				}
				total += len(g.LinesThrough(c))
			}
			if total != len(g.Lines())*g.Connect() {
				t.Errorf("LinesThrough holds %d entries; want %d", total, len(g.Lines())*g.Connect())
			}
		})
	}
}

// TestLineCount checks the incremental window counts against a recount.
func TestLineCount(t *testing.T) {
	g := load(t, "qubic")
	s := g.newState()
	for _, m := range []string{"a1a", "b2b", "c3c", "d4d", "a4a", "d1d"} {
		mv, err := s.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(mv)
		for li, l := range g.Lines() {
			var want [2]uint8
			for _, c := range l {
				if p := s.At(int(c)); p >= 0 {
					want[p]++
				}
			}
			if got := s.LineCount(int32(li)); got != want {
				t.Fatalf("after %s: LineCount(%d) = %v; want %v", m, li, got, want)
			}
		}
	}
}
