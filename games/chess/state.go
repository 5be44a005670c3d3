package chess

import (
	"fmt"
	"math/bits"

	"github.com/meeple-games/meeple/games"
)

// Color is a side: White (seat 0) or Black (seat 1).
type Color uint8

const (
	White Color = 0
	Black Color = 1
)

func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// PieceType is a kind of piece, without colour; NoPieceType is none.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

func (t PieceType) String() string {
	if t > King {
		return fmt.Sprintf("piecetype(%d)", uint8(t))
	}
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}[t]
}

// Piece is a coloured piece: colour<<3 | type; NoPiece (0) is an empty
// square.
type Piece uint8

const NoPiece Piece = 0

// MakePiece returns the piece of colour c and type t.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Type is the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color is the piece's colour (White for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3 & 1) }

// String is the FEN letter: upper case for white, lower case for black,
// "." for no piece.
func (p Piece) String() string {
	if p.Type() == NoPieceType || p.Type() > King {
		return "."
	}
	return string(pieceChars[p])
}

// pieceChars is indexed by Piece.
const pieceChars = ".PNBRQK..pnbrqk."

// noSquare is the en-passant square when there is none.
const noSquare = 64

// Castling rights: bit colour*2+side, side 0 the king side (the rook on
// the h-side of the king) and 1 the queen side.
const (
	WhiteKingSide  = 1 << 0
	WhiteQueenSide = 1 << 1
	BlackKingSide  = 1 << 2
	BlackQueenSide = 1 << 3
)

// castling is what a position's castling rights refer to: the start
// squares of the castling rooks, and the tables derived from them. It is
// fixed for a game (the start array) and shared by every state of it.
type castling struct {
	rook  [4]int8   // rook start square per right; -1: no such right
	empty [4]uint64 // squares that must be empty but for the king and rook
	path  [4]uint64 // squares the king crosses, without its start and end
	lose  [64]uint8 // rights lost when a piece moves from or to the square
}

// newCastling builds the castling tables for kings on king[c] and
// castling rooks on rook[r] (-1 where there is no right).
func newCastling(king [2]int, rook [4]int) *castling {
	cr := &castling{}
	for r := range 4 {
		cr.rook[r] = -1
		if rook[r] < 0 {
			continue
		}
		c := r >> 1
		kf, rf := king[c], rook[r]
		kt, rt := castleTargets(r)
		cr.rook[r] = int8(rf)
		cr.empty[r] = (between[kf][kt] | 1<<kt | between[rf][rt] | 1<<rt) &^ (1<<kf | 1<<rf)
		cr.path[r] = between[kf][kt]
		cr.lose[kf] |= 3 << (2 * c)
		cr.lose[rf] |= 1 << r
	}
	return cr
}

// castleTargets returns the king's and the rook's squares after castling
// with right r: g1 and f1, c1 and d1, g8 and f8, c8 and d8.
func castleTargets(r int) (king, rook int) {
	base := 56 * (r >> 1)
	if r&1 == 0 {
		return base + 6, base + 5
	}
	return base + 2, base + 3
}

// undo is what Unmake restores.
type undo struct {
	move     games.Move
	captured Piece
	castle   uint8
	ep       uint8
	rule50   int32
	hash     uint64
	checkers uint64
}

// State is a chess position with the history Undo needs: bitboards by
// colour and by piece type, a square-indexed board, the Zobrist hash and
// the pieces giving check, all kept incrementally by Make and Unmake.
type State struct {
	g        *Game
	board    [64]Piece
	byType   [7]uint64 // by PieceType; [0] unused
	byColor  [2]uint64
	king     [2]int8
	side     Color
	castle   uint8 // rights, WhiteKingSide...
	ep       uint8 // en-passant target square, noSquare if none
	rule50   int32 // half-moves since the last capture or pawn move
	fullmove int32
	hash     uint64
	checkers uint64 // pieces giving check to the side to move
	cr       *castling
	hist     []undo
	// rootReps is how often the position the state started from had
	// occurred (the repetition count of its position string; 1 if none).
	rootReps int32
	// res caches the outcome: resUnknown until computed, reset by every
	// move and undo.
	res result
}

type result uint8

const (
	resUnknown result = iota
	resOngoing
	resWhiteMates
	resBlackMates
	resStalemate
	resFifty
	resThreefold
	resMaterial
)

// resultCode is each result's Phrase code.
var resultCode = [...]string{resWhiteMates: "checkmate", resBlackMates: "checkmate", resStalemate: "stalemate",
	resFifty: "fifty-move-rule", resThreefold: "threefold-repetition", resMaterial: "insufficient-material"}

// EndPhrase is EndReason as a Phrase: "checkmate" with the winning seat,
// or the draw's code.
func (s *State) EndPhrase() games.Phrase {
	r := s.result()
	switch r {
	case resOngoing:
		return games.Phrase{}
	case resWhiteMates:
		return games.Phrase{Code: resultCode[r], Args: []string{games.Seat(0)}}
	case resBlackMates:
		return games.Phrase{Code: resultCode[r], Args: []string{games.Seat(1)}}
	}
	return games.Phrase{Code: resultCode[r]}
}

var resultText = [...]string{resWhiteMates: "white mates", resBlackMates: "black mates", resStalemate: "stalemate",
	resFifty: "fifty-move rule", resThreefold: "threefold repetition", resMaterial: "insufficient material"}

// The move layout: see the package documentation.
const (
	promoShift = 12
	flagEP     = 1 << 15
	flagCastle = 1 << 16
	moveMask   = 1<<17 - 1
)

// NewMove returns the plain move from one square to another (no
// promotion, en passant or castling).
func NewMove(from, to int) games.Move { return games.Move(from | to<<6) }

// From is the square a move starts from (the king's, for castling).
func From(m games.Move) int { return int(m & 63) }

// To is the square a move ends on; for castling the castling rook's square
// (the king takes its own rook).
func To(m games.Move) int { return int(m >> 6 & 63) }

// Promotion is the piece a pawn promotes to, or NoPieceType.
func Promotion(m games.Move) PieceType { return PieceType(m >> promoShift & 7) }

// IsEnPassant reports whether m is an en-passant capture.
func IsEnPassant(m games.Move) bool { return m&flagEP != 0 }

// IsCastling reports whether m is castling.
func IsCastling(m games.Move) bool { return m&flagCastle != 0 }

// KingTo is where the moving piece lands: To(m), except for castling,
// where it is the king's square after castling (g1, c1, g8 or c8).
func KingTo(m games.Move) int {
	if m&flagCastle == 0 {
		return To(m)
	}
	from, to := From(m), To(m)
	if to > from {
		return from&^7 + 6
	}
	return from&^7 + 2
}

// Null is the null move of MakeNull; it is never legal.
const Null games.Move = 0

// Game returns the game the state belongs to.
func (s *State) Game() *Game { return s.g }

// SideToMove is the colour to move (also once the game is over).
func (s *State) SideToMove() Color { return s.side }

// PieceAt is the piece on sq, or NoPiece.
func (s *State) PieceAt(sq int) Piece { return s.board[sq&63] }

// Pieces is the bitboard of the pieces of colour c and type t.
func (s *State) Pieces(c Color, t PieceType) uint64 { return s.byColor[c&1] & s.byType[t&7] }

// ByType is the bitboard of the pieces of type t, both colours.
func (s *State) ByType(t PieceType) uint64 { return s.byType[t&7] }

// ByColor is the bitboard of the pieces of colour c.
func (s *State) ByColor(c Color) uint64 { return s.byColor[c&1] }

// Moved is the piece that m moves (the king, for castling).
func (s *State) Moved(m games.Move) Piece { return s.board[m&63] }

// Captured is the piece that m takes: a pawn for en passant, NoPiece for
// a move that takes nothing (castling included).
func (s *State) Captured(m games.Move) Piece {
	switch {
	case m&flagCastle != 0:
		return NoPiece
	case m&flagEP != 0:
		return MakePiece(s.side^1, Pawn)
	}
	return s.board[m>>6&63]
}

// Occupied is the bitboard of all pieces.
func (s *State) Occupied() uint64 { return s.byColor[0] | s.byColor[1] }

// KingSquare is the square of colour c's king.
func (s *State) KingSquare(c Color) int { return int(s.king[c&1]) }

// Checkers is the bitboard of the pieces giving check to the side to move.
func (s *State) Checkers() uint64 { return s.checkers }

// InCheck reports whether the side to move is in check.
func (s *State) InCheck() bool { return s.checkers != 0 }

// Castling is the castling rights (WhiteKingSide | ...).
func (s *State) Castling() uint8 { return s.castle }

// CastlingRook is the start square of the rook of castling right r (0..3,
// the bit index of WhiteKingSide...), or -1 when the position has no such
// right.
func (s *State) CastlingRook(r int) int {
	if s.castle>>(r&3)&1 == 0 {
		return -1
	}
	return int(s.cr.rook[r&3])
}

// EnPassant is the en-passant target square, or -1. It is set only when
// an en-passant capture is legal (so that equal positions hash equally).
func (s *State) EnPassant() int {
	if s.ep == noSquare {
		return -1
	}
	return int(s.ep)
}

// HalfmoveClock is the number of half-moves since the last capture or
// pawn move (the fifty-move rule's count).
func (s *State) HalfmoveClock() int { return int(s.rule50) }

// FullmoveNumber is the number of the move in progress, starting at 1 and
// incremented after black's move.
func (s *State) FullmoveNumber() int { return int(s.fullmove) }

// Plies is the number of moves that Undo can take back.
func (s *State) Plies() int { return len(s.hist) }

// Hash is the Zobrist hash of the pieces, the side to move, the castling
// rights and the en-passant square (only when a capture there is legal).
func (s *State) Hash() uint64 { return s.hash }

// AttackersTo is the bitboard of the pieces of both colours that attack sq
// when the squares of occ are occupied (occ may differ from Occupied, for
// x-rays in an exchange evaluation). AND it with ByColor for one side.
func (s *State) AttackersTo(sq int, occ uint64) uint64 {
	sq &= 63
	return pawnAtt[White][sq]&s.byColor[Black]&s.byType[Pawn] |
		pawnAtt[Black][sq]&s.byColor[White]&s.byType[Pawn] |
		knightAtt[sq]&s.byType[Knight] |
		kingAtt[sq]&s.byType[King] |
		BishopAttacks(sq, occ)&(s.byType[Bishop]|s.byType[Queen]) |
		RookAttacks(sq, occ)&(s.byType[Rook]|s.byType[Queen])
}

// Attacked reports whether colour by attacks sq in this position.
func (s *State) Attacked(sq int, by Color) bool {
	return s.attackedBy(sq&63, by, s.Occupied())
}

// attackedBy reports whether colour by attacks sq with occ occupied.
func (s *State) attackedBy(sq int, by Color, occ uint64) bool {
	them := s.byColor[by]
	return knightAtt[sq]&s.byType[Knight]&them != 0 ||
		pawnAtt[by^1][sq]&s.byType[Pawn]&them != 0 ||
		kingAtt[sq]&s.byType[King]&them != 0 ||
		BishopAttacks(sq, occ)&(s.byType[Bishop]|s.byType[Queen])&them != 0 ||
		RookAttacks(sq, occ)&(s.byType[Rook]|s.byType[Queen])&them != 0
}

// Pinned is the bitboard of colour c's pieces pinned to c's king by an
// enemy slider (they may move only along the pin).
func (s *State) Pinned(c Color) uint64 {
	c &= 1
	ksq := int(s.king[c])
	them := s.byColor[c^1]
	occ := s.byColor[0] | s.byColor[1]
	var pinned uint64
	snipers := (rookRay[ksq]&(s.byType[Rook]|s.byType[Queen]) | bishopRay[ksq]&(s.byType[Bishop]|s.byType[Queen])) & them
	for ; snipers != 0; snipers &= snipers - 1 {
		b := between[ksq][bits.TrailingZeros64(snipers)] & occ
		if b != 0 && b&(b-1) == 0 {
			pinned |= b
		}
	}
	return pinned & s.byColor[c]
}

// put places pc on the empty square sq, hash aside.
func (s *State) put(sq int, pc Piece) {
	b := uint64(1) << sq
	s.board[sq] = pc
	s.byType[pc&7] |= b
	s.byColor[pc>>3] |= b
}

// remove clears sq, which holds pc, hash aside.
func (s *State) remove(sq int, pc Piece) {
	b := uint64(1) << sq
	s.board[sq] = NoPiece
	s.byType[pc&7] &^= b
	s.byColor[pc>>3] &^= b
}

// Make plays m, which must be legal (from GenerateMoves or LegalMoves),
// without the draw rules: the fast path for search. Unmake takes it back.
func (s *State) Make(m games.Move) {
	from, to := int(m&63), int(m>>6&63)
	us := s.side
	them := us ^ 1
	pc := s.board[from]
	s.hist = append(s.hist, undo{move: m, castle: s.castle, ep: s.ep, rule50: s.rule50, hash: s.hash, checkers: s.checkers})
	u := &s.hist[len(s.hist)-1]
	h := s.hash ^ zSide
	if s.ep != noSquare {
		h ^= zEP[s.ep&7]
		s.ep = noSquare
	}
	s.rule50++
	s.res = resUnknown
	doublePush := false
	switch {
	case m&flagCastle != 0:
		r := int(us) * 2
		if to < from {
			r++
		}
		kt, rt := castleTargets(r)
		rook := s.board[to]
		s.remove(from, pc)
		s.remove(to, rook)
		s.put(kt, pc)
		s.put(rt, rook)
		h ^= zPiece[pc][from] ^ zPiece[pc][kt] ^ zPiece[rook][to] ^ zPiece[rook][rt]
		s.king[us] = int8(kt)
	case m&flagEP != 0:
		capSq := to ^ 8
		cap := s.board[capSq]
		u.captured = cap
		s.remove(capSq, cap)
		s.remove(from, pc)
		s.put(to, pc)
		h ^= zPiece[cap][capSq] ^ zPiece[pc][from] ^ zPiece[pc][to]
		s.rule50 = 0
	default:
		if cap := s.board[to]; cap != NoPiece {
			u.captured = cap
			s.remove(to, cap)
			h ^= zPiece[cap][to]
			s.rule50 = 0
		}
		s.remove(from, pc)
		h ^= zPiece[pc][from]
		switch pc & 7 {
		case Piece(Pawn):
			s.rule50 = 0
			if p := Promotion(m); p != NoPieceType {
				pc = MakePiece(us, p)
			} else if to-from == 16 || from-to == 16 {
				doublePush = true
			}
		case Piece(King):
			s.king[us] = int8(to)
		}
		s.put(to, pc)
		h ^= zPiece[pc][to]
	}
	if s.castle != 0 {
		if lost := s.cr.lose[from] | s.cr.lose[to]; s.castle&lost != 0 {
			h ^= zCastle[s.castle]
			s.castle &^= lost
			h ^= zCastle[s.castle]
		}
	}
	s.side = them
	if us == Black {
		s.fullmove++
	}
	ksq := int(s.king[them])
	occ := s.byColor[0] | s.byColor[1]
	s.checkers = s.AttackersTo(ksq, occ) & s.byColor[us]
	if doublePush {
		ep := (from + to) >> 1
		if pawnAtt[us][ep]&s.byType[Pawn]&s.byColor[them] != 0 && s.epCapturable(ep) {
			s.ep = uint8(ep)
			h ^= zEP[ep&7]
		}
	}
	s.hash = h
}

// Unmake takes back the last Make (or Play).
func (s *State) Unmake() {
	n := len(s.hist) - 1
	u := &s.hist[n]
	m := u.move
	s.side ^= 1
	us := s.side
	if us == Black {
		s.fullmove--
	}
	if m != Null {
		from, to := int(m&63), int(m>>6&63)
		switch {
		case m&flagCastle != 0:
			r := int(us) * 2
			if to < from {
				r++
			}
			kt, rt := castleTargets(r)
			k, rook := s.board[kt], s.board[rt]
			s.remove(kt, k)
			s.remove(rt, rook)
			s.put(from, k)
			s.put(to, rook)
			s.king[us] = int8(from)
		case m&flagEP != 0:
			pc := s.board[to]
			s.remove(to, pc)
			s.put(from, pc)
			s.put(to^8, u.captured)
		default:
			pc := s.board[to]
			s.remove(to, pc)
			if m>>promoShift&7 != 0 {
				pc = MakePiece(us, Pawn)
			} else if pc&7 == Piece(King) {
				s.king[us] = int8(from)
			}
			s.put(from, pc)
			if u.captured != NoPiece {
				s.put(to, u.captured)
			}
		}
	}
	s.castle, s.ep, s.rule50, s.hash, s.checkers = u.castle, u.ep, u.rule50, u.hash, u.checkers
	s.hist = s.hist[:n]
	s.res = resUnknown
}

// MakeNull passes the turn (for null-move pruning). The side to move must
// not be in check. Unmake takes it back.
func (s *State) MakeNull() {
	s.hist = append(s.hist, undo{move: Null, castle: s.castle, ep: s.ep, rule50: s.rule50, hash: s.hash, checkers: s.checkers})
	h := s.hash ^ zSide
	if s.ep != noSquare {
		h ^= zEP[s.ep&7]
		s.ep = noSquare
	}
	s.hash = h
	s.rule50++
	if s.side == Black {
		s.fullmove++
	}
	s.side ^= 1
	s.checkers = 0
	s.res = resUnknown
}

// epCapturable reports whether the side to move can legally capture en
// passant on ep (a pawn of the other side having just passed it).
func (s *State) epCapturable(ep int) bool {
	us := s.side
	for b := pawnAtt[us^1][ep] & s.byType[Pawn] & s.byColor[us]; b != 0; b &= b - 1 {
		if s.epLegal(bits.TrailingZeros64(b), ep) {
			return true
		}
	}
	return false
}

// epLegal reports whether the side to move's pawn on from may capture en
// passant on ep without leaving its king attacked: the board after the
// capture (both pawns gone from their rank, the capturer on ep) is checked
// in full, which covers a pin along the rank through both pawns, a pin of
// the capturer, a check by the captured pawn and a discovered check.
func (s *State) epLegal(from, ep int) bool {
	us := s.side
	capSq := ep ^ 8
	occ := (s.byColor[0]|s.byColor[1])&^(1<<from|1<<capSq) | 1<<ep
	them := s.byColor[us^1] &^ (1 << capSq)
	ksq := int(s.king[us])
	return RookAttacks(ksq, occ)&(s.byType[Rook]|s.byType[Queen])&them == 0 &&
		BishopAttacks(ksq, occ)&(s.byType[Bishop]|s.byType[Queen])&them == 0 &&
		knightAtt[ksq]&s.byType[Knight]&them == 0 &&
		pawnAtt[us][ksq]&s.byType[Pawn]&them == 0
}

// Player returns the colour to move (White 0, Black 1), or games.Terminal
// once the game is over by mate, stalemate or a draw rule.
func (s *State) Player() int {
	if s.result() != resOngoing {
		return games.Terminal
	}
	return int(s.side)
}

// result works out (and caches) whether and how the game is over. A mate
// or stalemate takes precedence over the draw rules: a move that mates
// wins even as it makes the fiftieth move or a third repetition.
func (s *State) result() result {
	if s.res != resUnknown {
		return s.res
	}
	switch {
	case s.CountMoves() == 0:
		switch {
		case s.checkers == 0:
			s.res = resStalemate
		case s.side == White:
			s.res = resBlackMates
		default:
			s.res = resWhiteMates
		}
	case s.InsufficientMaterial():
		s.res = resMaterial
	case s.rule50 >= 100:
		s.res = resFifty
	case s.Repetitions() >= 3:
		s.res = resThreefold
	default:
		s.res = resOngoing
	}
	return s.res
}

// InsufficientMaterial reports a dead position by material: no pawns,
// rooks or queens, and either at most one knight or bishop on the board,
// or only bishops, all on squares of one colour (KvK, KBvK, KNvK, KB vs KB
// with the bishops on the same colour, and more same-coloured bishops).
// Neither side can then mate by any series of legal moves.
func (s *State) InsufficientMaterial() bool {
	if s.byType[Pawn]|s.byType[Rook]|s.byType[Queen] != 0 {
		return false
	}
	minors := s.byType[Knight] | s.byType[Bishop]
	if minors&(minors-1) == 0 {
		return true
	}
	b := s.byType[Bishop]
	return s.byType[Knight] == 0 && (b&DarkSquares == 0 || b&^DarkSquares == 0)
}

// Repetitions is how many times the current position (pieces, side to
// move, castling rights, en-passant possibility) has occurred in the game,
// this time included: 1 the first time. Only positions since the last
// capture or pawn move can repeat; a position parsed from a string knows
// of earlier ones only its own count.
func (s *State) Repetitions() int {
	n := 1
	lim := min(int(s.rule50), len(s.hist))
	for i := 4; i <= lim; i += 2 {
		if s.hist[len(s.hist)-i].hash == s.hash {
			n++
		}
	}
	if l := len(s.hist); s.rootReps > 1 && l <= int(s.rule50) && l%2 == 0 {
		if l == 0 || s.hist[0].hash == s.hash {
			n += int(s.rootReps) - 1
		}
	}
	return n
}

// DrawnByRule reports whether the position is drawn by the fifty-move
// rule, threefold repetition or insufficient material (the engine's test
// inside the tree; a mate on the fiftieth move is not told apart).
func (s *State) DrawnByRule() bool {
	return s.rule50 >= 100 || s.InsufficientMaterial() || s.Repetitions() >= 3
}

// LegalMoves appends the legal moves to buf[:0]; none once the game is
// over (mate, stalemate or a draw rule). It allocates nothing when buf has
// room (218 moves is the most any position has).
func (s *State) LegalMoves(buf []games.Move) []games.Move {
	if s.result() != resOngoing {
		return buf[:0]
	}
	return s.GenerateMoves(buf)
}

// Play makes move m, which must be legal. It checks only that a piece of
// the side to move stands on m's from square (a wrong move is a bug in the
// caller, and panics); games.ParseLegal validates input.
func (s *State) Play(m games.Move) {
	if pc := s.board[m&63]; m > moveMask || pc == NoPiece || pc.Color() != s.side {
		panic(fmt.Sprintf("chess: Play(%s): not a move of the side to move in %s", s.FormatMove(m), s.FEN()))
	}
	s.Make(m)
}

// Undo takes back the last move. It panics when there is none.
func (s *State) Undo() {
	if len(s.hist) == 0 {
		panic("chess: Undo with no move to take back")
	}
	s.Unmake()
}

// Clone returns an independent copy, history included.
func (s *State) Clone() games.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.hist = append(make([]undo, 0, cap(s.hist)), s.hist...)
	return &c
}

// Returns is [1, -1] when white mates, [-1, 1] when black does, zeros for
// a draw or while the game goes on.
func (s *State) Returns() []float64 {
	switch s.result() {
	case resWhiteMates:
		return []float64{1, -1}
	case resBlackMates:
		return []float64{-1, 1}
	}
	return []float64{0, 0}
}

// Winner is the colour that won (0 white, 1 black), or -1 for a draw or
// while the game goes on.
func (s *State) Winner() int {
	switch s.result() {
	case resWhiteMates:
		return int(White)
	case resBlackMates:
		return int(Black)
	}
	return -1
}

// EndReason is "white mates", "black mates", "stalemate", "fifty-move
// rule", "threefold repetition" or "insufficient material"; "" while the
// game goes on.
func (s *State) EndReason() string {
	r := s.result()
	if r == resOngoing {
		return ""
	}
	return resultText[r]
}

// hashFromScratch recomputes the hash from the board.
func (s *State) hashFromScratch() uint64 {
	var h uint64
	for sq, pc := range s.board {
		if pc != NoPiece {
			h ^= zPiece[pc][sq]
		}
	}
	h ^= zCastle[s.castle]
	if s.ep != noSquare {
		h ^= zEP[s.ep&7]
	}
	if s.side == Black {
		h ^= zSide
	}
	return h
}

// PerftMoves is games.PerftMover: the moves of the perft tree are those of
// move generation, also in a game over by a draw rule.
func (s *State) PerftMoves(buf []games.Move) []games.Move { return s.GenerateMoves(buf) }

// Perft counts the leaves of the move tree to depth by the rules of move
// generation alone (mates and stalemates end a line; the draw rules do
// not, as in published chess perft tables and Stockfish's "go perft"), with
// bulk counting at the last ply. It makes and unmakes moves on the state
// itself and leaves it as it found it.
func (s *State) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(s.CountMoves())
	}
	var buf [256]games.Move
	moves := s.GenerateMoves(buf[:0])
	var n uint64
	for _, m := range moves {
		s.Make(m)
		n += s.Perft(depth - 1)
		s.Unmake()
	}
	return n
}
