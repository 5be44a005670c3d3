// Package othello is the Othello (Reversi) family on even square boards
// from 4x4 to 16x16: the 8x8 game, the 6x6 and 10x10 boards and any other
// even size, with the standard or the parallel start.
//
// # Rules
//
// Two players, black (X, moving first) and white (O), put discs of their
// colour on the squares of a size x size board ("size", even, 4..16). The
// game starts with four discs on the centre squares: with the "diagonal"
// start (the standard one) white on d4 and e5, black on e4 and d5 on 8x8
// (the same relative squares on other sizes); with the "parallel" start
// white on d4 and e4, black on d5 and e5.
//
// A move puts a disc on an empty square so that, along at least one of the
// eight directions (two along the row, two along the column, four along the
// diagonals), an unbroken line of one or more of the opponent's discs runs
// from it to a disc of the mover's: every such line in every direction is
// turned over to the mover's colour. A player with no such square passes
// (pass is a move, and the only legal one then); a player who has a legal
// square may not pass. The game ends when neither player can move (the
// board is full, or both would have to pass).
//
// Scoring follows the World Othello Federation's tournament rule: the
// final score is the number of discs of each colour, the empty squares left
// when the game ends early going to the winner (shared equally in a draw),
// so the two scores always add up to size². The side with more discs wins;
// returns are +1 for the winner, -1 for the loser, 0 each for a draw, and
// EndReason gives the score: "black wins 40-24". State.Score gives the
// final disc difference (the winner's empties included) as the endgame
// solvers count it.
//
// # Moves
//
// A Move is a square index, row*size + col (0-based; a1 = 0, b1 = 1, ...,
// the last square size²-1), and Pass (256) is the pass. In notation a
// square is its column letter, a.. from left to right, and row number, 1..
// from top to bottom, as in Othello books, the FFO files and NBoard: "f5"
// (column f, row 5). A pass is "pass" (ParseMove also reads "pa", as GGF and
// NBoard write it). Input is case-insensitive; FormatMove writes lower case.
// LegalMoves lists squares in increasing index order (a1..h1, a2.., row by
// row), or Pass alone when the side to move has no square.
//
// # Position strings
//
// A position string is the board row by row from a1 to the last square,
// 'X' for black, 'O' for white, '-' for empty (size² characters, no
// separators), a space, and the side to move, 'X' or 'O': on 8x8 exactly
// the format of the FFO problem files and Edax's .obf files, so
//
//	---------------------------OX------XO--------------------------- X
//
// is the start. ParseState is strict: exactly size² squares of X, O or -,
// one space, X or O (surrounding white space aside), and the four centre
// squares must hold discs (they do from the start on, whatever the play).
// It does not prove that the position can be reached by play. A position
// where the side to move has no legal square (but the other side has) must
// pass; one where neither side can move parses as a finished game, keeping
// the side to move as written.
//
// # Game records (GGF)
//
// ParseGGF reads and GGFGame.String writes Othello games in GGF, the
// Generic Game Format of the Generic Game Server (GGS), which NBoard sends
// engines with "set game" and Edax and NTest read:
//
//	(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[edax]PW[chris]RE[+2.000]TI[15:00]TY[8]
//	BO[8 ---------------------------O*------*O--------------------------- *]B[F5//1.2]W[F6/-0.50/3.1];)
//
// A record is "(;", properties NAME[value] (a backslash escapes the next
// character in a value), ";)". GM is Othello; PC, DT, PB, PW, RE and TI
// are the place, date, black and white players, result (black's disc lead,
// "+2.000", with an optional flag ":r" resigned, ":t" time, ":s" mutual
// score; "?" unknown) and time control, kept as text. TY is the game type,
// whose first number is the board size ("8", "10", "s8r20"); BO is the
// start: the size, size² squares row by row from a1 ('*' black, 'O' white,
// '-' empty; white space between rows is allowed) and the side to move
// ('*' or 'O'). B[...] and W[...] are moves: a square in any case or a
// pass (PA or pass), then optionally "/eval" (the mover's evaluation in
// discs) and "/time" (seconds), either of which may be empty ("d3//1.2").
// Other properties (RB, RW, TB, TW, KM, ...) are kept in order. ParseGGF
// checks that every move is legal, and adds the passes that some records
// leave out (two moves of one colour in a row, the other side having had
// no move). String writes squares in upper case and passes as PA, as GGS
// and NBoard do.
//
// # Implementation
//
// Boards of size 4, 6 and 8 keep their discs in uint64 bitboards in an 8x8
// frame (bit row*8+col); larger boards in 256-bit bitboards (four uint64s)
// in a 16x16 frame. Legal squares come from a parallel-prefix
// (Kogge-Stone) fill in the four direction pairs, flips on 8x8 from tables
// of lines of eight squares (each of the four lines through the square read
// as a byte by a shift or a multiplication), with no loop and no branch;
// Moves and Flips export
// them for the players. A State keeps the legal squares of the side to move
// and whether the game is over, so Player and LegalMoves cost nothing; Undo
// restores a snapshot of the bitboards. The hash is Zobrist, kept
// incrementally (the placed disc, one key per flipped disc, the side to
// move), with keys from a fixed-seed generator. Perft (State implements
// games.Perfter) runs on copies of the bitboards with bulk counting at the
// last ply (the popcount of the legal squares) and, from depth 7 on boards
// up to 8x8, a table of the subtrees counted, keyed on 8x8 by the least of
// a position's eight symmetric images (as Edax's "count games"), so that a
// transposition or a mirror image is counted once.
//
// # Sources
//
//   - The World Othello Federation's rules of Othello: the moves, passes, the
//     end of the game, and the empty squares going to the winner.
//   - Aart Bik, "Perft for Reversi" (aartbik.blogspot.com, 2009): the 8x8
//     perft table to depth 10 in testdata/perft.txt (a pass is a move, a
//     finished game one leaf); Egaroucid's documentation calls this "mode 1".
//   - The FFO endgame test suite (the FForum positions #40-#59 as shipped with
//     Edax): the position-string format.
//   - Joel Feinstein, 1993: 6x6 Othello is a win for the second player,
//     16-20 with perfect play.
//   - Hiroki Takizawa, "Othello is Solved", arXiv:2310.19387, 2023: 8x8
//     Othello is a draw with perfect play.
//   - Edax (Richard Delorme): the parallel-prefix move generator.
//   - The Othello article of meeple's source material: its computer player
//     takes the first legal square, a1 to h8 row by row (internal/players/othello's
//     Baseline).
//   - Michael Buro, "Generic Game Format (GGF)" (skatgame.net/mburo/ggsa/ggf),
//     and the GGF records NBoard writes (its protocol document's example
//     session): the game-record format.
package othello
