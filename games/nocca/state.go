package nocca

import (
	"fmt"
	"math/bits"
	"strconv"

	"github.com/meeple-games/meeple/games"
)

// A stack is a byte: bit h is a sentinel marking the height h, and bits
// 0..h-1 hold the colours of the pieces from the bottom up (1 black). The
// empty stack is 1.
const emptyStack uint8 = 1

func height(s uint8) int { return bits.Len8(s) - 1 }

// topColour is the colour of the top piece of a stack that is not empty.
func topColour(s uint8) int { return int(s>>(height(s)-1)) & 1 }

// push puts a piece of colour c on top of s.
func push(s uint8, c int) uint8 {
	h := height(s)
	return s&^(1<<h) | uint8(c)<<h | 1<<(h+1)
}

// pop takes the top piece off s, which is not empty.
func pop(s uint8) uint8 {
	h := height(s)
	return s&(1<<(h-1)-1) | 1<<(h-1)
}

// How a game ended.
type ending uint8

const (
	notOver     ending = iota
	goalReached        // the side that moved last stepped into the goal
	noMove             // the side to move has no legal move
	repeated           // the position occurred Game.Repetition times
)

// repBuckets is the size of a State's filter of position hashes: a count
// per bucket, so that most moves know at once that their position is not a
// repetition without scanning the history.
const repBuckets = 1024

func repBucket(h uint64) int { return int(h >> 54) }

// State is a Nocca Nocca position with the history Undo and the repetition
// rule need.
type State struct {
	g       *Game
	sq      [MaxSquares]uint8 // the stack on each square
	top     [2]uint64         // squares whose top piece is white, black
	full    uint64            // squares holding a full stack
	onBoard [2]int8           // pieces of each colour on the board
	toMove  int8              // colour; once the game is over, the side that would move next
	end     ending
	winner  int8 // colour, or -1
	hash    uint64
	// hashes holds the hash of every position since the start, the current
	// one last; a parsed position with a repetition count n starts with n-1
	// extra copies of its own hash (prior occurrences).
	hashes []uint64
	prior  int          // how many of hashes are such copies
	played []games.Move // the moves Undo takes back
	rep    [repBuckets]uint16
}

func (g *Game) newState() *State {
	s := g.emptyState()
	copy(s.sq[:], g.start)
	s.toMove = int8(g.first)
	s.settle()
	return s
}

// emptyState returns a state with no piece and white to move, not settled.
func (g *Game) emptyState() *State {
	s := &State{g: g, winner: -1, hashes: make([]uint64, 0, 64)}
	for i := range s.sq {
		s.sq[i] = emptyStack
	}
	return s
}

// settle computes the bit sets, counts and hash from the stacks, starts
// the history and decides whether the side to move has lost for want of a
// move.
func (s *State) settle() {
	g := s.g
	s.top, s.full, s.onBoard = [2]uint64{}, 0, [2]int8{}
	s.hash = 0
	for sq := range g.squares {
		v := s.sq[sq]
		h := height(v)
		if h == 0 {
			continue
		}
		s.top[topColour(v)] |= 1 << sq
		if h >= g.stack {
			s.full |= 1 << sq
		}
		for l := range h {
			c := int(v>>l) & 1
			s.onBoard[c]++
			s.hash ^= g.zobrist[sq][l][c]
		}
	}
	if s.toMove == Black {
		s.hash ^= g.sideKey
	}
	s.hashes = append(s.hashes[:0], s.hash)
	s.rep = [repBuckets]uint16{}
	s.rep[repBucket(s.hash)] = 1
	s.prior = 0
	if !s.hasMove(int(s.toMove)) {
		s.end, s.winner = noMove, 1-s.toMove
	}
}

// Game returns the game the state belongs to.
func (s *State) Game() *Game { return s.g }

// Player returns the seat to move (0 moves first), or games.Terminal.
func (s *State) Player() int {
	if s.end != notOver {
		return games.Terminal
	}
	return int(s.toMove) ^ s.g.first
}

// ToMove returns the colour to move (White or Black), also once the game
// is over (the side that would move next).
func (s *State) ToMove() int { return int(s.toMove) }

// Stack returns the stack on square sq: its height and its pieces' colours
// from the bottom up (bit i of colours is 1 when the piece at level i is
// black).
func (s *State) Stack(sq int) (h int, colours uint8) {
	v := s.sq[sq]
	h = height(v)
	return h, v &^ (1 << h)
}

// Height returns the number of pieces on square sq.
func (s *State) Height(sq int) int { return height(s.sq[sq]) }

// Top returns the colour of the top piece on square sq, or -1 when it is
// empty.
func (s *State) Top(sq int) int {
	if s.sq[sq] == emptyStack {
		return -1
	}
	return topColour(s.sq[sq])
}

// Tops returns the squares whose top piece has colour c: the pieces c can
// move.
func (s *State) Tops(c int) uint64 { return s.top[c] }

// Full returns the squares holding a full stack, onto which no piece may
// step.
func (s *State) Full() uint64 { return s.full }

// OnBoard returns the number of pieces of colour c on the board (a piece
// that entered the goal has left it).
func (s *State) OnBoard(c int) int { return int(s.onBoard[c]) }

// Winner returns the colour that won, or -1 (the game goes on, or a draw).
func (s *State) Winner() int { return int(s.winner) }

// Plies is the number of moves Undo can take back.
func (s *State) Plies() int { return len(s.played) }

// Repetitions returns how often the current position (board and side to
// move) has occurred, counting this time and, for a parsed position, the
// occurrences its position string states.
func (s *State) Repetitions() int {
	if s.rep[repBucket(s.hash)] <= 1 {
		return 1
	}
	n := 0
	for _, h := range s.hashes {
		if h == s.hash {
			n++
		}
	}
	return n
}

// Play makes move m, which must be legal.
func (s *State) Play(m games.Move) {
	g := s.g
	me := int(s.toMove)
	from, d := int(m&63), int(m>>6&7)
	if s.end != notOver || m >= 512 || from >= g.squares || s.top[me]>>from&1 == 0 {
		panic(fmt.Sprintf("nocca: Play(%s) is not a legal move", s.FormatMove(m)))
	}
	to := int(g.step[from][d])
	if to < 0 && g.exits[me][from]>>d&1 == 0 || to >= 0 && s.full>>to&1 != 0 {
		panic(fmt.Sprintf("nocca: Play(%s) is not a legal move", s.FormatMove(m)))
	}
	s.lift(from, me)
	if to >= 0 {
		s.drop(to, me)
	} else {
		s.onBoard[me]--
	}
	s.hash ^= g.sideKey
	s.toMove ^= 1
	s.played = append(s.played, m)
	s.hashes = append(s.hashes, s.hash)
	b := &s.rep[repBucket(s.hash)]
	*b++
	switch {
	case to < 0:
		s.end, s.winner = goalReached, int8(me)
	case !s.hasMove(1 - me):
		s.end, s.winner = noMove, int8(me)
	case g.repetition > 0 && int(*b) >= g.repetition && s.Repetitions() >= g.repetition:
		s.end = repeated
	}
}

// lift takes the top piece, of colour c, off square sq.
func (s *State) lift(sq, c int) {
	v := s.sq[sq]
	h := height(v)
	s.hash ^= s.g.zobrist[sq][h-1][c]
	v = pop(v)
	s.sq[sq] = v
	bit := uint64(1) << sq
	s.top[c] &^= bit
	s.full &^= bit
	if h > 1 {
		s.top[topColour(v)] |= bit
	}
}

// drop puts a piece of colour c on square sq, which is not full.
func (s *State) drop(sq, c int) {
	v := s.sq[sq]
	h := height(v)
	s.hash ^= s.g.zobrist[sq][h][c]
	bit := uint64(1) << sq
	if h > 0 {
		s.top[topColour(v)] &^= bit
	}
	s.sq[sq] = push(v, c)
	s.top[c] |= bit
	if h+1 >= s.g.stack {
		s.full |= bit
	}
}

// Undo takes back the last move. It panics when there is none.
func (s *State) Undo() {
	n := len(s.played)
	if n == 0 {
		panic("nocca: Undo with no move to take back")
	}
	g := s.g
	m := s.played[n-1]
	s.played = s.played[:n-1]
	s.rep[repBucket(s.hash)]--
	s.hashes = s.hashes[:len(s.hashes)-1]
	me := int(s.toMove ^ 1)
	from, d := int(m&63), int(m>>6&7)
	if to := int(g.step[from][d]); to >= 0 {
		s.lift(to, me)
	} else {
		s.onBoard[me]++
	}
	s.drop(from, me)
	s.hash ^= g.sideKey
	s.toMove = int8(me)
	s.end, s.winner = notOver, -1 // a position with a move after it was not over
}

// Clone returns an independent copy, history included.
func (s *State) Clone() games.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.hashes = append(make([]uint64, 0, cap(s.hashes)), s.hashes...)
	c.played = append(make([]games.Move, 0, cap(s.played)), s.played...)
	return &c
}

// Returns is +1 for the winner's seat and -1 for the loser's, 0 each for a
// draw or while the game goes on.
func (s *State) Returns() []float64 {
	r := make([]float64, 2)
	if s.winner >= 0 {
		w := s.g.Seat(int(s.winner))
		r[w], r[1-w] = 1, -1
	}
	return r
}

// EndReason says why the game ended: "white reached the goal", "black has
// no legal move", "threefold repetition"; "" while it goes on.
// EndPhrase is EndReason as a Phrase: "reached-goal" or "no-move" with
// the seat, or "repetition" with the count.
func (s *State) EndPhrase() games.Phrase {
	switch s.end {
	case goalReached:
		return games.Phrase{Code: "reached-goal", Args: []string{games.Seat(int(s.winner) ^ s.g.first)}}
	case noMove:
		return games.Phrase{Code: "no-move", Args: []string{games.Seat(int(s.toMove) ^ s.g.first)}}
	case repeated:
		return games.Phrase{Code: "repetition", Args: []string{strconv.Itoa(s.g.repetition)}}
	}
	return games.Phrase{}
}

func (s *State) EndReason() string {
	switch s.end {
	case goalReached:
		return colourNames[s.winner] + " reached the goal"
	case noMove:
		return colourNames[s.toMove] + " has no legal move"
	case repeated:
		return repetitionWords[s.g.repetition] + " repetition"
	}
	return ""
}

var repetitionWords = [10]string{2: "twofold", 3: "threefold", 4: "fourfold", 5: "fivefold",
	6: "sixfold", 7: "sevenfold", 8: "eightfold", 9: "ninefold"}

// Hash is the Zobrist hash of the stacks and the side to move (not of the
// history: repetition counts are not in it).
func (s *State) Hash() uint64 { return s.hash }

// hashFromScratch recomputes the hash from the stacks.
func (s *State) hashFromScratch() uint64 {
	var h uint64
	for sq := range s.g.squares {
		v := s.sq[sq]
		for l := range height(v) {
			h ^= s.g.zobrist[sq][l][int(v>>l)&1]
		}
	}
	if s.toMove == Black {
		h ^= s.g.sideKey
	}
	return h
}

// WhyIllegal says why m is not legal now: the game is over, no piece of
// the side to move on top at the start, a full square, or a goal that is
// not the side's own.
func (s *State) WhyIllegal(m games.Move) string {
	g := s.g
	from, d := int(m&63), int(m>>6&7)
	if m >= 512 || from >= g.squares || s.Legal(m) {
		return ""
	}
	me := int(s.toMove)
	switch top := s.Top(from); {
	case s.end != notOver:
		return "the game is over"
	case top < 0:
		return "no piece on " + g.formatSquare(from)
	case top != me:
		return fmt.Sprintf("the top piece on %s is %s's: only the top piece of a stack moves", g.formatSquare(from), colourNames[top])
	}
	if to := g.step[from][d]; to >= 0 {
		return fmt.Sprintf("%s is full: a stack holds at most %d", g.formatSquare(int(to)), g.stack)
	}
	return "a piece steps into the goal only from the row next to it, the far row from its own side"
}
