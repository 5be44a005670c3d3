package games

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Kind is the type of a rule parameter.
type Kind uint8

const (
	Int    Kind = iota // a whole number in [Min, Max]
	Bool               // true or false
	String             // one of Choices
	Ints               // one whole number, or a list of MinLen..MaxLen of them, each in [Min, Max]
)

func (k Kind) String() string {
	switch k {
	case Int:
		return "int"
	case Bool:
		return "bool"
	case String:
		return "string"
	case Ints:
		return "int list"
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Param is one key of a family's [rules] table.
type Param struct {
	Key     string
	Kind    Kind
	Default any // int, bool, string or []int, by Kind
	Min     int
	Max     int
	MinLen  int      // Ints: shortest list
	MaxLen  int      // Ints: longest list
	Choices []string // String: the allowed values
	Doc     string
}

// Range says what values the parameter takes, for docs and describe.
func (p Param) Range() string {
	switch p.Kind {
	case Int:
		return fmt.Sprintf("%d..%d", p.Min, p.Max)
	case Ints:
		return fmt.Sprintf("%d..%d, or a list of %d..%d of them", p.Min, p.Max, p.MinLen, p.MaxLen)
	case String:
		return strings.Join(p.Choices, "|")
	}
	return "true|false"
}

// Values holds a variant's rule values by key: int, bool, string or []int.
type Values map[string]any

func (v Values) Int(key string) int       { n, _ := v[key].(int); return n }
func (v Values) Bool(key string) bool     { b, _ := v[key].(bool); return b }
func (v Values) String(key string) string { s, _ := v[key].(string); return s }
func (v Values) Ints(key string) []int    { l, _ := v[key].([]int); return l }

// Keys returns the keys in sorted order.
func (v Values) Keys() []string {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Format writes one value as the inline form reads it.
func Format(val any) string {
	switch x := val.(type) {
	case []int:
		s := make([]string, len(x))
		for i, n := range x {
			s[i] = strconv.Itoa(n)
		}
		return strings.Join(s, "x")
	case string:
		return x
	}
	return fmt.Sprint(val)
}

// ParamError is a rule value that is wrong: the loader adds file and line.
type ParamError struct {
	Key string
	Msg string
}

func (e *ParamError) Error() string { return e.Key + ": " + e.Msg }

// Errorf makes a ParamError for key.
func Errorf(key, format string, args ...any) error {
	return &ParamError{Key: key, Msg: fmt.Sprintf(format, args...)}
}

// check converts a raw value (from TOML: int64, bool, string, []any; or from
// text: string) to the parameter's kind and range-checks it.
func (p Param) check(raw any) (any, error) {
	if t, ok := raw.(Text); ok {
		v, err := p.parseText(string(t))
		if err != nil {
			return nil, err
		}
		raw = v
	}
	switch p.Kind {
	case Int:
		n, ok := asInt(raw)
		if !ok {
			return nil, Errorf(p.Key, "want an integer, have %s", describeValue(raw))
		}
		if n < p.Min || n > p.Max {
			return nil, Errorf(p.Key, "%d is out of range %d..%d", n, p.Min, p.Max)
		}
		return n, nil
	case Bool:
		b, ok := raw.(bool)
		if !ok {
			return nil, Errorf(p.Key, "want true or false, have %s", describeValue(raw))
		}
		return b, nil
	case String:
		s, ok := raw.(string)
		if !ok {
			return nil, Errorf(p.Key, "want a string, have %s", describeValue(raw))
		}
		for _, c := range p.Choices {
			if c == s {
				return s, nil
			}
		}
		return nil, Errorf(p.Key, "%q is not one of %s", s, strings.Join(p.Choices, ", "))
	case Ints:
		var list []int
		switch x := raw.(type) {
		case []any:
			for _, e := range x {
				n, ok := asInt(e)
				if !ok {
					return nil, Errorf(p.Key, "want integers, have %s in the list", describeValue(e))
				}
				list = append(list, n)
			}
		case []int:
			list = append(list, x...)
		default:
			n, ok := asInt(raw)
			if !ok {
				return nil, Errorf(p.Key, "want an integer or a list of them, have %s", describeValue(raw))
			}
			list = []int{n}
		}
		if len(list) < p.MinLen || len(list) > p.MaxLen {
			return nil, Errorf(p.Key, "a list of %d values; want %d..%d", len(list), p.MinLen, p.MaxLen)
		}
		for _, n := range list {
			if n < p.Min || n > p.Max {
				return nil, Errorf(p.Key, "%d is out of range %d..%d", n, p.Min, p.Max)
			}
		}
		return list, nil
	}
	return nil, Errorf(p.Key, "unknown kind %v", p.Kind)
}

// Text is a rule value written as text (the inline form, --set, the
// protocol's newgame key=value) rather than typed TOML: it is parsed by the
// parameter's kind.
type Text string

// parseText reads a value written as text (inline form, --set): "4",
// "true", "7x6" or "[7,6]".
func (p Param) parseText(s string) (any, error) {
	s = strings.TrimSpace(s)
	switch p.Kind {
	case Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return nil, Errorf(p.Key, "want true or false, have %q", s)
		}
		return b, nil
	case Int:
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, Errorf(p.Key, "want an integer, have %q", s)
		}
		return n, nil
	case Ints:
		body := strings.TrimSuffix(strings.TrimPrefix(s, "["), "]")
		sep := "x"
		if strings.Contains(body, ",") {
			sep = ","
		}
		var list []any
		for _, f := range strings.Split(body, sep) {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return nil, Errorf(p.Key, "want an integer or a list like 7x6, have %q", s)
			}
			list = append(list, int64(n))
		}
		return list, nil
	}
	return s, nil
}

func asInt(v any) (int, bool) {
	switch x := v.(type) {
	case int64:
		if x < -1<<31 || x > 1<<31-1 {
			return 0, false
		}
		return int(x), true
	case int:
		return x, true
	}
	return 0, false
}

func describeValue(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", x)
	case int64, int:
		return fmt.Sprintf("the integer %d", x)
	case float64:
		return fmt.Sprintf("the float %v", x)
	case bool:
		return fmt.Sprintf("the boolean %v", x)
	case []any:
		return "a list"
	case map[string]any:
		return "a table"
	}
	return fmt.Sprintf("a %T", v)
}

// Description tells a generic client (a GUI that has never seen the game)
// enough to draw the board and drive the game: with a state's Picture and
// its legal moves, a client draws and plays any game without game code of
// its own. The native protocol's describe sends it as JSON (these field
// tags), and protocol/README.md specifies every field.
type Description struct {
	Players []string `json:"players"` // seat names in order ("x", "o")
	// Board geometry: the size along each axis, and how each axis is written
	// in move notation ("letters" a.., "numbers" 1..). Empty for card games.
	// A cell's index is sum(coord[i] * stride[i]), axis 1 varying fastest;
	// a cell is named by its coordinates in axis order ("b3", "b3c2").
	Dims   []int    `json:"dims,omitempty"`
	Coords []string `json:"coords,omitempty"`
	// RowsDown says row 1 of axis 2 is drawn at the top (Othello); else at
	// the bottom (chess, Connect Four, Nocca). Axis 1 runs left to right.
	RowsDown bool `json:"rowsDown,omitempty"`
	// Gravity is the 1-based axis along which pieces fall (Connect Four:
	// 2); 0 for none.
	Gravity int `json:"gravity,omitempty"`
	// Stacks is the tallest stack a square can hold (0: one piece a square).
	Stacks int `json:"stacks,omitempty"`
	// Pieces are the kinds of pieces a cell can hold; Picture.Cells indexes
	// into it.
	Pieces []Piece `json:"pieces,omitempty"`
	// Above and Below caption the board's top and bottom edges as drawn
	// (Nocca: the goals), "" for none.
	Above string `json:"above,omitempty"`
	Below string `json:"below,omitempty"`
	// Goals are the edges that are seats' goals, as data (the captions say
	// it in words).
	Goals []Goal `json:"goals,omitempty"`
	// Look is how the board looks in real life (nil: no preference).
	Look *Look `json:"look,omitempty"`
	// Phrases are the codes of every Phrase the game's states give (their
	// EndPhrase and Picture.Says), so that a client can word each one.
	Phrases []string `json:"phrases,omitempty"`
	// Cards describes a card game's table; nil for board games.
	Cards *CardTable `json:"cards,omitempty"`
	// Grammar is the move notation as data; Moves is the same in prose and
	// MoveExample one legal start move (in a game that starts with chance,
	// a player's move of the kind the players make: The Game's "50a").
	Grammar     Grammar `json:"grammar"`
	Moves       string  `json:"moves"`
	MoveExample string  `json:"example"`
	// Extra holds game-specific facts as key/value pairs (gravity axis, ...).
	Extra [][2]string `json:"extra,omitempty"`
}
