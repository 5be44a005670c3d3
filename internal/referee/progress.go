package referee

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progress reports how far the match is: on a terminal one line redrawn
// with \r after every game; otherwise a plain line every few games or
// seconds.
type progress struct {
	w        io.Writer
	tty      bool
	total    int
	resumed  int // games already in the journal at the start
	start    time.Time
	last     time.Time
	lastDone int
	width    int
	every    int
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Stat() (os.FileInfo, error) })
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

func newProgress(cfg Config, total, resumed int) *progress {
	tty := isTerminal(cfg.Stdout)
	if cfg.Terminal != nil {
		tty = *cfg.Terminal
	}
	p := &progress{w: cfg.Stdout, tty: tty, total: total, resumed: resumed, start: time.Now(), every: max(1, total/20)}
	p.last = p.start
	if resumed > 0 {
		fmt.Fprintf(p.w, "resuming: %d of %d games are in the journal\n", resumed, total)
	}
	return p
}

// line is the progress text after sum.
func (p *progress) line(sum *Summary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%d games", sum.Games, p.total)
	if len(sum.Pairs) == 1 {
		ps := sum.Pairs[0]
		fmt.Fprintf(&b, ", %s vs %s +%d =%d -%d (%.1f%%), elo %s [%s, %s]", ps.A, ps.B, ps.WDL.W, ps.WDL.D, ps.WDL.L,
			100*float64(2*ps.WDL.W+ps.WDL.D)/float64(max(1, 2*ps.WDL.Games())), signed(ps.EloWDL), signed(ps.LoW), signed(ps.HiW))
	} else if len(sum.Standings) > 0 {
		st := sum.Standings[0]
		fmt.Fprintf(&b, ", leader %s %.1f%%", st.Engine, 100*st.Score())
	}
	if len(sum.Scores) == 1 {
		sc := sum.Scores[0]
		if sc.Penalty != "" {
			fmt.Fprintf(&b, ", mean %s %.3f", sc.Penalty, sc.PMean)
		} else {
			fmt.Fprintf(&b, ", mean return %.3f", sc.Mean)
		}
	}
	if sum.SPRT != nil {
		fmt.Fprintf(&b, ", llr %.2f [%.2f, %.2f]", sum.SPRT.LLR, sum.SPRT.Lower, sum.SPRT.Upper)
	}
	if played := sum.Games - p.resumed; played > 0 && sum.Games < p.total {
		per := time.Since(p.start) / time.Duration(played)
		fmt.Fprintf(&b, ", eta %v", (per * time.Duration(p.total-sum.Games)).Round(time.Second))
	}
	return b.String()
}

// game reports a finished game.
func (p *progress) game(sum *Summary) {
	if p.tty {
		s := p.line(sum)
		pad := ""
		if n := p.width - len(s); n > 0 {
			pad = strings.Repeat(" ", n)
		}
		fmt.Fprintf(p.w, "\r%s%s", s, pad)
		p.width = len(s)
		return
	}
	if sum.Games-p.lastDone >= p.every || time.Since(p.last) >= 10*time.Second {
		fmt.Fprintln(p.w, p.line(sum))
		p.last, p.lastDone = time.Now(), sum.Games
	}
}

// end finishes the progress output before the standings.
func (p *progress) end() {
	if p.tty && p.width > 0 {
		fmt.Fprintln(p.w)
	}
}
