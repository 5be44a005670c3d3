package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/search"
	"github.com/meeple-games/meeple/internal/version"
)

// gtp is the Go Text Protocol, version 2, as GUIs and tools written for
// GTP Othello engines (Quarry, gtp-rhino's users) speak it, for the 2-D
// two-player placement games: Othello and the k-in-a-row boards. It is
// the engine side of protocol/client's GTP client and shares its vertices
// and colours with it (gtpwire.go: GTPGeometry, GTPVertex, GTPColour).
//
// GTP is strictly one reply per command: "=[id] text" or "?[id] message",
// then a blank line. genmove searches in the foreground: its reply is the
// move, and the next command is read only after it.
type gtp struct {
	s *session
	// noGame says why the variant loaded cannot be played over GTP (set
	// when the session starts with such a variant); set_game ends it.
	noGame *Error
	vertex GTPVertex
	// plies holds, per GTP move on the board, the players' moves it made:
	// 1, or 2 when it implied the other side's pass first. undo takes back
	// one entry.
	plies []int
	clock gtpClock
	// limits is the search of a genmove without a clock (Options.Limits);
	// its nodes and depth cap a search under a clock too.
	limits search.Limits
}

// gtpDefaultMoveTime is how long genmove thinks without a clock and
// without Options.Limits.
const gtpDefaultMoveTime = time.Second

// gtpName is the engine's name, the reply to name.
const gtpName = "meeple"

// gtpCommands are the commands in list_commands order.
var gtpCommands = []string{
	"protocol_version", "name", "version", "known_command", "list_commands", "quit",
	"boardsize", "clear_board", "komi", "play", "genmove", "undo",
	"time_settings", "time_left", "final_score", "showboard", "reg_genmove",
	"set_game", "list_games",
}

// isGTPLine reports whether a first request line is a GTP command (after
// an optional numeric id) that picks the GTP dialect: one of GTP's own,
// not one the native protocol knows too (play, undo, quit).
func isGTPLine(line string) bool {
	_, rest := SplitID(line)
	name, _ := CutWord(rest)
	_, native := nativeCommands[name]
	return gtpKnown(name) && !native
}

func newGTP(s *session) frontEnd {
	g := &gtp{s: s}
	if s.o.defaultVariant && s.variant.Family != "othello" {
		// With no variant named, GTP means Othello: its GUIs' game.
		if e := s.newVariant("othello", nil); e != nil {
			panic("protocol: gtp: cannot load othello: " + e.Msg)
		}
	}
	if e := g.fit(); e != nil {
		g.noGame = e
		s.stderr("gtp: %s (set_game picks another)", e.Msg)
	}
	g.limits = search.Limits{MoveTime: gtpDefaultMoveTime}
	if s.o.Limits != "" {
		// Run checked them.
		lim, _ := parseEngineLimits(s.o.Limits)
		g.limits = lim
	}
	return g
}

// fit reads the loaded variant's vertices, or says why GTP cannot play it.
func (g *gtp) fit() *Error {
	v, _, _, err := GTPGeometry(g.s.game)
	if err != nil {
		return errorf(BadVariant, "%s: %v", g.s.variant.Name, err)
	}
	g.vertex = v
	return nil
}

// gtpReply is the text of a success ("=") or a failure ("?").
type gtpReply struct {
	text string
	fail bool
}

func gtpOK(format string, args ...any) gtpReply {
	return gtpReply{text: fmt.Sprintf(format, args...)}
}

// gtpFail is a failure reply with GTP's own message; detail, when there
// is one, goes to stderr.
func (g *gtp) gtpFail(msg string, detail *Error) gtpReply {
	if detail != nil {
		g.s.stderr("gtp: %s: %s: %s", msg, detail.Code, detail.Msg)
	}
	return gtpReply{text: msg, fail: true}
}

func (g *gtp) handle(line string) (quit bool) {
	id := ""
	defer survive(g.s, func(e *Error) { g.write(id, g.gtpFail("internal error", e)) }, &quit)
	// GTP's preprocessing: a comment runs from # to the end of the line,
	// control characters are dropped and tabs are spaces.
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	line = strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 32 || r == 127:
			return -1
		}
		return r
	}, line)
	if strings.TrimSpace(line) == "" {
		return false
	}
	id, rest := SplitID(line)
	name, rest := CutWord(rest)
	args := strings.Fields(rest)
	var r gtpReply
	switch name {
	case "":
		r = g.gtpFail("syntax error", errorf(Syntax, "an id and no command"))
	case "quit":
		g.write(id, gtpOK(""))
		return true
	default:
		r = g.run(name, args)
	}
	g.write(id, r)
	return false
}

// write sends one reply: "=id text" or "?id text", its other lines, and
// the blank line that ends it. A blank line inside the text is dropped
// (it would end the reply).
func (g *gtp) write(id string, r gtpReply) {
	mark := "="
	if r.fail {
		mark = "?"
	}
	var lines []string
	for _, l := range strings.Split(r.text, "\n") {
		if l = strings.TrimRight(l, " \r"); l != "" || len(lines) == 0 {
			lines = append(lines, l)
		}
	}
	lines[0] = strings.TrimRight(mark+id+" "+lines[0], " ")
	g.s.w.lines(append(lines, "")...)
}

func (g *gtp) tooLong(prefix string) {
	g.write("", g.gtpFail("line too long", errorf(TooLong, "line longer than %d bytes ignored (%s...)", MaxLine, prefix)))
}

// run carries out one command.
func (g *gtp) run(name string, args []string) gtpReply {
	s := g.s
	want := func(n int) bool { return len(args) == n }
	switch name {
	case "protocol_version":
		return gtpOK("2")
	case "name":
		return gtpOK(gtpName)
	case "version":
		return gtpOK("%s", version.String())
	case "known_command":
		if !want(1) {
			return g.gtpFail("syntax error", nil)
		}
		return gtpOK("%t", gtpKnown(args[0]))
	case "list_commands":
		return gtpOK("%s", strings.Join(gtpCommands, "\n"))
	case "list_games":
		return gtpOK("%s", strings.Join(gtpGames(), "\n"))
	case "set_game":
		if len(args) == 0 {
			return g.gtpFail("syntax error", nil)
		}
		return g.setGame(strings.Join(args, " "))
	case "komi":
		// Komi is Go's; these games have none. Read and ignored.
		if !want(1) {
			return g.gtpFail("syntax error", nil)
		}
		if _, err := strconv.ParseFloat(args[0], 64); err != nil {
			return g.gtpFail("syntax error", errorf(Syntax, "komi %q: want a number", args[0]))
		}
		return gtpOK("")
	case "time_settings":
		n, ok := gtpInts(args, 3)
		if !ok {
			return g.gtpFail("syntax error", errorf(Syntax, "time_settings: want main_time byo_yomi_time byo_yomi_stones, whole numbers 0 or more"))
		}
		g.clock.settings(seconds(n[0]), seconds(n[1]), n[2])
		return gtpOK("")
	case "time_left":
		if len(args) != 3 {
			return g.gtpFail("syntax error", nil)
		}
		c, ok := gtpColourOf(args[0])
		n, okN := gtpInts(args[1:], 2)
		if !ok || !okN {
			return g.gtpFail("syntax error", errorf(Syntax, "time_left: want colour seconds stones"))
		}
		g.clock.left(c, seconds(n[0]), n[1])
		return gtpOK("")
	}
	if !gtpKnown(name) {
		return g.gtpFail("unknown command", errorf(UnknownCommand, "%q", name))
	}
	// The rest need a game GTP can play.
	if g.noGame != nil {
		return g.gtpFail("no game", g.noGame)
	}
	switch name {
	case "boardsize":
		if !want(1) {
			return g.gtpFail("syntax error", nil)
		}
		n, err := strconv.Atoi(args[0])
		if err != nil {
			return g.gtpFail("syntax error", errorf(Syntax, "boardsize %q: want a whole number", args[0]))
		}
		return g.boardsize(n)
	case "clear_board":
		return g.clear()
	case "play":
		if !want(2) {
			return g.gtpFail("syntax error", nil)
		}
		return g.play(args[0], args[1])
	case "genmove", "reg_genmove":
		if !want(1) {
			return g.gtpFail("syntax error", nil)
		}
		return g.genmove(args[0], name == "genmove")
	case "undo":
		if len(g.plies) == 0 {
			return g.gtpFail("cannot undo", nil)
		}
		n := g.plies[len(g.plies)-1]
		if e := s.undo(n); e != nil {
			return g.gtpFail("cannot undo", e)
		}
		g.plies = g.plies[:len(g.plies)-1]
		return gtpOK("")
	case "showboard":
		return gtpOK("\n%s", g.board())
	case "final_score":
		return g.finalScore()
	}
	panic("protocol: gtp: command " + name + " listed and not handled")
}

func gtpKnown(name string) bool {
	for _, c := range gtpCommands {
		if c == name {
			return true
		}
	}
	return false
}

// gtpInts reads n whole numbers, each 0 or more.
func gtpInts(args []string, n int) ([]int, bool) {
	if len(args) != n {
		return nil, false
	}
	out := make([]int, n)
	for i, a := range args {
		v, err := strconv.Atoi(a)
		if err != nil || v < 0 || v > 1<<30 {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

func seconds(n int) time.Duration { return time.Duration(n) * time.Second }

// gtpColourOf reads a GTP colour (black, b, white, w, any case) as a seat:
// black is seat 1 (index 0), as gtpColour writes it.
func gtpColourOf(text string) (int, bool) {
	switch strings.ToLower(text) {
	case "black", "b":
		return 0, true
	case "white", "w":
		return 1, true
	}
	return 0, false
}

// gtpGames lists the games set_game takes by name: Othello (at any size
// boardsize allows), then the other shipped variants GTP can play.
func gtpGames() []string {
	names := []string{GTPOthello}
	for _, n := range games.ShippedNames() {
		v, err := games.LoadVariant(n)
		if err != nil || v.Family == "othello" {
			continue
		}
		if _, _, _, err := GTPGeometry(v.Game); err == nil {
			names = append(names, n)
		}
	}
	return names
}

// setGame loads a game by name: Othello (any case), a shipped variant, or
// an inline spec GTP can play, never a file. The board is cleared.
func (g *gtp) setGame(name string) gtpReply {
	spec := name
	if strings.EqualFold(name, GTPOthello) {
		spec = "othello"
	}
	if strings.ContainsAny(name, `/\`) || strings.Contains(name, ".toml") {
		return g.gtpFail("unknown game", errorf(BadVariant, "set_game %q: a game's name, not a file", name))
	}
	v, e := loadVariant(spec, nil)
	if e != nil {
		return g.gtpFail("unknown game", e)
	}
	if _, _, _, err := GTPGeometry(v.Game); err != nil {
		return g.gtpFail("unknown game", errorf(BadVariant, "%s: %v", name, err))
	}
	return g.use(v)
}

// use switches to v (or, when it is the variant loaded, clears the board).
func (g *gtp) use(v *games.Variant) gtpReply {
	s := g.s
	if g.noGame == nil && s.sameRules(v) {
		return g.clear()
	}
	if e := s.useVariant(v); e != nil {
		return g.gtpFail("unknown game", e)
	}
	g.noGame, g.plies = nil, nil
	if e := g.fit(); e != nil {
		panic("protocol: gtp: a variant checked by gtpGeometry does not fit: " + e.Msg)
	}
	return gtpOK("")
}

// boardsize sets an N x N board of the game loaded: the same rules with
// size N. A board that is not square (connect4, 7 x 6) keeps its shape;
// boardsize takes its larger side.
func (g *gtp) boardsize(n int) gtpReply {
	s := g.s
	d := s.game.Describe()
	w, h := d.Dims[0], d.Dims[1]
	if n == max(w, h) && (w != h || n == w) {
		return g.clear()
	}
	if w != h {
		return g.gtpFail("unacceptable size", errorf(BadVariant, "boardsize %d: the %s board is %d x %d", n, s.variant.Name, w, h))
	}
	v, e := loadVariant(s.variant.Spec(), []string{"size=" + strconv.Itoa(n)})
	if e != nil {
		return g.gtpFail("unacceptable size", e)
	}
	if _, _, _, err := GTPGeometry(v.Game); err != nil {
		return g.gtpFail("unacceptable size", errorf(BadVariant, "boardsize %d: %v", n, err))
	}
	return g.use(v)
}

// clear starts a new game on the same board.
func (g *gtp) clear() gtpReply {
	if e := g.s.reset(); e != nil {
		return g.gtpFail("cannot clear the board", e)
	}
	g.plies = nil
	return gtpOK("")
}

// turn makes it colour c's turn for a move: when the other side is to
// move and its one legal move is the pass, that pass is played (GTP
// clients such as Quarry never send a pass: they ask for two moves of the
// same colour in a row). It returns the plies played (0 or 1), or false
// when c cannot move now.
func (g *gtp) turn(c int) (int, bool) {
	s := g.s
	p := s.state().Player()
	if p == c {
		return 0, true
	}
	if p < 0 {
		return 0, false
	}
	if legal := s.legalMoves(); len(legal) == 1 && legal[0] == "pass" {
		if s.play(legal) == nil {
			return 1, true
		}
	}
	return 0, false
}

// play plays colour's vertex (or pass).
func (g *gtp) play(colour, vertex string) gtpReply {
	s := g.s
	c, ok := gtpColourOf(colour)
	if !ok {
		return g.gtpFail("syntax error", errorf(Syntax, "play: %q is not a colour (black or white)", colour))
	}
	move, err := g.vertex.FromGTP(vertex)
	if err != nil {
		return g.gtpFail("syntax error", errorf(Syntax, "play: %v", err))
	}
	passes, ok := g.turn(c)
	if !ok {
		return g.gtpFail("illegal move", errorf(IllegalMove, "play %s %s: it is not %s's turn (%s)", colour, vertex, GTPColour(c), g.whoseTurn()))
	}
	if e := s.play([]string{move}); e != nil {
		g.undoPasses(passes)
		return g.gtpFail("illegal move", e)
	}
	g.plies = append(g.plies, passes+1)
	return gtpOK("")
}

// undoPasses takes back the pass turn played for a move that failed.
func (g *gtp) undoPasses(n int) {
	if n > 0 {
		if e := g.s.undo(n); e != nil {
			panic("protocol: gtp: cannot take back a pass just played: " + e.Msg)
		}
	}
}

// whoseTurn says who is to move, for messages.
func (g *gtp) whoseTurn() string {
	st := g.s.state()
	if p := st.Player(); p >= 0 {
		return GTPColour(p) + " is to move"
	}
	return "the game is over"
}

// genmove searches a move for colour and, unless reg_genmove (play false),
// plays it. A colour that cannot move (the game is over, or the other side
// is to move and has a move) is answered pass, and nothing changes.
func (g *gtp) genmove(colour string, play bool) gtpReply {
	s := g.s
	c, ok := gtpColourOf(colour)
	if !ok {
		return g.gtpFail("syntax error", errorf(Syntax, "genmove: %q is not a colour (black or white)", colour))
	}
	passes, ok := g.turn(c)
	if !ok {
		return gtpOK("pass")
	}
	start := time.Now()
	move, e := g.think(c)
	if play {
		g.clock.spent(c, time.Since(start))
	}
	if e == nil && play {
		e = s.play([]string{move})
	}
	if e != nil || !play {
		g.undoPasses(passes)
	}
	if e != nil {
		return g.gtpFail("cannot generate a move", e)
	}
	if play {
		g.plies = append(g.plies, passes+1)
	}
	vertex, err := g.vertex.ToGTP(move)
	if err != nil {
		return g.gtpFail("cannot generate a move", errorf(Internal, "%v", err))
	}
	return gtpOK("%s", vertex)
}

// think searches the position for seat c (to move) within its clock and
// returns the move in the game's notation. A single legal move is played
// without a search.
func (g *gtp) think(c int) (string, *Error) {
	s := g.s
	if legal := s.legalMoves(); len(legal) == 1 {
		return legal[0], nil
	}
	type result struct {
		move string
		e    *Error
	}
	ch := make(chan result, 1)
	e := s.startSearch(g.searchLimits(c), reporter{
		info: func(search.Info, *pvFormatter) {},
		done: func(_ search.Result, move string, e *Error) { ch <- result{move, e} },
	})
	if e != nil {
		return "", e
	}
	select {
	case r := <-ch:
		s.stop() // reaps the finished search goroutine
		return r.move, r.e
	case <-s.ctx.Done():
		s.stop()
		return "", errorf(Internal, "the session ended during the search")
	}
}

// searchLimits are genmove's limits for seat c: its clock when one is
// set, else the session's limits; a node or depth limit of the session's
// applies under a clock too.
func (g *gtp) searchLimits(c int) search.Limits {
	lim, ok := g.clock.limits(c, len(g.s.seats))
	if !ok {
		return g.limits
	}
	lim.Nodes, lim.Depth = g.limits.Nodes, g.limits.Depth
	return lim
}

// board draws the position with GTP's vertex names (the picture's cells,
// each piece by its letter, "." for an empty cell), then whose turn it is
// and the game's notes.
func (g *gtp) board() string {
	st := g.s.state()
	var b strings.Builder
	ps, ok := st.(games.Pictured)
	if !ok {
		b.WriteString(strings.TrimRight(st.String(), "\n"))
	} else {
		d := g.s.game.Describe()
		pic := ps.Picture(-1)
		w, h := d.Dims[0], d.Dims[1]
		width := len(strconv.Itoa(h))
		header := strings.Repeat(" ", width)
		for col := range w {
			header += " " + string(g.vertex.column(col))
		}
		b.WriteString(header + "\n")
		for i := range h {
			row := h - 1 - i
			if d.RowsDown {
				row = i
			}
			fmt.Fprintf(&b, "%*d", width, row+1)
			for col := range w {
				mark := "."
				if cell := row*w + col; cell < len(pic.Cells) && len(pic.Cells[cell]) > 0 {
					if k := pic.Cells[cell][len(pic.Cells[cell])-1]; k >= 0 && k < len(d.Pieces) {
						mark = d.Pieces[k].Letter
					}
				}
				b.WriteString(" " + mark)
			}
			fmt.Fprintf(&b, " %d\n", row+1)
		}
		b.WriteString(header + "\n")
		for _, n := range pic.Notes {
			b.WriteString(n + "\n")
		}
	}
	if p := st.Player(); p >= 0 {
		fmt.Fprintf(&b, "%s to move", GTPColour(p))
	} else {
		fmt.Fprintf(&b, "the game is over (%s)", st.EndReason())
	}
	return b.String()
}

// scorer is a state with a score: Othello's disc difference for a seat,
// empty squares to the winner.
type scorer interface{ Score(seat int) int }

// finalScore is the result of a finished game as GTP writes it: B+12,
// W+3, or 0. The margin is the game's score (Othello: discs) or, in a
// game without one, 1. An unfinished game cannot be scored.
func (g *gtp) finalScore() gtpReply {
	st := g.s.state()
	if st.Player() != games.Terminal {
		return g.gtpFail("cannot score", errorf(GameOver, "the game is not over"))
	}
	r := st.Returns()
	margin := 1
	if sc, ok := st.(scorer); ok {
		margin = sc.Score(0)
		if margin < 0 {
			margin = -margin
		}
	}
	switch w := games.Winner(r); {
	case w < 0 || margin == 0:
		return gtpOK("0")
	case w == 0:
		return gtpOK("B+%d", margin)
	default:
		return gtpOK("W+%d", margin)
	}
}

// gtpClock is the engine's clock as time_settings and time_left set it:
// main time, then byo-yomi periods of byoTime for byoStones moves
// (Canadian byo-yomi, GTP's model). Between time_left commands the engine
// counts its own time.
type gtpClock struct {
	on        bool
	main      time.Duration
	byoTime   time.Duration
	byoStones int
	rest      [2]time.Duration // the time left, per seat
	stones    [2]int           // moves left in the byo-yomi period; 0: main time
}

// settings is time_settings. A byo-yomi time with no stones means no time
// limit (GTP 2, 4.2), and so does no time at all (0 0 0).
func (k *gtpClock) settings(main, byoTime time.Duration, byoStones int) {
	*k = gtpClock{main: main, byoTime: byoTime, byoStones: byoStones}
	if byoStones == 0 {
		k.byoTime = 0
	}
	k.on = !(byoTime > 0 && byoStones == 0) && (main > 0 || k.byoTime > 0)
	for c := range k.rest {
		k.rest[c] = main
		if main == 0 {
			k.rest[c], k.stones[c] = k.byoTime, k.byoStones
		}
	}
}

// left is time_left: seat c has t left for stones moves (0: main time).
// It turns the clock on when time_settings has not.
func (k *gtpClock) left(c int, t time.Duration, stones int) {
	k.on = true
	k.rest[c], k.stones[c] = t, stones
}

// limits are the search limits of a move by seat c, false without a clock.
// In main time the budget is the main time left (as the clock of go
// wtime), plus, when byo-yomi follows, a byo-yomi period's share per move
// as an increment; in byo-yomi, the period's time for its stones (as
// movestogo).
func (k *gtpClock) limits(c, seats int) (search.Limits, bool) {
	if !k.on {
		return search.Limits{}, false
	}
	lim := search.Limits{Time: make([]time.Duration, seats), Inc: make([]time.Duration, seats)}
	for i := range min(seats, len(k.rest)) {
		lim.Time[i] = max(k.rest[i], time.Millisecond)
	}
	switch {
	case k.stones[c] > 0:
		lim.MovesToGo = k.stones[c]
	case k.byoStones > 0 && k.rest[c] <= 0:
		// Main time is over: the first byo-yomi period starts.
		lim.Time[c], lim.MovesToGo = max(k.byoTime, time.Millisecond), k.byoStones
	case k.byoStones > 0:
		lim.Inc[c] = k.byoTime / time.Duration(k.byoStones)
	}
	return lim, true
}

// spent counts d against seat c's clock after one of its moves.
func (k *gtpClock) spent(c int, d time.Duration) {
	if !k.on {
		return
	}
	k.rest[c] -= d
	if k.stones[c] == 0 {
		if k.rest[c] >= 0 || k.byoStones == 0 {
			k.rest[c] = max(k.rest[c], 0)
			return
		}
		// Main time ran out during this move: it opens byo-yomi.
		k.rest[c] += k.byoTime
		k.stones[c] = k.byoStones
	}
	k.stones[c]--
	if k.stones[c] == 0 {
		k.rest[c], k.stones[c] = k.byoTime, k.byoStones // a new period
	}
	k.rest[c] = max(k.rest[c], 0)
}

// parseEngineLimits reads Options.Limits: go's words depth N, nodes N and
// movetime MS.
func parseEngineLimits(text string) (search.Limits, error) {
	var lim search.Limits
	f := strings.Fields(text)
	if len(f) == 0 || len(f)%2 != 0 {
		return lim, fmt.Errorf("limits %q: want pairs like \"nodes 20000\", \"depth 6\" or \"movetime 500\"", text)
	}
	for i := 0; i < len(f); i += 2 {
		v, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || v < 1 {
			return lim, fmt.Errorf("limits: %s %q: want a whole number, 1 or more", f[i], f[i+1])
		}
		switch f[i] {
		case "depth":
			lim.Depth = int(min(v, 1<<20))
		case "nodes":
			lim.Nodes = v
		case "movetime":
			lim.MoveTime = time.Duration(v) * time.Millisecond
		default:
			return lim, fmt.Errorf("limits: unknown word %q (want depth, nodes or movetime)", f[i])
		}
	}
	return lim, nil
}
