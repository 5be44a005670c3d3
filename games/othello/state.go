package othello

import (
	"fmt"
	"math/bits"
	"strconv"

	"github.com/meeple-games/meeple/games"
)

// State is an Othello position with the history Undo needs. A board of size
// 4 to 8 keeps its discs in uint64 bitboards, a larger one in 256-bit ones;
// both keep the legal squares of the side to move, so that Player and
// LegalMoves cost nothing.
type State struct {
	g      *Game
	disc   [2]uint64 // by seat, 8x8 frame (size <= 8)
	legal  uint64    // the side to move's legal squares, 8x8 frame
	wdisc  [2]wide   // by seat, 16x16 frame (size > 8)
	wlegal wide
	toMove int8
	over   bool
	hash   uint64
	hist   []snap
	whist  []wsnap
}

// snap and wsnap are what Undo restores.
type snap struct {
	disc   [2]uint64
	legal  uint64
	hash   uint64
	toMove int8
}

type wsnap struct {
	disc   [2]wide
	legal  wide
	hash   uint64
	toMove int8
}

func (g *Game) newState() *State {
	s := &State{g: g}
	s.disc, s.wdisc = g.startDisc, g.wstartDisc
	s.hash = s.hashFromScratch()
	s.settle()
	return s
}

// settle computes the side to move's legal squares and whether the game is
// over (neither side can move).
func (s *State) settle() {
	me, op := s.toMove, 1-s.toMove
	if s.g.wide {
		s.wlegal = movesWide(s.wdisc[me], s.wdisc[op]).and(s.g.wvalid)
		s.over = s.wlegal.isZero() && movesWide(s.wdisc[op], s.wdisc[me]).and(s.g.wvalid).isZero()
		return
	}
	s.legal = Moves(s.disc[me], s.disc[op]) & s.g.valid
	s.over = s.legal == 0 && Moves(s.disc[op], s.disc[me])&s.g.valid == 0
}

// Game returns the game the state belongs to.
func (s *State) Game() *Game { return s.g }

// Player returns the seat to move, or games.Terminal.
func (s *State) Player() int {
	if s.over {
		return games.Terminal
	}
	return int(s.toMove)
}

// ToMove returns the seat whose turn it is, also once the game is over
// (the side that would move next, as the position string keeps it).
func (s *State) ToMove() int { return int(s.toMove) }

// Bits returns the discs of the side to move and of its opponent in the
// 8x8 frame (bit row*8+col), for boards of size 8 or less; ok is false on a
// larger board.
func (s *State) Bits() (me, op uint64, ok bool) {
	return s.disc[s.toMove], s.disc[1-s.toMove], !s.g.wide
}

// At returns the seat of the disc on square sq (a Move below Squares), or
// -1 when it is empty.
func (s *State) At(sq int) int {
	b := s.g.bit(sq)
	for seat := range 2 {
		if s.g.wide && s.wdisc[seat].has(b) || !s.g.wide && s.disc[seat]>>b&1 != 0 {
			return seat
		}
	}
	return -1
}

// Board appends to buf[:0] the seat of the disc on each square (-1 for
// empty), a1 first, row by row: the board as a plain array, for code that
// reads it square by square.
func (s *State) Board(buf []int8) []int8 {
	buf = buf[:0]
	n := s.g.size * s.g.size
	for sq := range n {
		b := s.g.bit(sq)
		v := int8(-1)
		switch {
		case s.g.wide && s.wdisc[0].has(b), !s.g.wide && s.disc[0]>>b&1 != 0:
			v = 0
		case s.g.wide && s.wdisc[1].has(b), !s.g.wide && s.disc[1]>>b&1 != 0:
			v = 1
		}
		buf = append(buf, v)
	}
	return buf
}

// Count returns the number of discs of seat.
func (s *State) Count(seat int) int {
	if s.g.wide {
		return s.wdisc[seat].count()
	}
	return bits.OnesCount64(s.disc[seat])
}

// Empties returns the number of empty squares.
func (s *State) Empties() int { return s.g.size*s.g.size - s.Count(0) - s.Count(1) }

// Mobility returns the number of legal squares of seat in this position
// (0 when it has to pass), whoever is to move.
func (s *State) Mobility(seat int) int {
	if s.g.wide {
		if seat == int(s.toMove) {
			return s.wlegal.count()
		}
		return movesWide(s.wdisc[seat], s.wdisc[1-seat]).and(s.g.wvalid).count()
	}
	if seat == int(s.toMove) {
		return bits.OnesCount64(s.legal)
	}
	return bits.OnesCount64(Moves(s.disc[seat], s.disc[1-seat]) & s.g.valid)
}

// Score is the final disc difference for seat under the scoring rule:
// seat's discs less the opponent's, the empty squares going to whoever has
// more discs. It is the game's result once it is over.
func (s *State) Score(seat int) int {
	d := s.Count(seat) - s.Count(1-seat)
	switch e := s.Empties(); {
	case d > 0:
		d += e
	case d < 0:
		d -= e
	}
	return d
}

// LegalMoves appends the legal squares in increasing order (a1, b1, ...,
// row by row), or Pass when the side to move has none; nothing when the
// game is over. It allocates nothing when buf has room.
func (s *State) LegalMoves(buf []games.Move) []games.Move {
	buf = buf[:0]
	if s.over {
		return buf
	}
	g := s.g
	if g.wide {
		if s.wlegal.isZero() {
			return append(buf, Pass)
		}
		for w := range 4 {
			for x := s.wlegal.word(w); x != 0; x &= x - 1 {
				buf = append(buf, games.Move(g.square(w<<6|bits.TrailingZeros64(x))))
			}
		}
		return buf
	}
	if s.legal == 0 {
		return append(buf, Pass)
	}
	for x := s.legal; x != 0; x &= x - 1 {
		buf = append(buf, games.Move(g.square(bits.TrailingZeros64(x))))
	}
	return buf
}

// Legal reports whether m is a legal move now.
func (s *State) Legal(m games.Move) bool {
	if s.over {
		return false
	}
	if m == Pass {
		if s.g.wide {
			return s.wlegal.isZero()
		}
		return s.legal == 0
	}
	if int64(m) >= int64(s.g.size*s.g.size) {
		return false
	}
	b := s.g.bit(int(m))
	if s.g.wide {
		return s.wlegal.has(b)
	}
	return s.legal>>b&1 != 0
}

// Play makes move m, which must be legal: it places the disc and turns
// over the discs it flanks, or passes.
func (s *State) Play(m games.Move) {
	if !s.Legal(m) {
		panic(fmt.Sprintf("othello: Play(%s) is not a legal move", s.FormatMove(m)))
	}
	me, op := s.toMove, 1-s.toMove
	g := s.g
	if g.wide {
		s.whist = append(s.whist, wsnap{s.wdisc, s.wlegal, s.hash, s.toMove})
		if m != Pass {
			b := g.bit(int(m))
			f := flipsWide(s.wdisc[me], s.wdisc[op], b)
			s.wdisc[me] = s.wdisc[me].or(f).or(bitW(b))
			s.wdisc[op] = s.wdisc[op].xor(f)
			s.hash ^= g.zobrist[me][b]
			for w := range 4 {
				for x := f.word(w); x != 0; x &= x - 1 {
					s.hash ^= g.zflip[w<<6|bits.TrailingZeros64(x)]
				}
			}
		}
	} else {
		s.hist = append(s.hist, snap{s.disc, s.legal, s.hash, s.toMove})
		if m != Pass {
			b := g.bit(int(m))
			f := Flips(s.disc[me], s.disc[op], b)
			s.disc[me] |= f | 1<<b
			s.disc[op] ^= f
			s.hash ^= g.zobrist[me][b]
			for x := f; x != 0; x &= x - 1 {
				s.hash ^= g.zflip[bits.TrailingZeros64(x)]
			}
		}
	}
	s.hash ^= g.sideKey
	s.toMove = op
	s.settle()
}

// Undo takes back the last move. It panics when there is none.
func (s *State) Undo() {
	if s.g.wide {
		n := len(s.whist)
		if n == 0 {
			panic("othello: Undo with no move to take back")
		}
		h := s.whist[n-1]
		s.whist = s.whist[:n-1]
		s.wdisc, s.wlegal, s.hash, s.toMove = h.disc, h.legal, h.hash, h.toMove
	} else {
		n := len(s.hist)
		if n == 0 {
			panic("othello: Undo with no move to take back")
		}
		h := s.hist[n-1]
		s.hist = s.hist[:n-1]
		s.disc, s.legal, s.hash, s.toMove = h.disc, h.legal, h.hash, h.toMove
	}
	s.over = false // a position with a move after it was not over
}

// Plies is the number of moves (passes included) that Undo can take back.
func (s *State) Plies() int { return len(s.hist) + len(s.whist) }

// Clone returns an independent copy, history included.
func (s *State) Clone() games.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.hist = append([]snap(nil), s.hist...)
	c.whist = append([]wsnap(nil), s.whist...)
	return &c
}

// Returns is +1 for the winner and -1 for the loser by Score, 0 each for a
// draw or while the game goes on.
func (s *State) Returns() []float64 {
	r := make([]float64, 2)
	if !s.over {
		return r
	}
	switch d := s.Score(Black); {
	case d > 0:
		r[Black], r[White] = 1, -1
	case d < 0:
		r[Black], r[White] = -1, 1
	}
	return r
}

// Winner returns the seat that won, -1 for a draw or while the game goes
// on.
func (s *State) Winner() int {
	if !s.over {
		return -1
	}
	switch d := s.Score(Black); {
	case d > 0:
		return Black
	case d < 0:
		return White
	}
	return -1
}

// EndReason gives the final score with the empty squares counted for the
// winner (shared in a draw): "black wins 40-24", "white wins 33-31",
// "draw 32-32"; "" while the game goes on.
// EndPhrase is EndReason as a Phrase: "wins-discs" with the winning seat
// and both counts (the winner's first), or "draw-discs".
func (s *State) EndPhrase() games.Phrase {
	if !s.over {
		return games.Phrase{}
	}
	d := s.Score(Black)
	total := s.g.size * s.g.size
	b := (total + d) / 2
	w := total - b
	switch {
	case d > 0:
		return games.Phrase{Code: "wins-discs", Args: []string{games.Seat(0), strconv.Itoa(b), strconv.Itoa(w)}}
	case d < 0:
		return games.Phrase{Code: "wins-discs", Args: []string{games.Seat(1), strconv.Itoa(w), strconv.Itoa(b)}}
	}
	return games.Phrase{Code: "draw-discs", Args: []string{strconv.Itoa(b), strconv.Itoa(w)}}
}

func (s *State) EndReason() string {
	if !s.over {
		return ""
	}
	d := s.Score(Black)
	total := s.g.size * s.g.size // a draw shares the empty squares
	b := (total + d) / 2
	w := total - b
	switch {
	case d > 0:
		return fmt.Sprintf("black wins %d-%d", b, w)
	case d < 0:
		return fmt.Sprintf("white wins %d-%d", w, b)
	}
	return fmt.Sprintf("draw %d-%d", b, w)
}

// Hash is the Zobrist hash of the discs and the side to move.
func (s *State) Hash() uint64 { return s.hash }

// hashFromScratch recomputes the hash from the board.
func (s *State) hashFromScratch() uint64 {
	var h uint64
	for seat := range 2 {
		if s.g.wide {
			for w := range 4 {
				for x := s.wdisc[seat].word(w); x != 0; x &= x - 1 {
					h ^= s.g.zobrist[seat][w<<6|bits.TrailingZeros64(x)]
				}
			}
			continue
		}
		for x := s.disc[seat]; x != 0; x &= x - 1 {
			h ^= s.g.zobrist[seat][bits.TrailingZeros64(x)]
		}
	}
	if s.toMove == White {
		h ^= s.g.sideKey
	}
	return h
}

// Perft counts the leaves of the move tree to depth, a pass counting as a
// move and a game finished before depth as none (games.Perft's convention;
// Aart Bik's Othello tables count it as one leaf, which makes a difference
// from depth 10 on), with bulk counting at the last ply, and from depth 7
// on 8x8 and smaller boards with a table of the subtrees counted (6 MB at
// depth 7, 96 MB from depth 9), so that a transposition (on 8x8 also a
// symmetric image) is counted once. It runs on copies of the bitboards:
// the state is untouched.
func (s *State) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if s.over {
		return 0
	}
	me, op := s.toMove, 1-s.toMove
	if s.g.wide {
		return perftWide(s.wdisc[me], s.wdisc[op], s.g.wvalid, depth)
	}
	if depth >= perftTableFrom {
		return perft8Hash(newPerftCache(depth, s.g.valid), s.disc[me], s.disc[op], s.g.valid, depth)
	}
	return perft8(s.disc[me], s.disc[op], s.g.valid, depth)
}

// perftTableFrom is the depth from which Perft keeps a table (below it the
// table costs more than it saves, and Perft allocates nothing).
const perftTableFrom = 7

// WhyIllegal says why m is not legal now: the game is over, a pass while
// a move turns a disc, a taken square, or a square that turns no disc.
func (s *State) WhyIllegal(m games.Move) string {
	switch {
	case s.Legal(m):
		return ""
	case s.over:
		return "the game is over"
	case m == Pass:
		return "a side passes only when no move turns a disc"
	case int64(m) >= int64(s.g.size*s.g.size):
		return ""
	case s.At(int(m)) >= 0:
		return s.g.formatMove(m) + " is taken"
	}
	return "a disc on " + s.g.formatMove(m) + " would turn no disc: it must close a line of the other side's discs"
}
