package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/table"
)

// Mode says who sits at the board.
type Mode uint8

const (
	HumanVsEngine Mode = iota // one person (seat Options.As); engines play every other seat
	Humans                    // people play every seat (hot seat)
	Watch                     // engines play every seat
)

// Options configure a session. The zero value plays tic-tac-toe as x
// against the built-in engine at engine.DefaultLevel.
type Options struct {
	Variant string   // a shipped name, a family, a .toml file or an inline spec (default tictactoe)
	Set     []string // key=value rule overrides
	Mode    Mode
	// As is the person's seat in HumanVsEngine: a seat name, p1.., 1..
	// ("" for the first seat).
	As string
	// Engines play the seats no person plays, in seat order; the last one
	// plays every seat left. None: the built-in engine. The first one also
	// gives the hints. A Cmd of Builtin is the built-in engine.
	Engines []referee.EngineConfig
	Level   engine.Level // zero: engine.DefaultLevel
	Seed    uint64
	Style   Style
	// Prompter makes what reads the person's lines, given the REPL's
	// completer; nil reads in without line editing (NewPlainPrompter),
	// echoing each line after its prompt.
	Prompter func(Completer) Prompter
	// Interrupt, when not nil, stops a running engine search (the REPL
	// then pauses): the terminal's Ctrl-C.
	Interrupt <-chan os.Signal
	// Self is the command line of cmd=@self (nil: this executable's engine
	// subcommand).
	Self   []string
	Stderr io.Writer // engines' stderr and warnings (nil: discarded)
	// Live shows an engine's thinking (time, depth, score, nodes, line)
	// on one line redrawn in place, cleared when it is done: for a
	// terminal. Width, when not nil, tells the terminal's width in
	// columns (0 or nil: 80), to cut the line to.
	Live  bool
	Width func() int
	// Delay is the pause before each engine move while watching, so a
	// person can follow the game (0: none).
	Delay time.Duration
	// HandOver, for people taking turns at one terminal at a game that
	// hides their hands: before each person's turn the screen is cleared
	// (scrollback too) and the next person is asked to take the keyboard
	// and press Enter; only then is their hand drawn.
	HandOver bool
}

// repl is one session.
type repl struct {
	ctx context.Context
	o   Options
	out io.Writer
	p   Prompter

	t       *table.Table
	seed    uint64
	humans  []bool       // per seat
	engines []seatEngine // per entry of Options.Engines
	level   engine.Level
	flip    bool
	paused  bool // engine seats wait for go (after an interruption, or an undo while watching)

	log  []record.Ply   // parallel to the table's history
	redo [][]record.Ply // undone moves, each with its chance outcomes, the next last
	game int            // counts the games (new, load), for the engines

	holder    int       // with Options.HandOver: the seat that has the keyboard, -1 none
	exposed   bool      // with Options.HandOver: a hand may be on the screen
	drawn     bool      // the current position has been drawn
	announced bool      // the end of the game has been announced
	asked     time.Time // when the person was first asked for the current position's move
	quit      bool
}

// Run plays in the terminal: it reads the person's commands through
// o.Prompter (or from in) and writes boards and answers to out, until quit
// or the end of input. It returns nil then, or the error that stopped it.
func Run(ctx context.Context, in io.Reader, out io.Writer, o Options) error {
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	if o.Variant == "" {
		o.Variant = "tictactoe"
	}
	if o.Level == (engine.Level{}) {
		o.Level = engine.DefaultLevel
	}
	r := &repl{ctx: ctx, o: o, out: out, seed: o.Seed, level: o.Level}
	r.t = table.New(record.ChanceSource(r.seed))
	if e := r.t.NewVariant(o.Variant, o.Set); e != nil {
		return e
	}
	if len(o.Engines) == 0 {
		o.Engines = []referee.EngineConfig{{Name: "meeple", Cmd: Builtin}}
		r.o.Engines = o.Engines
	}
	for _, ec := range o.Engines {
		var e seatEngine
		var err error
		if ec.Cmd == Builtin {
			e, err = newBuiltin(ec, o.Seed)
		} else {
			e, err = newProcess(ec, o.Self, o.Stderr)
		}
		if err != nil {
			return err
		}
		r.engines = append(r.engines, e)
	}
	defer func() {
		for _, e := range r.engines {
			if err := e.close(); err != nil {
				fmt.Fprintf(o.Stderr, "meeple play: %v\n", err)
			}
		}
	}()
	if err := r.seat(); err != nil {
		return err
	}
	if o.Prompter != nil {
		r.p = o.Prompter(r.complete)
	} else {
		r.p = NewPlainPrompter(in, out, true)
	}
	defer r.p.Close()
	r.newGame()
	r.greet()
	return r.loop()
}

// seat decides who plays each seat of the current variant.
func (r *repl) seat() error {
	n := len(r.t.Seats())
	r.humans = make([]bool, n)
	switch r.o.Mode {
	case Humans:
		for i := range r.humans {
			r.humans[i] = true
		}
	case HumanVsEngine:
		as := 0
		if r.o.As != "" {
			p, e := r.t.Seat(r.o.As)
			if e != nil {
				return fmt.Errorf("--as: %v", e)
			}
			as = p
		}
		r.humans[as] = true
	}
	return nil
}

// engineOf is the engine that plays seat p (an engine seat).
func (r *repl) engineOf(p int) seatEngine {
	k := 0
	for i := range p {
		if !r.humans[i] {
			k++
		}
	}
	return r.engines[min(k, len(r.engines)-1)]
}

// newGame starts bookkeeping for the game on the table.
func (r *repl) newGame() {
	r.game++
	for _, e := range r.engines {
		e.newGame(r.game)
	}
	r.log, r.redo = nil, nil
	r.holder = -1
	r.drawn, r.announced, r.paused = false, false, false
	r.logChance(0)
}

// logChance appends to the log the chance outcomes of the table's history
// from step from on.
func (r *repl) logChance(from int) {
	moves := r.t.Moves()
	for i := from; i < len(moves); i++ {
		if r.t.History()[i].Chance {
			r.log = append(r.log, record.Ply{Move: moves[i], Seat: 0})
		}
	}
}

func (r *repl) printf(format string, args ...any) { fmt.Fprintf(r.out, format, args...) }

// errorf reports a failed command.
func (r *repl) errorf(format string, args ...any) {
	r.printf("%s\n", r.o.Style.paint(sgrRed, fmt.Sprintf(format, args...)))
}

// who names the player of seat p for the person: "you", the seat name of a
// person in a hot-seat game, or the engine's name.
func (r *repl) who(p int) string {
	switch {
	case p < 0 || p >= len(r.humans):
		return r.t.SeatName(p)
	case r.humans[p] && r.o.Mode == HumanVsEngine:
		return "you"
	case r.humans[p]:
		return "a person"
	}
	return r.engineOf(p).name()
}

func (r *repl) greet() {
	v := r.t.Variant()
	r.printf("%s: %s\n", v.Name, v.Description)
	if r.o.Mode == Humans {
		r.printf("%s: people taking turns; hints at level %s\n", strings.Join(r.t.Seats(), ", "), r.level)
	} else {
		var seats []string
		for p, name := range r.t.Seats() {
			seats = append(seats, name+": "+r.who(p))
		}
		r.printf("%s; level %s\n", strings.Join(seats, ", "), r.level)
	}
	if r.t.Game().Type().Chance {
		r.printf("seed %d (--seed %d deals the same again)\n", r.seed, r.seed)
	}
	example := ""
	if d := r.t.Game().Describe(); d.MoveExample != "" {
		example = " (" + d.MoveExample + ")"
	}
	r.printf("Type a move%s, 'moves', 'hint' or 'help'.\n", example)
}

// ask prompts for a line, and gives up when the context ends (SIGTERM,
// SIGHUP): the read is left behind, blocked, and Run's deferred Close puts
// the terminal back as it was.
func (r *repl) ask(prompt string) (string, error) {
	type answer struct {
		line string
		err  error
	}
	ch := make(chan answer, 1)
	go func() {
		line, err := r.p.Prompt(prompt)
		ch <- answer{line, err}
	}()
	select {
	case a := <-ch:
		return a.line, a.err
	case <-r.ctx.Done():
		return "", context.Cause(r.ctx)
	}
}

// loop runs the session: engines move for their seats, people are asked
// for theirs.
func (r *repl) loop() error {
	for !r.quit {
		if r.ctx.Err() != nil {
			return context.Cause(r.ctx)
		}
		st := r.t.State()
		p := st.Player()
		over := p == games.Terminal
		engineTurn := !over && !r.humans[p] && !r.paused
		if !over && !r.drawn && r.o.HandOver && r.o.Mode == Humans && hidden(r.t.Game()) && p != r.holder {
			if err := r.handOver(p); err != nil {
				if err == io.EOF {
					r.printf("\n")
					return nil
				}
				return err
			}
		}
		if !r.drawn && (!engineTurn || r.o.Mode == Watch) {
			r.drawBoard()
		}
		if over && !r.announced {
			r.announce()
		}
		if engineTurn {
			if r.o.Mode == Watch && r.o.Delay > 0 && r.t.Played() > 0 && !r.wait() {
				continue
			}
			r.engineMove(p)
			continue
		}
		if r.asked.IsZero() {
			r.asked = time.Now()
		}
		line, err := r.ask(r.prompt())
		switch {
		case errors.Is(err, ErrAborted):
			continue
		case err == io.EOF:
			r.printf("\n")
			return nil
		case err != nil:
			return err
		}
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		r.p.AppendHistory(line)
		r.exec(line)
	}
	return nil
}

// clearScreen clears a terminal's screen and its scrollback.
const clearScreen = "\x1b[H\x1b[2J\x1b[3J"

// handOver clears the screen (when a hand has been drawn), so that the
// hand of the person who just played cannot be read, and waits for the person of seat p to take the
// keyboard and press Enter. Ctrl-C asks again; the end of input ends the
// session (io.EOF).
func (r *repl) handOver(p int) error {
	if r.exposed {
		r.printf("%s", clearScreen)
		r.exposed = false
	}
	for {
		r.printf("\n%s\n", r.o.Style.paint(sgrBold,
			fmt.Sprintf("%s, take the keyboard and press Enter (the others look away).", seatTitle(r.t.SeatName(p)))))
		_, err := r.p.Prompt("")
		if errors.Is(err, ErrAborted) {
			continue
		}
		if err != nil {
			return err
		}
		r.holder = p
		return nil
	}
}

// seatTitle writes a seat name for the start of a sentence: "player2" as
// "Player 2".
func seatTitle(name string) string {
	if n := strings.TrimLeft(name, "abcdefghijklmnopqrstuvwxyz"); n != name && n != "" && strings.Trim(n, "0123456789") == "" {
		name = name[:len(name)-len(n)] + " " + n
	}
	if name == "" {
		return name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// prompt is "tictactoe x> ", or "tictactoe> " once the game is over.
func (r *repl) prompt() string {
	p := r.t.State().Player()
	if p < 0 {
		return r.t.Variant().Name + "> "
	}
	return r.t.Variant().Name + " " + r.t.SeatName(p) + "> "
}

// lastMove is the last player move on the table, or games.NoMove.
func (r *repl) lastMove() games.Move {
	h := r.t.History()
	for i := len(h) - 1; i >= 0; i-- {
		if !h[i].Chance {
			return h[i].Move
		}
	}
	return games.NoMove
}

// viewer is the seat whose view is drawn: the person's seat, the person to
// move in a hot-seat game, -1 (everything) when watching.
func (r *repl) viewer() int {
	switch r.o.Mode {
	case Watch:
		return -1
	case Humans:
		if p := r.t.State().Player(); p >= 0 {
			return p
		}
		return r.t.LastMover()
	}
	return slices.Index(r.humans, true)
}

// drawBoard draws the position and says who is to move.
func (r *repl) drawBoard() {
	r.drawn = true
	r.exposed = r.o.HandOver
	st := r.t.State()
	r.printf("\n%s", r.render(st))
	switch p := st.Player(); {
	case p >= 0 && r.o.Mode == Humans:
		r.printf("%s to move\n", r.t.SeatName(p))
	case p >= 0:
		r.printf("%s to move (%s)\n", r.t.SeatName(p), r.who(p))
	}
}

// render draws st from its game's Description and its Picture as the
// viewer sees it: a card table, a board, or the picture's notes. A state
// with no picture is drawn by its String, or for imperfect information as
// the position string the viewer may see (never the hidden parts).
func (r *repl) render(st games.State) string {
	seat := r.viewer()
	g := r.t.Game()
	d := g.Describe()
	ps, ok := st.(games.Pictured)
	if !ok {
		if vs, ok := st.(games.ViewState); ok && hidden(g) && seat >= 0 {
			return fmt.Sprintf("position as %s sees it: %s\n", r.t.SeatName(seat), vs.View(seat))
		}
		return strings.TrimRight(st.String(), "\n") + "\n"
	}
	pic := picture(ps, seat, g.Type().Players)
	if d.Cards != nil {
		return drawCards(d, pic, st.Player())
	}
	var marks []int
	if last := r.lastMove(); last != games.NoMove {
		marks = ps.MoveCells(last)
	}
	if b := boardOf(d, pic, marks); b != nil {
		if p := st.Player(); p >= 0 && p < len(r.humans) && r.humans[p] {
			b.markLegal(placements(ps))
		}
		return b.Draw(r.o.Style, r.flip)
	}
	if len(pic.Notes) > 0 {
		return strings.Join(pic.Notes, "\n") + "\n"
	}
	return strings.TrimRight(st.String(), "\n") + "\n"
}

// placements are the cells where a legal move puts a piece: the moves that
// touch one cell (Othello's discs, Connect Four's drops).
func placements(ps games.Pictured) []int {
	var cells []int
	for _, m := range ps.LegalMoves(nil) {
		if c := ps.MoveCells(m); len(c) == 1 {
			cells = append(cells, c[0])
		}
	}
	return cells
}

// picture is the position as seat sees it; seat -1, a person watching
// engines, sees everything: every seat's hand.
func picture(ps games.Pictured, seat, players int) games.Picture {
	if seat >= 0 {
		return ps.Picture(seat)
	}
	pic := ps.Picture(-1)
	if pic.Cards != nil {
		c := *pic.Cards
		c.Hands = slices.Clone(c.Hands)
		for q := range min(players, len(c.Hands)) {
			if own := ps.Picture(q).Cards; own != nil && q < len(own.Hands) {
				c.Hands[q] = own.Hands[q]
			}
		}
		pic.Cards = &c
	}
	return pic
}

// announce says how the game ended: the game's reason, what it means for
// the person, and with more than two seats everyone's return.
func (r *repl) announce() {
	r.announced = true
	st := r.t.State()
	ret := st.Returns()
	line := "Game over: " + st.EndReason() + "."
	w := games.Winner(ret)
	team := r.t.Game().Type().TeamResult(ret) // a cooperative game: no seat wins, the team does or not
	switch {
	case team == "win":
		line += " The team wins."
	case team == "loss":
		line += " The team loses."
	case st.EndReason() == "" && w >= 0:
		line = "Game over: " + r.t.SeatName(w) + " wins."
	case st.EndReason() == "" && allEqual(ret):
		line = "Game over: a draw."
	}
	if r.o.Mode == HumanVsEngine {
		switch me := slices.Index(r.humans, true); {
		case team == "win":
			line += " You win."
		case team == "loss":
			line += " You lose."
		case w == me:
			line += " You win."
		case w >= 0 || ret[me] < slices.Max(ret):
			line += " You lose."
		default:
			line += " A draw."
		}
	}
	if len(ret) > 2 {
		var parts []string
		for p, x := range ret {
			parts = append(parts, fmt.Sprintf("%s %g", r.t.SeatName(p), x))
		}
		line += " Returns: " + strings.Join(parts, ", ") + "."
	}
	r.printf("%s\n", r.o.Style.paint(sgrBold, line))
	r.printf("'new' starts another game, 'undo' takes back a move, 'save FILE' keeps the record.\n")
}

func allEqual(ret []float64) bool {
	for _, x := range ret {
		if x != ret[0] {
			return false
		}
	}
	return true
}

// errInterrupted is an engine search stopped by the person.
var errInterrupted = errors.New("interrupted")

// think runs e for seat, stopping when the person interrupts. With
// Options.Live, its thinking shows on one line, headed by label, which is
// cleared when it is done.
func (r *repl) think(e seatEngine, seat int, label string) (thought, error) {
	ctx, cancel := context.WithCancel(r.ctx)
	defer cancel()
	if r.o.Interrupt != nil {
		for len(r.o.Interrupt) > 0 {
			<-r.o.Interrupt
		}
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-r.o.Interrupt:
				cancel()
			case <-done:
			}
		}()
	}
	var progress func(thought)
	if r.o.Live {
		w := 0
		if r.o.Width != nil {
			w = r.o.Width()
		}
		l := startLive(r.out, w, label, r.units(), len(r.t.Seats()))
		defer l.close()
		progress = func(th thought) {
			th.PV = r.sanLine(th.PV)
			l.report(th)
		}
	}
	th, err := e.think(ctx, r.t, seat, r.level, progress)
	if ctx.Err() != nil && r.ctx.Err() == nil {
		return th, errInterrupted
	}
	return th, err
}

// wait pauses Options.Delay before an engine move while watching. It
// reports false when the person interrupted it (the game then waits for
// go) or the session ends.
func (r *repl) wait() bool {
	t := time.NewTimer(r.o.Delay)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.ctx.Done():
		return false
	case <-r.o.Interrupt:
		r.paused = true
		r.printf("\nPaused. 'go' goes on watching.\n")
		return false
	}
}

// engineMove lets the engine of seat p move.
func (r *repl) engineMove(p int) {
	e := r.engineFor(p)
	th, err := r.think(e, p, fmt.Sprintf("%s (%s) thinking", r.t.SeatName(p), e.name()))
	san := ""
	if err == nil {
		san = r.san(th.Move)
		err = r.playMove(th.Move, th.ply(p))
	}
	switch {
	case errors.Is(err, errInterrupted):
		r.paused = true
		r.printf("\nStopped %s thinking for %s. 'go' lets it move; or play a move for %s.\n", e.name(), r.t.SeatName(p), r.t.SeatName(p))
		return
	case err != nil:
		r.paused = true
		r.errorf("%s (for %s): %v", e.name(), r.t.SeatName(p), err)
		r.printf("Paused: 'go' asks the engine again; or play a move for %s.\n", r.t.SeatName(p))
		return
	}
	line := fmt.Sprintf("%s plays %s", r.t.SeatName(p), r.o.Style.paint(sgrBold, th.Move))
	if san != "" && san != th.Move {
		line = fmt.Sprintf("%s plays %s (%s)", r.t.SeatName(p), r.o.Style.paint(sgrBold, san), th.Move)
	}
	if d := th.details(r.units(), len(r.t.Seats())); d != "" {
		line += "  " + d
	}
	r.printf("%s\n", line)
}

// sanLine writes a line of moves from the current position in the
// state's SAN, as far as they are legal; as given when the state has none.
func (r *repl) sanLine(moves []string) []string {
	if _, ok := r.t.State().(sanState); !ok || len(moves) == 0 {
		return moves
	}
	c := r.t.State().Clone()
	out := make([]string, 0, len(moves))
	for _, s := range moves {
		m, err := games.ParseLegal(c, s)
		if err != nil {
			return append(out, moves[len(out):]...)
		}
		out = append(out, c.(sanState).SAN(m))
		c.Play(m)
	}
	return out
}

// san writes a legal move in the state's SAN, "" when the state has none
// or the move is not legal.
func (r *repl) san(move string) string {
	ss, ok := r.t.State().(sanState)
	if !ok {
		return ""
	}
	m, err := games.ParseLegal(r.t.State(), move)
	if err != nil {
		return ""
	}
	return ss.SAN(m)
}

// playMove plays one move of an engine, logged as ply.
func (r *repl) playMove(move string, ply record.Ply) error {
	n := len(r.t.History())
	if e := r.t.Play([]string{move}); e != nil {
		return e
	}
	ply.Move = r.t.Moves()[n]
	r.log = append(r.log, ply)
	r.logChance(n + 1)
	r.dropRedo(ply.Move)
	r.changed()
	return nil
}

// changed notes that the position changed.
func (r *repl) changed() {
	r.drawn, r.announced = false, false
	r.asked = time.Time{}
}
