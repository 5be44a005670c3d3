package kinarow

import (
	"fmt"
	"strconv"

	"github.com/meeple-games/meeple/games"
)

const empty int8 = -1

// State is a k-in-a-row position with the history Undo needs. It keeps, for
// every window of Game.Lines, the stones of each seat in it, so that a move
// costs one update per window through the played cell.
type State struct {
	g       *Game
	board   []int8     // per cell: empty, 0 (x) or 1 (o)
	counts  [][2]uint8 // per window: stones of x and of o
	heights []uint8    // gravity: stones per column
	history []int32    // cells played since NewState or ParseState
	toMove  int8
	stones  int
	over    bool
	won     int8  // the winner's seat, or -1
	winLine int32 // a winning window, or -1
	hash    uint64
}

var _ games.Perfter = (*State)(nil)

func (g *Game) newState() *State {
	s := &State{
		g:       g,
		board:   make([]int8, g.cells),
		counts:  make([][2]uint8, len(g.lines)),
		history: make([]int32, 0, min(g.cells, 64)),
		won:     -1,
		winLine: -1,
	}
	for i := range s.board {
		s.board[i] = empty
	}
	if g.gravity > 0 {
		s.heights = make([]uint8, len(g.columns))
	}
	return s
}

// Game returns the game the state belongs to.
func (s *State) Game() *Game { return s.g }

// Ply is the number of stones on the board: the moves made since the empty
// board, however the position was reached.
func (s *State) Ply() int { return s.stones }

// At returns -1 for an empty cell, else the seat (0 x, 1 o) of its stone.
func (s *State) At(cell int) int { return int(s.board[cell]) }

// LineCount returns the stones of x and of o in window line of Game.Lines.
func (s *State) LineCount(line int32) [2]uint8 { return s.counts[line] }

// Playable tells whether a stone may go on cell now: it is empty and, with
// gravity, the cell below it is filled (or it is on the floor).
func (s *State) Playable(cell int) bool {
	if s.board[cell] != empty {
		return false
	}
	g := s.g
	return g.gravity == 0 || int(s.heights[g.columnOf[cell]]) == g.coord(cell, g.gravity-1)
}

// Winner returns the seat that won, or -1 (game on, or a draw).
func (s *State) Winner() int { return int(s.won) }

// WinningLine returns the window (an index into Game.Lines) that won, or -1.
func (s *State) WinningLine() int32 { return s.winLine }

// LastMove returns the last move played on this state, or games.NoMove.
func (s *State) LastMove() games.Move {
	if len(s.history) == 0 {
		return games.NoMove
	}
	return games.Move(s.history[len(s.history)-1])
}

// Player returns the seat to move, or games.Terminal.
func (s *State) Player() int {
	if s.over {
		return games.Terminal
	}
	return int(s.toMove)
}

// Play puts a stone of the side to move on cell m, which must be legal.
func (s *State) Play(m games.Move) {
	g := s.g
	cell := int(m)
	if s.over || cell >= g.cells || s.board[cell] != empty {
		panic(fmt.Sprintf("kinarow: Play(%d) is not a legal move", m))
	}
	seat := s.toMove
	if g.gravity > 0 {
		col := g.columnOf[cell]
		if int(s.heights[col]) != g.coord(cell, g.gravity-1) {
			panic(fmt.Sprintf("kinarow: Play(%s): the stone would float", g.formatCell(cell)))
		}
		s.heights[col]++
	}
	won := s.place(cell, seat)
	s.hash ^= g.zobrist[2*cell+int(seat)] ^ g.sideKey
	s.history = append(s.history, int32(cell))
	s.stones++
	s.toMove = 1 - seat
	if won {
		s.over, s.won = true, seat
		s.winLine = s.findWin(cell, seat)
	} else if s.stones == g.cells {
		s.over = true
	}
}

// findWin returns a winning window of seat through cell.
func (s *State) findWin(cell int, seat int8) int32 {
	for _, li := range s.g.through[cell] {
		if int(s.counts[li][seat]) == s.g.connect && (!s.g.exact || s.exactEnds(li, seat)) {
			return li
		}
	}
	return -1
}

// Undo takes back the last move. It panics when there is none.
func (s *State) Undo() {
	if len(s.history) == 0 {
		panic("kinarow: Undo with no move to take back")
	}
	g := s.g
	cell := int(s.history[len(s.history)-1])
	s.history = s.history[:len(s.history)-1]
	seat := s.board[cell]
	s.lift(cell, seat)
	if g.gravity > 0 {
		s.heights[g.columnOf[cell]]--
	}
	s.hash ^= g.zobrist[2*cell+int(seat)] ^ g.sideKey
	s.stones--
	s.toMove = seat
	s.over, s.won, s.winLine = false, -1, -1
}

// Clone returns an independent copy, history included.
func (s *State) Clone() games.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.board = append([]int8(nil), s.board...)
	c.counts = append([][2]uint8(nil), s.counts...)
	c.heights = append([]uint8(nil), s.heights...)
	c.history = append(make([]int32, 0, cap(s.history)), s.history...)
	return &c
}

// Returns is +1 for the winner and -1 for the loser, 0 each for a draw or
// while the game goes on.
func (s *State) Returns() []float64 {
	r := make([]float64, 2)
	if s.won >= 0 {
		r[s.won], r[1-s.won] = 1, -1
	}
	return r
}

// EndReason says why the game ended: "x made 3 in a row", "board full,
// draw"; "" while it goes on.
// EndPhrase is EndReason as a Phrase: "in-a-row" (or "exactly-in-a-row")
// with the seat and the count, or "board-full".
func (s *State) EndPhrase() games.Phrase {
	switch {
	case !s.over:
		return games.Phrase{}
	case s.won < 0:
		return games.Phrase{Code: "board-full"}
	case s.g.exact:
		return games.Phrase{Code: "exactly-in-a-row", Args: []string{games.Seat(int(s.won)), strconv.Itoa(s.g.connect)}}
	}
	return games.Phrase{Code: "in-a-row", Args: []string{games.Seat(int(s.won)), strconv.Itoa(s.g.connect)}}
}

func (s *State) EndReason() string {
	switch {
	case !s.over:
		return ""
	case s.won < 0:
		return "board full, draw"
	case s.g.exact:
		return fmt.Sprintf("%s made exactly %d in a row", seatNames[s.won], s.g.connect)
	}
	return fmt.Sprintf("%s made %d in a row", seatNames[s.won], s.g.connect)
}

// Hash is the Zobrist hash of the stones and the side to move.
func (s *State) Hash() uint64 { return s.hash }

// hashFromScratch recomputes the hash from the board.
func (s *State) hashFromScratch() uint64 {
	var h uint64
	for c, v := range s.board {
		if v != empty {
			h ^= s.g.zobrist[2*c+int(v)]
		}
	}
	if s.toMove == 1 {
		h ^= s.g.sideKey
	}
	return h
}

// WhyIllegal says why m is not legal now: the game is over, the cell is
// taken, or, with gravity, the cell is not where a stone dropped in its
// column lands.
func (s *State) WhyIllegal(m games.Move) string {
	g := s.g
	switch {
	case s.Player() == games.Terminal:
		return "the game is over"
	case int64(m) < 0 || int64(m) >= int64(g.cells) || s.Playable(int(m)):
		return ""
	case s.board[m] != empty:
		return g.formatCell(int(m)) + " is taken"
	}
	col := g.columnOf[m]
	h := int(s.heights[col])
	if h >= g.fallSize {
		return "its column is full"
	}
	lands := int(g.columns[col]) + h*g.fallStep
	return fmt.Sprintf("a stone falls to the lowest free cell of its column: %s", g.formatCell(lands))
}
