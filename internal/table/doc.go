// Package table is a game being played: a variant, its position and the
// history since the position was set, and the seeded RNG that resolves
// chance nodes. It is the dialect-neutral core that the engine protocol
// (package protocol) and the terminal REPL (internal/repl) share, so that
// "newgame", "position", "play", "undo", "legalmoves", "view" and their
// errors behave the same wherever a person or a program drives a game.
//
// A Table never stops at a chance node: after every change it draws the
// outcome of each chance node it reaches from its RNG. In a list of moves
// given to Play or SetPosition, a move at a chance node that is a legal
// outcome is played as given (so a referee, or a loaded record, can replay
// its own draws); any other move there makes the table draw the outcome
// first. Undo takes back a player's move together with the chance outcomes
// that followed it.
//
// Errors are *Error values whose Kind says what went wrong (the protocol maps
// each kind to its error code); their messages are one line, for people.
package table
