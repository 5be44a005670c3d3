package nocca

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/nocca"
)

// Solution is the exact game-theoretic value of a Nocca Nocca position.
type Solution struct {
	// Value is for the side to move: +1 it wins, -1 it loses, 0 a draw.
	Value int
	// Plies is the number of plies to the end with best play: the fewest
	// the winner needs, the most the loser can hold out (the move into the
	// goal, or the move leaving the loser without one, included); 0 for a
	// draw and for a finished game.
	Plies int
	// Move is a best move: the fastest win, the longest defence, or a move
	// that keeps the draw; games.NoMove when the game is over.
	Move games.Move
	// PV is the line of best moves from the position: to the end of a
	// decided game, at most noccaDrawLine plies of a drawn one.
	PV []games.Move
	// Moves is the value of each legal move of the position whose outcome
	// the analysis knows (all of them, unless the side to move can step
	// into the goal: then those moves).
	Moves []MoveValue
	// Positions is the number of positions reachable from this one (up to
	// left-right mirror image and the colours), Wins, Losses and Draws how
	// many of them are won, lost and drawn for their side to move.
	Positions, Wins, Losses, Draws int
	Time                           time.Duration
}

// noccaDrawLine caps the line shown for a drawn position.
const noccaDrawLine = 24

// DefaultBytes bounds the tables of a solve when the caller gives no
// limit: 16 GiB, enough for the 5x5 board (7.3 GB to enumerate, then
// 13.5 GB with its 9,362,329,436 positions reached, the published count).
const DefaultBytes = 16 << 30

// ErrTooLarge is wrapped by the error of a solve whose tables would need
// more memory than allowed.
var ErrTooLarge = errors.New("too large for the retrograde solver")

// Options of a solve; the zero value solves quietly within DefaultBytes.
type Options struct {
	// MaxBytes bounds the tables (0: DefaultBytes). A board whose
	// enumeration needs more is refused before anything is allocated; one
	// whose positions reached would need more to solve is stopped as soon
	// as the enumeration has reached that many (after a checkpoint, which
	// a solve with a larger limit resumes from).
	MaxBytes int64
	// Progress gets a line at the end of every pass and round and every
	// half minute within one (nil: none).
	Progress io.Writer
	// Checkpoint names a file the state is saved to (written to a
	// temporary file and renamed) about every CheckpointEvery (0: 10
	// minutes): within an enumeration pass or the fill, or at the end of
	// a retrograde round (a round is not split); and when the solve is
	// done. A solve that finds the file resumes from it; a file of another
	// variant, start position or layout is refused.
	Checkpoint      string
	CheckpointEvery time.Duration
}

// Solve solves the position st exactly by retrograde analysis of every
// position reachable from it; ctx stops it (with ctx's error).
//
// The positions are numbered densely (see ranking), each from the point of
// view of the side to move (its pieces moving up, colours as "mine" and
// "theirs") and identified with its left-right mirror image by taking the
// smaller number of the two, so that a position and its colour-reversed,
// mirrored twins are one node.
//
// Passes over a bit an index for the positions reached from st, and a bit
// for those expanded, expand every reached node not yet expanded until a
// pass expands none: a node whose side to move has an uncovered piece on
// the far row has no successors here (it steps into the goal), any other
// marks its successors reached. Then the expanded bits go, and each
// reached node gets a byte (see decided) at its rank among the reached
// indices (see rank1), which a pass fills: won in one ply if it can step
// into the goal, lost in none if it has no legal move, else the number of
// its distinct successors. So the tables take two bits an index, then a
// bit an index and a byte a reachable position (and the rank directory, an
// eighth of the bits). Then the values spread backwards in rounds d = 0,
// 1, 2, ...: from each node decided at distance d, its predecessors (found
// by un-moving the opponent's top pieces) that are still undecided are won
// at d+1 if the node is lost, and lose a successor if it is won, lost at
// d+1 when the last one goes; the rounds end when one decides nothing. A
// node gets 1 + the smallest distance of its lost successors, or 1 + the
// largest of its won ones, so a win is at an odd distance and a loss at an
// even one. What is never decided is a draw (neither side can force the
// end).
//
// Repetition. The analysis is of the position graph, where endless play is
// a draw, and it is exact under the draw by repetition too, for a position
// with no repetition in its past (such as a start position, or any position
// string without a count). A won position stays won: the winner plays to
// a successor of smaller distance every move, the loser's every move leads
// to a position of smaller distance too, so no position of the winning line
// can occur twice and the repetition rule never interferes; nor can the
// loser make the game last longer. A drawn position stays drawn: each side
// can keep to drawn positions for ever (the side to move in a drawn position
// has a move to a drawn one, and none to a position lost for the opponent),
// so neither can force a decisive end, and the game ends by repetition (or
// never, with repetition=0). The goal rule (forward or straight) changes
// only how many moves enter the goal, never a value.
func Solve(ctx context.Context, st *nocca.State, opt Options) (Solution, error) {
	start := time.Now()
	var sol Solution
	sol.Move = games.NoMove
	if st.Player() == games.Terminal {
		if st.Winner() >= 0 {
			sol.Value = -1 // the side that would move next has lost
		}
		sol.Time = time.Since(start)
		return sol, nil
	}
	r, err := newRetro(st, opt)
	if err != nil {
		return sol, err
	}
	defer r.release()
	if err := r.run(ctx); err != nil {
		return sol, err
	}
	for s := range r.size {
		switch v, _ := decode(uint8(r.val[s>>3] >> (s & 7 * 8))); v {
		case 1:
			sol.Wins++
		case -1:
			sol.Losses++
		default:
			sol.Draws++
		}
	}
	sol.Positions = sol.Wins + sol.Losses + sol.Draws
	if sol.Value, sol.Plies, err = r.result(r.root); err != nil {
		return sol, err
	}
	line := st.Clone().(*nocca.State)
	sol.Moves = r.moveValues(line)
	// The line: play best moves on a copy of the position.
	for len(sol.PV) < max(sol.Plies, noccaDrawLine) && line.Player() != games.Terminal {
		m, err := r.bestMove(line)
		if err != nil {
			return sol, err
		}
		sol.PV = append(sol.PV, m)
		line.Play(m)
		if sol.Value != 0 && len(sol.PV) == sol.Plies {
			break
		}
	}
	if len(sol.PV) > 0 {
		sol.Move = sol.PV[0]
	}
	sol.Time = time.Since(start)
	return sol, nil
}

// Report writes the solution for people and scripts, one fact a line:
// the value for the side to move, the plies to the end, a best move and
// the line, the size of the analysis and the time. st is the position
// solved.
func (sol Solution) Report(w io.Writer, st *nocca.State) {
	side := [2]string{"white", "black"}[st.ToMove()]
	fmt.Fprintf(w, "position %s\n", st.Position())
	switch {
	case sol.Value > 0:
		fmt.Fprintf(w, "value win for %s (the side to move) in %d plies\n", side, sol.Plies)
	case sol.Value < 0:
		fmt.Fprintf(w, "value loss for %s (the side to move) in %d plies\n", side, sol.Plies)
	default:
		fmt.Fprintf(w, "value draw: neither side can force the end\n")
	}
	fmt.Fprintf(w, "plies %d\n", sol.Plies)
	if sol.Move != games.NoMove {
		fmt.Fprintf(w, "bestmove %s\n", st.FormatMove(sol.Move))
		line := st.Clone()
		pv := make([]string, len(sol.PV))
		for i, m := range sol.PV {
			pv[i] = line.FormatMove(m)
			line.Play(m)
		}
		fmt.Fprintf(w, "pv %s\n", strings.Join(pv, " "))
	}
	fmt.Fprintf(w, "positions %d (%d won, %d lost, %d drawn for the side to move)\n", sol.Positions, sol.Wins, sol.Losses, sol.Draws)
	fmt.Fprintf(w, "time %s\n", sol.Time.Round(time.Millisecond))
}

// A node's byte: 0 not filled yet; 1..127 undecided, with
// that many distinct successors not yet known to be won for their mover;
// decided+d decided at distance d, won for the side to move when d is odd,
// lost when it is even (decode).
const (
	decided = 128
	maxDist = 127
)

// decode returns the value (+1 won, -1 lost, 0 undecided: a draw once the
// analysis is done) and the distance of a node's byte.
func decode(b uint8) (value, dist int) {
	if b < decided {
		return 0, 0
	}
	d := int(b - decided)
	if d%2 == 1 {
		return 1, d
	}
	return -1, d
}

// chunkBits sets the work unit of the passes and rounds: 1<<chunkBits
// indices.
const chunkBits = 16

// retro is the retrograde analysis of the positions reachable from one
// Nocca Nocca position. Its tables take two shapes. Enumerating, they are
// two bits an index: reached, and expanded. Solving, they are the reached
// bits, a rank directory over them (see rank1) and a byte for each
// reached index, at its slot: the number of reached indices below it.
type retro struct {
	*ranking
	opt     Options
	variant string
	root    uint64 // the canonical index of the start

	words    uint64   // of a bitset: an index a bit, and a spare word
	reached  []uint64 // a bit an index
	expanded []uint64 // enumerating: a bit an index
	dir      []uint64 // solving: the rank directory of reached
	val      []uint64 // solving: a byte a slot, eight to a word (little-endian)
	size     uint64   // solving: the number of reached indices
	dirty    []uint32 // by chunk: reached bits set since the chunk was last scanned

	free map[*[]uint64]func() // releases each table allocated

	overflow atomic.Bool // a round would decide a node past maxDist
	saved    time.Time   // of the last checkpoint

	// A round stopped for a checkpoint goes on from chunk roundFrom,
	// having decided roundDecided nodes in the chunks before it.
	roundFrom, roundDecided uint64
}

func newRetro(st *nocca.State, opt Options) (*retro, error) {
	k, err := newRanking(st.Game())
	if err != nil {
		return nil, err
	}
	if opt.MaxBytes <= 0 {
		opt.MaxBytes = DefaultBytes
	}
	if opt.CheckpointEvery <= 0 {
		opt.CheckpointEvery = 10 * time.Minute
	}
	r := &retro{ranking: k, opt: opt, variant: st.Game().String(), saved: time.Now(), free: map[*[]uint64]func(){}}
	r.words = k.n>>6 + 1
	chunks := (k.n + 1<<chunkBits - 1) >> chunkBits
	if need := r.enumBytes(); need > uint64(opt.MaxBytes) || need > uint64(maxInt) {
		return nil, fmt.Errorf("nocca: %d squares with %d pieces a side number %d positions: enumerating them takes %d bytes (%s), two bits each, and solving them %s and a byte a reachable one; the limit is %d (%s): %w",
			k.cells, k.pieces, k.n, need, sizeText(need), sizeText(r.solveBytes(0)), opt.MaxBytes, sizeText(uint64(opt.MaxBytes)), ErrTooLarge)
	}
	var cells [64]uint8
	r.cellsOf(st, &cells)
	r.root = r.canonical(&cells, 0)
	r.alloc(&r.reached, r.words)
	r.dirty = make([]uint32, chunks)
	r.progress("%s: %d indices: tables of %s to enumerate the positions reached (two bits an index), then %s and a byte a position reached to solve them (%s if all were)",
		r.variant, k.n, sizeText(r.enumBytes()), sizeText(r.solveBytes(0)), sizeText(r.solveBytes(k.n)))
	return r, nil
}

// enumBytes is the size of the tables while enumerating.
func (r *retro) enumBytes() uint64 { return 16*r.words + 4*uint64(len(r.dirty)) }

// solveBytes is the size of the tables while solving size reached indices.
func (r *retro) solveBytes(size uint64) uint64 {
	return 8*r.words + 8*dirWords(r.words) + 8*((size+7)/8) + 4*uint64(len(r.dirty))
}

// alloc allocates the zeroed table *t of n words.
func (r *retro) alloc(t *[]uint64, n uint64) {
	var free func()
	*t, free = allocWords(n)
	r.free[t] = free
}

// drop releases the table *t.
func (r *retro) drop(t *[]uint64) {
	if free := r.free[t]; free != nil {
		free()
		delete(r.free, t)
	}
	*t = nil
}

// release releases every table.
func (r *retro) release() {
	for t := range r.free {
		r.drop(t)
	}
}

// sizeText writes a number of bytes for people: "4.69 GB".
func sizeText(b uint64) string {
	if b < 1e9 {
		return fmt.Sprintf("%.1f MB", float64(b)/1e6)
	}
	return fmt.Sprintf("%.2f GB", float64(b)/1e9)
}

// Phases of the analysis, as a checkpoint records them.
const (
	phaseEnumerate = iota
	phaseFill
	phaseRetrograde
	phaseDone
)

var phaseNames = []string{"enumerate", "fill", "retrograde", "done"}

// run enumerates and solves, resuming from the checkpoint if there is one.
func (r *retro) run(ctx context.Context) error {
	phase, step, resumed, err := r.resume()
	switch {
	case err != nil:
		return err
	case resumed:
		from := ""
		if r.roundFrom > 0 {
			from = fmt.Sprintf(", from chunk %d of %d", r.roundFrom, len(r.dirty))
		}
		r.progress("resumed from %s: %s, step %d%s", r.opt.Checkpoint, phaseNames[phase], step, from)
		for c := range r.dirty {
			r.dirty[c] = 1
		}
	default:
		r.alloc(&r.expanded, r.words)
		r.mark(r.root)
	}
	if phase == phaseEnumerate {
		// A pass may stop early to save a checkpoint: the state between
		// two chunks is whole (a chunk's nodes are expanded, their
		// successors marked), and the next call takes the chunks left.
		for pass := step + 1; ; {
			n, reached, whole, err := r.pass(ctx, pass)
			if err != nil {
				return err
			}
			if need := r.solveBytes(reached); need > uint64(r.opt.MaxBytes) {
				if err := r.checkpoint(phaseEnumerate, pass, true); err != nil {
					return err
				}
				return fmt.Errorf("nocca: %d positions reached so far: solving them takes at least %d bytes (%s); the limit is %d (%s): %w",
					reached, need, sizeText(need), r.opt.MaxBytes, sizeText(uint64(r.opt.MaxBytes)), ErrTooLarge)
			}
			if whole && n == 0 {
				break
			}
			if err := r.checkpoint(phaseEnumerate, pass, !whole); err != nil {
				return err
			}
			if whole {
				pass++
			}
		}
		r.compact()
		phase = phaseFill
	}
	if phase == phaseFill {
		for {
			whole, err := r.fill(ctx)
			if err != nil {
				return err
			}
			if whole {
				break
			}
			if err := r.checkpoint(phaseFill, 0, true); err != nil {
				return err
			}
		}
		phase, step = phaseRetrograde, 0
	}
	if phase == phaseRetrograde {
		// A round may stop early to save a checkpoint: the chunks before
		// roundFrom have spread their nodes' values, the others not yet.
		for d := step; ; {
			n, whole, err := r.round(ctx, d)
			if err != nil {
				return err
			}
			if !whole {
				if err := r.checkpoint(phaseRetrograde, d, true); err != nil {
					return err
				}
				continue
			}
			// The fill decided distances 0, 1 and 2, so a round that
			// decides nothing ends the analysis only from round 2 on:
			// round 1 may decide nothing and leave nodes lost in two
			// (every successor won in one) to spread.
			if n == 0 && d >= 2 {
				break
			}
			d++
			if err := r.checkpoint(phaseRetrograde, d, false); err != nil {
				return err
			}
		}
		if err := r.checkpoint(phaseDone, 0, true); err != nil {
			return err
		}
	}
	return nil
}

// compact turns the enumeration's tables into the solver's: the expanded
// bits go, the rank directory and a zero byte for each reached index come.
func (r *retro) compact() {
	r.drop(&r.expanded)
	r.alloc(&r.dir, dirWords(r.words))
	r.size = buildDir(r.reached, r.dir)
	r.alloc(&r.val, (r.size+7)/8)
	r.progress("%d positions reached: tables of %s from here on", r.size, sizeText(r.solveBytes(r.size)))
}

// progress writes a line to opt.Progress.
func (r *retro) progress(format string, args ...any) {
	if r.opt.Progress != nil {
		fmt.Fprintf(r.opt.Progress, "nocca solve: "+format+"\n", args...)
	}
}

// slot returns the place of reached index i's byte.
func (r *retro) slot(i uint64) uint64 { return rank1(r.reached, r.dir, i) }

// isReached reports whether index i was reached.
func (r *retro) isReached(i uint64) bool { return r.reached[i>>6]>>(i&63)&1 != 0 }

// byteAt returns the byte of slot s.
func (r *retro) byteAt(s uint64) uint8 {
	return uint8(atomic.LoadUint64(&r.val[s>>3]) >> (s & 7 * 8))
}

// set writes the byte of slot s.
func (r *retro) set(s uint64, b uint8) {
	w, sh := &r.val[s>>3], s&7*8
	for {
		old := atomic.LoadUint64(w)
		if atomic.CompareAndSwapUint64(w, old, old&^(0xff<<sh)|uint64(b)<<sh) {
			return
		}
	}
}

// slotOf returns the slot of index j and whether j was reached.
func (r *retro) slotOf(j uint64) (uint64, bool) {
	w := j >> 6
	x := r.reached[w]
	if x>>(j&63)&1 == 0 {
		return 0, false
	}
	s := r.dir[w>>3] + uint64(bits.OnesCount64(x&(1<<(j&63)-1)))
	for _, y := range r.reached[w&^7 : w] {
		s += uint64(bits.OnesCount64(y))
	}
	return s, true
}

// settle tells the node of slot s, if it is undecided, that a successor
// was decided at distance d and reports whether that decided it: won at
// d+1 if the successor is lost, lost at d+1 if it was the node's last
// successor not won.
func (r *retro) settle(s uint64, d int) bool {
	w, sh := &r.val[s>>3], s&7*8
	for {
		old := atomic.LoadUint64(w)
		b := uint8(old >> sh)
		if b == 0 || b >= decided { // (0: not filled, which cannot be) or decided
			return false
		}
		nb := b - 1
		if d%2 == 0 || nb == 0 {
			if d+1 > maxDist {
				r.overflow.Store(true)
				return false
			}
			nb = decided + uint8(d+1)
		}
		if atomic.CompareAndSwapUint64(w, old, old&^(0xff<<sh)|uint64(nb)<<sh) {
			return nb >= decided
		}
	}
}

// mark marks node j reached; its chunk is then scanned again.
func (r *retro) mark(j uint64) {
	w, bit := &r.reached[j>>6], uint64(1)<<(j&63)
	if atomic.LoadUint64(w)&bit == 0 && atomic.OrUint64(w, bit)&bit == 0 {
		atomic.StoreUint32(&r.dirty[j>>chunkBits], 1)
	}
}

// workers is the number of goroutines of a pass or round.
var workers = min(2, runtime.GOMAXPROCS(0))

// parallel runs work on every chunk from chunk from on, in order, the
// chunks shared out between the workers, and returns the sum of what work
// returned and the chunk it stopped before (every chunk before it done):
// it stops when ctx is done (with its error) and, if stopAt is not zero,
// after the first chunk past stopAt whose work returned more than 0. Every
// half minute it writes the sum so far with what.
func (r *retro) parallel(ctx context.Context, what string, from uint64, stopAt time.Time, work func(c uint64, buf *[]uint64) uint64) (uint64, uint64, error) {
	begin := time.Now()
	var next, sum atomic.Uint64
	next.Store(from)
	chunks := uint64(len(r.dirty))
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			var buf []uint64
			for c := next.Add(1) - 1; c < chunks && ctx.Err() == nil; c = next.Add(1) - 1 {
				n := work(c, &buf)
				sum.Add(n)
				if n > 0 && !stopAt.IsZero() && time.Now().After(stopAt) {
					return // (after a chunk that did something: each call gets on)
				}
			}
		})
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	tick := time.NewTicker(30 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-done:
			if err := ctx.Err(); err != nil {
				return 0, 0, err
			}
			return sum.Load(), min(next.Load(), chunks), nil
		case <-tick.C:
			n := sum.Load()
			r.progress("%s: %d so far, chunk %d of %d, %.0f a second",
				what, n, min(next.Load(), chunks), chunks, float64(n)/time.Since(begin).Seconds())
		}
	}
}

// stopAt is when a pass stops early for a checkpoint (zero: never).
func (r *retro) stopAt() time.Time {
	if r.opt.Checkpoint == "" {
		return time.Time{}
	}
	return r.saved.Add(r.opt.CheckpointEvery)
}

// chunkWords returns the reached words of chunk c.
func (r *retro) chunkWords(c uint64) (lo, hi uint64) {
	return c << chunkBits >> 6, min((c+1)<<chunkBits>>6, r.words)
}

// pass expands the reached nodes not yet expanded, in the chunks marked
// dirty, and returns how many it expanded, how many are reached, and
// whether it went through every chunk: it stops early when a checkpoint
// is due. A node whose mover can step into the goal has no successors
// here; the others mark theirs reached.
func (r *retro) pass(ctx context.Context, pass int) (n, reached uint64, whole bool, err error) {
	begin := time.Now()
	what := fmt.Sprintf("enumerate pass %d", pass)
	n, next, err := r.parallel(ctx, what, 0, r.stopAt(), func(c uint64, kids *[]uint64) uint64 {
		if atomic.SwapUint32(&r.dirty[c], 0) == 0 {
			return 0
		}
		var cells [64]uint8
		var u unranker
		var n uint64
		lo, hi := r.chunkWords(c)
		for w := lo; w < hi; w++ {
			// Only this call writes the expanded bits of chunk c in this pass.
			for word := atomic.LoadUint64(&r.reached[w]) &^ r.expanded[w]; word != 0; word &= word - 1 {
				b := bits.TrailingZeros64(word)
				r.expanded[w] |= 1 << b
				n++
				r.unrankWith(&u, w<<6|uint64(b), &cells)
				if r.tryWin(&cells) {
					continue
				}
				*kids = r.children(&cells, *kids)
				for _, j := range *kids {
					r.mark(j)
				}
			}
		}
		return n
	})
	if err != nil {
		return 0, 0, false, err
	}
	whole = next == uint64(len(r.dirty))
	for _, w := range r.reached {
		reached += uint64(bits.OnesCount64(w))
	}
	if !whole {
		what += " (stopped for a checkpoint)"
	}
	r.progress("%s: %d expanded, %d reached, %s, %.0f a second",
		what, n, reached, time.Since(begin).Round(time.Millisecond), float64(n)/max(time.Since(begin).Seconds(), 1e-9))
	return n, reached, whole, nil
}

// fill gives every reached node whose byte is still 0 its first byte
// (fillByte) and reports whether it went through every chunk: it stops
// early when a checkpoint is due.
func (r *retro) fill(ctx context.Context) (bool, error) {
	begin := time.Now()
	n, next, err := r.parallel(ctx, "fill", 0, r.stopAt(), func(c uint64, kids *[]uint64) uint64 {
		var cells [64]uint8
		var u unranker
		var n uint64
		lo, hi := r.chunkWords(c)
		s := r.slot(lo << 6)
		for w := lo; w < hi; w++ {
			for word := r.reached[w]; word != 0; word &= word - 1 {
				if r.byteAt(s) == 0 {
					r.unrankWith(&u, w<<6|uint64(bits.TrailingZeros64(word)), &cells)
					r.set(s, r.fillByte(&cells, kids))
					n++
				}
				s++
			}
		}
		return n
	})
	if err != nil {
		return false, err
	}
	whole := next == uint64(len(r.dirty))
	what := "fill"
	if !whole {
		what += " (stopped for a checkpoint)"
	}
	r.progress("%s: %d of %d filled, %s", what, n, r.size, time.Since(begin).Round(time.Millisecond))
	return whole, nil
}

// round spreads the values of the nodes decided at distance d to their
// predecessors, from chunk roundFrom on, and returns how many the round
// decided (at d+1) and whether it went through every chunk: it stops early
// when a checkpoint is due. A node decided in a round is not spread in it
// (its byte is decided+d+1), so the chunks left can be done later.
func (r *retro) round(ctx context.Context, d int) (uint64, bool, error) {
	begin := time.Now()
	what := fmt.Sprintf("retrograde round %d", d)
	const ones = 0x0101010101010101
	pattern := ones * uint64(decided+d)
	n, next, err := r.parallel(ctx, what, r.roundFrom, r.stopAt(), func(c uint64, ps *[]uint64) uint64 {
		var cells [64]uint8
		var u unranker
		var n uint64
		w, _ := r.chunkWords(c)
		lo, hi := r.slot(w<<6), r.slot(min((c+1)<<chunkBits, r.n))
		cum := lo // the slots below reached word w
		for v := lo >> 3; v<<3 < hi; v++ {
			x := atomic.LoadUint64(&r.val[v])
			if y := x ^ pattern; (y-ones)&^y&(ones<<7) == 0 {
				continue // no byte is decided+d
			}
			for b := range uint64(8) {
				s := v<<3 | b
				if s < lo || s >= hi || uint8(x>>(b*8)) != uint8(decided+d) {
					continue
				}
				for k := uint64(bits.OnesCount64(r.reached[w])); cum+k <= s; k = uint64(bits.OnesCount64(r.reached[w])) {
					cum += k // (w is the word of slot s: its index is selected in it)
					w++
				}
				r.unrankWith(&u, w<<6|uint64(selectBit(r.reached[w], int(s-cum))), &cells)
				if d == 1 && r.tryWin(&cells) {
					continue // its predecessors counted it as won (fillByte)
				}
				// The parents' slots first, then their bytes: on a large
				// board each is a cache miss, and so they overlap.
				*ps = r.parents(&cells, *ps)
				slots := (*ps)[:0]
				for _, j := range *ps {
					if s, ok := r.slotOf(j); ok {
						slots = append(slots, s)
					}
				}
				for _, s := range slots {
					if r.settle(s, d) {
						n++
					}
				}
			}
		}
		return n
	})
	if err != nil {
		return 0, false, err
	}
	if r.overflow.Load() {
		return 0, false, fmt.Errorf("nocca: a position is more than %d plies from the end, past what the tables hold: %w", maxDist, ErrTooLarge)
	}
	n += r.roundDecided
	if next < uint64(len(r.dirty)) {
		r.roundFrom, r.roundDecided = next, n
		r.progress("%s (stopped for a checkpoint): %d decided at distance %d so far, chunk %d of %d, %s",
			what, n, d+1, next, len(r.dirty), time.Since(begin).Round(time.Millisecond))
		return n, false, nil
	}
	r.roundFrom, r.roundDecided = 0, 0
	r.progress("%s: %d decided at distance %d, %s", what, n, d+1, time.Since(begin).Round(time.Millisecond))
	return n, true, nil
}

// errUnreached: a position the analysis needs was never reached. The
// enumeration reaches every successor, so only tables read from a
// checkpoint that was written by hand (its checksum right) can lack one.
var errUnreached = errors.New("nocca solve: a position the retrograde analysis did not reach: the checkpoint is inconsistent; remove it")

// result returns the value and distance of a node, for its side to move.
func (r *retro) result(i uint64) (int, int, error) {
	if !r.isReached(i) {
		return 0, 0, errUnreached
	}
	v, d := decode(r.byteAt(r.slot(i)))
	return v, d, nil
}

// MoveValue is the exact value of one legal move for the side that plays
// it: Value +1 (it wins), 0 (a draw) or -1 (it loses), in Plies plies to
// the end with best play, the move itself counted (0 for a draw).
type MoveValue struct {
	Move  games.Move
	Value int
	Plies int
}

// moveValues returns the value of each legal move of st whose outcome the
// analysis knows: a move into the goal, a move that ends the game, and a
// move to a reached position (a node with a move into the goal has no
// successors enumerated, so its other moves may be unknown).
func (r *retro) moveValues(st *nocca.State) []MoveValue {
	var cells [64]uint8
	var out []MoveValue
	for _, m := range st.LegalMoves(nil) {
		if st.IsGoalMove(m) {
			out = append(out, MoveValue{m, 1, 1})
			continue
		}
		me := st.ToMove()
		st.Play(m)
		switch {
		case st.Player() == games.Terminal && st.Winner() == me: // the opponent has no move
			out = append(out, MoveValue{m, 1, 1})
		case st.Player() == games.Terminal: // drawn by repetition
			out = append(out, MoveValue{m, 0, 0})
		default:
			r.cellsOf(st, &cells)
			if i := r.canonical(&cells, 0); r.isReached(i) {
				v, d := decode(r.byteAt(r.slot(i)))
				plies := d + 1
				if v == 0 {
					plies = 0
				}
				out = append(out, MoveValue{m, -v, plies})
			}
		}
		st.Undo()
	}
	return out
}

// bestMove returns a best move of st: a move into the goal; else the fastest
// win, the longest defence, or a move keeping the draw.
func (r *retro) bestMove(st *nocca.State) (games.Move, error) {
	vals := r.moveValues(st)
	for _, v := range vals {
		if st.IsGoalMove(v.Move) {
			return v.Move, nil // (the successors of such a node are not enumerated)
		}
	}
	if len(vals) < len(st.LegalMoves(nil)) {
		return games.NoMove, errUnreached
	}
	best, bestScore := games.NoMove, -1<<30
	for _, v := range vals {
		if score := v.Value * (1<<20 - v.Plies); score > bestScore {
			best, bestScore = v.Move, score
		}
	}
	return best, nil
}
