// Package serve is `meeple serve`: every game in the browser, with rooms
// whose seats are people (each at their own screen, holding a private
// link) or engines, spectators on a public link, and live viewing of
// referee matches. The page (web/, embedded with go:embed) is plain
// JavaScript modules, SVG and CSS; it knows no game: it draws every board
// from the game's games.Description and each position's games.Picture.
//
// # The wire between page and server
//
// HTTP (JSON bodies; errors are {"error": "..."} with a 4xx status):
//
//	GET  /                         the lobby (index.html; the page routes on the path)
//	GET  /room/{id}                a room's page; ?token=T takes the seat T belongs to
//	GET  /watch                    a watched match's page
//	GET  /api/variants             [{"name","game","description","rules","players"}] every shipped variant
//	POST /api/check                {"spec": "othello(size=10)"} or {"toml": "...", "file": "x.toml"}
//	                               -> {"name","game","rules","description","players"} or {"error","file","line","key"}
//	                               (players: the seat names, Description.Players: the lobby offers a seat each)
//	POST /api/rooms                {"variant": spec, "toml": text (optional, instead of variant),
//	                                "seats": [{"person": true} | {"engine": "level=3" | an --engine spec}],
//	                                "clock": "5+0.1" (optional, seconds), "seed": 1 (optional)}
//	                               -> {"room": id, "watch": "/room/{id}", "seats": [{"name", "link"}]}
//	                               (link: "/room/{id}?token=T" for a person's seat, "" for an engine's)
//	GET  /api/rooms/{id}/record    the room's finished games as `meeple replay` reads them
//	GET  /ws/room/{id}?token=T     the room's WebSocket (no token: a spectator)
//	GET  /ws/watch                 the watched match's WebSocket
//
// A room's WebSocket carries one JSON object a message. Down (server to page):
//
//	{"type":"hello", "room": id, "seat": k (-1: spectator), "variant": name, "rules": text,
//	 "description": games.Description, "seats": [{"name", "kind": "person"|"engine", "online": bool}]}
//	{"type":"state", "game": n (1-based, a room plays games in turn), "ply": n,
//	 "picture": games.Picture as this seat sees it, "toMove": seat (-1: over),
//	 "legal": [{"move": "e7e8q", "cells": [52, 60]}] (only to the seat to move),
//	 "last": {"move", "cells", "seat"} (absent before the first move),
//	 "history": ["e2e4", ...] (the moves in the game's notation, as this seat may see them),
//	 "clocks": [ms, ...] (timed rooms), "result": {"returns": [...], "result": "1-0",
//	 "termination": "normal"|"illegal move"|..., "reason": text} once over}
//	{"type":"seats", "seats": [...]}   a seat came online or went away
//	{"type":"error", "message": text}  a message refused; the connection stays
//
// Up (page to server):
//
//	{"type":"move", "move": "e2e4", "ply": n}  ply: the ply the page saw; a stale move is refused
//	{"type":"newgame", "swap": true}           after a game ends: the next game, seats rotated
//	{"type":"resign"}
//
// The watch WebSocket (/ws/watch) carries down only; on connecting, a page
// gets the hello, then every state of every game from its start, then the
// states live as games are played:
//
//	{"type":"hello", "match": name, "variant": name, "description": games.Description}
//	{"type":"state", "game": n, "players": [engine names by seat], ...the fields of a room's
//	 state but legal (picture: the public view)}
//	{"type":"standings", "lines": ["...", ...]}  the standings as `meeple match` prints them
//
// The server owns the rules: a move is checked with games.ParseLegal in
// the server's own state; chance comes from the room's seed; an engine
// seat plays through the referee's game loop, which ends a game with a
// typed reason when an engine crashes, stalls or plays an illegal move.
package serve
