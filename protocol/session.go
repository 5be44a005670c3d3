package protocol

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/search"
	"github.com/meeple-games/meeple/internal/table"
)

// defaultSeed seeds a session until a seed command (the default of the
// Seed option): engines are reproducible by default, like most chess engines.
const defaultSeed = 0

// session is the dialect-neutral core: the variant, the position and its
// history, the engine options, the seeded RNG that resolves chance nodes,
// and the search running in the background. Only the reading goroutine calls
// its methods; the search goroutine touches nothing but its own clone of the
// position, the searcher and the writer.
type session struct {
	ctx    context.Context
	o      Options
	w      *writer
	stderr func(format string, args ...any)

	// t holds the variant, the position, its history and the chance RNG
	// (the core the REPL shares); variant, game and seats mirror it.
	t       *table.Table
	variant *games.Variant
	game    games.Game
	seats   []string // seat names from Describe

	seed uint64
	cfg  engine.Config
	// searcher is built as soon as the variant or an option changes, never
	// inside a search (a timed go must not spend its time allocating a
	// table); it is nil only when the players cannot play this game as
	// cfg asks, and buildErr says why.
	searcher search.Searcher
	buildErr *Error
	job      *job // the running search, or nil
}

// job is a search running on its own goroutine.
type job struct {
	cancel   context.CancelFunc
	done     chan struct{} // closed when the goroutine has ended
	infinite bool

	// mu is held while the result is reported, and reported is set with
	// it: once a client has read the search's last line (bestmove, or the
	// final line of go), the search counts as over, so the request the
	// client sends next is never refused as busy.
	mu       sync.Mutex
	reported bool
}

func newSession(ctx context.Context, o Options, w *writer) (*session, error) {
	if o.Players == nil {
		o.Players = testPlayers
	}
	s := &session{ctx: ctx, o: o, w: w, cfg: engine.DefaultConfig(), t: table.New(rand.NewPCG(defaultSeed, 0))}
	if o.hashMB > 0 {
		s.cfg.HashMB = o.hashMB
	}
	s.stderr = func(format string, args ...any) {
		fmt.Fprintf(o.Stderr, "meeple: "+format+"\n", args...)
	}
	s.seed, s.cfg.Seed = defaultSeed, defaultSeed
	if err := s.newVariant(o.Variant, nil); err != nil {
		return nil, fmt.Errorf("protocol: initial variant: %s", err.Msg)
	}
	return s, nil
}

// setSeed reseeds the chance RNG and the searcher. The searcher is not
// rebuilt: one that draws random numbers takes the seed (search.Seeder),
// the others ignore it.
func (s *session) setSeed(n uint64) {
	s.seed = n
	s.t.SetChance(rand.NewPCG(n, n^0x9e3779b97f4a7c15))
	s.cfg.Seed = n
	if sd, ok := s.searcher.(search.Seeder); ok {
		sd.SetSeed(n)
	}
}

// build makes the searcher for the current game and cfg.
func (s *session) build() {
	if s.o.builds != nil {
		s.o.builds.Add(1)
	}
	sr, err := s.newEngine(s.game, s.cfg)
	if err != nil {
		s.searcher, s.buildErr = nil, errorf(Unsupported, "%v", err)
		return
	}
	s.searcher, s.buildErr = sr, nil
}

// state is the current position.
func (s *session) state() games.State { return s.t.State() }

// loadVariant loads spec with overrides and checks it builds a start state.
func loadVariant(spec string, set []string) (*games.Variant, *Error) {
	v, e := table.LoadVariant(spec, set)
	return v, fromTable(e)
}

// fromTable turns a table's error into the protocol's (nil stays nil).
func fromTable(e *table.Error) *Error {
	if e == nil {
		return nil
	}
	code := map[table.Kind]Code{
		table.Syntax: Syntax, table.IllegalMove: IllegalMove, table.BadPosition: BadPosition,
		table.BadVariant: BadVariant, table.GameOver: GameOver, table.NoHistory: NoHistory,
	}[e.Kind]
	if code == "" {
		code = Internal
	}
	return errorf(code, "%s", e.Msg)
}

// newVariant switches to a variant at its start position with a fresh
// searcher. On error nothing changes.
func (s *session) newVariant(spec string, set []string) *Error {
	v, e := loadVariant(spec, set)
	if e != nil {
		return e
	}
	return s.useVariant(v)
}

// useVariant switches to a loaded variant.
func (s *session) useVariant(v *games.Variant) *Error {
	if e := s.t.UseVariant(v); e != nil {
		return fromTable(e)
	}
	s.variant, s.game = v, v.Game
	s.seats = s.t.Seats()
	s.build()
	return nil
}

// sameRules reports whether v is the variant loaded, under the same rules.
func (s *session) sameRules(v *games.Variant) bool {
	return v.Name == s.variant.Name && v.Spec() == s.variant.Spec()
}

// resetIdle is UCI's ucinewgame and UGI's uginewgame: reset, refused
// while a search runs.
func (s *session) resetIdle(command string) *Error {
	if s.searching() {
		return errorf(Busy, "%s: a search is running", command)
	}
	return s.reset()
}

// reset goes back to the start position (a new game under the same rules)
// and makes the searcher forget what it learnt.
func (s *session) reset() *Error {
	s.clearSearcher()
	return fromTable(s.t.Reset())
}

// clearSearcher makes the searcher forget what it learnt: its tables are
// emptied, or, when it has none to empty, it is built afresh.
func (s *session) clearSearcher() {
	if c, ok := s.searcher.(search.Clearer); ok {
		c.Clear()
	} else {
		s.build()
	}
}

// setPosition sets the position from a position string ("" for the start)
// followed by moves. On error nothing changes.
func (s *session) setPosition(pos string, moves []string) *Error {
	return fromTable(s.t.SetPosition(pos, moves))
}

// play plays moves on the current position, all or nothing.
func (s *session) play(moves []string) *Error { return fromTable(s.t.Play(moves)) }

// played counts the players' moves in the history (what undo can take back).
func (s *session) played() int { return s.t.Played() }

// undo takes back n players' moves together with the chance outcomes that
// followed each.
func (s *session) undo(n int) *Error { return fromTable(s.t.Undo(n)) }

// lastMover is the seat that made the last player move, or -1.
func (s *session) lastMover() int { return s.t.LastMover() }

// legalMoves lists the legal moves in the game's notation.
func (s *session) legalMoves() []string { return s.t.LegalMoves() }

// seat reads a player: a seat name from describe, p1..pN or 1..N.
func (s *session) seat(text string) (int, *Error) {
	p, e := s.t.Seat(text)
	return p, fromTable(e)
}

// seatName names seat p ("none" for Terminal).
func (s *session) seatName(p int) string { return s.t.SeatName(p) }

// view is what seat p may see: the game's view for imperfect information,
// the full position otherwise.
func (s *session) view(p int) string { return s.t.View(p) }

// perftResult is a perft count, per root move when divided.
type perftResult struct {
	nodes   uint64
	divide  [][2]string // move, count
	elapsed time.Duration
}

func (s *session) perft(depth int, divide bool) (perftResult, *Error) {
	if depth < 0 {
		return perftResult{}, errorf(Syntax, "perft depth %d: want 0 or more", depth)
	}
	if s.o.maxPerft > 0 && depth > s.o.maxPerft {
		return perftResult{}, errorf(Syntax, "perft depth %d: this session allows at most %d", depth, s.o.maxPerft)
	}
	st := s.state().Clone()
	start := time.Now()
	var r perftResult
	if !divide || depth == 0 {
		r.nodes = games.CountLeaves(st, depth)
	} else {
		for _, d := range games.Divide(st, depth) {
			r.nodes += d.Leaves
			r.divide = append(r.divide, [2]string{st.FormatMove(d.Move), strconv.FormatUint(d.Leaves, 10)})
		}
	}
	r.elapsed = time.Since(start)
	return r, nil
}

// seedOption is the option the session shares with the players: it seeds
// the chance RNG too.
const seedOption = "Seed"

// options lists the engine options.
func (s *session) options() []option { return engine.Options() }

// setOption sets an engine option by name (case-insensitive, as in UCI). The
// searcher is rebuilt at once, so a value the players reject fails here and
// the next search starts without delay; a value equal to the current one
// rebuilds nothing, and Seed never rebuilds (see setSeed).
func (s *session) setOption(name, value string) *Error {
	cfg := s.cfg
	if err := cfg.Set(name, value); err != nil {
		return errorf(BadOption, "%v", err)
	}
	if strings.EqualFold(strings.TrimSpace(name), seedOption) {
		s.setSeed(cfg.Seed)
		return nil
	}
	if cfg == s.cfg && s.searcher != nil {
		return nil
	}
	return s.useConfig(cfg)
}

// useConfig rebuilds the searcher with cfg; on error nothing changes.
func (s *session) useConfig(cfg engine.Config) *Error {
	old, oldSearcher, oldErr := s.cfg, s.searcher, s.buildErr
	s.cfg = cfg
	s.build()
	if s.buildErr != nil {
		e := errorf(BadOption, "%s", s.buildErr.Msg)
		s.cfg, s.searcher, s.buildErr = old, oldSearcher, oldErr
		return e
	}
	return nil
}

// searching reports whether a search is running.
func (s *session) searching() bool {
	if s.job == nil {
		return false
	}
	s.job.mu.Lock()
	reported := s.job.reported
	s.job.mu.Unlock()
	if !reported {
		return true
	}
	<-s.job.done // the goroutine ends right after reporting
	s.job = nil
	return false
}

// stop ends the running search, if any, and waits until it has reported.
func (s *session) stop() {
	if s.job != nil {
		s.job.cancel()
		<-s.job.done
		s.job = nil
	}
}

// wait blocks until the running search, if any, ends by itself (or the
// session's context ends). An infinite search never ends by itself.
func (s *session) wait() *Error {
	if !s.searching() {
		return nil
	}
	if s.job.infinite {
		return errorf(Unsupported, "wait: the search is infinite and ends only with stop")
	}
	select {
	case <-s.job.done:
		s.job = nil
	case <-s.ctx.Done():
	}
	return nil
}

// reporter receives a search's progress and its end, on the search goroutine.
type reporter struct {
	info func(search.Info, *pvFormatter)
	done func(res search.Result, move string, err *Error)
	// finalPV: the last main-line report before done starts with the move
	// played. When the searcher's last report does not (a search stopped
	// before its first report, or an aborted iteration that found a new
	// best move and reported nothing), a final one is made from the
	// result, as arenas expect (fastchess warns when the bestmove is not
	// the first move of the last PV).
	finalPV bool
}

// startSearch starts searching the current position in the background. An
// infinite search reports its result only once stopped, as UCI requires.
func (s *session) startSearch(lim search.Limits, rep reporter) *Error {
	if s.searching() {
		return errorf(Busy, "a search is running")
	}
	if s.state().Player() == games.Terminal {
		return errorf(GameOver, "the game is over (%s)", s.state().EndReason())
	}
	if n := int64(s.o.maxNodes); n > 0 && (lim.Nodes == 0 || lim.Nodes > n) {
		lim.Nodes = n
	}
	if s.searcher == nil {
		return s.buildErr
	}
	ctx, cancel := context.WithCancel(s.ctx)
	j := &job{cancel: cancel, done: make(chan struct{}), infinite: lim.Infinite}
	s.job = j
	sr, st, pv := s.searcher, s.state().Clone(), &pvFormatter{root: s.state().Clone()}
	stderr := s.stderr
	report := func(res search.Result, move string, e *Error) {
		j.mu.Lock()
		defer j.mu.Unlock()
		j.reported = true
		rep.done(res, move, e)
	}
	go func() {
		defer close(j.done)
		defer cancel()
		defer func() {
			if r := recover(); r != nil {
				stderr("search panicked: %v", r)
				report(search.Result{Move: games.NoMove}, "", errorf(Internal, "search failed: %v", r))
			}
		}()
		lastFirst := "" // the first move of the last main-line report's PV
		res := sr.Search(ctx, st, lim, func(in search.Info) {
			if in.MultiPV <= 1 {
				lastFirst = ""
				if len(in.PV) > 0 {
					lastFirst = pv.move(in.PV[0])
				}
			}
			rep.info(in, pv)
		})
		if lim.Infinite {
			<-ctx.Done()
		}
		played := res.Move
		move := pv.move(played)
		if move == "" {
			// The searcher broke its contract; answer with a legal move.
			stderr("searcher returned no legal move; playing the first legal one")
			played = pv.root.LegalMoves(nil)[0]
			move = pv.root.FormatMove(played)
		}
		if rep.finalPV && lastFirst != move {
			in := res.Info
			if len(in.PV) == 0 || in.PV[0] != played {
				in.PV = []games.Move{played}
			}
			if lim.MultiPV > 1 {
				in.MultiPV = 1
			}
			rep.info(in, pv)
		}
		report(res, move, nil)
	}()
	return nil
}

// pvFormatter writes moves of a search in the game's notation, checking each
// is legal (a searcher's PV may end in a hash collision).
type pvFormatter struct {
	root games.State
	buf  []games.Move
}

// move formats a root move, "" when it is not legal.
func (f *pvFormatter) move(m games.Move) string {
	f.buf = f.root.LegalMoves(f.buf)
	if !slices.Contains(f.buf, m) {
		return ""
	}
	return f.root.FormatMove(m)
}

// line formats the legal prefix of pv.
func (f *pvFormatter) line(pv []games.Move) []string {
	var out []string
	st := f.root
	played := 0
	for _, m := range pv {
		if st.Player() == games.Terminal || st.Player() == games.Chance {
			break
		}
		f.buf = st.LegalMoves(f.buf)
		if !slices.Contains(f.buf, m) {
			break
		}
		out = append(out, st.FormatMove(m))
		st.Play(m)
		played++
	}
	for range played {
		st.Undo()
	}
	return out
}

// returnsText formats per-player returns.
func returnsText(r []float64) string {
	out := make([]string, len(r))
	for i, x := range r {
		out[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(out, " ")
}

// parseLimits reads go arguments shared by the dialects:
//
//	infinite | depth N | nodes N | movetime MS | movestogo N
//	time SEAT MS | inc SEAT MS | pKtime MS | pKinc MS | wtime|btime|winc|binc MS
//
// A remaining time of 0 or less is taken as 1 ms (Limits reads 0 as "no
// clock").
func (s *session) parseLimits(args []string) (search.Limits, *Error) {
	n := len(s.seats)
	lim := search.Limits{Time: make([]time.Duration, n), Inc: make([]time.Duration, n)}
	clocks := false
	num := func(i int, what string) (int64, *Error) {
		if i >= len(args) {
			return 0, errorf(Syntax, "go %s: missing value", what)
		}
		v, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return 0, errorf(Syntax, "go %s: want an integer, have %q", what, args[i])
		}
		return v, nil
	}
	ms := func(v int64) time.Duration { return time.Duration(max(v, 1)) * time.Millisecond }
	setClock := func(seat int, isInc bool, v int64) {
		clocks = true
		if isInc {
			lim.Inc[seat] = time.Duration(max(v, 0)) * time.Millisecond
		} else {
			lim.Time[seat] = ms(v)
		}
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch a {
		case "infinite":
			lim.Infinite = true
			continue
		case "depth", "nodes", "movetime", "movestogo":
			v, e := num(i+1, a)
			if e != nil {
				return lim, e
			}
			i++
			if v < 1 && a != "movetime" {
				return lim, errorf(Syntax, "go %s %d: want 1 or more", a, v)
			}
			switch a {
			case "depth":
				lim.Depth = int(min(v, 1<<20))
			case "nodes":
				lim.Nodes = v
			case "movetime":
				lim.MoveTime = ms(v)
			case "movestogo":
				lim.MovesToGo = int(min(v, 1<<20))
			}
			continue
		case "time", "inc":
			if i+1 >= len(args) {
				return lim, errorf(Syntax, "go %s: want a player and milliseconds", a)
			}
			seat, e := s.seat(args[i+1])
			if e != nil {
				return lim, errorf(Syntax, "go %s: %s", a, e.Msg)
			}
			v, e := num(i+2, a)
			if e != nil {
				return lim, e
			}
			i += 2
			setClock(seat, a == "inc", v)
			continue
		case "wtime", "btime", "winc", "binc":
			if n != 2 {
				return lim, errorf(Syntax, "go %s: only for two-player games", a)
			}
			v, e := num(i+1, a)
			if e != nil {
				return lim, e
			}
			i++
			setClock(map[byte]int{'w': 0, 'b': 1}[a[0]], strings.HasSuffix(a, "inc"), v)
			continue
		}
		if k, kind, ok := seatClock(a); ok {
			if k < 1 || k > n {
				return lim, errorf(Syntax, "go %s: there is no player p%d", a, k)
			}
			v, e := num(i+1, a)
			if e != nil {
				return lim, e
			}
			i++
			setClock(k-1, kind == "inc", v)
			continue
		}
		return lim, errorf(Syntax, "go: unknown argument %q", a)
	}
	if !clocks {
		lim.Time, lim.Inc = nil, nil
	}
	return lim, nil
}

// seatClock reads "p2time" as (2, "time").
func seatClock(a string) (int, string, bool) {
	if len(a) < 2 || a[0] != 'p' {
		return 0, "", false
	}
	for _, kind := range []string{"time", "inc"} {
		if num, ok := strings.CutSuffix(a[1:], kind); ok {
			k, err := strconv.Atoi(num)
			if err != nil || num == "" || num[0] == '+' || num[0] == '-' {
				return 0, "", false
			}
			return k, kind, true
		}
	}
	return 0, "", false
}

// splitPosition reads position arguments shared by the dialects:
//
//	startpos [moves m1 m2 ...]
//	fen <position string...> [moves m1 m2 ...]
//
// The position string runs to the word "moves"; its words are joined by
// single spaces. When bare is set (native), the keyword fen may be left out.
func splitPosition(args []string, bare bool) (pos string, moves []string, e *Error) {
	if len(args) == 0 {
		return "", nil, errorf(Syntax, "position: want startpos or fen <position>")
	}
	rest := args
	switch args[0] {
	case "startpos":
		rest = args[1:]
		if len(rest) > 0 && rest[0] != "moves" {
			return "", nil, errorf(Syntax, "position startpos: unexpected %q (want moves)", rest[0])
		}
	case "fen", "pos":
		rest = args[1:]
		fallthrough
	default:
		if args[0] != "fen" && args[0] != "pos" && !bare {
			return "", nil, errorf(Syntax, "position: want startpos or fen, have %q", args[0])
		}
		i := slices.Index(rest, "moves")
		if i < 0 {
			i = len(rest)
		}
		if i == 0 {
			return "", nil, errorf(Syntax, "position: missing position string")
		}
		pos, rest = strings.Join(rest[:i], " "), rest[i:]
	}
	if len(rest) > 0 {
		moves = rest[1:]
	}
	return pos, moves, nil
}
