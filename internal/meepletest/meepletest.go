// Package meepletest is what tests need of processes: meeple's engine
// started as one, a command line split into its arguments, whether a
// process still runs, more parallel tests for the packages that mostly
// wait on them, and which tests a race run leaves to the plain one.
//
// A test binary is usually its own engine (the helper-process pattern: run
// again with a variable set, it speaks the protocol). A race-built test
// binary is a poor engine, though: it takes five times the CPU to start and
// several times to search, and the races a test looks for are in the
// test's process, not in the engine's. EngineFor gives those tests a plain
// meeple binary, built once, and Self a plain build of the test package
// for its fake engines.
package meepletest

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

// Engine is a command that speaks meeple's engine protocol.
type Engine struct {
	Cmd  string
	Args []string
	Env  []string // extra KEY=VALUE entries
}

// EngineFor returns self, the test binary as its own engine, or, in a
// race-built test binary, meeple built without -race into dir (its
// `engine` subcommand). Building takes a link when the packages are in the
// build cache, as they are after the plain test run.
func EngineFor(self Engine, dir string) (Engine, error) {
	if !Race {
		return self, nil
	}
	bin, err := Build(dir)
	if err != nil {
		return Engine{}, err
	}
	return Engine{Cmd: bin, Args: []string{"engine"}}, nil
}

// Build compiles cmd/meeple without -race into dir and returns its path.
func Build(dir string) (string, error) {
	bin := filepath.Join(dir, "meeple")
	return bin, goTool("building meeple", "build", "-race=false", "-o", bin, "github.com/meeple-games/meeple/cmd/meeple")
}

// Self returns the program that runs a test binary's helper processes
// (its fake engines): the test binary itself, or, in a race-built one, the
// test package pkg built without -race into dir. A race-built helper takes
// five times the CPU to start (0.11 s against 0.02 s here) and finds no
// race the test could see; the plain build is a link when the packages
// are in the build cache, as they are after the plain test run.
func Self(pkg, dir string) (string, error) {
	if !Race {
		return os.Args[0], nil
	}
	bin := filepath.Join(dir, path.Base(pkg)+".test")
	return bin, goTool("building the plain test binary", "test", "-c", "-race=false", "-vet=off", "-o", bin, pkg)
}

// Main runs a package's tests after setup, which gets a temporary
// directory that lasts until they end (for the plain builds of EngineFor
// and Self), and exits with their status; a failed setup exits at once.
// TestMain calls it once it knows the process is not a helper.
func Main(m *testing.M, setup func(dir string) error) {
	dir, err := os.MkdirTemp("", "meeple-test")
	if err == nil {
		err = setup(dir)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// goTool runs the go command with args, its errors prefixed with what.
func goTool(what string, args ...string) error {
	gotool, err := exec.LookPath("go") // go test puts GOROOT/bin first in PATH
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	cmd := exec.Command(gotool, args...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// MostlyWaiting raises the number of parallel tests (-test.parallel, by
// default GOMAXPROCS) to twice GOMAXPROCS unless the command line set it:
// for a package whose tests mostly wait (on engine processes, deadlines, a
// browser), so that more of their waiting overlaps. TestMain calls it
// before m.Run.
func MostlyWaiting() {
	if !flag.Parsed() {
		flag.Parse()
	}
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", strconv.Itoa(2*runtime.GOMAXPROCS(0)))
	}
}
