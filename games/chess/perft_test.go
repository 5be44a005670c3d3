package chess

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

var perftDeep = flag.Bool("perft.deep", false, "also run the deepest perft counts (D6 of perft.epd, D5 of perft960.epd)")

type epdRow struct {
	fen    string
	counts map[int]uint64 // by depth
	line   int
}

// readEPD reads a perft file: "FEN ;D1 n ;D2 n ..." per line, # comments.
func readEPD(t *testing.T, file string) []epdRow {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []epdRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		ln := strings.TrimSpace(sc.Text())
		if ln == "" || ln[0] == '#' {
			continue
		}
		parts := strings.Split(ln, ";")
		row := epdRow{fen: strings.TrimSpace(parts[0]), counts: map[int]uint64{}, line: n}
		for _, p := range parts[1:] {
			var d int
			var c uint64
			if _, err := fmt.Sscanf(strings.TrimSpace(p), "D%d %d", &d, &c); err != nil {
				t.Fatalf("%s:%d: %q: %v", file, n, p, err)
			}
			row.counts[d] = c
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// perftFiles: the standard file runs to D5 in plain go test, the Chess960
// one to D4; -perft.deep adds one more ply.
var perftFiles = []struct {
	file, variant string
	depth         int
}{
	{"testdata/perft.epd", "chess", 5},
	{"testdata/perft960.epd", "chess960", 4},
}

// TestPerft checks every count of the perft files up to the file's depth
// (counts over a million are skipped in -short mode, which the race
// detector runs), and that perft leaves the position, its hash and its
// history as they were.
func TestPerft(t *testing.T) {
	for _, pf := range perftFiles {
		g := load(t, pf.variant)
		maxDepth := pf.depth
		if *perftDeep {
			maxDepth++
		}
		for _, row := range readEPD(t, pf.file) {
			st, err := g.ParseFEN(row.fen)
			if err != nil {
				t.Fatalf("%s:%d: %v", pf.file, row.line, err)
			}
			fen, hash := st.FEN(), st.Hash()
			for d := 1; d <= maxDepth; d++ {
				want, ok := row.counts[d]
				if !ok || testing.Short() && want > 200_000 { // -short: the race run
					continue
				}
				if got := st.Perft(d); got != want {
					t.Errorf("%s:%d: %s: perft(%d) = %d; want %d", pf.file, row.line, row.fen, d, got, want)
				}
				if st.FEN() != fen || st.Hash() != hash || st.Plies() != 0 {
					t.Fatalf("%s:%d: perft(%d) changed the position: %s -> %s", pf.file, row.line, d, fen, st.FEN())
				}
			}
		}
	}
}

// TestPerftPlay counts the small trees with Play and Undo, the methods of
// the games.State interface, in place of Make and Unmake, and with the
// generic games.Perft, which follows PerftMoves (the draw rules end no line,
// as in the tables).
func TestPerftPlay(t *testing.T) {
	limit := uint64(100_000)
	if testing.Short() {
		limit = 20_000 // the race run
	}
	for _, pf := range perftFiles {
		g := load(t, pf.variant)
		for _, row := range readEPD(t, pf.file) {
			st, _ := g.ParseFEN(row.fen)
			for d := 1; d <= 3; d++ {
				if want, ok := row.counts[d]; ok && want <= limit {
					if got := playPerft(st, d); got != want {
						t.Errorf("%s:%d: perft(%d) over Play and Undo = %d; want %d", pf.file, row.line, d, got, want)
					}
					if got := games.Perft(st, d); got != want {
						t.Errorf("%s:%d: games.Perft(%d) = %d; want %d", pf.file, row.line, d, got, want)
					}
				}
			}
		}
	}
}

func playPerft(st *State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range st.GenerateMoves(nil) {
		st.Play(m)
		n += playPerft(st, depth-1)
		st.Undo()
	}
	return n
}

// TestTreeInvariants walks the first plies of every perft position and
// checks at each node that CountMoves equals len(GenerateMoves), that the
// incremental hash and checkers equal the ones computed from scratch, and
// that Unmake restores everything; and at the inner nodes that the FEN
// parses back to the same position.
func TestTreeInvariants(t *testing.T) {
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, pf := range perftFiles {
		g := load(t, pf.variant)
		for _, row := range readEPD(t, pf.file) {
			st, _ := g.ParseFEN(row.fen)
			if err := walk(g, st, depth); err != nil {
				t.Errorf("%s:%d: %v", pf.file, row.line, err)
			}
		}
	}
}

func walk(g *Game, s *State, depth int) error {
	var buf [256]games.Move
	moves := s.GenerateMoves(buf[:0])
	if n := s.CountMoves(); n != len(moves) {
		return fmt.Errorf("%s: CountMoves %d, GenerateMoves %d", s.FEN(), n, len(moves))
	}
	var noisy []games.Move
	for _, m := range moves {
		if s.Captured(m) != NoPiece || Promotion(m) != NoPieceType {
			noisy = append(noisy, m)
		}
	}
	if got := s.GenerateNoisy(nil); !slices.Equal(got, noisy) {
		return fmt.Errorf("%s: GenerateNoisy %v; the captures and promotions are %v", s.FEN(), got, noisy)
	}
	if h := s.hashFromScratch(); h != s.Hash() {
		return fmt.Errorf("%s: hash %#x, from scratch %#x", s.FEN(), s.Hash(), h)
	}
	if c := s.AttackersTo(s.KingSquare(s.side), s.Occupied()) & s.ByColor(s.side^1); c != s.Checkers() {
		return fmt.Errorf("%s: checkers %#x, from scratch %#x", s.FEN(), s.Checkers(), c)
	}
	if depth == 0 {
		return nil
	}
	// The FEN at the inner nodes only (the leaves are most of the tree).
	back, err := g.ParseFEN(s.FEN())
	if err != nil || back.FEN() != s.FEN() || back.Hash() != s.Hash() {
		return fmt.Errorf("%s: FEN does not round-trip: %v", s.FEN(), err)
	}
	fen, hash := s.FEN(), s.Hash()
	for _, m := range moves {
		s.Make(m)
		err := walk(g, s, depth-1)
		s.Unmake()
		if err != nil {
			return fmt.Errorf("%s %w", s.FormatMove(m), err)
		}
		if s.FEN() != fen || s.Hash() != hash {
			return fmt.Errorf("%s: make and unmake of %s gave %s", fen, s.FormatMove(m), s.FEN())
		}
	}
	return nil
}

// TestChess960Arrays checks the numbering against arrays named in the
// Chess960 literature, and that all 960 are distinct, with the bishops on
// squares of opposite colours and the king between the rooks.
func TestChess960Arrays(t *testing.T) {
	name := func(a [8]PieceType) string {
		var b strings.Builder
		for _, p := range a {
			b.WriteByte(" PNBRQK"[p])
		}
		return b.String()
	}
	for n, want := range map[int]string{0: "BBQNNRKR", 1: "BQNBNRKR", 518: "RNBQKBNR", 959: "RKRNNQBB"} {
		if got := name(Chess960Array(n)); got != want {
			t.Errorf("Chess960Array(%d) = %s; want %s", n, got, want)
		}
	}
	seen := map[string]int{}
	for n := range 960 {
		a := Chess960Array(n)
		s := name(a)
		if m, dup := seen[s]; dup {
			t.Fatalf("arrays %d and %d are both %s", m, n, s)
		}
		seen[s] = n
		var bishops []int
		var rooks []int
		king := -1
		for f, p := range a {
			switch p {
			case Bishop:
				bishops = append(bishops, f)
			case Rook:
				rooks = append(rooks, f)
			case King:
				king = f
			}
		}
		if len(bishops) != 2 || bishops[0]%2 == bishops[1]%2 || len(rooks) != 2 || !(rooks[0] < king && king < rooks[1]) ||
			strings.Count(s, "N") != 2 || strings.Count(s, "Q") != 1 {
			t.Errorf("array %d = %s breaks the Chess960 rules", n, s)
		}
	}
}

// TestStartPerft960 counts the first two plies of a few Chess960 start
// arrays: sixteen pawn moves, two for each knight (one for a knight in a
// corner), and castling when the king on f1 (d1) has the rook beside it on
// g1 (c1), the two swapping places; the second ply is the first squared
// (the sides cannot touch each other yet).
func TestStartPerft960(t *testing.T) {
	for _, n := range []int{0, 1, 2, 100, 518, 600, 959, 160, 407} {
		s := load(t, "chess960(number="+strconv.Itoa(n)+")").NewChess()
		want := uint64(16)
		a := Chess960Array(n)
		for f, p := range a {
			switch {
			case p == Knight && (f == 0 || f == 7):
				want++
			case p == Knight:
				want += 2
			case p == King && (f == 5 && a[6] == Rook || f == 3 && a[2] == Rook):
				want++ // the king and rook swap places: castling at once
			}
		}
		if got := s.Perft(1); got != want {
			t.Errorf("array %d: perft(1) = %d; want %d", n, got, want)
		}
		if got := s.Perft(2); got != want*want {
			t.Errorf("array %d: perft(2) = %d; want %d", n, got, want*want)
		}
	}
}
