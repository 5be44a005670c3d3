package record

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// SANState is the hook for PGN: a state whose game has a standard
// notation of its own for records (chess: SAN, and FEN for positions).
// When a variant's states implement it, the referee writes every game in
// PGN too (PGNFile), asking the state for each move's SAN while it replays
// the record. games/chess implements it.
type SANState interface {
	games.State
	SAN(m games.Move) string // the move in Standard Algebraic Notation
	FEN() string             // the position in Forsyth-Edwards Notation
}

// chess960Game is a game that may be Chess960 (games/chess.Game).
type chess960Game interface{ Chess960() bool }

// StandardFEN is the start position of chess: a PGN game starting there
// has no [FEN] tag.
const StandardFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// HasPGN reports whether the referee writes g's games in PGN (its states
// are SANStates).
func HasPGN(g games.Game) bool {
	_, ok := g.NewState().(SANState)
	return ok
}

// PGNInfo is what a PGN game says that its Record does not.
type PGNInfo struct {
	Event string            // [Event]; "?" when empty
	Site  string            // [Site]; "?" when empty
	TC    map[string]string // per engine name: its PGN TimeControl ("40/60+0.6", "5/move", "-"); "?" when missing
}

// pgnTermination is PGN's Termination for a referee termination (the PGN
// standard's values, 9.8.1: abandoned, adjudication, death, emergency,
// normal, rules infraction, time forfeit, unterminated).
func pgnTermination(t Termination) string {
	switch t {
	case Normal, Resignation:
		return "normal"
	case Adjudication, MaxPlies:
		return "adjudication"
	case IllegalMove, ProtocolError:
		return "rules infraction"
	case Crash, Stall, Startup:
		return "abandoned"
	case TimeLoss:
		return "time forfeit"
	}
	return "unterminated"
}

// pgnComment is a ply's comment in PGN as cutechess-cli writes it:
// "book", or the eval and depth then the time ("+0.32/12 1.234s"; the
// time in seconds to the millisecond).
func (p Ply) pgnComment() string {
	if p.Book {
		return "book"
	}
	sec := strconv.FormatFloat(math.Round(float64(p.Micro)/1000)/1000, 'f', -1, 64) + "s"
	if e := p.Eval(); e != "" {
		return e + "/" + strconv.Itoa(p.Depth) + " " + sec
	}
	return sec
}

// commentText keeps s inside a PGN comment: no closing brace, one line.
func commentText(s string) string {
	s = strings.ReplaceAll(s, "}", ")")
	s = strings.ReplaceAll(s, "{", "(")
	return strings.Join(strings.Fields(s), " ")
}

// WritePGN writes r as a game in PGN (the PGN standard's export format,
// as cutechess-cli and lichess write it): the Seven Tag Roster, then in
// ASCII order FEN and SetUp (a start other than chess's, and every
// Chess960 game), Meeple (the version of the meeple that refereed it),
// MeepleTermination (the referee's termination when PGN's Termination
// does not say it exactly), PlyCount, Termination,
// TimeControl (or WhiteTimeControl and BlackTimeControl when the engines'
// differ) and Variant (Chess960); then the moves in SAN with move numbers,
// each with its comment ({book}, {+0.32/12 1.234s}; the last one adds
// the reason the game ended: {+M1/1 0.1s, white mates}), and the result. Lines are at most 79 columns.
// g is the record's game; its states must be SANStates.
func (r *Record) WritePGN(w io.Writer, g games.Game, info PGNInfo) error {
	st := g.NewState()
	if r.Start != StartPos {
		var err error
		if st, err = g.ParseState(r.Start); err != nil {
			return fmt.Errorf("pgn: game %d: start: %v", r.Game, err)
		}
	}
	ss, ok := st.(SANState)
	if !ok {
		return fmt.Errorf("pgn: game %d: %s has no SAN", r.Game, r.Variant)
	}
	if len(r.Seats) != 2 {
		return fmt.Errorf("pgn: game %d: %d seats, want 2", r.Game, len(r.Seats))
	}
	startFEN := ss.FEN()
	fen := strings.Fields(startFEN)
	if len(fen) < 6 {
		return fmt.Errorf("pgn: game %d: start FEN %q", r.Game, startFEN)
	}
	moves, reason, err := r.pgnMoves(ss, fen)
	if err != nil {
		return err
	}

	tags := r.pgnTags(g, startFEN, info)
	var b strings.Builder
	tag := func(k, v string) { fmt.Fprintf(&b, "[%s %s]\n", k, quote(v)) }
	tag("Event", or(info.Event, "?"))
	tag("Site", or(info.Site, "?"))
	tag("Date", or(r.Date, "????.??.??"))
	tag("Round", strconv.Itoa(r.Game+1))
	tag("White", r.Seats[0])
	tag("Black", r.Seats[1])
	tag("Result", r.Result())
	keys := make([]string, 0, len(tags))
	for k := range tags {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		tag(k, tags[k])
	}
	b.WriteByte('\n')
	var mt movetext
	for i, m := range moves {
		words := []string{m} // a move with its number, a move's comment: whole
		if i == reason {
			words = strings.Fields(m) // the comment with the reason may wrap
		}
		for _, word := range words {
			mt.word(&b, word)
		}
	}
	b.WriteString("\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// pgnMoves are the record's plies as PGN movetext words, from a start
// whose FEN fields are fen: each move in SAN with its number (1., or 1...
// for black first) then its comment, the reason joined to the last
// comment (reason: its index, -1 if none), and the result.
func (r *Record) pgnMoves(ss SANState, fen []string) (moves []string, reason int, _ error) {
	black := fen[1] == "b"
	fullmove, err := strconv.Atoi(fen[5])
	if err != nil {
		return nil, 0, fmt.Errorf("pgn: game %d: start FEN %q: fullmove number", r.Game, strings.Join(fen, " "))
	}
	for i, p := range r.Plies {
		m, err := games.ParseLegal(ss, p.Move)
		if err != nil {
			return nil, 0, fmt.Errorf("pgn: game %d: ply %d (%s): %v", r.Game, i+1, p.Move, err)
		}
		san := ss.SAN(m)
		switch {
		case !black:
			san = strconv.Itoa(fullmove) + ". " + san
		case i == 0:
			san = strconv.Itoa(fullmove) + "... " + san
		}
		moves = append(moves, san, "{"+p.pgnComment()+"}")
		ss.Play(m)
		if black {
			fullmove++
		}
		black = !black
	}
	// The reason joins the last move's comment, as cutechess-cli writes
	// it ({+M1/1 0.1s, White mates}): chess.js, for one, does not read
	// two comments in a row.
	reason = -1
	if r.Reason != "" {
		if n := len(moves); n > 0 {
			reason = n - 1
			moves[reason] = strings.TrimSuffix(moves[reason], "}") + ", " + commentText(r.Reason) + "}"
		} else {
			reason = 0
			moves = append(moves, "{"+commentText(r.Reason)+"}")
		}
	}
	moves = append(moves, r.Result())
	return moves, reason, nil
}

// pgnTags are the tags beyond the seven of PGN's roster: the start (FEN
// and SetUp unless it is chess's own), Chess960, the termination, the
// meeple that refereed it, the plies and the time controls.
func (r *Record) pgnTags(g games.Game, startFEN string, info PGNInfo) map[string]string {
	tags := map[string]string{}
	chess960 := false
	if c, ok := g.(chess960Game); ok {
		chess960 = c.Chess960()
	}
	if chess960 || startFEN != StandardFEN {
		tags["FEN"], tags["SetUp"] = startFEN, "1"
	}
	if chess960 {
		tags["Variant"] = "Chess960" // lichess's spelling; python-chess and cutechess read it too
	}
	if t := pgnTermination(r.Termination); t != r.Termination.String() {
		tags["MeepleTermination"] = r.Termination.String()
	}
	tags["Termination"] = pgnTermination(r.Termination)
	if r.Meeple != "" {
		tags["Meeple"] = r.Meeple
	}
	tags["PlyCount"] = strconv.Itoa(len(r.Plies))
	wtc, btc := or(info.TC[r.Seats[0]], "?"), or(info.TC[r.Seats[1]], "?")
	if wtc == btc {
		tags["TimeControl"] = wtc
	} else {
		tags["WhiteTimeControl"], tags["BlackTimeControl"] = wtc, btc
	}

	return tags
}

// or is s, or def when s is empty.
func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
