package referee

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	_ "github.com/meeple-games/meeple/games/chess"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/protocol/client"
)

// peersEnv, when set, turns a missing peer engine (Stockfish) from a skip
// into a failure (CI sets it where it installs them).
const peersEnv = "MEEPLE_REQUIRE_PEERS"

// stockfishPath finds Stockfish in PATH or where Debian's package puts
// it, or skips the test.
// peerTimeouts are the timeouts of games against a real peer, which may
// start slowly on a loaded machine (Stockfish allocating its hash while
// other tests run): generous, since these games never wait them out.
var peerTimeouts = client.Timeouts{Start: time.Minute, Ready: time.Minute, Quit: 2 * time.Second}

func stockfishPath(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("stockfish"); err == nil {
		return p
	}
	if p := "/usr/games/stockfish"; fileExists(p) {
		return p
	}
	if os.Getenv(peersEnv) != "" {
		t.Fatalf("%s is set and Stockfish is not installed (apt-get install stockfish)", peersEnv)
	}
	t.Skip("Stockfish is not installed (apt-get install stockfish)")
	return ""
}

func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}

// stockfishMinElo is the lowest UCI_Elo the Stockfish at path takes (1320
// since Stockfish 16, 1350 before), read from its option line.
func stockfishMinElo(t *testing.T, path string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path)
	cmd.Stdin = strings.NewReader("uci\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		if len(f) >= 3 && f[0] == "option" && f[2] == "UCI_Elo" {
			for i := range len(f) - 1 {
				if f[i] == "min" {
					if n, err := strconv.Atoi(f[i+1]); err == nil {
						return max(n, 1320)
					}
				}
			}
		}
	}
	t.Fatalf("%s lists no UCI_Elo option", path)
	return 0
}

// TestStockfishMatch plays meeple (this test binary in engine mode, over
// UCI) against Stockfish at its weakest Elo, two games at 1+0.01 with the
// referee's default margin: both must end by the rules (or the ply cap),
// with no illegal move, crash, time loss or protocol error, and the
// records must replay.
func TestStockfishMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("a match against Stockfish: skipped under -short")
	}
	sf := stockfishPath(t)
	elo := stockfishMinElo(t, sf)
	// Move Overhead is set above the defaults (meeple 30 ms, Stockfish 10)
	// for a machine busy with other work: a process left unscheduled for
	// 100 ms is not what this test looks for. Stockfish gets more: at its
	// weakest it plays its clock down to a few milliseconds.
	me := realEngineAs("meeple", "uci")
	me.Options = []EngineOption{{"Hash", "16"}, {"Move Overhead", "50"}}
	stockfish := EngineConfig{Name: "stockfish", Cmd: sf, Proto: "uci", Restart: true,
		Options: []EngineOption{{"Threads", "1"}, {"Hash", "16"}, {"Move Overhead", "100"},
			{"UCI_LimitStrength", "true"}, {"UCI_Elo", strconv.Itoa(elo)}}}
	cfg := testConfig(t, "chess", 2, me, stockfish)
	cfg.Timeouts = peerTimeouts
	cfg.Concurrency = 1 // the clocks are the point: no game competes with another for the CPU
	cfg.Limits.TC = TimeControl{Base: time.Second, Inc: 10 * time.Millisecond}
	cfg.MaxPlies = 200 // bounds the test's time: at most 2 s of clock a side a game
	cfg.MoveTimeout = 10 * time.Second
	// The flag falls a second past the clock, not testConfig's 50 ms: the
	// engines manage their clocks all the same, but a machine busy with
	// other work does not cost a game on time.
	cfg.Margin = time.Second
	start := time.Now()
	sum := run(t, cfg)
	t.Logf("%d games in %v, terminations %v", sum.Games, time.Since(start).Round(time.Millisecond), sum.Terminations)
	recs, err := ReadFile(filepath.Join(cfg.Out, RecordsFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("%d records, want 2", len(recs))
	}
	for _, r := range recs {
		if r.Termination != record.Normal && r.Termination != record.MaxPlies {
			t.Errorf("game %d (%s): %s: %s", r.Game, strings.Join(r.Seats, " vs "), r.Termination, r.Reason)
		}
		if err := record.Replay(r); err != nil { // fills in the seats too
			t.Errorf("game %d does not replay: %v", r.Game, err)
		}
		var slowest [2]time.Duration
		var at [2]int
		for i, p := range r.Plies {
			if d := time.Duration(p.Micro) * time.Microsecond; p.Seat > 0 && !p.Book && d > slowest[p.Seat-1] {
				slowest[p.Seat-1], at[p.Seat-1] = d, i+1
			}
		}
		t.Logf("game %d: %s %s after %d plies (%s); slowest moves %v (ply %d), %v (ply %d)", r.Game, strings.Join(r.Seats, " vs "),
			r.Result(), len(r.Plies), r.Reason, slowest[0], at[0], slowest[1], at[1])
	}
}
