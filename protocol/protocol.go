package protocol

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
)

// Version is the native protocol's version, announced by hello.
const Version = 1

// MaxLine is the longest input line accepted, in bytes, not counting the
// line end. A longer line is answered with a too-long error and skipped.
const MaxLine = 64 << 10

// testPlayers are the Players of a session given none, in this package's
// tests (meeple's own); nil otherwise.
var testPlayers Players

// Options configure a session. The zero value is usable.
type Options struct {
	// Dialect is "auto" (or ""): the first command picks it (a first line
	// "ugi" selects UGI, "uci" UCI for chess, "nboard" NBoard for Othello,
	// a GTP command such as protocol_version or name GTP, anything else
	// native); "native"; "ugi"; "uci"; "nboard"; or "gtp".
	Dialect string
	// Variant is the initial variant: a shipped name, a family, a .toml
	// path or an inline spec. Default "tictactoe" ("othello" in GTP).
	Variant string
	// Limits are the search limits of a move asked for with no limits of
	// its own (GTP's genmove without a clock): go's words "depth N",
	// "nodes N", "movetime MS". Default: GTP thinks a second a move. A
	// node or depth limit applies under a clock too.
	Limits string
	// Stderr receives diagnostics; nil discards them. Nothing but protocol
	// is ever written to out.
	Stderr io.Writer
	// Players make the searchers (internal/players.New in cmd/meeple).
	// Without them the session keeps the rules (positions, moves, perft)
	// and refuses to search.
	Players Players

	maxPerft int           // tests: the deepest perft accepted (0: no cap)
	hashMB   int           // tests: the engine's Hash before any setoption (0: its default)
	maxNodes int           // tests: a node budget for every search (0: none), so fuzzing stays fast
	builds   *atomic.Int64 // tests: counts the searchers built

	defaultVariant bool // Variant was not given (GTP then plays Othello)
}

// A frontEnd is a dialect: it turns request lines into session calls and
// replies. The session core is shared; a dialect only parses and formats.
type frontEnd interface {
	// handle runs one request line (never blank, never a comment); it
	// reports whether the session should end (quit).
	handle(line string) (quit bool)
	// tooLong answers a line longer than MaxLine; prefix is its start.
	tooLong(prefix string)
}

// dialects are the front-ends Options.Dialect may name; a first request
// that is the name of one (other than native) selects it. uci is strict
// UCI for chess: selecting it switches the session to chess; nboard is
// NBoard's protocol for Othello and switches it to Othello; gtp is GTP for
// placement games, picked too by a first line that is a GTP command.
var dialects = map[string]func(*session) frontEnd{
	"native": newNative,
	"ugi":    newUGI,
	"uci":    newUCI,
	"nboard": newNBoard,
	"gtp":    newGTP,
}

// Run serves one engine session: it reads requests from in until EOF, quit,
// a read error or the end of ctx, and writes replies to out. It returns nil
// at EOF and at quit (a search still running is stopped first and its
// bestmove printed), the read or write error that ended it, or ctx.Err().
// Input is read on a goroutine of its own, one line at a time and only when
// the previous request has been dealt with; if ctx ends during a blocked
// read, that goroutine lingers until the read returns.
func Run(ctx context.Context, in io.Reader, out io.Writer, o Options) error {
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	if o.Variant == "" {
		o.Variant, o.defaultVariant = "tictactoe", true
	}
	if o.Limits != "" {
		if _, err := parseEngineLimits(o.Limits); err != nil {
			return fmt.Errorf("protocol: %w", err)
		}
	}
	w := &writer{w: bufio.NewWriter(out)}
	s, err := newSession(ctx, o, w)
	if err != nil {
		return err
	}
	defer s.stop()

	var fe frontEnd
	if o.Dialect != "" && o.Dialect != "auto" {
		mk, ok := dialects[o.Dialect]
		if !ok {
			return fmt.Errorf("protocol: unknown dialect %q (want auto, native, ugi, uci, nboard or gtp)", o.Dialect)
		}
		fe = mk(s)
	}

	lr := newLineReader(in)
	defer lr.close()
	for {
		r := lr.next(ctx)
		if r.err != nil {
			s.stop()
			if r.err == io.EOF {
				return w.error()
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("protocol: reading input: %w", r.err)
		}
		if r.tooLong {
			if fe == nil {
				fe = newNative(s)
			}
			fe.tooLong(r.line)
		} else {
			line := strings.TrimSpace(r.line)
			if line == "" || line[0] == '#' {
				continue
			}
			if fe == nil {
				fe = pickDialect(s, line)
			}
			if fe.handle(line) {
				s.stop()
				return w.error()
			}
		}
		if err := w.error(); err != nil {
			return err
		}
	}
}

// survive is deferred by a front-end's handle: it turns a panic (a bug in
// a game or here) into an internal error answered by fail, so that the
// session goes on.
func survive(s *session, fail func(*Error), quit *bool) {
	if v := recover(); v != nil {
		s.stderr("panic: %v", v)
		fail(errorf(Internal, "%v", v))
		*quit = false
	}
}

// infoErrorLine is how UCI and UGI answer a line they cannot carry out
// (the line is otherwise ignored): "info string error CODE MESSAGE".
func infoErrorLine(e *Error) string { return "info string error " + string(e.Code) + " " + e.Msg }

func infoError(s *session, e *Error) { s.w.lines(infoErrorLine(e)) }

func infoTooLong(s *session) {
	infoError(s, errorf(TooLong, "line longer than %d bytes ignored", MaxLine))
}

// pickDialect chooses the front-end from the first request line.
func pickDialect(s *session, line string) frontEnd { return dialects[dialectOf(line)](s) }

// dialectOf names the dialect the first request line picks: the one its
// first word names, GTP for a GTP command, the native one otherwise.
func dialectOf(line string) string {
	if first, _ := CutWord(line); first != "native" {
		if _, ok := dialects[first]; ok {
			return first
		}
	}
	if isGTPLine(line) {
		return "gtp"
	}
	return "native"
}

// writer is the session's one output: every line goes through it, whole
// replies are written under one lock, and each line is flushed at once.
type writer struct {
	mu  sync.Mutex
	w   *bufio.Writer
	err error
}

// lines writes ls as one uninterrupted block.
func (w *writer) lines(ls ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, l := range ls {
		if w.err != nil {
			return
		}
		w.w.WriteString(l)
		w.w.WriteByte('\n')
		w.err = w.w.Flush()
	}
}

func (w *writer) error() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return fmt.Errorf("protocol: writing output: %w", w.err)
	}
	return nil
}

// lineReader reads lines on its own goroutine, one at a time and only when
// asked, so a blocked read never holds up a search or the end of ctx, and
// the input is never read ahead of the requests being served.
type lineReader struct {
	br  *bufio.Reader
	req chan struct{}
	res chan lineResult
}

type lineResult struct {
	line    string // without its line end; for tooLong, a prefix
	tooLong bool
	err     error // io.EOF at the end
}

func newLineReader(in io.Reader) *lineReader {
	r := &lineReader{
		br:  bufio.NewReaderSize(in, MaxLine+2),
		req: make(chan struct{}, 1),
		res: make(chan lineResult, 1),
	}
	go r.loop()
	return r
}

func (r *lineReader) loop() {
	for range r.req {
		res := r.read()
		r.res <- res
		if res.err != nil {
			return
		}
	}
}

func (r *lineReader) read() lineResult {
	b, err := r.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		prefix := string(b[:min(len(b), 40)])
		for err == bufio.ErrBufferFull {
			_, err = r.br.ReadSlice('\n')
		}
		if err != nil && err != io.EOF {
			return lineResult{err: err}
		}
		return lineResult{line: prefix, tooLong: true}
	}
	if err != nil && (err != io.EOF || len(b) == 0) {
		return lineResult{err: err}
	}
	line := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
	if len(line) > MaxLine {
		return lineResult{line: line[:40], tooLong: true}
	}
	return lineResult{line: line}
}

// next returns the next line, or an error at EOF, on a read error or when
// ctx ends.
func (r *lineReader) next(ctx context.Context) lineResult {
	r.req <- struct{}{}
	select {
	case res := <-r.res:
		return res
	case <-ctx.Done():
		return lineResult{err: ctx.Err()}
	}
}

// close lets the reading goroutine end once its read (if any) returns.
func (r *lineReader) close() { close(r.req) }
