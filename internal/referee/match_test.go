package referee

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/configs"
	"github.com/meeple-games/meeple/games"
	_ "github.com/meeple-games/meeple/games/chess"
	_ "github.com/meeple-games/meeple/games/nocca"
	_ "github.com/meeple-games/meeple/games/othello"
	_ "github.com/meeple-games/meeple/games/thegame"
	"github.com/meeple-games/meeple/internal/record"
)

// TestResume kills the referee with SIGKILL in mid-match, tears the last
// journal line as a cut write would, and runs the same match again: it
// ends with exactly every game, none twice. The referee is killed once a
// game is in the journal; the match is long enough (32 games of about
// 0.1s, two at a time) that a loaded machine does not let it finish first.
func TestResume(t *testing.T) {
	const n = 32
	cfg := testConfig(t, "tictactoe", n, fake("slow", "FAKE_THINK=25ms"), fake("slower", "FAKE_THINK=25ms", "FAKE_RANDOM=1"))
	cfg.Concurrency = 2
	b, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "REFEREE_HELPER=referee", "REFEREE_CONFIG="+string(b))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(cfg.Out, JournalFile)
	lines := func() int {
		data, _ := os.ReadFile(path)
		return bytes.Count(data, []byte("\n"))
	}
	deadline := time.Now().Add(20 * time.Second)
	for lines() < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Kill() // SIGKILL
	cmd.Wait()
	got := lines() - 1
	if got < 1 || got >= n {
		t.Fatalf("killed with %d of %d games in the journal; want some but not all", got, n)
	}
	// A write cut short: half a record without its newline.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"game":99,"pair":4,"variant":"tic`)
	f.Close()

	var out bytes.Buffer
	cfg.Stdout = &out
	sum := run(t, cfg)
	if !strings.Contains(out.String(), fmt.Sprintf("resuming: %d of %d games", got, n)) {
		t.Errorf("the second run does not say it resumes %d games:\n%s", got, out.String())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for i := 0; sc.Scan(); i++ {
		if i == 0 {
			continue
		}
		var r record.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("journal line %d: %v", i+1, err)
		}
		seen[r.Game]++
	}
	for g := 0; g < n; g++ {
		if seen[g] != 1 {
			t.Errorf("game %d is in the journal %d times", g, seen[g])
		}
	}
	if len(seen) != n || sum.Games != n {
		t.Errorf("%d distinct games in the journal, %d in the standings; want %d", len(seen), sum.Games, n)
	}
	w := 0
	for _, st := range sum.Standings {
		w += st.W + st.L + st.D
	}
	if w != 2*n {
		t.Errorf("standings count %d results, want %d", w, 2*n)
	}

	// The same directory for another match is refused.
	other := cfg
	other.Seed++
	if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "different match") {
		t.Errorf("another match in the same directory: %v", err)
	}
}

// TestJournalWithoutGames: a journal that holds no finished game (its
// match was stopped before one ended, or killed while writing the header)
// is started afresh by any match.
func TestJournalWithoutGames(t *testing.T) {
	for name, old := range map[string]string{
		"header only": `{"meeple_match":1,"id":"0123456789abcdef","games":4}` + "\n",
		"torn header": `{"meeple_match":1,"id":"01234`,
		"blank":       "\n\n",
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), JournalFile)
			if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
				t.Fatal(err)
			}
			j, err := openJournal(path, Header{Format: 1, ID: "fedcba9876543210", Games: 2})
			if err != nil {
				t.Fatal(err)
			}
			j.close()
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(data), `{"meeple_match":1,"id":"fedcba9876543210"`) || bytes.Count(data, []byte("\n")) != 1 {
				t.Errorf("journal %q; want only the new header", data)
			}
		})
	}
	// A first line that is whole but no header is not ours to overwrite.
	path := filepath.Join(t.TempDir(), JournalFile)
	os.WriteFile(path, []byte("some other file\n"), 0o644)
	if _, err := openJournal(path, Header{Format: 1, ID: "fedcba9876543210", Games: 2}); err == nil || !strings.Contains(err.Error(), "not a meeple match header") {
		t.Errorf("a journal that is another file: %v", err)
	}
}

// TestTimeLoss: an engine that thinks past its clock loses on time (it
// answers stop late); one that does not answer stop at all loses on time
// too; a quick one with a clock sixty times what it thinks does not (a
// loaded machine may hold a process back for a while).
func TestTimeLoss(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  []string
		tc   string
		want record.Termination
	}{
		{"thinks too long", []string{"FAKE_THINK=2s"}, "0.3", record.TimeLoss},
		{"ignores stop", []string{"FAKE_FAULT=hang"}, "0.3", record.TimeLoss},
		{"in time", []string{"FAKE_THINK=10ms"}, "3", record.Normal},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			slow := fake("slow", tc.env...)
			tcl, _ := ParseTC(tc.tc)
			slow.TC = &tcl
			cfg := testConfig(t, "tictactoe", 2, meeple("quick", 1), slow)
			cfg.Limits.TC, _ = ParseTC("10+0.1")
			sum := run(t, cfg)
			for _, r := range journalOf(t, cfg).records {
				if r.Termination != tc.want {
					t.Errorf("game %d: %s (%s), want %s", r.Game, r.Termination, r.Reason, tc.want)
				}
				if tc.want == record.TimeLoss && r.Seats[r.Loser-1] != "slow" {
					t.Errorf("game %d: seat %d lost on time, not slow's", r.Game, r.Loser)
				}
			}
			if sum.Games != 2 {
				t.Errorf("%d games", sum.Games)
			}
		})
	}
}

func TestParseTC(t *testing.T) {
	valid := []struct {
		in   string
		want TimeControl
		out  string
	}{
		{"40/60+0.6", TimeControl{Moves: 40, Base: 60 * time.Second, Inc: 600 * time.Millisecond}, "40/60+0.6"},
		{"60+0.6", TimeControl{Base: 60 * time.Second, Inc: 600 * time.Millisecond}, "60+0.6"},
		{"0:30+0.1", TimeControl{Base: 30 * time.Second, Inc: 100 * time.Millisecond}, "30+0.1"},
		{"1:00:00", TimeControl{Base: time.Hour}, "3600"},
		{"2:30", TimeControl{Base: 150 * time.Second}, "150"},
		{"10", TimeControl{Base: 10 * time.Second}, "10"},
		{"0.5+0", TimeControl{Base: 500 * time.Millisecond}, "0.5"},
		{"inf", TimeControl{Infinite: true}, "inf"},
		{" 5/1.5 ", TimeControl{Moves: 5, Base: 1500 * time.Millisecond}, "5/1.5"},
	}
	for _, tc := range valid {
		got, err := ParseTC(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseTC(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
			continue
		}
		if got.String() != tc.out {
			t.Errorf("ParseTC(%q).String() = %q, want %q", tc.in, got.String(), tc.out)
		}
		if back, err := ParseTC(got.String()); err != nil || back != got {
			t.Errorf("ParseTC(%q) does not read back: %+v, %v", got.String(), back, err)
		}
	}
	for _, in := range []string{"", "0", "-5", "abc", "40/", "/60", "0/60", "x/60", "60+", "60+-1", "60+x",
		"1:60", "1:2:3:4", "a:30", "1:-5", "nan", "inf+1", "60++1", "1e400", "40/60+0.6+1"} {
		if got, err := ParseTC(in); err == nil {
			t.Errorf("ParseTC(%q) = %+v, want an error", in, got)
		}
	}
}

func TestClock(t *testing.T) {
	tc, _ := ParseTC("2/10+1")
	c := newClock(tc)
	if c.movesToGo() != 2 {
		t.Errorf("moves to go %d, want 2", c.movesToGo())
	}
	if c.charge(4*time.Second, 0) {
		t.Fatal("flag fell with time left")
	}
	if c.left != 7*time.Second || c.movesToGo() != 1 {
		t.Errorf("after 4s: %v left, %d to go; want 7s, 1", c.left, c.movesToGo())
	}
	if c.charge(3*time.Second, 0) {
		t.Fatal("flag fell with time left")
	}
	if c.left != 15*time.Second || c.movesToGo() != 2 {
		t.Errorf("after the period: %v left, %d to go; want 15s (4 + 1 + 10), 2", c.left, c.movesToGo())
	}
	if c.charge(15*time.Second+40*time.Millisecond, 50*time.Millisecond) {
		t.Error("flag fell within the margin")
	}
	if !newClock(tc).charge(10*time.Second+60*time.Millisecond, 50*time.Millisecond) {
		t.Error("flag did not fall past the margin")
	}
}

// TestOpenings: an openings file and random plies; the two games of a
// pair share the opening with the seats swapped; the same seed plays the
// same games, another seed other openings.
func TestOpenings(t *testing.T) {
	file := filepath.Join(t.TempDir(), "openings.txt")
	os.WriteFile(file, []byte("# two openings\nstartpos moves b2\n\n3/1x1/o2 x\n"), 0o644)
	play := func(seed uint64, plies int) []*record.Record {
		cfg := testConfig(t, "tictactoe", 8, meeple("a", 1), meeple("b", 2))
		cfg.Openings, cfg.RandomPlies, cfg.Seed = file, plies, seed
		run(t, cfg)
		rs := journalOf(t, cfg).records
		byGame := make([]*record.Record, len(rs))
		for _, r := range rs {
			byGame[r.Game] = r
		}
		return byGame
	}
	rs := play(1, 0)
	for k := 0; k < 4; k++ {
		x, y := rs[2*k], rs[2*k+1]
		if x.Pair != k || y.Pair != k {
			t.Errorf("games %d, %d: pairs %d, %d; want %d", x.Game, y.Game, x.Pair, y.Pair, k)
		}
		if x.Seats[0] != y.Seats[1] || x.Seats[1] != y.Seats[0] {
			t.Errorf("pair %d: seats %v and %v are not reversed", k, x.Seats, y.Seats)
		}
		if x.Start != y.Start || bookOf(x) != bookOf(y) {
			t.Errorf("pair %d: openings %q %q and %q %q differ", k, x.Start, bookOf(x), y.Start, bookOf(y))
		}
		want := [][2]string{{record.StartPos, "b2"}, {"3/1x1/o2 x", ""}}[k%2]
		if x.Start != want[0] || bookOf(x) != want[1] {
			t.Errorf("pair %d: opening %q %q, want %q %q (sequential)", k, x.Start, bookOf(x), want[0], want[1])
		}
		for _, r := range []*record.Record{x, y} {
			if err := record.Replay(r); err != nil {
				t.Errorf("game %d: %v", r.Game, err)
			}
		}
	}
	a, b, c := play(7, 2), play(7, 2), play(8, 2)
	books := map[string]bool{}
	for i := range a {
		if movesOf(a[i]) != movesOf(b[i]) || !reflect.DeepEqual(a[i].Returns, b[i].Returns) {
			t.Errorf("game %d differs between two runs with one seed: %s / %s", i, movesOf(a[i]), movesOf(b[i]))
		}
		if n := len(strings.Fields(bookOf(a[i]))); n != 2+len(strings.Fields(bookOf(rs[i]))) {
			t.Errorf("game %d: %d book plies, want the file's and 2 random", i, n)
		}
		books[bookOf(a[i])] = true
	}
	if len(books) < 3 {
		t.Errorf("random plies gave only %d distinct openings in 4 pairs", len(books))
	}
	same := 0
	for i := range a {
		if bookOf(a[i]) == bookOf(c[i]) {
			same++
		}
	}
	if same == len(a) {
		t.Errorf("seeds 7 and 8 play the same openings")
	}
}

// bookOf is a record's book moves as one string.
func bookOf(r *record.Record) string {
	var ms []string
	for _, p := range r.Plies {
		if p.Book {
			ms = append(ms, p.Move)
		}
	}
	return strings.Join(ms, " ")
}

// TestSPRT: the real engine against a random mover; the test decides long
// before the games run out.
func TestSPRT(t *testing.T) {
	const n = 400
	cfg := testConfig(t, "tictactoe", n, meeple("strong", 4), fake("random", "FAKE_RANDOM=1"))
	cfg.SPRT = "elo0=0,elo1=100,alpha=0.05,beta=0.05"
	var out bytes.Buffer
	cfg.Stdout = &out
	sum := run(t, cfg)
	if sum.SPRT == nil || sum.SPRT.Decision != "H1 accepted" {
		t.Fatalf("sprt: %+v, want H1 accepted", sum.SPRT)
	}
	t.Logf("decided after %d games: %+v", sum.Games, sum.SPRT)
	if sum.Games >= n/2 || sum.SPRT.LLR < sum.SPRT.Upper {
		t.Errorf("the sprt decided after %d games (llr %.2f): want an early stop", sum.Games, sum.SPRT.LLR)
	}
	if j := journalOf(t, cfg); len(j.records) != sum.Games {
		t.Errorf("%d games in the journal, %d counted", len(j.records), sum.Games)
	}
	if !strings.Contains(out.String(), "stopped early by the sprt") {
		t.Errorf("the output does not say the sprt stopped the match:\n%s", out.String())
	}
	// The llr line says what stopped the match.
	line := fmt.Sprintf("llr %.3f [%.3f, %.3f] after %d pairs: H1 accepted", sum.SPRT.LLR, sum.SPRT.Lower, sum.SPRT.Upper, sum.SPRT.Pairs)
	if !strings.Contains(out.String(), line) {
		t.Errorf("the output lacks %q:\n%s", line, out.String())
	}
	// Resuming a decided match plays nothing more and reaches the same test.
	out.Reset()
	again := run(t, cfg)
	if again.Games != sum.Games || !reflect.DeepEqual(again.SPRT, sum.SPRT) {
		t.Errorf("resuming a decided match: %d games, sprt %+v; was %d, %+v", again.Games, again.SPRT, sum.Games, sum.SPRT)
	}
	if !strings.Contains(out.String(), line) || !strings.Contains(out.String(), "stopped early by the sprt") {
		t.Errorf("the rerun's output does not say the match stopped with %q:\n%s", line, out.String())
	}
}

// TestShards: two shards merged give the records and standings of one run.
func TestShards(t *testing.T) {
	base := testConfig(t, "tictactoe", 12, meeple("a", 1), meeple("b", 2))
	base.RandomPlies, base.Seed = 2, 42
	whole := run(t, base)
	dir := t.TempDir()
	var outs []string
	for i := 1; i <= 2; i++ {
		c := base
		c.Shard = Shard{I: i, N: 2}
		c.Out = filepath.Join(dir, fmt.Sprint("shard", i))
		s := run(t, c)
		if s.Games == 0 || s.Games == 12 {
			t.Errorf("shard %d played %d games", i, s.Games)
		}
		outs = append(outs, c.Out)
	}
	if one := gamesOf(t, filepath.Join(base.Out, RecordsFile)); len(one) != 12 {
		t.Errorf("one run: %d games, want 12", len(one))
	}
	mergeEqualsWhole(t, base.Out, whole, filepath.Join(dir, "merged"), outs)
	var out bytes.Buffer
	if _, err := Merge(&out, filepath.Join(dir, "merged"), outs); err == nil {
		t.Errorf("merging into a directory with a journal succeeds")
	}
	c := base
	c.Seed++
	c.Out = filepath.Join(dir, "other")
	run(t, c)
	if _, err := Merge(&out, filepath.Join(dir, "mixed"), []string{outs[0], c.Out}); err == nil || !strings.Contains(err.Error(), "one match") {
		t.Errorf("merging journals of two matches: %v", err)
	}
}

// cancelOnWrite cancels a context at its first write: given as Stdout
// with a terminal's progress, it interrupts a match after its first game.
type cancelOnWrite struct{ cancel context.CancelFunc }

func (w cancelOnWrite) Write(p []byte) (int, error) {
	w.cancel()
	return len(p), nil
}

// TestShardsFromEnv runs a match as a Kubernetes Indexed Job or a Slurm
// array would: each task finds its shard in its environment (the two
// systems' variables name the same shards), is
// interrupted after its first game (a pod evicted, a job preempted) and
// run again; the merged shards give the records and standings of one
// unsharded run with the same seed.
func TestShardsFromEnv(t *testing.T) {
	const n, shards = 12, 3
	base := testConfig(t, "tictactoe", n, meeple("a", 1), meeple("b", 2))
	base.RandomPlies, base.Seed = 2, 42
	whole := run(t, base)
	if got := len(gamesOf(t, filepath.Join(base.Out, RecordsFile))); got != n {
		t.Fatalf("one run: %d games, want %d", got, n)
	}
	systems := map[string]struct {
		spec string
		env  func(task int) map[string]string
	}{
		"kubernetes": {"env/3", func(task int) map[string]string {
			return map[string]string{"JOB_COMPLETION_INDEX": fmt.Sprint(task)}
		}},
		"slurm": {"env", func(task int) map[string]string { // sbatch --array=1-3
			return map[string]string{"SLURM_ARRAY_TASK_ID": fmt.Sprint(task + 1), "SLURM_ARRAY_TASK_MIN": "1",
				"SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "3", "SLURM_ARRAY_TASK_STEP": "1"}
		}},
	}
	// Both systems name the same three shards; each task is interrupted
	// and run again.
	for name, sys := range systems {
		for task := range shards {
			env := sys.env(task)
			sh, err := ParseShard(sys.spec, func(k string) string { return env[k] })
			if want := (Shard{I: task + 1, N: shards}); err != nil || sh != want {
				t.Fatalf("%s task %d: shard %v, %v; want %v", name, task, sh, err, want)
			}
		}
	}
	dir := t.TempDir()
	var outs []string
	for task := range shards {
		c := base
		c.Shard = Shard{I: task + 1, N: shards}
		c.Out = filepath.Join(dir, fmt.Sprint("shard-", task))
		ctx, cancel := context.WithCancel(context.Background())
		c.Stdout, c.Terminal = cancelOnWrite{cancel}, ptr(true)
		_, err := Run(ctx, c)
		cancel()
		if !errors.Is(err, ErrInterrupted) {
			t.Fatalf("task %d (shard %v), interrupted: %v", task, c.Shard, err)
		}
		if got := len(journalOf(t, c).records); got < 1 || got >= 4 {
			t.Fatalf("task %d (shard %v) interrupted with %d of 4 games journaled; want some", task, c.Shard, got)
		}
		c.Stdout, c.Terminal = nil, nil
		if s := run(t, c); s.Games != 4 {
			t.Errorf("task %d (shard %v) rerun: %d games, want 4", task, c.Shard, s.Games)
		}
		outs = append(outs, c.Out)
	}
	mergeEqualsWhole(t, base.Out, whole, filepath.Join(dir, "all"), outs)
}

// gamesOf reads a records file and keeps what does not depend on timing.
func gamesOf(t *testing.T, path string) []string {
	t.Helper()
	rs, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range rs {
		out = append(out, fmt.Sprintf("%d %d %v %s %s %v %s %s", r.Game, r.Pair, r.Seats, r.Start, movesOf(r), r.Returns, r.Termination, r.Reason))
	}
	return out
}

// TestShipped plays meeple against meeple on every shipped variant.
func TestShipped(t *testing.T) {
	vs, err := games.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := fs.Glob(configs.FS, "*.toml")
	if len(vs) != len(files) {
		t.Fatalf("%d shipped variants of %d files in configs/: link the missing game packages into this test", len(vs), len(files))
	}
	for _, v := range vs {
		t.Run(v.Name, func(t *testing.T) {
			t.Parallel()
			depth := 2
			if v.Name == "gomoku" || v.Name == "hypercube" || v.Name == "othello-10x10" {
				depth = 1 // big boards: keep it quick
			}
			a, b := meeple("a", depth), meeple("b", 1)
			if v.Family == "othello" {
				// The exact solver from 18 empties (the default) takes
				// half a minute on 10x10 under -race: from 10 it is quick.
				a, b = meeple("a", depth, EngineOption{"SolveEmpties", "10"}), meeple("b", 1, EngineOption{"SolveEmpties", "10"})
			}
			if v.Family == "thegame" {
				// Long card games with hidden hands: searching them with
				// resampling takes minutes; random players finish at once.
				a, b = meeple("a", 1, EngineOption{"Algorithm", "random"}), meeple("b", 1, EngineOption{"Algorithm", "random"})
			}
			cfg := testConfig(t, v.Name, 2, a, b)
			cfg.Concurrency = 1                // two processes, not four: the variants run at once already
			cfg.MoveTimeout = 20 * time.Second // an endgame solve, with every variant at once
			run(t, cfg)
			rs := journalOf(t, cfg).records
			if len(rs) != 2 {
				t.Fatalf("%d games", len(rs))
			}
			for _, r := range rs {
				if r.Termination != record.Normal {
					t.Errorf("game %d: %s (%s)", r.Game, r.Termination, r.Reason)
				}
				if err := record.Replay(r); err != nil {
					t.Errorf("game %d: %v", r.Game, err)
				}
			}
		})
	}
}

// mergeEqualsWhole merges the shards outs into dir and checks the standings,
// pairs and records equal those of the whole match run into wholeOut.
func mergeEqualsWhole(t *testing.T, wholeOut string, whole *Summary, dir string, outs []string) {
	t.Helper()
	var out bytes.Buffer
	merged, err := Merge(&out, dir, outs)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(whole.Standings, merged.Standings) || !reflect.DeepEqual(whole.Pairs, merged.Pairs) {
		t.Errorf("standings differ:\none run %+v %+v\nmerged %+v %+v", whole.Standings, whole.Pairs, merged.Standings, merged.Pairs)
	}
	one := gamesOf(t, filepath.Join(wholeOut, RecordsFile))
	if two := gamesOf(t, filepath.Join(dir, RecordsFile)); !reflect.DeepEqual(one, two) {
		t.Errorf("records differ:\none run %v\nmerged  %v", one, two)
	}
}
