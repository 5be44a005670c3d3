module github.com/meeple-games/meeple

go 1.26.8

require (
	github.com/BurntSushi/toml v1.6.0
	// liner is the REPL's line editor (internal/repl, `meeple play`); it is
	// required here from the start so the module's dependency set is fixed.
	github.com/peterh/liner v1.2.3
)

require (
	github.com/chromedp/chromedp v0.23.0
	github.com/coder/websocket v1.8.15
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/mattn/go-runewidth v0.0.31 // indirect
	golang.org/x/sys v0.48.0 // indirect
)
