// Package nocca is Nocca Nocca (NOCCA x NOCCA, UNDANOGA 2017), the game of
// the first source article: pieces step onto each other, stacks of up to
// three form, and a piece that crosses the board and leaves it on the far
// side wins.
//
// # Rules
//
// The board has "columns" columns (a, b, ...) and "rows" rows (1, 2, ...),
// 5 by 6 in the original. White's home row is row 1, drawn at the bottom;
// black's is the last row, at the top. Each side starts with "pieces"
// pieces (by default one on every column) on its home row, centred when
// there are fewer pieces than columns, and moves toward the other's home
// row. The players take turns; "first" says which colour begins (white by
// default: the sources leave it open, and the board is symmetric, so the
// rule only names the first player).
//
// A move takes the top piece of a stack whose top piece is the mover's
// colour (a single piece is a stack of one) and steps it one square in any
// of the eight directions, forward, backward, sideways or diagonally, onto
// an empty square or onto a stack of either colour's pieces holding fewer
// than "stack" pieces (3 in the original). A piece under another cannot move
// (it is covered) until the pieces above it have left.
//
// The goal of each side lies beyond the opponent's home row (its far row).
// A piece of the mover on top of a stack on the far row may step off the
// board into the goal: straight ahead or diagonally forward with the rule
// goal=forward (the default), straight ahead only with goal=straight
// (diagonally, the column it crosses must be on the board). That wins the
// game at once. Reaching the far row is not yet a win: the opponent has a
// turn to cover the piece. The two goal rules never change a game, since
// the straight step is always there; they change only how many moves are
// listed (and so perft counts and the branching a searcher sees).
//
// A side that has no legal move on its turn loses (usually because all its
// pieces are covered). With repetition=n (3 by default; 0 turns the rule
// off) the game is drawn as soon as a position (the stacks and the side to
// move) occurs for the n-th time; the sources leave draws open (the physical
// rules name none; the solvers treat endless play as a draw; apps use
// threefold repetition). A win scores +1 and a loss -1; a draw 0 each.
//
// Seats are numbered in playing order: seat 0 plays the colour named by
// "first". Returns and games.State.Player speak of seats; the colour
// accessors of State (ToMove, Winner, Top) of colours.
//
// # Moves
//
// A Move is from | d<<6: bits 0-5 the square of the stack whose top piece
// moves (square = (row-1)*columns + column index, a1 = 0), bits 6-8 the
// direction, 0 north (toward higher rows), then clockwise NE, E, SE, S, SW,
// W, NW. A step off the far edge (north for white from the last row, south
// for black from row 1, within the board's columns) is a move into the
// goal.
//
// The notation names the square the piece leaves and the square it steps
// to, with a hyphen: "b1-b2", "b1-c2". A move into the goal names the goal
// column it crosses, with * for the row beyond the board: on the 5x6 board
// white's c6-c* (straight), c6-b* and c6-d* (diagonally); black's c1-c*,
// c1-b*, c1-d*. ParseMove is case-insensitive, takes the hyphen as
// optional and also reads "c6-goal" as the straight move into the goal;
// FormatMove writes the forms above.
//
// # Position strings
//
// A position string is one line, FEN-like: the rows from the top (black's
// home row) down, separated by '/'; in a row, a run of empty squares is
// written as its length, a single piece as w or b, and a stack of two or
// more pieces as its pieces from the bottom up in parentheses; then a space
// and the side to move, w or b. When the position has occurred before in
// the game (and repetition draws), a third field gives the number of times
// it has occurred, this time included (2 up to the repetition limit, which
// means the game is over, drawn). The start of the 5x6 game; the same after
// b1-b2 b6-b5 b2-b3 b5-b4 e1-e2 b4-b3 (black's piece on white's on b3); and
// the 3x3 start the second time, after a1-a2 c3-c2 a2-a1 c2-c3:
//
//	bbbbb/5/5/5/5/wwwww w
//	b1bbb/5/5/1(wb)3/4w/w1ww1 w
//	bbb/3/www w 2
//
// ParseState is strict: it reads only what Position writes (surrounding
// white space aside) and checks the rows, the stack heights, the piece counts
// and the repetition count. A side with one piece fewer than it started with
// has just entered the goal: the game is over, won by that side, and the
// other side must be the one to move. A side to move with no legal move has
// lost. A parsed position knows of its past only the repetition count of
// itself: positions reached afterwards count from there.
//
// String draws the board with row 1 at the bottom, each square showing its
// stack from the bottom up with the top piece (the one that may move) in
// capitals: "W", "wB" (a black piece on a white one), "." for an empty
// square.
//
// # Implementation
//
// A square holds its stack as a byte: a sentinel bit at the height and one
// colour bit a piece below it. A State keeps, beside the stacks, the squares
// whose top piece is white and black and the full squares as bit sets, so
// that move generation, the "has a legal move" test after every move and
// bulk-counting perft are a few word operations a piece. The hash is
// Zobrist over (square, level, colour) and the side to move, kept
// incrementally. The history of position hashes gives the repetition count;
// a small table of counts by hash bucket lets most moves skip the scan.
// Undo restores everything, repetition counts included.
//
// # Sources
//
//   - The source article of meeple's material: a Python listing of the
//     game, with no computer player. Its bugs, none of which this package
//     reproduces: a black piece on its far row raises IndexError; an index
//     of -1 (board[-1]) wraps around to the other end of the board, as
//     Python lists do, and blocks white's step into the goal; and a side
//     boxed in with no legal move is not detected as lost.
//   - The rules as published by UNDANOGA and described by the Japanese rule
//     pages (tennisbear.net, sqool.net, mylife-navi.com, ringodream.net) and
//     implemented by keiichiro-sonoda/nocca-strongly-solving (which asserts
//     21 moves from the start) and dashi8/NoccaNocca (NOCCACore.cs: one goal
//     move a square, stacks of at most three); summarised in
//     shared/reference/nocca.txt.
//   - Yamamoto and Hoki, "Strongly Solving NOCCA x NOCCA" (NOCCA×NOCCAの強解決),
//     Game Programming Workshop 2022; IPSJ Journal 64(12), 2023: the 6x5
//     game is a first-player win, in 41 plies.
//   - Matsumoto and Kuroda, retrograde analysis of reduced versions
//     (ノッカノッカの縮小版に対する後退解析), IPSJ 84th National Convention,
//     2022: the reduced boards are first-player wins.
package nocca
