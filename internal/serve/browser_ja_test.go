//go:build !race

package serve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/serve"
	"github.com/meeple-games/meeple/internal/serve/web"
)

// jsWords is every word a page shows a person, as text: its text nodes
// (the language switch, links, code and the move list's notation left
// out) and its titles, placeholders and labels.
const jsWords = `(() => {
	const c = document.body.cloneNode(true);
	c.querySelectorAll("#lang, a.seat-link, a.watch-link, code, script, style").forEach((e) => e.remove());
	const parts = [];
	const w = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
	while (w.nextNode()) parts.push(w.currentNode.nodeValue);
	for (const a of ["title", "placeholder", "aria-label"]) c.querySelectorAll("[" + a + "]").forEach((e) => parts.push(e.getAttribute(a)));
	return parts.join("\n");
})()`

// englishWords are the pieces of the English catalogue's messages that
// Japanese does not share: runs of four or more letters between the
// placeholders ("made", "in a row" of "{0} made {1} in a row").
func englishWords(t *testing.T) []string {
	t.Helper()
	read := func(l string) map[string]string {
		b, err := fs.ReadFile(web.FS, "i18n/"+l+".json")
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]string
		json.Unmarshal(b, &m)
		return m
	}
	en, ja := read("en"), read("ja")
	letters := regexp.MustCompile(`[A-Za-z][A-Za-z' ]*[A-Za-z]`)
	seen := map[string]bool{}
	var out []string
	for k, v := range en {
		if ja[k] == v {
			continue
		}
		for _, frag := range regexp.MustCompile(`\{\w+\}`).Split(v, -1) {
			for _, w := range letters.FindAllString(frag, -1) {
				if len(w) >= 4 && !seen[w] && !strings.Contains(ja[k], w) {
					seen[w] = true
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// noEnglish fails if the page shows a piece of an English message.
func noEnglish(t *testing.T, ctx context.Context, where string, english []string) {
	t.Helper()
	text := eval[string](t, ctx, jsWords)
	for _, w := range english {
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(w) + `\b`).MatchString(text) {
			t.Errorf("%s: the Japanese page shows %q:\n%s", where, w, text)
			return
		}
	}
	if !regexp.MustCompile(`[\p{Hiragana}\p{Katakana}\p{Han}]`).MatchString(text) {
		t.Errorf("%s: no Japanese on the page:\n%s", where, text)
	}
}

// TestBrowserJapanese: Chromium with --lang=ja gets every page in
// Japanese (the lobby, rooms of every game to a result, the watch page),
// with no English message left; the switch in the header changes the
// language, and the choice is kept.
func TestBrowserJapanese(t *testing.T) {
	chromiumPath(t)
	out := filepath.Join(t.TempDir(), "match")
	var engines []referee.EngineConfig
	for _, spec := range []string{"name=a cmd=@self depth=1", "name=b cmd=@self depth=2"} {
		e, err := referee.ParseEngine(spec)
		if err != nil {
			t.Fatal(err)
		}
		engines = append(engines, e)
	}
	if _, err := referee.Run(context.Background(), referee.Config{Variant: "tictactoe", Games: 2, Engines: engines,
		Out: out, Self: []string{os.Args[0], engineArg}}); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e := newBrowserEnvOn(t, ln, serve.Config{Watch: out})
	e.lang = "ja"
	english := englishWords(t)

	// The lobby: a room against the engine.
	ctx := e.page("/")
	waitJS(t, ctx, `document.querySelector('#variant option[value="tictactoe"]')`, "the variants")
	if l := eval[string](t, ctx, `navigator.language + " " + document.documentElement.lang`); !strings.HasPrefix(l, "ja") || !strings.HasSuffix(l, " ja") {
		t.Fatalf("the browser's language and the page's: %q", l)
	}
	noEnglish(t, ctx, "the lobby", english)
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#variant"); s.value = "tictactoe"; s.dispatchEvent(new Event("change")); })()`))
	waitJS(t, ctx, `document.querySelectorAll("#seats select").length === 2`, "a choice per seat")
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('#seats select[data-seat="1"]'); s.value = "level=1"; })()`))
	click(t, ctx, "#create")
	waitJS(t, ctx, `document.querySelector("#links a.button")`, "the room's links")
	noEnglish(t, ctx, "the lobby with a room made", english)
	screenshot(t, ctx, "lobby-ja", false)
	click(t, ctx, "#links a.button")
	waitJS(t, ctx, `location.pathname.startsWith("/room/") && document.querySelector("svg.board")`, "the room's board")
	for ply := 0; ; ply += 2 {
		waitJS(t, ctx, fmt.Sprintf(`%s.startsWith("終局") || (%s === %d && %s === "あなたの番です")`, jsStatus, jsPlies, ply, jsStatus), "my move or the end")
		if ply == 2 {
			noEnglish(t, ctx, "tic-tac-toe in play", english)
		}
		if strings.HasPrefix(eval[string](t, ctx, jsStatus), "終局") {
			break
		}
		click(t, ctx, "rect.cell.target")
		waitJS(t, ctx, fmt.Sprintf(`%s > %d`, jsPlies, ply), "my move in the list")
	}
	noEnglish(t, ctx, "tic-tac-toe over", english)
	screenshot(t, ctx, "tictactoe-ja", true)

	// Every other game's room at its start.
	for _, v := range []string{"thegame(players=2)", "othello-4x4", "nocca-3x3"} {
		seats := e.createRoom(`{"variant": "` + v + `", "seats": [{"person": true}, {"person": true}]}`)
		p := e.open(ctx, seats[0].Link)
		waitJS(t, p, jsStatus+` === "あなたの番です" || `+jsStatus+`.endsWith("の番です")`, v+" in play")
		noEnglish(t, p, v, english)
		if v == "nocca-3x3" {
			if c := eval[string](t, p, `[...document.querySelectorAll("text.goal-label")].map((c) => c.textContent).join(",")`); c != "白のゴール,黒のゴール" {
				t.Errorf("nocca's goals: %q", c)
			}
			screenshot(t, p, "nocca-ja", false)
		}
		if v == "thegame(players=2)" {
			screenshot(t, p, "thegame-ja", true)
		}
	}

	// The watch page, on a finished game.
	w := e.open(ctx, "/watch")
	waitJS(t, w, `document.querySelectorAll("button.game-tab.over").length === 2 && document.querySelector(".standings")`, "the match")
	click(t, w, "button.game-tab.over")
	waitJS(t, w, `document.querySelector(".status") && document.querySelector(".status").textContent.includes("終局")`, "a finished game")
	noEnglish(t, w, "the watch page", english)
	if n := eval[int](t, w, `document.querySelectorAll(".review-graph circle.point").length`); n < 2 {
		t.Errorf("the finished game's review has %d points", n)
	}

	// The switch: English, kept on the next page, and back.
	click(t, w, `#lang button[data-lang="en"]`)
	waitJS(t, w, `document.documentElement.lang === "en" && document.querySelector(".standings")`, "the watch page in English")
	if s := eval[string](t, w, `document.querySelector(".standings h2").textContent`); !strings.Contains(s, "standings") {
		t.Errorf("in English the standings say %q", s)
	}
	do(t, w, chromedp.Navigate(e.base+"/"))
	waitJS(t, w, `document.querySelector(".lobby h1") && document.querySelector(".lobby h1").textContent === "New room"`, "the lobby in English")
	click(t, w, `#lang button[data-lang="ja"]`)
	waitJS(t, w, `document.querySelector(".lobby h1") && document.querySelector(".lobby h1").textContent === "新しい部屋"`, "the lobby in Japanese again")
}
