package referee

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestFollow: Follow waits for the events file, reads what is there, sees
// lines appended after it started (a line written in two parts once it is
// whole), and stops at a line that is not an event.
func TestFollow(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "match")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	got := make(chan Event)
	done := make(chan error, 1)
	go func() {
		done <- Follow(ctx, dir, func(e Event) error {
			select {
			case got <- e:
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		})
	}()
	next := func(want string) {
		t.Helper()
		select {
		case e := <-got:
			if e.Type != want {
				t.Fatalf("event %q, want %q", e.Type, want)
			}
		case err := <-done:
			t.Fatalf("Follow ended: %v", err)
		case <-ctx.Done():
			t.Fatalf("no %s event", want)
		}
	}
	time.Sleep(2 * followPoll) // Follow is waiting for the directory
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, EventsFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.WriteString(`{"type":"match_start","variant":"tictactoe"}` + "\n\n")
	next("match_start")
	f.WriteString(`{"type":"game_st`)
	time.Sleep(2 * followPoll) // the half line is not an event yet
	select {
	case e := <-got:
		t.Fatalf("an event from half a line: %+v", e)
	default:
	}
	f.WriteString(`art","game":0}` + "\n" + `{"type":"move","game":0,"ply":1}` + "\n")
	next("game_start")
	next("move")
	f.WriteString("not json\n")
	select {
	case err := <-done:
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte("line 5")) {
			t.Errorf("Follow on a bad line: %v, want an error naming line 5", err)
		}
	case <-ctx.Done():
		t.Fatal("Follow did not stop at a bad line")
	}
}

// TestFollowMatch: a match always writes events.jsonl in its output
// directory (the same lines as --events), Follow started before the match
// sees every event as it comes, and each game_end carries the standings
// so far.
func TestFollowMatch(t *testing.T) {
	cfg := testConfig(t, "tictactoe", 4, meeple("a", 1), meeple("b", 1))
	cfg.Events = filepath.Join(t.TempDir(), "events.jsonl")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var evs []Event
	stop := errors.New("match_end")
	done := make(chan error, 1)
	go func() {
		done <- Follow(ctx, cfg.Out, func(e Event) error {
			evs = append(evs, e)
			if e.Type == "match_end" {
				return stop
			}
			return nil
		})
	}()
	run(t, cfg)
	if err := <-done; err != stop {
		t.Fatalf("Follow: %v", err)
	}
	a, err := os.ReadFile(filepath.Join(cfg.Out, EventsFile))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(cfg.Events)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) || bytes.Count(a, []byte("\n")) != len(evs) {
		t.Errorf("%s and --events differ, or Follow saw %d of their %d lines", EventsFile, len(evs), bytes.Count(a, []byte("\n")))
	}
	if evs[0].Type != "match_start" || evs[0].Rules == "" {
		t.Errorf("first event %+v, want match_start with the rules", evs[0])
	}
	ends := 0
	for _, e := range evs {
		if e.Type != "game_end" {
			continue
		}
		ends++
		games := 0
		for _, s := range e.Standings {
			games += s.Games
		}
		pairs := 0
		for _, p := range e.Pairs {
			pairs += p.Penta.Pairs()
		}
		if len(e.Standings) != 2 || games != 2*ends || len(e.Pairs) != 1 || pairs > ends/2 {
			t.Errorf("game_end %d: standings %+v, pairs %+v", ends, e.Standings, e.Pairs)
		}
	}
	last := evs[len(evs)-1]
	if ends != 4 || len(last.Pairs) != 1 || last.Pairs[0].Penta.Pairs() != 2 {
		t.Errorf("%d game_end events; match_end pairs %+v", ends, last.Pairs)
	}
}

// FuzzEventLine: what Follow does with a line of events.jsonl: decoding
// never panics, and an accepted event marshals again.
func FuzzEventLine(f *testing.F) {
	f.Add([]byte(`{"type":"match_start","variant":"tictactoe","rules":"kinarow(size=3)","engines":["a","b"],"total":2}`))
	f.Add([]byte(`{"type":"game_end","game":1,"standings":[{"engine":"a","games":2,"w":1,"d":0,"l":1,"points":1,"elo":null}],"pairs":[{"a":"a","b":"b","penta":[0,1,0,0,0],"elo":null,"w":1,"d":0,"l":1}]}`))
	f.Add([]byte(`{"type":"move","game":0,"ply":3,"seat":0,"chance":true,"move":"17","clocks_ms":[1,2]}`))
	f.Add([]byte(`{"pairs":[{"penta":[1,2,3,4,5,6]}]}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		var ev Event
		if json.Unmarshal(line, &ev) != nil {
			return
		}
		if _, err := json.Marshal(ev); err != nil {
			t.Fatalf("an accepted event does not marshal: %v", err)
		}
	})
}
