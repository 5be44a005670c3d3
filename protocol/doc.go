// Package protocol is the engine side of meeple's wire: a session that
// reads requests from a line stream (stdin) and answers on another (stdout),
// so that GUIs, arenas and scripts can drive any meeple game.
//
// Run serves one session. Its dialect is picked by the first request or by
// Options.Dialect:
//
//   - native (the default): every game and every feature. A request is
//     "[id] command args"; each gets exactly one final line, "ok [id] ..." or
//     "err [id] <code> <message>", after any payload lines. Searching is
//     asynchronous as in UCI: go streams info lines and ends with bestmove,
//     while isready, stop, quit and read-only commands are still answered,
//     and commands that need the position get err busy.
//   - ugi: UGI, UCI generalised to two-player games (ugi, isready,
//     uginewgame, setoption, position, go, stop, query, quit), as spoken by
//     cutegames and by cutechess in UGI mode. Errors are reported as
//     "info string error <code> <message>" and the line is ignored.
//   - uci: strict UCI for chess and Chess960 (uci, isready, ucinewgame,
//     setoption, position, go, stop, ponderhit, quit, and Stockfish's
//     go perft and d), as GUIs and arenas speak it. Selecting it switches
//     the session to chess; errors are reported as in ugi.
//   - nboard: the NBoard protocol, version 2, for Othello (nboard, set depth,
//     set game <GGF>, move, hint, go, ping, learn, analyze, quit), as the
//     NBoard GUI speaks it. Selecting it switches the session to Othello;
//     go and hint search in the background and ping stops them before its
//     pong; errors are reported as "status error <code> <message>".
//   - gtp: the Go Text Protocol, version 2, for Othello and 2-D k-in-a-row
//     (the required GTP commands, undo, showboard, final_score,
//     time_settings, time_left, set_game, list_games, reg_genmove), as
//     Quarry and the tools written for gtp-rhino speak it; picked too by a
//     first line that is a GTP command. Replies are "=[id] text" or
//     "?[id] message" and a blank line; genmove searches in the foreground.
//
// The dialects are thin front-ends over one session core: the current
// variant and position, the move history for undo, the engine options and
// searcher, the seeded RNG that resolves chance nodes, and the search
// goroutine. Output goes through one writer that writes each reply whole and
// flushes every line. The package knows no game, but for uci and nboard:
// positions and moves are strings handed to the game through the games
// interfaces, and only uci.go, whose protocol is chess's own, imports
// games/chess (FEN, the board of d), and only nboard.go, whose protocol is
// Othello's own, imports games/othello (GGF records, the pass). gtp.go
// reads the board's geometry from the game's Description.
//
// The engine side builds its searchers with the Players its caller gives
// (meeple's own in cmd/meeple), so a program that embeds this package
// links no engine. The client, which drives engine processes, is package
// protocol/client; this package holds what both ends share: the error
// codes and replies (Error, Code, Final), the line grammar (SplitID,
// CutWord, MaxLine) and GTP's vertices (GTPVertex, GTPGeometry).
//
// README.md in this directory is the specification, with a transcript per
// command; the transcripts are checked by the tests. Its section "Driving
// an engine: the client" specifies the client (package protocol/client).
package protocol
