package serve

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzDecode feeds the page-message decoder malformed JSON, wrong types
// and huge strings: it never panics, and what it accepts is a known
// message that encodes back to one it accepts the same.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"move","move":"e2e4","ply":0}`, `{"type":"newgame","swap":true}`, `{"type":"resign"}`,
		`{"type":"move","move":7,"ply":"x"}`, `{"type":"move","move":"a1","ply":-1}`, `[]`, `null`, `{`,
		`{"type":"move","move":"` + strings.Repeat("x", 5000) + `","ply":1}`, `{"type":"resign"} {}`,
		`{"type":"` + "\xff" + `"}`, `{"type":"move","move":"a1","ply":1e40}`,
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
		case "move", "newgame", "resign":
		default:
			t.Fatalf("accepted type %q", u.Type)
		}
		b, err := json.Marshal(u)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Decode(b)
		if err != nil || v.Type != u.Type || v.Move != u.Move || v.Swap != u.Swap || (v.Ply == nil) != (u.Ply == nil) || v.Ply != nil && *v.Ply != *u.Ply {
			t.Fatalf("%s decodes to %+v, re-encoded %s to %+v (%v)", data, u, b, v, err)
		}
	})
}
