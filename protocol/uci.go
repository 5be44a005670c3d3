package protocol

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
	"github.com/meeple-games/meeple/internal/search"
	"github.com/meeple-games/meeple/internal/version"
)

// uci is strict UCI for chess and Chess960, as GUIs and arenas (cutechess,
// fastchess, python-chess, lichess-bot) speak it, with Stockfish's "go
// perft N" and "d". It is the one dialect that knows its game: UCI is
// chess's protocol, positions are FEN (State.FEN: the six fields, never the
// repetition count Position may append) and "d" draws Stockfish's board, so
// this file imports games/chess rather than pretend otherwise behind an
// interface with one implementation.
//
// Like ugi it follows UCI's conventions: most commands have no reply, and a
// line that cannot be carried out is answered with "info string error
// <code> <message>" and otherwise ignored. An unknown command gets
// "info string unknown command ..." (Stockfish prints "Unknown command"
// without the info prefix; that would not be protocol).
type uci struct {
	s        *session
	chess960 bool
	skill    int           // Skill Level, 0..maxSkill; maxSkill is full strength
	overhead time.Duration // Move Overhead, kept back from the clock on every move
	multiPV  int           // MultiPV: the best lines reported, 1..maxMultiPV

	// ponder is the pending search of "go ponder": its limits, for
	// ponderhit, and a flag that silences its bestmove when ponderhit
	// replaces it with the real search.
	ponder *ponderJob
}

type ponderJob struct {
	lim    search.Limits
	search []games.Move // searchmoves
	hit    atomic.Bool
}

// maxSkill is the Skill Level of full strength (as in Stockfish, 0..20).
const maxSkill = 20

// Move Overhead's default and range, in milliseconds (Stockfish's range;
// its default is 10).
const (
	defaultOverhead = 30
	maxOverhead     = 5000
)

// maxMultiPV is the most lines MultiPV asks for (Stockfish's 500).
const maxMultiPV = 500

// skillNodes is the node budget of a Skill Level below maxSkill: 100 nodes
// at 0, doubling every two levels (51200 at 18 and 19).
func skillNodes(skill int) int64 { return 100 << (skill / 2) }

// UCI option names.
const (
	optChess960  = "UCI_Chess960"
	optSkill     = "Skill Level"
	optOverhead  = "Move Overhead"
	optMultiPV   = "MultiPV"
	optClearHash = "Clear Hash"
	optPonder    = "Ponder" // UCI: tells the GUI the engine can ponder; no effect
)

func newUCI(s *session) frontEnd {
	u := &uci{s: s, skill: maxSkill, overhead: defaultOverhead * time.Millisecond, multiPV: 1}
	if s.game.Family() == "chess" {
		if g, ok := s.game.(*chess.Game); ok {
			u.chess960 = g.Chess960()
		}
	}
	if e := u.useChess(u.chess960); e != nil {
		panic("protocol: uci: cannot load chess: " + e.Msg)
	}
	return u
}

// useChess switches the session to chess, or to Chess960 whose startpos is
// the standard array (UCI's startpos is the standard position in both).
func (u *uci) useChess(chess960 bool) *Error {
	var e *Error
	if chess960 {
		e = u.s.newVariant("chess960", []string{"number=518"})
	} else {
		e = u.s.newVariant("chess", nil)
	}
	if e == nil {
		u.chess960 = chess960
	}
	return e
}

func (u *uci) handle(line string) (quit bool) {
	defer survive(u.s, u.fail, &quit)
	name, rest := CutWord(line)
	args := strings.Fields(rest)
	s := u.s
	var e *Error
	switch name {
	case "uci":
		u.hello()
	case "isready":
		s.w.lines("readyok")
	case "ucinewgame":
		e = s.resetIdle(name)
	case "setoption":
		e = u.setoption(args)
	case "position":
		e = u.position(args)
	case "go":
		e = u.goSearch(args)
	case "stop":
		s.stop()
		u.ponder = nil
	case "ponderhit":
		e = u.ponderhit()
	case "d":
		u.display()
	case "debug", "register":
		// UCI's debug on|off and register: nothing to do.
	case "quit":
		return true
	default:
		s.w.lines("info string unknown command '" + Clip(line) + "'")
	}
	if e != nil {
		u.fail(e)
	}
	return false
}

func (u *uci) tooLong(string) { infoTooLong(u.s) }

func (u *uci) fail(e *Error) { infoError(u.s, e) }

// uciOptions are the options uci lists: Hash from the players, and UCI's.
// UCI_Chess960 defaults to the mode the session started in (true for a
// session started with a chess960 variant).
func (u *uci) uciOptions() []option {
	var out []option
	for _, o := range u.s.options() {
		if o.Name == "Hash" {
			out = append(out, o)
		}
	}
	return append(out,
		option{Name: optClearHash, Type: "button"},
		option{Name: optPonder, Type: "check", Default: "false"},
		option{Name: optChess960, Type: "check", Default: strconv.FormatBool(u.chess960)},
		option{Name: optSkill, Type: "spin", Default: strconv.Itoa(maxSkill), Min: 0, Max: maxSkill},
		option{Name: optOverhead, Type: "spin", Default: strconv.Itoa(defaultOverhead), Min: 0, Max: maxOverhead},
		option{Name: optMultiPV, Type: "spin", Default: "1", Min: 1, Max: maxMultiPV})
}

func (u *uci) hello() {
	lines := []string{"id name meeple " + version.String(), "id author the meeple authors"}
	for _, o := range u.uciOptions() {
		lines = append(lines, optionText(o))
	}
	u.s.w.lines(append(lines, "uciok")...)
}

func (u *uci) setoption(args []string) *Error {
	s := u.s
	if s.searching() {
		return errorf(Busy, "setoption: a search is running")
	}
	if len(args) > 1 && args[0] == "name" && !slices.Contains(args, "value") &&
		strings.EqualFold(strings.Join(args[1:], " "), optClearHash) {
		u.clearHash() // a button: no value
		return nil
	}
	name, value, e := parseSetoption(args)
	if e != nil {
		return e
	}
	switch {
	case strings.EqualFold(name, optClearHash):
		u.clearHash()
		return nil
	case strings.EqualFold(name, optPonder):
		if _, err := strconv.ParseBool(strings.ToLower(value)); err != nil {
			return errorf(BadOption, "option %s: %q is not true or false", optPonder, value)
		}
		return nil
	case strings.EqualFold(name, optChess960):
		on, err := strconv.ParseBool(strings.ToLower(value))
		if err != nil {
			return errorf(BadOption, "option %s: %q is not true or false", optChess960, value)
		}
		if on == u.chess960 {
			return nil
		}
		return u.useChess(on)
	case strings.EqualFold(name, optSkill):
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > maxSkill {
			return errorf(BadOption, "option %s: %q is not a whole number in 0..%d", optSkill, value, maxSkill)
		}
		u.skill = n
		return nil
	case strings.EqualFold(name, optOverhead):
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > maxOverhead {
			return errorf(BadOption, "option %s: %q is not a whole number in 0..%d", optOverhead, value, maxOverhead)
		}
		u.overhead = time.Duration(n) * time.Millisecond
		return nil
	case strings.EqualFold(name, optMultiPV):
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxMultiPV {
			return errorf(BadOption, "option %s: %q is not a whole number in 1..%d", optMultiPV, value, maxMultiPV)
		}
		u.multiPV = n
		return nil
	}
	// Hash, and the options uci does not list (Seed, Algorithm), which the
	// players still take.
	return s.setOption(name, value)
}

// clearHash makes the searcher forget what it learnt (the Clear Hash
// button), keeping the position.
func (u *uci) clearHash() { u.s.clearSearcher() }

// position reads "position startpos|fen <fen> [moves ...]". A FEN of four
// fields (no clocks, as some GUIs send) gets "0 1".
func (u *uci) position(args []string) *Error {
	s := u.s
	if s.searching() {
		return errorf(Busy, "position: a search is running")
	}
	pos, moves, e := splitPosition(args, false)
	if e != nil {
		return e
	}
	if args[0] == "pos" {
		return errorf(Syntax, "position: want startpos or fen, have %q", args[0])
	}
	if pos != "" && len(strings.Fields(pos)) == 4 {
		pos += " 0 1"
	}
	return s.setPosition(pos, moves)
}

// goArgs splits go's arguments into the limits, the searchmoves and
// the ponder and perft requests.
func (u *uci) goArgs(args []string) (lim []string, searchmoves []string, ponder bool, perft int, e *Error) {
	perft = -1
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "ponder":
			ponder = true
		case "perft":
			if i+1 >= len(args) {
				return nil, nil, false, 0, errorf(Syntax, "go perft: want a depth")
			}
			n, err := strconv.Atoi(args[i+1])
			if err != nil || n < 0 {
				return nil, nil, false, 0, errorf(Syntax, "go perft %q: want a depth of 0 or more", args[i+1])
			}
			perft = n
			i++
		case "searchmoves":
			j := i + 1
			for j < len(args) && !goKeywords[args[j]] {
				searchmoves = append(searchmoves, args[j])
				j++
			}
			i = j - 1
		default:
			lim = append(lim, args[i])
		}
	}
	return lim, searchmoves, ponder, perft, nil
}

// goKeywords end a searchmoves list.
var goKeywords = map[string]bool{"ponder": true, "perft": true, "searchmoves": true, "infinite": true,
	"wtime": true, "btime": true, "winc": true, "binc": true, "movestogo": true,
	"depth": true, "nodes": true, "mate": true, "movetime": true}

func (u *uci) goSearch(args []string) *Error {
	s := u.s
	if s.searching() {
		return errorf(Busy, "go: a search is running")
	}
	limArgs, smText, ponder, perft, e := u.goArgs(args)
	if e != nil {
		return e
	}
	if perft >= 0 {
		return u.perft(perft)
	}
	if i := slices.Index(limArgs, "mate"); i >= 0 {
		// go mate N: search as deep as a mate in N takes (2N-1 plies).
		if i+1 >= len(limArgs) {
			return errorf(Syntax, "go mate: want a number of moves")
		}
		n, err := strconv.Atoi(limArgs[i+1])
		if err != nil || n < 1 {
			return errorf(Syntax, "go mate %q: want 1 or more", limArgs[i+1])
		}
		limArgs = slices.Concat(limArgs[:i], []string{"depth", strconv.Itoa(2*n - 1)}, limArgs[i+2:])
	}
	for _, k := range []string{"time", "inc"} {
		if slices.Contains(limArgs, k) {
			return errorf(Syntax, "go: unknown argument %q (UCI: wtime, btime, winc, binc)", k)
		}
	}
	lim, e := s.parseLimits(limArgs)
	if e != nil {
		return e
	}
	st := s.state()
	var only []games.Move
	for _, text := range smText {
		m, err := games.ParseLegal(st, text)
		if err != nil {
			return errorf(IllegalMove, "go searchmoves: %v", err)
		}
		only = append(only, m)
	}
	if st.Player() == games.Terminal {
		fen, ok := playOn(st)
		if !ok {
			s.w.lines("bestmove 0000")
			return nil
		}
		if e := s.setPosition(fen, nil); e != nil {
			return e
		}
	}
	if lim.Time != nil {
		// A clock given for one side only: the other has none left, as in
		// Stockfish (search.Limits would read 0 as no clock at all).
		for i := range lim.Time {
			lim.Time[i] = max(lim.Time[i], time.Millisecond)
		}
	}
	if u.skill < maxSkill {
		if n := skillNodes(u.skill); lim.Nodes == 0 || lim.Nodes > n {
			lim.Nodes = n
		}
	}
	// Move Overhead 0 is read as 1 ms (Limits reads 0 as its default).
	lim.MoveOverhead = max(u.overhead, time.Millisecond)
	lim.MultiPV = u.multiPV
	if ponder {
		p := &ponderJob{lim: lim, search: only}
		u.ponder = p
		plim := lim
		plim.Infinite = true
		return u.start(plim, only, &p.hit)
	}
	u.ponder = nil
	return u.start(lim, only, nil)
}

// start runs a search, restricted at the root to only when it is not
// empty (searchmoves); its bestmove is not printed when silent is set by
// then (a ponder search that ponderhit replaces).
func (u *uci) start(lim search.Limits, only []games.Move, silent *atomic.Bool) *Error {
	lim.RootMoves = only
	w := u.s.w
	root := u.s.state().Clone() // for the search goroutine
	return u.s.startSearch(lim, reporter{
		finalPV: true, // arenas expect an info line before bestmove, and its pv to start with it
		info: func(in search.Info, pv *pvFormatter) {
			if silent != nil && silent.Load() {
				return
			}
			w.lines(uciInfo(in, pv))
		},
		done: func(res search.Result, move string, e *Error) {
			if silent != nil && silent.Load() {
				return
			}
			if e != nil {
				w.lines(infoErrorLine(e), "bestmove 0000")
				return
			}
			if pv := (&pvFormatter{root: root}).line(res.Info.PV); len(pv) >= 2 && pv[0] == move {
				move += " ponder " + pv[1] // the reply the GUI may ponder on
			}
			w.lines("bestmove " + move)
		},
	})
}

// uciInfo is an info line with hashfull, which UCI has and the other
// dialects do not: "info depth ... time <ms> hashfull <permille> pv ...".
func uciInfo(in search.Info, pv *pvFormatter) string {
	line := infoText(in, pv, true)
	head, tail, hasPV := strings.Cut(line, " pv ")
	head += " hashfull " + strconv.Itoa(in.HashFull)
	if hasPV {
		return head + " pv " + tail
	}
	return head
}

// ponderhit turns the ponder search into the real one: the pondering
// search ends silently and a search with the limits of "go ponder ..."
// starts (the transposition table keeps what pondering found).
func (u *uci) ponderhit() *Error {
	p := u.ponder
	if p == nil || !u.s.searching() {
		u.ponder = nil
		return nil
	}
	u.ponder = nil
	p.hit.Store(true)
	u.s.stop()
	return u.start(p.lim, p.search, nil)
}

// perft prints Stockfish's divide: "<move>: <count>" per root move, a
// blank line, "Nodes searched: <n>" and a blank line.
func (u *uci) perft(depth int) *Error {
	if depth == 0 {
		u.s.w.lines("", "Nodes searched: 1", "")
		return nil
	}
	r, e := u.s.perft(depth, true)
	if e != nil {
		return e
	}
	lines := make([]string, 0, len(r.divide)+3)
	for _, d := range r.divide {
		lines = append(lines, d[0]+": "+d[1])
	}
	u.s.w.lines(append(lines, "", "Nodes searched: "+strconv.FormatUint(r.nodes, 10), "")...)
	return nil
}

// display draws the position as Stockfish's d does: the board, then Fen
// (Shredder-FEN in Chess960), Key (meeple's hash) and Checkers lines.
func (u *uci) display() {
	st, ok := u.s.state().(*chess.State)
	if !ok {
		u.fail(errorf(Internal, "d: the position is not chess"))
		return
	}
	const rule = " +---+---+---+---+---+---+---+---+"
	lines := []string{"", rule}
	for r := 7; r >= 0; r-- {
		var b strings.Builder
		for f := range 8 {
			c := st.PieceAt(r*8 + f).String()
			if c == "." {
				c = " "
			}
			b.WriteString(" | " + c)
		}
		lines = append(lines, b.String()+" | "+strconv.Itoa(r+1), rule)
	}
	fen := st.FEN()
	if u.chess960 {
		fen = st.ShredderFEN() // castling by rook files, as Stockfish writes it in Chess960
	}
	lines = append(lines, "   a   b   c   d   e   f   g   h", "",
		"Fen: "+fen, fmt.Sprintf("Key: %016X", st.Hash()))
	checkers := "Checkers: "
	for b := st.Checkers(); b != 0; b &= b - 1 {
		checkers += chess.SquareName(bits.TrailingZeros64(b)) + " "
	}
	u.s.w.lines(append(lines, checkers)...)
}

// playOn is the position to search in a game that meeple's rules ended
// by threefold repetition or the fifty-move rule, draws a player may claim
// under the Laws: a GUI that asks for a move there (online play, where
// nobody claimed) gets one. It is the FEN, without the history and with
// the halfmove clock below 100.
func playOn(st games.State) (string, bool) {
	cs, ok := st.(*chess.State)
	if !ok || (cs.EndReason() != "threefold repetition" && cs.EndReason() != "fifty-move rule") {
		return "", false
	}
	f := strings.Fields(cs.FEN())
	if n, err := strconv.Atoi(f[4]); err == nil && n > 99 {
		f[4] = "99"
	}
	return strings.Join(f, " "), true
}
