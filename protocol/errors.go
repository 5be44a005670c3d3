package protocol

import (
	"fmt"
	"strings"
)

// Code classifies an error reply. The set is fixed and documented in
// README.md; a client may branch on it. Codes only grow.
type Code string

const (
	UnknownCommand Code = "unknown-command" // no such command in this dialect
	Syntax         Code = "syntax"          // missing, extra or malformed arguments
	IllegalMove    Code = "illegal-move"    // a move that does not parse or is not legal now
	BadPosition    Code = "bad-position"    // a position string the game cannot read
	BadVariant     Code = "bad-variant"     // a variant that cannot be loaded or used here
	BadOption      Code = "bad-option"      // an unknown engine option or a bad value
	GameOver       Code = "game-over"       // the position is terminal: nothing to play or search
	NoHistory      Code = "no-history"      // undo asked for more moves than were played
	Busy           Code = "busy"            // the command needs the position while a search runs
	TooLong        Code = "too-long"        // the input line exceeds MaxLine bytes
	Unsupported    Code = "unsupported"     // understood but not available (the uci dialect, ...)
	Internal       Code = "internal"        // a bug: the session survived it
)

// Codes lists every error code in the order README.md documents them.
var Codes = []Code{UnknownCommand, Syntax, IllegalMove, BadPosition, BadVariant,
	BadOption, GameOver, NoHistory, Busy, TooLong, Unsupported, Internal}

// Error is a failed request: a code and a one-line message.
type Error struct {
	Code Code
	Msg  string
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Msg }

func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: oneLine(fmt.Sprintf(format, args...))}
}

// oneLine keeps a message on one protocol line.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}
