package record

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// StartPos is how records write the variant's own start position.
const StartPos = "startpos"

// Termination says how a game ended.
type Termination uint8

const (
	Normal        Termination = iota // the rules ended it
	Adjudication                     // the resign or draw rule on reported scores
	MaxPlies                         // --max-plies reached: a draw
	IllegalMove                      // an engine's move was unparseable or illegal
	Crash                            // an engine process exited
	Stall                            // an engine did not answer in time (isready, or go with no clock)
	TimeLoss                         // an engine overran its clock by more than the margin
	ProtocolError                    // an engine's reply made no sense
	Startup                          // an engine could not be started (or is dead with restart=off)
	Unterminated                     // the game did not end (saved in progress by meeple play): result *, no standings
	Resignation                      // an engine resigned (GTP's genmove resign): a loss, the last termination
)

var terminationNames = [...]string{"normal", "adjudication", "max-plies", "illegal-move", "crash", "stall", "time", "protocol", "startup", "unterminated", "resign"}

func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return "termination(" + strconv.Itoa(int(t)) + ")"
}

// Fault reports whether t is an engine's failure (an illegal move, a
// crash, a stall, a time loss, a protocol error, a failed start) rather
// than an ending by the rules, an adjudication or a resignation.
func (t Termination) Fault() bool {
	switch t {
	case IllegalMove, Crash, Stall, TimeLoss, ProtocolError, Startup:
		return true
	}
	return false
}

// ParseTermination reads a name written by String.
func ParseTermination(s string) (Termination, error) {
	for i, n := range terminationNames {
		if n == s {
			return Termination(i), nil
		}
	}
	return 0, fmt.Errorf("unknown termination %q", s)
}

func (t Termination) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

func (t *Termination) UnmarshalText(b []byte) error {
	v, err := ParseTermination(string(b))
	*t = v
	return err
}

// Ply is one move of a game record.
type Ply struct {
	Move  string `json:"move"`
	Seat  int    `json:"seat"` // 1-based seat that moved; 0: a chance outcome
	Book  bool   `json:"book,omitempty"`
	Micro int64  `json:"us,omitempty"`    // engine moves: time taken, microseconds
	Score *int   `json:"score,omitempty"` // reported score, hundredths of a return, mover's view
	Mate  int    `json:"mate,omitempty"`  // reported mate distance in plies (+: mover wins)
	Depth int    `json:"depth,omitempty"`
	Nodes int64  `json:"nodes,omitempty"`
	// Talk is what seats said to the table before this ply (a game whose
	// rules allow it, The Game: games.CardTable.Talk), each "S:P=W": the
	// 1-based seat S said word W of pile P ("-": took its word back).
	Talk []string `json:"talk,omitempty"`
}

// Chance reports whether the ply is a chance outcome.
func (p Ply) Chance() bool { return p.Seat == 0 }

// Record is one finished game: what the journal holds a line of, and what
// the records file writes in text.
type Record struct {
	Game        int         `json:"game"` // number in the match, from 0
	Pair        int         `json:"pair"` // its round's number: colour-reversed pairs share it
	Variant     string      `json:"variant"`
	Rules       string      `json:"rules"`            // inline spec with every rule
	Seed        uint64      `json:"seed"`             // seed of the referee's chance RNG for this game
	Date        string      `json:"date,omitempty"`   // the day the game started, UTC, as PGN writes it (2026.11.22); "": unknown
	Meeple      string      `json:"meeple,omitempty"` // the version of the meeple that refereed it (internal/version); "": unknown
	Seats       []string    `json:"seats"`            // engine name per seat
	Start       string      `json:"start"`            // StartPos or a position string
	Plies       []Ply       `json:"plies"`
	Returns     []float64   `json:"returns"`
	Termination Termination `json:"termination"`
	Reason      string      `json:"reason"`
	Loser       int         `json:"loser,omitempty"`  // 1-based seat that lost by the termination (fault, time, resign); 0: none
	Stderr      []string    `json:"stderr,omitempty"` // per seat: the saved stderr log, relative to the output directory ("": none)
	// A cooperative game's (identical returns) team result, "win" or
	// "loss", and the name of what its return counts against the team
	// (The Game: "cards left"); both "" for other games and in records
	// written before they existed. SetTeam fills them in.
	Team    string `json:"team,omitempty"`
	Penalty string `json:"penalty,omitempty"`
}

// SetTeam fills in Team and Penalty from the returns when t is a
// cooperative game, and clears them otherwise.
func (r *Record) SetTeam(t games.Type) {
	r.Team, r.Penalty = "", ""
	if r.Termination != Unterminated {
		r.Team = t.TeamResult(r.Returns)
	}
	if r.Team != "" {
		r.Penalty = t.Penalty
	}
}

// penaltyTag is the tag a penalty is written under: its words capitalized
// and joined ("cards left": CardsLeft).
func penaltyTag(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(name) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// Result is the record's result token: a cooperative game's team result
// (win or loss); for two seats PGN's 1-0, 0-1 or 1/2-1/2 (by comparing the
// returns); otherwise the returns joined by ":"; PGN's * for a game that
// did not end (Unterminated).
func (r *Record) Result() string {
	switch {
	case r.Termination == Unterminated:
		return "*"
	case r.Team != "":
		return r.Team
	}
	return resultText(r.Returns)
}

func resultText(ret []float64) string {
	if len(ret) == 2 {
		switch {
		case ret[0] > ret[1]:
			return "1-0"
		case ret[0] < ret[1]:
			return "0-1"
		}
		return "1/2-1/2"
	}
	s := make([]string, len(ret))
	for i, x := range ret {
		s[i] = formatFloat(x)
	}
	return strings.Join(s, ":")
}

func formatFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

func returnsText(ret []float64) string {
	s := make([]string, len(ret))
	for i, x := range ret {
		s[i] = formatFloat(x)
	}
	return strings.Join(s, " ")
}

// comment is a ply's comment in the text format, without braces.
func (p Ply) comment() string {
	switch {
	case p.Chance():
		return "chance"
	case p.Book:
		return "book"
	}
	prec := 3 // milliseconds, and every digit below one
	if p.Micro < 1000 {
		prec = 6
	}
	s := strconv.FormatFloat(float64(p.Micro)/1e6, 'f', prec, 64) + "s"
	if e := p.Eval(); e != "" {
		s += " " + e + "/" + strconv.Itoa(p.Depth)
	}
	for _, t := range p.Talk {
		s += " talk:" + t
	}
	return s
}

// talkWord matches a ply's talk: seat, pile, word or "-".
var talkWord = regexp.MustCompile(`^[1-9][0-9]?:[a-z]=([a-z]+|-)$`)

// Eval is the reported score as +0.32 (hundredths: 32) or +M5 / -M5.
func (p Ply) Eval() string {
	switch {
	case p.Mate > 0:
		return "+M" + strconv.Itoa(p.Mate)
	case p.Mate < 0:
		return "-M" + strconv.Itoa(-p.Mate)
	case p.Score != nil:
		s := strconv.FormatFloat(float64(*p.Score)/100, 'f', 2, 64)
		if *p.Score >= 0 {
			s = "+" + s
		}
		return s
	}
	return ""
}

// movetext wraps words at 79 columns, as PGN asks and the records format
// does too.
type movetext struct{ col int }

// word writes s after a space, or on a new line when it would pass column 79.
func (mt *movetext) word(b *strings.Builder, s string) {
	if mt.col > 0 && mt.col+1+len(s) > 79 {
		b.WriteByte('\n')
		mt.col = 0
	} else if mt.col > 0 {
		b.WriteByte(' ')
		mt.col++
	}
	b.WriteString(s)
	mt.col += len(s)
}

// WriteText writes r in the records format (see README.md): tags, a blank
// line, the movetext ending with the result token, a blank line.
func (r *Record) WriteText(w io.Writer) error {
	var b strings.Builder
	tag := func(k, v string) { fmt.Fprintf(&b, "[%s %s]\n", k, quote(v)) }
	tag("Variant", r.Variant)
	tag("Rules", r.Rules)
	tag("Game", strconv.Itoa(r.Game))
	tag("Pair", strconv.Itoa(r.Pair))
	tag("Seed", strconv.FormatUint(r.Seed, 10))
	if r.Date != "" {
		tag("Date", r.Date)
	}
	if r.Meeple != "" {
		tag("Meeple", r.Meeple)
	}
	for i, s := range r.Seats {
		tag("Seat"+strconv.Itoa(i+1), s)
	}
	tag("Start", r.Start)
	tag("Result", r.Result())
	tag("Returns", returnsText(r.Returns))
	if r.Team != "" && r.Penalty != "" && len(r.Returns) > 0 {
		tag(penaltyTag(r.Penalty), formatFloat(-r.Returns[0]+0)) // +0: never -0
	}
	tag("Termination", r.Termination.String())
	tag("Reason", r.Reason)
	if r.Loser > 0 {
		tag("Loser", strconv.Itoa(r.Loser))
	}
	tag("Plies", strconv.Itoa(len(r.Plies)))
	for i, s := range r.Stderr {
		if s != "" {
			tag("Stderr"+strconv.Itoa(i+1), s)
		}
	}
	b.WriteByte('\n')
	var mt movetext
	for _, p := range r.Plies {
		mt.word(&b, p.Move+" {"+p.comment()+"}")
	}
	mt.word(&b, r.Result())
	b.WriteString("\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// quote writes a tag value in double quotes, escaping \ and " as PGN does.
func quote(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, `"`, `\"`)
	s = strings.ReplaceAll(s, "\n", " ")
	return `"` + s + `"`
}

// ReadRecords reads every game of a records file in the text format.
func ReadRecords(rd io.Reader) ([]*Record, error) {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var out []*Record
	var tags map[string]string
	var text strings.Builder
	n, startLine := 0, 0
	flush := func() error {
		if tags == nil {
			return nil
		}
		r, err := recordFromText(tags, text.String())
		if err != nil {
			return fmt.Errorf("line %d: %v", startLine, err)
		}
		out = append(out, r)
		tags = nil
		text.Reset()
		return nil
	}
	inMoves := false
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
			if inMoves {
				if err := flush(); err != nil {
					return out, err
				}
				inMoves = false
			}
		case strings.HasPrefix(line, "["):
			// A tag inside movetext, or a tag given twice, is where a
			// record was cut short (a crash while it was appended) and
			// the next one begins: the file is torn there.
			if inMoves {
				return out, fmt.Errorf("line %d: a tag inside the movetext of the game of line %d (a torn record?)", n, startLine)
			}
			if tags == nil {
				tags, startLine = map[string]string{}, n
			}
			k, v, err := parseTag(line)
			if err != nil {
				return out, fmt.Errorf("line %d: %v", n, err)
			}
			if _, dup := tags[k]; dup {
				return out, fmt.Errorf("line %d: tag [%s] again in the game of line %d (a torn record?)", n, k, startLine)
			}
			tags[k] = v
		default:
			if tags == nil {
				return out, fmt.Errorf("line %d: movetext without tags", n)
			}
			inMoves = true
			text.WriteString(line)
			text.WriteByte('\n')
		}
	}
	if err := sc.Err(); err != nil {
		return out, err
	}
	if err := flush(); err != nil {
		return out, err
	}
	return out, nil
}

func parseTag(line string) (string, string, error) {
	if !strings.HasSuffix(line, "]") {
		return "", "", fmt.Errorf("tag %q: want [Key \"value\"]", line)
	}
	body := line[1 : len(line)-1]
	k, v, ok := strings.Cut(body, " ")
	v = strings.TrimSpace(v)
	if !ok || !tagKey(k) || len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", "", fmt.Errorf("tag %q: want [Key \"value\"]", line)
	}
	var b strings.Builder
	v = v[1 : len(v)-1]
	for i := 0; i < len(v); i++ {
		switch {
		case v[i] == '\\' && i+1 < len(v):
			i++
		case v[i] == '"':
			return "", "", fmt.Errorf("tag %q: a quote inside the value is not escaped", line)
		}
		b.WriteByte(v[i])
	}
	return k, b.String(), nil
}

// tagKey says whether k can be a tag's name: a word without brackets,
// braces or quotes (so that a line cut short and joined to the next
// record's tag is no tag).
func tagKey(k string) bool {
	return k != "" && !strings.ContainsAny(k, "[]{}\"\\")
}

func recordFromText(tags map[string]string, moves string) (*Record, error) {
	r := &Record{Variant: tags["Variant"], Rules: tags["Rules"], Start: tags["Start"], Reason: tags["Reason"], Date: tags["Date"], Meeple: tags["Meeple"]}
	need := func(k string) (string, error) {
		v, ok := tags[k]
		if !ok {
			return "", fmt.Errorf("missing tag [%s]", k)
		}
		return v, nil
	}
	var err error
	for _, k := range []string{"Rules", "Start", "Returns", "Termination"} {
		if _, err := need(k); err != nil {
			return nil, err
		}
	}
	if v, ok := tags["Game"]; ok {
		if r.Game, err = strconv.Atoi(v); err != nil {
			return nil, fmt.Errorf("[Game %q]: %v", v, err)
		}
	}
	if v, ok := tags["Pair"]; ok {
		if r.Pair, err = strconv.Atoi(v); err != nil {
			return nil, fmt.Errorf("[Pair %q]: %v", v, err)
		}
	}
	if v, ok := tags["Seed"]; ok {
		if r.Seed, err = strconv.ParseUint(v, 10, 64); err != nil {
			return nil, fmt.Errorf("[Seed %q]: %v", v, err)
		}
	}
	if v, ok := tags["Loser"]; ok {
		if r.Loser, err = strconv.Atoi(v); err != nil || r.Loser < 0 {
			return nil, fmt.Errorf("[Loser %q]: want a seat number", v)
		}
	}
	for _, f := range strings.Fields(tags["Returns"]) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil || math.IsNaN(x) {
			return nil, fmt.Errorf("[Returns %q]: want numbers", tags["Returns"])
		}
		r.Returns = append(r.Returns, x)
	}
	if r.Termination, err = ParseTermination(tags["Termination"]); err != nil {
		return nil, err
	}
	if res := tags["Result"]; res == "win" || res == "loss" {
		r.Team = res // a cooperative game; Replay fills in Penalty from the rules
	}
	for i := 1; ; i++ {
		s, ok := tags["Seat"+strconv.Itoa(i)]
		if !ok {
			break
		}
		r.Seats = append(r.Seats, s)
	}
	for i := range r.Seats {
		if s, ok := tags["Stderr"+strconv.Itoa(i+1)]; ok {
			if r.Stderr == nil {
				r.Stderr = make([]string, len(r.Seats))
			}
			r.Stderr[i] = s
		}
	}
	toks, err := tokenize(moves)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 || toks[len(toks)-1].comment {
		return nil, errors.New("movetext: want a result token at the end")
	}
	if res := toks[len(toks)-1].text; res != r.Result() {
		return nil, fmt.Errorf("movetext: result %q differs from the returns (%s)", res, r.Result())
	}
	toks = toks[:len(toks)-1]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.comment {
			return nil, fmt.Errorf("movetext: comment {%s} without a move", t.text)
		}
		if i+1 == len(toks) || !toks[i+1].comment {
			return nil, fmt.Errorf("movetext: move %q without its comment", t.text)
		}
		p, err := parseComment(t.text, toks[i+1].text)
		if err != nil {
			return nil, err
		}
		r.Plies = append(r.Plies, p)
		i++
	}
	if v, ok := tags["Plies"]; ok && v != strconv.Itoa(len(r.Plies)) {
		return nil, fmt.Errorf("[Plies %q] but the movetext has %d", v, len(r.Plies))
	}
	return r, nil
}

type token struct {
	text    string
	comment bool
}

func tokenize(s string) ([]token, error) {
	var out []token
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '{':
			j := strings.IndexByte(s[i:], '}')
			if j < 0 {
				return nil, errors.New("movetext: unclosed {comment}")
			}
			out = append(out, token{text: strings.TrimSpace(s[i+1 : i+j]), comment: true})
			i += j + 1
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\n\r{", rune(s[j])) {
				j++
			}
			out = append(out, token{text: s[i:j]})
			i = j
		}
	}
	return out, nil
}

// parseComment reads a ply from its move and comment. The seat of an engine
// move is not in the text; replay fills it in (-1 until then).
func parseComment(move, c string) (Ply, error) {
	p := Ply{Move: move, Seat: -1}
	switch c {
	case "chance":
		p.Seat = 0
		return p, nil
	case "book":
		p.Book = true
		return p, nil
	}
	bad := fmt.Errorf("movetext: move %q: comment {%s}: want book, chance or <seconds>s [<eval>/<depth>] [talk:<seat>:<pile>=<word>...]", move, c)
	f := strings.Fields(c)
	for len(f) > 1 && strings.HasPrefix(f[len(f)-1], "talk:") {
		t := strings.TrimPrefix(f[len(f)-1], "talk:")
		if !talkWord.MatchString(t) {
			return p, bad
		}
		p.Talk = append([]string{t}, p.Talk...)
		f = f[:len(f)-1]
	}
	if len(f) == 0 || len(f) > 2 || !strings.HasSuffix(f[0], "s") {
		return p, bad
	}
	sec, err := strconv.ParseFloat(strings.TrimSuffix(f[0], "s"), 64)
	if err != nil || sec < 0 || sec > 1e9 {
		return p, bad
	}
	p.Micro = int64(math.Round(sec * 1e6))
	if len(f) == 2 {
		ev, depth, ok := strings.Cut(f[1], "/")
		if !ok {
			return p, bad
		}
		if p.Depth, err = strconv.Atoi(depth); err != nil {
			return p, bad
		}
		switch {
		case strings.HasPrefix(ev, "+M"), strings.HasPrefix(ev, "-M"):
			n, err := strconv.Atoi(ev[2:])
			if err != nil || n <= 0 {
				return p, bad
			}
			if ev[0] == '-' {
				n = -n
			}
			p.Mate = n
		default:
			x, err := strconv.ParseFloat(ev, 64)
			if err != nil || math.Abs(x) > 1e12 {
				return p, bad
			}
			s := int(math.Round(x * 100))
			p.Score = &s
		}
	}
	return p, nil
}
