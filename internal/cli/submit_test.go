package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeSbatch puts an sbatch on PATH that runs the shell code body (its
// arguments in "$@"), and returns the directory it is in.
func fakeSbatch(t *testing.T, body string) string {
	t.Helper()
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "sbatch"), []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return bin
}

// TestSubmitSlurm: --submit slurm writes the job-array script into the
// match directory, hands it to sbatch with the --sbatch-arg flags from
// that directory, and prints the job id and what to do next. Run as the
// array's tasks would run it (sh, with Slurm's variables), the script
// plays the shards, whose merge is one run of the whole match.
func TestSubmitSlurm(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	bin := fakeSbatch(t, `pwd > "$(dirname "$0")/cwd"; printf '%s\n' "$@" > "$(dirname "$0")/args"; echo '42;meeple-local'`)
	dir := filepath.Join(t.TempDir(), "it's a dir") // quoted in the script
	match := filepath.Join(dir, "match")
	flags := []string{"--variant", "tictactoe", "--games", "4", "--seed", "3", "--random-plies", "2",
		"--engine", "name=a cmd=@self depth=2", "--engine", "name=b cmd=@self depth=1"}
	code, stdout, errOut := run(t, "", append([]string{"match", "--out", match, "--submit", "slurm", "--shards", "2",
		"--sbatch-arg=--partition=p", "--sbatch-arg", "--time=5"}, flags...)...)
	if code != 0 {
		t.Fatalf("code %d\nstdout %s\nstderr %s", code, stdout, errOut)
	}
	script := filepath.Join(match, SlurmScript)
	for _, want := range []string{"submitted batch job 42: 2 tasks, one shard each (" + script + ")", "squeue -j 42",
		filepath.Join(match, "slurm-42_*.out"), "merge --out " + filepath.Join(match, "merged") + " " + filepath.Join(match, "shard-*")} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	args, _ := os.ReadFile(filepath.Join(bin, "args"))
	if want := "--parsable\n--partition=p\n--time=5\n" + script + "\n"; string(args) != want {
		t.Errorf("sbatch's arguments:\n%s\nwant\n%s", args, want)
	}
	if cwd, _ := os.ReadFile(filepath.Join(bin, "cwd")); strings.TrimSpace(string(cwd)) != match {
		t.Errorf("sbatch ran in %q, want the match directory %q", cwd, match)
	}
	text, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"#SBATCH --array=1-2\n", "#SBATCH --requeue\n", "#SBATCH --open-mode=append\n", "'--shard=env/2'"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the script lacks %q:\n%s", want, text)
		}
	}

	// The tasks: this test binary is meeple with MEEPLE_CLI_HELPER set,
	// and so is cmd=@self, its engine, here and in the run of the whole.
	t.Setenv("MEEPLE_CLI_HELPER", "1")
	for task := 1; task <= 2; task++ {
		cmd := exec.Command("sh", script)
		cmd.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID="+string(rune('0'+task)),
			"SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=2", "SLURM_ARRAY_TASK_COUNT=2", "SLURM_ARRAY_TASK_STEP=1")
		if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "2 games of 2") {
			t.Fatalf("task %d: %v\n%s", task, err, out)
		}
	}
	code, merged, errOut := run(t, "", "merge", "--out", filepath.Join(match, "merged"), filepath.Join(match, "shard-1"), filepath.Join(match, "shard-2"))
	if code != 0 {
		t.Fatalf("merge: code %d\n%s", code, errOut)
	}
	_, whole, _ := run(t, "", append([]string{"match", "--out", filepath.Join(dir, "whole")}, flags...)...)
	if i := strings.Index(whole, "tictactoe: 4 games of 4"); i < 0 || whole[i:] != merged {
		t.Errorf("the merged shards:\n%s\none run:\n%s", merged, whole)
	}
}

// TestSubmitErrors: a submission that cannot work stops before sbatch, or
// says what sbatch said; nothing is submitted half.
func TestSubmitErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "m")
	engines := []string{"--engine", "name=a cmd=@self", "--engine", "name=b cmd=@self"}
	for _, tc := range []struct {
		name   string
		sbatch string // the fake sbatch's body; "" for none on PATH
		args   []string
		want   string
	}{
		{"shards alone", "exit 0", []string{"--shards", "4"}, "--shards and --sbatch-arg go with --submit slurm"},
		{"other system", "exit 0", []string{"--submit", "pbs", "--shards", "4"}, `--submit "pbs": the batch system meeple submits to is slurm`},
		{"no shards", "exit 0", []string{"--submit", "slurm"}, "give --shards N"},
		{"with --shard", "exit 0", []string{"--submit", "slurm", "--shards", "2", "--shard", "1/2"}, "--shard cannot go with it"},
		{"bad variant", "exit 0", []string{"--submit", "slurm", "--shards", "2", "--variant", "nosuch"}, "nosuch"},
		{"no sbatch", "", []string{"--submit", "slurm", "--shards", "2"}, "sbatch is not in PATH"},
		{"sbatch fails", "echo 'sbatch: error: invalid partition specified: p' >&2; exit 1", []string{"--submit", "slurm", "--shards", "2"},
			"exit status 1: sbatch: error: invalid partition specified: p"},
		{"sbatch babbles", "echo hello", []string{"--submit", "slurm", "--shards", "2"}, `printed "hello\n", not a job id`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.sbatch != "" {
				fakeSbatch(t, tc.sbatch)
			} else {
				t.Setenv("PATH", t.TempDir())
			}
			code, stdout, errOut := run(t, "", append(append([]string{"match", "--out", out}, engines...), tc.args...)...)
			if code != 1 || stdout != "" || !strings.Contains(errOut, tc.want) {
				t.Errorf("code %d, stdout %q, stderr %q; want 1, nothing and %q", code, stdout, errOut, tc.want)
			}
		})
	}
}
