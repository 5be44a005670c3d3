package kinarow

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/internal/meepletest"
)

var (
	makeBook  = flag.Int("c4.makebook", 0, "write book7x6.txt: x's winning moves in every position to this many plies (minutes)")
	freshBook = flag.Bool("c4.fresh", false, "with -c4.makebook: prove every position again, not only those the shipped book lacks")
)

// TestMakeBook writes book7x6.txt with -c4.makebook N: in every position of
// bookWalk to N plies, the first column from the centre out after which
// the solver proves o lost. The shipped book's moves, made by the same
// rule, are kept where it has them (so a deeper book costs only the new
// plies); -c4.fresh proves every position again.
func TestMakeBook(t *testing.T) {
	if *makeBook <= 0 {
		t.Skip("the book is made with -c4.makebook N")
	}
	g := loadGame(t, "connect4")
	b := NewSolver(g, 2048).bit
	b.ctx = context.Background()
	var old *Book
	if !*freshBook {
		old = bookFor(b)
	}
	start := time.Now()
	var cols []byte
	kept, counts := 0, map[int]int{}
	bookWalk(b, *makeBook, nil, func(p bitPos, moves []byte) int {
		counts[p.n]++
		if old != nil {
			if c := old.get(p); c >= 0 {
				kept++
				cols = append(cols, byte('1'+c))
				return c
			}
		}
		for _, c := range b.order {
			m := b.possible(p) & b.colMask[c]
			if m == 0 {
				continue
			}
			q := p.play(m)
			if b.canWinNext(q) {
				continue
			}
			if b.negamax(q, -1, 0) <= -1 {
				cols = append(cols, byte('1'+c))
				if len(cols)%1000 == 0 {
					fmt.Fprintf(os.Stderr, "%d positions, %s, %v, %d nodes\n", len(cols), moves, time.Since(start).Round(time.Second), b.nodes)
				}
				return c
			}
		}
		t.Fatalf("%s: no winning move", moves)
		return -1
	})
	var layers []string
	for n := 0; n <= *makeBook; n += 2 {
		layers = append(layers, strconv.Itoa(counts[n]))
	}
	how := fmt.Sprintf("%d of them proved in %v (%d nodes, a 2 GB table),\n# the other %d kept from the book before", len(cols)-kept, time.Since(start).Round(time.Second), b.nodes, kept)
	if kept == 0 {
		how = fmt.Sprintf("in %v (%d nodes, a 2 GB table)", time.Since(start).Round(time.Second), b.nodes)
	}
	var body strings.Builder
	fmt.Fprintf(&body, `# Connect Four 7x6: a winning move of x, the first player, in each of the
# %d positions where x is to move, up to %d stones, that arise when x
# follows this book and o plays any move (x's immediate wins left out: the
# engine finds those; by stones: %s).
# Made by meeple's own solver: go test ./internal/players/kinarow/ -run
# TestMakeBook -args -c4.makebook %d: %s.
# At each position the first column from the centre out after which the
# bitboard solver proves o lost. Format (see Book): the walk's depth, then
# x's column (1-based) at each position in the order bookWalk meets them.
plies %d
`, len(cols), *makeBook, strings.Join(layers, ", "), *makeBook, how, *makeBook)
	for len(cols) > 0 {
		n := min(len(cols), 72)
		body.Write(cols[:n])
		body.WriteByte('\n')
		cols = cols[n:]
	}
	if err := os.WriteFile("book7x6.txt", []byte(body.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBook checks the shipped book: it parses, it covers every position of
// its walk (x following it, o playing anything) to its depth, and on a
// sample of its deepest positions the solver, on a fresh table, proves
// its move wins.
func TestBook(t *testing.T) {
	meepletest.OneGoroutine(t)
	g := loadGame(t, "connect4")
	s := NewSolver(g, 64)
	bk := bookFor(s.bit)
	if bk == nil || bk.Len() == 0 {
		t.Fatal("no book for connect4")
	}
	depth := -1
	for _, line := range strings.Split(book7x6, "\n") {
		if n, ok := strings.CutPrefix(line, "plies "); ok {
			depth, _ = strconv.Atoi(n)
			break
		}
	}
	var deepest []bitPos
	n := 0
	bookWalk(s.bit, depth, nil, func(p bitPos, moves []byte) int {
		n++
		c := bk.get(p)
		if c < 0 {
			t.Fatalf("%s: not in the book", moves)
		}
		if p.n == depth {
			deepest = append(deepest, p)
		}
		return c
	})
	if n != bk.Len() {
		t.Errorf("the walk meets %d positions, the book has %d", n, bk.Len())
	}
	b := s.bit
	b.ctx = context.Background()
	proved := 0
	for i := 0; i < len(deepest) && proved < 3; i += max(len(deepest)/7, 1) {
		p := deepest[i]
		q := p.play(b.possible(p) & b.colMask[bk.get(p)])
		b.tt.clear()
		b.stop, b.nodes, b.budget = false, 0, 20_000_000
		if testing.Short() {
			b.budget = 2_000_000
		}
		r := b.negamax(q, -1, 0)
		if b.stop {
			continue // too long for a test: the next
		}
		if r > -1 {
			t.Fatalf("book move in %x/%x: o is not lost (%d)", p.cur, p.mask, r)
		}
		proved++
	}
	if proved == 0 {
		t.Error("no sampled book move proved within the budget")
	}
	t.Logf("%d positions, depth %d, %d sampled moves proved", bk.Len(), depth, proved)
}

// FuzzParseBook: no panic, and an accepted book gives back its columns,
// each playable, in the order of its walk.
func FuzzParseBook(f *testing.F) {
	f.Add("plies 0\n4\n")
	f.Add("# c\nplies 2\n4\n4444444\n")
	f.Add("plies 2\n4\n444444\n")
	f.Add("plies 1\n9\n")
	f.Add("plies x\n4\n")
	g := loadGame(f, "connect4")
	b := NewSolver(g, 1).bit
	f.Fuzz(func(t *testing.T, text string) {
		bk, err := parseBook(b, text)
		if err != nil {
			return
		}
		var cols []byte
		depth := -1
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			switch {
			case line == "" || line[0] == '#':
			case depth < 0:
				depth, _ = strconv.Atoi(strings.TrimPrefix(line, "plies "))
			default:
				cols = append(cols, line...)
			}
		}
		n := 0
		bookWalk(b, depth, nil, func(p bitPos, moves []byte) int {
			c := bk.get(p)
			if c != int(cols[n]-'1') || b.possible(p)&b.colMask[c] == 0 {
				t.Fatalf("%s: column %d, want %c", moves, c, cols[n])
			}
			n++
			return c
		})
		if n != len(cols) || n != bk.Len() {
			t.Fatalf("%d columns, a walk of %d, %d in the book", len(cols), n, bk.Len())
		}
	})
}

// BenchmarkParseBook parses the shipped book: every engine process that
// plays Connect Four does it once, at its first new game.
func BenchmarkParseBook(b *testing.B) {
	g := loadGame(b, "connect4")
	s := NewSolver(g, 1).bit
	for b.Loop() {
		if _, err := parseBook(s, book7x6); err != nil {
			b.Fatal(err)
		}
	}
}
