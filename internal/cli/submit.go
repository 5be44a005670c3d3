package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/meeple-games/meeple/internal/referee"
)

// SlurmScript is the name of the job-array script that meeple match
// --submit slurm writes into the match directory.
const SlurmScript = "match.sbatch"

// sbatchTimeout bounds sbatch: it only talks to slurmctld.
const sbatchTimeout = time.Minute

// submitMatch hands the match cfg to a batch system instead of playing it:
// for Slurm, it writes a job array of shards tasks into the match
// directory (cfg.Out), each task playing its shard with --shard env into
// shard-<task>/, and submits it with sbatch, passing sbatchArgs before the
// script. The match is checked first (Check), so a mistake fails here and
// not in every task.
func submitMatch(ctx context.Context, env Env, fs *flag.FlagSet, cfg referee.Config, system string, shards int, sbatchArgs []string) error {
	switch {
	case system == "":
		return errors.New("--shards and --sbatch-arg go with --submit slurm")
	case system != "slurm":
		return fmt.Errorf("--submit %q: the batch system meeple submits to is slurm", system)
	case shards < 1:
		return errors.New("--submit slurm: give --shards N, the number of tasks (1 or more)")
	}
	var clash []string
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "shard" || f.Name == "serve" || f.Name == "events" {
			clash = append(clash, "--"+f.Name)
		}
	})
	if len(clash) > 0 {
		return fmt.Errorf("--submit: %s cannot go with it: each task plays the shard its array index gives, into its own directory", strings.Join(clash, ", "))
	}
	if err := referee.Check(cfg); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("--submit: this meeple's path: %v", err)
	}
	if goRunBuild(self) {
		return fmt.Errorf("--submit: this meeple is go run's temporary build (%s), gone before the tasks start: build it (go build -o meeple ./cmd/meeple) and submit with that", self)
	}
	sbatch, err := exec.LookPath("sbatch")
	if err != nil {
		return errors.New("--submit slurm: sbatch is not in PATH: submit where Slurm's client commands are installed (Debian: apt-get install slurm-client)")
	}
	dir, err := filepath.Abs(cfg.Out)
	if err != nil {
		return err
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	script := filepath.Join(dir, SlurmScript)
	if err := os.WriteFile(script, slurmScript(self, cwd, dir, taskFlags(fs), shards, cfg.Concurrency, sbatchArgs), 0o755); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, sbatchTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, sbatch, append(append([]string{"--parsable"}, sbatchArgs...), script)...)
	cmd.Dir = dir // the tasks' working directory, where their logs go
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			err = fmt.Errorf("%v: %s", err, msg)
		}
		return fmt.Errorf("sbatch %s: %v (the script is kept: run sbatch on it by hand once the cause is fixed)", script, err)
	}
	// --parsable prints "jobid" or "jobid;cluster".
	id, _, _ := strings.Cut(strings.TrimSpace(stdout.String()), ";")
	if _, err := strconv.ParseUint(id, 10, 64); err != nil {
		return fmt.Errorf("sbatch %s printed %q, not a job id", script, stdout.String())
	}
	fmt.Fprintf(env.Stdout, "submitted batch job %s: %d tasks, one shard each (%s)\n", id, shards, script)
	fmt.Fprintf(env.Stdout, "follow it: squeue -j %s (sacct -j %s where accounting is on); the tasks' output: %s\n",
		id, id, filepath.Join(dir, "slurm-"+id+"_*.out"))
	fmt.Fprintf(env.Stdout, "when every task is done: %s merge --out %s %s\n", self, filepath.Join(dir, "merged"), filepath.Join(dir, "shard-*"))
	return nil
}

// goRunBuild reports whether exe is a binary go run built, which it
// deletes when it exits: $TMPDIR/go-build.../exe/NAME.
func goRunBuild(exe string) bool {
	return strings.Contains(filepath.ToSlash(exe), "/go-build") && filepath.Base(filepath.Dir(exe)) == "exe"
}

// taskFlags lists the flags given to meeple match, as --name=value, that
// each task repeats: all but those of the submission and --out.
func taskFlags(fs *flag.FlagSet) []string {
	var args []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "submit", "shards", "sbatch-arg", "out":
			return
		}
		if many, ok := f.Value.(*setFlags); ok {
			for _, v := range *many {
				args = append(args, "--"+f.Name+"="+v)
			}
			return
		}
		args = append(args, "--"+f.Name+"="+f.Value.String())
	})
	return args
}

// slurmScript is the job array: task i of 1..shards runs meeple (the
// binary at self) in cwd with the match's flags, --shard env/shards and
// --out dir/shard-i. Requeued or rerun, a task resumes its journal; its
// output is appended to slurm-JOB_i.out, so a log holds every run.
func slurmScript(self, cwd, dir string, flags []string, shards, cpus int, sbatchArgs []string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "#!/bin/sh\n")
	fmt.Fprintf(&b, "# One meeple match as a Slurm job array, written by meeple match --submit slurm.\n")
	fmt.Fprintf(&b, "# Task i plays shard i/%d into shard-i/ and resumes its journal when run again.\n", shards)
	fmt.Fprintf(&b, "# Submitted from this directory as: sbatch --parsable%s %s\n", shellWords(sbatchArgs), SlurmScript)
	fmt.Fprintf(&b, "# Once every task is done: meeple merge --out merged shard-*\n")
	fmt.Fprintf(&b, "#SBATCH --job-name=meeple-match\n")
	fmt.Fprintf(&b, "#SBATCH --array=1-%d\n", shards)
	fmt.Fprintf(&b, "#SBATCH --cpus-per-task=%d\n", max(cpus, 1))
	fmt.Fprintf(&b, "#SBATCH --requeue\n")
	fmt.Fprintf(&b, "#SBATCH --open-mode=append\n")
	fmt.Fprintf(&b, "#SBATCH --output=slurm-%%A_%%a.out\n")
	fmt.Fprintf(&b, "cd %s || exit 1\n", shellQuote(cwd))
	fmt.Fprintf(&b, "exec %s match%s %s %s\"$SLURM_ARRAY_TASK_ID\"\n", shellQuote(self), shellWords(flags),
		shellQuote(fmt.Sprintf("--shard=env/%d", shards)), shellQuote("--out="+filepath.Join(dir, "shard-")))
	return b.Bytes()
}

// shellWords quotes each word for sh, each after a space.
func shellWords(words []string) string {
	var b strings.Builder
	for _, w := range words {
		b.WriteString(" " + shellQuote(w))
	}
	return b.String()
}

// shellQuote quotes s for sh: in single quotes, and each single quote
// within closed, escaped and reopened.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
