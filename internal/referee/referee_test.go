package referee

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/internal/meepletest"
	"github.com/meeple-games/meeple/protocol/client"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv("REFEREE_HELPER"); mode != "" {
		os.Exit(helperMain(mode))
	}
	meepletest.Main(m, func(dir string) (err error) {
		if realEngine, err = meepletest.EngineFor(realEngine, dir); err != nil {
			return err
		}
		self, err = meepletest.Self("github.com/meeple-games/meeple/internal/referee", dir)
		meepletest.MostlyWaiting()
		return err
	})
}

// self runs the fake engines: this test binary, or a plain build of it
// under -race (see meepletest.Self).
var self = os.Args[0]

// realEngine starts meeple's engine: this test binary in engine mode, or a
// plain meeple under -race (see meepletest).
var realEngine = meepletest.Engine{Cmd: os.Args[0], Env: []string{"REFEREE_HELPER=engine"}}

// realEngineAs is the real engine, named name, in the protocol proto.
func realEngineAs(name, proto string) EngineConfig {
	return EngineConfig{Name: name, Cmd: realEngine.Cmd, Args: realEngine.Args, Env: realEngine.Env, Proto: proto, Restart: true}
}

// meeple is the real engine searching to depth, with a small hash.
func meeple(name string, depth int, options ...EngineOption) EngineConfig {
	e := realEngineAs(name, "")
	e.Depth, e.Options = &depth, append([]EngineOption{{"Hash", "1"}}, options...)
	return e
}

// fake is the fake engine with the given FAKE_* settings.
func fake(name string, env ...string) EngineConfig {
	return EngineConfig{Name: name, Cmd: self, Env: append([]string{"REFEREE_HELPER=fake"}, env...), Restart: true}
}

// testConfig is a match with short timeouts in a fresh directory.
func testConfig(t *testing.T, variant string, games int, engines ...EngineConfig) Config {
	t.Helper()
	return Config{
		Variant: variant, Engines: engines, Games: games, Seed: 1, Concurrency: 2,
		Margin:      50 * time.Millisecond,
		Timeouts:    client.Timeouts{Start: 5 * time.Second, Ready: 10 * time.Second, Quit: 500 * time.Millisecond},
		MoveTimeout: 3 * time.Second,
		Out:         filepath.Join(t.TempDir(), "out"),
		Stderr:      io.Discard, // warnings (a lock taken over after TestResume's SIGKILL); TestLock checks them
	}
}

// run plays a match under a generous deadline and fails the test if it
// errs or does not finish.
func run(t *testing.T, cfg Config) *Summary {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	sum, err := Run(ctx, cfg)
	if ctx.Err() != nil {
		t.Fatalf("the match did not finish in time: %v", err)
	}
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return sum
}

// journalOf reads a match's journal and fails the test on error.
func journalOf(t *testing.T, cfg Config) *journal {
	t.Helper()
	f, err := os.Open(filepath.Join(cfg.Out, JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	j, err := readJournal(f, cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	return j
}
