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

	// The output directory while the match holds it (openDir).
	unlock  func()
	journal *journal // the source of truth: every finished game
	tally   *tally   // the standings of the journal's games
	records *os.File // the records file, a game appended as it ends
	pgn     *os.File // chess: the PGN beside the records (nil otherwise)
	pgnInfo record.PGNInfo
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
	cfg.defaults()
	p, err := check(&cfg)
	if err != nil {
		return nil, err
	}
	m, err := newMatch(cfg, p)
	if err != nil {
		return nil, err
	}
	defer m.release()
	if err := m.openDir(p); err != nil {
		return nil, err
	}
	todo := m.todo(p.slots)
	if len(todo) > 0 {
		if err := m.checkChess960(ctx); err != nil {
			return nil, err
		}
	}
	names := make([]string, len(cfg.Engines))
	for i, e := range cfg.Engines {
		names[i] = e.Name
	}
	m.events.emit(Event{Type: "match_start", Match: p.head.ID, Variant: p.variant.Name, Rules: p.rules, Engines: names,
		Total: len(p.slots), Done: len(p.slots) - len(todo)})
	stopped := ""
	if sum := m.tally.summary(); sum.SPRT != nil && sum.SPRT.done {
		todo, stopped = nil, "sprt"
	}
	prog := newProgress(cfg, len(p.slots), len(p.slots)-len(todo))
	stopped, fatal := m.playAll(ctx, todo, prog, stopped)
	prog.end()
	return m.finish(ctx, p, fatal, stopped)
}

// defaults fills in what the configuration leaves out.
func (cfg *Config) defaults() {
	if cfg.Stdout == nil {
		cfg.Stdout = io.Discard
	}
	if cfg.Stderr == nil {
		cfg.Stderr = os.Stderr
	}
	if cfg.Concurrency < 1 {
		cfg.Concurrency = 1
	}
	if cfg.Out == "" {
		cfg.Out = "meeple-match"
	}
}

// Check validates cfg as Run does before its first game, without starting
// an engine or writing a file: the variant and its rules, the openings,
// the adjudication and SPRT settings, and that every engine's program can
// be started. It is how a match handed to a batch system fails at once
// rather than in every task.
func Check(cfg Config) error {
	cfg.defaults()
	p, err := check(&cfg)
	if err != nil {
		return err
	}
	_, err = newMatch(cfg, p) // pools start no process until a game needs one
	return err
}

// newMatch is the match p plans: its openings by round, and a pool per
// engine. An engine that cannot be started at all (no such program or
// directory) is a mistake in the command, not a forfeit of every game.
func newMatch(cfg Config, p *plan) (*match, error) {
	m := &match{cfg: cfg, variant: p.variant, rules: p.rules, start: p.variant.Game.NewState().Position(),
		openings: map[int]Opening{}, moveTimeout: cfg.MoveTimeout}
	if m.moveTimeout <= 0 {
		m.moveTimeout = DefaultMoveTimeout
	}
	for _, s := range p.slots {
		if _, ok := m.openings[s.Round]; !ok {
			o, err := p.book.opening(s.Round)
			if err != nil {
				return nil, err
			}
			m.openings[s.Round] = o
		}
	}
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
	return m, nil
}

// openDir takes the output directory (its lock), opens its journal and
// tallies the games already there, and opens the events, the records file
// and, for chess, the PGN file, to append each game as it ends.
func (m *match) openDir(p *plan) error {
	out := m.cfg.Out
	if err := os.MkdirAll(filepath.Join(out, StderrDir), 0o755); err != nil {
		return err
	}
	unlock, err := lockDir(out, m.cfg.Stderr)
	if err != nil {
		return err
	}
	m.unlock = unlock
	if m.journal, err = openJournal(filepath.Join(out, JournalFile), p.head); err != nil {
		return err
	}
	m.tally = newTally(p.id, p.variant.Game.Type(), p.sprt)
	m.tally.setShard(m.cfg.Shard)
	for _, r := range m.journal.records {
		m.tally.add(r)
	}
	if m.events, err = openMatchEvents(out, m.cfg.Events, m.cfg.Stderr); err != nil {
		return fmt.Errorf("events: %w", err)
	}
	if m.records, err = os.OpenFile(filepath.Join(out, RecordsFile), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644); err != nil {
		return err
	}
	m.pgnInfo = pgnInfo(p.id, p.head.ID)
	if record.HasPGN(p.variant.Game) {
		if m.pgn, err = os.OpenFile(filepath.Join(out, PGNFile), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// release stops the engines, closes the files and lets the directory go,
// in that order: the engines are stopped before another referee may take
// it.
func (m *match) release() {
	for _, pl := range m.pools {
		pl.closeAll()
	}
	for _, f := range []*os.File{m.pgn, m.records} {
		if f != nil {
			f.Close()
		}
	}
	if m.events != nil {
		m.events.close()
	}
	if m.journal != nil {
		m.journal.close()
	}
	if m.unlock != nil {
		m.unlock()
	}
}

// todo are the slots whose games the journal does not hold yet.
func (m *match) todo(slots []slot) []slot {
	done := map[int]bool{}
	for _, r := range m.journal.records {
		done[r.Game] = true
	}
	var todo []slot
	for _, s := range slots {
		if !done[s.Index] {
			todo = append(todo, s)
		}
	}
	return todo
}

// playAll plays the slots todo, cfg.Concurrency games at once, and keeps
// each game that ends (keep). It returns why it stopped early, "sprt" when
// the SPRT decided (stopped, too, when it had before) or "", and the error
// that stopped it (the journal could not be written).
func (m *match) playAll(ctx context.Context, todo []slot, prog *progress, stopped string) (_ string, fatal error) {
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
	for range m.cfg.Concurrency {
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
	for res := range results {
		if res.err != nil || fatal != nil {
			continue // interrupted: the game is not finished
		}
		sum, err := m.keep(res.rec)
		if err != nil {
			fatal = err
			cancelGames()
			continue
		}
		prog.game(sum)
		if sum.SPRT != nil && sum.SPRT.done && stopped == "" {
			stopped = "sprt"
			stopFeeding()
		}
	}
	return stopped, fatal
}

// keep writes a finished game to the journal (first: the source of truth),
// the records and the PGN, counts it and tells the events; it returns the
// standings with it.
func (m *match) keep(r *record.Record) (*Summary, error) {
	if err := m.journal.append(r); err != nil {
		return nil, err
	}
	r.WriteText(m.records)
	if m.pgn != nil {
		r.WritePGN(m.pgn, m.variant.Game, m.pgnInfo)
	}
	m.tally.add(r)
	if r.Termination.Fault() {
		fmt.Fprintf(m.cfg.Stderr, "game %d: %s\n", r.Game, r.Reason)
	}
	sum := m.tally.summary()
	m.events.emit(Event{Type: "game_end", Game: ptr(r.Game), Pair: ptr(r.Pair), Seats: r.Seats, Result: r.Result(),
		Returns: r.Returns, Termination: r.Termination.String(), Reason: r.Reason, Loser: r.Loser,
		Standings: sum.Standings, Pairs: sum.Pairs, SPRT: sum.SPRT})
	return sum, nil
}

// finish rewrites the records and the PGN in game order from the journal,
// tells the events and stdout the standings, and says how the match ended.
func (m *match) finish(ctx context.Context, p *plan, fatal error, stopped string) (*Summary, error) {
	sum := m.tally.summary()
	sum.Total = len(p.slots)
	if fatal == nil {
		fatal = writeRecords(filepath.Join(m.cfg.Out, RecordsFile), m.journal.records)
	}
	if fatal == nil && m.pgn != nil {
		fatal = writePGN(filepath.Join(m.cfg.Out, PGNFile), p.variant.Game, m.pgnInfo, m.journal.records)
	}
	if ctx.Err() != nil && stopped == "" && sum.Games < len(p.slots) {
		stopped = "interrupted"
	}
	m.events.emit(Event{Type: "match_end", Match: p.head.ID, Total: len(p.slots), Done: sum.Games,
		Standings: sum.Standings, Pairs: sum.Pairs, SPRT: sum.SPRT, Stopped: stopped})
	sum.Write(m.cfg.Stdout)
	switch {
	case fatal != nil:
		return sum, fatal
	case stopped == "interrupted":
		fmt.Fprintf(m.cfg.Stdout, "interrupted after %d of %d games; run the same command again to resume\n", sum.Games, len(p.slots))
		return sum, fmt.Errorf("%w: %w", ErrInterrupted, context.Cause(ctx))
	case stopped == "sprt":
		fmt.Fprintf(m.cfg.Stdout, "stopped early by the sprt (%s after %d pairs) after %d of %d games\n", sum.SPRT.Decision, sum.SPRT.Pairs, sum.Games, len(p.slots))
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
