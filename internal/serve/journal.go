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

	"github.com/meeple-games/meeple/internal/referee"
)

// entry is one change of a room: a ply of its current game (Ply, and the
// clocks after it), or the whole room (File: made, a game ended, a new
// game), or its end (Drop: expired).
type entry struct {
	Room   string       `json:"room"`
	Seq    uint64       `json:"seq"` // the room's change number: 1, 2, ...
	At     int64        `json:"at"`  // unix ms
	Ply    *referee.Ply `json:"ply,omitempty"`
	N      int          `json:"n,omitempty"` // with Ply: the plies of the game after it
	Clocks []int64      `json:"clocks,omitempty"`
	File   *roomFile    `json:"file,omitempty"`
	Drop   bool         `json:"drop,omitempty"`
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

// segmentBytes is the size past which the log starts a new segment.
const segmentBytes = 4 << 20

// journal is the room log: its segments and the committer.
type journal struct {
	dir  string
	logf func(string, ...any)
	// retry is the first wait before a failed write is tried again; it
	// doubles up to a few seconds.
	retry time.Duration
	// faults, when above zero, fails that many writes (tests).
	faults atomic.Int32

	mu      sync.Mutex
	cond    *sync.Cond
	queue   []*commit
	closed  bool
	seg     int                       // the segment appended to
	rooms   map[int]map[string]uint64 // per segment: each room's last Seq in it
	snaps   map[string]uint64         // each room's durable snapshot's Seq
	dropped map[string]bool           // rooms expired: their entries need no snapshot
	done    chan struct{}             // closed when the committer returns

	f    *os.File // the committer's own: the segment and its size
	size int64
}

// commit is an entry waiting for its sync.
type commit struct {
	line []byte
	room string
	seq  uint64
	done chan error
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
	j := &journal{dir: dir, logf: logf, retry: 50 * time.Millisecond, rooms: map[int]map[string]uint64{},
		snaps: map[string]uint64{}, dropped: map[string]bool{}, done: make(chan struct{})}
	j.cond = sync.NewCond(&j.mu)
	if err := j.open(last + 1); err != nil {
		return nil, err
	}
	go j.run()
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

// append queues e; the returned channel gets nil once e is durable (or
// errClosing if the server stops first). Entries of one room must be
// appended in Seq order, which the queue keeps.
func (j *journal) append(e *entry) <-chan error {
	done := make(chan error, 1)
	line, err := json.Marshal(e)
	if err != nil {
		done <- err
		return done
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		done <- errClosing
		return done
	}
	j.queue = append(j.queue, &commit{line: append(line, '\n'), room: e.Room, seq: e.Seq, done: done})
	if e.Drop {
		j.dropped[e.Room] = true
	}
	j.cond.Broadcast()
	return done
}

// run is the committer: it writes what is queued in one write and one
// sync, then tells every waiting entry; a failed write is cut off again
// and tried again (logged, with a growing wait), never dropped.
func (j *journal) run() {
	defer close(j.done)
	for {
		j.mu.Lock()
		for len(j.queue) == 0 && !j.closed {
			j.cond.Wait()
		}
		batch := j.queue
		j.queue = nil
		closed := j.closed
		j.mu.Unlock()
		if len(batch) == 0 && closed {
			return
		}
		var buf []byte
		for _, c := range batch {
			buf = append(buf, c.line...)
		}
		wait := j.retry
		for {
			err := j.write(buf)
			if err == nil {
				break
			}
			j.logf("the room log: %v (%d changes wait; trying again in %v)", err, len(batch), wait)
			if !j.sleep(wait) {
				for _, c := range batch {
					c.done <- errClosing
				}
				j.fail()
				return
			}
			wait = min(2*wait, 5*time.Second)
		}
		j.mu.Lock()
		for _, c := range batch {
			j.rooms[j.seg][c.room] = c.seq
		}
		j.mu.Unlock()
		for _, c := range batch {
			c.done <- nil
		}
		if j.size >= segmentBytes {
			if err := j.open(j.seg + 1); err != nil {
				j.logf("%v; the log goes on in its segment", err)
			}
		}
		j.trim()
	}
}

// fail tells what is still queued that it will not be written.
func (j *journal) fail() {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, c := range j.queue {
		c.done <- errClosing
	}
	j.queue = nil
}

// sleep waits d, or until the log closes (false).
func (j *journal) sleep(d time.Duration) bool {
	t := time.AfterFunc(d, func() { j.cond.Broadcast() })
	defer t.Stop()
	end := time.Now().Add(d)
	j.mu.Lock()
	defer j.mu.Unlock()
	for !j.closed && time.Now().Before(end) {
		j.cond.Wait()
	}
	return !j.closed
}

// write appends buf to the segment and syncs it; on failure the segment is
// cut back to its size before.
func (j *journal) write(buf []byte) error {
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

// close stops the committer after what is queued is written (a write that
// fails at this point is not retried: its entries were not acknowledged).
func (j *journal) close() {
	j.mu.Lock()
	j.closed = true
	j.mu.Unlock()
	j.cond.Broadcast()
	<-j.done
	if j.f != nil {
		j.f.Close()
	}
}
