package serve

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// Limits bound what the server takes on; past each one it refuses with a
// clear error (an HTTP status with a JSON error, or an error message on
// the socket), never a crash, and every one recovers: rooms and engines
// are counted while they live. The zero value of a field means its
// default.
type Limits struct {
	Message int64         // bytes in one WebSocket message (default 4096)
	Rooms   int           // rooms kept, on disk and in memory (default 10000); an expired room is kept no more
	Live    int           // rooms in memory at once; idle ones are unloaded past it (default 2000)
	Conns   int           // connections at once, of every kind (default 5000)
	Reserve int           // of Conns, kept for the seats' sockets: spectators get the rest (default Conns/10)
	Engines int           // engine seats playing at once, each a process (default 8)
	Creates int           // rooms one client address may make a minute (default 20)
	Body    time.Duration // to send a request's headers, and again its body (default 10s)
	Idle    time.Duration // a room no page has visited for this long is unloaded; its engines stop (default 10m)
	Expire  time.Duration // a room unused for this long is deleted; its records stay (default 30 days)
}

// DefaultLimits are the limits of `meeple serve` unless flags change them.
var DefaultLimits = Limits{Message: 4096, Rooms: 10000, Live: 2000, Conns: 5000, Engines: 8, Creates: 20,
	Body: 10 * time.Second, Idle: 10 * time.Minute, Expire: 30 * 24 * time.Hour}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	set := func(dst *int, v int) {
		if v > 0 {
			*dst = v
		}
	}
	if l.Message > 0 {
		d.Message = l.Message
	}
	set(&d.Rooms, l.Rooms)
	set(&d.Live, l.Live)
	set(&d.Conns, l.Conns)
	set(&d.Engines, l.Engines)
	set(&d.Creates, l.Creates)
	d.Reserve = d.Conns / 10
	if l.Reserve > 0 {
		d.Reserve = min(l.Reserve, d.Conns-1)
	}
	for _, p := range []struct {
		dst *time.Duration
		v   time.Duration
	}{{&d.Body, l.Body}, {&d.Idle, l.Idle}, {&d.Expire, l.Expire}} {
		if p.v > 0 {
			*p.dst = p.v
		}
	}
	return d
}

// httpError writes {"error": msg} with status.
func httpError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

// apiError writes err with status: a *refusal as {"error", "code", "args"}
// (the page words the code in its reader's language), any other error as
// httpError.
func apiError(w http.ResponseWriter, status int, err error) {
	var r *refusal
	if !errors.As(err, &r) {
		httpError(w, status, err.Error())
		return
	}
	writeJSON(w, status, struct {
		Error string   `json:"error"`
		Code  string   `json:"code"`
		Args  []string `json:"args,omitempty"`
	}{r.Text, r.Code, r.Args})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// Listener counts the connections ln accepts against Limits.Conns: past
// it a connection is answered 503 and closed at once. Serve uses it; a
// caller serving Handler on a listener of its own wraps it with this.
func (s *Server) Listener(ln net.Listener) net.Listener { return &countedListener{Listener: ln, s: s} }

type countedListener struct {
	net.Listener
	s *Server
}

// full is the answer to a connection past the limit.
func (s *Server) full() []byte {
	body := fmt.Sprintf("{\"error\":\"the server takes at most %d connections at once; try again later\"}\n", s.lim.Conns)
	return []byte(fmt.Sprintf("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s", len(body), body))
}

func (l *countedListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.s.conns.Add(1) > int64(l.s.lim.Conns) {
			l.s.conns.Add(-1)
			go l.s.refuse(c)
			continue
		}
		return &countedConn{Conn: c, s: l.s}, nil
	}
}

// refuse answers a connection past the limit: its request's head is
// read (an answer before the request is one a client does not expect),
// answered 503, and the connection closed.
func (s *Server) refuse(c net.Conn) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Second))
	br := bufio.NewReaderSize(io.LimitReader(c, 16<<10), 4<<10)
	for {
		line, err := br.ReadSlice('\n')
		if err != nil || len(bytes.TrimSpace(line)) == 0 {
			break
		}
	}
	c.Write(s.full())
}

type countedConn struct {
	net.Conn
	s    *Server
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() { c.s.conns.Add(-1) })
	return c.Conn.Close()
}
