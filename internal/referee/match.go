package referee

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/stats"
	"github.com/meeple-games/meeple/protocol/client"
)

// File names in the output directory.
const (
	JournalFile = "journal.jsonl"
	RecordsFile = "games.txt"
	StderrDir   = "stderr"
)

// match is a match being played.
type match struct {
	cfg         Config
	variant     *games.Variant
	rules       string
	start       string // the variant's start position string
	pools       []*pool
	openings    map[int]Opening // by round
	events      *events
	moveTimeout time.Duration
}

// ErrInterrupted is returned (wrapped) by Run when its context ended before
// the match did; the journal holds every finished game, and running the
// same match again resumes it.
var ErrInterrupted = errors.New("interrupted")

// plan is a checked configuration: the variant, the schedule and the
// journal header.
type plan struct {
	variant *games.Variant
	rules   string
	slots   []slot // this shard's games
	all     int    // games in the whole match
	book    *openingBook
	id      Identity
	head    Header
	sprt    *stats.SPRT
}

// check validates cfg and lays the match out, without starting anything.
func check(cfg *Config) (*plan, error) {
	if cfg.Games < 1 {
		return nil, fmt.Errorf("games: want 1 or more, have %d", cfg.Games)
	}
	if len(cfg.Engines) == 0 {
		return nil, errors.New("no engines: give --engine at least once")
	}
	v, err := games.LoadVariant(cfg.Variant, cfg.Set...)
	if err != nil {
		return nil, err
	}
	p := &plan{variant: v, rules: v.Spec()}
	typ := v.Game.Type()
	seen := map[string]bool{}
	for _, e := range cfg.Engines {
		if seen[e.Name] {
			return nil, fmt.Errorf("two engines are named %q: give each a name=", e.Name)
		}
		seen[e.Name] = true
	}
	twoZero := typ.Players == 2 && typ.Utility == games.ZeroSum
	if (cfg.Resign.on() || cfg.Draw.on()) && !twoZero {
		return nil, fmt.Errorf("--resign and --draw need a two-player zero-sum game; %s has %d players (%s)", v.Name, typ.Players, typ.Utility)
	}
	if cfg.SPRT != "" {
		sp, err := stats.ParseSPRT(cfg.SPRT)
		if err != nil {
			return nil, err
		}
		if len(cfg.Engines) != 2 || typ.Players != 2 || typ.Utility == games.Identical {
			return nil, errors.New("--sprt needs exactly two engines and a two-player game")
		}
		p.sprt = &sp
	}
	if cfg.RandomPlies < 0 || cfg.MaxPlies < 0 {
		return nil, errors.New("--random-plies and --max-plies must not be negative")
	}
	var list []Opening
	id := Identity{Variant: v.Name, Rules: p.rules, Games: cfg.Games, Gauntlet: cfg.Gauntlet && len(cfg.Engines) > 2,
		Seed: cfg.Seed, RandomPlies: cfg.RandomPlies, MaxPlies: cfg.MaxPlies, Margin: cfg.Margin.String(),
		Resign: cfg.Resign.String(), Draw: cfg.Draw.String()}
	if cfg.Openings != "" {
		if list, err = loadOpenings(cfg.Openings, v.Game); err != nil {
			return nil, err
		}
		id.Openings = filepath.Base(cfg.Openings)
		if id.OpeningsHash, err = fileHash(cfg.Openings); err != nil {
			return nil, err
		}
		id.OpeningsOrder = cfg.OpeningsOrder
		if id.OpeningsOrder == "" {
			id.OpeningsOrder = "sequential"
		}
	}
	if p.book, err = newOpeningBook(v.Game, list, cfg.OpeningsOrder, cfg.RandomPlies, cfg.Seed); err != nil {
		return nil, err
	}
	for _, e := range cfg.Engines {
		id.Engines = append(id.Engines, EngineIdentity{Name: e.Name, Cmd: e.Cmd, Args: e.Args, Dir: e.Dir, Env: e.Env,
			Proto: e.Proto, Options: e.Options, Limits: e.limits(cfg.Limits).String(), Restart: e.Restart})
	}
	p.id = id
	all := schedule(typ.Players, len(cfg.Engines), cfg.Games, cfg.Gauntlet)
	p.all = len(all)
	for _, s := range all {
		if cfg.Shard.has(s.Group) {
			p.slots = append(p.slots, s)
		}
	}
	p.head = Header{Format: JournalFormat, ID: id.ID(), Games: p.all, Shard: cfg.Shard.String(), Match: id}
	if p.sprt != nil {
		p.head.SPRT = p.sprt.String()
	}
	return p, nil
}

// argv is the command line of an engine.
func (cfg *Config) argv(e EngineConfig) ([]string, error) { return engineArgv(e, cfg.Self) }

// Run plays a match (or its shard) as cfg says, resuming from the journal
// in cfg.Out if there is one, writes the standings to cfg.Stdout and
// returns them. Engine failures end only their own games; Run fails for a
// bad configuration, a journal it cannot write, or an interruption
// (ErrInterrupted, after the standings of the games finished so far).
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	if cfg.Stdout == nil {
		cfg.Stdout = io.Discard
	}
	if cfg.Concurrency < 1 {
		cfg.Concurrency = 1
	}
	if cfg.Out == "" {
		cfg.Out = "meeple-match"
	}
	p, err := check(&cfg)
	if err != nil {
		return nil, err
	}
	m := &match{cfg: cfg, variant: p.variant, rules: p.rules, start: p.variant.Game.NewState().Position(),
		openings: map[int]Opening{}, moveTimeout: cfg.MoveTimeout}
	if m.moveTimeout <= 0 {
		m.moveTimeout = DefaultMoveTimeout
	}
	for _, s := range p.slots {
		if _, ok := m.openings[s.Round]; !ok {
			if m.openings[s.Round], err = p.book.opening(s.Round); err != nil {
				return nil, err
			}
		}
	}
	if cfg.Stderr == nil {
		cfg.Stderr = os.Stderr
	}
	// An engine that cannot be started at all (no such program or
	// directory) is a mistake in the command, not a forfeit of every game.
	for _, e := range cfg.Engines {
		argv, err := cfg.argv(e)
		if err != nil {
			return nil, err
		}
		pl := newPool(e, argv, cfg.Timeouts)
		if err := pl.spec.CheckStart(); err != nil {
			return nil, fmt.Errorf("engine %s cannot be started: %v", e.Name, err)
		}
		m.pools = append(m.pools, pl)
	}
	if err := os.MkdirAll(filepath.Join(cfg.Out, StderrDir), 0o755); err != nil {
		return nil, err
	}
	unlock, err := lockDir(cfg.Out, cfg.Stderr)
	if err != nil {
		return nil, err
	}
	defer unlock()
	j, err := openJournal(filepath.Join(cfg.Out, JournalFile), p.head)
	if err != nil {
		return nil, err
	}
	defer j.close()
	done := map[int]bool{}
	t := newTally(p.id, p.variant.Game.Type(), p.sprt)
	t.setShard(cfg.Shard)
	for _, r := range j.records {
		done[r.Game] = true
		t.add(r)
	}
	var todo []slot
	for _, s := range p.slots {
		if !done[s.Index] {
			todo = append(todo, s)
		}
	}
	if m.events, err = openMatchEvents(cfg.Out, cfg.Events, cfg.Stderr); err != nil {
		return nil, fmt.Errorf("events: %w", err)
	}
	defer m.events.close()
	recPath := filepath.Join(cfg.Out, RecordsFile)
	recFile, err := os.OpenFile(recPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	defer recFile.Close()
	var pgnFile *os.File // chess: the PGN beside the records
	pgnPath, info := filepath.Join(cfg.Out, PGNFile), pgnInfo(p.id, p.head.ID)
	if record.HasPGN(p.variant.Game) {
		if pgnFile, err = os.OpenFile(pgnPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644); err != nil {
			return nil, err
		}
		defer pgnFile.Close()
	}
	// Registered after the lock's release, so run before it: the engines
	// are stopped before another referee may take the directory.
	defer func() {
		for _, pl := range m.pools {
			pl.closeAll()
		}
	}()
	names := make([]string, len(cfg.Engines))
	for i, e := range cfg.Engines {
		names[i] = e.Name
	}
	if len(todo) > 0 {
		if err := m.checkChess960(ctx); err != nil {
			return nil, err
		}
	}
	m.events.emit(Event{Type: "match_start", Match: p.head.ID, Variant: p.variant.Name, Rules: p.rules, Engines: names,
		Total: len(p.slots), Done: len(p.slots) - len(todo)})

	prog := newProgress(cfg, len(p.slots), len(p.slots)-len(todo))
	stopped := ""
	sum := t.summary()
	if sum.SPRT != nil && sum.SPRT.done {
		todo, stopped = nil, "sprt"
	}

	gameCtx, cancelGames := context.WithCancel(ctx)
	defer cancelGames()
	feedCtx, stopFeeding := context.WithCancel(gameCtx)
	defer stopFeeding()
	jobs := make(chan slot)
	type result struct {
		rec *record.Record
		err error
	}
	results := make(chan result)
	go func() {
		defer close(jobs)
		for _, s := range todo {
			select {
			case jobs <- s:
			case <-feedCtx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range jobs {
				if feedCtx.Err() != nil {
					continue
				}
				rec, err := m.play(gameCtx, s)
				results <- result{rec, err}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	var fatal error
	for res := range results {
		if res.err != nil || fatal != nil {
			continue // interrupted: the game is not finished
		}
		r := res.rec
		if err := j.append(r); err != nil {
			fatal = err
			cancelGames()
			continue
		}
		r.WriteText(recFile)
		if pgnFile != nil {
			r.WritePGN(pgnFile, p.variant.Game, info)
		}
		t.add(r)
		if r.Termination.Fault() {
			fmt.Fprintf(cfg.Stderr, "game %d: %s\n", r.Game, r.Reason)
		}
		sum = t.summary()
		m.events.emit(Event{Type: "game_end", Game: ptr(r.Game), Pair: ptr(r.Pair), Seats: r.Seats, Result: r.Result(),
			Returns: r.Returns, Termination: r.Termination.String(), Reason: r.Reason, Loser: r.Loser,
			Standings: sum.Standings, Pairs: sum.Pairs, SPRT: sum.SPRT})
		prog.game(sum)
		if sum.SPRT != nil && sum.SPRT.done && stopped == "" {
			stopped = "sprt"
			stopFeeding()
		}
	}
	prog.end()
	sum = t.summary()
	sum.Total = len(p.slots)
	if fatal == nil {
		// The records file, in game order, from the journal (the source of truth).
		fatal = writeRecords(recPath, j.records)
	}
	if fatal == nil && pgnFile != nil {
		fatal = writePGN(pgnPath, p.variant.Game, info, j.records)
	}
	if ctx.Err() != nil && stopped == "" && sum.Games < len(p.slots) {
		stopped = "interrupted"
	}
	m.events.emit(Event{Type: "match_end", Match: p.head.ID, Total: len(p.slots), Done: sum.Games,
		Standings: sum.Standings, Pairs: sum.Pairs, SPRT: sum.SPRT, Stopped: stopped})
	sum.Write(cfg.Stdout)
	switch {
	case fatal != nil:
		return sum, fatal
	case stopped == "interrupted":
		fmt.Fprintf(cfg.Stdout, "interrupted after %d of %d games; run the same command again to resume\n", sum.Games, len(p.slots))
		return sum, fmt.Errorf("%w: %w", ErrInterrupted, context.Cause(ctx))
	case stopped == "sprt":
		fmt.Fprintf(cfg.Stdout, "stopped early by the sprt (%s after %d pairs) after %d of %d games\n", sum.SPRT.Decision, sum.SPRT.Pairs, sum.Games, len(p.slots))
	}
	return sum, nil
}

// writeRecords rewrites the records file from rs, in game order.
func writeRecords(path string, rs []*record.Record) error {
	sorted := append([]*record.Record(nil), rs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Game < sorted[j].Game })
	var b strings.Builder
	w := bufio.NewWriter(&b)
	for _, r := range sorted {
		if err := r.WriteText(w); err != nil {
			return err
		}
	}
	w.Flush()
	return writeFileSync(path, []byte(b.String()))
}

// checkChess960 starts a process of each UCI engine of a Chess960 match
// before the first game and fails the match when one does not list
// UCI_Chess960: without it an engine would read every start as the
// standard array. The process stays in its pool for the first game; one
// that fails to start is left to that game, which records the fault.
func (m *match) checkChess960(ctx context.Context) error {
	if !client.IsChess960(m.rules) {
		return nil
	}
	for i, e := range m.cfg.Engines {
		if e.Proto != "uci" {
			continue
		}
		c, f := m.pools[i].acquire(ctx, nil)
		if f != nil {
			continue
		}
		ok := c.HasOption(uciChess960)
		m.pools[i].release(c, nil)
		if !ok {
			return fmt.Errorf("engine %s: %s is Chess960, and the engine does not list the %s option (proto=uci)", e.Name, m.variant.Name, uciChess960)
		}
	}
	return nil
}

// uciChess960 is the UCI option that switches an engine to Chess960.
const uciChess960 = "UCI_Chess960"
