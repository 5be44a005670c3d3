package protocol

import (
	"strings"
	"testing"

	"github.com/meeple-games/meeple/internal/players"
)

// The sessions of this package's tests play with meeple's own players.
func init() { testPlayers = players.New }

// TestNoPlayers: a session given no Players keeps the rules and refuses to
// search, saying why.
func TestNoPlayers(t *testing.T) {
	defer func(p Players) { testPlayers = p }(testPlayers)
	testPlayers = nil
	out := run(t, "1 position startpos moves b2\n2 perft 2\n3 go depth 1\n", Options{})
	if len(out) != 3 || out[0] != "ok 1" || !strings.HasPrefix(out[1], "ok 2 nodes 56 ") ||
		out[2] != "err 3 unsupported this session has no engine (protocol.Options.Players is nil)" {
		t.Errorf("replies %q", out)
	}
}
