package referee

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/meeple-games/meeple/internal/engine"
)

// TimeControl is a clock in cutechess-cli's terms: Base time for Moves
// moves (0: for the whole game), plus Inc after every move. The zero value
// (or Infinite) is no clock.
type TimeControl struct {
	Moves    int           // moves per period; 0: one period for the whole game
	Base     time.Duration // time per period
	Inc      time.Duration // added after every move (Fischer)
	Infinite bool          // "inf": no clock (say so explicitly)
}

// Timed reports whether the control runs a clock.
func (tc TimeControl) Timed() bool { return !tc.Infinite && tc.Base > 0 }

// String writes tc in the syntax ParseTC reads: "40/60+0.6", "inf", "".
func (tc TimeControl) String() string {
	switch {
	case tc.Infinite:
		return "inf"
	case !tc.Timed():
		return ""
	}
	s := seconds(tc.Base)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	if tc.Inc > 0 {
		s += "+" + seconds(tc.Inc)
	}
	return s
}

func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// ParseTC reads a time control as cutechess-cli writes it:
//
//	[moves/]time[+increment]   time and increment in seconds ("60", "0.5"),
//	                           or time as m:ss or h:mm:ss ("1:30", "1:00:00")
//	inf                        no clock (infinite time)
//
// Examples: "40/60+0.6" (60 s for every 40 moves, 0.6 s added per move),
// "60+0.6", "0:30+0.1", "10", "inf".
func ParseTC(s string) (TimeControl, error) {
	var tc TimeControl
	in := strings.TrimSpace(s)
	if in == "inf" || in == "infinite" {
		tc.Infinite = true
		return tc, nil
	}
	if in == "" {
		return tc, fmt.Errorf("time control %q: empty (want moves/seconds+increment, e.g. 40/60+0.6, or inf)", s)
	}
	rest := in
	if m, r, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n <= 0 {
			return tc, fmt.Errorf("time control %q: moves %q: want a whole number above 0", s, m)
		}
		tc.Moves, rest = n, r
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if tc.Base, err = parseClock(base); err != nil {
		return tc, fmt.Errorf("time control %q: time %q: %v", s, base, err)
	}
	if tc.Base <= 0 {
		return tc, fmt.Errorf("time control %q: time must be above 0 (inf: no clock)", s)
	}
	if hasInc {
		if tc.Inc, err = engine.Seconds(inc); err != nil {
			return tc, fmt.Errorf("time control %q: increment %q: %v", s, inc, err)
		}
	}
	return tc, nil
}

// parseClock reads seconds ("90", "1.5") or m:ss / h:mm:ss.
func parseClock(s string) (time.Duration, error) {
	parts := strings.Split(s, ":")
	if len(parts) > 3 {
		return 0, fmt.Errorf("want seconds, m:ss or h:mm:ss")
	}
	var total time.Duration
	for i, p := range parts {
		if i < len(parts)-1 {
			n, err := strconv.Atoi(p)
			if err != nil || n < 0 {
				return 0, fmt.Errorf("want seconds, m:ss or h:mm:ss")
			}
			total = (total + time.Duration(n)) * 60
			continue
		}
		if len(parts) > 1 && strings.ContainsAny(p, "eE") {
			return 0, fmt.Errorf("want seconds, m:ss or h:mm:ss")
		}
		sec, err := engine.Seconds(p)
		if err != nil {
			return 0, err
		}
		if len(parts) > 1 && sec >= time.Minute {
			return 0, fmt.Errorf("seconds after a colon must be below 60")
		}
		total = total*time.Second + sec
	}
	return total, nil
}

// Limits are what an engine is told to search with each move.
type Limits struct {
	TC       TimeControl
	MoveTime time.Duration // exactly this long per move (0: none)
	Nodes    int64         // 0: none
	Depth    int           // 0: none
}

// String writes the limits as engine keys ("tc=40/60+0.6 depth=3").
func (l Limits) String() string {
	var w []string
	if s := l.TC.String(); s != "" {
		w = append(w, "tc="+s)
	}
	if l.MoveTime > 0 {
		w = append(w, "movetime="+seconds(l.MoveTime))
	}
	if l.Nodes > 0 {
		w = append(w, "nodes="+strconv.FormatInt(l.Nodes, 10))
	}
	if l.Depth > 0 {
		w = append(w, "depth="+strconv.Itoa(l.Depth))
	}
	if len(w) == 0 {
		return "none"
	}
	return strings.Join(w, " ")
}

// clock is one seat's clock in one game.
//
// The time an engine is charged for a move is the client's GoReply.Elapsed:
// from writing `go` to reading `bestmove`, on the monotonic clock. The
// referee's own work between moves (validating, sending the position) is
// never charged.
type clock struct {
	tc        TimeControl
	left      time.Duration // time on the clock now; may go below 0 by at most the margin
	movesDone int
}

func newClock(tc TimeControl) *clock { return &clock{tc: tc, left: tc.Base} }

// movesToGo is the number of moves to the next time control (0: none).
func (c *clock) movesToGo() int {
	if !c.tc.Timed() || c.tc.Moves == 0 {
		return 0
	}
	return c.tc.Moves - c.movesDone%c.tc.Moves
}

// charge takes a move's time off the clock and reports whether the flag
// fell (elapsed beyond the time left plus margin). After a move in time the
// increment is added, and at the end of a period the next period's time.
func (c *clock) charge(elapsed, margin time.Duration) (flagged bool) {
	if !c.tc.Timed() {
		return false
	}
	if elapsed > c.left+margin {
		c.left -= elapsed
		return true
	}
	c.left -= elapsed
	c.movesDone++
	c.left += c.tc.Inc
	if c.tc.Moves > 0 && c.movesDone%c.tc.Moves == 0 {
		c.left += c.tc.Base
	}
	return false
}
