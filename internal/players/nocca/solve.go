package nocca

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strings"
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
	// Positions is the number of positions reachable from this one (up to
	// left-right mirror image and the colours), Wins, Losses and Draws how
	// many of them are won, lost and drawn for their side to move.
	Positions, Wins, Losses, Draws int
	Time                           time.Duration
}

// noccaDrawLine caps the line shown for a drawn position.
const noccaDrawLine = 24

// DefaultPositions bounds a solve when the caller gives no limit: about
// 2 GB of tables.
const DefaultPositions = 64 << 20

// ErrTooLarge is wrapped by the error of a solve that would need more
// positions than allowed, or a board that does not pack into 64 bits.
var ErrTooLarge = errors.New("too large for the retrograde solver")

// Solve solves the position st exactly by retrograde analysis of every
// position reachable from it. maxPositions bounds the tables (0:
// DefaultPositions); ctx stops it (with ctx's error).
//
// The positions are enumerated breadth-first from st, each packed into 64
// bits from the point of view of the side to move (its pieces moving up,
// colours as "mine" and "theirs") and identified with its left-right mirror
// image, so that a position and its colour-reversed, mirrored twins are one
// node. A node whose side to move has an uncovered piece on the far row is
// won in one ply (it steps into the goal), one with no legal move lost in
// none. Then, from these, the values spread backwards along the moves
// (predecessors are found by un-moving the opponent's top pieces): a node
// with a lost successor is won, one gets 1 + the smallest distance of its
// lost successors; a node all of whose successors are won is lost, with 1 +
// the largest distance; what is never reached is a draw (neither side can
// force the end). Processing nodes in order of distance makes the
// distances exact.
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
func Solve(ctx context.Context, st *nocca.State, maxPositions int) (Solution, error) {
	start := time.Now()
	if maxPositions <= 0 {
		maxPositions = DefaultPositions
	}
	var sol Solution
	sol.Move = games.NoMove
	if st.Player() == games.Terminal {
		if st.Winner() >= 0 {
			sol.Value = -1 // the side that would move next has lost
		}
		sol.Time = time.Since(start)
		return sol, nil
	}
	r, err := newRetro(st.Game(), maxPositions)
	if err != nil {
		return sol, err
	}
	root := r.pack(st)
	if err := r.enumerate(ctx, root); err != nil {
		return sol, err
	}
	if err := r.retrograde(ctx); err != nil {
		return sol, err
	}
	sol.Positions = len(r.keys)
	for _, v := range r.value {
		switch v {
		case retroWin:
			sol.Wins++
		case retroLoss:
			sol.Losses++
		default:
			sol.Draws++
		}
	}
	sol.Value, sol.Plies = r.result(root)
	// The line: play best moves on a copy of the position.
	line := st.Clone().(*nocca.State)
	for len(sol.PV) < max(sol.Plies, noccaDrawLine) && line.Player() != games.Terminal {
		m := r.bestMove(line)
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

// Node values of the retrograde analysis, for the side to move.
const (
	retroUnknown uint8 = iota // a draw once the analysis is done
	retroWin
	retroLoss
)

// retro is the retrograde analysis of one Nocca Nocca game. A position is
// packed as cells of b bits, square i (row-major, row 0 the mover's home
// row) at bit i*b: a sentinel bit at the stack's height and one bit a piece
// below it, 0 for the mover's pieces and 1 for the opponent's (the stack
// byte of games/nocca with colours relative to the mover).
type retro struct {
	g          *nocca.Game
	cols, rows int
	cells      int
	b          uint // bits a cell
	mask       uint64
	stack      int
	swap       []uint8 // a cell with the colours exchanged

	keys  []uint64 // the canonical key of each node, by index
	slots []uint32 // open addressing: node index + 1, 0 empty
	shift uint
	max   int

	value []uint8
	dist  []uint16
	left  []uint8 // successors not yet known to be won for their mover
}

func newRetro(g *nocca.Game, maxPositions int) (*retro, error) {
	r := &retro{g: g, cols: g.Columns(), rows: g.Rows(), cells: g.Squares(), stack: g.Stack(), max: maxPositions}
	r.b = uint(r.stack + 1)
	if int(r.b)*r.cells > 64 {
		return nil, fmt.Errorf("nocca: %d squares with stacks of %d need %d bits a position; the solver packs at most 64 (16 squares with stacks of 3): %w",
			r.cells, r.stack, int(r.b)*r.cells, ErrTooLarge)
	}
	r.mask = 1<<r.b - 1
	r.swap = make([]uint8, 1<<r.b)
	for v := range r.swap {
		if v == 0 {
			continue
		}
		h := bits.Len8(uint8(v)) - 1
		r.swap[v] = uint8(v) ^ (1<<h - 1)
	}
	r.shift = 64 - 16
	r.slots = make([]uint32, 1<<16)
	return r, nil
}

// pack writes a game position as a canonical key.
func (r *retro) pack(st *nocca.State) uint64 {
	var cells [64]uint8
	me := st.ToMove()
	for sq := range r.cells {
		row, col := sq/r.cols, sq%r.cols
		if me == nocca.Black {
			row = r.rows - 1 - row // black moves down: turn the board over
		}
		h, colours := st.Stack(sq)
		if me == nocca.Black {
			colours ^= 1<<h - 1
		}
		cells[row*r.cols+col] = 1<<h | colours
	}
	k, m := r.keys2(&cells, false)
	return min(k, m)
}

// keys2 packs cells, and their mirror image, optionally turned over (rows
// reversed, colours exchanged: the next mover's point of view).
func (r *retro) keys2(cells *[64]uint8, turn bool) (k, m uint64) {
	for row := range r.rows {
		dst := row
		if turn {
			dst = r.rows - 1 - row
		}
		for col := range r.cols {
			v := cells[row*r.cols+col]
			if turn {
				v = r.swap[v]
			}
			k |= uint64(v) << (uint(dst*r.cols+col) * r.b)
			m |= uint64(v) << (uint(dst*r.cols+r.cols-1-col) * r.b)
		}
	}
	return k, m
}

func (r *retro) unpack(k uint64, cells *[64]uint8) {
	for i := range r.cells {
		cells[i] = uint8(k >> (uint(i) * r.b) & r.mask)
	}
}

func cellHeight(v uint8) int { return bits.Len8(v) - 1 }

// lookup returns the node index of key, or -1.
func (r *retro) lookup(key uint64) int {
	mask := uint64(len(r.slots) - 1)
	for i := (key * 0x9E3779B97F4A7C15) >> r.shift; ; i = (i + 1) & mask {
		s := r.slots[i]
		if s == 0 {
			return -1
		}
		if r.keys[s-1] == key {
			return int(s - 1)
		}
	}
}

// insert adds key if new and reports whether it was.
func (r *retro) insert(key uint64) (bool, error) {
	if 2*(len(r.keys)+1) > len(r.slots) {
		if len(r.keys) >= r.max {
			return false, fmt.Errorf("nocca: more than %d positions: %w", r.max, ErrTooLarge)
		}
		r.grow()
	}
	mask := uint64(len(r.slots) - 1)
	for i := (key * 0x9E3779B97F4A7C15) >> r.shift; ; i = (i + 1) & mask {
		s := r.slots[i]
		if s == 0 {
			if len(r.keys) >= r.max {
				return false, fmt.Errorf("nocca: more than %d positions: %w", r.max, ErrTooLarge)
			}
			r.keys = append(r.keys, key)
			r.slots[i] = uint32(len(r.keys))
			return true, nil
		}
		if r.keys[s-1] == key {
			return false, nil
		}
	}
}

func (r *retro) grow() {
	r.slots = make([]uint32, 2*len(r.slots))
	r.shift--
	mask := uint64(len(r.slots) - 1)
	for n, key := range r.keys {
		i := (key * 0x9E3779B97F4A7C15) >> r.shift
		for r.slots[i] != 0 {
			i = (i + 1) & mask
		}
		r.slots[i] = uint32(n + 1)
	}
}

// tryWin reports whether the mover has an uncovered piece on the far row.
func (r *retro) tryWin(cells *[64]uint8) bool {
	for sq := (r.rows - 1) * r.cols; sq < r.cells; sq++ {
		if v := cells[sq]; v > 1 && v>>(cellHeight(v)-1)&1 == 0 {
			return true
		}
	}
	return false
}

// children appends the canonical keys of the positions the mover's steps
// lead to (moves into the goal are not among them), each once.
func (r *retro) children(cells *[64]uint8, out []uint64) []uint64 {
	out = out[:0]
	for from := range r.cells {
		v := cells[from]
		h := cellHeight(v)
		if h == 0 || v>>(h-1)&1 != 0 {
			continue
		}
		fr, fc := from/r.cols, from%r.cols
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				tr, tc := fr+dr, fc+dc
				if dr == 0 && dc == 0 || tr < 0 || tr >= r.rows || tc < 0 || tc >= r.cols {
					continue
				}
				to := tr*r.cols + tc
				w := cells[to]
				th := cellHeight(w)
				if th >= r.stack {
					continue
				}
				// Step the top piece (colour 0) from from to to.
				cells[from] = v&(1<<(h-1)-1) | 1<<(h-1)
				cells[to] = w&^(1<<th) | 1<<(th+1)
				k, m := r.keys2(cells, true)
				cells[from], cells[to] = v, w
				out = append(out, min(k, m))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// parents appends the canonical keys of the positions with a step to the
// node key (any of its mirror images), each once: turned to the previous
// mover's point of view, every top piece of its is stepped back to a
// neighbour that is not full.
func (r *retro) parents(key uint64, out []uint64) []uint64 {
	out = out[:0]
	var cells, turned [64]uint8
	r.unpack(key, &cells)
	for mirror := range 2 {
		for row := range r.rows {
			for col := range r.cols {
				c := col
				if mirror == 1 {
					c = r.cols - 1 - col
				}
				turned[(r.rows-1-row)*r.cols+c] = r.swap[cells[row*r.cols+col]]
			}
		}
		for to := range r.cells {
			w := turned[to]
			th := cellHeight(w)
			if th == 0 || w>>(th-1)&1 != 0 {
				continue
			}
			tr, tc := to/r.cols, to%r.cols
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					fr, fc := tr+dr, tc+dc
					if dr == 0 && dc == 0 || fr < 0 || fr >= r.rows || fc < 0 || fc >= r.cols {
						continue
					}
					from := fr*r.cols + fc
					v := turned[from]
					h := cellHeight(v)
					if h >= r.stack {
						continue
					}
					turned[to] = w&(1<<(th-1)-1) | 1<<(th-1)
					turned[from] = v&^(1<<h) | 1<<(h+1)
					k, m := r.keys2(&turned, false)
					turned[from], turned[to] = v, w
					out = append(out, min(k, m))
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// enumerate finds every node reachable from root, breadth-first, and seeds
// the terminal values: won in one where the mover can enter the goal, lost
// where it has no move. Other nodes get their number of successors.
func (r *retro) enumerate(ctx context.Context, root uint64) error {
	if _, err := r.insert(root); err != nil {
		return err
	}
	var cells [64]uint8
	var kids []uint64
	for n := 0; n < len(r.keys); n++ {
		if n&0xffff == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		r.unpack(r.keys[n], &cells)
		if r.tryWin(&cells) {
			r.left = append(r.left, 0)
			continue
		}
		kids = r.children(&cells, kids)
		r.left = append(r.left, uint8(len(kids)))
		for _, k := range kids {
			if _, err := r.insert(k); err != nil {
				return err
			}
		}
	}
	return nil
}

// retrograde spreads the values backwards from the terminal nodes in order
// of distance.
func (r *retro) retrograde(ctx context.Context) error {
	n := len(r.keys)
	r.value = make([]uint8, n)
	r.dist = make([]uint16, n)
	queue := make([]uint32, 0, n/2)
	var cells [64]uint8
	for i, k := range r.keys { // lost now, distance 0
		r.unpack(k, &cells)
		if r.left[i] == 0 && !r.tryWin(&cells) {
			r.value[i] = retroLoss
			queue = append(queue, uint32(i))
		}
	}
	for i, k := range r.keys { // won in one, distance 1
		r.unpack(k, &cells)
		if r.tryWin(&cells) {
			r.value[i], r.dist[i] = retroWin, 1
			queue = append(queue, uint32(i))
		}
	}
	var ps []uint64
	for head := 0; head < len(queue); head++ {
		if head&0xffff == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		i := queue[head]
		d := r.dist[i] + 1
		lost := r.value[i] == retroLoss
		ps = r.parents(r.keys[i], ps)
		for _, p := range ps {
			j := r.lookup(p)
			if j < 0 || r.value[j] != retroUnknown {
				continue
			}
			if lost {
				r.value[j], r.dist[j] = retroWin, d
				queue = append(queue, uint32(j))
				continue
			}
			if r.left[j]--; r.left[j] == 0 {
				r.value[j], r.dist[j] = retroLoss, d
				queue = append(queue, uint32(j))
			}
		}
	}
	return nil
}

// result returns the value and distance of a node, for its side to move.
func (r *retro) result(key uint64) (int, int) {
	i := r.lookup(key)
	if i < 0 {
		panic("nocca solve: a position the retrograde analysis did not enumerate")
	}
	switch r.value[i] {
	case retroWin:
		return 1, int(r.dist[i])
	case retroLoss:
		return -1, int(r.dist[i])
	}
	return 0, 0
}

// bestMove returns a best move of st: a move into the goal; else the fastest
// win, the longest defence, or a move keeping the draw.
func (r *retro) bestMove(st *nocca.State) games.Move {
	moves := st.LegalMoves(nil)
	for _, m := range moves {
		if st.IsGoalMove(m) {
			return m // (the successors of such a node are not enumerated)
		}
	}
	best, bestScore := moves[0], -1<<30
	for _, m := range moves {
		me := st.ToMove()
		st.Play(m)
		score := 0
		switch {
		case st.Player() == games.Terminal && st.Winner() == me:
			score = 1 << 20 // the opponent has no move
		case st.Player() == games.Terminal:
			// drawn by repetition
		default:
			v, d := r.result(r.pack(st))
			switch v {
			case -1: // lost for the opponent: the faster the better
				score = 1<<20 - d
			case 1: // won for the opponent: the slower the better
				score = -(1 << 20) + d
			}
		}
		st.Undo()
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best
}
