package client

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/meeple-games/meeple/protocol"
)

// clientDialect is one dialect's side of the client: what it sends and how
// it reads the replies: native, and ugi and uci (a ugiClient with the words
// of each, see ugiWords and uciWords), and gtp (a gtpClient, client_gtp.go).
type clientDialect interface {
	name() string
	// handshake greets the engine and records its id and options.
	handshake(c *Client, w waitFor) error
	// setOption sets one option (ugi: errors are seen by the next isReady).
	setOption(c *Client, w waitFor, name, value string) error
	// isReady waits for the engine to have read everything; sent names
	// the requests since the last one, whose errors it reports (ugi).
	isReady(c *Client, w waitFor, sent []string) error
	newGame(c *Client, w waitFor, variant string) error
	search(c *Client, ctx context.Context, req GoRequest) (GoReply, error)
}

func newClientDialect(name string) (clientDialect, error) {
	switch name {
	case "", "native":
		return nativeClient{}, nil
	case "ugi":
		return ugiClient{ugiWords}, nil
	case "uci":
		return ugiClient{uciWords}, nil
	case "gtp":
		return &gtpClient{}, nil
	}
	return nil, fmt.Errorf("unknown dialect %q (want native, ugi, uci or gtp)", name)
}

// nativeClient speaks the native dialect. Every request carries an id, and
// its final line must echo it. The engine's stdout carries nothing but
// protocol, so a line that is not one a request may get is a Protocol
// failure; blank lines are skipped, and info lines are read during go and
// skipped elsewhere.
type nativeClient struct{}

func (nativeClient) name() string { return "native" }

func (nativeClient) handshake(c *Client, w waitFor) error {
	_, err := c.request(w, "hello", func(word, rest string) error {
		// The hello payload grows; any "keyword ..." line is taken.
		if !isKeyword(word) {
			return fmt.Errorf("%q is not a protocol line", protocol.Clip(word+" "+rest))
		}
		switch word {
		case "engine":
			c.id = rest
		case "option":
			if name, ok := optionName(rest); ok {
				c.options = append(c.options, name)
			}
		}
		return nil
	})
	return err
}

func (nativeClient) setOption(c *Client, w waitFor, name, value string) error {
	_, err := c.request(w, "setoption name "+name+" value "+value, nil)
	return err
}

func (nativeClient) isReady(c *Client, w waitFor, _ []string) error {
	_, err := c.request(w, "isready", nil)
	return err
}

func (nativeClient) newGame(c *Client, w waitFor, variant string) error {
	_, err := c.request(w, "newgame "+variant, nil)
	return err
}

func (nativeClient) search(c *Client, ctx context.Context, req GoRequest) (GoReply, error) {
	pos := "position startpos"
	if p := strings.Join(strings.Fields(req.Position), " "); p != "" {
		pos = "position fen " + p
	}
	if len(req.Moves) > 0 {
		pos += " moves " + strings.Join(req.Moves, " ")
	}
	if _, err := c.request(c.readyWait(ctx), pos, nil); err != nil {
		return GoReply{}, err
	}
	goID, stopID := c.nextID(), ""
	stop := func() error {
		stopID = c.nextID()
		return c.send(stopID + " stop")
	}
	rep, err := c.searchReplies(ctx, req, goID+" "+goArgs(req, nativeClock), stop,
		func(word, rest string, rep *GoReply) (bool, error) {
			switch word {
			case "":
				return false, nil
			case "info":
				if err := rep.addInfo(rest); err != nil {
					return false, c.broke(c.errorf(Protocol, "go: %w", err))
				}
				return false, nil
			case "bestmove":
				rep.Move, _ = protocol.CutWord(rest)
				return true, nil
			case "err":
				if id, text := protocol.SplitID(rest); id == goID {
					e := c.errorf(Protocol, "go: %w", errorReply(text))
					if stopID != "" {
						return false, c.broke(e) // its stop's ok is still to come
					}
					return false, e
				}
			}
			return false, c.broke(c.errorf(Protocol, "go: %q is not a reply to go", protocol.Clip(word+" "+rest)))
		})
	if err != nil && (!errors.Is(err, ctx.Err()) || c.broken != nil) {
		return rep, err // no bestmove: the replies are out of step
	}
	// The final lines: go's, then stop's.
	w := c.readyWait(context.Background())
	for _, id := range []string{goID, stopID} {
		if id == "" {
			continue
		}
		if _, ferr := c.final(w, "go", id, nil); ferr != nil {
			return rep, ferr
		}
	}
	return rep, err
}

// nativeClock writes a seat's clock in native go.
func nativeClock(seat int, inc bool) string {
	if inc {
		return fmt.Sprintf("inc p%d", seat+1)
	}
	return fmt.Sprintf("time p%d", seat+1)
}

// request sends "<id> command" and reads to its final line, within w.
// Payload lines go to payload (nil: none are expected; info lines are
// skipped). An err reply is a Protocol failure wrapping an *protocol.Error; the
// replies stay in step. The payload of the final ok line is returned.
func (c *Client) request(w waitFor, command string, payload func(word, rest string) error) (string, error) {
	id := c.nextID()
	if err := c.send(id + " " + command); err != nil {
		return "", err
	}
	what, _ := protocol.CutWord(command)
	return c.final(w, what, id, payload)
}

// final reads to the final line of request id (what names it).
func (c *Client) final(w waitFor, what, id string, payload func(word, rest string) error) (string, error) {
	for {
		line, err := c.readLine(w, what)
		if err != nil {
			return "", err
		}
		word, rest := protocol.CutWord(line)
		switch word {
		case "":
			continue
		case "ok", "err":
			rid, text := protocol.SplitID(rest)
			if rid != id {
				return "", c.broke(c.errorf(Protocol, "%s: the reply %q is not for request %s", what, protocol.Clip(line), id))
			}
			if word == "err" {
				return "", c.errorf(Protocol, "%s: %w", what, errorReply(text))
			}
			return text, nil
		case "info":
			if payload == nil {
				continue
			}
		}
		if payload == nil {
			return "", c.broke(c.errorf(Protocol, "%s: %q is not a reply to %s", what, protocol.Clip(line), what))
		}
		if err := payload(word, rest); err != nil {
			return "", c.broke(c.errorf(Protocol, "%s: %w", what, err))
		}
	}
}

// errorReply reads "<code> <message>" of an error reply.
func errorReply(text string) *protocol.Error {
	code, msg := protocol.CutWord(text)
	return &protocol.Error{Code: protocol.Code(code), Msg: msg}
}

// isKeyword says whether w can start a native payload line: lower-case
// letters, digits, '-' and '_', starting with a letter.
func isKeyword(w string) bool {
	if w == "" || w[0] < 'a' || w[0] > 'z' {
		return false
	}
	for _, r := range w {
		if !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// optionName reads the name of "name <name...> type ..." (UCI: names may
// hold spaces).
func optionName(rest string) (string, bool) {
	f := strings.Fields(rest)
	if len(f) < 2 || f[0] != "name" {
		return "", false
	}
	i := 1
	for i < len(f) && f[i] != "type" {
		i++
	}
	if i == 1 {
		return "", false
	}
	return strings.Join(f[1:i], " "), true
}

// ugiWords are the words that make UGI out of the UCI family.
var ugiWords = uciFamily{
	dialect:       "ugi",
	hello:         "ugi",
	helloOK:       "ugiok",
	newGameCmd:    "uginewgame",
	variantOption: "UGI_Variant",
	clock: func(seat int, inc bool) string {
		if inc {
			return fmt.Sprintf("p%dinc", seat+1)
		}
		return fmt.Sprintf("p%dtime", seat+1)
	},
}

// uciWords are UCI's words, for chess: the variant is not an option but
// UCI_Chess960 (true for a variant whose name starts with chess960), seat 0
// is white, and positions are plain FEN. A variant is Chess960 when its
// name starts with chess960 or its inline spec has start=960 (IsChess960).
var uciWords = uciFamily{
	dialect:        "uci",
	hello:          "uci",
	helloOK:        "uciok",
	newGameCmd:     "ucinewgame",
	chess960Option: "UCI_Chess960",
	plainFEN:       true,
	clock: func(seat int, inc bool) string {
		return [2][2]string{{"wtime", "winc"}, {"btime", "binc"}}[seat&1][boolIndex(inc)]
	},
}

// StandardFEN is the start of standard chess, what UCI's startpos means.
const StandardFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// IsChess960 reports whether a variant spec names Chess960, as the UCI
// client decides UCI_Chess960: a name that starts with chess960 or an
// inline spec with start=960 (the referee passes the effective rules,
// chess(number=N,start=960)).
func IsChess960(variant string) bool {
	v := strings.ToLower(variant)
	return strings.HasPrefix(v, "chess960") || strings.Contains(v, "start=960")
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// uciFamily is what differs between UGI and UCI as a client speaks them.
type uciFamily struct {
	dialect                    string
	hello, helloOK, newGameCmd string
	variantOption              string // the option naming the variant ("": none)
	chess960Option             string // the check option set for Chess960 ("": none)
	plainFEN                   bool   // send a position's first six fields (FEN)
	clock                      func(seat int, inc bool) string
}

// ugiClient speaks UGI, and with UCI's words UCI. As UCI
// GUIs do, it ignores lines it does not know; most commands have no reply,
// so after them it sends isready and waits for readyok, which catches a
// dead engine early. An engine that reports an error the UCI way, with
// "info string error <code> <message>" (as meeple does), fails the request
// with a Protocol error.
type ugiClient struct{ uciFamily }

func (u ugiClient) name() string { return u.dialect }

func (u ugiClient) handshake(c *Client, w waitFor) error {
	if err := c.send(u.hello); err != nil {
		return err
	}
	for {
		line, err := c.readLine(w, u.hello)
		if err != nil {
			return err
		}
		word, rest := protocol.CutWord(line)
		switch word {
		case u.helloOK:
			return nil
		case "id":
			if k, v := protocol.CutWord(rest); k == "name" {
				c.id = v
			}
		case "option":
			if name, ok := optionName(rest); ok {
				c.options = append(c.options, name)
			}
		}
	}
}

func (u ugiClient) setOption(c *Client, w waitFor, name, value string) error {
	return c.send("setoption name " + name + " value " + value)
}

func (u ugiClient) isReady(c *Client, w waitFor, sent []string) error {
	if err := c.send("isready"); err != nil {
		return err
	}
	var reported *protocol.Error
	for {
		line, err := c.readLine(w, "isready")
		if err != nil {
			return err
		}
		word, rest := protocol.CutWord(line)
		switch word {
		case "readyok":
			if reported != nil {
				return c.errorf(Protocol, "%s: %w", strings.Join(sent, ", "), reported)
			}
			return nil
		case "info":
			if text, ok := strings.CutPrefix(rest, "string error "); ok && reported == nil && len(sent) > 0 {
				reported = errorReply(strings.TrimSpace(text))
			}
		}
	}
}

// newGame selects the variant with the variant option when the engine
// lists it (an engine without it plays its one game), then starts a game.
func (u ugiClient) newGame(c *Client, w waitFor, variant string) error {
	sent := []string{u.newGameCmd}
	if u.variantOption != "" && c.hasOption(u.variantOption) {
		sent = append([]string{"setoption name " + u.variantOption + " value " + variant}, sent...)
	}
	c.chess960 = false
	if u.chess960Option != "" {
		on := IsChess960(variant)
		switch {
		case c.hasOption(u.chess960Option):
			sent = append([]string{"setoption name " + u.chess960Option + " value " + strconv.FormatBool(on)}, sent...)
		case on:
			return c.errorf(Protocol, "newgame %s: the engine does not list the %s option, so it cannot play Chess960", variant, u.chess960Option)
		}
		c.chess960 = on
	}
	for _, l := range sent {
		if err := c.send(l); err != nil {
			return err
		}
	}
	return u.isReady(c, w, []string{"newgame"})
}

func (u ugiClient) search(c *Client, ctx context.Context, req GoRequest) (GoReply, error) {
	pos := "position startpos"
	f := strings.Fields(req.Position)
	if len(f) == 0 && u.chess960Option != "" && (c.chess960 || req.Start != "" && req.Start != StandardFEN) {
		// UCI's startpos is the standard array: any other start goes as
		// a FEN, and so does every Chess960 start.
		if f = strings.Fields(req.Start); len(f) == 0 {
			return GoReply{}, fmt.Errorf("engine %s: go: a Chess960 game needs its start position (GoRequest.Start)", c.name)
		}
	}
	if len(f) > 0 {
		if u.plainFEN && len(f) > 6 {
			f = f[:6] // chess: Position's repetition count is not FEN
		}
		pos = "position fen " + strings.Join(f, " ")
	}
	if len(req.Moves) > 0 {
		pos += " moves " + strings.Join(req.Moves, " ")
	}
	if err := c.send(pos); err != nil {
		return GoReply{}, err
	}
	if err := u.isReady(c, c.readyWait(ctx), []string{"position"}); err != nil {
		return GoReply{}, err
	}
	stop := func() error { return c.send("stop") }
	return c.searchReplies(ctx, req, goArgs(req, u.clock), stop,
		func(word, rest string, rep *GoReply) (bool, error) {
			switch word {
			case "info":
				rep.addInfo(rest) // a line that does not parse is ignored
			case "bestmove":
				rep.Move, _ = protocol.CutWord(rest)
				return true, nil
			}
			return false, nil
		})
}

// searchReplies writes the go line and reads the search's replies with
// handle until it reports bestmove. At req.Deadline after go (and when
// ctx ends) it sends stop with stop, and waits Timeouts.Stop more for
// bestmove: none is a Stall. When ctx has ended, the reply comes with
// ctx.Err() (if bestmove came, the replies are in step).
func (c *Client) searchReplies(ctx context.Context, req GoRequest, goLine string, stop func() error,
	handle func(word, rest string, rep *GoReply) (bool, error)) (GoReply, error) {
	var rep GoReply
	var timer *time.Timer
	var expire <-chan time.Time
	start := time.Now()
	if req.Deadline > 0 {
		timer = time.NewTimer(req.Deadline)
		defer timer.Stop()
		expire = timer.C
	}
	if err := c.send(goLine); err != nil {
		return rep, err
	}
	waitCtx := ctx
	var ctxErr error
	stopped := false
	for {
		l, err := c.next(waitCtx, expire)
		switch {
		case err == nil:
			if l.tooLong {
				return rep, c.broke(c.errorf(Protocol, "go: a reply line longer than %d bytes (%q...)", protocol.MaxLine, l.text))
			}
			word, rest := protocol.CutWord(l.text)
			done, err := handle(word, rest, &rep)
			if err != nil {
				return rep, err
			}
			if done {
				rep.Elapsed = time.Since(start)
				return rep, ctxErr
			}
			if word == "info" && req.Info != nil {
				rep.Elapsed = time.Since(start)
				req.Info(rep)
			}
			continue
		case stopped && err == errExpired && ctxErr != nil:
			c.broke(c.errorf(Stall, "go: no bestmove within %v of stop (the search was interrupted: %v)", c.t.Stop, ctxErr))
			return rep, fmt.Errorf("engine %s: go: %w", c.name, ctxErr)
		case stopped && err == errExpired:
			return rep, c.broke(c.errorf(Stall, "go: no bestmove within %v, nor %v after stop", req.Deadline, c.t.Stop))
		case err == errExpired:
		case err == ctx.Err():
			ctxErr, waitCtx = err, context.Background()
		default:
			return rep, c.waitError(err, "go", waitFor{ctx: ctx, limit: req.Deadline})
		}
		// The deadline has passed or ctx has ended: stop the search.
		stopped = true
		if err := stop(); err != nil {
			return rep, err
		}
		if timer == nil {
			timer = time.NewTimer(c.t.Stop)
			defer timer.Stop()
			expire = timer.C
		} else {
			timer.Reset(c.t.Stop)
		}
	}
}

// goArgs writes a go request; clock names a seat's time or increment.
// A remaining time under 1 ms is written as 1 (0 may read as "no clock").
func goArgs(req GoRequest, clock func(seat int, inc bool) string) string {
	var b strings.Builder
	b.WriteString("go")
	for seat, d := range req.Time {
		fmt.Fprintf(&b, " %s %d", clock(seat, false), max(d.Milliseconds(), 1))
	}
	for seat, d := range req.Inc {
		fmt.Fprintf(&b, " %s %d", clock(seat, true), max(d.Milliseconds(), 0))
	}
	if req.MovesToGo > 0 {
		fmt.Fprintf(&b, " movestogo %d", req.MovesToGo)
	}
	if req.MoveTime > 0 {
		fmt.Fprintf(&b, " movetime %d", max(req.MoveTime.Milliseconds(), 1))
	}
	if req.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", req.Depth)
	}
	if req.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", req.Nodes)
	}
	return b.String()
}

// infoInts are the info keys followed by one integer (UCI's and native's).
var infoInts = map[string]bool{"depth": true, "seldepth": true, "nodes": true, "nps": true,
	"time": true, "multipv": true, "hashfull": true, "tbhits": true, "sbhits": true,
	"cpuload": true, "currmovenumber": true}

// addInfo reads an info line (the words after info) into r: depth, score
// (native "score <n>" or "score cp <n>", "score mate <n>"), nodes and pv,
// each when the line has it. Unknown keys are skipped (info grows); string
// ends the fields; a multipv other than 1 leaves r alone. A known key
// with a malformed value is an error, and r is left alone.
func (r *GoReply) addInfo(text string) error {
	f := strings.Fields(text)
	var (
		depth, multipv     = -1, 1
		score, mate        int
		hasScore, hasNodes bool
		nodes              int64
		pv                 []string
		hasPV              bool
	)
	num := func(i int, key string) (int64, error) {
		if i >= len(f) {
			return 0, fmt.Errorf("info %s: missing value", key)
		}
		n, err := strconv.ParseInt(f[i], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("info %s: %q is not an integer", key, protocol.Clip(f[i]))
		}
		return n, nil
	}
fields:
	for i := 0; i < len(f); i++ {
		switch k := f[i]; {
		case k == "string" || k == "refutation" || k == "currline":
			break fields
		case k == "pv":
			pv, hasPV = f[i+1:], true
			break fields
		case k == "currmove":
			i++
		case k == "score":
			kind := "cp"
			if i+1 < len(f) && (f[i+1] == "cp" || f[i+1] == "mate") {
				kind = f[i+1]
				i++
			}
			n, err := num(i+1, "score")
			if err != nil {
				return err
			}
			i++
			score, mate, hasScore = int(n), 0, true
			if kind == "mate" {
				score, mate = 0, int(n)
			}
			if i+1 < len(f) && (f[i+1] == "lowerbound" || f[i+1] == "upperbound") {
				i++
			}
		case infoInts[k]:
			n, err := num(i+1, k)
			if err != nil {
				return err
			}
			i++
			switch k {
			case "depth":
				depth = int(n)
			case "nodes":
				nodes, hasNodes = n, true
			case "multipv":
				multipv = int(n)
			}
		}
	}
	if multipv != 1 {
		return nil
	}
	if depth >= 0 {
		r.Depth = depth
	}
	if hasScore {
		r.Score, r.Mate, r.HasScore = score, mate, true
	}
	if hasNodes {
		r.Nodes = nodes
	}
	if hasPV {
		r.PV = append([]string(nil), pv...)
	}
	return nil
}
