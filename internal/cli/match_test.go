package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The referee's own tests (internal/referee) play real and fake engines;
// these check the command lines: flags, errors and exit codes.

func TestMatchFlags(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"match", "--engine", "cmd=x nmae=a"}, 1, `did you mean "name"`},
		{[]string{"match", "--engine", "cmd=x", "--tc", "40/"}, 1, "time control"},
		{[]string{"match", "--engine", "cmd=x", "--movetime", "soon"}, 1, "movetime"},
		{[]string{"match", "--engine", "cmd=x", "--resign", "moves=3"}, 1, "score"},
		{[]string{"match", "--engine", "cmd=x", "--draw", "moves=x,score=1"}, 1, "moves"},
		{[]string{"match", "--engine", "cmd=x", "--shard", "3/2"}, 1, "shard"},
		{[]string{"match", "--engine", "cmd=x", "--concurrency", "0", "--out", dir}, 1, "concurrency"},
		{[]string{"match", "--out", dir}, 1, "no engines"},
		{[]string{"match", "--engine", "cmd=x", "extra"}, 2, "wrong number"},
		{[]string{"merge", "a"}, 2, "Usage"},
		{[]string{"replay"}, 2, "wrong number"},
	} {
		code, _, errOut := run(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: code %d, stderr %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}

// TestMatchCannotStart: an engine whose program cannot be started at all
// is an error before the first game (status 1, nothing written), naming
// the program or the directory at fault.
func TestMatchCannotStart(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.txt") // a file, not executable
	if err := os.WriteFile(plain, []byte("not a program\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	self := "cmd=" + os.Args[0] + " env=MEEPLE_CLI_HELPER=1 arg=engine"
	for _, tc := range []struct {
		name, spec string
		want       []string // in stderr
		not        string   // not in stderr
	}{
		{"no such file", "cmd=" + filepath.Join(dir, "no-such-engine"), []string{"engine b cannot be started", "no-such-engine: no such file"}, ""},
		{"not in PATH", "cmd=no-such-engine-in-path", []string{"no-such-engine-in-path: not found in PATH"}, ""},
		{"not executable", "cmd=" + plain, []string{"plain.txt: not executable"}, ""},
		{"a directory", "cmd=" + dir, []string{"is a directory"}, ""},
		{"no such dir", self + " dir=" + filepath.Join(dir, "no-such-dir"), []string{"dir " + filepath.Join(dir, "no-such-dir") + ": no such directory"}, os.Args[0]},
		{"dir is a file", self + " dir=" + plain, []string{"plain.txt: not a directory"}, os.Args[0]},
		{"relative to dir", "cmd=./no-such-engine dir=" + dir, []string{filepath.Join(dir, "no-such-engine") + ": no such file"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			code, stdout, errOut := run(t, "", "match", "--games", "2", "--out", out,
				"--engine", "name=a "+self, "--engine", "name=b "+tc.spec)
			if code != 1 || stdout != "" {
				t.Errorf("code %d, stdout %q; want 1 and nothing", code, stdout)
			}
			for _, w := range tc.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q lacks %q", errOut, w)
				}
			}
			if tc.not != "" && strings.Contains(errOut, tc.not) {
				t.Errorf("stderr %q names %q", errOut, tc.not)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("the output directory was made (%v)", err)
			}
		})
	}
}

// TestMatchStartupForfeits runs a whole match whose engines start but fail
// their handshake (the program exits at once): every game ends with
// startup, the match itself succeeds, and the journal replays and merges.
func TestMatchStartupForfeits(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	failing := "cmd=" + os.Args[0] + " env=MEEPLE_CLI_HELPER=1 arg=no-such-command"
	code, stdout, errOut := run(t, "", "match", "--variant", "tictactoe", "--games", "4", "--out", out,
		"--engine", "name=a "+failing, "--engine", "name=b "+failing)
	if code != 0 || !strings.Contains(stdout, "startup 4") {
		t.Fatalf("code %d\nstdout %s\nstderr %s", code, stdout, errOut)
	}
	// Each forfeit is reported on stderr with its reason.
	if !strings.Contains(errOut, "game 0: seat 1 (a): startup:") || !strings.Contains(errOut, "game 3: seat 1 (b): startup:") {
		t.Errorf("stderr does not report the failed starts:\n%s", errOut)
	}
	// A directory whose match finished takes no other match.
	code, _, errOut = run(t, "", "match", "--variant", "tictactoe", "--games", "2", "--out", out,
		"--engine", "name=a cmd=@self", "--engine", "name=b cmd=@self")
	if code == 0 || !strings.Contains(errOut, "belongs to a different match") {
		t.Errorf("a second match in a finished directory: code %d, stderr %q; want the journal refused", code, errOut)
	}
	code, stdout, _ = run(t, "", "replay", out)
	if code != 0 || !strings.Contains(stdout, "4 games, 4 valid") {
		t.Errorf("replay: code %d\n%s", code, stdout)
	}
	code, stdout, _ = run(t, "", "merge", "--out", filepath.Join(dir, "merged"), out)
	if code != 0 || !strings.Contains(stdout, "4 games of 4") {
		t.Errorf("merge: code %d\n%s", code, stdout)
	}
}

func TestReplayCommand(t *testing.T) {
	const game = `[Variant "tictactoe"]
[Rules "kinarow(connect=3,dims=2,exact=false,gravity=0,size=3)"]
[Game "0"]
[Seed "1"]
[Seat1 "a"]
[Seat2 "b"]
[Start "startpos"]
[Result "1-0"]
[Returns "1 -1"]
[Termination "normal"]
[Reason "x made 3 in a row"]

a1 {book} a2 {0.010s} b1 {0.010s} b2 {0.010s +0.50/3} c1 {0.010s} 1-0

`
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(good, []byte(game), 0o644)
	os.WriteFile(bad, []byte(game+strings.Replace(game, "c1 {0.010s}", "b1 {0.010s}", 1)), 0o644)
	if code, out, _ := run(t, "", "replay", good); code != 0 || !strings.Contains(out, "1 games, 1 valid, 0 invalid") {
		t.Errorf("a good record: code %d\n%s", code, out)
	}
	code, out, errOut := run(t, "", "replay", bad)
	if code != 1 || !strings.Contains(out, "INVALID") || !strings.Contains(errOut, "1 invalid") {
		t.Errorf("a bad record: code %d\n%s\n%s", code, out, errOut)
	}
}

// TestMatchShardEnv: --shard env/n reads a Kubernetes Indexed Job's
// index, says which shard it plays, and rejects a bad one.
func TestMatchShardEnv(t *testing.T) {
	t.Setenv("SLURM_ARRAY_TASK_ID", "")
	t.Setenv("JOB_COMPLETION_INDEX", "2")
	code, _, errOut := run(t, "", "match", "--engine", "cmd=x", "--shard", "env/2")
	if code != 1 || !strings.Contains(errOut, "JOB_COMPLETION_INDEX=2: the index (from 0) must be below the count 2") {
		t.Errorf("index 2 of 2: code %d, stderr %q", code, errOut)
	}
	t.Setenv("JOB_COMPLETION_INDEX", "1")
	self := "cmd=" + os.Args[0] + " env=MEEPLE_CLI_HELPER=1 arg=engine"
	code, stdout, errOut := run(t, "", "match", "--variant", "tictactoe", "--games", "4", "--shard", "env/2", "--depth", "1",
		"--out", filepath.Join(t.TempDir(), "out"), "--engine", "name=a "+self, "--engine", "name=b "+self)
	if code != 0 || !strings.Contains(stdout, "shard 2/2 of the match (--shard env/2)") || !strings.Contains(stdout, "2 games of 2") {
		t.Errorf("index 1 of 2: code %d\nstdout %s\nstderr %s", code, stdout, errOut)
	}
}

// TestMatchGTP: meeple match plays meeple engine --protocol gtp through its
// GTP client, against itself (Othello, with its passes, and gomoku) and
// against gtp-rhino (skipped when it is not installed, unless
// MEEPLE_REQUIRE_PEERS is set); every game ends normally.
func TestMatchGTP(t *testing.T) {
	if testing.Short() {
		t.Skip("whole matches over GTP run without -short (the race run covers the GTP client in protocol)")
	}
	self := func(name string) string {
		return "name=" + name + " cmd=" + os.Args[0] + ` env=MEEPLE_CLI_HELPER=1 arg=engine arg=--protocol arg=gtp arg="--limits=nodes 300" proto=gtp`
	}
	rhino := "/usr/games/gtp-rhino"
	if _, err := os.Stat(rhino); err != nil {
		if os.Getenv("MEEPLE_REQUIRE_PEERS") != "" {
			t.Fatalf("MEEPLE_REQUIRE_PEERS is set and %s is not installed (apt-get install grhino)", rhino)
		}
		rhino = ""
	}
	for _, tc := range []struct{ name, variant, other string }{
		{"self othello", "othello", self("b")},
		{"self gomoku", "gomoku", self("b")},
		{"rhino othello", "othello", "name=rhino cmd=" + rhino + " arg=--level=1 proto=gtp"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if strings.Contains(tc.other, "cmd= ") {
				t.Skip("gtp-rhino is not installed (apt-get install grhino)")
			}
			out := filepath.Join(t.TempDir(), "out")
			code, stdout, errOut := run(t, "", "match", "--variant", tc.variant, "--games", "2", "--nodes", "300",
				"--out", out, "--engine", self("a"), "--engine", tc.other)
			if code != 0 || !strings.Contains(stdout, "terminations: normal 2\n") {
				t.Errorf("code %d; want 0 and 2 normal terminations in\n%s\nstderr: %s", code, stdout, errOut)
			}
		})
	}
}
