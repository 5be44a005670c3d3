package gametest

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// PerftRow is one line of a perft table.
type PerftRow struct {
	Variant string // a variant spec, as games.LoadVariant reads it
	Depth   int
	Count   uint64 // the leaves at Depth
	Deep    bool   // marked deep: run only when asked for
	Line    int    // the line number in the file
}

// ReadPerft reads a perft table, a game package's testdata/perft.txt: a row
// "variant depth count [deep]" per line, blank lines and # comments (where
// the table names its sources) skipped. It fails t if the file cannot be
// read or a row is malformed.
func ReadPerft(t testing.TB, file string) []PerftRow {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	base := filepath.Base(file)
	var rows []PerftRow
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		ln := strings.TrimSpace(sc.Text())
		if ln == "" || ln[0] == '#' {
			continue
		}
		f := strings.Fields(ln)
		if len(f) < 3 || len(f) > 4 || len(f) == 4 && f[3] != "deep" {
			t.Fatalf("%s:%d: want variant depth count [deep]", base, n)
		}
		d, err1 := strconv.Atoi(f[1])
		c, err2 := strconv.ParseUint(f[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: bad number", base, n)
		}
		rows = append(rows, PerftRow{Variant: f[0], Depth: d, Count: c, Deep: len(f) == 4, Line: n})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// PerftTable is a game's perft table and how much of it a test runs. A
// zero limit is no limit.
type PerftTable struct {
	File string // "testdata/perft.txt"
	// Deep runs the rows marked deep too: the value of the package's
	// -perft.deep flag.
	Deep bool
	// ShortMax: in -short mode, the rows whose tree counts more leaves are
	// skipped. A row's tree is its count plus those of the variant's rows
	// of lower depth (the positions perft passes through, give or take the
	// games that ended): on a small board the counts fall again at the
	// deepest rows, and the cost does not.
	ShortMax uint64
	// RefMax and RefShortMax limit the rows RunReference derives with the
	// slower reference implementation, by their trees as ShortMax does:
	// RefMax unless Deep, RefShortMax in -short mode.
	RefMax, RefShortMax uint64
}

// Run reads the table and runs f on each row as the subtest
// "variant/depth", skipping the rows marked deep unless pt.Deep and, in
// -short mode, the rows whose tree is over pt.ShortMax.
func (pt PerftTable) Run(t *testing.T, f func(t *testing.T, row PerftRow)) {
	t.Helper()
	pt.run(t, func(t *testing.T, row PerftRow, _ uint64) { f(t, row) })
}

// run is Run, passing f the size of each row's tree too.
func (pt PerftTable) run(t *testing.T, f func(t *testing.T, row PerftRow, tree uint64)) {
	t.Helper()
	trees := map[string]uint64{}
	for _, row := range ReadPerft(t, pt.File) {
		trees[row.Variant] += row.Count
		tree := trees[row.Variant]
		t.Run(fmt.Sprintf("%s/%d", row.Variant, row.Depth), func(t *testing.T) {
			if row.Deep && !pt.Deep {
				t.Skip("deep row: run with -perft.deep")
			}
			if testing.Short() && over(tree, pt.ShortMax) {
				t.Skip("large row skipped in -short mode")
			}
			f(t, row, tree)
		})
	}
}

// RunReference runs the rows as Run does, within the reference limits too,
// and checks that perft, a game's reference implementation (a second,
// deliberately plain one in its perft_test.go, sharing no code with the
// package), derives each row's count.
func (pt PerftTable) RunReference(t *testing.T, perft func(t *testing.T, row PerftRow) uint64) {
	t.Helper()
	pt.run(t, func(t *testing.T, row PerftRow, tree uint64) {
		if !pt.Deep && over(tree, pt.RefMax) {
			t.Skip("too slow for the reference implementation: run with -perft.deep")
		}
		if testing.Short() && over(tree, pt.RefShortMax) {
			t.Skip("slow for the reference implementation: skipped in -short mode")
		}
		if got := perft(t, row); got != row.Count {
			t.Errorf("reference perft(%d) = %d; perft.txt:%d says %d", row.Depth, got, row.Line, row.Count)
		}
	})
}

// over tells whether count exceeds limit, zero being no limit.
func over(count, limit uint64) bool { return limit != 0 && count > limit }

// PerftState is a state with a perft of its own (bulk counting, concrete
// types) and a count of the plies played since it was made.
type PerftState interface {
	games.State
	games.Perfter
	Plies() int
}

// GenericPerftMax is the largest count CheckPerft also derives with the
// generic games.Perft, which plays every move, the last ply's too, through
// the games.State interface.
const GenericPerftMax = 2_000_000

// CheckPerft checks st's own perft against row, and the generic games.Perft
// too where row counts at most GenericPerftMax leaves, and that both leave
// the position, its hash and the history as they were. st is the start
// position of row's variant.
func CheckPerft(t *testing.T, st PerftState, row PerftRow) {
	t.Helper()
	pos, hash, plies := st.Position(), st.Hash(), st.Plies()
	if got := st.Perft(row.Depth); got != row.Count {
		t.Errorf("Perft(%d) = %d; want %d (perft.txt:%d)", row.Depth, got, row.Count, row.Line)
	}
	if row.Count <= GenericPerftMax {
		if got := games.Perft(st, row.Depth); got != row.Count {
			t.Errorf("games.Perft(%d) = %d; want %d", row.Depth, got, row.Count)
		}
	}
	if st.Position() != pos || st.Hash() != hash || st.Plies() != plies {
		t.Errorf("perft changed the position: %q -> %q", pos, st.Position())
	}
}
