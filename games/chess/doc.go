// Package chess is chess under the FIDE Laws of Chess, and Chess960
// (Fischer Random Chess) under their Chess960 appendix: the "chess" family
// with the shipped variants chess and chess960.
//
// # Rules
//
// Two players, white (seat 0, moving first) and black (seat 1), play by
// the FIDE Laws: the pieces' moves, castling (not out of, through or into
// check; the king and the rook unmoved; the squares between them empty),
// en passant (on the move right after the double step, and only when the
// capture leaves the king safe: a pawn pinned diagonally may take only
// along its pin, and a capture that takes both pawns off a rank between
// the king and a rook or queen is illegal), and promotion to a queen,
// rook, bishop or knight. The game ends:
//
//   - by checkmate: "white mates" or "black mates", returns [1, -1] or
//     [-1, 1];
//   - by stalemate: "stalemate", a draw;
//   - by the fifty-move rule: "fifty-move rule", a draw, as soon as fifty
//     moves of each side pass without a capture or a pawn move (the
//     halfmove clock reaches 100), unless the move that gets there mates;
//   - by threefold repetition: "threefold repetition", a draw, at the third
//     occurrence of a position (the same pieces on the same squares, the
//     same side to move, the same castling rights, the same en-passant
//     capture possible);
//   - by insufficient material: "insufficient material", a draw, when no
//     pawn, rook or queen is left and either at most one knight or bishop
//     is on the board (KvK, KBvK, KNvK) or all the bishops (of either side)
//     stand on squares of one colour and there is no knight (KB v KB with
//     the bishops on one colour, and more bishops so placed): positions
//     where no series of legal moves can mate. Other dead positions (a
//     locked pawn wall) are not detected.
//
// Under the Laws the fifty-move rule and threefold repetition are draws a
// player may claim (and the 75-move rule and fivefold repetition end the
// game without one); engines, arenas and servers apply the claim for the
// player at once, and so does meeple: the game is over, automatically,
// the moment either happens. A mate or stalemate on that move takes
// precedence; insufficient material is checked before the other two.
//
// Chess960 starts from one of 960 arrays of the pieces on the first rank
// (the bishops on squares of opposite colours, the king between the two
// rooks, black mirroring white), numbered 0..959 in the standard numbering
// (Scharnagl's; see Chess960Array): 518 is the standard array, 0 is
// BBQNNRKR. Castling puts the king on g1 (king side, the h-side rook) or
// c1 (queen side) and that rook on f1 or d1 whatever their start squares;
// all the squares between the king and its target and between the rook
// and its target must be empty but for these two, the king may not be in
// check, cross an attacked square or land on one. The rules "start"
// (standard or 960) and "number" (0..959, 518 unless start is 960) pick
// the variant; the shipped chess960 is array 0, and chess960(number=42)
// any other (a referee's opening file may hold the FENs of many).
//
// # Moves
//
// A Move (games.Move) is a 17-bit integer:
//
//	bits  0-5   from: the square the piece leaves (a1 = 0, b1 = 1, ..., h8 = 63)
//	bits  6-11  to: the square it reaches; for castling the castling rook's
//	            square ("king takes rook", unique in Chess960 too)
//	bits 12-14  the promotion piece: 0 none, 2 knight, 3 bishop, 4 rook, 5 queen
//	bit  15     en passant
//	bit  16     castling
//
// From, To, Promotion, IsEnPassant, IsCastling and KingTo (the king's
// square after castling) read it; Null (0, a1a1) is MakeNull's null move.
//
// FormatMove writes UCI long algebraic notation, as UCI engines do: the
// from and to squares and a lower-case promotion letter (e2e4, e7e8q,
// e7d8n). In standard chess castling is the king's two-square move (e1g1,
// e1c1), in Chess960 king takes rook (e1h1; g1f1 for a king on g1 taking
// its rook on f1), which is how engines write it with UCI_Chess960 off and
// on; FormatUCI writes either form on request. ParseMove reads UCI (the
// promotion letter in either case, and castling in both forms wherever it
// is unambiguous: king takes rook always, the king's two-or-more-file step
// to g1 or c1 in Chess960 too) and SAN.
//
// SAN (the Laws' Appendix C, as PGN writes it) is written by SAN and read
// by ParseSAN: piece letters KQRBN, the from file, rank or both when
// another piece of the same kind could reach the same square (a pinned
// one does not count), x for captures, e8=Q, O-O and O-O-O, + and #.
// ParseSAN is strict about the move and lenient about decoration: it
// ignores trailing + # ! ?, reads 0-0 and 0-0-0, a missing x or =, and a
// disambiguation that is not needed (Ng1f3), but not a lower-case piece
// letter (b is the file, B the bishop), a wrong x, or an ambiguous move.
// State implements the referee's SANState (SAN(m)), so records can be
// written as PGN.
//
// # Positions
//
// The position string is the FEN (Forsyth-Edwards Notation, as PGN and UCI
// use it): placement from rank 8 down, the side to move (w or b),
// castling, the en-passant square, the halfmove clock and the fullmove
// number. Castling is written in X-FEN: K, Q, k, q for the outermost rook
// on that side of the king (always so in standard chess), and the rook's
// file letter (A-H, a-h) for an inner one; ShredderFEN writes file letters
// throughout (HAha), and ParseFEN reads either in any order. The
// en-passant square is written only when a capture there is legal (and
// read wherever a pawn has just made the double step past it), so that a
// position's FEN, hash and repetition identity agree.
//
// A FEN cannot tell how often a position has occurred, and the threefold
// rule needs it: when the position has occurred before in the game,
// Position appends a seventh field, the count (2, or 3 and more for a game
// drawn by repetition), and ParseState reads it back; a parsed position knows of
// earlier positions only that count. FEN omits it.
//
// ParseFEN is strict: exactly six fields (or seven), eight ranks of eight
// squares, one king a side, no pawn on the first or last rank, the side
// not to move not in check, castling rights with their king and rook on
// the first rank (in standard chess on e1 and the a- or h-file), and an
// error names the field: `chess: fen field 3 (castling): 'G': no white
// rook on g1`.
//
// # Implementation
//
// Bitboards (bit = square) by colour and by piece type, with a square
// board beside them. Slider attacks come from fancy magic bitboards whose
// multipliers attacks.go finds at init by trial with a fixed-seed
// generator (the chessprogramming wiki's method; nothing is copied from
// an engine), in a few milliseconds; knight, king and pawn attacks,
// between-squares and lines are tables too. Move generation is legal by
// construction: pins and check evasions are computed, never a make and a
// test (see movegen.go); en passant alone is tested on the board after
// the capture. Make and Unmake keep the Zobrist hash (fixed-seed keys),
// the castling rights, the en-passant square and the pieces giving check
// incrementally; undo information is a stack in the state, so play and
// undo allocate nothing once it has grown. Perft (games.Perfter) makes and
// unmakes on the state and counts the last ply by population counts
// (CountMoves) without listing the moves.
//
// For an engine: GenerateMoves (legal moves, draw rules aside),
// GenerateNoisy (captures and promotions), CountMoves, Make, Unmake,
// MakeNull, InCheck, Checkers, Pinned, AttackersTo (with any occupancy,
// for an exchange evaluation), Attacked, PieceAt, Pieces, ByType, ByColor,
// Repetitions and DrawnByRule, with RookAttacks, BishopAttacks,
// QueenAttacks, KnightAttacks, KingAttacks, PawnAttacks, Between and Line.
// The file attacks.go holds the tables, apart from movegen.go, because
// everything reads them: generation, Make, SAN and an engine's evaluation.
//
// # Sources
//
//   - FIDE Laws of Chess (the Handbook, E.01, in force from 2023): the
//     moves, castling, en passant, promotion, check, the end of the game,
//     the draws (articles 5 and 9), Appendix C (algebraic notation) and the
//     Chess960 guidelines (castling).
//   - The chessprogramming wiki (chessprogramming.org): "Magic Bitboards"
//     and "Looking for Magics" (the fancy-magic tables and how to find the
//     multipliers), "Perft Results" and "Chess960 Perft Results" (the
//     counts in testdata/perft.epd and testdata/perft960.epd), "Forsyth-
//     Edwards Notation", "X-FEN" and "Shredder-FEN", and "Chess960"
//     (Reinhard Scharnagl's numbering of the arrays).
//   - Steven J. Edwards, "Portable Game Notation Specification and
//     Implementation Guide" (1994): FEN and SAN as PGN writes them.
//   - The UCI protocol (Stefan Meyer-Kahlen, 2004) and its UCI_Chess960
//     option: long algebraic moves and the two castling notations.
//   - Stockfish's "go perft" is the peer the tests compare the divide of
//     random positions with (stockfish_test.go); no code is taken from it.
package chess
