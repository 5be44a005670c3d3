package referee

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/protocol/client"
)

// TestFaults plays a faulty fake against the real engine: every game is
// accounted for, each ends with the fault's termination against the fake's
// seat, and the referee neither hangs nor dies. The deadlines the good
// engine must meet too (start, move) are an order of magnitude above what
// it needs on a loaded machine under -race; the faults that wait them out
// (hang, too slow a start) cost that much idle time.
func TestFaults(t *testing.T) {
	t.Parallel() // mostly waiting out the faulty engines' deadlines
	cases := []struct {
		name    string
		env     []string
		restart bool
		start   time.Duration // start timeout (0: testConfig's)
		want    record.Termination
		games   int
	}{
		{name: "crash", env: []string{"FAKE_FAULT=crash", "FAKE_AT=2"}, restart: true, want: record.Crash, games: 4},
		{name: "crash-restart-off", env: []string{"FAKE_FAULT=crash", "FAKE_AT=2"}, want: record.Crash, games: 4},
		{name: "hang", env: []string{"FAKE_FAULT=hang", "FAKE_AT=2"}, restart: true, want: record.Stall, games: 2},
		{name: "deaf-hang", env: []string{"FAKE_FAULT=deafhang", "FAKE_AT=2"}, restart: true, want: record.Stall, games: 2},
		{name: "illegal", env: []string{"FAKE_FAULT=illegal", "FAKE_AT=2"}, restart: true, want: record.IllegalMove, games: 4},
		{name: "garbage", env: []string{"FAKE_FAULT=garbage", "FAKE_AT=2"}, restart: true, want: record.ProtocolError, games: 4},
		{name: "slow-start-in-time", env: []string{"FAKE_START_DELAY=300ms"}, restart: true, want: record.Normal, games: 4},
		// The good engine must start within the same deadline: it has
		// taken more than 1.5s under -race on a loaded machine.
		{name: "slow-start-too-slow", env: []string{"FAKE_START_DELAY=1h"}, restart: true, start: 10 * time.Second, want: record.Startup, games: 2},
		// The program starts and exits at once (an unknown helper mode).
		{name: "exits-at-start", env: []string{"REFEREE_HELPER=none"}, restart: true, want: record.Startup, games: 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			bad := fake("bad", tc.env...)
			bad.Restart = tc.restart
			cfg := testConfig(t, "tictactoe", tc.games, meeple("good", 1), bad)
			cfg.MoveTimeout = 3 * time.Second // the hangs wait it out; the good engine needs milliseconds
			if tc.start > 0 {
				cfg.Timeouts.Start = tc.start
			}
			sum := run(t, cfg)
			j := journalOf(t, cfg)
			if len(j.records) != tc.games || sum.Games != tc.games {
				t.Fatalf("%d games in the journal, %d counted; want %d", len(j.records), sum.Games, tc.games)
			}
			for _, r := range j.records {
				if r.Termination != tc.want {
					t.Errorf("game %d: termination %s (%s), want %s", r.Game, r.Termination, r.Reason, tc.want)
					continue
				}
				if tc.want != record.Normal {
					if r.Loser == 0 || r.Seats[r.Loser-1] != "bad" {
						t.Errorf("game %d: loser seat %d of %v, want bad's seat", r.Game, r.Loser, r.Seats)
					}
					if !strings.Contains(r.Reason, "(bad)") {
						t.Errorf("game %d: reason %q does not name the engine", r.Game, r.Reason)
					}
				}
				if err := record.Replay(r); err != nil {
					t.Errorf("game %d: replay: %v", r.Game, err)
				}
			}
			if tc.want != record.Normal {
				for _, st := range sum.Standings {
					if st.Engine == "good" && st.W != tc.games {
						t.Errorf("good won %d of %d games against a faulty engine", st.W, tc.games)
					}
				}
			}
			if tc.name == "crash-restart-off" {
				n := 0
				for _, r := range j.records {
					if strings.Contains(r.Reason, "restart=off") {
						n++
					}
				}
				if n < tc.games-2 {
					t.Errorf("%d games forfeited as out of the match; want at least %d", n, tc.games-2)
				}
			}
		})
	}
}

// TestStderr floods stderr: the engine is never blocked, each game's log
// is capped, and the record links it.
func TestStderr(t *testing.T) {
	flood := fake("flood", "FAKE_FLOOD=3000000")
	cfg := testConfig(t, "tictactoe", 2, meeple("quiet", 1), flood)
	run(t, cfg)
	j := journalOf(t, cfg)
	if len(j.records) != 2 {
		t.Fatalf("%d games", len(j.records))
	}
	for _, r := range j.records {
		if r.Termination != record.Normal {
			t.Errorf("game %d: %s (%s)", r.Game, r.Termination, r.Reason)
		}
		seat := 0
		for i, s := range r.Seats {
			if s == "flood" {
				seat = i
			}
		}
		if len(r.Stderr) != 2 || r.Stderr[seat] == "" {
			t.Fatalf("game %d: stderr logs %q: none for the flooding seat", r.Game, r.Stderr)
		}
		if r.Stderr[1-seat] != "" {
			t.Errorf("game %d: a log %q for the quiet engine", r.Game, r.Stderr[1-seat])
		}
		want := filepath.ToSlash(filepath.Join(StderrDir, "")) + "/"
		if !strings.HasPrefix(r.Stderr[seat], want) || !strings.HasSuffix(r.Stderr[seat], "-flood.log") {
			t.Errorf("game %d: log path %q", r.Game, r.Stderr[seat])
		}
		log, err := os.ReadFile(filepath.Join(cfg.Out, r.Stderr[seat]))
		if err != nil {
			t.Fatal(err)
		}
		// The copy never blocks the engine: what the disk does not take in
		// time is dropped with a note, so the size has no lower bound
		// beyond one buffer; the cap and its note always hold.
		if len(log) > client.DefaultStderrLimit+4096 {
			t.Errorf("game %d: log of %d bytes; want it capped near %d", r.Game, len(log), client.DefaultStderrLimit)
		}
		if note := fmt.Sprintf("[stderr truncated after %d bytes]", client.DefaultStderrLimit); !strings.Contains(string(log), note) {
			t.Errorf("game %d: log of %d bytes without the note %q", r.Game, len(log), note)
		}
		if len(log) < 100_000 && !strings.Contains(string(log), "bytes dropped") {
			t.Errorf("game %d: log of %d bytes and no note of dropped bytes", r.Game, len(log))
		}
	}
	text, err := os.ReadFile(filepath.Join(cfg.Out, RecordsFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "[Stderr") {
		t.Errorf("the records file links no stderr log")
	}
}
