package kinarow

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

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
// The text form is one position a line, "MOVES COLUMN": MOVES the moves
// from the empty board as 1-based column digits ("-" for none), COLUMN the
// winning column, 1-based; '#' starts a comment line. A position and its
// mirror image share one entry.
type Book struct {
	b     *bitSolver
	moves map[uint64]uint8 // canonical key -> column (0-based) in that orientation
}

// ParseBook reads a book in its text form for the board of b.
func parseBook(b *bitSolver, text string) (*Book, error) {
	bk := &Book{b: b, moves: map[uint64]uint8{}}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, fmt.Errorf("kinarow book: line %d: want MOVES COLUMN, got %q", i+1, line)
		}
		p, err := b.playDigits(f[0])
		if err != nil {
			return nil, fmt.Errorf("kinarow book: line %d: %w", i+1, err)
		}
		if p.n%2 != 0 {
			return nil, fmt.Errorf("kinarow book: line %d: o to move after %s; the book holds x's moves", i+1, f[0])
		}
		c, err := strconv.Atoi(f[1])
		if err != nil || c < 1 || c > b.w || b.possible(p)&b.colMask[c-1] == 0 {
			return nil, fmt.Errorf("kinarow book: line %d: column %q is not playable", i+1, f[1])
		}
		bk.put(p, c-1)
	}
	return bk, nil
}

// playDigits plays moves given as 1-based column digits from the empty
// board, each legal and none ending the game.
func (b *bitSolver) playDigits(moves string) (bitPos, error) {
	var p bitPos
	if moves == "-" {
		return p, nil
	}
	for i, ch := range moves {
		c := int(ch - '1')
		if c < 0 || c >= b.w || c > 8 {
			return p, fmt.Errorf("move %d: %q is not a column", i+1, ch)
		}
		m := b.possible(p) & b.colMask[c]
		if m == 0 {
			return p, fmt.Errorf("move %d: column %d is full", i+1, c+1)
		}
		if b.winning(p.cur, p.mask)&m != 0 || p.n+1 >= b.cells {
			return p, fmt.Errorf("move %d: the game ends there", i+1)
		}
		p = p.play(m)
	}
	return p, nil
}

// canonical returns the key under which p is stored and whether it is its
// mirror image's.
func (bk *Book) canonical(p bitPos) (uint64, bool) {
	k := p.key()
	if m := bk.b.mirror(k); m < k {
		return m, true
	}
	return k, false
}

func (bk *Book) put(p bitPos, col int) {
	k, mirrored := bk.canonical(p)
	if mirrored {
		col = bk.b.w - 1 - col
	}
	bk.moves[k] = uint8(col)
}

// get returns the book's column for p (0-based), or -1.
func (bk *Book) get(p bitPos) int {
	k, mirrored := bk.canonical(p)
	c, ok := bk.moves[k]
	switch {
	case !ok:
		return -1
	case mirrored:
		return bk.b.w - 1 - int(c)
	}
	return int(c)
}

// Len is the number of positions in the book.
func (bk *Book) Len() int { return len(bk.moves) }

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

// bookFor returns the shipped book of g, or nil.
func bookFor(g *kinarow.Game, b *bitSolver) *Book {
	if b == nil || !b.std {
		return nil
	}
	bk, err := parseBook(b, book7x6)
	if err != nil {
		panic(err) // the shipped book is checked by the tests
	}
	return bk
}
