package client

// The client: the other end of the wire. It starts an engine process and
// drives it in the native or the UGI dialect, with a deadline on every wait.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/meeple-games/meeple/protocol"
)

// EngineSpec says how to start an engine process and talk to it.
type EngineSpec struct {
	Name    string         // display name (default: the base name of Cmd[0])
	Cmd     []string       // argv; Cmd[0] is looked up in PATH; started without a shell
	Dir     string         // working directory ("" = inherit)
	Env     []string       // extra environment entries KEY=VALUE
	Dialect string         // "native" (default), "ugi", "uci" (chess), or "gtp" (placement games)
	Options []EngineOption // sent as setoption after the handshake, in order
	// StderrLimit caps the bytes of the engine's stderr that reach each
	// writer (StartEngine's, then each one given to SetStderr); past it the
	// writer gets one "[stderr truncated ...]" note. 0 means
	// DefaultStderrLimit.
	StderrLimit int64
}

// EngineOption is one engine option, set with setoption.
type EngineOption struct{ Name, Value string }

// DefaultStderrLimit is the default of EngineSpec.StderrLimit: 1 MiB per
// writer (per game, when the referee gives each game its own).
const DefaultStderrLimit = 1 << 20

// Timeouts bound every wait on the process; zero fields take the defaults.
// All of them run on the monotonic clock.
type Timeouts struct {
	Start time.Duration // process start, handshake, options and the first isready (default 10s)
	Ready time.Duration // isready, or the reply to any request but go (default 5s)
	Quit  time.Duration // after quit, before the process is killed (default 2s)
	// Stop is how long bestmove may take after the client sends stop, at
	// the go deadline or when the context ends (default 100ms, at most
	// Ready). Long enough for an engine that watches its input to answer;
	// short, because an engine that overran its deadline has lost anyway.
	Stop time.Duration
}

// Defaults of Timeouts.
const (
	DefaultStartTimeout = 10 * time.Second
	DefaultReadyTimeout = 5 * time.Second
	DefaultQuitTimeout  = 2 * time.Second
	DefaultStopTimeout  = 100 * time.Millisecond
)

func (t Timeouts) withDefaults() Timeouts {
	if t.Start <= 0 {
		t.Start = DefaultStartTimeout
	}
	if t.Ready <= 0 {
		t.Ready = DefaultReadyTimeout
	}
	if t.Quit <= 0 {
		t.Quit = DefaultQuitTimeout
	}
	if t.Stop <= 0 {
		t.Stop = min(DefaultStopTimeout, t.Ready)
	}
	return t
}

// drainDelay is how long the client waits, once the process has exited,
// for the rest of its output (a grandchild may hold the pipes open), and,
// once the output has ended, for the exit status.
const drainDelay = 250 * time.Millisecond

// FailKind classifies an engine failure.
type FailKind int

const (
	Startup  FailKind = iota + 1 // the process did not start, or failed its handshake, options or first isready
	Crash                        // the process exited or closed its output
	Stall                        // no reply in time (or the engine does not read its input)
	Protocol                     // a reply that does not parse or breaks the protocol, or an error reply
)

var failKindNames = [...]string{Startup: "startup", Crash: "crash", Stall: "stall", Protocol: "protocol"}

func (k FailKind) String() string {
	if k > 0 && int(k) < len(failKindNames) {
		return failKindNames[k]
	}
	return fmt.Sprintf("FailKind(%d)", int(k))
}

// EngineError is an engine failure: which engine, what kind, and the cause.
// An error reply from the engine (native err, or a UGI info string error)
// is a Protocol failure whose cause wraps an *protocol.Error with the engine's code
// and message.
type EngineError struct {
	Engine string
	Kind   FailKind
	Err    error
}

func (e *EngineError) Error() string {
	return "engine " + e.Engine + ": " + e.Kind.String() + ": " + e.Err.Error()
}

func (e *EngineError) Unwrap() error { return e.Err }

// GoRequest is one search: the position, the clocks and the limits.
type GoRequest struct {
	Position string   // position string; "" means the start position
	Moves    []string // moves after Position
	// Start is the variant's start position string, for a dialect whose
	// own start may not be it: UCI sends it as a FEN when Position is ""
	// and it is not the standard array, and always in Chess960 (which
	// needs it). Native, UGI and GTP name the variant in newgame and
	// ignore it.
	Start     string
	Time, Inc []time.Duration // per seat (index = seat); nil = no clocks
	MovesToGo int
	MoveTime  time.Duration
	Depth     int
	Nodes     int64
	// Deadline is the wall time allowed for bestmove after go is sent;
	// then the client sends stop and waits Timeouts.Stop more. 0 means no
	// deadline (use it only with Depth or Nodes): the wait is bounded by
	// the context alone.
	Deadline time.Duration
	// Info, when not nil, is called with the reply so far after each
	// info line, from the goroutine that called Go (a display of the
	// engine's thinking).
	Info func(GoReply)
}

// GoReply is the outcome of a search.
type GoReply struct {
	Move    string        // as the engine wrote it ("0000" or "" when it had none)
	Resign  bool          // the engine resigned (GTP's genmove answered resign)
	Elapsed time.Duration // from writing go to reading bestmove, on the monotonic clock
	// The rest comes from the info lines: each field from the last line
	// that carries it (lines of a multipv other than 1 are skipped).
	Depth    int   // 0 if none
	Score    int   // centi-units, the side to move's view (0 with a mate score)
	Mate     int   // a mate score, as the dialect counts it (native: plies; ugi: moves), 0 if none
	HasScore bool  // a score (centi-units or mate) was reported
	Nodes    int64 //
	PV       []string
}

// Client drives one engine process. Its methods are meant for one
// goroutine at a time (they serialise), except Close, Exited and
// SetStderr, which may be called from any goroutine; Close aborts a
// request in progress.
type Client struct {
	name    string
	dialect string
	d       clientDialect
	t       Timeouts

	cmd    *exec.Cmd
	stdin  *os.File // the write end of the engine's stdin
	stdout *os.File // the read end of the engine's stdout
	stderr *stderrCopy

	lines   chan clientLine // stdout, line by line, from the reader
	eof     chan struct{}   // closed when the output has ended (readErr is set)
	readErr error
	exited  chan struct{} // closed when the process has been reaped (state, waitErr are set)
	state   *os.ProcessState
	waitErr error
	closing chan struct{} // closed when Close begins

	seq atomic.Int64 // the last native request id

	mu     sync.Mutex // one request at a time
	broken error      // set by a failure that leaves the replies out of step

	// From the handshake.
	id      string   // the name the engine gives itself
	options []string // the options it lists

	chess960 bool // UCI: the game newgame started is Chess960

	closeOnce sync.Once
	closeErr  error
}

// clientLine is a line of the engine's output, without its line end.
type clientLine struct {
	text    string
	tooLong bool // longer than protocol.MaxLine; text is a prefix
}

var errExpired = errors.New("protocol: timer expired") // internal: a wait ran out of time

// waitFor bounds one exchange with the engine: the caller's context and a
// timer whose expiry is a stall.
type waitFor struct {
	ctx    context.Context
	expire <-chan time.Time
	limit  time.Duration // for messages
}

// StartEngine starts an engine process and greets it: native `hello` (read
// to its final ok) or `ugi` (read to ugiok), then each of spec.Options with
// setoption (each must be one the engine listed), then isready. The whole
// start is bounded by t.Start and by ctx. The engine's stderr goes to
// stderr (nil: discarded) until SetStderr. Every failure is an
// *EngineError of Kind Startup, and the process is killed and reaped.
func StartEngine(ctx context.Context, spec EngineSpec, stderr io.Writer, t Timeouts) (*Client, error) {
	t = t.withDefaults()
	name := spec.Name
	if name == "" && len(spec.Cmd) > 0 {
		name = filepath.Base(spec.Cmd[0])
	}
	fail := func(err error) error { return &EngineError{Engine: name, Kind: Startup, Err: err} }
	if len(spec.Cmd) == 0 || spec.Cmd[0] == "" {
		return nil, fail(errors.New("no command to run"))
	}
	d, err := newClientDialect(spec.Dialect)
	if err != nil {
		return nil, fail(err)
	}
	for _, o := range spec.Options {
		if err := checkOption(o); err != nil {
			return nil, fail(err)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, fail(fmt.Errorf("interrupted: %w", err))
	}
	timer := time.NewTimer(t.Start)
	defer timer.Stop()
	c, err := startProcess(spec, name, d, t, stderr)
	if err != nil {
		return nil, fail(err)
	}
	if err := c.startup(waitFor{ctx: ctx, expire: timer.C, limit: t.Start}, spec.Options); err != nil {
		c.closeOnce.Do(func() { c.closeErr = c.shutdown(false) })
		var ee *EngineError
		switch {
		case errors.As(err, &ee) && ee.Engine == name:
			err = ee.Err
		case ctx.Err() != nil && errors.Is(err, ctx.Err()):
			err = fmt.Errorf("interrupted: %w", ctx.Err())
		}
		return nil, fail(err)
	}
	return c, nil
}

// CheckStart reports, without starting anything, whether spec's process
// could be started at all: its Dir is a directory, and Cmd[0] is an
// executable file (looked up in PATH when it has no path separator; a
// relative path is taken from Dir, as the start does). A referee calls it
// before the first game, so that a misspelt program is an error rather
// than a forfeit of every game. The error names the directory or the
// program at fault.
func (spec EngineSpec) CheckStart() error {
	if len(spec.Cmd) == 0 || spec.Cmd[0] == "" {
		return errors.New("no command to run")
	}
	if err := checkDir(spec.Dir); err != nil {
		return err
	}
	prog := spec.Cmd[0]
	if strings.ContainsRune(prog, '/') || strings.ContainsRune(prog, filepath.Separator) {
		if spec.Dir != "" && !filepath.IsAbs(prog) {
			prog = filepath.Join(spec.Dir, prog)
		}
		info, err := os.Stat(prog)
		switch {
		case errors.Is(err, os.ErrNotExist):
			return fmt.Errorf("program %s: no such file", prog)
		case err != nil:
			return fmt.Errorf("program %s: %v", prog, err)
		case info.IsDir():
			return fmt.Errorf("program %s: is a directory", prog)
		}
	}
	if _, err := exec.LookPath(prog); err != nil {
		var ee *exec.Error
		if errors.As(err, &ee) {
			err = ee.Err
		}
		switch {
		case errors.Is(err, exec.ErrNotFound):
			return fmt.Errorf("program %s: not found in PATH", prog)
		case errors.Is(err, os.ErrPermission):
			return fmt.Errorf("program %s: not executable (permission denied)", prog)
		}
		return fmt.Errorf("program %s: %v", prog, err)
	}
	return nil
}

// checkDir checks that a working directory exists ("" is the current one).
func checkDir(dir string) error {
	if dir == "" {
		return nil
	}
	info, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("dir %s: no such directory", dir)
	case err != nil:
		return fmt.Errorf("dir %s: %v", dir, err)
	case !info.IsDir():
		return fmt.Errorf("dir %s: not a directory", dir)
	}
	return nil
}

// startProcess starts the process with a pipe for each standard stream and
// the goroutines that serve them.
func startProcess(spec EngineSpec, name string, d clientDialect, t Timeouts, stderr io.Writer) (*Client, error) {
	// A missing directory would otherwise be reported as the program's
	// failure to start (the child's chdir fails before its exec).
	if err := checkDir(spec.Dir); err != nil {
		return nil, err
	}
	cmd := exec.Command(spec.Cmd[0], spec.Cmd[1:]...)
	if cmd.Err != nil {
		return nil, cmd.Err
	}
	cmd.Dir = spec.Dir
	if len(spec.Env) > 0 {
		cmd.Env = append(os.Environ(), spec.Env...)
	}
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	pipe := func() (r, w *os.File, err error) {
		if r, w, err = os.Pipe(); err == nil {
			files = append(files, r, w)
		}
		return r, w, err
	}
	inR, inW, err := pipe()
	if err != nil {
		closeAll()
		return nil, err
	}
	outR, outW, err := pipe()
	if err != nil {
		closeAll()
		return nil, err
	}
	errR, errW, err := pipe()
	if err != nil {
		closeAll()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	prepareCommand(cmd)
	if err := cmd.Start(); err != nil {
		closeAll()
		return nil, err
	}
	// The child has its ends; the parent keeps only its own.
	inR.Close()
	outW.Close()
	errW.Close()

	limit := spec.StderrLimit
	if limit <= 0 {
		limit = DefaultStderrLimit
	}
	c := &Client{
		name:    name,
		dialect: d.name(),
		d:       d,
		t:       t,
		cmd:     cmd,
		stdin:   inW,
		stdout:  outR,
		stderr:  newStderrCopy(errR, stderr, limit),
		lines:   make(chan clientLine, 64),
		eof:     make(chan struct{}),
		exited:  make(chan struct{}),
		closing: make(chan struct{}),
	}
	go c.reap()
	go c.read(outR)
	go c.stderr.loop()
	return c, nil
}

// startup greets the engine, sets the options and waits for it to be ready.
func (c *Client) startup(w waitFor, options []EngineOption) error {
	if err := c.d.handshake(c, w); err != nil {
		return err
	}
	var sent []string
	for _, o := range options {
		if !c.hasOption(o.Name) {
			return fmt.Errorf("setoption: the engine has no option %q (it lists: %s)", o.Name, strings.Join(c.options, ", "))
		}
		if err := c.d.setOption(c, w, o.Name, o.Value); err != nil {
			return err
		}
		sent = append(sent, "setoption name "+o.Name)
	}
	return c.d.isReady(c, w, sent)
}

func (c *Client) hasOption(name string) bool {
	for _, o := range c.options {
		if strings.EqualFold(o, name) {
			return true
		}
	}
	return false
}

// reap waits for the process to exit and records how it ended.
func (c *Client) reap() {
	c.waitErr = c.cmd.Wait()
	c.state = c.cmd.ProcessState
	close(c.exited)
}

// read splits the engine's stdout into lines for next. Once Close has
// begun it reads on and drops what it reads, so that the engine never
// blocks on a full pipe while it quits.
func (c *Client) read(r io.Reader) {
	defer close(c.eof)
	br := bufio.NewReaderSize(r, protocol.MaxLine+2)
	drop := false
	for {
		l, err := readClientLine(br)
		if err != nil {
			c.readErr = err
			return
		}
		if drop {
			continue
		}
		select {
		case c.lines <- l:
		case <-c.closing:
			drop = true
		}
	}
}

// readClientLine reads one line; a line longer than protocol.MaxLine is skipped to
// its end and returned as a prefix marked tooLong.
func readClientLine(br *bufio.Reader) (clientLine, error) {
	b, err := br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		prefix := string(b[:min(len(b), 40)])
		for err == bufio.ErrBufferFull {
			_, err = br.ReadSlice('\n')
		}
		if err != nil && err != io.EOF {
			return clientLine{}, err
		}
		return clientLine{text: prefix, tooLong: true}, nil
	}
	if err != nil && (err != io.EOF || len(b) == 0) {
		return clientLine{}, err
	}
	line := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
	if len(line) > protocol.MaxLine {
		return clientLine{text: line[:40], tooLong: true}, nil
	}
	return clientLine{text: line}, nil
}

// next returns the engine's next output line. It fails with a Crash
// *EngineError once the output has ended (or the process has exited and
// the rest of its output has not come within drainDelay), with errExpired
// when expire fires, with the closed error once Close has begun, and with
// ctx.Err() when ctx ends.
func (c *Client) next(ctx context.Context, expire <-chan time.Time) (clientLine, error) {
	select {
	case l := <-c.lines:
		return l, nil
	default:
	}
	exited := c.exited
	var drained <-chan time.Time
	for {
		select {
		case l := <-c.lines:
			return l, nil
		case <-c.eof:
			// The reader sends every line before it closes eof.
			select {
			case l := <-c.lines:
				return l, nil
			default:
			}
			return clientLine{}, c.crashError()
		case <-exited:
			exited, drained = nil, time.After(drainDelay)
		case <-drained:
			return clientLine{}, c.crashError()
		case <-expire:
			return clientLine{}, errExpired
		case <-c.closing:
			return clientLine{}, c.closedError()
		case <-ctx.Done():
			return clientLine{}, ctx.Err()
		}
	}
}

// readLine reads the engine's next line within w, during request what: a
// failed wait, or a line longer than protocol.MaxLine, is a failure.
func (c *Client) readLine(w waitFor, what string) (string, error) {
	l, err := c.next(w.ctx, w.expire)
	if err != nil {
		return "", c.waitError(err, what, w)
	}
	if l.tooLong {
		return "", c.broke(c.errorf(Protocol, "%s: a reply line longer than %d bytes (%q...)", what, protocol.MaxLine, l.text))
	}
	return l.text, nil
}

// crashError says how the process ended (or that its output did), giving
// Wait a moment to report the exit status.
func (c *Client) crashError() error {
	select {
	case <-c.exited:
	case <-time.After(drainDelay):
	}
	return c.errorf(Crash, "%s", c.endText())
}

// endText describes how the process ended, or how its output did.
func (c *Client) endText() string {
	select {
	case <-c.exited:
		if c.state != nil {
			return "the process exited (" + c.state.String() + ")"
		}
		return "the process ended: " + c.waitErr.Error()
	default:
	}
	select {
	case <-c.eof:
		if c.readErr != io.EOF {
			return "reading its output: " + c.readErr.Error()
		}
		return "the process closed its output"
	default:
		return "the process is running"
	}
}

func (c *Client) closedError() error {
	return fmt.Errorf("engine %s: the client is closed", c.name)
}

func (c *Client) errorf(kind FailKind, format string, args ...any) *EngineError {
	return &EngineError{Engine: c.name, Kind: kind, Err: fmt.Errorf(format, args...)}
}

// broke records a failure after which the engine's replies cannot be
// matched to requests; every later request fails with it.
func (c *Client) broke(err error) error {
	if c.broken == nil {
		c.broken = err
	}
	return err
}

// waitError turns a failed wait during request what into the error to
// return. Every one leaves the replies out of step.
func (c *Client) waitError(err error, what string, w waitFor) error {
	var ee *EngineError
	switch {
	case err == errExpired:
		return c.broke(c.errorf(Stall, "%s: no reply within %v", what, w.limit))
	case errors.As(err, &ee):
		return c.broke(&EngineError{Engine: ee.Engine, Kind: ee.Kind, Err: fmt.Errorf("%s: %w", what, ee.Err)})
	case err == w.ctx.Err():
		c.broke(c.errorf(Protocol, "%s was interrupted (%v): the replies are out of step", what, err))
		return fmt.Errorf("engine %s: %s: %w", c.name, what, err)
	}
	return err // closed
}

// usable fails when the client cannot take a request.
func (c *Client) usable() error {
	select {
	case <-c.closing:
		return c.closedError()
	default:
	}
	if c.broken != nil {
		var ee *EngineError
		if errors.As(c.broken, &ee) {
			return &EngineError{Engine: c.name, Kind: ee.Kind, Err: fmt.Errorf("unusable since an earlier failure: %w", ee.Err)}
		}
		return c.broken
	}
	if c.Exited() {
		return c.broke(c.crashError())
	}
	return nil
}

// send writes one line to the engine. A write that does not go through
// within Timeouts.Ready (the engine does not read its input) is a Stall;
// a failed write (it closed its input, or exited) is a Crash.
func (c *Client) send(line string) error {
	c.stdin.SetWriteDeadline(time.Now().Add(c.t.Ready)) // not on every platform; then the write may block
	_, err := io.WriteString(c.stdin, line+"\n")
	if err == nil {
		return nil
	}
	word, _ := protocol.CutWord(line)
	if _, rest := protocol.SplitID(line); rest != "" {
		word, _ = protocol.CutWord(rest)
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return c.broke(c.errorf(Stall, "%s: the engine has not read its input for %v", word, c.t.Ready))
	}
	select {
	case <-c.closing:
		return c.closedError()
	case <-c.exited:
	case <-time.After(drainDelay):
	}
	return c.broke(c.errorf(Crash, "%s: cannot write to the engine (%s): %v", word, c.endText(), err))
}

// nextID returns a fresh native request id.
func (c *Client) nextID() string { return fmt.Sprint(c.seq.Add(1)) }

func (c *Client) readyWait(ctx context.Context) waitFor {
	return waitFor{ctx: ctx, expire: time.After(c.t.Ready), limit: c.t.Ready}
}

// Name is the engine's display name (EngineSpec.Name).
func (c *Client) Name() string { return c.name }

// Dialect is the dialect the client speaks: "native", "ugi" or "uci".
func (c *Client) Dialect() string { return c.dialect }

// ID is the name the engine gave itself in the handshake (native: the
// engine line; ugi: id name), "" if none.
func (c *Client) ID() string { return c.id }

// NewGame starts a new game of variant, a spec the engine can load (a
// shipped name, a file, or an inline spec with every rule). Native:
// `newgame <variant>`; ugi: `setoption name UGI_Variant value <variant>`,
// `uginewgame`, `isready`; uci: `setoption name UCI_Chess960 value
// true|false` (an error for a Chess960 variant when the engine does not
// list the option), `ucinewgame`, `isready`. Replies are awaited for
// Timeouts.Ready.
func (c *Client) NewGame(ctx context.Context, variant string) error {
	if strings.TrimSpace(variant) == "" || strings.ContainsAny(variant, "\r\n") {
		return fmt.Errorf("engine %s: newgame: variant %q: want one line of text", c.name, variant)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.usable(); err != nil {
		return err
	}
	return c.d.newGame(c, c.readyWait(ctx), variant)
}

// IsReady asks the engine whether it is alive and has read everything
// sent so far: a Stall if it does not answer within Timeouts.Ready.
func (c *Client) IsReady(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.usable(); err != nil {
		return err
	}
	return c.d.isReady(c, c.readyWait(ctx), nil)
}

// Go sets the position and searches it (see GoRequest and GoReply). The
// position is awaited for Timeouts.Ready, bestmove for req.Deadline: then
// the client sends stop and waits Timeouts.Stop more; a bestmove in that
// time is returned (with its Elapsed: the caller judges the clock), none
// is a Stall. When ctx ends during the search the client sends stop too,
// waits as long, and returns ctx's error.
func (c *Client) Go(ctx context.Context, req GoRequest) (GoReply, error) {
	if err := checkGoRequest(req); err != nil {
		return GoReply{}, fmt.Errorf("engine %s: go: %w", c.name, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.usable(); err != nil {
		return GoReply{}, err
	}
	return c.d.search(c, ctx, req)
}

// HasOption reports whether the engine listed the option in its handshake
// (names compare case-insensitively, as in UCI).
func (c *Client) HasOption(name string) bool { return c.hasOption(name) }

// Exited reports whether the process has exited or closed its output.
func (c *Client) Exited() bool {
	select {
	case <-c.exited:
		return true
	case <-c.eof:
		return true
	default:
		return false
	}
}

// SetStderr sends the process's stderr to w from now on (nil discards
// it), at most EngineSpec.StderrLimit bytes of it. The previous writer is
// flushed first, for at most Timeouts.Ready. The engine is never blocked
// by a slow writer: what does not fit a bounded buffer is dropped, and a
// note says how much.
func (c *Client) SetStderr(w io.Writer) { c.stderr.set(w, c.t.Ready) }

// Close ends the engine: it sends quit and closes the engine's input,
// waits Timeouts.Quit for the process to exit, then kills it. It always
// reaps the process, and returns an error when it exited abnormally
// (Crash, with the exit status) or had to be killed (Stall). Later calls
// return the same result.
func (c *Client) Close() error {
	c.closeOnce.Do(func() { c.closeErr = c.shutdown(true) })
	return c.closeErr
}

// shutdown ends the process (politely when graceful) and everything that
// serves it.
func (c *Client) shutdown(graceful bool) error {
	close(c.closing)
	killed := false
	select {
	case <-c.exited:
	default:
		if graceful {
			c.stdin.SetWriteDeadline(time.Now().Add(c.t.Quit))
			io.WriteString(c.stdin, "quit\n")
		}
		c.stdin.Close()
		if graceful {
			select {
			case <-c.exited:
			case <-time.After(c.t.Quit):
			}
		}
		select {
		case <-c.exited:
		default:
			killProcess(c.cmd.Process)
			killed = true
			<-c.exited
		}
	}
	c.stdin.Close()
	endGroup(c.cmd.Process) // what it started goes with it

	// The process is gone; take the rest of its output unless something
	// else (a grandchild) holds the pipes open.
	drain, cancel := context.WithTimeout(context.Background(), drainDelay)
	defer cancel()
	for _, done := range []<-chan struct{}{c.eof, c.stderr.done} {
		select {
		case <-done:
		case <-drain.Done():
		}
	}
	c.stdout.Close()
	c.stderr.close(c.t.Ready)
	<-c.eof

	switch {
	case killed && graceful:
		return c.errorf(Stall, "close: the process did not exit within %v of quit; killed", c.t.Quit)
	case killed:
		return nil
	case c.state != nil && !c.state.Success():
		return c.errorf(Crash, "close: the process exited (%s)", c.state.String())
	case c.state == nil:
		return c.errorf(Crash, "close: %v", c.waitErr)
	}
	return nil
}

// checkOption refuses option names and values that are not one line.
func checkOption(o EngineOption) error {
	if strings.TrimSpace(o.Name) == "" || strings.ContainsAny(o.Name+o.Value, "\r\n") {
		return fmt.Errorf("option %q = %q: want a name and a value on one line", o.Name, o.Value)
	}
	return nil
}

// checkGoRequest refuses what cannot be written as one position command.
func checkGoRequest(req GoRequest) error {
	for _, pos := range []string{req.Position, req.Start} {
		if strings.ContainsAny(pos, "\r\n") {
			return fmt.Errorf("position %q: want one line", pos)
		}
		for _, w := range strings.Fields(pos) {
			if w == "moves" {
				return fmt.Errorf("position %q: the word moves cannot be in a position string", pos)
			}
		}
	}
	for i, m := range req.Moves {
		if m == "" || strings.IndexFunc(m, unicode.IsSpace) >= 0 {
			return fmt.Errorf("move %d %q: want one word", i+1, m)
		}
	}
	return nil
}
