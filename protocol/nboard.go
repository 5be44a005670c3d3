package protocol

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/othello"
	"github.com/meeple-games/meeple/internal/search"
	"github.com/meeple-games/meeple/internal/version"
)

// nboard is the NBoard protocol, version 2: the line protocol of Chris
// Welty's NBoard Othello GUI (spoken by NTest and Edax too), so NBoard and
// the tools built on it drive meeple. Like uci it knows its game: NBoard
// is Othello's GUI and its positions come as GGF game records, so this file
// imports games/othello (for othello.ParseGGF and the pass) rather than
// pretend otherwise.
//
// Most commands have no reply. "go" and "hint" search in the background
// and "ping" stops a running search before its "pong", as the protocol
// requires: the lines of a search always come before the pong that
// follows it, so NBoard can tell stale analysis from current. A command
// that changes the position (set game, move) stops a running search
// first, too. Errors go to stderr and as "status error <code> <message>"
// to NBoard's status bar; unknown commands are ignored (NBoard's rule),
// with a note on stderr.
type nboard struct {
	s     *session
	depth int // set depth: the midgame search depth
}

// NBoard's defaults and limits.
const (
	// nboardDepth is the midgame depth until "set depth" (NBoard always
	// sends one before searching).
	nboardDepth = 10
	// nboardMaxDepth is the deepest "set depth" taken (a deeper one is
	// refused): deeper would only burn time (the endgame solver takes over
	// near the end whatever the depth).
	nboardMaxDepth = 64
	// nboardName is the engine's name, sent with its version by "set myname".
	nboardName = "meeple"
)

func newNBoard(s *session) frontEnd {
	if _, ok := s.game.(*othello.Game); !ok {
		if e := s.newVariant("othello", nil); e != nil {
			panic("protocol: nboard: cannot load othello: " + e.Msg)
		}
	}
	return &nboard{s: s, depth: nboardDepth}
}

func (nb *nboard) handle(line string) (quit bool) {
	defer survive(nb.s, nb.fail, &quit)
	name, rest := CutWord(line)
	s := nb.s
	var e *Error
	switch name {
	case "nboard":
		if rest != "2" {
			s.stderr("nboard: protocol version %q; meeple speaks version 2 and goes on", rest)
		}
		s.w.lines("set myname " + nboardName + " " + version.String())
	case "set":
		e = nb.set(rest)
	case "move":
		s.stop()
		e = nb.move(rest)
	case "hint":
		n := 1
		if rest != "" {
			v, err := strconv.Atoi(rest)
			if err != nil || v < 1 {
				e = errorf(Syntax, "hint %q: want the number of moves to evaluate, 1 or more", rest)
				break
			}
			n = v
		}
		e = nb.search(n, false)
	case "go":
		e = nb.search(1, true)
	case "ping":
		s.stop()
		s.w.lines(strings.TrimSpace("pong " + rest))
	case "learn":
		s.w.lines("learned") // meeple has no book to add the game to
	case "analyze":
		s.w.lines("status meeple does not support retrograde analysis")
	case "quit":
		return true
	default:
		// NBoard 1.1 sent a bare move ("F5") for "move F5".
		if _, err := s.game.NewState().ParseMove(name); err == nil && rest == "" {
			s.stop()
			e = nb.move(name)
			break
		}
		s.stderr("nboard: unknown command %q ignored", name)
	}
	if e != nil {
		nb.fail(e)
	}
	return false
}

func (nb *nboard) tooLong(prefix string) {
	nb.fail(errorf(TooLong, "line longer than %d bytes ignored (%s...)", MaxLine, prefix))
}

// fail reports an error on stderr and in NBoard's status bar.
func (nb *nboard) fail(e *Error) {
	nb.s.stderr("nboard: %s: %s", e.Code, e.Msg)
	nb.s.w.lines("status error " + string(e.Code) + " " + e.Msg)
}

// set handles "set depth N", "set game GGF" and "set contempt N"; other
// settings are ignored.
func (nb *nboard) set(args string) *Error {
	key, val := CutWord(args)
	switch key {
	case "depth":
		d, err := strconv.Atoi(val)
		if err != nil || d < 1 {
			return errorf(Syntax, "set depth %q: want a whole number of plies, 1 or more", val)
		}
		if d > nboardMaxDepth {
			return errorf(Syntax, "set depth %d: at most %d plies; the depth stays %d", d, nboardMaxDepth, nb.depth)
		}
		// The exact solver takes over at a number of empties that grows
		// with the depth (a shallow depth, a weak level, does not wait for
		// an exact endgame of 18 empties). The searcher is rebuilt now,
		// not when go starts its clock.
		cfg := nb.s.cfg
		cfg.SolveEmpties = solveEmpties(d)
		if cfg != nb.s.cfg || nb.s.searcher == nil {
			if e := nb.s.useConfig(cfg); e != nil {
				return e
			}
		}
		nb.depth = d
	case "game":
		nb.s.stop()
		return nb.setGame(val)
	case "contempt":
		// The searcher scores a draw as 0; contempt is read and ignored.
		if _, err := strconv.ParseFloat(val, 64); err != nil {
			return errorf(Syntax, "set contempt %q: want a number", val)
		}
	default:
		nb.s.stderr("nboard: setting %q ignored", key)
	}
	return nil
}

// setGame sets the position at the end of a GGF game, switching to
// Othello of the record's board size when it differs.
func (nb *nboard) setGame(text string) *Error {
	s := nb.s
	g, err := othello.ParseGGF(text)
	if err != nil {
		return errorf(BadPosition, "set game: %v", err)
	}
	start, err := g.StartState()
	if err != nil {
		return errorf(BadPosition, "set game: %v", err)
	}
	if cur, ok := s.game.(*othello.Game); !ok || cur.Size() != g.Size {
		if e := s.newVariant(fmt.Sprintf("othello(size=%d)", g.Size), nil); e != nil {
			return e
		}
	}
	moves := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		moves[i] = start.FormatMove(m.Move)
	}
	if e := s.setPosition(g.Start, moves); e != nil {
		return errorf(e.Code, "set game: %s", e.Msg)
	}
	return nil
}

// move plays "MOVE[/eval[/time]]". A square when the side to move has
// none is read as its pass followed by that square.
func (nb *nboard) move(arg string) *Error {
	s := nb.s
	mv, _, _ := strings.Cut(strings.TrimSpace(arg), "/")
	if mv == "" {
		return errorf(Syntax, "move: want a move like f5 or PA")
	}
	e := s.play([]string{mv})
	if e != nil && e.Code == IllegalMove {
		if legal := s.legalMoves(); len(legal) == 1 && legal[0] == "pass" {
			if s.play([]string{"pass", mv}) == nil {
				return nil
			}
		}
	}
	return e
}

// search starts a search of the current position to the set depth: "go"
// (one move, answered with "=== move/eval/time") or "hint n" (the best
// move and the next n-1, each reported as a "search" line).
func (nb *nboard) search(n int, isGo bool) *Error {
	s := nb.s
	s.stop()
	st := s.state()
	if st.Player() == games.Terminal {
		return errorf(GameOver, "the game is over (%s)", st.EndReason())
	}
	if s.searcher == nil {
		return s.buildErr
	}
	// startSearch hands the searcher it finds to the search goroutine;
	// the wrapper is put in place for this one search only.
	inner := s.searcher
	s.searcher = &nboardSearcher{inner: inner, n: n}
	defer func() { s.searcher = inner }()
	first := st.FormatMove(st.LegalMoves(nil)[0])
	squares := 0
	if g, ok := s.game.(*othello.Game); ok {
		squares = g.Squares()
	}
	w := s.w
	w.lines("status " + nboardName + " is thinking")
	start := time.Now()
	return s.startSearch(search.Limits{Depth: nb.depth}, reporter{
		info: func(in search.Info, pv *pvFormatter) {
			if in.Depth == 0 && in.Mate == 0 {
				return // a search stopped before any result: no evaluation
			}
			if line := pv.line(in.PV); len(line) > 0 {
				for i, m := range line {
					line[i] = nboardMove(m)
				}
				w.lines(fmt.Sprintf("search %s %s 0 %d", strings.Join(line, "-"), nboardEval(in, squares), in.Depth))
			}
		},
		done: func(res search.Result, move string, e *Error) {
			secs := time.Since(start).Seconds()
			lines := []string{fmt.Sprintf("nodestats %d %.2f", res.Info.Nodes, secs), "status"}
			if e != nil {
				lines[1] = "status error " + string(e.Code) + " " + e.Msg
				move = first // NBoard waits for a move: any legal one
			}
			if isGo {
				reply := "=== " + nboardMove(move)
				if e == nil && (res.Info.Depth > 0 || res.Info.Mate != 0) {
					reply += fmt.Sprintf("/%s/%.2f", nboardEval(res.Info, squares), secs)
				}
				lines = append(lines, reply)
			}
			w.lines(lines...)
		},
	})
}

// nboardMove writes a move as NBoard reads it: the square, or PA.
func nboardMove(m string) string {
	if m == "pass" {
		return "PA"
	}
	return m
}

// nboardEval writes a score in discs for the side to move, with two
// decimals: the midgame evaluation (hundredths of a disc, an estimate) or
// the solver's exact disc difference. A forced end the midgame search
// found, whose margin it does not know, is written as ±squares.
func nboardEval(in search.Info, squares int) string {
	switch {
	case in.Mate > 0:
		return fmt.Sprintf("%d.00", squares)
	case in.Mate < 0:
		return fmt.Sprintf("-%d.00", squares)
	}
	return strconv.FormatFloat(float64(in.Score)/100, 'f', 2, 64)
}

// nboardSearcher is the searcher NBoard's go and hint use: the session's
// searcher (which searches a forced pass as the position after it), and
// with n > 1 (hint n), after the best move every other legal move is
// searched one ply less deep, and the best n-1 of them are reported, best
// first, each as a search line of its own.
type nboardSearcher struct {
	inner search.Searcher
	n     int
}

func (h *nboardSearcher) Search(ctx context.Context, st games.State, lim search.Limits, info func(search.Info)) search.Result {
	res := h.inner.Search(ctx, st, lim, info)
	if h.n <= 1 || ctx.Err() != nil || res.Move == othello.Pass {
		return res
	}
	child := lim
	child.Depth = max(lim.Depth-1, 1)
	var others []search.Info
	for _, m := range st.LegalMoves(nil) {
		if m == res.Move {
			continue
		}
		st.Play(m)
		var in search.Info
		if st.Player() == games.Terminal {
			in = search.Info{Depth: 1, Nodes: 1}
			if ost, ok := st.(*othello.State); ok {
				in.Score = -100 * ost.Score(ost.ToMove())
			}
		} else {
			r := h.inner.Search(ctx, st, child, nil)
			in = search.Info{Depth: r.Info.Depth + 1, Score: -r.Info.Score, Mate: -r.Info.Mate,
				Nodes: r.Info.Nodes, PV: r.Info.PV}
		}
		st.Undo()
		if ctx.Err() != nil {
			break // an unfinished search is no evaluation
		}
		in.PV = append([]games.Move{m}, in.PV...)
		res.Info.Nodes += in.Nodes
		others = append(others, in)
	}
	slices.SortStableFunc(others, func(a, b search.Info) int { return nboardRank(b) - nboardRank(a) })
	for _, in := range others[:min(len(others), h.n-1)] {
		if info != nil {
			info(in)
		}
	}
	return res
}

// nboardRank orders reports by value for the side to move: forced wins
// first (the sooner the better), then scores, then forced losses.
func nboardRank(in search.Info) int {
	switch {
	case in.Mate > 0:
		return search.MateScore - in.Mate
	case in.Mate < 0:
		return -search.MateScore - in.Mate
	}
	return in.Score
}
