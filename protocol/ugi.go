package protocol

import (
	"strings"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/search"
	"github.com/meeple-games/meeple/internal/version"
)

// ugi is the UGI dialect (UCI generalised to two-player games, as spoken by
// cutegames and by cutechess in UGI mode). It follows UCI's conventions:
// most commands have no reply, and a line that cannot be carried out is
// answered with "info string error <code> <message>" and otherwise ignored.
type ugi struct {
	s *session
	// noGame, when set, says why no game is loaded: the last UGI_Variant
	// was refused, or the session's variant is one UGI cannot play. Then
	// go answers bestmove 0000, and position, uginewgame and query refuse,
	// so an arena that reads only bestmove and response lines sees the
	// failure instead of a game of the wrong variant.
	noGame *Error
}

func newUGI(s *session) frontEnd {
	u := &ugi{s: s}
	if e := fits(s.game); e != nil {
		u.noGame = errorf(BadVariant, "no game loaded: %s: %s", s.variant.Name, e.Msg)
	}
	return u
}

// variantOptions are the names of the option that picks the variant.
var variantOptions = []string{"UGI_Variant", "Variant"}

func (u *ugi) handle(line string) (quit bool) {
	defer survive(u.s, u.fail, &quit)
	name, rest := CutWord(line)
	args := strings.Fields(rest)
	s := u.s
	var e *Error
	switch name {
	case "ugi":
		u.hello()
	case "isready":
		s.w.lines("readyok")
	case "uginewgame":
		if e = u.noGame; e == nil {
			e = s.resetIdle(name)
		}
	case "setoption":
		e = u.setoption(args)
	case "position":
		if s.searching() {
			e = errorf(Busy, "position: a search is running")
			break
		}
		if u.noGame != nil {
			e = u.noGame
			break
		}
		var pos string
		var moves []string
		if pos, moves, e = splitPosition(args, false); e == nil {
			e = s.setPosition(pos, moves)
		}
	case "go":
		e = u.goSearch(args)
	case "stop":
		s.stop()
	case "query":
		e = u.query(args)
	case "quit":
		return true
	default:
		e = errorf(UnknownCommand, "%q", name)
	}
	if e != nil {
		u.fail(e)
	}
	return false
}

func (u *ugi) tooLong(string) { infoTooLong(u.s) }

func (u *ugi) fail(e *Error) { infoError(u.s, e) }

// fits says why a game cannot be played over UGI, or nil.
func fits(g games.Game) *Error {
	t := g.Type()
	if t.Players != 2 {
		return errorf(BadVariant, "ugi plays two-player games; this one has %d players", t.Players)
	}
	if t.Chance {
		return errorf(BadVariant, "ugi has no chance moves; this game has them (use the native dialect)")
	}
	return nil
}

func (u *ugi) hello() {
	s := u.s
	lines := []string{"id name meeple " + version.String(), "id author the meeple authors"}
	for _, o := range s.options() {
		lines = append(lines, optionText(o))
	}
	v := option{Name: variantOptions[0], Type: "combo", Default: s.variant.Name}
	seen := false
	for _, name := range games.ShippedNames() {
		if sv, err := games.LoadVariant(name); err == nil && fits(sv.Game) == nil {
			v.Choices = append(v.Choices, name)
			seen = seen || name == v.Default
		}
	}
	if !seen {
		v.Choices = append(v.Choices, v.Default)
	}
	lines = append(lines, optionText(v))
	if u.noGame != nil {
		lines = append(lines, infoErrorLine(u.noGame))
	}
	s.w.lines(append(lines, "ugiok")...)
}

func (u *ugi) setoption(args []string) *Error {
	s := u.s
	if s.searching() {
		return errorf(Busy, "setoption: a search is running")
	}
	name, value, e := parseSetoption(args)
	if e != nil {
		return e
	}
	for _, vo := range variantOptions {
		if strings.EqualFold(name, vo) {
			e := u.useVariant(value)
			if e != nil {
				// Whatever was loaded is not what the arena asked for.
				u.noGame = errorf(BadVariant, "no game loaded: %s", e.Msg)
			}
			return e
		}
	}
	return s.setOption(name, value)
}

// useVariant loads the variant UGI_Variant names. The variant already
// loaded, under the same rules, is kept as it is (position, searcher).
func (u *ugi) useVariant(spec string) *Error {
	v, e := loadVariant(spec, nil)
	if e != nil {
		return e
	}
	if e := fits(v.Game); e != nil {
		return errorf(BadVariant, "%s: %s", v.Name, e.Msg)
	}
	if u.noGame == nil && u.s.sameRules(v) {
		return nil
	}
	if e := u.s.useVariant(v); e != nil {
		return e
	}
	u.noGame = nil
	return nil
}

func (u *ugi) goSearch(args []string) *Error {
	s := u.s
	if s.searching() {
		return errorf(Busy, "go: a search is running")
	}
	if u.noGame != nil {
		// UCI's null move: an arena that reads only bestmove sees a
		// failure, and the info line says which.
		s.w.lines(infoErrorLine(u.noGame), "bestmove 0000")
		return nil
	}
	lim, e := s.parseLimits(args)
	if e != nil {
		return e
	}
	if s.state().Player() == games.Terminal {
		s.w.lines("bestmove 0000")
		return nil
	}
	w := s.w
	return s.startSearch(lim, reporter{
		finalPV: true,
		info:    func(in search.Info, pv *pvFormatter) { w.lines(infoText(in, pv, true)) },
		done: func(_ search.Result, move string, e *Error) {
			if e != nil {
				w.lines(infoErrorLine(e), "bestmove 0000")
				return
			}
			w.lines("bestmove " + move)
		},
	})
}

// queries are the questions query answers.
const queries = "gameover, p1turn, result, fen or islegal <move>"

func (u *ugi) query(args []string) *Error {
	if len(args) == 0 {
		return errorf(Syntax, "query: want %s", queries)
	}
	want := map[string]int{"gameover": 1, "p1turn": 1, "result": 1, "fen": 1, "islegal": 2}[args[0]]
	if len(args) != want {
		return errorf(Syntax, "query %s: want %s", strings.Join(args, " "), queries)
	}
	if u.noGame != nil {
		return u.noGameQuery(args[0])
	}
	st := u.s.state()
	over := st.Player() == games.Terminal
	var answer string
	switch args[0] {
	case "fen":
		answer = st.Position()
	case "islegal":
		_, err := games.ParseLegal(st, args[1])
		answer = boolText(err == nil)
	case "gameover":
		answer = boolText(over)
	case "p1turn":
		// At the end, the seat that would move: the one that did not move last.
		answer = boolText(st.Player() == 0 || over && u.s.lastMover() == 1)
	case "result":
		answer = "none"
		if over {
			r := st.Returns()
			switch {
			case r[0] > r[1]:
				answer = "p1win"
			case r[0] < r[1]:
				answer = "p2win"
			default:
				answer = "draw"
			}
		}
	}
	u.s.w.lines("response " + answer)
	return nil
}

// noGameQuery answers a query when no game is loaded, in two words as
// arenas read a response (cutegames waits for exactly "response <word>"):
// gameover is true, so an arena stops asking for moves, and the others
// are "error". The info line before it says why.
func (u *ugi) noGameQuery(q string) *Error {
	answer := "error"
	if q == "gameover" {
		answer = "true"
	}
	u.s.w.lines(infoErrorLine(u.noGame), "response "+answer)
	return nil
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
