package referee

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
)

// writeShard writes the journal of shard sh of a tic-tac-toe match
// between a and b into dir: the pairs of the shard among the first n.
func writeShard(t *testing.T, dir string, sh Shard, n int) Header {
	t.Helper()
	v, err := games.LoadVariant("tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	id := Identity{Variant: v.Name, Rules: v.Spec(), Engines: []EngineIdentity{{Name: "a"}, {Name: "b"}}, Games: 2 * n}
	h := Header{Format: JournalFormat, ID: id.ID(), Games: 2 * n, Shard: sh.String(), Match: id}
	var rs []*record.Record
	for k := 0; k < n; k++ {
		if sh.has(k) {
			rs = append(rs, pairRecords(k, float64(k%5)/2)...)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeJournal(filepath.Join(dir, JournalFile), h, rs); err != nil {
		t.Fatal(err)
	}
	return h
}

// TestMergeLockedShard: merge refuses a shard whose lock a live process
// holds (it is still being played), naming it; a stale lock is no bar.
func TestMergeLockedShard(t *testing.T) {
	dir := t.TempDir()
	one, two := filepath.Join(dir, "shard1"), filepath.Join(dir, "shard2")
	writeShard(t, one, Shard{1, 2}, 6)
	writeShard(t, two, Shard{2, 2}, 6)
	lock := filepath.Join(two, LockFile)
	// The parent of the test (go test) is running for as long as the test.
	os.WriteFile(lock, []byte(strconv.Itoa(os.Getppid())+"\n"), 0o644)
	var out bytes.Buffer
	for _, src := range []string{two, filepath.Join(two, JournalFile)} {
		_, err := Merge(&out, filepath.Join(dir, "all"), []string{one, src})
		if err == nil || !strings.Contains(err.Error(), two) || !strings.Contains(err.Error(), "in use by a running referee") {
			t.Errorf("merging %s while its lock is held: %v", src, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "all", JournalFile)); !os.IsNotExist(err) {
		t.Errorf("a refused merge wrote a journal: %v", err)
	}
	os.WriteFile(lock, []byte("2147483646\n"), 0o644) // above pid_max: never running
	sum, err := Merge(&out, filepath.Join(dir, "all"), []string{one, two})
	if err != nil || sum.Games != 12 {
		t.Errorf("merging with a stale lock: %v games, %v", sum, err)
	}
}

// TestMergeTornHeader: a shard killed while writing its journal's header
// holds no game: merge leaves it out and says so.
func TestMergeTornHeader(t *testing.T) {
	dir := t.TempDir()
	one, two := filepath.Join(dir, "shard1"), filepath.Join(dir, "shard2")
	writeShard(t, one, Shard{1, 2}, 6)
	os.MkdirAll(two, 0o755)
	os.WriteFile(filepath.Join(two, JournalFile), []byte(`{"meeple_match":1,"id":"12`), 0o644)
	var out bytes.Buffer
	sum, err := Merge(&out, filepath.Join(dir, "all"), []string{one, two})
	if err != nil || sum.Games != 6 {
		t.Fatalf("merge: %v, %v", sum, err)
	}
	if want := "left out " + filepath.Join(two, JournalFile) + ": it holds no game"; !strings.Contains(out.String(), want) {
		t.Errorf("the output does not say %q:\n%s", want, out.String())
	}
	if _, err := Merge(&out, filepath.Join(dir, "none"), []string{two}); err == nil || !strings.Contains(err.Error(), "no journal to merge") {
		t.Errorf("merging only a torn journal: %v", err)
	}
}
