package repl

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/table"
	"github.com/meeple-games/meeple/internal/version"
)

// command is one REPL command.
type command struct {
	name    string
	aliases []string
	args    string // usage of the arguments
	doc     string
	run     func(r *repl, args []string, rest string)
}

var commands []command

func init() {
	commands = []command{
		{name: "play", args: "MOVE...", doc: "play moves for whoever is to move (a bare move works too)", run: (*repl).playCmd},
		{name: "moves", aliases: []string{"legalmoves"}, doc: "list the legal moves", run: (*repl).moves},
		{name: "undo", args: "[N]", doc: "take back your last move (and the replies to it); N times", run: (*repl).undo},
		{name: "redo", args: "[N]", doc: "play again what undo took back", run: (*repl).redoCmd},
		{name: "hint", doc: "ask the engine for a move, with its score", run: (*repl).hint},
		{name: "go", doc: "let the engine move for the side to move (and go on watching)", run: (*repl).goCmd},
		{name: "new", aliases: []string{"newgame"}, args: "[VARIANT] [k=v...]", doc: "start a new game, of another variant if named", run: (*repl).newCmd},
		{name: "board", doc: "draw the board again", run: (*repl).board},
		{name: "flip", doc: "turn the board around", run: (*repl).flipCmd},
		{name: "level", args: "[1-10|TIME]", doc: "show or set the engine's level: 1..10, or a time per move such as 2s", run: (*repl).levelCmd},
		{name: "save", args: "FILE", doc: "write the game as a record (meeple replay FILE checks it)", run: (*repl).save},
		{name: "load", args: "FILE [N]", doc: "go on from game N (default: the last) of a records file or journal", run: (*repl).load},
		{name: "position", doc: "write the position string (as your seat sees it)", run: (*repl).position},
		{name: "help", aliases: []string{"?"}, args: "[COMMAND]", doc: "list the commands", run: (*repl).help},
		{name: "quit", aliases: []string{"exit"}, doc: "leave (so does Ctrl-D)", run: (*repl).quitCmd},
	}
}

// lookup finds a command by name or alias.
func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name || slices.Contains(c.aliases, name) {
			return c, true
		}
	}
	return command{}, false
}

// commandNames lists the names and aliases, for completion and suggestions.
func commandNames() []string {
	var out []string
	for _, c := range commands {
		out = append(out, c.name)
		out = append(out, c.aliases...)
	}
	return out
}

// suggestCommand returns ` (did you mean "help"?)` for a word of three
// letters or more close to a command (preferring commands with its first
// letter), or "".
func suggestCommand(word string) string {
	word = strings.ToLower(word)
	if len(word) < 3 || strings.IndexFunc(word, func(c rune) bool { return c < 'a' || c > 'z' }) >= 0 {
		return ""
	}
	var same []string
	for _, n := range commandNames() {
		if n[0] == word[0] {
			same = append(same, n)
		}
	}
	if s := games.Suggest(word, same); s != "" {
		return s
	}
	return games.Suggest(word, commandNames())
}

// exec runs one input line: a command, or moves.
func (r *repl) exec(line string) {
	name, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	if c, ok := lookup(strings.ToLower(name)); ok {
		c.run(r, strings.Fields(rest), rest)
		return
	}
	r.playWords(strings.Fields(line), true)
}

// playCmd: play MOVE...
func (r *repl) playCmd(args []string, _ string) {
	if len(args) == 0 {
		r.errorf("play: want one or more moves")
		return
	}
	r.playWords(args, false)
}

// playWords plays moves typed by the person, all or nothing. bare says they
// were typed without a command: a first word that is neither a move nor a
// command may be a misspelt command.
func (r *repl) playWords(words []string, bare bool) {
	st := r.t.State()
	if st.Player() == games.Terminal {
		r.errorf("the game is over (%s): 'new' starts another, 'undo' takes back a move", st.EndReason())
		return
	}
	n := len(r.t.History())
	e := r.t.Play(words)
	if e != nil {
		if _, err := st.ParseMove(words[0]); bare && err != nil {
			if s := suggestCommand(words[0]); s != "" {
				r.errorf("unknown command %q%s; 'help' lists the commands", words[0], s)
				return
			}
		}
		msg := e.Msg
		if len(words) == 1 {
			msg = strings.TrimPrefix(msg, "move 1: ")
		}
		if ts, ok := st.(turnState); ok && e.Kind == table.IllegalMove && len(words) == 1 &&
			strings.EqualFold(words[0], "end") && ts.Played() < ts.Required() {
			due := ts.Required() - ts.Played()
			msg = fmt.Sprintf("end: %d more %s due before the turn ends (%d played of %d)",
				due, plural(due, "card is", "cards are"), ts.Played(), ts.Required())
		}
		r.errorf("%s", msg)
		if e.Kind == table.IllegalMove {
			r.listLegal(words)
		}
		return
	}
	think := time.Since(r.asked)
	if r.asked.IsZero() {
		think = 0
	}
	r.logSince(n, think)
	r.changed()
}

// turnState is a state whose turn is several moves with a minimum before
// the move "end" may end it (The Game: cards played of those required).
type turnState interface {
	Played() int
	Required() int
}

// listLegal lists the legal moves after the person typed words that are
// not all legal: in the state's SAN when one of the words is not shaped
// like a move in the game's own notation (Nf4 rather than g1f3), else in
// that notation.
func (r *repl) listLegal(words []string) {
	legal := r.t.LegalMoves()
	own := func(w string) bool {
		return slices.ContainsFunc(legal, func(m string) bool { return shape(m) == shape(w) })
	}
	if san := r.sanMoves(); len(san) > 0 && !all(words, own) {
		r.printf("legal moves: %s\n", strings.Join(san, " "))
		return
	}
	r.printf("legal moves: %s\n", strings.Join(legal, " "))
}

func all(words []string, f func(string) bool) bool {
	for _, w := range words {
		if !f(w) {
			return false
		}
	}
	return true
}

// shape is s with its lower-case letters as a, upper-case as A and digits
// as 9: e2e4 and g1f3 have one shape, Nf3 another.
func shape(s string) string {
	return strings.Map(func(c rune) rune {
		switch {
		case c >= 'a' && c <= 'z':
			return 'a'
		case c >= 'A' && c <= 'Z':
			return 'A'
		case c >= '0' && c <= '9':
			return '9'
		}
		return c
	}, s)
}

// logSince logs the table's history from step n on: the players' moves
// (the first with the person's thinking time) and the chance outcomes; and
// drops the moves that could be redone unless the first is the next of
// them.
func (r *repl) logSince(n int, think time.Duration) {
	moves := r.t.Moves()
	for i, s := range r.t.History()[n:] {
		p := record.Ply{Move: moves[n+i], Seat: s.Seat + 1}
		if s.Chance {
			p.Seat = 0
		} else if i == 0 {
			p.Micro = think.Microseconds()
		}
		r.log = append(r.log, p)
	}
	r.dropRedo(moves[n])
}

// dropRedo forgets the moves undo took back, unless move is the next of
// them (then only it is forgotten: it has been played again).
func (r *repl) dropRedo(move string) {
	if k := len(r.redo); k > 0 && r.redo[k-1][0].Move == move {
		r.redo = r.redo[:k-1]
		return
	}
	r.redo = nil
}

func (r *repl) moves(args []string, _ string) {
	if r.t.State().Player() == games.Terminal {
		r.printf("no legal moves: the game is over\n")
		return
	}
	ms := r.t.LegalMoves()
	r.printf("legal moves (%d): %s\n", len(ms), strings.Join(ms, " "))
	if san := r.sanMoves(); len(san) > 0 {
		r.printf("in SAN: %s\n", strings.Join(san, " "))
	}
}

// sanState is implemented by states with a standard notation of their own
// beside the game's (chess: SAN); ParseMove is expected to read it too.
type sanState interface {
	SAN(m games.Move) string
}

// sanMoves lists the legal moves in the state's SAN, if it has one.
func (r *repl) sanMoves() []string {
	st := r.t.State()
	ss, ok := st.(sanState)
	if !ok {
		return nil
	}
	var out []string
	for _, m := range st.LegalMoves(nil) {
		out = append(out, ss.SAN(m))
	}
	return out
}

// count reads an optional repeat count.
func (r *repl) count(cmd string, args []string) (int, bool) {
	switch len(args) {
	case 0:
		return 1, true
	case 1:
		if n, err := strconv.Atoi(args[0]); err == nil && n >= 1 {
			return n, true
		}
	}
	r.errorf("%s: want a count of 1 or more, have %q", cmd, strings.Join(args, " "))
	return 0, false
}

func (r *repl) undo(args []string, _ string) {
	n, ok := r.count("undo", args)
	if !ok {
		return
	}
	done, plies := 0, len(r.redo)
	for range n {
		if !r.undoTurn() {
			break
		}
		done++
	}
	plies = len(r.redo) - plies
	if done == 0 {
		r.errorf("nothing to undo")
		return
	}
	if r.o.Mode == Watch {
		r.paused = true
	}
	r.changed()
	var undone []string
	for i := len(r.redo) - 1; i >= len(r.redo)-plies; i-- {
		undone = append(undone, r.redo[i][0].Move)
	}
	r.printf("took back %s; 'redo' plays %s again\n", strings.Join(undone, " "), plural(plies, "it", "them"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// undoTurn takes back one turn: against the engine, the person's last move
// and every move after it; otherwise the last move.
func (r *repl) undoTurn() bool {
	h := r.t.History()
	last := -1
	for i := len(h) - 1; i >= 0; i-- {
		if !h[i].Chance && (r.o.Mode != HumanVsEngine || r.humans[h[i].Seat]) {
			last = i
			break
		}
	}
	if last < 0 {
		return false
	}
	for len(r.t.History()) > last {
		r.undoOne()
	}
	return true
}

// undoOne takes back the last player move and its chance outcomes, keeping
// them for redo.
func (r *repl) undoOne() {
	h := r.t.History()
	k := len(h) - 1
	for h[k].Chance {
		k--
	}
	r.redo = append(r.redo, slices.Clone(r.log[k:]))
	r.log = r.log[:k]
	if e := r.t.Undo(1); e != nil {
		panic("repl: undo of a played move: " + e.Msg)
	}
	if r.t.Game().Type().Chance {
		r.resync()
	}
}

// resync rebuilds the table from its start so that its chance RNG stands
// where a game that never took a move back would have it: every outcome
// of a saved game is then the one the referee's replay draws.
func (r *repl) resync() {
	t, err := replayTable(r.t.Variant(), r.t.Start(), r.seed, r.log)
	if err != nil || !slices.Equal(t.Moves(), r.t.Moves()) {
		fmt.Fprintf(r.o.Stderr, "meeple play: warning: the chance outcomes are out of step with the seed; a saved game may not replay\n")
		return
	}
	r.t = t
}

// replayTable sets up a table at start and plays the players' moves of
// plies one by one, drawing every chance outcome from the seed's RNG.
func replayTable(v *games.Variant, start string, seed uint64, plies []record.Ply) (*table.Table, error) {
	t := table.New(record.ChanceSource(seed))
	if e := t.UseVariant(v); e != nil {
		return nil, e
	}
	if e := t.SetPosition(start, nil); e != nil {
		return nil, e
	}
	for _, p := range plies {
		if p.Chance() {
			continue
		}
		if e := t.Play([]string{p.Move}); e != nil {
			return nil, e
		}
	}
	return t, nil
}

func (r *repl) redoCmd(args []string, _ string) {
	n, ok := r.count("redo", args)
	if !ok {
		return
	}
	done := 0
	for range n {
		if len(r.redo) == 0 || r.t.State().Player() == games.Terminal {
			break
		}
		r.redoOne()
		done++
		for r.o.Mode == HumanVsEngine && len(r.redo) > 0 && !r.humanTurn() && r.t.State().Player() != games.Terminal {
			r.redoOne()
		}
	}
	if done == 0 {
		r.errorf("nothing to redo")
		return
	}
	r.changed()
}

// redoOne plays the next undone move again, keeping its record (time and
// score).
func (r *repl) redoOne() {
	k := len(r.redo) - 1
	group := r.redo[k]
	r.redo = r.redo[:k]
	n := len(r.t.History())
	if e := r.t.Play([]string{group[0].Move}); e != nil {
		panic("repl: redo of an undone move: " + e.Msg)
	}
	r.log = append(r.log, group[0])
	moves := r.t.Moves()
	for i := n + 1; i < len(moves); i++ {
		r.log = append(r.log, record.Ply{Move: moves[i], Seat: 0})
	}
}

// humanTurn reports whether a person is to move.
func (r *repl) humanTurn() bool {
	p := r.t.State().Player()
	return p >= 0 && r.humans[p]
}

// engineFor is the engine that plays or advises seat p.
func (r *repl) engineFor(p int) seatEngine {
	if r.humans[p] {
		return r.engines[0]
	}
	return r.engineOf(p)
}

func (r *repl) hint(args []string, _ string) {
	p := r.t.State().Player()
	if p < 0 {
		r.errorf("the game is over: no hint")
		return
	}
	e := r.engineFor(p)
	th, err := r.think(e, p, fmt.Sprintf("hint for %s (%s) thinking", r.t.SeatName(p), e.name()))
	switch {
	case err == errInterrupted:
		r.printf("hint stopped\n")
		return
	case err != nil:
		r.errorf("hint: %s: %v", e.name(), err)
		return
	}
	line := fmt.Sprintf("hint for %s: %s", r.t.SeatName(p), r.o.Style.paint(sgrBold, th.Move))
	if san := r.san(th.Move); san != "" && san != th.Move {
		line = fmt.Sprintf("hint for %s: %s (%s)", r.t.SeatName(p), r.o.Style.paint(sgrBold, san), th.Move)
	}
	if d := th.details(r.units(), len(r.t.Seats())); d != "" {
		line += "  " + d
	}
	r.printf("%s\n", line)
}

func (r *repl) goCmd(args []string, _ string) {
	p := r.t.State().Player()
	if p < 0 {
		r.errorf("the game is over")
		return
	}
	r.paused = false
	if r.humans[p] {
		r.engineMove(p)
	}
}

func (r *repl) newCmd(args []string, rest string) {
	v := r.t.Variant()
	if rest != "" {
		spec, set, e := table.SplitSpec(rest)
		if e == nil {
			v, e = table.LoadVariant(spec, set)
		}
		if e != nil {
			r.errorf("new: %s", e.Msg)
			return
		}
	}
	r.seed++
	t := table.New(record.ChanceSource(r.seed))
	if e := t.UseVariant(v); e != nil {
		r.errorf("new: %s", e.Msg)
		return
	}
	r.setTable(t)
	r.newGame()
	r.printf("\n")
	r.greet()
}

// setTable puts a new table in place and seats the players again (the
// number of seats may have changed); a person's seat that the new variant
// lacks becomes the first.
func (r *repl) setTable(t *table.Table) {
	old := r.t
	r.t = t
	if err := r.seat(); err != nil {
		r.o.As = ""
		r.seat()
		if len(old.Seats()) != len(t.Seats()) {
			r.printf("you play %s\n", t.SeatName(0))
		}
	}
}

func (r *repl) board(args []string, _ string) { r.drawBoard() }

func (r *repl) flipCmd(args []string, _ string) {
	r.flip = !r.flip
	r.drawBoard()
}

func (r *repl) levelCmd(args []string, rest string) {
	if rest == "" {
		r.printf("level %s\n", r.level)
		return
	}
	lv, err := engine.ParseLevel(rest)
	if err != nil {
		r.errorf("%v", err)
		return
	}
	r.level = lv
	r.printf("level %s\n", r.level)
}

func (r *repl) position(args []string, _ string) {
	if v := r.viewer(); v >= 0 && hidden(r.t.Game()) {
		r.printf("%s\n", r.t.View(v))
		return
	}
	r.printf("%s\n", r.t.State().Position())
}

func (r *repl) help(args []string, _ string) {
	if len(args) > 0 {
		c, ok := lookup(strings.ToLower(args[0]))
		if !ok {
			r.errorf("help: no command %q%s", args[0], games.Suggest(args[0], commandNames()))
			return
		}
		r.printf("%s\n", usageLine(c))
		return
	}
	r.printf("Type a move in the game's notation, or a command:\n")
	for _, c := range commands {
		r.printf("%s\n", usageLine(c))
	}
	d := r.t.Game().Describe()
	r.printf("Moves: %s.\n", d.Moves)
	r.printf("Tab completes commands and moves; Ctrl-C stops the engine or clears the line; Ctrl-D quits.\n")
}

func usageLine(c command) string {
	name := c.name
	if c.args != "" {
		name += " " + c.args
	}
	if len(c.aliases) > 0 {
		name += " (" + strings.Join(c.aliases, ", ") + ")"
	}
	return fmt.Sprintf("  %-34s %s", name, c.doc)
}

func (r *repl) quitCmd(args []string, _ string) { r.quit = true }

// record is the game as the referee records it. An unfinished game is
// recorded as unterminated: result *, every return 0, no loser.
func (r *repl) record() *record.Record {
	st := r.t.State()
	rec := &record.Record{
		Variant: r.t.Variant().Name, Rules: r.t.Variant().Spec(), Seed: r.seed,
		Start: r.t.Start(), Plies: slices.Clone(r.log), Meeple: version.String(),
	}
	if rec.Start == "" {
		rec.Start = record.StartPos
	}
	for p := range r.t.Seats() {
		name := "human"
		if !r.humans[p] {
			name = r.engineOf(p).name()
		}
		rec.Seats = append(rec.Seats, name)
	}
	if st.Player() == games.Terminal {
		rec.Returns, rec.Termination, rec.Reason = st.Returns(), record.Normal, st.EndReason()
	} else {
		rec.Returns, rec.Termination = make([]float64, len(rec.Seats)), record.Unterminated
		rec.Reason = fmt.Sprintf("saved in progress by meeple play after %d plies", r.t.Played())
	}
	rec.SetTeam(r.t.Game().Type())
	return rec
}

func (r *repl) save(args []string, rest string) {
	if rest == "" {
		r.errorf("save: want a file name")
		return
	}
	rec := r.record()
	check := *rec
	check.Plies = slices.Clone(rec.Plies)
	if err := record.Replay(&check); err != nil {
		r.errorf("save: the record would not replay: %v", err)
		return
	}
	f, err := os.Create(rest)
	if err != nil {
		r.errorf("save: %v", err)
		return
	}
	err = rec.WriteText(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		r.errorf("save: %v", err)
		return
	}
	r.printf("saved %d %s to %s (%s)\n", len(rec.Plies), plural(len(rec.Plies), "ply", "plies"), rest, rec.Result())
}

func (r *repl) load(args []string, _ string) {
	if len(args) < 1 || len(args) > 2 {
		r.errorf("load: want a file name and an optional game number")
		return
	}
	rs, err := referee.ReadFile(args[0])
	if err != nil {
		r.errorf("load: %v", err)
		return
	}
	if len(rs) == 0 {
		r.errorf("load: %s holds no game", args[0])
		return
	}
	k := len(rs)
	if len(args) == 2 {
		if k, err = strconv.Atoi(args[1]); err != nil || k < 1 || k > len(rs) {
			r.errorf("load: game %q: want 1..%d", args[1], len(rs))
			return
		}
	}
	rec := rs[k-1]
	if err := record.Replay(rec); err != nil {
		r.errorf("load: game %d of %s does not replay: %v", k, args[0], err)
		return
	}
	v, e := table.LoadVariant(rec.Rules, nil)
	if e != nil {
		r.errorf("load: %s", e.Msg)
		return
	}
	if rec.Variant != "" {
		named := *v
		named.Name = rec.Variant
		v = &named
	}
	start := rec.Start
	if start == record.StartPos {
		start = ""
	}
	t, err := replayTable(v, start, rec.Seed, rec.Plies)
	want := make([]string, len(rec.Plies))
	for i, p := range rec.Plies {
		want[i] = p.Move
	}
	if err != nil || !slices.Equal(t.Moves(), want) {
		// The record's chance outcomes are not the seed's draws in order
		// (book plies drawn apart, say): play them as given.
		t = table.New(record.ChanceSource(rec.Seed))
		e := t.UseVariant(v)
		if e == nil {
			e = t.SetPosition(start, want)
		}
		if e != nil {
			r.errorf("load: %s", e.Msg)
			return
		}
	}
	r.seed = rec.Seed
	r.setTable(t)
	r.newGame()
	r.log = slices.Clone(rec.Plies)
	r.paused = r.o.Mode == Watch
	r.printf("loaded game %d of %s: %s, %s (%s), %d %s\n", k, args[0], strings.Join(rec.Seats, " vs "),
		rec.Result(), rec.Termination, len(rec.Plies), plural(len(rec.Plies), "ply", "plies"))
	if rec.Termination != record.Normal {
		r.printf("%s\n", rec.Reason)
	}
}
