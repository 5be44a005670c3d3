package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Levels run from 1 to MaxLevel.
const MaxLevel = 10

// Level is how hard the engine plays: a number from 1 to MaxLevel, a node
// budget per move that triples from level to level (1: 1,000 nodes; 5:
// 81,000; 10: about 19.7 million), or a fixed time per move. A node budget
// makes the built-in engine's play the same on every run and every machine.
type Level struct {
	N        int           // 1..MaxLevel; 0 when MoveTime is set
	MoveTime time.Duration // a time per move instead of a node budget
}

// DefaultLevel is the level of a new session.
var DefaultLevel = Level{N: 5}

// ParseLevel reads a level: a number 1..10, or a time per move ("2s",
// "500ms", or seconds with a unit-less decimal point: "1.5").
func ParseLevel(s string) (Level, error) {
	s = strings.TrimSpace(s)
	if n, err := strconv.Atoi(s); err == nil {
		if n < 1 || n > MaxLevel {
			return Level{}, fmt.Errorf("level %d: want 1..%d, or a time per move (2s)", n, MaxLevel)
		}
		return Level{N: n}, nil
	}
	d, err := ParseSeconds(s)
	if err != nil || d <= 0 {
		return Level{}, fmt.Errorf("level %q: want 1..%d, or a time per move (2s, 500ms)", s, MaxLevel)
	}
	return Level{MoveTime: d}, nil
}

// Nodes is the level's node budget per move (0 for a time per move).
func (l Level) Nodes() int64 {
	if l.N == 0 {
		return 0
	}
	n := int64(1000)
	for range l.N - 1 {
		n *= 3
	}
	return n
}

func (l Level) String() string {
	if l.N == 0 {
		return l.MoveTime.String() + " a move"
	}
	return fmt.Sprintf("%d (%s nodes a move)", l.N, GroupDigits(l.Nodes()))
}

// GroupDigits writes 19683000 as 19,683,000.
func GroupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Seconds reads a plain number of seconds, 0 or more ("0.05").
func Seconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || math.IsNaN(f) || f > 1e7 || strings.ContainsAny(s, "+-xXpPiInN_") {
		return 0, fmt.Errorf("want a number of seconds, 0 or more")
	}
	return time.Duration(math.Round(f * float64(time.Second))), nil
}

// ParseSeconds reads a duration as movetime= and --movetime take it: plain
// seconds ("0.05") or a Go duration ("50ms", "2s").
func ParseSeconds(s string) (time.Duration, error) {
	if d, err := time.ParseDuration(s); err == nil {
		if d < 0 {
			return 0, fmt.Errorf("duration %q: must not be negative", s)
		}
		return d, nil
	}
	d, err := Seconds(s)
	if err != nil {
		return 0, fmt.Errorf("duration %q: want seconds or a Go duration such as 50ms", s)
	}
	return d, nil
}
