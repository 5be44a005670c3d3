package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/search"
	"github.com/meeple-games/meeple/internal/table"
	"github.com/meeple-games/meeple/protocol/client"
)

// Builtin is the Cmd of an engine configuration that stands for the
// built-in engine (internal/players, in this process), rather than a
// program to start.
const Builtin = "@builtin"

// thought is an engine's answer: its move and what it reported.
type thought struct {
	Move     string
	HasScore bool
	Score    int  // centi-units of the game's evaluation, the mover's view
	Mate     int  // plies to a forced end (+: the mover wins), 0 none
	Plain    bool // Score is 100 x an expected return (MCTS), not the game's units
	Depth    int
	Nodes    int64
	Elapsed  time.Duration
	PV       []string // the principal variation, in progress reports
}

// scoreWords is the score in units u of a game of seats seats: "score
// +0.35", "mate in 3", "9.7 cards left"; "" when none was reported.
func (t thought) scoreWords(u engine.Units, seats int) string {
	if !t.HasScore {
		return ""
	}
	if t.Plain {
		u = engine.Returns
	}
	s := scoreText(u, seats, t.Score, t.Mate)
	if s[0] == '+' || s[0] == '-' {
		s = "score " + s
	}
	return s
}

// details is "(score +0.35, depth 7, 12,000 nodes)" with the score in
// units u of a game of seats seats ("(mate in 3, ...)"), or "" with nothing
// reported.
func (t thought) details(u engine.Units, seats int) string {
	var parts []string
	if s := t.scoreWords(u, seats); s != "" {
		parts = append(parts, s)
	}
	if t.Depth > 0 {
		parts = append(parts, "depth "+strconv.Itoa(t.Depth))
	}
	if t.Nodes > 0 {
		parts = append(parts, engine.GroupDigits(t.Nodes)+plural(int(min(t.Nodes, 2)), " node", " nodes"))
	}
	if len(parts) == 0 {
		return ""
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// normalize reads a score beyond search.MaxEval, a mate score that came
// without its distance, as the mate it is.
func (t *thought) normalize() {
	if t.Mate == 0 && !t.Plain && search.IsMate(t.Score) {
		t.Mate, t.Score = search.MatePlies(t.Score), 0
	}
}

// ply is the thought as a record's ply of seat (0-based).
func (t thought) ply(seat int) record.Ply {
	p := record.Ply{Move: t.Move, Seat: seat + 1, Micro: t.Elapsed.Microseconds(), Mate: t.Mate, Depth: t.Depth, Nodes: t.Nodes}
	if t.HasScore && t.Mate == 0 {
		s := t.Score
		p.Score = &s
	}
	return p
}

// seatEngine plays moves for seats of the table.
type seatEngine interface {
	// name is the engine's name in records ("meeple").
	name() string
	// think finds a move for seat, which is to move, at level lv (unless
	// the engine's own limits override it). progress, when not nil, is
	// called from think's goroutine with each report of the search so far.
	think(ctx context.Context, t *table.Table, seat int, lv engine.Level, progress func(thought)) (thought, error)
	// newGame tells the engine that a new game starts (game counts them).
	newGame(game int)
	close() error
}

// limits are an engine's own limits (from its spec), overriding the level.
type limits struct {
	nodes    *int64
	depth    *int
	moveTime *time.Duration
}

func limitsOf(e referee.EngineConfig) limits {
	return limits{nodes: e.Nodes, depth: e.Depth, moveTime: e.MoveTime}
}

// apply returns the search limits of lv, overridden by the engine's own.
func (l limits) apply(lv engine.Level) search.Limits {
	lim := search.Limits{Nodes: lv.Nodes(), MoveTime: lv.MoveTime}
	if l.nodes != nil || l.depth != nil || l.moveTime != nil {
		lim = search.Limits{}
		if l.nodes != nil {
			lim.Nodes = *l.nodes
		}
		if l.depth != nil {
			lim.Depth = *l.depth
		}
		if l.moveTime != nil {
			lim.MoveTime = *l.moveTime
		}
	}
	return lim
}

// searchState is what seat may search: for imperfect information a state
// rebuilt from its view (never the hidden cards), else a clone.
func searchState(t *table.Table, seat int) (games.State, error) {
	if hidden(t.Game()) {
		return t.Game().ParseState(t.View(seat))
	}
	return t.State().Clone(), nil
}

// hidden reports whether g hides parts of the state from the players.
func hidden(g games.Game) bool { return g.Type().Information == games.ImperfectInformation }

// builtin is the built-in engine: a player of internal/players searching
// in this process.
type builtin struct {
	label string
	cfg   engine.Config
	lim   limits
	game  games.Game // the game sr was built for
	sr    search.Searcher
}

// newBuiltin configures the built-in engine from e (its options, limits
// and name); seed seeds the players that draw random numbers unless an
// option sets it.
func newBuiltin(e referee.EngineConfig, seed uint64) (*builtin, error) {
	if len(e.Args) > 0 || e.Dir != "" || len(e.Env) > 0 || e.Proto != "" || e.TC != nil {
		return nil, errors.New("the built-in engine takes name, option.NAME, nodes, depth and movetime; arg, dir, env, proto and tc are for programs")
	}
	b := &builtin{label: e.Name, lim: limitsOf(e)}
	b.cfg.Seed = seed
	for _, o := range e.Options {
		if err := b.cfg.Set(o.Name, o.Value); err != nil {
			return nil, fmt.Errorf("engine %s: %v", e.Name, err)
		}
	}
	return b, nil
}

func (b *builtin) name() string { return b.label }

func (b *builtin) newGame(int) {
	if c, ok := b.sr.(search.Clearer); ok {
		c.Clear()
	}
}

func (b *builtin) close() error { return nil }

func (b *builtin) think(ctx context.Context, t *table.Table, seat int, lv engine.Level, progress func(thought)) (thought, error) {
	if b.sr == nil || b.game != t.Game() {
		sr, err := players.New(t.Game(), b.cfg)
		if err != nil {
			return thought{}, err
		}
		b.sr, b.game = sr, t.Game()
	}
	st, err := searchState(t, seat)
	if err != nil {
		return thought{}, fmt.Errorf("the view of seat %d: %v", seat+1, err)
	}
	var report func(search.Info)
	if progress != nil {
		root := t.State()
		report = func(in search.Info) {
			if in.MultiPV > 1 {
				return
			}
			th := b.thought(in)
			for _, m := range in.PV {
				th.PV = append(th.PV, root.FormatMove(m))
			}
			progress(th)
		}
	}
	start := time.Now()
	res := b.sr.Search(ctx, st, b.lim.apply(lv), report)
	th := b.thought(res.Info)
	th.Elapsed = time.Since(start)
	if ctx.Err() != nil {
		return th, ctx.Err()
	}
	if res.Move == games.NoMove {
		return th, errors.New("the engine found no move")
	}
	th.Move = st.FormatMove(res.Move)
	return th, nil
}

// thought is what a search report says.
func (b *builtin) thought(in search.Info) thought {
	th := thought{Depth: in.Depth, Nodes: in.Nodes, Elapsed: in.Time}
	if in.Depth > 0 || in.Mate != 0 || in.Score != 0 {
		th.HasScore, th.Score, th.Mate = true, in.Score, in.Mate
		th.Plain = b.cfg.Algorithm == engine.MCTS
		th.normalize()
	}
	return th
}

// process is an engine program, driven through the protocol client like
// the referee drives it; it is started when first needed and again after
// a failure.
type process struct {
	cfg    referee.EngineConfig
	spec   client.EngineSpec
	lim    limits
	stderr io.Writer
	c      *client.Client
	synced int // the game the engine was last told of with newgame; -1 none
	game   int // the current game
}

// newProcess configures an engine program; self is the command line of
// cmd=@self (nil: this executable's engine subcommand).
func newProcess(e referee.EngineConfig, self []string, stderr io.Writer) (*process, error) {
	if e.TC != nil {
		return nil, fmt.Errorf("engine %s: tc= is for matches; use --level, movetime=, nodes= or depth=", e.Name)
	}
	argv := append([]string{e.Cmd}, e.Args...)
	if e.Cmd == referee.Self {
		if self == nil {
			exe, err := os.Executable()
			if err != nil {
				return nil, fmt.Errorf("engine %s: cmd=@self: %v", e.Name, err)
			}
			self = []string{exe, "engine"}
		}
		argv = append(append([]string(nil), self...), e.Args...)
	}
	opts := make([]client.EngineOption, len(e.Options))
	for i, o := range e.Options {
		opts[i] = client.EngineOption{Name: o.Name, Value: o.Value}
	}
	return &process{cfg: e, lim: limitsOf(e), stderr: stderr, synced: -1, spec: client.EngineSpec{
		Name: e.Name, Cmd: argv, Dir: e.Dir, Env: e.Env, Dialect: e.Proto, Options: opts,
	}}, nil
}

func (p *process) name() string { return p.cfg.Name }

func (p *process) newGame(game int) { p.game = game }

func (p *process) close() error {
	if p.c == nil {
		return nil
	}
	err := p.c.Close()
	p.c = nil
	return err
}

func (p *process) think(ctx context.Context, t *table.Table, seat int, lv engine.Level, progress func(thought)) (thought, error) {
	if p.c == nil {
		c, err := client.StartEngine(ctx, p.spec, p.stderr, client.Timeouts{})
		if err != nil {
			return thought{}, err
		}
		p.c, p.synced = c, -1
	}
	if p.synced != p.game {
		if err := p.c.NewGame(ctx, t.Variant().Spec()); err != nil {
			p.fail()
			return thought{}, err
		}
		p.synced = p.game
	}
	lim := p.lim.apply(lv)
	req := client.GoRequest{Position: t.Start(), Start: t.Variant().Game.NewState().Position(), Moves: t.Moves(),
		Nodes: lim.Nodes, Depth: lim.Depth, MoveTime: lim.MoveTime}
	if hidden(t.Game()) {
		req.Position, req.Moves = t.View(seat), nil
	}
	if lim.MoveTime > 0 {
		req.Deadline = lim.MoveTime + time.Second
	}
	if progress != nil {
		req.Info = func(rep client.GoReply) { progress(p.thought(rep)) }
	}
	rep, err := p.c.Go(ctx, req)
	if err != nil {
		p.fail()
		return thought{}, err
	}
	return p.thought(rep), nil
}

// thought is what a reply (or a reply so far) says.
func (p *process) thought(rep client.GoReply) thought {
	th := thought{Move: rep.Move, HasScore: rep.HasScore, Score: rep.Score, Mate: matePlies(p.c.Dialect(), rep.Mate),
		Depth: rep.Depth, Nodes: rep.Nodes, Elapsed: rep.Elapsed, PV: rep.PV}
	th.normalize()
	return th
}

// matePlies converts a mate distance as dialect reports it into plies:
// native counts plies (GTP reports none); UCI and UGI count the winner's moves (mate 3 is 5
// plies, mate -3 is 6).
func matePlies(dialect string, mate int) int {
	if dialect == "native" || dialect == "gtp" || dialect == "" {
		return mate
	}
	switch {
	case mate > 0:
		return 2*mate - 1
	case mate < 0:
		return 2 * mate
	}
	return 0
}

// fail closes a process after a failure or an interruption (its replies
// may be out of step); the next move starts another.
func (p *process) fail() {
	if p.c != nil {
		p.c.Close()
		p.c = nil
	}
}

// ParseEngine reads an --engine value: "builtin" (or "meeple") optionally
// followed by engine-spec words for the built-in engine (name=,
// option.NAME=, nodes=, depth=, movetime=), or a program's spec in the
// referee's syntax (cmd=PROGRAM arg=... proto=... option.NAME=...; see
// referee.ParseEngine).
func ParseEngine(spec string) (referee.EngineConfig, error) {
	first, rest, _ := strings.Cut(strings.TrimSpace(spec), " ")
	if first == "builtin" || first == "meeple" || first == "" {
		e, err := referee.ParseEngine("cmd=" + Builtin + " " + rest)
		if err != nil {
			return e, fmt.Errorf("engine %q: %v", spec, strings.TrimPrefix(err.Error(), fmt.Sprintf("engine %q: ", "cmd="+Builtin+" "+rest)))
		}
		if e.Name == Builtin {
			e.Name = "meeple"
		}
		return e, nil
	}
	return referee.ParseEngine(spec)
}
