// Package repl is `meeple play`: a person at the board, in a terminal.
//
// Run plays one session: against the built-in engine (internal/players,
// searching in this process), against any engine program through the same
// protocol client the referee uses (client.StartEngine; engine specs in
// the referee's syntax, see ParseEngine), people against each other (hot
// seat), or engines against each other while the person watches. In games
// of more than two seats every seat but the person's is an engine's.
//
// # Shape
//
// The core reads lines through a Prompter and writes to an io.Writer, so
// it runs the same on a terminal and in a test. On a terminal the Prompter
// is github.com/peterh/liner (NewLinerPrompter: history in
// os.UserConfigDir()/meeple/history, Tab completion of commands, variants,
// files and the legal moves, Ctrl-C to abandon a line, Ctrl-D to quit);
// anywhere else it is a plain line reader (NewPlainPrompter) that writes
// each prompt and echoes the line it read, so a scripted session's output
// reads as a transcript. Ctrl-C during an engine's search arrives on
// Options.Interrupt and stops the search; the game then waits for "go".
// With Options.Live (a terminal) a search shows its progress on one line
// redrawn in place (from the searcher's reports and a ticker), cleared
// when it ends; scores are written in the game's units (scoreText).
//
// The game itself (the variant, the position, its history and the chance
// RNG, with play, undo, legal moves and variant loading and their errors)
// is a table.Table, the core the engine protocol's session uses too. The
// REPL adds what a person needs on top: redo, hints, levels, the record of
// every ply (time, score, depth) for save, and drawing.
//
// # Boards
//
// Every board is drawn from data, with no code for any one game: the
// game's games.Description and the position's games.Picture as the
// person's seat sees it (a person watching engines sees every hand). A
// game with a card table (Description.Cards) is drawn as its piles with
// their direction and top card, the person's hand, the other hands as
// their sizes, the draw pile's size and the plays made and due this turn;
// a game with a board as a Board, the cells of the last move (MoveCells)
// marked. A state that is not games.Pictured is drawn by its String, or
// for imperfect information as the position string the person's seat may
// see (never the hidden parts).
// A Board is drawn as a grid with its coordinates, or for three axes or more
// as a grid of 2-D slices, each labelled with its coordinates on the outer
// axes (axis 3 across the page, axes 4, 5, 6 down it). Stacks show their
// top piece and height, and are spelt out under the board. The last move is
// highlighted: reverse video on a terminal, parentheses in plain text.
// Style.Fancy (a terminal without NO_COLOR) draws colour and Unicode
// pieces; otherwise everything is ASCII.
//
// # Levels and records
//
// Levels 1 to 10 are node budgets that triple from level to level (1,000
// to about 19.7 million nodes a move), so the built-in engine plays the
// same moves on every machine; a level may also be a time per move. Games
// are saved in the referee's records format (internal/referee), chance
// outcomes drawn from the referee's seeded source and kept in step through
// undo, so that `meeple replay` accepts every saved game; `load` goes on
// from any game of a records file or journal.
package repl
