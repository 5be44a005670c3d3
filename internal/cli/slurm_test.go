package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/internal/referee"
)

// TestSlurm runs a match on a real Slurm cluster, end to end: meeple match
// --submit slurm submits a job array of 4 shards, one running task is
// requeued (scontrol requeue) once it has journaled a game, and when the
// array is done meeple merge must give the standings, pentanomial pairs
// and records of one unsharded run with the same seed, every game once.
//
// It needs a cluster whose jobs can reach this machine's /tmp (the one of
// scripts/slurm-local.sh up, with SLURM_CONF exported), so it runs only
// when MEEPLE_SLURM is set: .ci/run sets it after the README's test
// command, once the script has brought the cluster up. With MEEPLE_SLURM
// set and no cluster answering, it skips, or fails if MEEPLE_REQUIRE_PEERS
// is set too.
func TestSlurm(t *testing.T) {
	if os.Getenv("MEEPLE_SLURM") == "" {
		t.Skip("needs a Slurm cluster: scripts/slurm-local.sh up, export the SLURM_CONF it prints, and set MEEPLE_SLURM=1")
	}
	missing := func(format string, args ...any) {
		t.Helper()
		if os.Getenv("MEEPLE_REQUIRE_PEERS") != "" {
			t.Fatalf("MEEPLE_REQUIRE_PEERS is set and "+format, args...)
		}
		t.Skipf(format, args...)
	}
	for _, c := range []string{"sbatch", "squeue", "scontrol", "sinfo", "go"} {
		if _, err := exec.LookPath(c); err != nil {
			missing("%s is not in PATH (apt-get install slurm-wlm munge)", c)
		}
	}
	if out, err := runCmd(t, "sinfo", "-h", "-o", "%P %a %D %T"); err != nil {
		missing("no Slurm cluster answers (scripts/slurm-local.sh up): %v", err)
	} else {
		t.Logf("sinfo: %s", out)
	}

	dir := t.TempDir()
	bin := filepath.Join(dir, "meeple")
	if out, err := runCmd(t, "go", "build", "-o", bin, "github.com/meeple-games/meeple/cmd/meeple"); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const games, shards = 32, 4
	match := []string{"match", "--variant", "othello", "--games", fmt.Sprint(games), "--seed", "7", "--random-plies", "6",
		"--engine", "name=a cmd=@self depth=3 option.Hash=1", "--engine", "name=b cmd=@self depth=2 option.Hash=1"}
	matchDir := filepath.Join(dir, "match")
	out, err := runCmd(t, bin, append(match, "--out", matchDir, "--submit", "slurm", "--shards", fmt.Sprint(shards),
		"--sbatch-arg=--job-name=meeple-test")...)
	if err != nil {
		t.Fatalf("submit: %v\n%s", err, out)
	}
	t.Logf("meeple match --submit slurm:\n%s", out)
	m := regexp.MustCompile(`submitted batch job (\d+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no job id in %q", out)
	}
	job := m[1]
	start := time.Now()
	t.Cleanup(func() { runCmd(t, "scancel", job) }) // a failed test leaves no task behind

	// The reference, one unsharded run, plays while the array does.
	whole := exec.Command(bin, append(match, "--out", filepath.Join(dir, "whole"))...)
	var wholeOut bytes.Buffer
	whole.Stdout, whole.Stderr = &wholeOut, &wholeOut
	if err := whole.Start(); err != nil {
		t.Fatal(err)
	}
	defer whole.Process.Kill()

	// Requeue the first task that has journaled a game but not all: it is
	// running. Only files are read here, so the requeue follows at once.
	requeued, before := "", 0
	for end := time.Now().Add(time.Minute); requeued == "" && time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		for i := 1; i <= shards; i++ {
			if n := len(journalLines(t, filepath.Join(matchDir, fmt.Sprint("shard-", i)))); n >= 1 && n < games/shards {
				task := fmt.Sprint(i)
				if out, err := runCmd(t, "scontrol", "requeue", job+"_"+task); err != nil {
					t.Fatalf("scontrol requeue %s_%s: %v\n%s", job, task, err, out)
				}
				t.Logf("%.1fs: scontrol requeue %s_%s: its journal held %d of %d games", time.Since(start).Seconds(), job, task, n, games/shards)
				requeued, before = task, n
				break
			}
		}
	}
	if requeued == "" {
		t.Fatalf("no task of job %s was seen with part of its games journaled", job)
	}

	for end := time.Now().Add(100 * time.Second); ; time.Sleep(500 * time.Millisecond) {
		left, err := runCmd(t, "squeue", "-h", "-j", job, "-o", "%i %T %r")
		if err == nil && left == "" {
			t.Logf("%.1fs: job %s is done", time.Since(start).Seconds(), job)
			break
		}
		if time.Now().After(end) {
			t.Fatalf("job %s is not done after 100 s: %s %v", job, left, err)
		}
	}
	// Every task completed, the requeued one after a restart. scontrol
	// keeps finished jobs for MinJobAge; sacct needs accounting (slurmdbd),
	// which the script's cluster does not have: it is shown as it is.
	show, err := runCmd(t, "scontrol", "-o", "show", "job", job)
	if err != nil {
		t.Fatalf("scontrol show job %s: %v", job, err)
	}
	field := regexp.MustCompile(`\b(ArrayTaskId|JobState|Restarts|ExitCode)=(\S+)`)
	tasks := 0
	for _, line := range strings.Split(show, "\n") {
		f := map[string]string{}
		for _, kv := range field.FindAllStringSubmatch(line, -1) {
			f[kv[1]] = kv[2]
		}
		t.Logf("scontrol show job: %s_%s JobState=%s Restarts=%s ExitCode=%s", job, f["ArrayTaskId"], f["JobState"], f["Restarts"], f["ExitCode"])
		tasks++
		want := "0"
		if f["ArrayTaskId"] == requeued {
			want = "1"
		}
		if f["JobState"] != "COMPLETED" || f["Restarts"] != want {
			t.Errorf("task %s_%s: JobState=%s Restarts=%s; want COMPLETED and %s", job, f["ArrayTaskId"], f["JobState"], f["Restarts"], want)
		}
	}
	if tasks != shards {
		t.Errorf("scontrol shows %d tasks of job %s, want %d", tasks, job, shards)
	}
	if acct, err := runCmd(t, "sacct", "-j", job, "-D", "-X", "-n", "-P", "-o", "JobID,State,ExitCode"); err != nil || acct == "" {
		t.Logf("sacct -j %s: %v %s", job, err, acct)
	} else {
		t.Logf("sacct -j %s -D:\n%s", job, acct)
		if !strings.Contains(acct, job+"_"+requeued+"|REQUEUED") {
			t.Errorf("sacct does not show task %s requeued", requeued)
		}
	}

	// Without accounting, the job completion log (jobcomp/filetxt, as the
	// script's cluster has it) shows the requeue: a line for the run it
	// stopped (JobState=PENDING), then one for the run that completed.
	if loc := jobCompLog(t); loc != "" {
		data, _ := os.ReadFile(loc)
		for _, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, " ArrayJobId="+job+" ") {
				t.Logf("%s: %s", filepath.Base(loc), regexp.MustCompile(` (UserId|GroupId|Partition|TimeLimit|NodeList|NodeCnt|ProcCnt|WorkDir|ReservationName|Tres|Account|QOS|WcKey|Cluster|SubmitTime|EligibleTime|DerivedExitCode)=\S*`).ReplaceAllString(line, ""))
			}
		}
	}

	// The requeued task ran twice, the second run resuming its journal;
	// no journal holds a game twice.
	log, err := os.ReadFile(filepath.Join(matchDir, fmt.Sprintf("slurm-%s_%s.out", job, requeued)))
	if err != nil {
		t.Fatal(err)
	}
	runs := strings.Count(string(log), fmt.Sprintf("shard %s/%d of the match", requeued, shards))
	resumed := regexp.MustCompile(`resuming: (\d+) of (\d+) games are in the journal`).FindStringSubmatch(string(log))
	if runs != 2 || resumed == nil || resumed[1] == resumed[2] {
		t.Errorf("the requeued task's log shows %d runs, want 2, the second resuming a part of the shard:\n%s", runs, log)
	} else {
		t.Logf("task %s_%s ran twice: the requeue stopped it with %s of %s games journaled (%d when requeued), the rerun resumed from there",
			job, requeued, resumed[1], resumed[2], before)
	}
	var sources []string
	for i := 1; i <= shards; i++ {
		src := filepath.Join(matchDir, fmt.Sprint("shard-", i))
		seen := map[int]bool{}
		for _, g := range journalLines(t, src) {
			if seen[g] {
				t.Errorf("%s: game %d is journaled twice", src, g)
			}
			seen[g] = true
		}
		if len(seen) != games/shards {
			t.Errorf("%s: %d games, want %d", src, len(seen), games/shards)
		}
		sources = append(sources, src)
	}

	merged := filepath.Join(dir, "merged")
	mergeOut, err := runCmd(t, bin, append([]string{"merge", "--out", merged}, sources...)...)
	if err != nil {
		t.Fatalf("merge: %v\n%s", err, mergeOut)
	}
	if err := whole.Wait(); err != nil {
		t.Fatalf("the unsharded run: %v\n%s", err, wholeOut.String())
	}
	// The standings block (standings, pentanomial pairs, terminations) of
	// the merge and of the unsharded run, which first prints progress.
	head := fmt.Sprintf("othello: %d games of %d\n", games, games)
	one := strings.TrimSpace(wholeOut.String())
	if i := strings.Index(one, head); i >= 0 {
		one = one[i:]
	}
	if !strings.HasPrefix(mergeOut, head) || mergeOut != one {
		t.Errorf("the standings differ:\nmerged:\n%s\none run:\n%s", mergeOut, one)
	} else {
		t.Logf("merged standings equal one unsharded run's:\n%s", mergeOut)
	}
	a, b := recordsOf(t, merged), recordsOf(t, filepath.Join(dir, "whole"))
	if len(a) != games || !reflect.DeepEqual(a, b) {
		t.Errorf("the records differ: merged %d games, one run %d\nmerged %v\none run %v", len(a), len(b), a, b)
	} else {
		t.Logf("merged records equal one unsharded run's: %d games, same moves, returns and terminations", len(a))
	}
}

// runCmd runs a program with a deadline and returns its trimmed output.
func runCmd(t *testing.T, name string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, name, args...).CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// jobCompLog is the cluster's job completion log file, or "" if it keeps
// none (JobCompType is not jobcomp/filetxt).
func jobCompLog(t *testing.T) string {
	t.Helper()
	conf, err := runCmd(t, "scontrol", "show", "config")
	if err != nil || !regexp.MustCompile(`(?m)^JobCompType\s*=\s*jobcomp/filetxt$`).MatchString(conf) {
		return ""
	}
	if m := regexp.MustCompile(`(?m)^JobCompLoc\s*=\s*(\S+)$`).FindStringSubmatch(conf); m != nil {
		return m[1]
	}
	return ""
}

// journalLines lists the game numbers of a journal's lines, in order, as
// written (not deduplicated as the referee reads them).
func journalLines(t *testing.T, dir string) []int {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, referee.JournalFile))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var games []int
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for first := true; sc.Scan(); first = false {
		var r struct{ Game *int }
		if first || json.Unmarshal(sc.Bytes(), &r) != nil || r.Game == nil {
			continue // the header, or a line being written
		}
		games = append(games, *r.Game)
	}
	return games
}

// recordsOf reads a match's journal and keeps what does not depend on
// timing: each game's number, pair, seats, start, moves, returns and end.
func recordsOf(t *testing.T, dir string) []string {
	t.Helper()
	rs, err := referee.ReadFile(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range rs {
		var moves []string
		for _, p := range r.Plies {
			moves = append(moves, p.Move)
		}
		out = append(out, fmt.Sprintf("%d %d %v %s %s %v %s %s", r.Game, r.Pair, r.Seats, r.Start, strings.Join(moves, " "), r.Returns, r.Termination, r.Reason))
	}
	return out
}
