package serve

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/meeple-games/meeple/internal/referee"
)

// roomFile is a room as kept on disk (DIR/rooms/ID.json), rewritten
// atomically after every ply: enough to rebuild the room and resume its
// game exactly (the chance RNG is reseeded and the plies replayed).
type roomFile struct {
	ID      string          `json:"id"`
	Variant string          `json:"variant"` // the variant's name, for people
	Rules   string          `json:"rules"`   // the effective rules as an inline spec: family(key=value,...)
	Seed    uint64          `json:"seed"`    // the room's seed; game n's chance seed derives from it
	Clock   string          `json:"clock,omitempty"`
	Seats   []seatFile      `json:"seats"` // as created; game n seats them rotated by Shift
	Game    int             `json:"game"`  // 1-based number of the current game
	Shift   int             `json:"shift"` // game seat i is Seats[(i+Shift) % len(Seats)]
	Plies   []referee.Ply   `json:"plies"`
	Clocks  []int64         `json:"clocks,omitempty"` // ms left per game seat (timed rooms)
	Ended   *referee.Record `json:"ended,omitempty"`  // the current game's record once it is over
}

// seatFile is one seat of a room: a person (with the token of their
// private link) or an engine (its spec as given: level=N or a name).
type seatFile struct {
	Name   string `json:"name"`
	Engine string `json:"engine,omitempty"`
	Token  string `json:"token,omitempty"`
}

var roomID = regexp.MustCompile(`^[0-9a-f]{16}$`)

// store is the --dir directory: rooms/ID.json and rooms/ID.txt (the
// records of the room's finished games, as `meeple replay` reads them).
type store struct{ dir string }

func (s store) path(id, ext string) string { return filepath.Join(s.dir, "rooms", id+ext) }

func (s store) init() error { return os.MkdirAll(filepath.Join(s.dir, "rooms"), 0o755) }

// save writes f atomically: a temp file in the same directory renamed
// over the old one, so that a crash of the server leaves the old file or
// the new, never a part. It is not synced (a ply is saved every move;
// the records of finished games are).
func (s store) save(f *roomFile) error {
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	return s.write(f.ID, b)
}

func (s store) write(id string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Join(s.dir, "rooms"), id+".*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
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

// ids lists the rooms on disk.
func (s store) ids() ([]string, error) {
	ents, err := os.ReadDir(filepath.Join(s.dir, "rooms"))
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

// appendRecord adds a finished game to the room's records file, synced.
func (s store) appendRecord(id string, r *referee.Record) error {
	f, err := os.OpenFile(s.path(id, ".txt"), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	err = r.WriteText(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// saver writes rooms to disk in the order they changed, one at a time, so
// that a room's files are written in order, a burst of moves in one room
// costs one write, and no page waits for the disk. Server.Close flushes it.
type saver struct {
	mu      sync.Mutex
	cond    *sync.Cond
	q       []func()
	busy    bool
	stopped bool
}

func newSaver() *saver {
	s := &saver{}
	s.cond = sync.NewCond(&s.mu)
	go s.run()
	return s
}

// queue adds a job: writing a room, appending a record.
func (s *saver) queue(job func()) {
	s.mu.Lock()
	s.q = append(s.q, job)
	s.mu.Unlock()
	s.cond.Broadcast()
}

func (s *saver) run() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		for len(s.q) == 0 && !s.stopped {
			s.cond.Wait()
		}
		if len(s.q) == 0 {
			return
		}
		job := s.q[0]
		s.q = s.q[1:]
		s.busy = true
		s.mu.Unlock()
		job()
		s.mu.Lock()
		s.busy = false
		s.cond.Broadcast()
	}
}

// flush waits until every queued job is done.
func (s *saver) flush() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.q) > 0 || s.busy {
		s.cond.Wait()
	}
}

// stop flushes and ends the saver.
func (s *saver) stop() {
	s.flush()
	s.mu.Lock()
	s.stopped = true
	s.mu.Unlock()
	s.cond.Broadcast()
}
