package protocol

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/search"
	"github.com/meeple-games/meeple/internal/table"
	"github.com/meeple-games/meeple/internal/version"
)

// native is the default dialect: every request is "[id] command args" and
// gets exactly one final line, "ok [id] ..." or "err [id] <code> <message>",
// after any payload lines. Every payload line starts with a word naming
// what it is (never ok or err), so a client reads up to the final line.
type native struct {
	s *session
}

func newNative(s *session) frontEnd { return &native{s: s} }

// request is one parsed request line.
type request struct {
	id   string   // the echoed id, "" if none
	name string   // the command
	args []string // the words after the command
	rest string   // the text after the command, spaces kept
}

// reply is a successful answer: payload lines, then "ok [id] text".
type reply struct {
	lines []string
	text  string
	later bool // the final line is written later by the search (go)
}

type nativeCommand struct {
	run   func(n *native, r *request) (reply, *Error)
	busy  bool // refused with busy while a search runs: it needs the position
	usage string
}

var nativeCommands map[string]nativeCommand

func init() {
	nativeCommands = map[string]nativeCommand{
		"hello":      {run: (*native).hello, usage: "handshake: protocol version, games, variants, options"},
		"meeple":     {run: (*native).hello, usage: "same as hello"},
		"help":       {run: (*native).help, usage: "list the commands"},
		"newgame":    {run: (*native).newgame, busy: true, usage: "[variant|file|inline] [key=value ...]"},
		"describe":   {run: (*native).describe, usage: "[variant]: players, board, moves, parameters"},
		"position":   {run: (*native).position, busy: true, usage: "[startpos | [fen] <position...>] [moves m1 m2 ...]"},
		"play":       {run: (*native).play, busy: true, usage: "<move> [move ...]"},
		"undo":       {run: (*native).undo, busy: true, usage: "[n]"},
		"legalmoves": {run: (*native).legalmoves, usage: "[cells]: the legal moves; with cells, as JSON with the cells each touches"},
		"picture":    {run: (*native).picture, usage: "[player|-1]: the position as data (JSON) as that player sees it"},
		"status":     {run: (*native).status, usage: "who moves, over, returns, reason"},
		"board":      {run: (*native).board, usage: "the position drawn for people"},
		"perft":      {run: (*native).perft, busy: true, usage: "<depth> [divide]"},
		"go":         {run: (*native).goSearch, usage: "[depth N] [nodes N] [movetime MS] [time P MS] [inc P MS] [pKtime MS] [pKinc MS] [movestogo N] [infinite]"},
		"stop":       {run: (*native).stop, usage: "end the search; its bestmove is printed first"},
		"isready":    {run: (*native).isready, usage: "answered at once, even during a search"},
		"wait":       {run: (*native).wait, usage: "for scripts: block until the running search ends by itself"},
		"setoption":  {run: (*native).setoption, busy: true, usage: "name <name> value <value>"},
		"seed":       {run: (*native).seed, busy: true, usage: "[n]: show or set the session seed"},
		"view":       {run: (*native).view, usage: "<player>: what that player sees"},
		"quit":       {run: (*native).quit, usage: "end the session"},
		"uci":        {run: (*native).dialect, usage: "the uci dialect (chess): only as the first line"},
		"ugi":        {run: (*native).dialect, usage: "the ugi dialect: only as the first line"},
	}
}

func (n *native) handle(line string) bool {
	id, rest := SplitID(line)
	name, rest := CutWord(rest)
	if name == "" {
		n.fail(id, errorf(Syntax, "missing command after the id"))
		return false
	}
	cmd, ok := nativeCommands[name]
	if !ok {
		n.fail(id, errorf(UnknownCommand, "%q%s (help lists the commands)", name, suggestCommand(name)))
		return false
	}
	if cmd.busy && n.s.searching() {
		n.fail(id, errorf(Busy, "%s: a search is running (stop it first)", name))
		return false
	}
	r := &request{id: id, name: name, args: strings.Fields(rest), rest: rest}
	rep, e := n.call(cmd, r)
	if e != nil {
		n.fail(id, e)
		return false
	}
	if !rep.later {
		n.s.w.lines(append(rep.lines, Final("ok", id, rep.text))...)
	}
	return name == "quit"
}

// call runs a command, turning a panic (a bug in a game or here) into an
// internal error so that the session survives it.
func (n *native) call(cmd nativeCommand, r *request) (rep reply, e *Error) {
	defer func() {
		if v := recover(); v != nil {
			n.s.stderr("panic: %v", v)
			rep, e = reply{}, errorf(Internal, "%v", v)
		}
	}()
	return cmd.run(n, r)
}

func (n *native) tooLong(prefix string) {
	id, rest := SplitID(prefix)
	if rest == "" {
		id = "" // the id itself may be cut short
	}
	n.fail(id, errorf(TooLong, "line longer than %d bytes ignored", MaxLine))
}

func (n *native) fail(id string, e *Error) {
	n.s.w.lines(Final("err", id, string(e.Code)+" "+e.Msg))
}

// Final builds "ok [id] [text]" or "err [id] text".
func Final(word, id, text string) string {
	var b strings.Builder
	b.WriteString(word)
	for _, s := range []string{id, text} {
		if s != "" {
			b.WriteByte(' ')
			b.WriteString(s)
		}
	}
	return b.String()
}

// SplitID splits a leading unsigned integer id off a line.
func SplitID(line string) (id, rest string) {
	first, after := CutWord(line)
	if first == "" {
		return "", ""
	}
	for _, c := range []byte(first) {
		if c < '0' || c > '9' {
			return "", strings.TrimSpace(line)
		}
	}
	return first, after
}

// CutWord splits the first word (up to white space) off s; rest is trimmed.
func CutWord(s string) (word, rest string) {
	s = strings.TrimSpace(s)
	i := strings.IndexFunc(s, unicode.IsSpace)
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimSpace(s[i:])
}

func suggestCommand(name string) string {
	names := make([]string, 0, len(nativeCommands))
	for c := range nativeCommands {
		names = append(names, c)
	}
	return games.Suggest(name, names)
}

func noArgs(r *request, cmd string) *Error {
	if len(r.args) > 0 {
		return errorf(Syntax, "%s takes no arguments, have %q", cmd, r.rest)
	}
	return nil
}

func (n *native) hello(r *request) (reply, *Error) {
	if e := noArgs(r, "hello"); e != nil {
		return reply{}, e
	}
	lines := []string{
		fmt.Sprintf("protocol %d", Version),
		"engine meeple " + version.String(),
		"dialects native ugi uci nboard gtp",
	}
	for _, f := range games.Families() {
		lines = append(lines, "game "+f.Name+" "+oneLine(f.Summary))
		for _, p := range f.Params {
			lines = append(lines, "param "+f.Name+" "+paramText(p, nil))
		}
	}
	for _, name := range games.ShippedNames() {
		v, err := games.LoadVariant(name)
		if err != nil {
			n.s.stderr("shipped variant %s: %v", name, err)
			continue
		}
		lines = append(lines, "variant "+v.Name+" "+v.Family+" "+oneLine(v.Description))
	}
	for _, o := range n.s.options() {
		lines = append(lines, optionText(o))
	}
	return reply{lines: lines}, nil
}

// paramText describes a rule parameter: key, type, range, default, the
// current value when known, and the doc (last: it has spaces).
func paramText(p games.Param, cur games.Values) string {
	var b strings.Builder
	b.WriteString(p.Key)
	switch p.Kind {
	case games.Int:
		fmt.Fprintf(&b, " type int min %d max %d", p.Min, p.Max)
	case games.Ints:
		fmt.Fprintf(&b, " type ints min %d max %d minlen %d maxlen %d", p.Min, p.Max, p.MinLen, p.MaxLen)
	case games.Bool:
		b.WriteString(" type bool")
	case games.String:
		fmt.Fprintf(&b, " type string choices %s", strings.Join(p.Choices, "|"))
	}
	fmt.Fprintf(&b, " default %s", games.Format(p.Default))
	if cur != nil {
		fmt.Fprintf(&b, " value %s", games.Format(cur[p.Key]))
	}
	if p.Doc != "" {
		b.WriteString(" doc " + oneLine(p.Doc))
	}
	return b.String()
}

// optionText lists an engine option the UCI way.
func optionText(o option) string {
	s := "option name " + o.Name + " type " + o.Type
	if o.Type != "button" {
		s += " default " + o.Default
	}
	if o.Type == "spin" {
		s += fmt.Sprintf(" min %d max %d", o.Min, o.Max)
	}
	for _, v := range o.Choices {
		s += " var " + v
	}
	return s
}

func (n *native) help(r *request) (reply, *Error) {
	names := make([]string, 0, len(nativeCommands))
	for c := range nativeCommands {
		names = append(names, c)
	}
	sort.Strings(names)
	var lines []string
	for _, c := range names {
		lines = append(lines, "command "+c+" "+nativeCommands[c].usage)
	}
	return reply{lines: lines}, nil
}

// splitSpec splits newgame arguments into a variant spec (which may hold
// spaces inside its parentheses) and key=value overrides.
func splitSpec(rest string) (spec string, set []string, e *Error) {
	spec, set, te := table.SplitSpec(rest)
	return spec, set, fromTable(te)
}

func (n *native) newgame(r *request) (reply, *Error) {
	s := n.s
	if r.rest == "" {
		if e := s.reset(); e != nil {
			return reply{}, e
		}
	} else {
		spec, set, e := splitSpec(r.rest)
		if e != nil {
			return reply{}, e
		}
		if e := s.newVariant(spec, set); e != nil {
			return reply{}, e
		}
	}
	return reply{text: "variant " + s.variant.Name + " rules " + s.variant.Spec()}, nil
}

func (n *native) describe(r *request) (reply, *Error) {
	v := n.s.variant
	if r.rest != "" {
		spec, set, e := splitSpec(r.rest)
		if e != nil {
			return reply{}, e
		}
		if v, e = loadVariant(spec, set); e != nil {
			return reply{}, e
		}
	}
	g := v.Game
	d, t := g.Describe(), g.Type()
	ints := func(xs []int) string {
		s := make([]string, len(xs))
		for i, x := range xs {
			s[i] = strconv.Itoa(x)
		}
		return strings.Join(s, " ")
	}
	lines := []string{
		"variant " + v.Name,
		"game " + v.Family,
		"rules " + v.Spec(),
		"source " + oneLine(v.Source),
		"description " + oneLine(v.Description),
		"players " + strings.Join(d.Players, " "),
		fmt.Sprintf("type players %d chance %t information %s utility %s minreturn %s maxreturn %s",
			t.Players, t.Chance, t.Information, t.Utility, returnsText([]float64{t.MinReturn}), returnsText([]float64{t.MaxReturn})),
		strings.TrimSpace("dims " + ints(d.Dims)),
		strings.TrimSpace("coords " + strings.Join(d.Coords, " ")),
		fmt.Sprintf("stacks %d", d.Stacks),
		"moves " + oneLine(d.Moves),
		"example " + d.MoveExample,
	}
	for _, kv := range d.Extra {
		lines = append(lines, "extra "+kv[0]+" "+oneLine(kv[1]))
	}
	if fam, err := games.Lookup(v.Family); err == nil {
		for _, p := range fam.Params {
			lines = append(lines, "param "+paramText(p, v.Rules))
		}
	}
	lines = append(lines, "startpos "+g.NewState().Position())
	js, err := jsonText(d)
	if err != nil {
		return reply{}, errorf(Internal, "describe: %v", err)
	}
	lines = append(lines, "json "+js)
	return reply{lines: lines}, nil
}

// jsonText writes v as one line of JSON, with <, > and & as they are.
func jsonText(v any) (string, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// pictured returns the position as a games.Pictured, or an error for a
// game that cannot be drawn from its description.
func (n *native) pictured(cmd string) (games.Pictured, *Error) {
	ps, ok := n.s.state().(games.Pictured)
	if !ok {
		return nil, errorf(Unsupported, "%s: %s has no picture", cmd, n.s.variant.Family)
	}
	return ps, nil
}

// picture answers the position as data: the games.Picture as a player
// sees it (-1: an onlooker, who sees only what is public). By default the
// player to move in a game of perfect information, an onlooker in one of
// imperfect information.
func (n *native) picture(r *request) (reply, *Error) {
	ps, e := n.pictured("picture")
	if e != nil {
		return reply{}, e
	}
	seat := -1
	switch {
	case len(r.args) > 1:
		return reply{}, errorf(Syntax, "picture: want at most one player, have %q", r.rest)
	case len(r.args) == 1 && r.args[0] == "-1":
	case len(r.args) == 1:
		if seat, e = n.s.seat(r.args[0]); e != nil {
			return reply{}, e
		}
	case n.s.game.Type().Information == games.PerfectInformation:
		seat = max(ps.Player(), -1)
	}
	js, err := jsonText(ps.Picture(seat))
	if err != nil {
		return reply{}, errorf(Internal, "picture: %v", err)
	}
	return reply{text: js}, nil
}

func (n *native) position(r *request) (reply, *Error) {
	if len(r.args) == 0 {
		return reply{text: n.s.state().Position()}, nil
	}
	pos, moves, e := splitPosition(r.args, true)
	if e != nil {
		return reply{}, e
	}
	return reply{}, n.s.setPosition(pos, moves)
}

func (n *native) play(r *request) (reply, *Error) {
	if len(r.args) == 0 {
		return reply{}, errorf(Syntax, "play: want one or more moves")
	}
	return reply{}, n.s.play(r.args)
}

func (n *native) undo(r *request) (reply, *Error) {
	k := 1
	switch len(r.args) {
	case 0:
	case 1:
		var err error
		if k, err = strconv.Atoi(r.args[0]); err != nil || k < 0 {
			return reply{}, errorf(Syntax, "undo: want a count of moves, have %q", r.args[0])
		}
	default:
		return reply{}, errorf(Syntax, "undo: want at most one count, have %q", r.rest)
	}
	return reply{}, n.s.undo(k)
}

// moveCells is a legal move with the cells it touches (none: an empty
// list), as legalmoves cells writes it.
type moveCells struct {
	Move  string `json:"move"`
	Cells []int  `json:"cells"`
}

func (n *native) legalmoves(r *request) (reply, *Error) {
	switch {
	case len(r.args) == 1 && r.args[0] == "cells":
	case len(r.args) > 0:
		return reply{}, errorf(Syntax, "legalmoves: want no argument or cells, have %q", r.rest)
	default:
		return reply{text: strings.Join(n.s.legalMoves(), " ")}, nil
	}
	ps, e := n.pictured("legalmoves cells")
	if e != nil {
		return reply{}, e
	}
	moves := ps.LegalMoves(nil)
	out := make([]moveCells, len(moves))
	for i, m := range moves {
		out[i] = moveCells{Move: ps.FormatMove(m), Cells: append([]int{}, ps.MoveCells(m)...)}
	}
	js, err := jsonText(out)
	if err != nil {
		return reply{}, errorf(Internal, "legalmoves: %v", err)
	}
	return reply{text: js}, nil
}

func (n *native) status(r *request) (reply, *Error) {
	if e := noArgs(r, "status"); e != nil {
		return reply{}, e
	}
	s := n.s
	p := s.state().Player()
	over := p == games.Terminal
	ret := s.state().Returns()
	text := fmt.Sprintf("turn %s played %d over %t returns %s", s.seatName(p), s.played(), over, returnsText(ret))
	if over {
		if team := s.game.Type().TeamResult(ret); team != "" {
			text += " result " + team // a cooperative game: the team wins or loses, no seat does
		} else {
			text += " winner " + s.seatName(games.Winner(ret))
		}
		if reason := oneLine(s.state().EndReason()); reason != "" {
			text += " reason " + reason
		}
	}
	return reply{text: text}, nil
}

func (n *native) board(r *request) (reply, *Error) {
	if e := noArgs(r, "board"); e != nil {
		return reply{}, e
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(n.s.state().String(), "\n"), "\n") {
		lines = append(lines, strings.TrimRight("board "+strings.TrimRight(l, "\r"), " "))
	}
	return reply{lines: lines}, nil
}

func (n *native) perft(r *request) (reply, *Error) {
	divide := false
	switch {
	case len(r.args) == 2 && r.args[1] == "divide":
		divide = true
	case len(r.args) != 1:
		return reply{}, errorf(Syntax, "perft: want <depth> [divide], have %q", r.rest)
	}
	depth, err := strconv.Atoi(r.args[0])
	if err != nil {
		return reply{}, errorf(Syntax, "perft: depth %q: want an integer", r.args[0])
	}
	res, e := n.s.perft(depth, divide)
	if e != nil {
		return reply{}, e
	}
	var lines []string
	for _, d := range res.divide {
		lines = append(lines, "divide "+d[0]+" "+d[1])
	}
	return reply{lines: lines, text: fmt.Sprintf("nodes %d time %d nps %d",
		res.nodes, res.elapsed.Milliseconds(), nps(int64(res.nodes), res.elapsed))}, nil
}

func nps(nodes int64, d time.Duration) int64 {
	if d <= 0 {
		return 0
	}
	return int64(float64(nodes) / d.Seconds())
}

func (n *native) goSearch(r *request) (reply, *Error) {
	s := n.s
	if s.searching() {
		return reply{}, errorf(Busy, "go: a search is running (stop it first)")
	}
	lim, e := s.parseLimits(r.args)
	if e != nil {
		return reply{}, e
	}
	id, w := r.id, s.w
	rep := reporter{
		finalPV: true,
		info: func(in search.Info, pv *pvFormatter) {
			w.lines(infoText(in, pv, false))
		},
		done: func(_ search.Result, move string, e *Error) {
			if e != nil {
				w.lines(Final("err", id, string(e.Code)+" "+e.Msg))
				return
			}
			w.lines("bestmove "+move, Final("ok", id, ""))
		},
	}
	if e := s.startSearch(lim, rep); e != nil {
		return reply{}, e
	}
	return reply{later: true}, nil
}

// infoText formats a search report. Native scores a forced end as
// "score mate <plies>"; UGI, like UCI, as "score mate <moves>" and
// evaluations as "score cp <n>".
func infoText(in search.Info, pv *pvFormatter, ugi bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d ", in.Depth, max(in.SelDepth, in.Depth))
	if in.MultiPV > 0 {
		fmt.Fprintf(&b, "multipv %d ", in.MultiPV)
	}
	b.WriteString("score ")
	switch {
	case in.Mate != 0 && ugi:
		moves := (in.Mate + 1) / 2
		if in.Mate < 0 {
			moves = in.Mate / 2
		}
		fmt.Fprintf(&b, "mate %d", moves)
	case in.Mate != 0:
		fmt.Fprintf(&b, "mate %d", in.Mate)
	case ugi:
		fmt.Fprintf(&b, "cp %d", in.Score)
	default:
		fmt.Fprintf(&b, "%d", in.Score)
	}
	fmt.Fprintf(&b, " nodes %d nps %d time %d", in.Nodes, nps(in.Nodes, in.Time), in.Time.Milliseconds())
	if line := pv.line(in.PV); len(line) > 0 {
		b.WriteString(" pv " + strings.Join(line, " "))
	}
	return b.String()
}

func (n *native) stop(r *request) (reply, *Error) {
	n.s.stop()
	return reply{}, nil
}

func (n *native) isready(r *request) (reply, *Error) { return reply{}, nil }

func (n *native) wait(r *request) (reply, *Error) {
	if e := noArgs(r, "wait"); e != nil {
		return reply{}, e
	}
	return reply{}, n.s.wait()
}

// parseSetoption reads "name <name...> value <value...>" (UCI: names may
// hold spaces).
func parseSetoption(args []string) (name, value string, e *Error) {
	if len(args) < 2 || args[0] != "name" {
		return "", "", errorf(Syntax, "setoption: want name <name> value <value>")
	}
	i := 1
	for i < len(args) && args[i] != "value" {
		i++
	}
	name = strings.Join(args[1:i], " ")
	if name == "" {
		return "", "", errorf(Syntax, "setoption: missing option name")
	}
	if i+1 >= len(args) {
		return "", "", errorf(Syntax, "setoption %s: missing value", name)
	}
	return name, strings.Join(args[i+1:], " "), nil
}

func (n *native) setoption(r *request) (reply, *Error) {
	name, value, e := parseSetoption(r.args)
	if e != nil {
		return reply{}, e
	}
	return reply{}, n.s.setOption(name, value)
}

func (n *native) seed(r *request) (reply, *Error) {
	switch len(r.args) {
	case 0:
		return reply{text: "seed " + strconv.FormatUint(n.s.seed, 10)}, nil
	case 1:
		if e := n.s.setOption(seedOption, r.args[0]); e != nil {
			return reply{}, errorf(Syntax, "seed: %s", e.Msg)
		}
		return reply{}, nil
	}
	return reply{}, errorf(Syntax, "seed: want at most one number, have %q", r.rest)
}

func (n *native) view(r *request) (reply, *Error) {
	if len(r.args) != 1 {
		return reply{}, errorf(Syntax, "view: want one player")
	}
	p, e := n.s.seat(r.args[0])
	if e != nil {
		return reply{}, e
	}
	return reply{text: n.s.view(p)}, nil
}

func (n *native) quit(r *request) (reply, *Error) {
	n.s.stop()
	return reply{}, nil
}

func (n *native) dialect(r *request) (reply, *Error) {
	return reply{}, errorf(Unsupported, "the dialect is chosen by the first line; this session speaks native")
}
