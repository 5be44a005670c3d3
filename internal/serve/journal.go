package serve

// The room log. Every change of a room (made, a ply, a game's end, a new
// game, expired) is an entry appended to DIR/log/ and synced before any
// page hears of it: the acknowledgement is the promise. Appends from all
// the rooms that arrive while a sync runs wait together for the next one
// (group commit), so that a sync covers many plies under load and one at
// human pace. Snapshots (rooms/ID.json) follow behind, written by the
// saver; a segment of the log is deleted once every room it names has a
// durable snapshot as new as its entries there. On start the segments are
// replayed onto the snapshots (recover), which are then written, and the
// log starts empty.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/meeple-games/meeple/internal/record"
)

// entry is one change of a room: a ply of its current game (Ply, and the
// clocks after it), a word said to the table (Talk), or the whole room
// (File: made, a game ended, a new game), or its end (Drop: expired).
type entry struct {
	Room   string      `json:"room"`
	Seq    uint64      `json:"seq"` // the room's change number: 1, 2, ...
	At     int64       `json:"at"`  // unix ms
	Ply    *record.Ply `json:"ply,omitempty"`
	N      int         `json:"n,omitempty"` // with Ply: the plies of the game after it
	Clocks []int64     `json:"clocks,omitempty"`
	File   *roomFile   `json:"file,omitempty"`
	Talk   *talkMark   `json:"talk,omitempty"`
	Drop   bool        `json:"drop,omitempty"`
}

// apply applies e to the room f (nil: none yet); it returns the room after
// it (nil: dropped), or an error when e does not follow f.
func (e *entry) apply(f *roomFile) (*roomFile, error) {
	switch {
	case e.Drop:
		return nil, nil
	case e.File != nil:
		g := *e.File
		g.Seq = e.Seq
		return &g, nil
	case f == nil:
		return nil, errors.New("a ply of a room that is not there")
	case e.Talk != nil:
		if f.Ended != nil {
			return nil, errors.New("talk after the game's end")
		}
		g := *f
		g.Talk = append(f.Talk[:len(f.Talk):len(f.Talk)], *e.Talk)
		g.Seq = e.Seq
		return &g, nil
	case e.Ply != nil:
		if e.N != len(f.Plies)+1 {
			return nil, fmt.Errorf("ply %d of a game at ply %d", e.N, len(f.Plies))
		}
		if f.Ended != nil {
			return nil, errors.New("a ply after the game's end")
		}
		g := *f
		g.Plies = append(f.Plies[:len(f.Plies):len(f.Plies)], *e.Ply)
		if e.Clocks != nil {
			g.Clocks = e.Clocks
		}
		g.Seq, g.Turn, g.Used = e.Seq, e.At, e.At
		return &g, nil
	}
	return nil, errors.New("an entry of no kind")
}

// segmentBytes is the size past which the log starts a new segment:
// about half an hour of 500 rooms playing at human pace.
const segmentBytes = 64 << 20

// journal is the room log: its segments, the entries waiting for their
// sync, and who writes them. There is no writer of its own: the first
// waiter to find no write under way writes everything queued (the leader),
// and the entries queued meanwhile wait for the next leader among them,
// so that the goroutine whose ply it is goes on without a hand-off.
type journal struct {
	dir      string
	logf     func(string, ...any)
	segBytes int64 // segmentBytes (tests: less)
	// retry is the first wait before a failed write is tried again; it
	// doubles up to a few seconds.
	retry time.Duration
	// faults, when above zero, fails that many writes (tests).
	faults atomic.Int32
	// seal is told the rooms of a segment when a new one starts: their
	// snapshots are due, so that the segment can go.
	seal func(rooms []string)

	mu      sync.Mutex
	cond    *sync.Cond // a write ended, or the log closed (for close and a retry's sleep)
	queue   []*commit
	leading bool // a leader is writing
	closed  bool
	seg     int                       // the segment appended to
	rooms   map[int]map[string]uint64 // per segment: each room's last Seq in it
	snaps   map[string]uint64         // each room's durable snapshot's Seq
	dropped map[string]bool           // rooms expired: their entries need no snapshot

	f    *os.File // the leader's: the segment and its size
	size int64
}

// commit is an entry waiting for its sync.
type commit struct {
	j    *journal
	line []byte
	room string
	seq  uint64
	done bool          // written, or given up (err)
	err  error         // nil once written; errClosing if the server stopped first
	wake chan struct{} // its waiter is woken: done, or to lead
}

// errClosing is what an append waiting at shutdown gets: not written.
var errClosing = errors.New("the server is closing")

func segName(n int) string { return fmt.Sprintf("%08d.log", n) }

// segments lists the log's segments in order.
func segments(dir string) ([]int, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var ns []int
	for _, e := range ents {
		if s, ok := strings.CutSuffix(e.Name(), ".log"); ok {
			if n, err := strconv.Atoi(s); err == nil && n > 0 {
				ns = append(ns, n)
			}
		}
	}
	slices.Sort(ns)
	return ns, nil
}

// readLog reads every entry of the log's segments, in order. A line cut
// short by a crash (the end of the last segment) ends its segment; it was
// never acknowledged.
func readLog(dir string, logf func(string, ...any)) ([]entry, []int, error) {
	ns, err := segments(dir)
	if err != nil {
		return nil, nil, err
	}
	var out []entry
	for _, n := range ns {
		data, err := os.ReadFile(filepath.Join(dir, segName(n)))
		if err != nil {
			return nil, nil, err
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 64<<20)
		off := 0
		for sc.Scan() {
			line := sc.Bytes()
			off += len(line) + 1
			var e entry
			if off > len(data) || json.Unmarshal(line, &e) != nil || e.Room == "" {
				logf("the room log %s: an entry cut short at byte %d (a crash while it was written): it was never acknowledged", segName(n), off-len(line)-1)
				break
			}
			out = append(out, e)
		}
	}
	return out, ns, nil
}

// openJournal starts a log in dir after segment last (what recover left).
func openJournal(dir string, last int, logf func(string, ...any)) (*journal, error) {
	j := &journal{dir: dir, logf: logf, segBytes: segmentBytes, retry: 50 * time.Millisecond, rooms: map[int]map[string]uint64{},
		snaps: map[string]uint64{}, dropped: map[string]bool{}}
	j.cond = sync.NewCond(&j.mu)
	if err := j.open(last + 1); err != nil {
		return nil, err
	}
	return j, nil
}

// open starts segment n.
func (j *journal) open(n int) error {
	f, err := os.OpenFile(filepath.Join(j.dir, segName(n)), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("the room log: %w", err)
	}
	if err := syncDir(j.dir); err != nil {
		f.Close()
		os.Remove(f.Name())
		return fmt.Errorf("the room log: %w", err)
	}
	if j.f != nil {
		j.f.Close()
	}
	j.mu.Lock()
	j.f, j.size, j.seg = f, 0, n
	j.rooms[n] = map[string]uint64{}
	j.mu.Unlock()
	return nil
}

// append queues e; its commit's wait returns once e is durable. Entries
// of one room must be appended in Seq order, which the queue keeps.
func (j *journal) append(e *entry) *commit {
	c := &commit{j: j, room: e.Room, seq: e.Seq, wake: make(chan struct{}, 1)}
	line, err := json.Marshal(e)
	if err != nil {
		c.done, c.err = true, err
		return c
	}
	c.line = append(line, '\n')
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		c.done, c.err = true, errClosing
		return c
	}
	j.queue = append(j.queue, c)
	if e.Drop {
		j.dropped[e.Room] = true
	}
	return c
}

// wait waits until c is on disk (nil) or the server stopped first. The
// waiter that finds no write under way writes what is queued.
func (c *commit) wait() error {
	j := c.j
	j.mu.Lock()
	for !c.done {
		if j.leading {
			j.mu.Unlock()
			<-c.wake
			j.mu.Lock()
			continue
		}
		j.leading = true
		batch := j.queue
		j.queue = nil
		j.mu.Unlock()
		j.write(batch)
		j.mu.Lock()
		j.leading = false
		if len(j.queue) > 0 {
			j.queue[0].signal() // the next leader
		}
		j.cond.Broadcast() // a close waiting for the write
	}
	j.mu.Unlock()
	return c.err
}

// signal wakes c's waiter, if it is not awake already.
func (c *commit) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// write writes a batch in one write and one sync, and marks its entries
// done; a failed write is cut off again and tried again (logged, with a
// growing wait), never dropped, until the log closes. Then it starts a
// new segment when this one is full, and deletes those no longer needed.
func (j *journal) write(batch []*commit) {
	var buf []byte
	for _, c := range batch {
		buf = append(buf, c.line...)
	}
	wait := j.retry
	var err error
	for {
		if err = j.writeSync(buf); err == nil {
			break
		}
		j.logf("the room log: %v (%d changes wait; trying again in %v)", err, len(batch), wait)
		if !j.sleep(wait) {
			err = errClosing
			break
		}
		wait = min(2*wait, 5*time.Second)
	}
	j.mu.Lock()
	for _, c := range batch {
		c.done, c.err = true, err
		if err == nil {
			j.rooms[j.seg][c.room] = c.seq
		}
		c.signal()
	}
	j.mu.Unlock()
	if err != nil {
		return
	}
	if j.size >= j.segBytes {
		sealed := j.seg
		if err := j.open(j.seg + 1); err != nil {
			j.logf("%v; the log goes on in its segment", err)
		} else if j.seal != nil {
			j.mu.Lock()
			rooms := make([]string, 0, len(j.rooms[sealed]))
			for room := range j.rooms[sealed] {
				if !j.dropped[room] {
					rooms = append(rooms, room)
				}
			}
			j.mu.Unlock()
			j.seal(rooms)
		}
	}
	j.trim()
}

// sleep waits d, or until the log closes (false). The timer marks the
// wait over under the lock: a broadcast alone could fall between the
// waiter's check and its Wait and be lost, leaving it asleep for good.
func (j *journal) sleep(d time.Duration) bool {
	over := false
	t := time.AfterFunc(d, func() {
		j.mu.Lock()
		over = true
		j.cond.Broadcast()
		j.mu.Unlock()
	})
	defer t.Stop()
	j.mu.Lock()
	defer j.mu.Unlock()
	for !j.closed && !over {
		j.cond.Wait()
	}
	return !j.closed
}

// writeSync appends buf to the segment and syncs it; on failure the
// segment is cut back to its size before.
func (j *journal) writeSync(buf []byte) error {
	if j.faults.Load() > 0 && j.faults.Add(-1) >= 0 {
		return errors.New("write: an injected fault")
	}
	_, err := j.f.WriteAt(buf, j.size)
	if err == nil {
		err = j.f.Sync()
	}
	if err != nil {
		j.f.Truncate(j.size)
		return err
	}
	j.size += int64(len(buf))
	return nil
}

// covered notes that room's snapshot on disk is at seq, and deletes the
// segments no longer needed.
func (j *journal) covered(room string, seq uint64) {
	j.mu.Lock()
	j.snaps[room] = max(j.snaps[room], seq)
	j.mu.Unlock()
	j.trim()
}

// trim deletes the segments before the current one whose every room has
// a snapshot as new as its entries there (or expired).
func (j *journal) trim() {
	j.mu.Lock()
	var gone []int
	for n, rooms := range j.rooms {
		if n == j.seg {
			continue
		}
		ok := true
		for room, seq := range rooms {
			if !j.dropped[room] && j.snaps[room] < seq {
				ok = false
				break
			}
		}
		if ok {
			gone = append(gone, n)
			delete(j.rooms, n)
		}
	}
	for room := range j.dropped {
		named := false
		for _, rooms := range j.rooms {
			if _, named = rooms[room]; named {
				break
			}
		}
		if !named && !slices.ContainsFunc(j.queue, func(c *commit) bool { return c.room == room }) {
			delete(j.dropped, room)
			delete(j.snaps, room)
		}
	}
	j.mu.Unlock()
	for _, n := range gone {
		if err := os.Remove(filepath.Join(j.dir, segName(n))); err != nil && !errors.Is(err, os.ErrNotExist) {
			j.logf("the room log: %v", err)
		}
	}
}

// close stops the log: an entry still queued, and a write failing now,
// are not written (they were never acknowledged); a write under way ends
// first.
func (j *journal) close() {
	j.mu.Lock()
	j.closed = true
	for _, c := range j.queue {
		c.done, c.err = true, errClosing
		c.signal()
	}
	j.queue = nil
	j.cond.Broadcast()
	for j.leading {
		j.cond.Wait()
	}
	j.mu.Unlock()
	if j.f != nil {
		j.f.Close()
	}
}
