package kinarow

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
)

// book7x6 is the opening book of Connect Four 7x6 (see Book and
// book7x6.txt's header for how it was made).
//
//go:embed book7x6.txt
var book7x6 string

// Book holds winning moves of the first player in the opening of a
// bitboard board: for every position where x is to move that arises when x
// follows the book and o plays anything, up to some depth, a move the
// solver proved to keep the win. The solver itself proves these openings
// only in minutes, far past an engine's budget; with the book the engine,
// as x, keeps the win from the first move.
//
// The text form lists the positions in the order bookWalk visits them, so
// that none needs writing out: '#' starts a comment line; the first other
// line is "plies N", the depth of the walk; the lines after it, joined,
// hold one digit a position, x's column there (1-based). A position and
// its mirror image share one entry.
type Book struct {
	b *bitSolver
	t *keyTable // canonical key -> x's column (0-based) in that orientation
}

// parseBook reads a book in its text form for the board of b.
func parseBook(b *bitSolver, text string) (*Book, error) {
	depth := -1
	var cols []byte
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if depth < 0 {
			n, ok := strings.CutPrefix(line, "plies ")
			d, err := strconv.Atoi(n)
			if !ok || err != nil || d < 0 || d > b.cells {
				return nil, fmt.Errorf("kinarow book: line %d: want \"plies N\" (N from 0 to %d), got %q", i+1, b.cells, line)
			}
			depth = d
			continue
		}
		for _, ch := range line {
			if ch < '1' || int(ch-'0') > b.w {
				return nil, fmt.Errorf("kinarow book: line %d: %q is not a column", i+1, ch)
			}
		}
		cols = append(cols, line...)
	}
	if depth < 0 {
		return nil, fmt.Errorf("kinarow book: no \"plies N\" line")
	}
	var err error
	n := 0
	t := newKeyTable(len(cols))
	bookWalk(b, depth, t, func(p bitPos, moves []byte) int {
		switch {
		case err != nil:
			return -1
		case n == len(cols):
			err = fmt.Errorf("kinarow book: %d columns for a walk of more positions", len(cols))
			return -1
		}
		c := int(cols[n] - '1')
		n++
		if b.possible(p)&b.colMask[c] == 0 {
			err = fmt.Errorf("kinarow book: column %d of position %d (%s) is full", c+1, n, moves)
			return -1
		}
		k, mirrored := canonicalKey(b, p)
		stored := c
		if mirrored {
			stored = b.w - 1 - c
		}
		t.set(k, uint8(stored))
		return c
	})
	if err == nil && n < len(cols) {
		err = fmt.Errorf("kinarow book: %d columns for a walk of %d positions", len(cols), n)
	}
	if err != nil {
		return nil, err
	}
	return &Book{b: b, t: t}, nil
}

// bookWalk visits, depth first, the positions where x is to move, at most
// depth stones, that arise when x plays the move visit returns and o any
// move but an immediate win (there is none against a winning move), o's
// moves from column 1 up; it leaves out x's immediate wins (the engine
// finds those) and a position whose mirror image it met before. visit
// gets the moves from the empty board as 1-based column digits and returns
// x's column (0-based), or -1 to go no deeper; the moves are valid only
// during the call. seen gets the canonical key of each position visited
// (before visit is called, with the value 0; the values are the caller's),
// nil: a table of the walk's own.
func bookWalk(b *bitSolver, depth int, seen *keyTable, visit func(p bitPos, moves []byte) int) {
	if seen == nil {
		seen = newKeyTable(0)
	}
	var walk func(p bitPos, moves []byte)
	walk = func(p bitPos, moves []byte) {
		if p.n > depth || p.n >= b.cells-1 {
			return
		}
		poss := b.possible(p)
		if p.n%2 == 1 {
			for c := range b.w {
				if m := poss & b.colMask[c]; m != 0 && b.winning(p.cur, p.mask)&m == 0 {
					walk(p.play(m), append(moves, byte('1'+c)))
				}
			}
			return
		}
		if b.canWinNext(p) {
			return
		}
		k, _ := canonicalKey(b, p)
		if !seen.put(k, 0) {
			return
		}
		c := visit(p, moves)
		if c < 0 {
			return
		}
		walk(p.play(poss&b.colMask[c]), append(moves, byte('1'+c)))
	}
	walk(bitPos{}, make([]byte, 0, depth+1))
}

// canonicalKey returns the key under which p is stored, the smaller of its
// own and its mirror image's, and whether it is the mirror image's.
func canonicalKey(b *bitSolver, p bitPos) (uint64, bool) {
	k := p.key()
	if m := b.mirror(k); m < k {
		return m, true
	}
	return k, false
}

// get returns the book's column for p (0-based), or -1.
func (bk *Book) get(p bitPos) int {
	k, mirrored := canonicalKey(bk.b, p)
	c, ok := bk.t.get(k)
	switch {
	case !ok:
		return -1
	case mirrored:
		return bk.b.w - 1 - int(c)
	}
	return int(c)
}

// Len is the number of positions in the book.
func (bk *Book) Len() int { return bk.t.n }

// Move returns the book's move in st, if it has one.
func (bk *Book) Move(st *kinarow.State) (games.Move, bool) {
	if bk == nil || st.Game().Cells() != bk.b.cells || st.Player() != 0 {
		return games.NoMove, false
	}
	p := bk.b.fromState(st)
	c := bk.get(p)
	if c < 0 {
		return games.NoMove, false
	}
	m := bk.b.possible(p) & bk.b.colMask[c]
	if m == 0 {
		return games.NoMove, false
	}
	return bk.b.move(m), true
}

// shipped7x6 is book7x6 parsed, once: its keys are those of every 7x6
// bitSolver, however its game lays out the board.
var shipped7x6 struct {
	once sync.Once
	book *Book
	err  error
}

// bookFor returns the shipped book of g, or nil.
func bookFor(b *bitSolver) *Book {
	if b == nil || !b.std {
		return nil
	}
	s := &shipped7x6
	s.once.Do(func() {
		s.book, s.err = parseBook(b, book7x6)
	})
	if s.err != nil {
		panic(s.err) // the shipped book is checked by the tests
	}
	return &Book{b: b, t: s.book.t}
}

// keyTable maps position keys (bitPos.key, far below 2^64) to a byte:
// open addressing, a power-of-two number of slots at most three quarters
// full, linear probing. The book's 137,000 positions, read at an engine
// process's first Connect Four game, took 51 ms with a Go map and a
// sorted array, 22 ms so (BenchmarkParseBook), in 2.3 MB.
type keyTable struct {
	keys  []uint64 // key+1, 0: empty
	vals  []uint8
	n     int
	shift uint // 64 - log2(len(keys))
}

// newKeyTable returns a table with room for size keys before it grows.
func newKeyTable(size int) *keyTable {
	t := &keyTable{}
	t.alloc(max(16, size*4/3+1))
	return t
}

// alloc empties t into a power of two of slots, at least n.
func (t *keyTable) alloc(n int) {
	bits := uint(4)
	for 1<<bits < n {
		bits++
	}
	t.keys, t.vals, t.n, t.shift = make([]uint64, 1<<bits), make([]uint8, 1<<bits), 0, 64-bits
}

// slot is where k is, or the empty slot where it would go.
func (t *keyTable) slot(k uint64) int {
	mask := len(t.keys) - 1
	i := int((k * 0x9e3779b97f4a7c15) >> t.shift) // Fibonacci hashing
	for t.keys[i] != 0 && t.keys[i] != k+1 {
		i = (i + 1) & mask
	}
	return i
}

// get returns k's value and whether k is in t.
func (t *keyTable) get(k uint64) (uint8, bool) {
	i := t.slot(k)
	return t.vals[i], t.keys[i] != 0
}

// set gives k the value v.
func (t *keyTable) set(k uint64, v uint8) {
	if i := t.slot(k); t.keys[i] != 0 {
		t.vals[i] = v
		return
	}
	t.put(k, v)
}

// put adds k with the value v unless k is in t, and reports whether it
// added it.
func (t *keyTable) put(k uint64, v uint8) bool {
	i := t.slot(k)
	if t.keys[i] != 0 {
		return false
	}
	if 4*(t.n+1) > 3*len(t.keys) {
		keys, vals := t.keys, t.vals
		t.alloc(2 * len(keys))
		for j, old := range keys {
			if old != 0 {
				t.put(old-1, vals[j])
			}
		}
		i = t.slot(k)
	}
	t.keys[i], t.vals[i] = k+1, v
	t.n++
	return true
}
