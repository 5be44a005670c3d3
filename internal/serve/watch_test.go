package serve

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/internal/referee"
)

// A match's output directory watched by a server: the watcher gets the
// match, each finished game with a picture per ply, and the standings.
func TestServeWatchMatch(t *testing.T) {
	t.Setenv("MEEPLE_SERVE_ENGINE", "1") // the engines are this binary
	out := filepath.Join(t.TempDir(), "match")
	var engines []referee.EngineConfig
	for _, spec := range []string{"name=a cmd=@self depth=1", "name=b cmd=@self depth=2"} {
		e, err := referee.ParseEngine(spec)
		if err != nil {
			t.Fatal(err)
		}
		engines = append(engines, e)
	}
	if _, err := referee.Run(context.Background(), referee.Config{Variant: "tictactoe", Games: 2, Engines: engines,
		Out: out, Self: []string{os.Args[0]}}); err != nil {
		t.Fatal(err)
	}
	s, err := New(context.Background(), Config{Dir: t.TempDir(), Watch: out})
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{s: s}
	ts.hs = newHTTPTest(s)
	t.Cleanup(ts.close)
	c := ts.dialWatch(t)
	m := c.next("match")
	if m["variant"] != "tictactoe" || m["description"] == nil {
		t.Fatalf("match message %v", m)
	}
	for range 2 {
		f := c.next("finished")
		moves, pics := f["moves"].([]any), f["pictures"].([]any)
		if len(moves) < 5 || len(pics) != len(moves)+1 || f["result"].(map[string]any)["result"] == "" {
			t.Fatalf("finished game %v", f)
		}
	}
	st := c.next("standings")
	rows := st["standings"].([]any)
	if len(rows) != 2 || !strings.Contains(string(c.raw[len(c.raw)-1]), `"elo"`) {
		t.Fatalf("standings %s", c.raw[len(c.raw)-1])
	}
}
