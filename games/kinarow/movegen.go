package kinarow

import "github.com/meeple-games/meeple/games"

// directions returns the (3^d-1)/2 straight directions of a d-dimensional
// board: the vectors in {-1,0,1}^d whose first non-zero component is +1.
func directions(d int) [][]int {
	var dirs [][]int
	v := make([]int, d)
	total := 1
	for range d {
		total *= 3
	}
	for n := 0; n < total; n++ {
		x := n
		first := 0
		for i := range v {
			v[i] = x%3 - 1
			x /= 3
			if first == 0 {
				first = v[i]
			}
		}
		if first == 1 {
			dirs = append(dirs, append([]int(nil), v...))
		}
	}
	return dirs
}

// countWindows counts the windows of k cells in a straight line on a board
// of the given sizes without listing them.
func countWindows(size []int, k int) int {
	if k == 1 {
		n := 1
		for _, s := range size {
			n *= s
		}
		return n
	}
	total := 0
	for _, v := range directions(len(size)) {
		n := 1
		for i, s := range size {
			if v[i] != 0 {
				n *= max(0, s-k+1)
			} else {
				n *= s
			}
		}
		total += n
	}
	return total
}

// buildLines lists the windows direction by direction, and for each cell the
// windows through it.
func (g *Game) buildLines() {
	d, k := len(g.size), g.connect
	dirs := directions(d)
	n := countWindows(g.size, k)
	g.lineFlat = make([]int32, 0, n*k)
	g.lines = make([][]int32, 0, n)
	g.lineEnds = make([][2]int32, 0, n)
	if k == 1 { // a window of one cell has no direction: one per cell
		for c := 0; c < g.cells; c++ {
			g.lineFlat = append(g.lineFlat, int32(c))
			g.lines = append(g.lines, g.lineFlat[c:c+1:c+1])
			g.lineEnds = append(g.lineEnds, [2]int32{-1, -1})
		}
	} else {
		lo, hi, c := make([]int, d), make([]int, d), make([]int, d)
		for _, v := range dirs {
			step, empty := 0, false
			for i, s := range g.size {
				step += v[i] * g.stride[i]
				switch v[i] {
				case 1:
					lo[i], hi[i] = 0, s-k
				case -1:
					lo[i], hi[i] = k-1, s-1
				default:
					lo[i], hi[i] = 0, s-1
				}
				empty = empty || lo[i] > hi[i]
			}
			if empty {
				continue
			}
			copy(c, lo)
			for {
				start, before, after := 0, true, true
				for i, s := range g.size {
					start += c[i] * g.stride[i]
					if b := c[i] - v[i]; b < 0 || b >= s {
						before = false
					}
					if a := c[i] + k*v[i]; a < 0 || a >= s {
						after = false
					}
				}
				ends := [2]int32{-1, -1}
				if before {
					ends[0] = int32(start - step)
				}
				if after {
					ends[1] = int32(start + k*step)
				}
				from := len(g.lineFlat)
				for j := 0; j < k; j++ {
					g.lineFlat = append(g.lineFlat, int32(start+j*step))
				}
				g.lines = append(g.lines, g.lineFlat[from:from+k:from+k])
				g.lineEnds = append(g.lineEnds, ends)
				i := 0
				for ; i < d; i++ { // odometer over the start cells
					c[i]++
					if c[i] <= hi[i] {
						break
					}
					c[i] = lo[i]
				}
				if i == d {
					break
				}
			}
		}
	}
	if len(g.lines) != n {
		panic("kinarow: window count disagrees with countWindows")
	}
	deg := make([]int, g.cells)
	for _, l := range g.lines {
		for _, c := range l {
			deg[c]++
		}
	}
	g.thruFlat = make([]int32, len(g.lineFlat))
	g.through = make([][]int32, g.cells)
	at := 0
	for c, n := range deg {
		g.through[c] = g.thruFlat[at : at : at+n]
		at += n
		g.maxThru = max(g.maxThru, n)
	}
	for li, l := range g.lines {
		for _, c := range l {
			g.through[c] = append(g.through[c], int32(li))
		}
	}
}

// LegalMoves appends the empty cells (with gravity: the lowest empty cell
// of each column that is not full) to buf[:0], in increasing cell order
// (with gravity: in the order of the columns' bottom cells). It allocates
// nothing when buf has room for Cells() moves.
func (s *State) LegalMoves(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.over {
		return buf
	}
	g := s.g
	if g.gravity > 0 {
		for col, base := range g.columns {
			if h := int(s.heights[col]); h < g.fallSize {
				buf = append(buf, games.Move(int(base)+h*g.fallStep))
			}
		}
		return buf
	}
	for c, v := range s.board {
		if v < 0 {
			buf = append(buf, games.Move(c))
		}
	}
	return buf
}

// place puts seat's stone on the empty cell, updates the window counts and
// reports whether it wins.
func (s *State) place(cell int, seat int8) (won bool) {
	g := s.g
	s.board[cell] = seat
	k := uint8(g.connect)
	for _, li := range g.through[cell] {
		n := &s.counts[li][seat]
		*n++
		if *n == k && !won {
			won = !g.exact || s.exactEnds(li, seat)
		}
	}
	return won
}

// lift takes the stone of seat off cell and updates the window counts.
func (s *State) lift(cell int, seat int8) {
	s.board[cell] = empty
	for _, li := range s.g.through[cell] {
		s.counts[li][seat]--
	}
}

// exactEnds tells whether a full window of seat is a run of exactly
// connect stones: neither neighbour on its line holds a stone of seat.
func (s *State) exactEnds(li int32, seat int8) bool {
	e := s.g.lineEnds[li]
	return (e[0] < 0 || s.board[e[0]] != seat) && (e[1] < 0 || s.board[e[1]] != seat)
}

// winner returns the seat with a winning window on the board, -1 for none
// and 2 for both; line is one winning window of the winner.
func (s *State) winner() (seat int, line int32) {
	k := uint8(s.g.connect)
	seat, line = -1, -1
	for li, c := range s.counts {
		for p := int8(0); p < 2; p++ {
			if c[p] == k && (!s.g.exact || s.exactEnds(int32(li), p)) {
				switch seat {
				case -1:
					seat, line = int(p), int32(li)
				case int(1 - p):
					return 2, line
				}
			}
		}
	}
	return seat, line
}

// Perft counts the leaves of the move tree to depth, a game finished before
// depth counting as none (the games.Perft convention), with bulk counting at
// the last ply. It leaves the state as it found it.
func (s *State) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if s.over {
		return 0
	}
	bufs := make([][]games.Move, depth)
	for i := range bufs {
		bufs[i] = make([]games.Move, 0, s.g.cells)
	}
	return s.perft(depth, bufs)
}

func (s *State) perft(depth int, bufs [][]games.Move) uint64 {
	if s.over {
		return 0
	}
	moves := s.LegalMoves(bufs[depth-1])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		s.Play(m)
		n += s.perft(depth-1, bufs)
		s.Undo()
	}
	return n
}
