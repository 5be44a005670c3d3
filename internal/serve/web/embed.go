// Package web is the page of `meeple serve`: index.html, plain JavaScript
// modules and CSS, embedded so the binary serves them with nothing fetched
// at run time. The page knows no game: board.js draws any board from the
// game's Description and a position's Picture (SVG), cards.js any card
// table, moves.js turns clicks into the legal moves the server sent, and
// i18n.js words every string from one catalogue, i18n/en.json and
// i18n/ja.json (the same keys in both). internal/serve/doc.go is the wire
// the page speaks.
package web

import "embed"

// FS holds the page's files at its root: index.html, *.js, style.css and
// the catalogues in i18n/.
//
//go:embed index.html *.js *.css i18n/*.json
var FS embed.FS
