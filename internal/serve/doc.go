// Package serve is `meeple serve`: every game in the browser, with rooms
// whose seats are people (each at their own screen, holding a private
// link) or engines, spectators on a public link, and live viewing of
// referee matches. The page (web/, embedded with go:embed) is plain
// JavaScript modules, SVG and CSS; it knows no game: it draws every board
// from the game's games.Description (its Look: Othello's green, Connect
// Four's frame) and each position's games.Picture, and words every string
// from one catalogue in English or Japanese (web/i18n), the game's own
// words coming as games.Phrase codes.
//
// # The wire between page and server
//
// HTTP (JSON bodies; errors are {"error": "..."} with a 4xx or 5xx status, and
// "code" and "args" where the page words them in its reader's language):
//
//	GET  /                         the lobby (index.html; the page routes on the path)
//	GET  /room/{id}                a room's page; ?token=T takes the seat T belongs to
//	GET  /watch                    a watched match's page
//	GET  /{file}                   the page's modules, style and catalogues, with an ETag of
//	                               their content and no-cache (a reload gets 304s)
//	GET  /api/variants             [{"name","names","game","description","descriptions","rules","players",
//	                                 "board","start","options"}] every shipped variant (names, descriptions: in
//	                                 other languages, {"ja": ...}; board: its games.Description; start: the
//	                                 games.Picture of its start, for the lobby's pictures; options: its rules,
//	                                 [{"key","kind","value","default","min","max","choices","doc"}], the value
//	                                 in force with the game's schema for the key: the lobby offers the number
//	                                 of players where a game has an int "players" key with a range)
//	GET  /api/engines              ["sf", ...] the names of the engines given with serve --engine
//	POST /api/check                {"spec": "othello(size=10)"} or {"toml": "...", "file": "x.toml"}
//	                               -> the variant as /api/variants gives one, or {"error","file","line","key"}
//	                               (players: the seat names, Description.Players: the lobby offers a seat each)
//	POST /api/rooms                {"variant": spec, "toml": text, "file": name (optional, instead of variant),
//	                                "seats": [{"person": true} | {"engine": "level=3" | a server engine's name}],
//	                                "clock": "300+2" (optional: seconds[+increment] per seat),
//	                                "seed": 1 (optional; refused in a game of chance or hidden information
//	                                unless the server runs with --allow-seed),
//	                                "help": true (optional: the seats may ask the engine for hints)}
//	                               -> {"room": id, "watch": "/room/{id}", "seats": [{"name", "link"}]}
//	                               (link: "/room/{id}?token=T" for a person's seat, "" for an engine's;
//	                               with --public-url the links are absolute: "https://host/room/...")
//	GET  /api/rooms/{id}/record    the room's finished games as `meeple replay` reads them (410 on
//	                               the room's socket once the room has expired; its records stay)
//	GET  /ws/room/{id}?token=T     the room's WebSocket (no token: a spectator)
//	GET  /ws/watch                 the watched match's WebSocket
//
// A variant from a page is a shipped name or a game with inline rules
// ("othello(size=10)"), or a file's text checked by games.ParseVariant (its
// extends may name shipped variants only): the server never reads a path
// a page names. An engine seat is meeple's own engine at a level
// (level=1..10: node budgets, as in meeple play) or the name= of an engine
// the operator gave with `meeple serve --engine SPEC`: a page never gives
// a command to run. A room keeps its seats in the order created; game n
// seats them rotated by the swaps of its newgames.
//
// A room's WebSocket carries one JSON object a message. Down (server to page):
//
//	{"type":"hello", "room": id, "seat": k (-1: spectator), "variant": name, "names": {"ja": ...}, "rules": text,
//	 "options": the rules in force as /api/variants gives them (the room shows them),
//	 "resign": bool (a seat may resign: a two-player zero-sum game), "review": bool (a finished
//	 game may be reviewed: perfect information),
//	 "description": games.Description, "seats": [{"name", "kind": "person"|"engine", "online": bool,
//	 "nick": a person's nickname (absent: none), text as they typed it, for a page to show as text}]}
//	{"type":"state", "game": n (1-based, a room plays games in turn),
//	 "ply": n (plies played, chance outcomes included),
//	 "picture": games.Picture as this seat sees it (a card game's table in its "cards",
//	         hands hidden from this seat null), "toMove": seat (-1: over),
//	 "legal": [{"move": "e7e8q", "cells": [52, 60]}] (only to the seat to move),
//	 "last": {"move", "cells", "seat"} (absent before the first move; seat -1 and move "?"
//	         for a chance outcome in a game of hidden information),
//	 "history": ["e2e4", ...] (the moves in the game's notation, as this seat may see them:
//	         in a game of hidden information a chance outcome is "?" except to the seat
//	         whose hand it went into; spectators see "?"),
//	 "notes": [{"text": "Nf3", "phrase": games.Phrase (optional), "seat": k}] (the same plies as
//	         people read them, games.MoveNote: chess in SAN, The Game's plays as phrases; a card
//	         hidden from this seat is {"text": "?", "phrase": {"code": "drew-card"}, "seat": who drew it}),
//	 "clocks": [ms, ...] (timed rooms), "result": {"returns": [...], "result": "1-0",
//	 "termination": "normal"|"illegal-move"|..., "reason": text, "phrase": games.Phrase (why, when
//	 the rules ended it), "loser": game seat (-1: none)} once over}
//	{"type":"seats", "seats": [...]}   a seat came online or went away
//	{"type":"error", "code": "not-your-turn", "args": [...], "message": text}
//	                                   a message refused; the connection stays (code and args: for
//	                                   the page to word in its reader's language; message: English)
//
// A page gets hello and the state on connecting, a state after every ply
// (and once more when the game ends, with its result), and hello again
// when a new game rotates the seats ("seat" may change).
//
// Up (page to server):
//
//	{"type":"move", "move": "e2e4", "ply": n}  ply: the ply the page saw; a stale move is refused
//	{"type":"newgame", "swap": true}           after a game ends: the next game, seats rotated
//	{"type":"resign"}                          on the seat's turn, in a two-player zero-sum game
//	{"type":"hint"}                            in a room made with "help": true, on the seat's turn: the
//	                                           engine thinks about the seat's position (its view) for 2 s,
//	                                           counted against --max-engines, and the page gets as it goes
//	                                           {"type":"hint", "ply", "depth", "score" (centi-units of the
//	                                           seat's view), "mate" (plies to a forced end, + it wins),
//	                                           "hasScore", "pv": [games.MoveNote], "done", and once done
//	                                           "best" and its "cells"}; hello says "help" and the "units"
//	                                           the scores count ("pawns", "discs", "cards" left, "");
//	                                           where meeple proves the game (Connect Four, tic-tac-toe,
//	                                           Othello at 20 empties or fewer, Nocca Nocca on boards
//	                                           up to 4x4) the hint ends with
//	                                           {"type":"proof", "ply", "moves": [{"move", "cells",
//	                                           "outcome" (+1 win, 0 draw, -1 loss for the seat), "plies"
//	                                           to the end with perfect play, "margin", "hasMargin"
//	                                           (Othello's final disc difference)}]}, one per legal move
//	                                           proved within 6 s
//	{"type":"takeback"}                        in a room with help, a person against engines only: their
//	                                           last move and what followed are undone (logged; the game
//	                                           starts again there)
//	{"type":"review"}                          a seat, once a game of perfect information has ended: the
//	                                           engine judges every position (20,000 nodes each) and the
//	                                           page gets, position by position, {"type":"review", "game",
//	                                           "ply", "picture", "toMove", "score", "mate", "hasScore"} in
//	                                           seat 0's view, then {"done": true}; the page draws the
//	                                           judgements as a graph with the moves that lost most marked
//	                                           (a watched match's finished games carry "judged", the same
//	                                           from the engines' own reported scores)
//	{"type":"name", "name": "Ann"}             a seat's nickname, shown on its seat to everyone ("": none):
//	                                           at most 24 characters once trimmed, none a control or
//	                                           format character (else the error "bad-name"); kept while
//	                                           the room is in memory, not logged (the page gives it again
//	                                           from its local storage on every connection)
//	{"type":"talk", "pile": "b", "word": "stop"} a seat's word of a pile to the table, among the game's
//	                                           CardTable.Talk ("": taken back); every page's state
//	                                           then carries "talk": [{"seat", "pile", "word"}], and the
//	                                           game's record the words as comments
//
// Up messages are decoded strictly (Decode: one JSON object, known type
// and fields); a refused one gets an error message and the connection
// goes on. A move is taken only from the token's seat, on its turn, at
// the current ply, and legal (games.ParseLegal).
//
// # Watching a match
//
// With --watch DIR (or `meeple match --serve ADDR`), /ws/watch follows the
// match's events.jsonl (referee.Follow) and sends, on connecting, what it
// has so far (the match, up to the last 50 finished games, the games in
// progress, the standings), then as it happens:
//
//	{"type":"match", "variant", "rules", "description": games.Description, "engines": [...], "total": n}
//	{"type":"game", "game": n (0-based, as the match numbers it), "seats": [engine names],
//	 "ply", "picture" (the public view), "toMove", "last", "history", "notes", "clocks"}
//	                                   at a game's start and after each of its moves
//	{"type":"finished", "game", "seats", "moves": [...], "notes": [...], "pictures": [start, after each move],
//	 "result": {"returns", "result", "termination", "reason"}}  a game ended: step through it
//	{"type":"standings", "standings": [referee.Standing: engine, games, w, d, l, points, score,
//	 elo, elo_lo, elo_hi, los], "pairs": [pentanomial counts], "sprt": {...}, "done": bool}
//	                                   after every game and at the match's end
//
// # Who is in control
//
// Only the pages the server handed out (guard.go): every request must
// name a host the server answers to (Host: the listening address,
// loopback names, the machine's name, --public-url's hosts; any address
// when it listens on all of them; else 421), so that a name an attacker
// points at the server (DNS rebinding) reaches nothing; a POST and a
// socket must come from the server's own page (Origin, or Sec-Fetch-Site:
// else 403), and a POST's body must be application/json (else 415), one
// object and nothing after it. Every response carries a
// Content-Security-Policy without inline script or style and with
// frame-ancestors 'none', nosniff and Referrer-Policy: no-referrer (a
// seat's token is in its URL). Names and descriptions that came from a
// page (an uploaded file) are shown with control characters (bidi
// overrides among them) escaped as \uXXXX.
//
// # Limits
//
// Each is a flag of meeple serve, refused past it with a clear error (an
// HTTP status and a JSON error, or an error message on a socket), never a
// crash, and each recovers: a WebSocket message of 4 KiB (--max-message;
// a longer one closes that socket with status 1009, as the WebSocket
// library does), an HTTP body of 64 KiB whose headers, and then body,
// arrive within 10 s (--body-timeout; else 408), 10000 rooms kept
// (--max-rooms; a room unused for 30 days, --expire, is deleted, its
// records kept), 2000 rooms in memory (--max-live; a room no page has
// visited for 10 minutes, --idle, is put away, its engines stopped, and
// resumes when visited), 5000 connections of every kind (--max-conns;
// past it a connection is answered 503 and closed) of which a tenth are
// kept for the seats' sockets (--reserve-conns: spectators may not take
// them), 8 engines playing at once (--max-engines: counted while their
// games run), 20 rooms a minute from one client address (--max-creates;
// behind the proxy of a --public-url, the address the proxy adds to
// X-Forwarded-For; else 429). A page that falls 64 messages behind is
// disconnected; one that answers no ping within 15 s (pinged every 30 s)
// is dropped, and its seat shows offline.
//
// # Rooms on disk
//
// --dir holds the room log (journal.go), log/NNNNNNNN.log: every change
// of every room (a room made, a ply, a game's end, a new game, an
// expiry) is a JSON line appended and synced there before any page hears
// of it; the changes that arrive while a sync runs are written together
// by the next (group commit). rooms/ID.json is a room's snapshot (its
// variant, rules, seats and their tokens, the current game's seed, plies
// and clocks), written behind the log when a segment of it is full and
// when the room is put away; a segment goes once its rooms' snapshots
// hold its changes. rooms/ID.txt is the room's finished games as records,
// each appended in one synced write before the game's end is announced,
// which `meeple replay` verifies. On start the server repairs what a stop
// of any kind left (Server.recover): it replays the log onto the
// snapshots, cuts off a record a crash tore, writes the record of a game
// whose end was logged but not yet written, removes temporary files, and
// starts an empty log. A room is loaded when a page visits it: its game
// resumes as a referee.Game, which replays its plies and draws the same
// chance outcomes again from the game's seed, and charges a person to
// move the time since the position was reached (Table.Spent).
//
// Each game's chance seed is drawn from crypto/rand when the game starts
// and stays in the room's files until the game has ended; its record
// then shows it, and says nothing of the next game's. (A room made with a
// page's seed, --allow-seed, derives each game's from it.)
//
// The server owns the rules: every game is played as a referee.Game (the
// referee's game loop), whose seats are people (a seat that waits for its
// page's checked move) and engines (referee.EngineSeat); the Table checks
// every move again with games.ParseLegal, draws chance from the game's
// seed, and ends a game with a typed reason when an engine crashes,
// stalls or plays an illegal move, or a clock runs out. Its hook logs
// each ply, and once it is on disk plays it on the room's position and
// tells the pages. An engine process is ended with its process group, and
// on Linux dies with the server even if the server is killed.
//
// Files: server.go (Config, Run, the HTTP API), rooms.go (making,
// finding, putting away and expiring rooms; the repair at start), room.go
// (a room, its views, moves from pages), game.go (the Table, the seats,
// the hook), journal.go (the room log), store.go (snapshots, records, the
// saver), guard.go (hosts, origins, headers, the rate limit), ws.go (the
// sockets), msg.go (the messages, Decode), watch.go (--watch), limits.go
// (the limits, the connection count).
package serve
