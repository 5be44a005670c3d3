package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/meeple-games/meeple/internal/record"
)

// roomFile is a room as kept on disk (DIR/rooms/ID.json, its snapshot)
// and as the log's whole-room entries carry it: enough to rebuild the
// room and resume its game exactly (the chance RNG is reseeded with the
// game's seed and the plies replayed).
type roomFile struct {
	ID      string            `json:"id"`
	Seq     uint64            `json:"seq"`             // the number of the room's last change (the log's entries count them)
	Variant string            `json:"variant"`         // the variant's name, for people
	Names   map[string]string `json:"names,omitempty"` // and in other languages (games.Variant.Names)
	Rules   string            `json:"rules"`           // the effective rules as an inline spec: family(key=value,...)
	// GameSeed is the current game's chance seed: a fresh random number
	// for every game, kept here until the game has ended (its record then
	// shows it), so that nothing a page sees tells a later deal. Only a
	// room made with a seed (serve --allow-seed) derives it from Seed.
	GameSeed uint64         `json:"gameSeed"`
	Seed     *uint64        `json:"fixedSeed,omitempty"`
	OldSeed  uint64         `json:"seed,omitempty"` // a room of an older meeple: game n's seed derived from it
	Clock    string         `json:"clock,omitempty"`
	Help     bool           `json:"help,omitempty"` // the room's creator allowed help: hints from the engine
	Seats    []seatFile     `json:"seats"`          // as created; game n seats them rotated by Shift
	Game     int            `json:"game"`           // 1-based number of the current game
	Shift    int            `json:"shift"`          // game seat i is Seats[(i+Shift) % len(Seats)]
	Plies    []record.Ply   `json:"plies"`
	Clocks   []int64        `json:"clocks,omitempty"` // ms left per game seat (timed rooms)
	Turn     int64          `json:"turn,omitempty"`   // unix ms when the current position was reached: the seat to move has thought since
	Used     int64          `json:"used,omitempty"`   // unix ms of the last move or visit, for expiry
	Ended    *record.Record `json:"ended,omitempty"`  // the current game's record once it is over
	Talk     []talkMark     `json:"talk,omitempty"`   // what seats said to the table in the current game
}

// talkMark is a word a seat said of a pile to the table
// (games.CardTable.Talk), or took back (Word "").
type talkMark struct {
	Ply  int    `json:"ply"`  // the plies played when it was said
	Seat int    `json:"seat"` // the game seat
	Pile string `json:"pile"`
	Word string `json:"word"`
}

// seatFile is one seat of a room: a person (with the token of their
// private link) or an engine (its spec as given: level=N or a name).
type seatFile struct {
	Name   string `json:"name"`
	Engine string `json:"engine,omitempty"`
	Token  string `json:"token,omitempty"`
}

var roomID = regexp.MustCompile(`^[0-9a-f]{16}$`)

// store is the --dir directory: rooms/ID.json (a room's snapshot),
// rooms/ID.txt (the records of its finished games, as `meeple replay`
// reads them) and log/ (the room log, journal.go).
type store struct{ dir string }

func (s store) path(id, ext string) string { return filepath.Join(s.dir, "rooms", id+ext) }

func (s store) rooms() string { return filepath.Join(s.dir, "rooms") }

func (s store) init() error {
	for _, d := range []string{s.rooms(), filepath.Join(s.dir, "log")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return err
		}
	}
	return nil
}

// removeTemps deletes the temporary files a crash left in rooms/.
func (s store) removeTemps() (int, error) {
	tmps, err := filepath.Glob(filepath.Join(s.rooms(), "*.tmp"))
	for _, t := range tmps {
		if os.Remove(t) != nil {
			continue
		}
	}
	return len(tmps), err
}

// write writes a room's snapshot durably: a temp file, synced, renamed
// over the old one, so that a crash leaves the old snapshot or the new,
// never a part. The directory is synced by the caller (syncDir), once for
// a batch of snapshots.
func (s store) write(id string, b []byte) error {
	tmp, err := os.CreateTemp(s.rooms(), id+".*.tmp")
	if err != nil {
		return fmt.Errorf("saving room %s: %w", id, err)
	}
	_, err = tmp.Write(b)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), s.path(id, ".json"))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("saving room %s: %w", id, err)
	}
	return nil
}

// syncDir makes the renames and removals in rooms/ durable.
func (s store) syncDir() error { return syncDir(s.rooms()) }

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

func (s store) load(id string) (*roomFile, error) {
	if !roomID.MatchString(id) {
		return nil, os.ErrNotExist
	}
	b, err := os.ReadFile(s.path(id, ".json"))
	if err != nil {
		return nil, err
	}
	var f roomFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("room %s: %v", id, err)
	}
	if f.ID != id || len(f.Seats) == 0 {
		return nil, fmt.Errorf("room %s: the file is not this room's", id)
	}
	return &f, nil
}

// remove deletes a room's snapshot (an expired room); its records stay.
func (s store) remove(id string) error {
	err := os.Remove(s.path(id, ".json"))
	if errors.Is(err, os.ErrNotExist) {
		err = nil
	}
	if err == nil {
		err = s.syncDir()
	}
	return err
}

// ids lists the rooms on disk.
func (s store) ids() ([]string, error) {
	ents, err := os.ReadDir(s.rooms())
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, e := range ents {
		if id, ok := strings.CutSuffix(e.Name(), ".json"); ok && roomID.MatchString(id) {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// appendRecord adds a finished game to the room's records file in one
// write, synced. A write that fails is cut off again, so that the file
// never holds part of a record that a later append would follow.
func (s store) appendRecord(id string, r *record.Record) error {
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		return err
	}
	f, err := os.OpenFile(s.path(id, ".txt"), os.O_WRONLY|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	end, err := f.Seek(0, 2)
	if err != nil {
		return err
	}
	if _, err = f.WriteAt(b.Bytes(), end); err == nil {
		err = f.Sync()
	}
	if err != nil {
		f.Truncate(end)
		return err
	}
	return f.Close()
}

// records reads the room's records file and cuts off a torn tail, the
// part of a record a crash interrupted (an append is one write, so only
// the last can be torn): it returns the whole records, and how many
// bytes it cut.
func (s store) records(id string) ([]*record.Record, int, error) {
	p := s.path(id, ".txt")
	data, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	rs, good := wholeRecords(data)
	if good == len(data) {
		return rs, 0, nil
	}
	if err := os.Truncate(p, int64(good)); err != nil {
		return nil, 0, err
	}
	return rs, len(data) - good, nil
}

// wholeRecords reads the records at the start of data that are whole, and
// the length of that part. A record is its tags, a blank line, its
// movetext and a blank line (record.Record.WriteText): the part ends at
// the first that is not whole.
func wholeRecords(data []byte) ([]*record.Record, int) {
	var out []*record.Record
	start := 0
	for start < len(data) {
		tags := bytes.Index(data[start:], []byte("\n\n"))
		if tags < 0 {
			break
		}
		moves := bytes.Index(data[start+tags+2:], []byte("\n\n"))
		if moves < 0 {
			break
		}
		end := start + tags + 2 + moves + 2
		rs, err := record.ReadRecords(bytes.NewReader(data[start:end]))
		if err != nil || len(rs) != 1 {
			break
		}
		out = append(out, rs[0])
		start = end
	}
	return out, start
}

// saver writes rooms' snapshots behind the log, in the order they changed,
// each at most once however many times it changed meanwhile, so that no
// page waits for them. A snapshot is written only if it is newer than the
// one on disk (a room unloaded and loaded again has two Room values), and
// once it is durable the log may forget the room's older entries. A write
// that fails is tried again, and logged.
type saver struct {
	st    store
	j     *journal
	logf  func(string, ...any)
	retry time.Duration // the wait before a failed batch is tried again

	mu      sync.Mutex
	cond    *sync.Cond
	dirty   map[string]*Room
	order   []string
	written map[string]uint64 // the Seq of each room's durable snapshot
	busy    bool
	stopped bool
	done    chan struct{} // closed when run returns
}

func newSaver(st store, j *journal, logf func(string, ...any)) *saver {
	s := &saver{st: st, j: j, logf: logf, retry: time.Second, dirty: map[string]*Room{}, written: map[string]uint64{}, done: make(chan struct{})}
	s.cond = sync.NewCond(&s.mu)
	go s.run()
	return s
}

// queue asks for r's snapshot to be written.
func (s *saver) queue(r *Room) {
	s.mu.Lock()
	if _, ok := s.dirty[r.id]; !ok {
		s.order = append(s.order, r.id)
	}
	s.dirty[r.id] = r
	s.mu.Unlock()
	s.cond.Broadcast()
}

// durable marks seq as the Seq of id's snapshot on disk (read at start).
func (s *saver) durable(id string, seq uint64) {
	s.mu.Lock()
	s.written[id] = max(s.written[id], seq)
	s.mu.Unlock()
}

// forget drops an expired room.
func (s *saver) forget(id string) {
	s.mu.Lock()
	delete(s.written, id)
	s.mu.Unlock()
}

func (s *saver) run() {
	defer close(s.done)
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		for len(s.order) == 0 && !s.stopped {
			s.cond.Wait()
		}
		if len(s.order) == 0 {
			return
		}
		batch := make([]*Room, 0, len(s.order))
		for _, id := range s.order {
			batch = append(batch, s.dirty[id])
		}
		s.order, s.dirty = s.order[:0], map[string]*Room{}
		s.busy = true
		s.mu.Unlock()
		failed, done := s.write(batch)
		s.mu.Lock()
		for id, seq := range done {
			s.written[id] = max(s.written[id], seq)
		}
		s.busy = false
		for _, r := range failed {
			if _, ok := s.dirty[r.id]; !ok {
				s.order = append(s.order, r.id)
				s.dirty[r.id] = r
			}
		}
		s.cond.Broadcast()
		if len(failed) > 0 {
			if s.stopped {
				return // the log keeps what the snapshots lack, for the next start
			}
			s.mu.Unlock()
			time.Sleep(s.retry)
			s.mu.Lock()
		}
	}
}

// write writes a batch of snapshots, syncs the directory once, and tells
// the log which rooms are covered. It returns the rooms that failed and
// the Seq of each snapshot written.
func (s *saver) write(batch []*Room) (failed []*Room, done map[string]uint64) {
	done = map[string]uint64{}
	s.mu.Lock()
	floor := make(map[string]uint64, len(batch))
	for _, r := range batch {
		floor[r.id] = s.written[r.id]
	}
	s.mu.Unlock()
	for _, r := range batch {
		b, seq := r.snapshot()
		if seq <= floor[r.id] {
			continue
		}
		if err := s.st.write(r.id, b); err != nil {
			s.logf("%v; trying again", err)
			failed = append(failed, r)
			continue
		}
		done[r.id] = seq
	}
	if len(done) == 0 {
		return failed, done
	}
	if err := s.st.syncDir(); err != nil {
		s.logf("syncing the rooms directory: %v; trying again", err)
		return batch, map[string]uint64{}
	}
	for id, seq := range done {
		s.j.covered(id, seq)
	}
	return failed, done
}

// wait waits until id's snapshot on disk is at least seq (or the saver
// has stopped: the log then keeps what the snapshot lacks).
func (s *saver) wait(id string, seq uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.written[id] < seq && !s.stopped {
		s.cond.Wait()
	}
}

// stop writes what is queued (once: a write that fails is left to the
// log) and ends the saver.
func (s *saver) stop() {
	s.mu.Lock()
	s.stopped = true
	s.mu.Unlock()
	s.cond.Broadcast()
	<-s.done
}
