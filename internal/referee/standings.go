package referee

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/stats"
)

// Standing is one engine's line of the standings.
type Standing struct {
	Engine  string  `json:"engine"`
	Games   int     `json:"games"` // games it played against another engine
	W, D, L int     // wins, draws, losses
	Points  float64 `json:"points"` // W + D/2
	Elo     float64 `json:"elo"`    // against the field, with a 95% interval
	EloLo   float64 `json:"elo_lo"`
	EloHi   float64 `json:"elo_hi"`
	LOS     float64 `json:"los"` // likelihood of superiority, 0..1
}

// standingJSON is a Standing as JSON: lowercase keys, non-finite numbers
// (a 100% score has an infinite Elo) as null, and the score.
type standingJSON struct {
	Engine  string   `json:"engine"`
	Games   int      `json:"games"`
	W       int      `json:"w"`
	D       int      `json:"d"`
	L       int      `json:"l"`
	Points  float64  `json:"points"`
	Elo     *float64 `json:"elo"`
	EloLo   *float64 `json:"elo_lo"`
	EloHi   *float64 `json:"elo_hi"`
	LOS     *float64 `json:"los"`
	Percent float64  `json:"score"`
}

// MarshalJSON writes non-finite numbers (a 100% score has an infinite Elo)
// as null.
func (s Standing) MarshalJSON() ([]byte, error) {
	return json.Marshal(standingJSON{s.Engine, s.Games, s.W, s.D, s.L, s.Points,
		finite(s.Elo), finite(s.EloLo), finite(s.EloHi), finite(s.LOS), s.Score()})
}

// UnmarshalJSON reads what MarshalJSON writes; a null is an infinite Elo
// of the sign of the score against the field (NaN at an even score).
func (s *Standing) UnmarshalJSON(b []byte) error {
	var j standingJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*s = Standing{Engine: j.Engine, Games: j.Games, W: j.W, D: j.D, L: j.L, Points: j.Points, LOS: orNaN(j.LOS)}
	inf := math.NaN()
	switch sc := s.Score(); {
	case sc > 0.5:
		inf = math.Inf(1)
	case sc < 0.5:
		inf = math.Inf(-1)
	}
	or := func(x *float64) float64 {
		if x == nil {
			return inf
		}
		return *x
	}
	s.Elo, s.EloLo, s.EloHi = or(j.Elo), or(j.EloLo), or(j.EloHi)
	return nil
}

// Score is the points per game, 0..1.
func (s Standing) Score() float64 {
	if s.Games == 0 {
		return 0
	}
	return s.Points / float64(s.Games)
}

// PairStats are the pentanomial counts of one encounter: its complete pairs
// (rounds of two games with the seats swapped), by the points the first
// engine scored in the pair.
type PairStats struct {
	A, B             string
	Penta            stats.Penta
	Elo, Lo, Hi      float64 // of A against B, from the pentanomial
	Single           int     // rounds with one game only (not in Penta)
	WDL              stats.WDL
	EloWDL, LoW, HiW float64
}

// pairJSON is PairStats in JSON: lowercase keys, null for a non-finite Elo.
type pairJSON struct {
	A      string      `json:"a"`
	B      string      `json:"b"`
	Penta  stats.Penta `json:"penta"` // pairs by A's points: 0, 1/2, 1, 3/2, 2
	Elo    *float64    `json:"elo"`   // of A against B, from the pentanomial, with a 95% interval
	Lo     *float64    `json:"elo_lo"`
	Hi     *float64    `json:"elo_hi"`
	Single int         `json:"single,omitempty"`
	W      int         `json:"w"` // A's games
	D      int         `json:"d"`
	L      int         `json:"l"`
	EloWDL *float64    `json:"elo_wdl"` // from the games alone
	LoW    *float64    `json:"elo_wdl_lo"`
	HiW    *float64    `json:"elo_wdl_hi"`
}

func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

func orNaN(x *float64) float64 {
	if x == nil {
		return math.NaN()
	}
	return *x
}

// MarshalJSON writes the counts with lowercase keys, an infinite Elo as null.
func (p PairStats) MarshalJSON() ([]byte, error) {
	return json.Marshal(pairJSON{A: p.A, B: p.B, Penta: p.Penta, Elo: finite(p.Elo), Lo: finite(p.Lo), Hi: finite(p.Hi),
		Single: p.Single, W: p.WDL.W, D: p.WDL.D, L: p.WDL.L, EloWDL: finite(p.EloWDL), LoW: finite(p.LoW), HiW: finite(p.HiW)})
}

// UnmarshalJSON reads what MarshalJSON writes; a null Elo is NaN.
func (p *PairStats) UnmarshalJSON(b []byte) error {
	var j pairJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*p = PairStats{A: j.A, B: j.B, Penta: j.Penta, Elo: orNaN(j.Elo), Lo: orNaN(j.Lo), Hi: orNaN(j.Hi), Single: j.Single,
		WDL: stats.WDL{W: j.W, D: j.D, L: j.L}, EloWDL: orNaN(j.EloWDL), LoW: orNaN(j.LoW), HiW: orNaN(j.HiW)}
	return nil
}

// ScoreStats summarise the returns of an engine set in a cooperative
// (identical-utility) game, or in a game one engine plays alone: there is
// no opponent to take an Elo from.
type ScoreStats struct {
	Engines        string // the engines that played, joined by "+"
	Games          int
	Mean, Lo, Hi   float64 // the common return (seat 1's), with a 95% interval
	Wins           int     // games ending with MaxReturn
	Rate, RLo, RHi float64
	// With a Penalty (games.Type): the mean penalty (minus the return)
	// with its interval, and the games with a penalty below Excellent.
	Penalty            string
	PMean, PLo, PHi    float64
	Excellent          float64
	Excellents         int
	ExRate, ExLo, ExHi float64
}

// SPRTStatus is where a sequential test stands.
type SPRTStatus struct {
	Test     string  `json:"test"`
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision"`
	Pairs    int     `json:"pairs"` // the pairs the test counted, in schedule order
	done     bool
}

// Summary is what a set of finished games says.
type Summary struct {
	Variant      string
	Games        int // finished games counted
	Total        int // games scheduled (this shard)
	Standings    []Standing
	Pairs        []PairStats
	Scores       []ScoreStats
	SPRT         *SPRTStatus
	Terminations map[record.Termination]int
}

// tally accumulates finished games one at a time, so that the standings
// after every game cost no more than the number of engines.
type tally struct {
	id    Identity
	typ   games.Type
	sprt  *stats.SPRT
	index map[string]int

	games        int
	terminations map[record.Termination]int
	wdl          []stats.WDL
	played       []bool
	encs         map[pairKey]*PairStats
	encOrder     []pairKey
	pending      map[int][]outcome // rounds still waiting for their second game
	scores       map[string][]float64
	scoreOrder   []string

	// The SPRT takes complete pairs in schedule order: pair sprtNext is
	// the next it counts (the pairs of this shard are sprtStep apart);
	// complete pairs beyond it wait in paired, by pair number, as
	// pentanomial cells. Once it decides it counts no more pairs.
	sprtNext, sprtStep int
	paired             map[int]int
	sprtPenta          stats.Penta
	sprtDecision       stats.Decision
	sprtLLR            float64
}

type pairKey struct{ a, b int }

type outcome struct {
	k      pairKey
	points float64 // of engine k.a: 1, 1/2 or 0
}

func newTally(id Identity, typ games.Type, sprt *stats.SPRT) *tally {
	t := &tally{id: id, typ: typ, sprt: sprt, index: map[string]int{},
		terminations: map[record.Termination]int{}, wdl: make([]stats.WDL, len(id.Engines)),
		played: make([]bool, len(id.Engines)), encs: map[pairKey]*PairStats{},
		pending: map[int][]outcome{}, scores: map[string][]float64{}, sprtStep: 1, paired: map[int]int{}}
	for i, e := range id.Engines {
		t.index[e.Name] = i
	}
	return t
}

// setShard makes the SPRT count only the pairs of shard sh.
func (t *tally) setShard(sh Shard) {
	if sh.N > 1 {
		t.sprtNext, t.sprtStep = sh.I-1, sh.N
	}
}

// norm maps a return onto 0..1.
func (t *tally) norm(x float64) float64 {
	span := t.typ.MaxReturn - t.typ.MinReturn
	if span <= 0 {
		return 0.5
	}
	return (x - t.typ.MinReturn) / span
}

// add counts one finished game. An engine's points in a game are the mean
// normalized return of its seats; of two engines in a game the one with
// more points wins. Cooperative games, and games one engine plays alone,
// are summarised by their returns instead.
func (t *tally) add(r *record.Record) {
	if r.Termination == record.Unterminated {
		return // no result: never in the standings
	}
	t.games++
	t.terminations[r.Termination]++
	pts := map[int][]float64{}
	var order []int
	for s, name := range r.Seats {
		e, ok := t.index[name]
		if !ok || s >= len(r.Returns) {
			continue
		}
		if _, seen := pts[e]; !seen {
			order = append(order, e)
		}
		pts[e] = append(pts[e], t.norm(r.Returns[s]))
		t.played[e] = true
	}
	if t.typ.Utility == games.Identical || len(order) == 1 {
		key := make([]string, len(order))
		for i, e := range order {
			key[i] = t.id.Engines[e].Name
		}
		sort.Strings(key)
		k := strings.Join(key, "+")
		if _, ok := t.scores[k]; !ok {
			t.scoreOrder = append(t.scoreOrder, k)
		}
		if len(r.Returns) > 0 {
			t.scores[k] = append(t.scores[k], r.Returns[0])
		}
		return
	}
	if len(order) != 2 {
		return
	}
	a, b := min(order[0], order[1]), max(order[0], order[1])
	k := pairKey{a, b}
	ps, ok := t.encs[k]
	if !ok {
		ps = &PairStats{A: t.id.Engines[a].Name, B: t.id.Engines[b].Name}
		t.encs[k] = ps
		t.encOrder = append(t.encOrder, k)
	}
	o := outcome{k: k, points: 0.5}
	switch pa, pb := mean(pts[a]), mean(pts[b]); {
	case pa > pb:
		t.wdl[a].W++
		t.wdl[b].L++
		ps.WDL.W++
		o.points = 1
	case pa < pb:
		t.wdl[a].L++
		t.wdl[b].W++
		ps.WDL.L++
		o.points = 0
	default:
		t.wdl[a].D++
		t.wdl[b].D++
		ps.WDL.D++
	}
	// Pentanomial: a round of exactly two games between the same two engines.
	prev := t.pending[r.Pair]
	if len(prev) == 1 && prev[0].k == k {
		if i, err := stats.PentaFromPair(prev[0].points, o.points); err == nil {
			ps.Penta[i]++
			if t.sprt != nil {
				t.paired[r.Pair] = i
				t.advanceSPRT()
			}
		}
		delete(t.pending, r.Pair)
		return
	}
	t.pending[r.Pair] = append(prev, o)
}

// advanceSPRT feeds the test the complete pairs that follow the ones it
// has counted, in schedule order, one at a time, and stops at the first
// decision. So the decision and its LLR depend only on the games' results,
// never on the order they finished in: a pair finished while an earlier
// one is still being played waits for it, and pairs finished after the
// decision (games in flight when it came) are not counted. The same
// journal always gives the same test.
func (t *tally) advanceSPRT() {
	for t.sprtDecision == stats.Continue {
		i, ok := t.paired[t.sprtNext]
		if !ok {
			return
		}
		delete(t.paired, t.sprtNext)
		t.sprtPenta[i]++
		t.sprtDecision, t.sprtLLR = t.sprt.Decide(t.sprtPenta)
		t.sprtNext += t.sprtStep
	}
}

// summary computes the standings so far.
func (t *tally) summary() *Summary {
	sum := &Summary{Variant: t.id.Variant, Games: t.games, Terminations: map[record.Termination]int{}}
	for k, n := range t.terminations {
		sum.Terminations[k] = n
	}
	single := map[pairKey]int{}
	for _, waiting := range t.pending {
		for _, o := range waiting {
			single[o.k]++
		}
	}
	for _, k := range t.encOrder {
		ps := *t.encs[k]
		ps.Single = single[k]
		ps.Elo, ps.Lo, ps.Hi = stats.PentaElo(ps.Penta)
		ps.EloWDL, ps.LoW, ps.HiW = stats.EloInterval(ps.WDL)
		sum.Pairs = append(sum.Pairs, ps)
	}
	for i, e := range t.id.Engines {
		r := t.wdl[i]
		if !t.played[i] || r.Games() == 0 {
			continue // alone, or in cooperative games: see Scores
		}
		st := Standing{Engine: e.Name, Games: r.Games(), W: r.W, D: r.D, L: r.L, Points: float64(r.W) + float64(r.D)/2}
		st.Elo, st.EloLo, st.EloHi = stats.EloInterval(r)
		st.LOS = stats.LOS(r)
		sum.Standings = append(sum.Standings, st)
	}
	sort.SliceStable(sum.Standings, func(i, j int) bool { return sum.Standings[i].Score() > sum.Standings[j].Score() })
	for _, k := range t.scoreOrder {
		xs := t.scores[k]
		ss := ScoreStats{Engines: k, Games: len(xs)}
		ss.Mean, ss.Lo, ss.Hi = stats.MeanInterval(xs)
		for _, x := range xs {
			if x >= t.typ.MaxReturn {
				ss.Wins++
			}
		}
		ss.Rate, ss.RLo, ss.RHi = stats.Rate(ss.Wins, len(xs))
		if t.typ.Penalty != "" {
			ss.Penalty, ss.Excellent = t.typ.Penalty, t.typ.Excellent
			ss.PMean, ss.PLo, ss.PHi = -ss.Mean, -ss.Hi, -ss.Lo
			for _, x := range xs {
				if -x < ss.Excellent {
					ss.Excellents++
				}
			}
			ss.ExRate, ss.ExLo, ss.ExHi = stats.Rate(ss.Excellents, len(xs))
		}
		sum.Scores = append(sum.Scores, ss)
	}
	if t.sprt != nil && len(sum.Pairs) <= 1 {
		d := t.sprtDecision
		lo, hi := t.sprt.Bounds()
		sum.SPRT = &SPRTStatus{Test: t.sprt.String(), LLR: t.sprtLLR, Lower: lo, Upper: hi, Decision: d.String(),
			Pairs: t.sprtPenta.Pairs(), done: d != stats.Continue}
	}
	return sum
}

// summarize is the summary of records.
func summarize(id Identity, typ games.Type, rs []*record.Record, sprt *stats.SPRT) *Summary {
	t := newTally(id, typ, sprt)
	for _, r := range rs {
		t.add(r)
	}
	return t.summary()
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// signed writes an Elo figure: +12.3, -4.0, +inf.
func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	case math.IsNaN(x):
		return "nan"
	case x == 0:
		return "+0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

// Write prints the summary for people.
func (s *Summary) Write(w io.Writer) {
	total := ""
	if s.Total > 0 {
		total = fmt.Sprintf(" of %d", s.Total)
	}
	fmt.Fprintf(w, "%s: %d games%s\n", s.Variant, s.Games, total)
	if len(s.Standings) > 0 {
		tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "rank\tengine\tgames\twins\tdraws\tlosses\tscore\telo\t95% interval\tlos\t")
		for i, st := range s.Standings {
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%.1f%%\t%s\t[%s, %s]\t%.1f%%\t\n", i+1, st.Engine, st.Games, st.W, st.D, st.L,
				100*st.Score(), signed(st.Elo), signed(st.EloLo), signed(st.EloHi), 100*st.LOS)
		}
		tw.Flush()
	}
	for _, p := range s.Pairs {
		fmt.Fprintf(w, "%s vs %s: %d-%d-%d (w-d-l), elo %s [%s, %s]; %d pairs, pentanomial %v (pairs scoring 0, 1/2, 1, 3/2, 2 for %s), elo %s [%s, %s]",
			p.A, p.B, p.WDL.W, p.WDL.D, p.WDL.L, signed(p.EloWDL), signed(p.LoW), signed(p.HiW),
			p.Penta.Pairs(), [5]int(p.Penta), p.A, signed(p.Elo), signed(p.Lo), signed(p.Hi))
		if p.Single > 0 {
			fmt.Fprintf(w, "; %d unpaired", p.Single)
		}
		fmt.Fprintln(w)
	}
	for _, sc := range s.Scores {
		if sc.Penalty == "" {
			fmt.Fprintf(w, "%s: %d games, mean return %.3f [%.3f, %.3f], max return reached %d (%.1f%% [%.1f%%, %.1f%%])\n",
				sc.Engines, sc.Games, sc.Mean, sc.Lo, sc.Hi, sc.Wins, 100*sc.Rate, 100*sc.RLo, 100*sc.RHi)
			continue
		}
		fmt.Fprintf(w, "%s: %d games, mean %s %.3f [%.3f, %.3f], won (none left) %d (%.1f%% [%.1f%%, %.1f%%])",
			sc.Engines, sc.Games, sc.Penalty, sc.PMean, sc.PLo, sc.PHi, sc.Wins, 100*sc.Rate, 100*sc.RLo, 100*sc.RHi)
		if sc.Excellent > 0 {
			fmt.Fprintf(w, ", excellent (fewer than %g left) %d (%.1f%% [%.1f%%, %.1f%%])",
				sc.Excellent, sc.Excellents, 100*sc.ExRate, 100*sc.ExLo, 100*sc.ExHi)
		}
		fmt.Fprintln(w)
	}
	if s.SPRT != nil {
		fmt.Fprintf(w, "sprt %s: llr %.3f [%.3f, %.3f] after %d pairs: %s", s.SPRT.Test, s.SPRT.LLR, s.SPRT.Lower, s.SPRT.Upper, s.SPRT.Pairs, s.SPRT.Decision)
		if len(s.Pairs) == 1 {
			switch n := s.Pairs[0].Penta.Pairs() - s.SPRT.Pairs; {
			case n == 1:
				fmt.Fprint(w, " (1 later pair is not in the test)")
			case n > 1:
				fmt.Fprintf(w, " (%d later pairs are not in the test)", n)
			}
		}
		fmt.Fprintln(w)
	}
	var ts []string
	for t := record.Normal; t <= record.Resignation; t++ {
		if n := s.Terminations[t]; n > 0 {
			ts = append(ts, fmt.Sprintf("%s %d", t, n))
		}
	}
	if len(ts) > 0 {
		fmt.Fprintf(w, "terminations: %s\n", strings.Join(ts, ", "))
	}
}
