package serve

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/internal/record"
)

// FuzzDecode feeds the page-message decoder malformed JSON, wrong types
// and huge strings: it never panics, and what it accepts is a known
// message that encodes back to one it accepts the same.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"move","move":"e2e4","ply":0}`, `{"type":"newgame","swap":true}`, `{"type":"resign"}`,
		`{"type":"move","move":7,"ply":"x"}`, `{"type":"move","move":"a1","ply":-1}`, `[]`, `null`, `{`,
		`{"type":"move","move":"` + strings.Repeat("x", 5000) + `","ply":1}`, `{"type":"resign"} {}`,
		`{"type":"` + "\xff" + `"}`, `{"type":"move","move":"a1","ply":1e40}`, `{"type":"name","name":"Ann"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		u, err := Decode(data)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		switch u.Type {
		case "move", "newgame", "resign", "name":
		default:
			t.Fatalf("accepted type %q", u.Type)
		}
		b, err := json.Marshal(u)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Decode(b)
		if err != nil || v.Type != u.Type || v.Move != u.Move || v.Swap != u.Swap || (v.Ply == nil) != (u.Ply == nil) || v.Ply != nil && *v.Ply != *u.Ply ||
			(v.Name == nil) != (u.Name == nil) || v.Name != nil && *v.Name != *u.Name {
			t.Fatalf("%s decodes to %+v, re-encoded %s to %+v (%v)", data, u, b, v, err)
		}
	})
}

// FuzzWholeRecords feeds the repair of a records file (what a crash may
// leave: any bytes after whole records): it never panics, the whole part
// it keeps reads back as the same records, and it keeps every whole
// record written before the damage.
func FuzzWholeRecords(f *testing.F) {
	rec := &record.Record{Variant: "tictactoe", Rules: "tictactoe", Seats: []string{"a", "b"}, Start: record.StartPos,
		Termination: record.Normal, Reason: "x made 3 in a row", Returns: []float64{1, -1},
		Plies: []record.Ply{{Move: "a1", Seat: 1}, {Move: "a2", Seat: 2}, {Move: "b1", Seat: 1}, {Move: "b2", Seat: 2}, {Move: "c1", Seat: 1}}}
	var b strings.Builder
	rec.WriteText(&b)
	whole := b.String()
	for _, s := range []string{whole, whole + whole[:40], whole[:len(whole)-3], "[", "\n\n[", whole + "\n\n[Variant"} {
		f.Add([]byte(s), uint16(0))
	}
	f.Fuzz(func(t *testing.T, tail []byte, n uint16) {
		k := int(n % 3)
		data := []byte(strings.Repeat(whole, k))
		data = append(data, tail...)
		rs, good := wholeRecords(data)
		if good < 0 || good > len(data) {
			t.Fatalf("a whole part of %d bytes of %d", good, len(data))
		}
		if good < k*len(whole) || len(rs) < k {
			t.Fatalf("%d whole records written, %d kept (%d bytes)", k, len(rs), good)
		}
		back, err := record.ReadRecords(bytes.NewReader(data[:good]))
		if err != nil || len(back) != len(rs) {
			t.Fatalf("the whole part reads as %d records (%v), want %d", len(back), err, len(rs))
		}
	})
}

// FuzzReadLog feeds the room log's reader a segment of any bytes (a
// crash cut it anywhere): it never panics, and keeps the entries before
// the first that does not read.
func FuzzReadLog(f *testing.F) {
	line, _ := json.Marshal(&entry{Room: "0123456789abcdef", Seq: 2, At: 1, Ply: &record.Ply{Move: "a1", Seat: 1}, N: 1})
	for _, s := range []string{string(line) + "\n", string(line) + "\n" + string(line[:20]), "\n", "{}\n", `{"room":"x","seq":1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, segName(1)), data, 0o600); err != nil {
			t.Fatal(err)
		}
		es, segs, err := readLog(dir, func(string, ...any) {})
		if err != nil || len(segs) != 1 {
			t.Fatalf("readLog: %v %v", segs, err)
		}
		for _, e := range es {
			if e.Room == "" {
				t.Fatalf("an entry without a room: %+v", e)
			}
			e.apply(nil) // an entry of a room not there: an error, never a panic
		}
	})
}
