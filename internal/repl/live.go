package repl

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/meeple-games/meeple/internal/engine"
)

// liveInterval is how often the thinking line is redrawn at the least
// (the search's reports redraw it in between).
const liveInterval = 200 * time.Millisecond

// clearLine returns the cursor to the start of the line and clears it.
const clearLine = "\r\x1b[K"

// liveLine shows an engine's thinking on one terminal line, redrawn in
// place: who thinks, the time so far, and from the search's last report
// the depth, score, nodes and principal variation. Its methods may be
// called from any goroutine.
type liveLine struct {
	mu    sync.Mutex
	out   io.Writer
	width int    // columns of the terminal; the line is cut to width-1
	who   string // "o thinks"
	u     engine.Units
	seats int
	start time.Time
	now   func() time.Time

	last  thought // the last report
	drawn bool    // something is on the line
	when  time.Time
	done  bool
	stop  chan struct{}
	wg    sync.WaitGroup
}

// startLive draws the thinking line at once and starts redrawing it every
// liveInterval until close.
func startLive(out io.Writer, width int, who string, u engine.Units, seats int) *liveLine {
	l := &liveLine{out: out, width: width, who: who, u: u, seats: seats, now: time.Now, stop: make(chan struct{})}
	l.start = l.now()
	l.mu.Lock()
	l.draw()
	l.mu.Unlock()
	l.wg.Add(1)
	go func() {
		defer l.wg.Done()
		tick := time.NewTicker(liveInterval)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				l.mu.Lock()
				if !l.done {
					l.draw()
				}
				l.mu.Unlock()
			case <-l.stop:
				return
			}
		}
	}()
	return l
}

// report takes a search report; the line is redrawn unless it was a
// moment ago.
func (l *liveLine) report(th thought) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done {
		return
	}
	l.last = th
	if l.now().Sub(l.when) >= liveInterval/4 {
		l.draw()
	}
}

// close stops the redrawing and clears the line.
func (l *liveLine) close() {
	l.mu.Lock()
	l.done = true
	if l.drawn {
		io.WriteString(l.out, clearLine)
		l.drawn = false
	}
	l.mu.Unlock()
	close(l.stop)
	l.wg.Wait()
}

// draw writes the line over the last one; l.mu is held.
func (l *liveLine) draw() {
	io.WriteString(l.out, clearLine+l.text())
	l.drawn, l.when = true, l.now()
}

// text is "o thinks 1.2s: depth 7, score +0.35, 12,000 nodes: e5 Nf3 Nc6",
// cut to the terminal's width.
func (l *liveLine) text() string {
	th := l.last
	el := l.now().Sub(l.start)
	parts := []string{fmt.Sprintf("%s %.1fs", l.who, el.Seconds())}
	if th.Depth > 0 {
		parts = append(parts, "depth "+strconv.Itoa(th.Depth))
	}
	if s := th.scoreWords(l.u, l.seats); s != "" {
		parts = append(parts, s)
	}
	if th.Nodes > 0 {
		parts = append(parts, engine.GroupDigits(th.Nodes)+plural(int(min(th.Nodes, 2)), " node", " nodes"))
	}
	s := strings.Join(parts, ", ")
	if len(th.PV) > 0 {
		s += ": " + strings.Join(th.PV, " ")
	}
	w := l.width
	if w <= 0 {
		w = 80
	}
	if r := []rune(s); len(r) > w-1 {
		s = string(r[:max(w-1, 1)])
	}
	return s
}
