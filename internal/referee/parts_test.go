package referee

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
)

func TestParseEngine(t *testing.T) {
	e, err := ParseEngine(`name=alpha cmd=./alpha arg=-x arg="--a b" dir=/tmp/a proto=ugi option.Hash=64 "option.Book File=x y" tc=40/60+0.6 restart=off env=A=1 depth=3 nodes=1000 movetime=0.5`)
	if err != nil {
		t.Fatal(err)
	}
	tc, _ := ParseTC("40/60+0.6")
	want := EngineConfig{Name: "alpha", Cmd: "./alpha", Args: []string{"-x", "--a b"}, Dir: "/tmp/a", Proto: "ugi",
		Options: []EngineOption{{"Hash", "64"}, {"Book File", "x y"}}, Env: []string{"A=1"},
		TC: &tc, Depth: ptr(3), Nodes: ptr(int64(1000)), MoveTime: ptr(500 * time.Millisecond)}
	if !reflect.DeepEqual(e, want) {
		t.Errorf("ParseEngine:\n got %+v\nwant %+v", e, want)
	}
	if e, err := ParseEngine("cmd=@self"); err != nil || e.Name != "meeple" || !e.Restart {
		t.Errorf("cmd=@self: %+v, %v", e, err)
	}
	if e, err := ParseEngine("cmd=/usr/bin/stockfish"); err != nil || e.Name != "stockfish" {
		t.Errorf("default name: %+v, %v", e, err)
	}
	l := want.limits(Limits{Nodes: 5, MoveTime: time.Second})
	if l.Depth != 3 || l.Nodes != 1000 || l.TC != tc || l.MoveTime != 500*time.Millisecond {
		t.Errorf("limits: %+v", l)
	}
	for _, tc := range []struct{ in, want string }{
		{"name=a", "missing cmd"},
		{"cmd=x nmae=a", `did you mean "name"`},
		{"cmd=x tc=40/", "time control"},
		{"cmd=x depth=-1", "depth"},
		{"cmd=x restart=maybe", "restart"},
		{"cmd=x proto=xboard", "proto"},
		{`cmd=x arg="open`, "quote"},
		{"cmd=x justaword", "key=value"},
		{"cmd=x name=a/b", "name"},
		{"cmd=x env=NOEQ", "env"},
		{"cmd=x option.=1", "option"},
	} {
		if _, err := ParseEngine(tc.in); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseEngine(%q): %v, want an error with %q", tc.in, err, tc.want)
		}
	}
}

func TestAdjudicationRules(t *testing.T) {
	if r, err := ParseResign("moves=3,score=600,twosided=true"); err != nil || r != (ResignRule{3, 600, true}) {
		t.Errorf("ParseResign: %+v, %v", r, err)
	}
	if r, err := ParseDraw("after=40,score=10,moves=8"); err != nil || r != (DrawRule{40, 8, 10}) {
		t.Errorf("ParseDraw: %+v, %v", r, err)
	}
	for _, in := range []string{"moves=3", "score=1", "moves=0,score=1", "moves=3,score=x", "moves=3,score=5,count=2", "moves3"} {
		if _, err := ParseResign(in); err == nil {
			t.Errorf("ParseResign(%q) succeeds", in)
		}
	}
	if _, err := ParseDraw("after=4,moves=2,scroe=1"); err == nil || !strings.Contains(err.Error(), `did you mean "score"`) {
		t.Errorf("ParseDraw with a typo: %v", err)
	}
}

// TestAdjudication plays the resign rule, the draw rule and max plies.
func TestAdjudication(t *testing.T) {
	for _, tc := range []struct {
		name  string
		setup func(*Config)
		want  record.Termination
		loser string
	}{
		{"resign", func(c *Config) {
			c.Resign = ResignRule{Moves: 2, Score: 600}
			c.Engines[1].Env = append(c.Engines[1].Env, "FAKE_SCORE=-700")
		}, record.Adjudication, "gloomy"},
		{"resign two-sided needs the winner's word", func(c *Config) {
			c.Resign = ResignRule{Moves: 2, Score: 600, TwoSided: true}
			c.Engines[1].Env = append(c.Engines[1].Env, "FAKE_SCORE=-700")
			c.MaxPlies = 6
		}, record.MaxPlies, ""},
		{"draw", func(c *Config) { c.Draw = DrawRule{After: 3, Moves: 2, Score: 10} }, record.Adjudication, ""},
		{"max plies", func(c *Config) { c.MaxPlies = 3 }, record.MaxPlies, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := testConfig(t, "tictactoe", 2, fake("cheerful"), fake("gloomy"))
			tc.setup(&cfg)
			run(t, cfg)
			for _, r := range journalOf(t, cfg).records {
				if r.Termination != tc.want {
					t.Errorf("game %d: %s (%s), want %s", r.Game, r.Termination, r.Reason, tc.want)
				}
				loser := ""
				if r.Loser > 0 {
					loser = r.Seats[r.Loser-1]
				}
				if loser != tc.loser {
					t.Errorf("game %d: loser %q, want %q", r.Game, loser, tc.loser)
				}
				if err := record.Replay(r); err != nil {
					t.Errorf("game %d: replay: %v", r.Game, err)
				}
			}
		})
	}
	// The rules need a two-player zero-sum game: hiddentest is one (with
	// chance and hidden cards), its cooperative form is not.
	cfg := testConfig(t, "hiddentest", 2, fake("a"), fake("b"))
	cfg.Resign = ResignRule{Moves: 1}
	run(t, cfg)
	cfg = testConfig(t, "hiddentest(coop=true)", 2, fake("a"), fake("b"))
	cfg.Draw = DrawRule{Moves: 1}
	if _, err := Run(t.Context(), cfg); err == nil || !strings.Contains(err.Error(), "zero-sum") {
		t.Errorf("the draw rule in a cooperative game: %v", err)
	}
}

// TestCooperative: a cooperative game is summarised by its returns, not
// by wins and losses.
func TestCooperative(t *testing.T) {
	cfg := testConfig(t, "hiddentest(coop=true)", 8, fake("a"), fake("b", "FAKE_RANDOM=1"))
	sum := run(t, cfg)
	if len(sum.Standings) != 0 || len(sum.Scores) != 1 || sum.Scores[0].Games != 8 || sum.Scores[0].Engines != "a+b" {
		t.Fatalf("summary %+v %+v", sum.Standings, sum.Scores)
	}
	sc := sum.Scores[0]
	wins := 0
	for _, r := range journalOf(t, cfg).records {
		if err := record.Replay(r); err != nil {
			t.Errorf("game %d: %v", r.Game, err)
		}
		if r.Returns[0] != r.Returns[1] {
			t.Errorf("game %d: returns %v in a cooperative game", r.Game, r.Returns)
		}
		if r.Returns[0] == 1 {
			wins++
		}
		if want := map[bool]string{true: "win", false: "loss"}[r.Returns[0] == 1]; r.Result() != want {
			t.Errorf("game %d: result %q with returns %v, want %s", r.Game, r.Result(), r.Returns, want)
		}
	}
	if sc.Wins != wins || sc.Mean != float64(2*wins-8)/8 || sc.Lo > sc.Mean || sc.Hi < sc.Mean {
		t.Errorf("scores %+v; the records have %d wins of 8", sc, wins)
	}
}

func TestSchedule(t *testing.T) {
	s := schedule(2, 2, 6, false)
	for i, g := range s {
		if g.Index != i || g.Group != i/2 || g.Round != i/2 {
			t.Errorf("game %d: %+v", i, g)
		}
		if want := []int{i % 2, 1 - i%2}; !reflect.DeepEqual(g.Seats, want) {
			t.Errorf("game %d: seats %v, want %v", i, g.Seats, want)
		}
	}
	if n := len(schedule(2, 4, 2, false)); n != 12 {
		t.Errorf("round-robin of 4: %d games, want 6 encounters x 2", n)
	}
	g := schedule(2, 4, 2, true)
	if len(g) != 6 {
		t.Errorf("gauntlet of 4: %d games, want 3 encounters x 2", len(g))
	}
	for _, x := range g {
		if x.Seats[0] != 0 && x.Seats[1] != 0 {
			t.Errorf("gauntlet game %d without the first engine: %v", x.Index, x.Seats)
		}
	}
	odd := schedule(2, 2, 5, false)
	if odd[4].Group != 2 || odd[4].Round != 2 {
		t.Errorf("an odd last game: %+v", odd[4])
	}
	three := schedule(3, 2, 6, false)
	if three[0].Group != three[2].Group || three[3].Group == three[2].Group {
		t.Errorf("three seats: rounds of 3 games: %+v", three)
	}
	solo := schedule(1, 1, 3, false)
	if solo[2].Group != 2 || !reflect.DeepEqual(solo[2].Seats, []int{0}) {
		t.Errorf("one engine alone: %+v", solo)
	}
	// Shards take whole rounds and together every game once.
	seen := map[int]int{}
	for i := 1; i <= 3; i++ {
		sh := Shard{I: i, N: 3}
		for _, x := range s {
			if sh.has(x.Group) {
				seen[x.Index]++
				if !sh.has(s[x.Index^1].Group) {
					t.Errorf("shard %v splits pair %d", sh, x.Group)
				}
			}
		}
	}
	if len(seen) != len(s) {
		t.Errorf("shards cover %d of %d games", len(seen), len(s))
	}
	for _, bad := range []string{"0/2", "3/2", "1/0", "a/b", "1", "1/2/3"} {
		if _, err := ParseShard(bad, noEnv); err == nil {
			t.Errorf("ParseShard(%q) succeeds", bad)
		}
	}
	if sh, err := ParseShard("2/8", noEnv); err != nil || sh != (Shard{2, 8}) || sh.String() != "2/8" {
		t.Errorf("ParseShard(2/8) = %v, %v", sh, err)
	}
}

func noEnv(string) string { return "" }

// TestShardFromEnv: --shard env/n and env under Kubernetes Indexed Jobs
// and Slurm job arrays; bad values are errors that name the variable.
func TestShardFromEnv(t *testing.T) {
	k8s := func(i string) map[string]string { return map[string]string{"JOB_COMPLETION_INDEX": i} }
	slurm := func(id, lo, count, step string) map[string]string {
		return map[string]string{"SLURM_ARRAY_TASK_ID": id, "SLURM_ARRAY_TASK_MIN": lo, "SLURM_ARRAY_TASK_COUNT": count, "SLURM_ARRAY_TASK_STEP": step}
	}
	for _, c := range []struct {
		spec string
		env  map[string]string
		want Shard
		err  string // part of the error; "" for none
	}{
		{"env/8", k8s("0"), Shard{1, 8}, ""},
		{"env/8", k8s("7"), Shard{8, 8}, ""},
		{"env/8", k8s("8"), Shard{}, "below the count 8"},
		{"env/8", k8s("-1"), Shard{}, "JOB_COMPLETION_INDEX=\"-1\""},
		{"env/8", k8s("x"), Shard{}, "JOB_COMPLETION_INDEX=\"x\": want a whole number"},
		{"env", k8s("3"), Shard{}, "give --shard env/n"},
		{"env/0", k8s("0"), Shard{}, "the count \"0\""},
		{"env/x", k8s("0"), Shard{}, "the count \"x\""},
		{"env", slurm("1", "1", "8", "1"), Shard{1, 8}, ""},   // --array=1-8
		{"env", slurm("8", "1", "8", ""), Shard{8, 8}, ""},    // --array=1-8, no step
		{"env", slurm("0", "0", "8", "1"), Shard{1, 8}, ""},   // --array=0-7
		{"env", slurm("14", "0", "8", "2"), Shard{8, 8}, ""},  // --array=0-14:2
		{"env/8", slurm("3", "1", "8", "1"), Shard{3, 8}, ""}, // the count checked
		{"env/8", slurm("3", "1", "", ""), Shard{3, 8}, ""},   // no count in the environment
		{"env/4", slurm("3", "1", "8", "1"), Shard{}, "SLURM_ARRAY_TASK_COUNT=8, but the count given is 4"},
		{"env", slurm("3", "1", "", "1"), Shard{}, "SLURM_ARRAY_TASK_COUNT=\"\""},
		{"env", slurm("3", "", "8", "1"), Shard{}, "SLURM_ARRAY_TASK_MIN=\"\""},
		{"env", slurm("x", "1", "8", "1"), Shard{}, "SLURM_ARRAY_TASK_ID=\"x\""},
		{"env", slurm("9", "1", "8", "1"), Shard{}, "task 8 (from 0) of an array of 8"},
		{"env", slurm("0", "1", "8", "1"), Shard{}, "is not SLURM_ARRAY_TASK_MIN=1 plus"},
		{"env", slurm("3", "0", "8", "2"), Shard{}, "SLURM_ARRAY_TASK_STEP=2"},
		{"env", slurm("3", "0", "8", "0"), Shard{}, "SLURM_ARRAY_TASK_STEP=\"0\""},
		{"env/2", map[string]string{"JOB_COMPLETION_INDEX": "0", "SLURM_ARRAY_TASK_ID": "1"}, Shard{}, "both"},
		{"env/2", nil, Shard{}, "neither"},
	} {
		got, err := ParseShard(c.spec, func(k string) string { return c.env[k] })
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%s %v: %v, %v; want %v", c.spec, c.env, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s %v: %v, %v; want an error with %q", c.spec, c.env, got, err, c.err)
		}
	}
}

// FuzzParseShard: no panic; an accepted shard is in range, and i/n reads
// back from its String.
func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"2/8", "env/8", "env", "0/1", "env/-1"} {
		f.Add(s, "3", "")
	}
	f.Add("env", "", "2")
	f.Fuzz(func(t *testing.T, spec, index, task string) {
		env := map[string]string{"JOB_COMPLETION_INDEX": index, "SLURM_ARRAY_TASK_ID": task,
			"SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"}
		sh, err := ParseShard(spec, func(k string) string { return env[k] })
		if err != nil {
			return
		}
		if sh.N < 1 || sh.I < 1 || sh.I > sh.N {
			t.Fatalf("ParseShard(%q) = %v: out of range", spec, sh)
		}
		if back, err := ParseShard(sh.String(), noEnv); err != nil || back != sh {
			t.Fatalf("ParseShard(%q) = %v, %v; want %v", sh.String(), back, err, sh)
		}
	})
}

// TestRecordFormat writes and reads back a record with every kind of ply,
// and checks that replay refuses tampered records.
func TestRecordFormat(t *testing.T) {
	r := &record.Record{Game: 3, Pair: 1, Variant: "tictactoe", Rules: "kinarow(connect=3,dims=2,exact=false,gravity=0,size=3)",
		Seed: 99, Meeple: "v1.2.0+dirty", Seats: []string{"a b", `q"uote`}, Start: record.StartPos, Termination: record.Normal, Reason: "x made 3 in a row",
		Returns: []float64{1, -1}, Stderr: []string{"", "stderr/3-2-q.log"},
		Plies: []record.Ply{{Move: "b2", Seat: 1, Book: true}, {Move: "a1", Seat: 2, Micro: 1234567, Score: ptr(-32), Depth: 12},
			{Move: "a3", Seat: 1, Micro: 17, Mate: 3, Depth: 4}, {Move: "c1", Seat: 2, Micro: 5000, Mate: -2, Depth: 4, Talk: []string{"1:a=stop", "2:c=-"}},
			{Move: "c3", Seat: 1, Micro: 999, Score: ptr(0), Depth: 1}, {Move: "b1", Seat: 2, Micro: 1000}}}
	var b bytes.Buffer
	r.WriteText(&b)
	text := b.String()
	for _, want := range []string{`[Meeple "v1.2.0+dirty"]`, `[Seat2 "q\"uote"]`, `[Result "1-0"]`, `[Stderr2 "stderr/3-2-q.log"]`, "b2 {book}",
		"a1 {1.235s -0.32/12}", "a3 {0.000017s +M3/4}", "c1 {0.005s -M2/4 talk:1:a=stop talk:2:c=-}", "c3 {0.000999s +0.00/1}", "b1 {0.001s}", "1-0\n\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
	back, err := record.ReadRecords(strings.NewReader(text + text))
	if err != nil || len(back) != 2 {
		t.Fatalf("ReadRecords: %d, %v", len(back), err)
	}
	got := back[0]
	for i := range got.Plies {
		if got.Plies[i].Seat == -1 {
			got.Plies[i].Seat = r.Plies[i].Seat // the text leaves seats to replay
		}
	}
	r.Plies[1].Micro = 1235000 // the text keeps milliseconds above one
	if !reflect.DeepEqual(got, r) {
		t.Errorf("read back:\n got %+v\nwant %+v", got, r)
	}
	for _, bad := range []string{
		strings.Replace(text, "b2 {book}", "b2", 1),
		strings.Replace(text, "1-0\n\n", "0-1\n\n", 1),
		strings.Replace(text, `[Plies "6"]`, `[Plies "5"]`, 1),
		strings.Replace(text, "{1.235s -0.32/12}", "{fast}", 1),
		strings.Replace(text, `[Termination "normal"]`, `[Termination "bored"]`, 1),
		strings.Replace(text, "talk:1:a=stop", "talk:1:a=57", 1), // talk carries no number
		strings.Replace(text, "talk:1:a=stop", "talk:x", 1),
		"b2 {book} 1-0\n",
	} {
		if _, err := record.ReadRecords(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadRecords accepts:\n%s", bad)
		}
	}
}

// TestRecordsTorn: a record cut short at any byte (a crash while it was
// appended) and then a whole record is a torn file, never one valid game.
func TestRecordsTorn(t *testing.T) {
	r := &record.Record{Variant: "tictactoe", Rules: "tictactoe", Seats: []string{"a", "b"}, Start: record.StartPos,
		Termination: record.Normal, Reason: "x made 3 in a row", Returns: []float64{1, -1},
		Plies: []record.Ply{{Move: "a1", Seat: 1}, {Move: "a2", Seat: 2}, {Move: "b1", Seat: 1}, {Move: "b2", Seat: 2}, {Move: "c1", Seat: 1}}}
	var b strings.Builder
	r.WriteText(&b)
	whole := b.String()
	if rs, err := record.ReadRecords(strings.NewReader(whole + whole)); err != nil || len(rs) != 2 {
		t.Fatalf("two whole records: %d, %v", len(rs), err)
	}
	for cut := 1; cut < len(whole); cut++ {
		torn := whole[:cut]
		rs, err := record.ReadRecords(strings.NewReader(torn + whole))
		if err == nil {
			t.Errorf("cut at byte %d of %d: read %d games without an error:\n%s", cut, len(whole), len(rs), torn+whole)
			break
		}
	}
}

func TestReplayRefuses(t *testing.T) {
	good := func() *record.Record {
		return &record.Record{Variant: "tictactoe", Rules: "tictactoe", Seats: []string{"a", "b"}, Start: record.StartPos,
			Termination: record.Normal, Reason: "x made 3 in a row", Returns: []float64{1, -1},
			Plies: []record.Ply{{Move: "a1", Seat: 1}, {Move: "a2", Seat: 2}, {Move: "b1", Seat: 1}, {Move: "b2", Seat: 2}, {Move: "c1", Seat: 1}}}
	}
	if err := record.Replay(good()); err != nil {
		t.Fatalf("a good record: %v", err)
	}
	for _, tc := range []struct {
		name   string
		change func(*record.Record)
		want   string
	}{
		{"illegal move", func(r *record.Record) { r.Plies[1].Move = "a1" }, "not legal here: a1 is taken"},
		{"wrong mover", func(r *record.Record) { r.Plies[1].Seat = 1 }, "seat 2 is to move"},
		{"result", func(r *record.Record) { r.Returns = []float64{-1, 1} }, "returns"},
		{"reason", func(r *record.Record) { r.Reason = "resigned" }, "reason"},
		{"move after the end", func(r *record.Record) { r.Plies = append(r.Plies, record.Ply{Move: "c3", Seat: 2}) }, "already over"},
		{"unfinished", func(r *record.Record) { r.Plies = r.Plies[:4] }, "not over"},
		{"fault in a finished game", func(r *record.Record) { r.Termination, r.Loser = record.Crash, 2 }, "the game is over"},
		{"fault returns", func(r *record.Record) { r.Plies, r.Termination, r.Loser = r.Plies[:4], record.Crash, 1 }, "want -1 1"},
		{"fault without loser", func(r *record.Record) {
			r.Plies, r.Termination, r.Returns = r.Plies[:4], record.Stall, []float64{-1, 1}
		}, "losing seat"},
		{"chance in a game without", func(r *record.Record) { r.Plies[2].Seat = 0 }, "chance outcome where"},
		{"bad rules", func(r *record.Record) { r.Rules = "kinarow(size=1)" }, "rules"},
		{"bad start", func(r *record.Record) { r.Start = "nonsense" }, "start"},
		{"seats", func(r *record.Record) { r.Seats = r.Seats[:1] }, "seats"},
	} {
		r := good()
		tc.change(r)
		if err := record.Replay(r); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Replay = %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	var out bytes.Buffer
	bad := good()
	bad.Plies[0].Move = "z9"
	sum := record.ReplayAll(&out, []*record.Record{good(), bad})
	if sum.Games != 2 || sum.Invalid != 1 || !strings.Contains(out.String(), "INVALID") {
		t.Errorf("ReplayAll: %+v\n%s", sum, out.String())
	}
}

// TestRealEngines plays two real engines: every game in the journal and
// the records file, the standings agree with the records, replay agrees.
func TestRealEngines(t *testing.T) {
	cfg := testConfig(t, "tictactoe", 8, meeple("a", 1), meeple("b", 3))
	cfg.RandomPlies = 1
	sum := run(t, cfg)
	j := journalOf(t, cfg)
	if len(j.records) != 8 || sum.Games != 8 {
		t.Fatalf("journal has %d games, standings %d, want 8", len(j.records), sum.Games)
	}
	wins := map[string]int{}
	draws := 0
	for _, r := range j.records {
		if r.Termination != record.Normal {
			t.Errorf("game %d: termination %s (%s)", r.Game, r.Termination, r.Reason)
		}
		if err := record.Replay(r); err != nil {
			t.Errorf("game %d: replay: %v", r.Game, err)
		}
		switch r.Result() {
		case "1-0":
			wins[r.Seats[0]]++
		case "0-1":
			wins[r.Seats[1]]++
		default:
			draws++
		}
	}
	for _, st := range sum.Standings {
		other := "a"
		if st.Engine == "a" {
			other = "b"
		}
		if st.Games != 8 || st.W != wins[st.Engine] || st.L != wins[other] || st.D != draws || st.Points != float64(st.W)+float64(st.D)/2 {
			t.Errorf("standing %+v; the records say %d wins, %d losses, %d draws", st, wins[st.Engine], wins[other], draws)
		}
	}
	if len(sum.Pairs) != 1 || sum.Pairs[0].Penta.Pairs() != 4 {
		t.Errorf("pairs: %+v", sum.Pairs)
	}
	if got := gamesOf(t, filepath.Join(cfg.Out, RecordsFile)); len(got) != 8 {
		t.Errorf("the records file has %d games", len(got))
	}
}

// TestEvents checks the events file: one match_start, a game_start and a
// game_end per game with moves between, and one match_end last.
func TestEvents(t *testing.T) {
	cfg := testConfig(t, "tictactoe", 4, meeple("a", 1), meeple("b", 1))
	cfg.Events = filepath.Join(t.TempDir(), "events.jsonl")
	cfg.Limits.TC, _ = ParseTC("30+1")
	run(t, cfg)
	f, err := os.Open(cfg.Events)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var evs []Event
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var e Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		if _, err := time.Parse(time.RFC3339Nano, e.Time); err != nil {
			t.Errorf("event time %q: %v", e.Time, err)
		}
		evs = append(evs, e)
	}
	count := map[string]int{}
	moves := map[int]int{}
	for _, e := range evs {
		count[e.Type]++
		if e.Type == "move" {
			if e.Game == nil || e.Seat == nil || e.Move == "" || e.Engine == "" || len(e.Clocks) != 2 {
				t.Errorf("move event %+v", e)
			} else {
				moves[*e.Game]++
			}
		}
	}
	if evs[0].Type != "match_start" || evs[len(evs)-1].Type != "match_end" || count["game_start"] != 4 || count["game_end"] != 4 {
		t.Errorf("events: %v, first %s, last %s", count, evs[0].Type, evs[len(evs)-1].Type)
	}
	last := evs[len(evs)-1]
	if len(last.Standings) != 2 || last.Done != 4 || last.Total != 4 {
		t.Errorf("match_end: %+v", last)
	}
	for _, r := range journalOf(t, cfg).records {
		if moves[r.Game] != len(r.Plies) {
			t.Errorf("game %d: %d move events for %d plies", r.Game, moves[r.Game], len(r.Plies))
		}
	}
}

// TestProgress: plain lines when stdout is not a terminal, one redrawn
// line when it is.
func TestProgress(t *testing.T) {
	for _, tty := range []bool{false, true} {
		var out bytes.Buffer
		cfg := testConfig(t, "tictactoe", 4, meeple("a", 1), meeple("b", 1))
		cfg.Stdout, cfg.Terminal = &out, &tty
		run(t, cfg)
		s := out.String()
		if !strings.Contains(s, "4/4 games, a vs b") || !strings.Contains(s, "rank") {
			t.Errorf("tty %v: no progress or standings:\n%s", tty, s)
		}
		if strings.Contains(s, "\r") != tty {
			t.Errorf("tty %v: carriage returns %v:\n%q", tty, strings.Contains(s, "\r"), s)
		}
	}
	if isTerminal(&bytes.Buffer{}) {
		t.Error("a buffer is a terminal")
	}
}

// TestConfigErrors: a bad match is refused before any engine starts.
func TestConfigErrors(t *testing.T) {
	e := meeple("a", 1)
	for _, tc := range []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"no engines", func(c *Config) { c.Engines = nil }, "no engines"},
		{"no games", func(c *Config) { c.Games = 0 }, "games"},
		{"same names", func(c *Config) { c.Engines = []EngineConfig{e, e} }, "named"},
		{"variant", func(c *Config) { c.Variant = "tictactoc" }, "did you mean"},
		{"sprt with three", func(c *Config) {
			c.Engines = append(c.Engines, meeple("c", 1))
			c.SPRT = "elo0=0,elo1=5,alpha=0.05,beta=0.05"
		}, "two engines"},
		{"sprt syntax", func(c *Config) { c.SPRT = "elo0=0" }, "sprt"},
		{"openings file", func(c *Config) { c.Openings = "/no/such/file" }, "openings"},
		{"openings order", func(c *Config) { c.OpeningsOrder = "shuffled" }, "order"},
		{"random plies end the game", func(c *Config) { c.RandomPlies = 9 }, "random plies"},
	} {
		cfg := testConfig(t, "tictactoe", 2, meeple("a", 1), meeple("b", 1))
		tc.change(&cfg)
		if _, err := Run(t.Context(), cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	file := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(file, []byte("startpos moves b2\nstartpos moves b2 b2\n"), 0o644)
	cfg := testConfig(t, "tictactoe", 2, meeple("a", 1), meeple("b", 1))
	cfg.Openings = file
	if _, err := Run(t.Context(), cfg); err == nil || !strings.Contains(err.Error(), "bad.txt:2") {
		t.Errorf("an illegal opening: %v, want the file and line", err)
	}
}

// BenchmarkMatch measures the referee's own overhead: tic-tac-toe between
// two real engines at depth 1, two games at once.
func BenchmarkMatch(b *testing.B) {
	games := 0
	start := time.Now()
	for b.Loop() {
		cfg := Config{Variant: "tictactoe", Games: 100, Concurrency: 2, Engines: []EngineConfig{meeple("a", 1), meeple("b", 1)},
			Out: filepath.Join(b.TempDir(), "out")}
		sum, err := Run(b.Context(), cfg)
		if err != nil || sum.Games != 100 {
			b.Fatalf("%v, %d games", err, sum.Games)
		}
		games += sum.Games
	}
	b.ReportMetric(float64(games)/time.Since(start).Seconds(), "games/s")
}

func TestOpeningOrder(t *testing.T) {
	g := mustVariant(t, "tictactoe").Game
	var list []Opening
	for _, m := range []string{"a1", "b1", "c1", "a2", "b2"} {
		list = append(list, Opening{Moves: []string{m}})
	}
	picks := func(order string, seed uint64) string {
		b, err := newOpeningBook(g, list, order, 0, seed)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for r := range 10 {
			o, err := b.opening(r)
			if err != nil {
				t.Fatal(err)
			}
			s = append(s, o.Moves[0])
		}
		return strings.Join(s, " ")
	}
	if got := picks("sequential", 1); got != "a1 b1 c1 a2 b2 a1 b1 c1 a2 b2" {
		t.Errorf("sequential: %s", got)
	}
	r1, r2 := picks("random", 1), picks("random", 1)
	if r1 != r2 {
		t.Errorf("random order is not deterministic: %s / %s", r1, r2)
	}
	first := strings.Fields(r1)[:5]
	seen := map[string]bool{}
	for _, m := range first {
		seen[m] = true
	}
	if len(seen) != 5 || strings.Join(first, " ") != strings.Join(strings.Fields(r1)[5:], " ") {
		t.Errorf("random order %s: want a permutation, repeated", r1)
	}
	if picks("random", 2) == r1 && picks("random", 3) == r1 {
		t.Errorf("random order ignores the seed")
	}
}

func mustVariant(t *testing.T, spec string) *games.Variant {
	t.Helper()
	v, err := games.LoadVariant(spec)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestTournament: a round-robin of three engines, a gauntlet, and one
// engine alone (summarised by its returns).
func TestTournament(t *testing.T) {
	cfg := testConfig(t, "tictactoe", 2, meeple("a", 1), meeple("b", 2), fake("c"))
	sum := run(t, cfg)
	if sum.Games != 6 || len(sum.Standings) != 3 || len(sum.Pairs) != 3 {
		t.Fatalf("round-robin: %d games, %d standings, %d encounters", sum.Games, len(sum.Standings), len(sum.Pairs))
	}
	for _, st := range sum.Standings {
		if st.Games != 4 {
			t.Errorf("round-robin: %s played %d games, want 4", st.Engine, st.Games)
		}
	}
	cfg = testConfig(t, "tictactoe", 2, meeple("a", 1), meeple("b", 2), fake("c"))
	cfg.Gauntlet = true
	sum = run(t, cfg)
	if sum.Games != 4 || sum.Standings[0].Games+sum.Standings[1].Games+sum.Standings[2].Games != 8 {
		t.Errorf("gauntlet: %d games, standings %+v", sum.Games, sum.Standings)
	}
	cfg = testConfig(t, "tictactoe", 3, meeple("solo", 1))
	sum = run(t, cfg)
	if len(sum.Scores) != 1 || sum.Scores[0].Games != 3 || sum.Scores[0].Engines != "solo" || len(sum.Standings) != 0 {
		t.Errorf("one engine alone: %+v", sum)
	}
}

// TestUnterminated: a game saved in progress is valid but unfinished:
// result *, read back from text, counted apart by replay, never in the
// standings.
func TestUnterminated(t *testing.T) {
	r := &record.Record{Variant: "tictactoe", Rules: "tictactoe", Seats: []string{"a", "b"}, Start: record.StartPos,
		Termination: record.Unterminated, Reason: "saved in progress", Returns: []float64{0, 0},
		Plies: []record.Ply{{Move: "a1", Seat: 1}, {Move: "a2", Seat: 2}}}
	var b bytes.Buffer
	r.WriteText(&b)
	for _, want := range []string{`[Result "*"]`, `[Termination "unterminated"]`, "} *\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the text lacks %q:\n%s", want, b.String())
		}
	}
	back, err := record.ReadRecords(&b)
	if err != nil || len(back) != 1 {
		t.Fatalf("ReadRecords: %v", err)
	}
	var out bytes.Buffer
	sum := record.ReplayAll(&out, back)
	if sum.Invalid != 0 || sum.Unfinished != 1 || !strings.Contains(out.String(), "1 of the valid unfinished") {
		t.Errorf("ReplayAll: %+v\n%s", sum, out.String())
	}
	for name, change := range map[string]func(*record.Record){
		"finished": func(r *record.Record) {
			r.Plies = append(r.Plies, record.Ply{Move: "b1"}, record.Ply{Move: "b2"}, record.Ply{Move: "c1"})
		},
		"returns":   func(r *record.Record) { r.Returns = []float64{1, -1} },
		"has loser": func(r *record.Record) { r.Loser = 2 },
	} {
		bad := *r
		bad.Plies = slices.Clone(r.Plies)
		change(&bad)
		if err := record.Replay(&bad); err == nil {
			t.Errorf("%s: Replay accepts it", name)
		}
	}
	id := Identity{Engines: []EngineIdentity{{Name: "a"}, {Name: "b"}}}
	fin := &record.Record{Seats: []string{"a", "b"}, Returns: []float64{1, -1}, Termination: record.Normal}
	s := summarize(id, games.Type{Players: 2, Utility: games.ZeroSum, MinReturn: -1, MaxReturn: 1}, []*record.Record{r, fin}, nil)
	if s.Games != 1 {
		t.Errorf("standings count %d games, want 1 (the unterminated one left out)", s.Games)
	}
}

func TestPenaltySummary(t *testing.T) {
	typ := games.Type{Players: 2, Utility: games.Identical, MinReturn: -98, MaxReturn: 0, Penalty: "cards left", Excellent: 10}
	tl := newTally(Identity{Engines: []EngineIdentity{{Name: "a"}, {Name: "b"}}}, typ, nil)
	for i, x := range []float64{0, -5, -9, -10, -30} {
		tl.add(&record.Record{Game: i, Seats: []string{"a", "b"}, Returns: []float64{x, x}, Termination: record.Normal})
	}
	sum := tl.summary()
	if len(sum.Scores) != 1 {
		t.Fatalf("scores %+v", sum.Scores)
	}
	got := sum.Scores[0]
	if got.Penalty != "cards left" || got.PMean != 10.8 || got.Wins != 1 || got.Excellents != 3 {
		t.Errorf("penalty summary %+v: want mean 10.8 cards left, 1 won, 3 excellent", got)
	}
	var b strings.Builder
	sum.Write(&b)
	if !strings.Contains(b.String(), "mean cards left 10.800") || !strings.Contains(b.String(), "excellent (fewer than 10 left) 3 (60.0%") {
		t.Errorf("summary text:\n%s", b.String())
	}
}

// TestTeamRecord: a cooperative game's record carries the team's result and
// the cards left, reads back, replays, and records written before team
// results existed still replay.
func TestTeamRecord(t *testing.T) {
	v, err := games.LoadVariant("thegame")
	if err != nil {
		t.Fatal(err)
	}
	r := &record.Record{Variant: "thegame", Rules: "thegame", Seats: []string{"a"}, Termination: record.Normal,
		Start:   "90/91/10/11 50,51,52,53,54,55,56,92 86 play 1 0",
		Reason:  "player 1 cannot play the minimum, 94 cards left",
		Returns: []float64{-94}}
	r.SetTeam(v.Game.Type())
	if r.Team != "loss" || r.Penalty != "cards left" || r.Result() != "loss" {
		t.Fatalf("SetTeam: team %q penalty %q result %q", r.Team, r.Penalty, r.Result())
	}
	if err := record.Replay(r); err != nil {
		t.Fatalf("Replay: %v", err)
	}
	var b bytes.Buffer
	r.WriteText(&b)
	text := b.String()
	for _, want := range []string{`[Result "loss"]`, `[CardsLeft "94"]`, "\nloss\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
	back, err := record.ReadRecords(strings.NewReader(text))
	if err != nil || len(back) != 1 {
		t.Fatalf("ReadRecords: %d, %v", len(back), err)
	}
	if err := record.Replay(back[0]); err != nil {
		t.Fatalf("Replay of the text: %v", err)
	}
	if !reflect.DeepEqual(back[0], r) {
		t.Errorf("read back:\n got %+v\nwant %+v", back[0], r)
	}

	// Before team results: the result token of the returns, no CardsLeft.
	old := strings.NewReplacer(`[Result "loss"]`, `[Result "-94"]`, "[CardsLeft \"94\"]\n", "", "\nloss\n", "\n-94\n").Replace(text)
	rs, err := record.ReadRecords(strings.NewReader(old))
	if err != nil || len(rs) != 1 {
		t.Fatalf("an old record: %d, %v\n%s", len(rs), err, old)
	}
	if err := record.Replay(rs[0]); err != nil || rs[0].Result() != "-94" {
		t.Errorf("an old record: Replay %v, result %q", err, rs[0].Result())
	}

	for _, tc := range []struct {
		name, text, want string
	}{
		{"a win with cards left", strings.ReplaceAll(strings.ReplaceAll(text, `"loss"`, `"win"`), "\nloss\n", "\nwin\n"), "give loss"},
		{"a team result in a two-player game", "[Rules \"tictactoe\"]\n[Seat1 \"a\"]\n[Seat2 \"b\"]\n[Start \"startpos\"]\n" +
			"[Result \"win\"]\n[Returns \"0 0\"]\n[Termination \"max-plies\"]\n\nwin\n", "not cooperative"},
	} {
		rs, err := record.ReadRecords(strings.NewReader(tc.text))
		if err != nil || len(rs) != 1 {
			t.Fatalf("%s: ReadRecords %d, %v", tc.name, len(rs), err)
		}
		if err := record.Replay(rs[0]); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Replay = %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestCutTeamGame: a cooperative game stopped by --max-plies is the team's
// loss at the lowest return (its 0 would be The Game's best score, a win);
// a record written when it was 0 still replays.
func TestCutTeamGame(t *testing.T) {
	const rules = "thegame(players=2,high=30,up=1,down=1,hand=3)"
	v, err := games.LoadVariant(rules)
	if err != nil {
		t.Fatal(err)
	}
	typ := v.Game.Type()
	r := &record.Record{Variant: "thegame", Rules: rules, Seats: []string{"a", "b"}, Termination: record.MaxPlies,
		Start: "-/- 5,20,30/?3 23 play 1 0", Reason: "0 plies played (--max-plies)", Returns: record.CutReturns(typ)}
	r.SetTeam(typ)
	if r.Result() != "loss" || r.Returns[0] != typ.MinReturn {
		t.Errorf("result %q, returns %v; want a loss at %v", r.Result(), r.Returns, typ.MinReturn)
	}
	if err := record.Replay(r); err != nil {
		t.Errorf("Replay: %v", err)
	}
	r.Returns = make([]float64, typ.Players) // a draw's
	r.SetTeam(typ)
	if err := record.Replay(r); err != nil {
		t.Errorf("Replay of a record with 0 returns: %v", err)
	}
}
