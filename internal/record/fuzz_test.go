package record

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzReadRecords: the records reader never panics, and what it accepts it
// writes back as text it reads again, with the same result and plies.
func FuzzReadRecords(f *testing.F) {
	f.Add("[Rules \"tictactoe\"]\n[Seat1 \"a\"]\n[Seat2 \"b\"]\n[Start \"startpos\"]\n[Result \"1-0\"]\n[Returns \"1 -1\"]\n" +
		"[Termination \"normal\"]\n[Reason \"x made 3 in a row\"]\n\na1 {book} a2 {0.001s +0.32/3} b1 {chance} 1-0\n")
	f.Add("[Rules \"thegame\"]\n[Seat1 \"a\"]\n[Start \"startpos\"]\n[Result \"loss\"]\n[Returns \"-94\"]\n[CardsLeft \"94\"]\n" +
		"[Termination \"normal\"]\n[Reason \"r\"]\n[Plies \"0\"]\n\nloss\n")
	f.Add("[Rules \"thegame\"]\n[Start \"x\"]\n[Result \"win\"]\n[Returns \"0 0\"]\n[Termination \"max-plies\"]\n\nwin\n")
	f.Fuzz(func(t *testing.T, text string) {
		rs, err := ReadRecords(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, r := range rs {
			var b bytes.Buffer
			if err := r.WriteText(&b); err != nil {
				t.Fatalf("WriteText: %v", err)
			}
			back, err := ReadRecords(&b)
			if err != nil || len(back) != 1 {
				t.Fatalf("reading back %q: %d records, %v", b.String(), len(back), err)
			}
			if back[0].Result() != r.Result() || len(back[0].Plies) != len(r.Plies) {
				t.Fatalf("read back result %q with %d plies, want %q with %d", back[0].Result(), len(back[0].Plies), r.Result(), len(r.Plies))
			}
		}
	})
}
