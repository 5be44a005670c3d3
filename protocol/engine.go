package protocol

// The only file that knows how a searcher is built: from the Players the
// caller gives, with the engine options of internal/engine.

import (
	"errors"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/search"
)

// Players makes the searchers a session plays with: a searcher for g
// under the engine options c. cmd/meeple gives meeple's own players
// (internal/players.New), so that this package links no engine.
type Players func(g games.Game, c engine.Config) (search.Searcher, error)

// option is one engine option as the handshakes list it.
type option = engine.Option

// errNoPlayers is a search asked of a session that was given no Players.
var errNoPlayers = errors.New("this session has no engine (protocol.Options.Players is nil)")

// newEngine builds the searcher for g under c.
func (s *session) newEngine(g games.Game, c engine.Config) (search.Searcher, error) {
	if s.o.Players == nil {
		return nil, errNoPlayers
	}
	return s.o.Players(g, c)
}

// solveEmpties is where NBoard's Othello search to depth solves exactly:
// at depth + 8 empty squares, at most the player's default (18).
func solveEmpties(depth int) int { return min(depth+8, engine.DefaultSolveEmpties) }
