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

// accept upgrades a request to a WebSocket within the connection limit;
// it writes the refusal itself and returns nil past the limit.
func (s *Server) accept(w http.ResponseWriter, r *http.Request) (*websocket.Conn, func()) {
	if s.conns.Add(1) > int64(s.lim.Conns) {
		s.conns.Add(-1)
		httpError(w, http.StatusServiceUnavailable, fmt.Sprintf("the server takes at most %d connections at once; try again later", s.lim.Conns))
		return nil, nil
	}
	ws, err := websocket.Accept(w, r, nil) // checks that Origin is this host
	if err != nil {
		s.conns.Add(-1)
		return nil, nil
	}
	ws.SetReadLimit(s.lim.Message)
	return ws, func() { s.conns.Add(-1) }
}

func (s *Server) handleRoomSocket(w http.ResponseWriter, r *http.Request) {
	room, status, err := s.room(r.PathValue("id"))
	if err != nil {
		httpError(w, status, err.Error())
		return
	}
	rs := -1
	if tok := r.URL.Query().Get("token"); tok != "" {
		if rs = room.seatOf(tok); rs < 0 {
			httpError(w, http.StatusForbidden, "this link's token holds no seat of the room")
			return
		}
	}
	ws, release := s.accept(w, r)
	if ws == nil {
		return
	}
	defer release()
	c := newConn(ws, rs)
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	go c.writer(ctx)
	room.join(c)
	defer room.leave(c)
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
			return
		}
		u, err := Decode(data)
		if err != nil {
			c.send(errorJSON(err.Error()), nil)
			continue
		}
		var refusal string
		switch u.Type {
		case "move", "resign":
			refusal = room.submit(c, u, at)
		case "newgame":
			if c.roomSeat < 0 {
				refusal = "spectators cannot start a game"
			} else {
				refusal = room.newGame(u.Swap)
			}
		}
		if refusal != "" {
			c.send(errorJSON(refusal), nil)
		}
	}
}

// join sends a new page its hello and the state, and tells the others.
func (r *Room) join(c *conn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.conns[c] = struct{}{}
	r.used = time.Now()
	c.send(r.hello(c.roomSeat), nil)
	if b := r.state(r.viewOf(c)); b != nil {
		c.send(b, nil)
	}
	if c.roomSeat >= 0 {
		r.seatsChanged()
	}
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
