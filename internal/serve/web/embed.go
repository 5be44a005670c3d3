// Package web is the page of meeple serve: HTML, JavaScript modules, SVG
// and CSS, embedded into the binary.
package web

import "embed"

// FS holds the page's files; index.html is served for every page path.
//
//go:embed index.html
var FS embed.FS
