package chess

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// SquareName writes a square as file and rank ("e4"), or "-" when it is
// off the board.
func SquareName(sq int) string {
	if sq < 0 || sq > 63 {
		return "-"
	}
	return string([]byte{byte('a' + sq&7), byte('1' + sq>>3)})
}

// ParseSquare reads a square such as "e4" (lower case).
func ParseSquare(s string) (int, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return -1, fmt.Errorf("chess: square %q: want a1..h8", s)
	}
	return int(s[0]-'a') + 8*int(s[1]-'1'), nil
}

var fenFields = [...]string{"", "placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number", "repetition count"}

// fenError names the field of a FEN that is wrong.
func fenError(field int, format string, args ...any) error {
	return fmt.Errorf("chess: fen field %d (%s): %s", field, fenFields[field], fmt.Sprintf(format, args...))
}

// maxClock bounds the halfmove clock and the fullmove number of a FEN.
const maxClock = 1 << 20

// ParseFEN reads a position in Forsyth-Edwards Notation, strictly: six
// fields (placement, side to move, castling, en passant, halfmove clock,
// fullmove number) and, from Position, an optional seventh: how many times
// the position has occurred (2, or 3 and more: drawn). Castling is KQkq letters (X-FEN: the
// outermost rook on that side) or rook files (Shredder-FEN: HAha), in any
// order; with the standard start only the king on e1/e8 with rooks on the
// a- and h-files may castle. An en-passant square is accepted where a pawn
// has just made a double step past it, and kept only when a capture there
// is legal. An error names the field at fault.
func (g *Game) ParseFEN(fen string) (*State, error) {
	f := strings.Fields(fen)
	if len(f) < 6 || len(f) > 7 {
		shown := fen
		if len(shown) > 100 {
			shown = shown[:97] + "..."
		}
		return nil, fmt.Errorf("chess: fen %q: %d fields; want 6 (placement, side to move, castling, en passant, halfmove clock, fullmove number)", shown, len(f))
	}
	s := &State{g: g, ep: noSquare, rootReps: 1}
	if err := s.parsePlacement(f[0]); err != nil {
		return nil, err
	}
	switch f[1] {
	case "w":
		s.side = White
	case "b":
		s.side = Black
	default:
		return nil, fenError(2, "%q: want w or b", f[1])
	}
	them := s.side ^ 1
	if s.attackedBy(int(s.king[them]), s.side, s.Occupied()) {
		return nil, fenError(2, "%s to move, but %s's king is in check", s.side, them)
	}
	if err := s.parseCastling(f[2]); err != nil {
		return nil, err
	}
	if err := s.parseEP(f[3]); err != nil {
		return nil, err
	}
	n, err := parseCount(f[4], 0)
	if err != nil {
		return nil, fenError(5, "%v", err)
	}
	s.rule50 = int32(n)
	if n, err = parseCount(f[5], 1); err != nil {
		return nil, fenError(6, "%v", err)
	}
	s.fullmove = int32(n)
	ksq := int(s.king[s.side])
	s.checkers = s.AttackersTo(ksq, s.Occupied()) & s.byColor[them]
	if len(f) == 7 {
		n, err := strconv.Atoi(f[6])
		if err != nil || n < 2 || n >= maxClock || f[6][0] == '+' || f[6][0] == '0' {
			return nil, fenError(7, "%q: want 2 or more (how often the position has occurred; none the first time)", f[6])
		}
		if int(s.rule50) < 4*(n-1) {
			return nil, fenError(7, "%d occurrences need at least %d half-moves without a capture or pawn move; the clock says %d", n, 4*(n-1), s.rule50)
		}
		s.rootReps = int32(n)
	}
	s.hash = s.hashFromScratch()
	s.hist = make([]undo, 0, 64)
	return s, nil
}

// parseCount reads a clock: decimal digits, at least lo, below maxClock.
func parseCount(t string, lo int) (int, error) {
	n, err := strconv.Atoi(t)
	if err != nil || t[0] == '+' || t[0] == '-' && n == 0 {
		return 0, fmt.Errorf("%q: want a whole number", t)
	}
	if n < lo || n >= maxClock {
		return 0, fmt.Errorf("%d: want %d..%d", n, lo, maxClock-1)
	}
	return n, nil
}

func (s *State) parsePlacement(p string) error {
	ranks := strings.Split(p, "/")
	if len(ranks) != 8 {
		return fenError(1, "%d ranks; want 8 separated by /", len(ranks))
	}
	var kings [2]int
	for i, row := range ranks {
		r := 7 - i
		file := 0
		lastDigit := false
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				if lastDigit {
					return fenError(1, "rank %d: two digits in a row in %q", r+1, row)
				}
				file += int(c - '0')
				lastDigit = true
				if file > 8 {
					break
				}
				continue
			}
			lastDigit = false
			k := strings.IndexByte(pieceChars, c)
			if k < 0 || c == '.' {
				return fenError(1, "rank %d: %q is not a piece (PNBRQK, pnbrqk) or a count of empty squares", r+1, c)
			}
			if file >= 8 {
				file++
				break
			}
			pc := Piece(k)
			sq := r*8 + file
			if pc.Type() == Pawn && (r == 0 || r == 7) {
				return fenError(1, "a pawn on %s: pawns never stand on the first or last rank", SquareName(sq))
			}
			if pc.Type() == King {
				kings[pc.Color()]++
				s.king[pc.Color()] = int8(sq)
			}
			s.put(sq, pc)
			file++
		}
		if file != 8 {
			return fenError(1, "rank %d (%q) covers %d squares; want 8", r+1, row, file)
		}
	}
	for c := range 2 {
		if kings[c] != 1 {
			return fenError(1, "%d %s kings; want exactly one", kings[c], Color(c))
		}
	}
	return nil
}

// parseCastling reads KQkq (X-FEN) or rook files (Shredder-FEN) and builds
// the castling tables.
func (s *State) parseCastling(t string) error {
	chess960 := s.g.chess960
	rook := [4]int{-1, -1, -1, -1}
	if t != "-" {
		if len(t) > 4 {
			return fenError(3, "%q: at most four rights (KQkq, or rook files such as HAha)", t)
		}
		for i := 0; i < len(t); i++ {
			c := t[i]
			color := White
			lc := c
			if c >= 'a' && c <= 'z' {
				color, lc = Black, c-'a'+'A'
			}
			back := 56 * int(color)
			ksq := int(s.king[color])
			if ksq&^7 != back {
				return fenError(3, "%q: %s's king is not on its first rank", c, color)
			}
			rooks := s.Pieces(color, Rook) & (Rank1 << back)
			var rsq int
			switch {
			case lc == 'K':
				side := rooks &^ (1<<(ksq+1) - 1) // files beyond the king
				if side == 0 {
					return fenError(3, "%q: no %s rook on the king's h-side of the first rank", c, color)
				}
				rsq = 63 - bits.LeadingZeros64(side)
			case lc == 'Q':
				side := rooks & (1<<ksq - 1)
				if side == 0 {
					return fenError(3, "%q: no %s rook on the king's a-side of the first rank", c, color)
				}
				rsq = bits.TrailingZeros64(side)
			case lc >= 'A' && lc <= 'H':
				rsq = back + int(lc-'A')
				if rooks&(1<<rsq) == 0 {
					return fenError(3, "%q: no %s rook on %s", c, color, SquareName(rsq))
				}
			default:
				return fenError(3, "%q: want K, Q, k, q or a rook's file A..H, a..h", c)
			}
			r := int(color) * 2
			if rsq < ksq {
				r++
			}
			if rook[r] >= 0 {
				return fenError(3, "%q: %s has the %s castling right twice", t, color, [2]string{"king-side", "queen-side"}[r&1])
			}
			if !chess960 && (ksq&7 != 4 || rsq&7 != 0 && rsq&7 != 7) {
				return fenError(3, "%q: castling from the king on %s with the rook on %s is Chess960 (use start = \"960\")",
					c, SquareName(ksq), SquareName(rsq))
			}
			rook[r] = rsq
		}
	}
	kings := [2]int{int(s.king[0]), int(s.king[1])}
	s.cr = newCastling(kings, rook)
	for r := range 4 {
		if rook[r] >= 0 {
			s.castle |= 1 << r
		}
	}
	return nil
}

func (s *State) parseEP(t string) error {
	if t == "-" {
		return nil
	}
	sq, err := ParseSquare(t)
	if err != nil {
		return fenError(4, "%q: want - or a square such as e3", t)
	}
	them := s.side ^ 1
	rank, pawnSq, fromSq := 5, sq-8, sq+8
	if s.side == Black {
		rank, pawnSq, fromSq = 2, sq+8, sq-8
	}
	switch {
	case sq>>3 != rank:
		return fenError(4, "%s: with %s to move the square must be on rank %d", t, s.side, rank+1)
	case s.board[pawnSq] != MakePiece(them, Pawn):
		return fenError(4, "%s: no %s pawn on %s that could just have passed it", t, them, SquareName(pawnSq))
	case s.board[sq] != NoPiece || s.board[fromSq] != NoPiece:
		return fenError(4, "%s: %s and %s must be empty after a double step", t, SquareName(sq), SquareName(fromSq))
	}
	if s.epCapturable(sq) {
		s.ep = uint8(sq)
	}
	return nil
}

// FEN writes the position in Forsyth-Edwards Notation, castling as X-FEN:
// K, Q, k, q for the outermost rook on a side (always, in standard chess),
// the rook's file otherwise. The en-passant square is written only when a
// capture there is legal.
func (s *State) FEN() string { return s.fen(false) }

// ShredderFEN is FEN with castling written as rook files (HAha).
func (s *State) ShredderFEN() string { return s.fen(true) }

func (s *State) fen(shredder bool) string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			pc := s.board[r*8+f]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pieceChars[pc])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([2]string{" w ", " b "}[s.side])
	if s.castle == 0 {
		b.WriteByte('-')
	}
	for r := range 4 {
		if s.castle&(1<<r) == 0 {
			continue
		}
		color := Color(r >> 1)
		rsq := int(s.cr.rook[r])
		var beyond uint64 // the first rank beyond the rook, away from the king
		if r&1 == 0 {
			beyond = (Rank1 << (56 * int(color))) &^ (1<<(rsq+1) - 1)
		} else {
			beyond = (Rank1 << (56 * int(color))) & (1<<rsq - 1)
		}
		var c byte
		if !shredder && beyond&s.Pieces(color, Rook) == 0 {
			c = "KQ"[r&1]
		} else {
			c = byte('A' + rsq&7)
		}
		if color == Black {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	b.WriteByte(' ')
	b.WriteString(SquareName(s.EnPassant()))
	fmt.Fprintf(&b, " %d %d", s.rule50, s.fullmove)
	return b.String()
}

// Position is the FEN, followed by the repetition count when the position
// has occurred before in the game (2, or 3 and more: drawn), which FEN
// cannot say and the threefold rule needs.
func (s *State) Position() string {
	if n := s.Repetitions(); n > 1 {
		return s.FEN() + " " + strconv.Itoa(n)
	}
	return s.FEN()
}

// FormatMove writes m in UCI long algebraic notation, castling as the
// game's mode asks (see FormatUCI).
func (s *State) FormatMove(m games.Move) string { return s.FormatUCI(m, s.g.chess960) }

// UCI is FormatMove.
func (s *State) UCI(m games.Move) string { return s.FormatMove(m) }

// FormatUCI writes m in UCI notation: from and to squares and a promotion
// letter (e2e4, e7e8q). Castling is the king's move to its target square
// (e1g1), or with chess960 king takes rook (e1h1), as UCI engines write it
// with UCI_Chess960 off and on. The null move is 0000.
func (s *State) FormatUCI(m games.Move, chess960 bool) string {
	if m == Null {
		return "0000"
	}
	if m > moveMask {
		return fmt.Sprintf("?%d", uint32(m))
	}
	to := To(m)
	if IsCastling(m) && !chess960 {
		to = KingTo(m)
	}
	str := SquareName(From(m)) + SquareName(to)
	if p := Promotion(m); p != NoPieceType {
		str += string(" pnbrqk"[p])
	}
	return str
}

// ParseMove reads a move in UCI notation (e2e4, e7e8q; castling as either
// form where it is unambiguous, see ParseUCI) or in SAN (Nf3, exd5, O-O,
// e8=Q; see ParseSAN). A UCI move is checked against the board (a piece
// of the side to move on its from square, a promotion letter exactly when
// a pawn reaches the last rank), not for legality; a SAN move names a
// legal move by definition.
func (s *State) ParseMove(text string) (games.Move, error) {
	t := strings.TrimSpace(text)
	if looksUCI(t) {
		return s.ParseUCI(t)
	}
	if t == "0000" {
		return games.NoMove, errors.New(`chess: move "0000": the null move is no move in a game`)
	}
	return s.ParseSAN(t)
}

func looksUCI(t string) bool {
	if len(t) != 4 && len(t) != 5 {
		return false
	}
	if t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' || t[2] < 'a' || t[2] > 'h' || t[3] < '1' || t[3] > '8' {
		return false
	}
	return len(t) == 4 || strings.IndexByte("qrbnQRBN", t[4]) >= 0
}

// ParseUCI reads a move in UCI notation. Castling is accepted as king
// takes rook (e1h1, the Chess960 form) in every mode, and as the king's
// move to its castling square (e1g1) where that cannot be a plain king
// move (two files or more): in standard chess always, in Chess960 when
// the king stands two or more files from its target.
func (s *State) ParseUCI(text string) (games.Move, error) {
	fail := func(format string, args ...any) (games.Move, error) {
		return games.NoMove, fmt.Errorf("chess: move %q: %s", text, fmt.Sprintf(format, args...))
	}
	if !looksUCI(text) {
		return fail("want UCI notation: from and to squares and a promotion letter (e2e4, e7e8q)")
	}
	from, to := int(text[0]-'a')+8*int(text[1]-'1'), int(text[2]-'a')+8*int(text[3]-'1')
	pc := s.board[from]
	if pc == NoPiece || pc.Color() != s.side {
		return fail("no %s piece on %s", s.side, SquareName(from))
	}
	if from == to {
		return fail("the piece does not move")
	}
	var promo PieceType
	if len(text) == 5 {
		promo = PieceType(strings.IndexByte(" pnbrqk", text[4]|0x20))
	}
	m := games.Move(from | to<<6)
	switch pc.Type() {
	case King:
		if promo != NoPieceType {
			return fail("only a pawn promotes")
		}
		back := 56 * int(s.side)
		if s.board[to] == MakePiece(s.side, Rook) {
			for r := 2 * int(s.side); r < 2*int(s.side)+2; r++ {
				if s.castle&(1<<r) != 0 && int(s.cr.rook[r]) == to {
					return m | flagCastle, nil
				}
			}
			return fail("the king cannot take its own rook: no castling right with the rook on %s", SquareName(to))
		}
		if from&^7 == back && to&^7 == back && abs(to-from) >= 2 {
			for r := 2 * int(s.side); r < 2*int(s.side)+2; r++ {
				if kt, _ := castleTargets(r); s.castle&(1<<r) != 0 && kt == to {
					return games.Move(from | int(s.cr.rook[r])<<6 | flagCastle), nil
				}
			}
		}
	case Pawn:
		last := to>>3 == 7 && s.side == White || to>>3 == 0 && s.side == Black
		switch {
		case last && promo == NoPieceType:
			return fail("a pawn reaching the last rank must promote: add q, r, b or n")
		case !last && promo != NoPieceType:
			return fail("a promotion letter on a move that does not reach the last rank")
		}
		if promo != NoPieceType {
			m |= games.Move(promo) << promoShift
		}
		if to == int(s.ep) && from&7 != to&7 {
			m |= flagEP
		}
	default:
		if promo != NoPieceType {
			return fail("only a pawn promotes")
		}
	}
	return m, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// NoteMove writes a legal move for people: in SAN.
func (s *State) NoteMove(m games.Move) games.MoveNote { return games.MoveNote{Text: s.SAN(m)} }

// SAN writes a legal move in Standard Algebraic Notation (FIDE Laws,
// Appendix C): the piece letter (none for a pawn), the file, rank or
// square it comes from when another piece of the same kind could go to the
// same square, x for a capture, the square, =Q for a promotion, O-O and
// O-O-O for castling, and + for check or # for mate. A move that is not
// legal here gets its UCI form.
func (s *State) SAN(m games.Move) string {
	var buf [256]games.Move
	legal := s.GenerateMoves(buf[:0])
	found := false
	for _, l := range legal {
		if l == m {
			found = true
			break
		}
	}
	if !found {
		return s.FormatMove(m)
	}
	var b strings.Builder
	from, to := From(m), To(m)
	pt := s.board[from].Type()
	switch {
	case IsCastling(m):
		if to > from {
			b.WriteString("O-O")
		} else {
			b.WriteString("O-O-O")
		}
	case pt == Pawn:
		if from&7 != to&7 {
			b.WriteByte(byte('a' + from&7))
			b.WriteByte('x')
		}
		b.WriteString(SquareName(to))
		if p := Promotion(m); p != NoPieceType {
			b.WriteByte('=')
			b.WriteByte(" PNBRQK"[p])
		}
	default:
		b.WriteByte(" PNBRQK"[pt])
		var others []int
		for _, l := range legal {
			if l != m && !IsCastling(l) && To(l) == to && s.board[From(l)].Type() == pt {
				others = append(others, From(l))
			}
		}
		if len(others) > 0 {
			sameFile, sameRank := false, false
			for _, o := range others {
				sameFile = sameFile || o&7 == from&7
				sameRank = sameRank || o>>3 == from>>3
			}
			switch {
			case !sameFile:
				b.WriteByte(byte('a' + from&7))
			case !sameRank:
				b.WriteByte(byte('1' + from>>3))
			default:
				b.WriteString(SquareName(from))
			}
		}
		if s.board[to] != NoPiece {
			b.WriteByte('x')
		}
		b.WriteString(SquareName(to))
	}
	s.Make(m)
	if s.checkers != 0 {
		if s.CountMoves() == 0 {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	s.Unmake()
	return b.String()
}

// ParseSAN reads a move in SAN and returns the legal move it names. It is
// strict about the move and lenient about decoration: piece letters are
// upper case and files lower case (so that b is the file and B the
// bishop); trailing +, #, ! and ? are ignored (whether or not the move
// checks); O-O and 0-0 both castle; the x of a capture and the = of a
// promotion may be left out, and a disambiguation that is not needed is
// accepted, but a wrong one, an x on a move that captures nothing, or a
// move that two pieces could make is an error.
func (s *State) ParseSAN(text string) (games.Move, error) {
	fail := func(format string, args ...any) (games.Move, error) {
		return games.NoMove, fmt.Errorf("chess: san %q: %s", text, fmt.Sprintf(format, args...))
	}
	t := strings.TrimRight(strings.TrimSpace(text), "+#!?")
	var buf [256]games.Move
	legal := s.GenerateMoves(buf[:0])
	switch t {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		long := len(t) == 5
		for _, m := range legal {
			if IsCastling(m) && (To(m) < From(m)) == long {
				return m, nil
			}
		}
		return fail("castling on that side is not legal here: %s", s.whyNoCastlingSide(long))
	}
	if t == "" {
		return fail("empty")
	}
	pt := Pawn
	if k := strings.IndexByte(" PNBRQK", t[0]); k >= 2 {
		pt = PieceType(k)
		t = t[1:]
	}
	var promo PieceType
	if pt == Pawn && len(t) >= 3 {
		if k := strings.IndexByte(" PNBRQK", t[len(t)-1]); k >= 2 && k <= 5 {
			promo = PieceType(k)
			t = strings.TrimSuffix(t[:len(t)-1], "=")
		}
	}
	if len(t) < 2 {
		return fail("want a move such as e4, Nf3, exd5, Rae1, e8=Q or O-O")
	}
	to, err := ParseSquare(t[len(t)-2:])
	if err != nil {
		return fail("want a move such as e4, Nf3, exd5, Rae1, e8=Q or O-O")
	}
	mid := t[:len(t)-2]
	capture := strings.HasSuffix(mid, "x")
	mid = strings.TrimSuffix(mid, "x")
	fromFile, fromRank := -1, -1
	if len(mid) > 0 && mid[0] >= 'a' && mid[0] <= 'h' {
		fromFile = int(mid[0] - 'a')
		mid = mid[1:]
	}
	if len(mid) > 0 && mid[0] >= '1' && mid[0] <= '8' {
		fromRank = int(mid[0] - '1')
		mid = mid[1:]
	}
	if mid != "" || pt == Pawn && fromRank >= 0 {
		return fail("want a move such as e4, Nf3, exd5, Rae1, e8=Q or O-O")
	}
	if pt == Pawn && capture && fromFile < 0 {
		return fail("a pawn capture names the pawn's file (exd5)")
	}
	match := games.NoMove
	n := 0
	for _, m := range legal {
		from := From(m)
		if IsCastling(m) || s.board[from].Type() != pt || KingTo(m) != to || Promotion(m) != promo ||
			fromFile >= 0 && from&7 != fromFile || fromRank >= 0 && from>>3 != fromRank {
			continue
		}
		isCapture := s.board[to] != NoPiece || IsEnPassant(m)
		if pt == Pawn && (fromFile >= 0) != isCapture {
			continue // a pawn capture names its file, a push does not
		}
		if capture && !isCapture {
			return fail("x, but %s captures nothing", SquareName(to))
		}
		match = m
		n++
	}
	switch {
	case n > 1:
		return fail("ambiguous: more than one %s can go to %s", pt, SquareName(to))
	case n == 0 && pt == Pawn && promo == NoPieceType && (to>>3 == 7 || to>>3 == 0):
		return fail("a pawn reaching the last rank must promote: add =Q, =R, =B or =N")
	case n == 0:
		return fail("not legal here: %s", s.whyNoSAN(pt, to, fromFile, fromRank))
	}
	return match, nil
}

// String draws the board with rank 8 at the top, white in capitals, then
// who moves (and whether in check) or how the game ended, and the FEN.
func (s *State) String() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		b.WriteByte(byte('1' + r))
		for f := range 8 {
			b.WriteByte(' ')
			b.WriteString(s.board[r*8+f].String())
		}
		b.WriteByte('\n')
	}
	b.WriteString("  a b c d e f g h\n")
	if r := s.EndReason(); r != "" {
		b.WriteString(r)
	} else {
		b.WriteString(s.side.String() + " to move")
		if s.checkers != 0 {
			b.WriteString(", in check")
		}
	}
	b.WriteString("\n" + s.FEN() + "\n")
	return b.String()
}
