package serve

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// roomsAtOnce is how many rooms BenchmarkRooms plays at once.
const roomsAtOnce = 500

// BenchmarkRooms drives roomsAtOnce rooms of scripted pages over loopback:
// two person seats playing connect4 (each the first legal move it is
// sent, a new game when one ends) and a spectator in each room. b.N is the
// number of moves played in all. It reports moves/s and the p50 and p99
// latency from a move's arrival at the server to its delivery to every
// page of the room. think=0 answers every state at once (the server
// saturated: latency is mostly queueing); think=1s pauses 0.5 to 1.5 s
// (uniformly, 1 s on average) before each move, as quick players would,
// so that the rooms' moves arrive spread out rather than in waves (500
// moves/s offered).
func BenchmarkRooms(b *testing.B) {
	for _, think := range []time.Duration{0, time.Second} {
		b.Run("think="+think.String(), func(b *testing.B) { benchRooms(b, think) })
	}
}

func benchRooms(b *testing.B, think time.Duration) {
	ts := startServer(b, b.TempDir(), Limits{Creates: 2 * roomsAtOnce})
	var mu sync.Mutex
	var lat []time.Duration
	ts.s.onDelivered = func(d time.Duration) {
		mu.Lock()
		lat = append(lat, d)
		mu.Unlock()
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type page struct {
		ws   *websocket.Conn
		seat int
	}
	var pages [][3]page
	for range roomsAtOnce {
		room := ts.create(b, `{"variant":"connect4","seats":[{"person":true},{"person":true}]}`)
		var ps [3]page
		for i, link := range []string{room.Seats[0].Link, room.Seats[1].Link, room.Watch} {
			c := ts.dial(b, link)
			ps[i] = page{c.ws, c.seat}
		}
		pages = append(pages, ps)
	}
	var moves atomic.Int64
	done := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	play := func(p page) {
		defer wg.Done()
		for {
			_, data, err := p.ws.Read(ctx)
			if err != nil {
				return
			}
			if p.seat < 0 {
				continue
			}
			var m struct {
				Type   string      `json:"type"`
				Ply    int         `json:"ply"`
				ToMove int         `json:"toMove"`
				Legal  []legalMove `json:"legal"`
				Result *resultMsg  `json:"result"`
			}
			if json.Unmarshal(data, &m) != nil || m.Type != "state" {
				continue
			}
			var out []byte
			switch {
			case m.Result != nil && p.seat == 0:
				out = []byte(`{"type":"newgame","swap":false}`)
			case m.Result == nil && m.ToMove == p.seat && len(m.Legal) > 0:
				if moves.Add(1) > int64(b.N) {
					once.Do(func() { close(done) })
					return
				}
				out, _ = json.Marshal(Up{Type: "move", Move: m.Legal[0].Move, Ply: &m.Ply})
				if think > 0 {
					select {
					case <-time.After(think/2 + rand.N(think)):
					case <-ctx.Done():
						return
					}
				}
			}
			if out != nil && p.ws.Write(ctx, websocket.MessageText, out) != nil {
				return
			}
		}
	}
	mu.Lock()
	lat = lat[:0]
	mu.Unlock()
	b.ResetTimer()
	start := time.Now()
	// Each page still has its first state to read: the first movers start.
	for _, ps := range pages {
		for _, p := range ps {
			wg.Add(1)
			go play(p)
		}
	}
	<-done
	elapsed := time.Since(start)
	b.StopTimer()
	cancel()
	mu.Lock()
	ls := append([]time.Duration(nil), lat...)
	mu.Unlock()
	sort.Slice(ls, func(i, j int) bool { return ls[i] < ls[j] })
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "moves/s")
	if len(ls) > 0 {
		b.ReportMetric(float64(ls[len(ls)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(ls[len(ls)*99/100].Microseconds())/1000, "p99-ms")
	}
	for _, ps := range pages {
		for _, p := range ps {
			p.ws.CloseNow()
		}
	}
	wg.Wait()
}
