// Package web is the page of `meeple serve`: index.html, plain JavaScript
// modules and CSS, embedded so the binary serves them with nothing fetched
// at run time and nothing built. The page knows no game: board.js draws
// any board from the game's Description and a position's Picture (SVG),
// cards.js any card table, moves.js turns clicks into the legal moves the
// server sent, and i18n.js words every string from one catalogue,
// i18n/en.json and i18n/ja.json (the same keys in both). A room's page is
// its state and its views: roomstate.js is what the server said (a
// reducer, apply(room, event), with no DOM), and roomhead.js,
// roomboard.js, roomcontrols.js, roomhint.js, review.js and movelist.js
// each draw a part of the page from it, made once and drawn again in place
// when what it shows changes (dom.js's Part); room.js wires the socket,
// the state and the views. lobby.js and watch.js are the other two pages,
// app.js routes among them. Every module is // @ts-check with JSDoc types
// (wire.js names the wire's, internal/serve/doc.go says it in words), and
// tsconfig.json, which is not embedded, is TypeScript's strict check of
// them (internal/serve/tsc_test.go).
package web

import "embed"

// FS holds the page's files at its root: index.html, *.js, style.css and
// the catalogues in i18n/.
//
//go:embed index.html *.js *.css i18n/*.json
var FS embed.FS
