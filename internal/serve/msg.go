package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/meeple-games/meeple/games"
)

// Up is a message from a page to the server (see the package doc).
type Up struct {
	Type string  `json:"type"` // move, newgame, resign, talk, hint, takeback, review
	Move string  `json:"move,omitempty"`
	Ply  *int    `json:"ply,omitempty"`
	Swap bool    `json:"swap,omitempty"`
	Pile string  `json:"pile,omitempty"` // talk: the pile, and the word ("": taken back)
	Word *string `json:"word,omitempty"`
	Name *string `json:"name,omitempty"` // name: the seat's nickname ("": none)
}

// maxMoveText bounds a move's text: no game writes a longer move.
const maxMoveText = 64

// Decode reads one message from a page. It accepts exactly one JSON object
// of a known type with the fields that type takes; anything else is an
// error saying what is wrong, never a panic.
func Decode(data []byte) (Up, error) {
	var u Up
	if !utf8.Valid(data) {
		return u, errors.New("message: not UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&u); err != nil {
		return Up{}, fmt.Errorf("message: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Up{}, errors.New("message: want one JSON object")
	}
	switch u.Type {
	case "name":
		if u.Name == nil || u.Move != "" || u.Ply != nil || u.Swap || u.Pile != "" || u.Word != nil {
			return Up{}, errors.New("name: want a name, and no other field")
		}
		return u, nil // the room checks the name itself (Nickname)
	case "move":
		if u.Name != nil {
			return Up{}, errors.New("move: unexpected fields")
		}
		if u.Move == "" || len(u.Move) > maxMoveText {
			return Up{}, fmt.Errorf("move: want a move of 1..%d characters", maxMoveText)
		}
		if u.Ply == nil || *u.Ply < 0 {
			return Up{}, errors.New("move: want the ply the page saw (a whole number)")
		}
		if u.Swap || u.Pile != "" || u.Word != nil {
			return Up{}, errors.New("move: unexpected fields")
		}
	case "hint", "takeback", "review":
		if u.Move != "" || u.Ply != nil || u.Swap || u.Pile != "" || u.Word != nil {
			return Up{}, fmt.Errorf("%s: unexpected fields", u.Type)
		}
	case "newgame", "resign":
		if u.Move != "" || u.Ply != nil || (u.Swap && u.Type == "resign") || u.Pile != "" || u.Word != nil {
			return Up{}, fmt.Errorf("%s: unexpected fields", u.Type)
		}
	case "talk":
		if u.Move != "" || u.Ply != nil || u.Swap || len(u.Pile) != 1 || u.Pile[0] < 'a' || u.Pile[0] > 'z' || u.Word == nil || len(*u.Word) > 16 {
			return Up{}, errors.New("talk: want a pile (a letter) and a word")
		}
	case "":
		return Up{}, errors.New("message: missing type")
	default:
		return Up{}, fmt.Errorf("message: unknown type %q (want move, newgame, resign, talk, hint, takeback, review or name)", truncate(u.Type, 32))
	}
	if u.Name != nil {
		return Up{}, fmt.Errorf("%s: unexpected fields", u.Type)
	}
	return u, nil
}

// MaxNickname is the longest nickname, in characters.
const MaxNickname = 24

// Nickname checks a person's nickname as a page sends it: at most
// MaxNickname characters once trimmed, none a control or format character
// (bidi overrides among them), so that every page shows it as the person
// typed it, as text. "" is no nickname.
func Nickname(s string) (string, error) {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > MaxNickname {
		return "", fmt.Errorf("a name of at most %d characters", MaxNickname)
	}
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return "", fmt.Errorf("a name without control characters (%U)", r)
		}
	}
	return s, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}

// Down messages (server to page); the package doc lists their fields.

type seatInfo struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"` // person or engine
	Online bool   `json:"online"`
	Nick   string `json:"nick,omitempty"` // a person's nickname, as their page gave it
}

type helloMsg struct {
	Type        string            `json:"type"`
	Room        string            `json:"room"`
	Seat        int               `json:"seat"`
	Variant     string            `json:"variant"`
	Names       map[string]string `json:"names,omitempty"` // the variant's name in other languages
	Resign      bool              `json:"resign"`          // a seat may resign (a two-player zero-sum game)
	Help        bool              `json:"help"`            // the room allows help: a seat may ask for a hint
	Review      bool              `json:"review"`          // a finished game may be reviewed (perfect information)
	Units       string            `json:"units"`           // what the engine's scores count (players.UnitsOf)
	Rules       string            `json:"rules"`
	Options     []optionJSON      `json:"options"`     // the rules in force, each with the game's schema for it
	Description json.RawMessage   `json:"description"` // games.Description
	Seats       []seatInfo        `json:"seats"`
}

type legalMove struct {
	Move  string `json:"move"`
	Cells []int  `json:"cells"`
}

type lastMove struct {
	Move  string `json:"move"`
	Cells []int  `json:"cells"`
	Seat  int    `json:"seat"` // 0-based; -1: chance
}

type resultMsg struct {
	Returns     []float64 `json:"returns"`
	Result      string    `json:"result"`
	Termination string    `json:"termination"`
	Reason      string    `json:"reason"`
	// Phrase is Reason as a games.Phrase when the game ended by its rules
	// (termination normal); Loser is the game seat that lost by a fault,
	// time or resignation (-1: none).
	Phrase *games.Phrase `json:"phrase,omitempty"`
	Loser  int           `json:"loser"`
}

// plyNote is a ply as people read it (games.MoveNote) and who made it:
// the game seat, or for a chance outcome of hidden information the seat
// whose hand it went into, or -1.
type plyNote struct {
	games.MoveNote
	Seat int `json:"seat"`
}

// hintMsg is the engine's thinking on a seat's position, sent to that
// seat's page as it goes: its score in the game's units (centi-units of
// the seat's view; Mate: plies to a forced end, + it wins), depth and
// principal line as people read it, and at the end its move.
type hintMsg struct {
	Type  string           `json:"type"` // hint
	Ply   int              `json:"ply"`  // the position's: a hint is of this ply only
	Depth int              `json:"depth"`
	Score int              `json:"score"`
	Mate  int              `json:"mate,omitempty"`
	Has   bool             `json:"hasScore"`
	PV    []games.MoveNote `json:"pv,omitempty"`
	Best  string           `json:"best,omitempty"` // the move, once done
	Cells []int            `json:"cells,omitempty"`
	Done  bool             `json:"done"`
}

// talkNow is a word a seat says of a pile now.
type talkNow struct {
	Seat int    `json:"seat"`
	Pile string `json:"pile"`
	Word string `json:"word"`
}

type stateMsg struct {
	Type    string        `json:"type"`
	Game    int           `json:"game"`
	Ply     int           `json:"ply"`
	Picture games.Picture `json:"picture"`
	ToMove  int           `json:"toMove"`
	Legal   []legalMove   `json:"legal,omitempty"`
	Last    *lastMove     `json:"last,omitempty"`
	History []string      `json:"history"`
	Notes   []plyNote     `json:"notes"` // the same plies for people
	Clocks  []int64       `json:"clocks,omitempty"`
	Talk    []talkNow     `json:"talk,omitempty"` // what each seat says of the piles now
	Result  *resultMsg    `json:"result,omitempty"`
}

type seatsMsg struct {
	Type  string     `json:"type"`
	Seats []seatInfo `json:"seats"`
}

// refusal is why a page's message or request was refused: a Code the page
// words in its reader's language (its catalogue's "err.<code>") with Args,
// and the same in English, Text.
type refusal struct {
	Code string
	Args []string
	Text string
}

// refuse makes a refusal: text is a format whose operands are the args.
func refuse(code, text string, args ...any) *refusal {
	r := &refusal{Code: code, Text: fmt.Sprintf(text, args...)}
	for _, a := range args {
		r.Args = append(r.Args, fmt.Sprint(a))
	}
	return r
}

func (r *refusal) Error() string { return r.Text }

type errorMsg struct {
	Type    string   `json:"type"`
	Code    string   `json:"code,omitempty"`
	Args    []string `json:"args,omitempty"`
	Message string   `json:"message"`
}

func errorJSON(r *refusal) []byte {
	b, _ := json.Marshal(errorMsg{Type: "error", Code: r.Code, Args: r.Args, Message: r.Text})
	return b
}
