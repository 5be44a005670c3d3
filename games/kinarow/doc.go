// Package kinarow is the k-in-a-row family: tic-tac-toe, Qubic, the
// four-dimensional 4x4x4x4 game, gomoku, Connect Four and Score Four are
// all one game on different boards.
//
// # Rules
//
// The board is a box of 1 to 6 dimensions ("dims"), 2 to 19 cells along
// each axis ("size", one value for every axis or one per axis). Two players,
// x and o, take turns, x first, each putting one stone of their own on an
// empty cell. Whoever makes "connect" stones of their own in a straight line
// wins at once: along an axis, or along any diagonal of any number of axes
// at once, so a cell of a d-dimensional board has (3^d-1)/2 directions
// through it (4 in 2-D, 13 in 3-D, 40 in 4-D). With "exact" only a run of
// exactly connect stones wins; a longer run (an overline) does not, and the
// game goes on. When the board fills up with no winner the game is a draw.
// A win scores +1 and a loss -1; a draw 0 each.
//
// With "gravity" set to an axis (1-based), stones fall along that axis, as
// in Connect Four: a move names a column (every coordinate but that axis)
// and the stone lands on its lowest free cell (coordinate 1 or a). The
// board then fills column by column, and the game is drawn when it is full.
//
// With connect 1 the first stone wins, exact or not.
//
// Limits: the board has at most MaxCells (65,536) cells, and at most
// MaxLines (262,144) windows of connect cells in a row (len(Game.Lines)),
// so the tables a game keeps stay small; a variant past either limit is
// rejected when it is loaded, naming the key "size" or "connect". For
// example 19x19x19 takes any connect, 4^6 connect 3 or more, 6^6 only 6.
//
// # Moves
//
// A Move is a cell index: cell = sum over axes of coord[i]*stride[i], with
// axis 0 (axis 1 in the 1-based speech of the rules) varying fastest:
// stride[0] = 1, stride[i] = stride[i-1]*size[i-1]. Coordinates are 0-based.
//
// Move notation writes one coordinate per axis, axis 1 first, alternating
// letters and numbers so that it is unambiguous in any dimension: axis 1 a
// letter (a..s), axis 2 a number (1..19), axis 3 a letter, axis 4 a number,
// axis 5 a letter, axis 6 a number. In 2-D this reads like chess: "b3" is
// column b, row 3, row 1 at the bottom. A 1-D move is "c", a 3-D one "b3c"
// (layer c), a 4-D one "b3c2". Input is case-insensitive; FormatMove writes
// lower case and always every coordinate.
//
// With gravity, ParseMove also takes a move without the coordinate of the
// gravity axis and resolves it to the landing cell in the current position:
// "d" in Connect Four (7 wide, 6 high, gravity along axis 2) is the lowest
// free cell of column d; "b3" in Score Four (4x4x4, gravity along axis 3) is
// the lowest free cell of the b3 pole. Where leaving the coordinate out puts
// two numbers side by side (gravity along axis 3 or 5 of a 4-D or 6-D board)
// a hyphen separates them: "b3-2".
//
// # Position strings
//
// A position string is one line, FEN-like. The board is written as rows:
// a row is the cells along axis 1 (a, b, c, ...), with 'x' and 'o' for
// stones and each run of empty cells as a decimal count. Rows come in
// reading order, as a person draws the board: lettered axes (1, 3, 5) run
// from low to high, numbered axes (2, 4, 6) from high to low, the lower
// axes fastest. So a 2-D board is written top row first, as in FEN; a 3-D
// board as its layers a, b, c, ... each top row first; a 4-D board as a
// board of boards, the top band of slices (highest axis-4 number) first.
// Between two rows stand as many slashes as the number of the highest axis
// whose coordinate changes, less one: "/" between rows of one 2-D slice,
// "//" between 2-D slices, "///" between 3-D blocks, and so on. Then a space
// and the side to move, "x" or "o". A finished game keeps the side that
// would move next.
//
//	3/1x1/3 o                       tic-tac-toe after x b2
//	7/7/7/7/7/3x3 o                 Connect Four after x d
//	4/4/4/4//4/4/4/4//4/4/4/4//4/4/4/4 x   empty Qubic
//
// ParseState is strict: it reads only what Position writes (surrounding
// white space aside), checks every row's length and the separators, the
// stone counts (x has as many stones as o, or one more, and the side to move
// agrees), gravity (no stone above an empty cell of its column), that at
// most one side has a winning line and that it made the last move, and that
// one last move could have made all its winning lines (it does not prove
// that the whole game leading there was possible). A finished position
// parses to a finished state. Errors say what is wrong and where.
//
// # Implementation
//
// Game lists every window of connect cells in a straight line (Lines), and
// for each cell the windows through it (LinesThrough). A State keeps the
// stones of each seat in every window (LineCount), updated by Play and Undo
// along the windows through the played cell; a window reaching connect
// stones of the mover is a win (with exact, when the cells just beyond both
// of its ends, LineEnds, hold no stone of the mover). The hash is Zobrist,
// with keys from a fixed-seed generator, the side to move included. These
// counts are what a threat-aware evaluation reads.
//
// # Sources
//
//   - Golomb and Hales, "Hypercube Tic-Tac-Toe", in More Games of No Chance,
//     MSRI Publications 42 (2002): the n^d game, its ((n+2)^d-n^d)/2 winning
//     lines and the most lines through one cell.
//   - Patashnik, "Qubic: 4x4x4 Tic-Tac-Toe", Mathematics Magazine 53(4),
//     1980; Allis, "Searching for Solutions in Games and Artificial
//     Intelligence", 1994: Qubic is a first-player win.
//   - Epstein, "The Theory of Gambling and Statistical Logic": tic-tac-toe has
//     255,168 games (131,184 won by x, 77,904 by o, 46,080 drawn).
//   - Allen (1988) and Allis (1988): Connect Four, 7 wide and 6 high, is a
//     first-player win. Score Four is its 4x4x4 three-dimensional form.
//   - Gomoku: five or more in a row on a 15x15 board (free-style rules;
//     "exact" gives the exactly-five rule of standard gomoku).
//   - The four-dimensional tic-tac-toe article of meeple's source material:
//     the 4x4x4x4 game, four in a row, and its computer player, in order:
//     win; block the opponent's win; take the cell on the most lines where
//     the opponent has two (fork-block); take the cell on the most lines
//     where it has two (fork), a single such line counting in both; else a
//     random move. internal/players/kinarow implements it (NewBaseline),
//     the "baseline" player.
package kinarow
