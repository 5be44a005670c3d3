package serve

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// conn is one page's WebSocket. Messages go out through a buffered
// channel drained by the conn's writer, so a room never waits on a slow
// page; a page that falls that far behind is disconnected.
type conn struct {
	ws       *websocket.Conn
	roomSeat int // the room seat whose token it gave; -1: a spectator
	out      chan outMsg
	once     sync.Once
	gone     chan struct{}
	hinting  atomic.Bool // the engine thinks about this page's position
}

type outMsg struct {
	b []byte
	d *delivery
}

// outQueue is how many messages a page may fall behind.
const outQueue = 64

// writeTimeout bounds one write to a page.
const writeTimeout = 10 * time.Second

func newConn(ws *websocket.Conn, roomSeat int) *conn {
	return &conn{ws: ws, roomSeat: roomSeat, out: make(chan outMsg, outQueue), gone: make(chan struct{})}
}

// send queues b without blocking; a page too far behind is closed.
func (c *conn) send(b []byte, d *delivery) {
	select {
	case c.out <- outMsg{b, d}:
	default:
		d.done()
		c.close(websocket.StatusPolicyViolation, "too slow: messages piled up")
	}
}

func (c *conn) close(code websocket.StatusCode, reason string) {
	c.once.Do(func() {
		close(c.gone)
		go c.ws.Close(code, reason)
	})
}

// writer sends the queued messages until the conn closes.
func (c *conn) writer(ctx context.Context) {
	for {
		select {
		case m := <-c.out:
			wctx, cancel := context.WithTimeout(ctx, writeTimeout)
			err := c.ws.Write(wctx, websocket.MessageText, m.b)
			cancel()
			m.d.done()
			if err != nil {
				c.close(websocket.StatusGoingAway, "write failed")
				return
			}
		case <-c.gone:
			for {
				select {
				case m := <-c.out:
					m.d.done()
				default:
					return
				}
			}
		case <-ctx.Done():
			return
		}
	}
}

// delivery counts the pages a state still has to reach, for the latency
// metric of the load benchmark.
type delivery struct {
	start time.Time
	left  atomic.Int32
	fn    func(time.Duration)
}

func (s *Server) newDelivery(start time.Time, n int) *delivery {
	if s.onDelivered == nil || start.IsZero() || n == 0 {
		return nil
	}
	d := &delivery{start: start, fn: s.onDelivered}
	d.left.Store(int32(n))
	return d
}

func (d *delivery) done() {
	if d != nil && d.left.Add(-1) == 0 {
		d.fn(time.Since(d.start))
	}
}

// accept upgrades a request to a WebSocket. A spectator's is refused
// when fewer than Limits.Reserve connections are left, so that spectators
// cannot lock the players out; it writes the refusal itself and returns
// nil then.
func (s *Server) accept(w http.ResponseWriter, r *http.Request, seat bool) *websocket.Conn {
	if !seat && s.conns.Load() > int64(s.lim.Conns-s.lim.Reserve) {
		httpError(w, http.StatusServiceUnavailable, fmt.Sprintf("spectators may take %d of the server's %d connections, all taken (the rest are kept for players); try again later",
			s.lim.Conns-s.lim.Reserve, s.lim.Conns))
		return nil
	}
	ws, err := websocket.Accept(w, r, nil) // checks that Origin is this host (the guard did too)
	if err != nil {
		return nil
	}
	ws.SetReadLimit(s.lim.Message)
	return ws
}

// keepAlive pings the page every so often: one that does not answer in
// time (gone without closing: a laptop shut, a network lost) is closed,
// which ends its read loop, and its seat shows offline.
func (s *Server) keepAlive(ctx context.Context, c *conn) {
	t := time.NewTicker(s.tm.ping)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-c.gone:
			return
		case <-t.C:
			pctx, cancel := context.WithTimeout(ctx, s.tm.pong)
			err := c.ws.Ping(pctx)
			cancel()
			if err != nil {
				c.close(websocket.StatusGoingAway, "no answer to a ping")
				c.ws.CloseNow()
				return
			}
		}
	}
}

func (s *Server) handleRoomSocket(w http.ResponseWriter, r *http.Request) {
	room, status, err := s.room(r.PathValue("id"))
	if err != nil {
		apiError(w, status, err)
		return
	}
	rs := -1
	if tok := r.URL.Query().Get("token"); tok != "" {
		if rs = room.seatOf(tok); rs < 0 {
			httpError(w, http.StatusForbidden, "this link's token holds no seat of the room")
			return
		}
	}
	ws := s.accept(w, r, rs >= 0)
	if ws == nil {
		return
	}
	if !s.serveRoom(room, ws, rs) {
		// The room was put away between the lookup and the join: the page
		// reconnects and finds it again.
		ws.Close(websocket.StatusTryAgainLater, "the room was being put away; reconnect")
	}
}

// serveRoom runs a page's socket in room at room seat rs (-1: a
// spectator); false if the room was unloaded before the page joined.
func (s *Server) serveRoom(room *Room, ws *websocket.Conn, rs int) bool {
	c := newConn(ws, rs)
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	if !room.join(c) {
		return false
	}
	defer room.leave(c)
	go c.writer(ctx)
	go s.keepAlive(ctx, c)
	for {
		_, data, err := ws.Read(ctx)
		at := time.Now()
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) || ctx.Err() != nil {
				c.close(websocket.StatusNormalClosure, "")
			} else {
				// A message past the size limit, or a broken frame: the
				// library closes the socket itself (1009, 1002).
				c.close(websocket.StatusPolicyViolation, err.Error())
			}
			return true
		}
		u, err := Decode(data)
		if err != nil {
			c.send(errorJSON(&refusal{Code: "bad-message", Text: err.Error()}), nil)
			continue
		}
		var no *refusal
		switch u.Type {
		case "move", "resign":
			no = room.submit(c, u, at)
		case "talk":
			no = room.say(c, u)
		case "name":
			no = room.rename(c, *u.Name)
		case "hint":
			no = room.hint(c)
		case "takeback":
			no = room.takeBack(c)
		case "review":
			no = room.review(c)
		case "newgame":
			if c.roomSeat < 0 {
				no = refuse("spectator-new-game", "spectators cannot start a game")
			} else {
				no = room.newGame(u.Swap)
			}
		}
		if no != nil {
			c.send(errorJSON(no), nil)
		}
	}
}

// join sends a new page its hello and the state, and tells the others;
// false if the room is gone (unloaded).
func (r *Room) join(c *conn) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.gone {
		return false
	}
	r.conns[c] = struct{}{}
	r.used = time.Now()
	c.send(r.hello(c.roomSeat), nil)
	if b := r.state(r.viewOf(c)); b != nil {
		c.send(b, nil)
	}
	if c.roomSeat >= 0 {
		r.seatsChanged()
	}
	return true
}

func (r *Room) leave(c *conn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.conns, c)
	r.used = time.Now()
	if c.roomSeat >= 0 {
		r.seatsChanged()
	}
}

// viewOf is the game seat whose view c gets (-1: the public view).
func (r *Room) viewOf(c *conn) int {
	if c.roomSeat < 0 {
		return -1
	}
	return r.file.gameSeat(c.roomSeat)
}
