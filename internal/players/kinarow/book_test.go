package kinarow

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

var makeBook = flag.Int("c4.makebook", 0, "write book7x6.txt: x's winning moves in every position to this many plies (the proof of the empty board: minutes)")

// bookWalk visits the positions where x is to move, at most depth stones,
// that arise when x plays the move move gives and o any move, x's immediate
// wins left out; visit returns x's move there, or -1 to stop.
func bookWalk(b *bitSolver, depth int, visit func(p bitPos, moves string) int) {
	seen := map[uint64]bool{}
	var walk func(p bitPos, moves string)
	walk = func(p bitPos, moves string) {
		if p.n > depth || p.n >= b.cells-1 {
			return
		}
		poss := b.possible(p)
		if p.n%2 == 1 { // o: every move but its immediate wins (there are none against a winning move)
			for c := range b.w {
				if m := poss & b.colMask[c]; m != 0 && b.winning(p.cur, p.mask)&m == 0 {
					walk(p.play(m), moves+string(rune('1'+c)))
				}
			}
			return
		}
		if b.canWinNext(p) {
			return
		}
		k := min(p.key(), b.mirror(p.key()))
		if seen[k] {
			return
		}
		seen[k] = true
		c := visit(p, moves)
		if c < 0 {
			return
		}
		walk(p.play(poss&b.colMask[c]), moves+string(rune('1'+c)))
	}
	walk(bitPos{}, "")
}

// TestMakeBook writes book7x6.txt with -c4.makebook N: in every position of
// bookWalk to N plies, the first column from the centre out after which
// the solver proves o lost.
func TestMakeBook(t *testing.T) {
	if *makeBook <= 0 {
		t.Skip("the book is made with -c4.makebook N")
	}
	g := loadGame(t, "connect4")
	b := NewSolver(g, 2048).bit
	b.ctx = context.Background()
	start := time.Now()
	var lines []string
	bookWalk(b, *makeBook, func(p bitPos, moves string) int {
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
				if moves == "" {
					moves = "-"
				}
				lines = append(lines, fmt.Sprintf("%s %d", moves, c+1))
				fmt.Fprintf(os.Stderr, "%d %s %d %v %d nodes\n", len(lines), moves, c+1, time.Since(start).Round(time.Second), b.nodes)
				return c
			}
		}
		t.Fatalf("%s: no winning move", moves)
		return -1
	})
	head := fmt.Sprintf(`# Connect Four 7x6: a winning move of x, the first player, in every position
# where x is to move, up to %d stones, that arises when x follows this book
# and o plays any move (x's immediate wins left out: the engine finds those).
# Made by meeple's own solver: go test ./internal/players/kinarow/ -run
# TestMakeBook -args -c4.makebook %d (in %v, %d nodes, with a 2 GB table):
# at each position the first column from the centre out after which the
# bitboard solver proves o lost. Format: MOVES (1-based column digits from
# the empty board, "-" for none) and x's column.
`, *makeBook, *makeBook, time.Since(start).Round(time.Second), b.nodes)
	if err := os.WriteFile("book7x6.txt", []byte(head+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBook checks the shipped book: it parses, it covers every position of
// its walk (x following it, o playing anything) to its depth, and on a
// sample of its deepest positions the solver, on a fresh table, proves
// its move wins.
func TestBook(t *testing.T) {
	g := loadGame(t, "connect4")
	s := NewSolver(g, 64)
	bk := bookFor(g, s.bit)
	if bk == nil || bk.Len() == 0 {
		t.Fatal("no book for connect4")
	}
	depth := 0
	for _, line := range strings.Split(book7x6, "\n") {
		if f := strings.Fields(line); len(f) == 2 && line[0] != '#' && f[0] != "-" {
			depth = max(depth, len(f[0]))
		}
	}
	var deepest []bitPos
	n := 0
	bookWalk(s.bit, depth, func(p bitPos, moves string) int {
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

// FuzzParseBook: no panic, and an accepted book gives back its moves.
func FuzzParseBook(f *testing.F) {
	f.Add("- 4\n44 3\n")
	f.Add("# c\n4444 4\n")
	f.Add("9 1\n")
	f.Add("4444444 1\n")
	g := loadGame(f, "connect4")
	b := NewSolver(g, 1).bit
	f.Fuzz(func(t *testing.T, text string) {
		bk, err := parseBook(b, text)
		if err != nil {
			return
		}
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			if line == "" || line[0] == '#' {
				continue
			}
			f := strings.Fields(line)
			p, _ := b.playDigits(f[0])
			if c := bk.get(p); c < 0 || b.possible(p)&b.colMask[c] == 0 {
				t.Fatalf("%q: %d", line, c)
			}
		}
	})
}
