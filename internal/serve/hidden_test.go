package serve

import (
	"fmt"
	"slices"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
)

// A 3-player The Game room with three people: every message each page
// received is inspected against the full game (replayed from the room's
// record), and none shows a card of another seat's hand: no other hand in
// a picture, and a chance outcome (a card dealt or drawn) in the history
// only to the seat that drew it.
func TestServeHiddenHands(t *testing.T) {
	ts := startServer(t, t.TempDir(), Limits{})
	room := ts.create(t, `{"variant":"thegame(players=3)","seats":[{"person":true},{"person":true},{"person":true}]}`)
	var cs []*page
	for _, s := range room.Seats {
		cs = append(cs, ts.dial(t, s.Link))
	}
	spec := ts.dial(t, room.Watch)
	cur := 0
	for moves := 0; ; moves++ {
		if moves > 2000 {
			t.Fatal("the game did not end in 2000 moves")
		}
		st := spec.stateAt(cur)
		for st["result"] == nil && st["toMove"].(float64) < 0 {
			st = spec.next("state")
		}
		if st["result"] != nil {
			break
		}
		cur = int(st["ply"].(float64))
		who := int(st["toMove"].(float64))
		c := cs[who]
		ms := c.stateAt(cur)
		for int(ms["ply"].(float64)) != cur || ms["legal"] == nil {
			ms = c.next("state")
		}
		legal := ms["legal"].([]any)
		c.move(legal[len(legal)-1].(map[string]any)["move"].(string), cur) // the last: plays cards before ending the turn
		cur++
	}
	for _, c := range cs {
		for c.got[len(c.got)-1]["result"] == nil {
			c.next("state")
		}
	}

	// The full game, from the server's own record.
	r, _, err := ts.s.room(room.Room)
	if err != nil {
		t.Fatal(err)
	}
	// A copy: Replay fills in fields (seats of plies, the penalty) while
	// the server's saver may be writing the same record to disk.
	r.mu.Lock()
	cp := *r.file.Ended
	cp.Plies = slices.Clone(cp.Plies)
	rec := &cp
	r.mu.Unlock()
	if err := record.Replay(rec); err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	v, err := games.LoadVariant(rec.Rules)
	if err != nil {
		t.Fatal(err)
	}
	// drawer[i]: the seat whose hand chance ply i went into (-1: not a chance ply).
	full := v.Game.NewState()
	drawer := make([]int, len(rec.Plies))
	for i, p := range rec.Plies {
		drawer[i] = -1
		before := hands(full, 3)
		mv, err := games.ParseLegal(full, p.Move)
		if err != nil {
			t.Fatal(err)
		}
		full.Play(mv)
		if p.Chance() {
			after := hands(full, 3)
			for s := range 3 {
				if !slices.Equal(before[s], after[s]) {
					drawer[i] = s
				}
			}
			if drawer[i] < 0 {
				t.Fatalf("chance ply %d (%s) went into no hand", i+1, p.Move)
			}
		}
	}
	for k, c := range append(cs, spec) {
		seat := c.seat
		states := 0
		for _, m := range c.got {
			if m["type"] != "state" {
				continue
			}
			states++
			where := fmt.Sprintf("seat %d, ply %v", seat, m["ply"])
			table, ok := m["picture"].(map[string]any)["cards"].(map[string]any)
			if !ok {
				t.Fatalf("%s: a picture without its card table: %v", where, m["picture"])
			}
			for j, h := range table["hands"].([]any) {
				if j != seat && h != nil {
					t.Fatalf("%s: the hand of seat %d is shown: %v", where, j, h)
				}
			}
			for i, h := range m["history"].([]any) {
				if drawer[i] >= 0 && drawer[i] != seat && h != "?" {
					t.Fatalf("%s: history ply %d shows %v, drawn by seat %d", where, i+1, h, drawer[i])
				}
				if drawer[i] == seat && h != rec.Plies[i].Move {
					t.Fatalf("%s: history ply %d is %v, want the seat's own draw %s", where, i+1, h, rec.Plies[i].Move)
				}
			}
			if l, ok := m["legal"]; ok && int(m["toMove"].(float64)) != seat {
				t.Fatalf("%s: legal moves %v off its turn", where, l)
			}
			if last, ok := m["last"].(map[string]any); ok && last["seat"].(float64) < 0 && last["move"] != "?" {
				t.Fatalf("%s: the last chance outcome is shown: %v", where, last)
			}
		}
		if states < 10 {
			t.Fatalf("client %d received only %d states", k, states)
		}
	}
}
