// The browser tests are left out of a race-built test binary: the page is
// the browser's code, not Go's, the race run (-short) would skip them, and
// leaving them out spares it compiling chromedp with -race.

//go:build !race

package serve_test

// Browser tests: Debian's chromium, headless, driven with chromedp against
// a server started here on 127.0.0.1:0, playing through the page as a
// person does (clicks, a drag, buttons). They skip without chromium unless
// $MEEPLE_REQUIRE_PEERS is set, and under -short (the race run). Each saves a screenshot of its board to
// $MEEPLE_SCREENSHOTS (or a temporary directory); with -update they also
// refresh the README's PNGs in docs/screenshots/.

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/meeple-games/meeple/games"
	_ "github.com/meeple-games/meeple/games/chess" // the games register themselves
	_ "github.com/meeple-games/meeple/games/kinarow"
	_ "github.com/meeple-games/meeple/games/nocca"
	_ "github.com/meeple-games/meeple/games/othello"
	_ "github.com/meeple-games/meeple/games/thegame"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/internal/serve"
	"github.com/meeple-games/meeple/protocol"
)

// updateShots is -update: refresh docs/screenshots/ (shared with any other
// test of the package that defines the flag first).
var updateShots = func() *bool {
	if f := flag.Lookup("update"); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			if b, ok := g.Get().(bool); ok {
				p := new(bool)
				*p = b
				return p
			}
		}
	}
	return flag.Bool("update", false, "refresh golden files and docs/screenshots/")
}()

// engineArg as the first argument makes the test binary meeple's engine
// (the helper-process pattern without a TestMain): the server's engine
// seats run it.
const engineArg = "meeple-serve-test-engine"

func init() {
	if len(os.Args) > 1 && os.Args[1] == engineArg {
		err := protocol.Run(context.Background(), os.Stdin, os.Stdout, protocol.Options{Stderr: os.Stderr, Players: players.New})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
}

// browserEnv is a server and the shared chromium's tabs for one test.
type browserEnv struct {
	t    *testing.T
	base string
	dir  string // the server's --dir
	// lang, when set, is the browser's language for the pages opened
	// after (navigator.languages, Accept-Language).
	lang string
}

func newBrowserEnv(t *testing.T) *browserEnv {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return newBrowserEnvOn(t, ln, serve.Config{})
}

// chromiumPath finds Debian's chromium, or skips the test (fails it with
// $MEEPLE_REQUIRE_PEERS set).
func chromiumPath(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		// The page is the browser's, not Go's: the short run leaves
		// it to the default one (and the race run builds none of it).
		t.Skip("the browser tests run without -short")
	}
	path, err := exec.LookPath("chromium")
	if err != nil {
		if _, err2 := os.Stat("/usr/bin/chromium"); err2 != nil {
			if os.Getenv("MEEPLE_REQUIRE_PEERS") != "" {
				t.Fatalf("chromium is missing and MEEPLE_REQUIRE_PEERS is set: %v", err)
			}
			t.Skip("chromium is not installed")
		}
		path = "/usr/bin/chromium"
	}
	return path
}

// newBrowserEnvOn serves cfg (its Dir, Self and AllowSeed the test's) on
// ln, and makes sure the shared chromium runs.
func newBrowserEnvOn(t *testing.T, ln net.Listener, cfg serve.Config) *browserEnv {
	t.Helper()
	path := chromiumPath(t)
	t.Parallel() // much of a browser test is waiting: two at once (GOMAXPROCS) overlap it
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	done := make(chan error, 1)
	cfg.Dir, cfg.Self, cfg.AllowSeed = t.TempDir(), []string{os.Args[0], engineArg}, true
	go func() { done <- serve.Serve(ctx, ln, cfg) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	if _, err := sharedChromium(path); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return &browserEnv{t: t, base: "http://" + ln.Addr().String(), dir: cfg.Dir}
}

// shared is the one chromium of the browser tests, started once (it dies
// with the test binary: chromedp starts it with the parent-death signal),
// with its idle tabs. Every page a test opens is a tab in a browser
// context of its own (no storage shared with the test's other pages),
// given back blank when the test ends and reused by the next: a new
// context and tab cost chromium about 1.4 s of CPU here (3.4 s with the
// omnibox popup's renderer, now left out), navigating an idle one 0.4 to
// 0.6 s. A reused tab shows nothing of the test before: each test's server
// listens on a port of its own, and a page's storage is its origin's.
var shared struct {
	once sync.Once
	ctx  context.Context
	err  error

	mu   sync.Mutex
	idle []tab
}

// tab is one of the shared chromium's tabs and what closes it.
type tab struct {
	ctx   context.Context
	close context.CancelFunc
}

func sharedChromium(path string) (context.Context, error) {
	shared.once.Do(func() {
		opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
			chromedp.DisableGPU, chromedp.WindowSize(600, 1000),
			// TestBrowserBehindCaddy: its public name is the proxy on
			// loopback, with the proxy's own certificate authority (the
			// test's Go client checks the certificate).
			chromedp.Flag("host-resolver-rules", "MAP "+publicName+" 127.0.0.1"),
			chromedp.Flag("ignore-certificate-errors", true),
			// Chromium's CPU is most of these tests' time: no spare
			// renderer started ahead, no new one for a navigation to the
			// same site (the test's next server), no JIT for pages this
			// small (the first two features are chromedp's defaults).
			chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,ProactivelySwapBrowsingInstance,BackForwardCache,RenderDocument,SpareRendererForSitePerProcess,"+
				// nor the omnibox popup, a page of chromium's own that each
				// browser context otherwise loads in a renderer of its
				// own, headless too: more than half of a new tab's CPU.
				"WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup"),
			chromedp.Flag("js-flags", "--jitless"))
		alloc, _ := chromedp.NewExecAllocator(context.Background(), opts...)
		shared.ctx, _ = chromedp.NewContext(alloc)
		shared.err = chromedp.Do(shared.ctx)
	})
	return shared.ctx, shared.err
}

// page opens path in a tab of the test's own (an idle one, or a new one),
// which goes back to the idle tabs, blank, when the test ends.
func (e *browserEnv) page(path string) context.Context {
	e.t.Helper()
	reuse := e.lang == "" // a tab with a language of its own is not reused
	var tb tab
	shared.mu.Lock()
	if n := len(shared.idle); n > 0 && reuse {
		tb, shared.idle = shared.idle[n-1], shared.idle[:n-1]
	}
	shared.mu.Unlock()
	if tb.ctx == nil {
		tb.ctx, tb.close = chromedp.NewContext(shared.ctx, chromedp.WithNewBrowserContext())
		// chromedp follows a tab's network, style sheets and log; these
		// tests read the page by evaluating JavaScript, and chromium need
		// not report the rest (every WebSocket frame, for one).
		for _, m := range []cdp.Command[cdp.Empty, cdp.Empty]{network.Disable, css.Disable, log.Disable} {
			if _, err := chromedp.Call(tb.ctx, m, cdp.Empty{}); err != nil {
				tb.close()
				e.t.Fatalf("a new tab: %v", err)
			}
		}
	}
	if !reuse {
		// The language is the tab's for good: closed at the end, not reused.
		v, err := chromedp.Call(tb.ctx, browser.GetVersion, cdp.Empty{})
		if err == nil {
			_, err = chromedp.Call(tb.ctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: v.UserAgent, AcceptLanguage: e.lang})
		}
		if err == nil {
			_, err = chromedp.Call(tb.ctx, emulation.SetLocaleOverride, emulation.SetLocaleOverrideParams{Locale: e.lang})
		}
		if err != nil {
			tb.close()
			e.t.Fatalf("the browser's language %s: %v", e.lang, err)
		}
	}
	e.t.Cleanup(func() {
		// Blank, the page closes its socket before its server stops; a tab
		// that cannot be blanked is closed.
		ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
		defer cancel()
		if !reuse || chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`location.replace("about:blank")`)) != nil {
			tb.close()
			return
		}
		shared.mu.Lock()
		shared.idle = append(shared.idle, tb)
		shared.mu.Unlock()
	})
	if err := chromedp.Do(tb.ctx, chromedp.EmulateViewport(600, 1000), chromedp.Navigate(e.base+path)); err != nil {
		e.t.Fatalf("opening %s: %v", path, err)
	}
	return tb.ctx
}

// open shows path in tab, a page of the test's own that it is done with:
// a navigation costs chromium a fraction of another tab.
func (e *browserEnv) open(tab context.Context, path string) context.Context {
	e.t.Helper()
	do(e.t, tab, chromedp.Navigate(e.base+path))
	return tab
}

type seatLink struct{ Name, Link string }

// createRoom makes a room through the API, as the lobby does.
func (e *browserEnv) createRoom(body string) []seatLink {
	e.t.Helper()
	res, err := http.Post(e.base+"/api/rooms", "application/json", strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusCreated && res.StatusCode != http.StatusOK {
		e.t.Fatalf("POST /api/rooms %s: %s %s", body, res.Status, b)
	}
	var out struct{ Seats []seatLink }
	if err := json.Unmarshal(b, &out); err != nil {
		e.t.Fatalf("POST /api/rooms: %v: %s", err, b)
	}
	return out.Seats
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// waitJS waits until a JavaScript condition holds, for at most 30
// seconds: a hundred times what it takes here. The page checks it every
// 20 ms, each check a task of its own (as a check from outside is, so it
// never sees a message half drawn), and answers once: a round trip through
// chromium for each check cost more than the page.
func waitJS(t *testing.T, ctx context.Context, cond, what string) {
	t.Helper()
	wait := `new Promise(resolve => {
		const holds = () => { try { return !!(` + cond + `); } catch { return false; } };
		const check = () => holds() ? resolve(true) : setTimeout(check, 20);
		check();
	})`
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for {
		// An error is a navigation (the page the promise was in is gone)
		// or a tab still loading: ask again.
		ok, err := chromedp.Run(wctx, chromedp.Evaluate[bool](wait, chromedp.EvalAwaitPromise))
		if err == nil && ok {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %s: %v", what, ctx.Err())
		case <-wctx.Done():
			st, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("main").innerText`))
			t.Fatalf("waiting for %s: 30 s went by; the page says:\n%s", what, st)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func do(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

const (
	jsStatus = `((document.querySelector(".status") || {}).textContent || "")`
	jsPlies  = `(document.querySelectorAll(".moves li").length)`
)

func cellSel(name string) string { return fmt.Sprintf(`rect.cell[data-name=%q]`, name) }

// center is the centre of the first element sel matches, scrolled into
// view, in the viewport's pixels; it waits for the element.
func center(t *testing.T, ctx context.Context, sel string) (x, y float64) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf("document.querySelector(%q)", sel), sel)
	p := eval[[]float64](t, ctx, fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		el.scrollIntoView({block: "nearest"});
		const r = el.getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2];
	})()`, sel))
	return p[0], p[1]
}

// click clicks the element sel matches with the mouse, as a person does.
// The element is found at the moment of the click: the page redraws
// itself on every message, so a node found earlier may be gone.
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	x, y := center(t, ctx, sel)
	do(t, ctx, chromedp.MouseClickXY(x, y))
}

// drag presses the mouse on one element and lets go on another.
func drag(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	fx, fy := center(t, ctx, from)
	tx, ty := center(t, ctx, to)
	do(t, ctx, chromedp.DragAndDropXY(fx, fy, tx, ty))
}

// waitTurn waits until the page has seen ply moves and it is its move.
func waitTurn(t *testing.T, ctx context.Context, ply int) {
	t.Helper()
	waitJS(t, ctx, fmt.Sprintf(`%s === %d && %s === "Your move"`, jsPlies, ply, jsStatus), fmt.Sprintf("my move at ply %d", ply))
}

// screenshot saves the page's main element as name.png in
// $MEEPLE_SCREENSHOTS (made if need be), and with -update in
// docs/screenshots/ for the README; with neither it takes none.
func screenshot(t *testing.T, ctx context.Context, name string, readme bool) {
	t.Helper()
	dir := os.Getenv("MEEPLE_SCREENSHOTS")
	if dir == "" && !(*updateShots && readme) {
		return // nobody looks at it: a screenshot costs the browser a render and a PNG
	}
	png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("main")))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if *updateShots && readme {
		if err := os.WriteFile(filepath.Join("..", "..", "docs", "screenshots", name+".png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBrowserTicTacToe creates a room in the lobby (a person against the
// engine) and plays it to the end by clicking.
func TestBrowserTicTacToe(t *testing.T) {
	e := newBrowserEnv(t)
	ctx := e.page("/")
	waitJS(t, ctx, `document.querySelector('#variant option[value="tictactoe"]')`, "the variants")
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#variant"); s.value = "tictactoe"; s.dispatchEvent(new Event("change")); })()`))
	waitJS(t, ctx, `document.querySelectorAll("#seats select").length === 2`, "a choice per seat")
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('#seats select[data-seat="1"]'); s.value = "level=1"; })()`))
	click(t, ctx, "#create")
	waitJS(t, ctx, `document.querySelector("#links a.button")`, "the room's links")
	if n := eval[int](t, ctx, `document.querySelectorAll("#links a.seat-link").length`); n != 1 {
		t.Errorf("%d private links for one person", n)
	}
	click(t, ctx, "#links a.button")
	waitJS(t, ctx, `location.pathname.startsWith("/room/") && document.querySelector("svg.board")`, "the room's board")
	for ply := 0; ; ply += 2 {
		waitJS(t, ctx, fmt.Sprintf(`%s.startsWith("Game over") || (%s === %d && %s === "Your move")`, jsStatus, jsPlies, ply, jsStatus), "my move or the end")
		if strings.HasPrefix(eval[string](t, ctx, jsStatus), "Game over") {
			break
		}
		if ply > 8 {
			t.Fatal("tic-tac-toe went past nine plies")
		}
		click(t, ctx, "rect.cell.target")
		waitJS(t, ctx, fmt.Sprintf(`%s > %d`, jsPlies, ply), "my move in the list")
	}
	status := eval[string](t, ctx, jsStatus)
	if !strings.Contains(status, "1-0") && !strings.Contains(status, "0-1") && !strings.Contains(status, "1/2") {
		t.Errorf("the end says %q: no result", status)
	}
	if n := eval[int](t, ctx, jsPlies); n < 5 || n > 9 {
		t.Errorf("%d moves in the list", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("rect.cell.last").length`); n != 1 {
		t.Errorf("%d cells highlighted as the last move, want 1", n)
	}
	href := eval[string](t, ctx, `document.querySelector("a.record").href`)
	waitJS(t, ctx, `document.querySelector("button.newgame")`, "the new game button")
	screenshot(t, ctx, "tictactoe", true)
	res, err := http.Get(href)
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !bytes.Contains(rec, []byte(`[Variant "tictactoe"]`)) {
		t.Errorf("the record link: %s\n%s", res.Status, rec)
	}

	// A new game swaps the seats: the person plays o, and every label says
	// so; the colours are the game's, not the names of game 1's seats.
	click(t, ctx, "button.newgame")
	seats := `[...document.querySelectorAll(".seats li")].map((li) => li.textContent).join(",")`
	waitJS(t, ctx, seats+` === "x: meeple level 1 (engine),o — you"`, "the seats of game 2")
	waitJS(t, ctx, fmt.Sprintf(`%s === 1 && %s === "Your move"`, jsPlies, jsStatus), "the engine's x, then my move")
}

// TestBrowserChessPromotion plays a short line to a promotion between two
// people in two tabs: a drag, clicks, and the promotion choice; black's
// board is drawn from black's side.
func TestBrowserChessPromotion(t *testing.T) {
	e := newBrowserEnv(t)
	seats := e.createRoom(`{"variant": "chess", "seats": [{"person": true}, {"person": true}]}`)
	tabs := []context.Context{e.page(seats[0].Link), e.page(seats[1].Link)}
	waitJS(t, tabs[1], `document.querySelector("svg.board")`, "black's board")
	flipped := `document.querySelector('rect.cell[data-name="a1"]').getBoundingClientRect().y < document.querySelector('rect.cell[data-name="a8"]').getBoundingClientRect().y`
	if !eval[bool](t, tabs[1], flipped) {
		t.Error("black's board has a1 below a8: not turned for black")
	}
	if eval[bool](t, tabs[0], flipped) {
		t.Error("white's board is turned")
	}
	line := []string{"a2a4", "b7b5", "a4b5", "a7a6", "b5a6", "c8b7", "a6b7", "b8c6"}
	for ply, mv := range line {
		tab := tabs[ply%2]
		waitTurn(t, tab, ply)
		switch {
		case ply == 0:
			drag(t, tab, cellSel(mv[:2]), cellSel(mv[2:4]))
		case mv == "b8c6":
			// Typed in SAN, which the page leaves to the server to read.
			do(t, tab, chromedp.SendKeys(chromedp.CSS(`input[name="move"]`), "Nc6\n"))
		default:
			click(t, tab, cellSel(mv[:2]))
			click(t, tab, cellSel(mv[2:4]))
		}
		waitJS(t, tab, fmt.Sprintf(`%s === %d`, jsPlies, ply+1), "move "+mv)
	}
	waitTurn(t, tabs[0], len(line))
	click(t, tabs[0], cellSel("b7"))
	click(t, tabs[0], cellSel("a8"))
	waitJS(t, tabs[0], `document.querySelectorAll(".choice button.choose").length === 4`, "the promotion choice")
	click(t, tabs[0], `.choice button.choose`)
	waitJS(t, tabs[1], fmt.Sprintf(`%s === %d`, jsPlies, len(line)+1), "the promotion on black's page")
	// The list in SAN, two plies a row, from the server.
	list := `[...document.querySelectorAll(".moves li")].map((li) => li.textContent).join(" ")`
	if got, want := eval[string](t, tabs[1], list), "1.a4 b5 2.axb5 a6 3.bxa6 Bb7 4.axb7 Nc6 5.bxa8=Q"; got != want {
		t.Errorf("the moves read %q, want %q", got, want)
	}
	piece := eval[string](t, tabs[1], `document.querySelector('g.stack[data-cell="56"] title').textContent`)
	if !strings.Contains(piece, "queen") {
		t.Errorf("a8 holds %q, want a queen", piece)
	}
	if n := eval[int](t, tabs[1], `document.querySelectorAll("rect.cell.last").length`); n != 2 {
		t.Errorf("%d cells highlighted as the last move, want 2", n)
	}
	screenshot(t, tabs[1], "chess", true)

	// Black resigns; a new game swaps the seats, and each board turns for
	// its new colour.
	do(t, tabs[1], chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`))
	click(t, tabs[1], "button.resign")
	waitJS(t, tabs[0], `document.querySelector("button.newgame")`, "the new game button")
	click(t, tabs[0], "button.newgame")
	waitJS(t, tabs[0], flipped, "the first page's board turned for black")
	waitJS(t, tabs[1], "!("+flipped+")", "the second page's board turned for white")

	// Castling, typed in SAN on both sides.
	seats = e.createRoom(`{"variant": "chess", "seats": [{"person": true}, {"person": true}]}`)
	tabs = []context.Context{e.open(tabs[0], seats[0].Link), e.open(tabs[1], seats[1].Link)}
	line = []string{"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6"}
	for ply, mv := range line {
		waitTurn(t, tabs[ply%2], ply)
		// Typed and sent in one step: the page redraws the box on every
		// message, which a key-by-key typist may be caught by.
		do(t, tabs[ply%2], chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const i = document.querySelector('input[name="move"]'); i.value = %q; i.form.requestSubmit(); })()`, mv)))
		waitJS(t, tabs[ply%2], fmt.Sprintf(`%s === %d`, jsPlies, ply+1), "move "+mv)
	}
	waitJS(t, tabs[0], fmt.Sprintf(`%s === %d`, jsPlies, len(line)), "the last move on white's page")
	if got, want := eval[string](t, tabs[0], list), "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.O-O Nf6"; got != want {
		t.Errorf("the moves read %q, want %q", got, want)
	}
}

// line plays seeded random games of variant until one reaches a position
// where want(state, move) holds for a legal move, and returns the moves up
// to and including that one (at most maxPly).
func line(t *testing.T, variant string, maxPly int, want func(games.State, games.Move) bool) []games.Move {
	t.Helper()
	v, err := games.LoadVariant(variant)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		st := v.Game.NewState()
		var moves []games.Move
		for len(moves) < maxPly && st.Player() >= 0 {
			legal := st.LegalMoves(nil)
			for _, m := range legal {
				if want(st, m) {
					return append(moves, m)
				}
			}
			m := legal[rng.IntN(len(legal))]
			st.Play(m)
			moves = append(moves, m)
		}
	}
	t.Fatalf("%s: no line found", variant)
	return nil
}

// playLine plays moves in two people's tabs, each move the way the page
// offers it: a cell, from and to, or a button.
func playLine(t *testing.T, variant string, tabs []context.Context, moves []games.Move, dragLast bool) {
	t.Helper()
	v, _ := games.LoadVariant(variant)
	st := v.Game.NewState()
	for ply, m := range moves {
		tab := tabs[st.Player()]
		waitTurn(t, tab, ply)
		text := st.FormatMove(m)
		cells := st.(games.Pictured).MoveCells(m)
		g := newGeometry(v.Game.Describe())
		switch {
		case len(cells) == 2 && dragLast && ply == len(moves)-1:
			drag(t, tab, cellSel(g.name(cells[0])), cellSel(g.name(cells[1])))
		case len(cells) == 2:
			click(t, tab, cellSel(g.name(cells[0])))
			click(t, tab, cellSel(g.name(cells[1])))
		case len(cells) == 1:
			click(t, tab, cellSel(g.name(cells[0])))
		default:
			click(t, tab, fmt.Sprintf(`button.move-button[data-move=%q]`, text))
		}
		// At least: a forced pass may follow at once, played for the next.
		waitJS(t, tab, fmt.Sprintf(`%s >= %d`, jsPlies, ply+1), "move "+text)
		st.Play(m)
	}
}

// geometry names cells as the games' notation does, for the tests.
type geometry struct{ d games.Description }

func newGeometry(d games.Description) geometry { return geometry{d} }

func (g geometry) name(cell int) string {
	var b strings.Builder
	for i, n := range g.d.Dims {
		c := cell % n
		cell /= n
		if i < len(g.d.Coords) && g.d.Coords[i] == "letters" || i >= len(g.d.Coords) && i%2 == 0 {
			b.WriteByte(byte('a' + c))
		} else {
			fmt.Fprint(&b, c+1)
		}
	}
	return b.String()
}

// TestBrowserOthelloPass plays Othello on 4x4 between two people up to a
// forced pass, which the room plays for the player: it shows in both
// pages' move lists with no click. The page is checked at a phone's width
// too.
func TestBrowserOthelloPass(t *testing.T) {
	const variant = "othello(size=4)"
	moves := line(t, variant, 16, func(st games.State, m games.Move) bool {
		return st.FormatMove(m) == "pass"
	})
	e := newBrowserEnv(t)
	seats := e.createRoom(`{"variant": "othello(size=4)", "seats": [{"person": true}, {"person": true}]}`)
	tabs := []context.Context{e.page(seats[0].Link), e.page(seats[1].Link)}
	playLine(t, variant, tabs, moves[:len(moves)-1], false)
	v, _ := games.LoadVariant(variant)
	st := v.Game.NewState()
	for _, m := range moves[:len(moves)-1] {
		st.Play(m)
	}
	passer := tabs[st.Player()]
	waitJS(t, passer, fmt.Sprintf(`%s === %d`, jsPlies, len(moves)), "the pass played for the player, in the list")
	if last := eval[string](t, passer, `[...document.querySelectorAll(".moves li")].pop().textContent`); !strings.Contains(last, "pass") {
		t.Errorf("the last move in the list reads %q, want the pass", last)
	}
	if !eval[bool](t, passer, `[...document.querySelectorAll(".notes li")].some(li => li.textContent.includes("disc"))`) {
		t.Error("no disc count under the board")
	}
	other := tabs[0]
	if other == passer {
		other = tabs[1]
	}
	waitJS(t, other, fmt.Sprintf(`%s === %d`, jsPlies, len(moves)), "the pass on the other page")
	screenshot(t, other, "othello", true)
	do(t, other, chromedp.EmulateViewport(390, 844))
	waitJS(t, other, `document.documentElement.scrollWidth <= 390 && document.querySelector("svg.board").getBoundingClientRect().width <= 390`, "the page within a phone's width")
	if w := eval[float64](t, other, `document.querySelector("svg.board").getBoundingClientRect().width`); w < 300 {
		t.Errorf("the board is %.0f px wide on a phone", w)
	}
}

// TestBrowserNoccaStack plays Nocca Nocca up to a move onto another piece,
// made by dragging, and checks the stack drawn bottom to top.
func TestBrowserNoccaStack(t *testing.T) {
	const variant = "nocca"
	v, _ := games.LoadVariant(variant)
	var top int
	moves := line(t, variant, 30, func(st games.State, m games.Move) bool {
		cells := st.(games.Pictured).MoveCells(m)
		if len(cells) != 2 {
			return false
		}
		// Onto the other side's piece, so the stack mixes colours.
		pic := st.(games.Pictured).Picture(-1)
		stack := pic.Cells[cells[1]]
		if len(stack) == 0 || v.Game.Describe().Pieces[stack[len(stack)-1]].Seat == st.Player() {
			return false
		}
		top = cells[1]
		return true
	})
	e := newBrowserEnv(t)
	seats := e.createRoom(`{"variant": "nocca", "seats": [{"person": true}, {"person": true}]}`)
	tabs := []context.Context{e.page(seats[0].Link), e.page(seats[1].Link)}
	playLine(t, variant, tabs, moves, true)
	st := v.Game.NewState()
	for _, m := range moves {
		st.Play(m)
	}
	want := st.(games.Pictured).Picture(-1).Cells[top]
	for k, tab := range tabs {
		waitJS(t, tab, fmt.Sprintf(`%s === %d`, jsPlies, len(moves)), "the stacking move")
		got := eval[string](t, tab, fmt.Sprintf(`document.querySelector('g.stack[data-cell="%d"]').dataset.pieces`, top))
		if got != strings.Trim(fmt.Sprint(want), "[]") || len(want) < 2 {
			t.Errorf("page %d: the stack on %s is %q, want %v (bottom to top)", k, newGeometry(v.Game.Describe()).name(top), got, want)
		}
	}
	screenshot(t, tabs[0], "nocca", true)
}

// TestBrowserTheGameHands seats three people at The Game, each in a browser
// context of their own, plays a few turns by picking cards and piles, and
// checks that no page ever shows another player's cards.
func TestBrowserTheGameHands(t *testing.T) {
	e := newBrowserEnv(t)
	seats := e.createRoom(`{"variant": "thegame(players=3)", "seed": 7, "seats": [{"person": true}, {"person": true}, {"person": true}]}`)
	var tabs []context.Context
	for _, s := range seats {
		tabs = append(tabs, e.page(s.Link))
	}
	check := func() {
		t.Helper()
		hands := make([][]string, len(tabs))
		for k, tab := range tabs {
			waitJS(t, tab, `document.querySelector(".hand.mine .card")`, "my hand")
			if s := eval[string](t, tab, `[...document.querySelectorAll(".hand.mine")].map(h => h.dataset.seat).join(",")`); s != fmt.Sprint(k) {
				t.Fatalf("page %d shows the hands of seats %q as its own", k, s)
			}
			if n := eval[int](t, tab, `[...document.querySelectorAll("[data-card]")].filter(el => !el.closest(".hand.mine")).length`); n != 0 {
				t.Fatalf("page %d shows %d cards outside its own hand", k, n)
			}
			if s := eval[string](t, tab, `[...document.querySelectorAll(".back-hand .card")].map(c => c.textContent).join("")`); s != "" {
				t.Fatalf("page %d writes %q on the other hands' card backs", k, s)
			}
			if n := eval[int](t, tab, `document.querySelectorAll(".back-hand").length`); n != len(tabs)-1 {
				t.Fatalf("page %d shows %d other hands, want %d", k, n, len(tabs)-1)
			}
			hands[k] = strings.Fields(eval[string](t, tab, `[...document.querySelectorAll(".hand.mine [data-card]")].map(c => c.dataset.card).join(" ")`))
		}
		for i := range hands {
			for j := range hands {
				if i != j {
					for _, c := range hands[j] {
						if slices.Contains(hands[i], c) {
							t.Fatalf("card %s is in the hands of seats %d and %d", c, i, j)
						}
					}
				}
			}
		}
	}
	for actions := 0; actions < 7; actions++ {
		check()
		// The page whose status says it is to move acts: a card on a pile,
		// or the end of its turn once it has played its share.
		mover := -1
		for k, tab := range tabs {
			if eval[string](t, tab, jsStatus) == "Your move" {
				mover = k
			}
		}
		if mover < 0 {
			waitJS(t, tabs[0], `document.querySelector(".status").textContent.includes("move")`, "someone to move")
			continue
		}
		tab := tabs[mover]
		before := eval[int](t, tab, jsPlies)
		end := eval[bool](t, tab, `!!document.querySelector('button.move-button[data-move="end"]')`)
		if end && actions%3 == 2 || eval[int](t, tab, `document.querySelectorAll(".hand.mine .card.playable").length`) == 0 {
			click(t, tab, `button.move-button[data-move="end"]`)
		} else {
			click(t, tab, ".hand.mine .card.playable")
			waitJS(t, tab, `document.querySelector(".pile.target")`, "a pile to play on")
			click(t, tab, ".pile.target")
		}
		waitJS(t, tab, fmt.Sprintf(`%s > %d`, jsPlies, before), "the move in the list")
	}
	check()
	// The list reads: each ply with who made it, a card by its number and
	// pile, the turn's end, a card drawn by another as "drew a card", one's
	// own draws with the card.
	for k, tab := range tabs {
		items := eval[[]string](t, tab, `[...document.querySelectorAll(".moves li")].map((li) => li.textContent)`)
		var played, ended, drewOther, drewOwn bool
		for _, it := range items {
			switch {
			case it == "?" || !strings.HasPrefix(it, "player "):
				t.Fatalf("page %d lists %q: want a seat and what it did (%q)", k, it, items)
			case regexp.MustCompile(`^player \d: played \d+ on [a-d]$`).MatchString(it):
				played = true
			case regexp.MustCompile(`^player \d: ended the turn$`).MatchString(it):
				ended = true
			case it == fmt.Sprintf("player %d: drew a card", (k+1)%3+1) || it == fmt.Sprintf("player %d: drew a card", (k+2)%3+1):
				drewOther = true
			case regexp.MustCompile(fmt.Sprintf(`^player %d: drew \d+$`, k+1)).MatchString(it):
				drewOwn = true
			default:
				t.Fatalf("page %d lists %q (%q)", k, it, items)
			}
		}
		if !played || !ended || !drewOther || !drewOwn {
			t.Fatalf("page %d lists %q: played %v, ended %v, another's draw %v, its own draw %v", k, items, played, ended, drewOther, drewOwn)
		}
	}
	// Table talk: seat 1 asks the table to play nothing on pile b; every
	// page shows who said it, in words.
	click(t, tabs[0], `.talk[data-pile="b"] button.say[data-word="stop"]`)
	for k, tab := range tabs {
		sel := `.talk[data-pile="b"] .said[data-seat="0"][data-word="stop"]`
		waitJS(t, tab, fmt.Sprintf("document.querySelector(%q)", sel), "seat 1's word on pile b")
		if got := eval[string](t, tab, fmt.Sprintf("document.querySelector(%q).textContent", sel)); got != "player 1: please play nothing here" {
			t.Errorf("page %d shows the word as %q", k, got)
		}
	}
	for k, tab := range tabs {
		name := fmt.Sprintf("thegame-seat%d", k+1)
		if k == 0 {
			name = "thegame"
		}
		screenshot(t, tab, name, k == 0)
	}

	// Solitaire, played to its end by a socket of the page's seat: the end
	// says the team lost and with how many cards, nothing is still due,
	// and the next game swaps no seats (there is one).
	solo := e.open(tabs[0], e.createRoom(`{"variant": "thegame", "seed": 3, "seats": [{"person": true}]}`)[0].Link)
	waitJS(t, solo, `document.querySelector(".hand.mine .card")`, "the solitaire hand")
	autoplay(t, solo)
	waitJS(t, solo, jsStatus+`.startsWith("Game over")`, "the end of the solitaire game")
	if got := eval[string](t, solo, jsStatus); !regexp.MustCompile(`^Game over: The team loses with \d+ cards left: player 1 cannot play the minimum$`).MatchString(got) {
		t.Errorf("the solitaire game's end says %q", got)
	}
	if got := eval[string](t, solo, `document.querySelector(".table .facts").textContent`); strings.Contains(got, "due") {
		t.Errorf("the end's table says %q: something still due", got)
	}
	if got := eval[string](t, solo, `document.querySelector("button.newgame").textContent`); got != "New game" {
		t.Errorf("a room of one seat offers %q", got)
	}
	screenshot(t, solo, "thegame-end", false)
}

// autoplay plays the room's game to its end from a second socket of the
// page's seat: on every state, the first legal move.
func autoplay(t *testing.T, ctx context.Context) {
	t.Helper()
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/ws/room/" + location.pathname.split("/")[2] + location.search);
		ws.onmessage = (e) => {
			const m = JSON.parse(e.data);
			if (m.type !== "state") return;
			if (m.result) ws.close();
			else if (m.legal && m.legal.length) ws.send(JSON.stringify({type: "move", move: m.legal[0].move, ply: m.ply}));
		};
	})()`))
}

// TestBrowserLobbyVariants checks a variant in the lobby written inline
// and uploaded as a TOML file: a good one offers its seats by name, a bad
// file's error names the file, the line and the key.
func TestBrowserLobbyVariants(t *testing.T) {
	e := newBrowserEnv(t)
	ctx := e.page("/")
	waitJS(t, ctx, `document.querySelector('#variant option[value="othello"]')`, "the variants")
	do(t, ctx, chromedp.SendKeys(chromedp.CSS("#inline"), "othello(size=10)"))
	click(t, ctx, `form button[type="submit"]`)
	waitJS(t, ctx, `document.querySelectorAll("#seats select").length === 2`, "the seats of othello(size=10)")
	if s := eval[string](t, ctx, `[...document.querySelectorAll("#seats .seat span")].map(s => s.textContent).join(",")`); s != "black,white" {
		t.Errorf("the seats are %q, want black,white", s)
	}
	bad := filepath.Join(t.TempDir(), "bad.toml")
	if err := os.WriteFile(bad, []byte("game = \"othello\"\nname = \"bad\"\n[rules]\nsizes = 6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#toml"), []string{bad}))
	waitJS(t, ctx, `document.querySelector("#checked .error")`, "the file's error")
	msg := eval[string](t, ctx, `document.querySelector("#checked .error").textContent`)
	if !strings.Contains(msg, "bad.toml:4") || !strings.Contains(msg, "sizes") {
		t.Errorf("the error %q does not name bad.toml:4 and the key sizes", msg)
	}
	if !eval[bool](t, ctx, `document.querySelector("#create").disabled`) {
		t.Error("a room can be created from a bad file")
	}
	// The same file, mended and chosen again, is checked again.
	if err := os.WriteFile(bad, []byte("game = \"othello\"\nname = \"mended\"\n[rules]\nsize = 6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#toml"), []string{bad}))
	waitJS(t, ctx, `document.querySelector("#checked .ok")`, "the mended file checked again")
	if got := eval[string](t, ctx, `document.querySelector("#checked strong").textContent`); got != "mended" {
		t.Errorf("the mended file is checked as %q", got)
	}

	// The Game says how many play: the lobby offers 1 to 5, a seat each,
	// every seat a person until an engine is chosen; the room shows the
	// rules in force.
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#variant"); s.value = "thegame-house"; s.dispatchEvent(new Event("change")); })()`))
	waitJS(t, ctx, `document.querySelector("#players")`, "the number of players")
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#players option")].map((o) => o.value).join(",")`); got != "1,2,3,4,5" {
		t.Errorf("the lobby offers %q players", got)
	}
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#players"); s.value = "3"; s.dispatchEvent(new Event("change")); })()`))
	waitJS(t, ctx, `document.querySelectorAll("#seats select[data-seat]").length === 3`, "three seats")
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#seats select[data-seat]")].map((s) => s.value).join(",")`); got != "person,person,person" {
		t.Errorf("the new seats are %q, want people", got)
	}
	if got := eval[string](t, ctx, `document.querySelector("#checked strong").textContent`); got != "thegame-house" {
		t.Errorf("with 3 players the variant is %q, want thegame-house still", got)
	}
	// Two engines at one level, told apart by their seats.
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#seats select[data-seat]").forEach((s, k) => { if (k > 0) s.value = "level=2"; })`))
	click(t, ctx, "#create")
	waitJS(t, ctx, `document.querySelectorAll("#links a.seat-link").length === 1`, "the person's link")
	if got := eval[string](t, ctx, `[...document.querySelectorAll("#links li")].map((li) => li.textContent).join(" | ")`); !strings.HasSuffix(got, " | player 2: the engine, meeple level 2 | player 3: the engine, meeple level 2") {
		t.Errorf("the seats read %q: the engines not told apart by seat and level", got)
	}
	house := e.open(ctx, eval[string](t, ctx, `new URL(document.querySelector("#links a.seat-link").href).pathname + new URL(document.querySelector("#links a.seat-link").href).search`))
	waitJS(t, house, `document.querySelector(".rules summary")`, "the rules in force")
	if got := eval[string](t, house, `document.querySelector(".rules summary").textContent`); got != "Rules: players=3, hand=6, repdigit=true, last_digit=true" {
		t.Errorf("the room's rules read %q", got)
	}

	// A board of three axes: slices side by side, each labelled.
	seats := e.createRoom(`{"variant": "qubic", "seats": [{"person": true}, {"person": true}]}`)
	q := e.open(house, seats[0].Link)
	waitTurn(t, q, 0)
	if n := eval[int](t, q, `document.querySelectorAll("svg.board text.slice").length`); n != 4 {
		t.Errorf("qubic is drawn in %d labelled slices, want 4", n)
	}
	click(t, q, cellSel("b2c"))
	waitJS(t, q, jsPlies+" === 1", "the move b2c")
	screenshot(t, q, "qubic", true)
}

// roomsMade counts the rooms the server made: each is an entry of its
// room log.
func (e *browserEnv) roomsMade() int {
	e.t.Helper()
	logs, _ := filepath.Glob(filepath.Join(e.dir, "log", "*.log"))
	n := 0
	for _, l := range logs {
		b, err := os.ReadFile(l)
		if err != nil {
			e.t.Fatal(err)
		}
		n += bytes.Count(b, []byte(`"file":{"id"`))
	}
	return n
}

// TestBrowserForeignPage: a page of another site cannot make rooms: not
// with a plain form (a text/plain body shaped like JSON), nor with a
// fetch that needs no permission; the server's own lobby can.
func TestBrowserForeignPage(t *testing.T) {
	e := newBrowserEnv(t)
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<!doctype html><body>
<form id="f" method="post" enctype="text/plain" action="%[1]s/api/rooms">
<input type="hidden" name='{"variant":"tictactoe","seats":[{"person":true},{"person":true}],"file":"' value='"}'>
</form>
<script>
fetch("%[1]s/api/rooms", {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"},
  body: '{"variant":"tictactoe","seats":[{"person":true},{"person":true}]}'})
  .finally(() => document.getElementById("f").submit());
</script></body>`, e.base)
	}))
	defer evil.Close()
	ctx := e.page("/")
	waitJS(t, ctx, `document.querySelector("main") && document.querySelector("main").innerText.length > 0`, "the lobby")
	do(t, ctx, chromedp.Navigate(evil.URL))
	waitJS(t, ctx, `location.href.includes("/api/rooms") && document.body.innerText.length > 0`, "the form's answer")
	answer := eval[string](t, ctx, `document.body.innerText`)
	if !strings.Contains(answer, "not this server's page") && !strings.Contains(answer, "another site") {
		t.Fatalf("the form's answer: %s", answer)
	}
	if n := e.roomsMade(); n != 0 {
		t.Fatalf("another site's page made %d rooms", n)
	}
	e.createRoom(`{"variant":"tictactoe","seats":[{"person":true},{"person":true}]}`)
	if n := e.roomsMade(); n != 1 {
		t.Fatalf("%d rooms after one made through the API", n)
	}
}

// TestBrowserTypedKept: text typed in the move box stays there, with the
// focus, while messages redraw the page (a seat joins), and plays when
// finished.
func TestBrowserTypedKept(t *testing.T) {
	e := newBrowserEnv(t)
	seats := e.createRoom(`{"variant": "tictactoe", "seats": [{"person": true}, {"person": true}]}`)
	x := e.page(seats[0].Link)
	waitTurn(t, x, 0)
	do(t, x, chromedp.SendKeys(chromedp.CSS(`input[name="move"]`), "b"))
	if n := eval[int](t, x, `document.querySelectorAll(".seats li.online").length`); n != 1 {
		t.Fatalf("%d seats online before the second joins", n)
	}
	o := e.page(seats[1].Link) // o joins: x's page is redrawn
	waitJS(t, x, `document.querySelectorAll(".seats li.online").length === 2`, "o online on x's page")
	got := eval[string](t, x, `(() => { const i = document.querySelector('input[name="move"]'); return i.value + "|" + (document.activeElement === i); })()`)
	if got != "b|true" {
		t.Fatalf("after a redraw the move box holds %q, want b with the focus", got)
	}
	do(t, x, chromedp.SendKeys(chromedp.CSS(`input[name="move"]`), "2\n"))
	waitJS(t, x, jsPlies+" === 1", "the move typed")
	if m := eval[string](t, x, `document.querySelector(".moves li").textContent`); !strings.Contains(m, "b2") {
		t.Fatalf("the move list: %q", m)
	}

	// o names their seat: every page shows the name on it, as text; the
	// name is kept in o's browser and given again when o comes back.
	const nick = "<b>Ann</b> 🦉"
	waitJS(t, o, `document.querySelector("form.nick input")`, "the name box")
	do(t, o, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const i = document.querySelector("form.nick input"); i.value = %q; i.form.requestSubmit(); })()`, nick)))
	seatsText := `[...document.querySelectorAll(".seats li")].map((li) => li.textContent).join(",")`
	waitJS(t, x, seatsText+fmt.Sprintf(` === "x — you,o: %s"`, nick), "o's name on x's page")
	if n := eval[int](t, x, `document.querySelectorAll(".seats b").length`); n != 0 {
		t.Errorf("the name is drawn as HTML: %d <b> elements", n)
	}
	do(t, o, chromedp.Reload())
	waitJS(t, o, seatsText+fmt.Sprintf(` === "x,o: %s — you"`, nick), "o's name on o's page again")
	// o's move: o's tab says so, x's does not; o's sound is off until
	// asked for, then on (kept), and it sounds when o's move comes.
	waitJS(t, o, `document.title === "● Your move — meeple · tictactoe"`, "o's tab to say it is o's move")
	if got := eval[string](t, x, `document.title`); got != "meeple · tictactoe" {
		t.Errorf("on o's move x's tab reads %q", got)
	}
	if got := eval[string](t, o, `document.querySelector("button.sound").getAttribute("aria-pressed")`); got != "false" {
		t.Errorf("the sound is %q before it was asked for", got)
	}
	// A stand-in for the page's sound, which counts the tones played.
	const fakeAudio = `window.tones = 0; window.AudioContext = class {
		get currentTime() { return 0; } get destination() { return {}; }
		createOscillator() { return {frequency: {}, connect: (n) => n, start() { window.tones++; }, stop() {}}; }
		createGain() { return {gain: {}, connect: (n) => n}; }
	}`
	added, err := chromedp.Call(o, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: fakeAudio})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { // before the tab is reused
		chromedp.Call(o, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams(added))
	})
	click(t, o, "button.sound")
	do(t, o, chromedp.Reload())
	waitJS(t, o, `document.querySelector("button.sound") && document.querySelector("button.sound").getAttribute("aria-pressed") === "true"`, "the sound kept on")
	waitJS(t, o, `window.tones === 1`, "a tone on o's move, on coming back")
	click(t, o, cellSel("a1"))
	waitJS(t, x, jsPlies+" === 2", "o's move on x's page")
	if got := eval[string](t, x, `document.title`); got != "● Your move — meeple · tictactoe" {
		t.Errorf("on x's move x's tab reads %q", got)
	}
	click(t, x, cellSel("c3"))
	waitJS(t, o, `window.tones === 2`, "a tone on o's next move")

	spectator := e.page(strings.Split(seats[0].Link, "?")[0])
	waitJS(t, spectator, seatsText+fmt.Sprintf(` === "x,o: %s"`, nick), "o's name on a spectator's page")
	if eval[int](t, x, `document.querySelectorAll("form.nick").length`) != 1 || eval[int](t, spectator, `document.querySelectorAll("form.nick").length`) != 0 {
		t.Error("the name box is not offered to the seats alone")
	}
}

// TestBrowserBoardsLook: boards are drawn as the real ones from their
// description's look: Othello's green cells, Connect Four's holes in a
// blue frame, the line that won and a king in check marked.
func TestBrowserBoardsLook(t *testing.T) {
	e := newBrowserEnv(t)
	fill := `getComputedStyle(document.querySelector('rect.cell[data-name="%s"]')).fill`
	two := `{"variant": "%s", "seats": [{"person": true}, {"person": true}]}`
	o := e.page(e.createRoom(fmt.Sprintf(two, "othello"))[0].Link)
	waitTurn(t, o, 0)
	if f := eval[string](t, o, fmt.Sprintf(fill, "a1")); f != "rgb(46, 139, 87)" {
		t.Errorf("Othello's a1 is %s, want the look's green", f)
	}
	seats := e.createRoom(fmt.Sprintf(two, "connect4"))
	c := e.open(o, seats[0].Link)
	waitTurn(t, c, 0)
	if n := eval[int](t, c, `document.querySelectorAll("circle.hole-cut").length`); n != 42 {
		t.Errorf("Connect Four has %d holes, want 42", n)
	}
	if f := eval[string](t, c, `getComputedStyle(document.querySelector("rect.frame")).fill`); f != "rgb(29, 79, 184)" {
		t.Errorf("Connect Four's frame is %s", f)
	}
	click(t, c, cellSel("d3"))
	waitJS(t, c, jsPlies+" === 1", "a disc dropped")
	if f := eval[string](t, c, `document.querySelector('g.stack[data-cell="3"] circle').getAttribute("fill")`); f != "crimson" {
		t.Errorf("the first disc is %q, want crimson", f)
	}
	screenshot(t, c, "connect4", false)

	seats = e.createRoom(fmt.Sprintf(two, "tictactoe"))
	tabs := []context.Context{e.open(c, seats[0].Link), e.page(seats[1].Link)}
	for ply, mv := range []string{"a1", "a2", "b1", "b2", "c1"} {
		waitTurn(t, tabs[ply%2], ply)
		click(t, tabs[ply%2], cellSel(mv))
		waitJS(t, tabs[ply%2], fmt.Sprintf(`%s === %d`, jsPlies, ply+1), "move "+mv)
	}
	waitJS(t, tabs[1], jsStatus+`.startsWith("Game over")`, "the end")
	if got := eval[string](t, tabs[1], `[...document.querySelectorAll("rect.cell.marked")].map((c) => c.dataset.name).sort().join(",")`); got != "a1,b1,c1" {
		t.Errorf("the marked cells are %q, want the line a1,b1,c1", got)
	}
	if got := eval[string](t, tabs[1], jsStatus); got != "Game over: x wins: three in a row (1-0)" {
		t.Errorf("the end says %q, want who won and how", got)
	}
	// The review: the engine's judgement of every position as a graph, o's
	// losing a2 marked, and a step back to it.
	click(t, tabs[1], "button.review-ask")
	waitJS(t, tabs[1], `document.querySelector(".review .review-drops")`, "the review")
	if got := eval[string](t, tabs[1], `document.querySelector(".review-drops").textContent`); !strings.Contains(got, "1. a2") {
		t.Errorf("the review marks %q, want o's a2", got)
	}
	if n := eval[int](t, tabs[1], `document.querySelectorAll(".review-graph circle.point").length`); n != 5 {
		t.Errorf("%d points on the graph, want 5 (the last position is over)", n)
	}
	click(t, tabs[1], `.review-graph circle.point[data-ply="2"]`)
	waitJS(t, tabs[1], `document.querySelector(".review-at").textContent.startsWith("Position after 2 plies: x wins in")`, "the position after a2")
	if n := eval[int](t, tabs[1], `document.querySelectorAll(".review-board g.stack").length`); n != 2 {
		t.Errorf("the review's board after 2 plies holds %d pieces", n)
	}
	screenshot(t, tabs[1], "review", false)

	seats = e.createRoom(fmt.Sprintf(two, "chess"))
	tabs = []context.Context{e.open(tabs[0], seats[0].Link), e.open(tabs[1], seats[1].Link)}
	for ply, mv := range []string{"e2e4", "f7f5", "d1h5"} {
		waitTurn(t, tabs[ply%2], ply)
		click(t, tabs[ply%2], cellSel(mv[:2]))
		click(t, tabs[ply%2], cellSel(mv[2:]))
		waitJS(t, tabs[ply%2], fmt.Sprintf(`%s === %d`, jsPlies, ply+1), "move "+mv)
	}
	waitTurn(t, tabs[1], 3)
	if got := eval[string](t, tabs[1], `[...document.querySelectorAll("rect.cell.marked")].map((c) => c.dataset.name).join(",")`); got != "e8" {
		t.Errorf("in check, the marked cells are %q, want the king's e8", got)
	}
	if n := eval[string](t, tabs[1], `document.querySelector(".notes").textContent`); n != "check" {
		t.Errorf("the notes say %q", n)
	}
	// Black resigns: the end says who won and why.
	do(t, tabs[1], chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`))
	click(t, tabs[1], "button.resign")
	waitJS(t, tabs[0], jsStatus+`.startsWith("Game over")`, "the resignation")
	if got := eval[string](t, tabs[0], jsStatus); got != "Game over: White wins: black resigned (1-0)" {
		t.Errorf("after black resigns the end says %q", got)
	}
	// Game 2, seats swapped: the fool's mate; the mated king is marked.
	click(t, tabs[0], "button.newgame")
	for ply, mv := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		tab := tabs[(ply+1)%2]
		waitTurn(t, tab, ply)
		click(t, tab, cellSel(mv[:2]))
		click(t, tab, cellSel(mv[2:]))
		waitJS(t, tab, fmt.Sprintf(`%s === %d`, jsPlies, ply+1), "move "+mv)
	}
	waitJS(t, tabs[1], jsStatus+`.startsWith("Game over")`, "the mate")
	if got := eval[string](t, tabs[1], jsStatus); got != "Game over: Black wins by checkmate (0-1)" {
		t.Errorf("at mate the end says %q", got)
	}
	if got := eval[string](t, tabs[1], `[...document.querySelectorAll("rect.cell.marked")].map((c) => c.dataset.name).join(",")`); got != "e1" {
		t.Errorf("at mate the marked cells are %q, want the mated king's e1", got)
	}
	screenshot(t, tabs[1], "chess-mate", false)
}

// TestBrowserLobbyPlay: the lobby shows every shipped game with a small
// picture of its board; one click plays it against the engine at the
// chosen level; the room is then among "my rooms"; a room's links each
// have a copy button.
func TestBrowserLobbyPlay(t *testing.T) {
	e := newBrowserEnv(t)
	ctx := e.page("/")
	waitJS(t, ctx, `document.querySelectorAll(".game-card").length > 0`, "the games")
	vs, err := games.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll(".game-card").length`); n != len(vs) {
		t.Errorf("%d games in the lobby, want the %d shipped", n, len(vs))
	}
	if n := eval[int](t, ctx, `[...document.querySelectorAll(".game-card")].filter((c) => c.querySelector(".mini svg.board, .mini .table")).length`); n != len(vs) {
		t.Errorf("%d of %d games have a picture", n, len(vs))
	}
	// A variant chosen: its rules line (one long word) wraps.
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#variant"); s.value = "thegame-house"; s.dispatchEvent(new Event("change")); })()`))
	waitJS(t, ctx, `document.querySelector("#checked code")`, "the variant's rules")
	for _, size := range [][2]int64{{1280, 900}, {390, 844}} {
		do(t, ctx, chromedp.EmulateViewport(size[0], size[1]))
		if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > int(size[0]) {
			t.Errorf("at %d px wide the lobby is %d px wide", size[0], w)
		}
		if dir := os.Getenv("MEEPLE_SCREENSHOTS"); dir != "" {
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("lobby-%d.png", size[0])), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	do(t, ctx, chromedp.EmulateViewport(600, 1000))
	// Each level says how it plays and how long it thinks (its node budget
	// at meeple's speed).
	levels := eval[[]string](t, ctx, `[...document.querySelectorAll("#level option")].map((o) => o.textContent)`)
	if len(levels) != 10 || levels[0] != "level 1 · beginner · instant" || levels[6] != "level 7 · hard · about 1 s a move" || levels[9] != "level 10 · strongest · about 30 s a move" {
		t.Errorf("the levels read %q", levels)
	}
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#level"); s.value = "1"; s.dispatchEvent(new Event("change")); })()`))
	click(t, ctx, `.game-card[data-variant="tictactoe"] button.quick-play`)
	waitJS(t, ctx, `location.pathname.startsWith("/room/") && location.search.includes("token=") && document.querySelector("svg.board")`, "the room")
	room := eval[string](t, ctx, `location.pathname.split("/")[2]`)
	if s := eval[string](t, ctx, `[...document.querySelectorAll(".seats li")].map((li) => li.textContent).join(",")`); !strings.Contains(s, "meeple level 1") {
		t.Errorf("the seats are %q: want the engine at level 1", s)
	}
	do(t, ctx, chromedp.Navigate(e.base+"/"))
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#my-rooms li[data-room="%s"] a')`, room), "the room among my rooms")
	if l := eval[string](t, ctx, `document.querySelector("#level").value`); l != "1" {
		t.Errorf("the level chosen is not kept: %q", l)
	}

	// A room of two people: a copy button each.
	for _, p := range []string{"clipboard-read", "clipboard-write"} {
		if _, err := chromedp.CallBrowser(ctx, browser.SetPermission, browser.SetPermissionParams{
			Permission: &browser.PermissionDescriptor{Name: p}, Setting: browser.PermissionSettingGranted, Origin: e.base,
			BrowserContextID: chromedp.FromContext(ctx).BrowserContextID}); err != nil {
			t.Fatal(err)
		}
	}
	waitJS(t, ctx, `document.querySelector('#variant option[value="connect4"]')`, "the variants")
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#variant"); s.value = "connect4"; s.dispatchEvent(new Event("change")); })()`))
	waitJS(t, ctx, `document.querySelectorAll("#seats select").length === 2`, "a choice per seat")
	do(t, ctx, chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("#seats select").forEach((s) => { s.value = "person"; })`))
	click(t, ctx, "#create")
	waitJS(t, ctx, `document.querySelectorAll("#links button.copy").length === 3`, "a copy button for each link")
	click(t, ctx, "#links button.copy")
	waitJS(t, ctx, `document.querySelector("#links button.copy").textContent === "Copied"`, "the link copied")
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`navigator.clipboard.readText()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if want := eval[string](t, ctx, `document.querySelector("#links a.seat-link").href`); got != want {
		t.Errorf("the clipboard holds %q, want the seat's link %q", got, want)
	}
}

// TestBrowserHint: in a room that allows help, the page asks the engine
// and shows its thinking in the game's units, its line, and its move on
// the board; the room says help is allowed.
func TestBrowserHint(t *testing.T) {
	e := newBrowserEnv(t)
	var p context.Context
	for _, tc := range []struct{ variant, units string }{{"connect4", `^Engine, depth \d+: (wins in \d+|[+-]\d+\.\d\d)$`}, {"othello-6x6", `^Engine, depth \d+: [+-]?\d+(\.\d)? discs$`}} {
		seats := e.createRoom(`{"variant": "` + tc.variant + `", "help": true, "seats": [{"person": true}, {"person": true}]}`)
		if p == nil {
			p = e.page(seats[0].Link)
		} else {
			e.open(p, seats[0].Link)
		}
		waitTurn(t, p, 0)
		if s := eval[string](t, p, `document.querySelector(".help-on").textContent`); !strings.Contains(s, "Help allowed") {
			t.Errorf("%s: the room says %q", tc.variant, s)
		}
		click(t, p, "button.hint-ask")
		waitJS(t, p, `document.querySelector(".hint .hint-best")`, tc.variant+": the engine's move")
		ev := eval[string](t, p, `document.querySelector(".hint .hint-eval").textContent`)
		if !regexp.MustCompile(tc.units).MatchString(ev) {
			t.Errorf("%s: the hint says %q", tc.variant, ev)
		}
		if n := eval[int](t, p, `document.querySelectorAll("circle.hintmark").length`); n != 1 {
			t.Errorf("%s: %d cells marked with the engine's move", tc.variant, n)
		}
		if l := eval[string](t, p, `document.querySelector(".hint .hint-line").textContent`); !strings.HasPrefix(l, "Line: ") || len(l) < 8 {
			t.Errorf("%s: the line reads %q", tc.variant, l)
		}
		screenshot(t, p, "hint-"+tc.variant, false)
	}
	// Take back against the engine.
	seats := e.createRoom(`{"variant": "tictactoe", "help": true, "seats": [{"person": true}, {"engine": "level=1"}]}`)
	e.open(p, seats[0].Link)
	waitTurn(t, p, 0)
	if n := eval[int](t, p, `document.querySelectorAll("button.takeback").length`); n != 0 {
		t.Error("a take-back is offered before any move")
	}
	// Tic-tac-toe is proved: the hint puts every move's value on its cell.
	click(t, p, "button.hint-ask")
	waitJS(t, p, `document.querySelectorAll("text.proof").length === 9`, "nine proved values")
	if got := eval[string](t, p, `[...document.querySelectorAll("text.proof")].map((x) => x.textContent).join("")`); got != "DDDDDDDDD" {
		t.Errorf("tic-tac-toe's first moves are proved %q, want nine draws", got)
	}
	screenshot(t, p, "proof-tictactoe", false)
	// Nocca Nocca 3x3 is proved too (white wins in 9 plies, a1-b2 first):
	// each piece shows its best move, a piece picked each of its moves.
	nseats := e.createRoom(`{"variant": "nocca-3x3", "help": true, "seats": [{"person": true}, {"person": true}]}`)
	np := e.page(nseats[0].Link)
	waitTurn(t, np, 0)
	click(t, np, "button.hint-ask")
	waitJS(t, np, `document.querySelectorAll("text.proof").length === 3`, "a proved value on each of the three pieces")
	if got := eval[string](t, np, `document.querySelector('text.proof[data-cell="0"]').textContent`); got != "W5" {
		t.Errorf("the piece on a1 is proved %q, want W5 (a win in 9 plies)", got)
	}
	click(t, np, cellSel("a1"))
	waitJS(t, np, `document.querySelector('text.proof[data-cell="4"]')`, "the value of a1-b2 on b2")
	if got := eval[string](t, np, `[...document.querySelectorAll("text.proof")].map((x) => x.textContent).sort().join(" ")`); !regexp.MustCompile(`^(([WL]\d+|D) ?){3}$`).MatchString(got) || !strings.Contains(got, "W5") {
		t.Errorf("a1's moves are proved %q, want three values (a2, b2 and b1, on its own piece) and a win in 9 plies", got)
	}
	screenshot(t, np, "proof-nocca", false)
	click(t, p, cellSel("a1"))
	waitTurn(t, p, 2)
	click(t, p, "button.takeback")
	waitTurn(t, p, 0)
	if n := eval[int](t, p, `document.querySelectorAll("g.stack").length`); n != 0 {
		t.Errorf("%d pieces on the board after the take-back", n)
	}
}

// TestBrowserWatchNone: "Watch a match" on a server that watches none says
// so, once, instead of trying to reconnect for ever.
func TestBrowserWatchNone(t *testing.T) {
	e := newBrowserEnv(t)
	ctx := e.page("/watch")
	waitJS(t, ctx, `document.querySelector(".watch-none")`, "the page saying no match is shown")
	if got := eval[string](t, ctx, `document.querySelector(".watch-none").textContent`); !strings.HasPrefix(got, "This server shows no match") {
		t.Errorf("the page says %q", got)
	}
	if eval[bool](t, ctx, `document.body.textContent.includes("Connection lost")`) {
		t.Error("the page says the connection is lost")
	}
}

// TestBrowserPhoneWidth: a room of every shipped game fits a phone's
// width (390 px) and a desktop's (1280 px) with nothing overflowing; at
// 390 px a board's cells are 44 px or more, or the board can be zoomed to
// cells of that size, scrolled within its frame.
func TestBrowserPhoneWidth(t *testing.T) {
	e := newBrowserEnv(t)
	vs, err := games.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	var tab context.Context
	for _, v := range vs {
		seats := strings.Repeat(`{"person": true},`, len(v.Game.Describe().Players))
		link := e.createRoom(fmt.Sprintf(`{"variant": %q, "seats": [%s]}`, v.Name, strings.TrimSuffix(seats, ",")))[0].Link
		if tab == nil {
			tab = e.page(link)
		} else {
			do(t, tab, chromedp.Navigate(e.base+link))
		}
		waitJS(t, tab, `document.querySelector("svg.board, .table .piles") && document.querySelector(".status")`, v.Name+"'s position")
		for _, size := range [][2]int64{{1280, 900}, {390, 844}} {
			do(t, tab, chromedp.EmulateViewport(size[0], size[1]))
			waitJS(t, tab, fmt.Sprintf(`document.documentElement.clientWidth === %d`, size[0]), "the width")
			if w := eval[int](t, tab, `document.documentElement.scrollWidth`); w > int(size[0]) {
				t.Errorf("%s at %d px: the page is %d px wide", v.Name, size[0], w)
			}
		}
		if len(v.Game.Describe().Dims) == 0 {
			continue
		}
		const cell = `Math.min(...[...document.querySelectorAll("rect.cell")].map((c) => c.getBoundingClientRect().width))`
		if px := eval[float64](t, tab, cell); px < 44 {
			waitJS(t, tab, `document.querySelector("button.zoom")`, v.Name+": the zoom, for cells of "+fmt.Sprint(px)+" px")
			click(t, tab, "button.zoom")
			waitJS(t, tab, `document.querySelector(".board-wrap.zoomed")`, v.Name+" zoomed")
			if px := eval[float64](t, tab, cell); px < 44 {
				t.Errorf("%s zoomed at 390 px: cells of %.0f px", v.Name, px)
			}
			if w := eval[int](t, tab, `document.documentElement.scrollWidth`); w > 390 {
				t.Errorf("%s zoomed: the page is %d px wide", v.Name, w)
			}
			if v.Name == "hypercube" {
				screenshot(t, tab, "hypercube-zoomed-390", false)
			}
		}
		do(t, tab, chromedp.EmulateViewport(600, 1000))
	}
}
