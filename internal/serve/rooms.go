package serve

// The server's rooms: made, found (loaded from disk when not in memory),
// unloaded when idle, expired when unused, and repaired at start. The
// server's mutex guards only its maps: a game stopping, an engine
// quitting, a file read or written all happen outside it, with the room
// marked busy so that whoever wants it waits for it alone.

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/meeple-games/meeple/games"
)

// errEngines is the refusal when every engine the server may run plays.
func (s *Server) errEngines() error {
	return refuse("engines-busy", "the server runs at most %d engines at once, all playing; try again in a while", s.lim.Engines)
}

// reserveEngines counts n more engine seats playing, if the limit allows.
func (s *Server) reserveEngines(n int) bool {
	if n == 0 {
		return true
	}
	for {
		cur := s.engines.Load()
		if cur+int64(n) > int64(s.lim.Engines) {
			return false
		}
		if s.engines.CompareAndSwap(cur, cur+int64(n)) {
			return true
		}
	}
}

func (s *Server) releaseEngines(n int) { s.engines.Add(-int64(n)) }

func (r *Room) engineSeats() int {
	n := 0
	for _, sf := range r.file.Seats {
		if sf.Engine != "" {
			n++
		}
	}
	return n
}

// isKept says whether room id is kept (made and not expired).
func (s *Server) isKept(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.kept[id]
	return ok
}

// create logs a new room and puts it in memory with its game started,
// within the limits; it returns the HTTP status of a refusal.
func (s *Server) create(f *roomFile, v *games.Variant) (*Room, int, error) {
	r, err := s.newRoom(f, v)
	if err != nil {
		return nil, http.StatusInternalServerError, err
	}
	n := r.engineSeats()
	if !s.reserveEngines(n) {
		return nil, http.StatusServiceUnavailable, s.errEngines()
	}
	s.mu.Lock()
	if len(s.kept) >= s.lim.Rooms {
		s.mu.Unlock()
		s.releaseEngines(n)
		return nil, http.StatusServiceUnavailable, refuse("rooms-full", "the server keeps at most %d rooms, all in use; try again when one expires", s.lim.Rooms)
	}
	victim, ok := s.makeSpaceLocked()
	if !ok {
		s.mu.Unlock()
		s.releaseEngines(n)
		return nil, http.StatusServiceUnavailable, refuse("memory-full", "the server holds at most %d rooms in memory, all in use; try again later", s.lim.Live)
	}
	ch := make(chan struct{})
	s.busy[f.ID] = ch
	s.kept[f.ID] = time.Now()
	s.mu.Unlock()
	s.unload(victim)

	r.mu.Lock()
	e := &entry{File: f, At: f.Turn}
	logged := r.logLocked(e)
	r.mu.Unlock()
	err = logged.wait()
	s.mu.Lock()
	delete(s.busy, f.ID)
	if err != nil {
		delete(s.kept, f.ID)
	} else {
		s.rooms[f.ID] = r
	}
	s.mu.Unlock()
	close(ch)
	if err != nil {
		s.releaseEngines(n)
		return nil, http.StatusServiceUnavailable, refuse("not-saved", "the room could not be saved: %v", err)
	}
	r.mu.Lock()
	r.applied(e.Seq)
	r.startLocked(n)
	r.mu.Unlock()
	return r, 0, nil
}

// newRoom makes the Room of a room file (its game not started).
func (s *Server) newRoom(f *roomFile, v *games.Variant) (*Room, error) {
	desc, err := json.Marshal(v.Game.Describe())
	if err != nil {
		return nil, err
	}
	r := &Room{s: s, id: f.ID, variant: v, desc: desc, file: *f, seq: f.Seq, conns: map[*conn]struct{}{},
		cache: map[int][]byte{}, used: time.Now()}
	if c := v.Game.Describe().Cards; c != nil {
		r.talk = c.Talk
		for _, p := range c.Piles {
			r.piles = append(r.piles, p.Name)
		}
	}
	if f.Clock != "" {
		if r.tc, err = parseClock(f.Clock); err != nil {
			return nil, fmt.Errorf("room %s: %v", f.ID, err)
		}
	}
	if n := len(f.Seats); n != v.Game.Type().Players {
		return nil, fmt.Errorf("room %s: %d seats for a game of %d", f.ID, n, v.Game.Type().Players)
	}
	return r, nil
}

// snapshotRooms has the snapshots of the rooms in memory among ids
// written (a log segment naming them was sealed). A room put away has
// its snapshot written already; one being put away gets it then.
func (s *Server) snapshotRooms(ids []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		if r := s.rooms[id]; r != nil {
			s.saver.queue(r)
		}
	}
}

// room finds a room, loading it from disk if it is not in memory; the
// status says why not.
func (s *Server) room(id string) (*Room, int, error) {
	if !roomID.MatchString(id) {
		return nil, http.StatusNotFound, refuse("no-room", "no such room")
	}
	for {
		s.mu.Lock()
		if r := s.rooms[id]; r != nil {
			s.mu.Unlock()
			return r, 0, nil
		}
		if ch := s.busy[id]; ch != nil {
			s.mu.Unlock()
			select {
			case <-ch:
				continue
			case <-s.ctx.Done():
				return nil, http.StatusServiceUnavailable, refuse("stopping", "the server is stopping")
			}
		}
		if _, ok := s.kept[id]; !ok {
			s.mu.Unlock()
			if _, err := os.Stat(s.store.path(id, ".txt")); err == nil {
				return nil, http.StatusGone, refuse("expired", "this room has expired; its finished games are at %s", "/api/rooms/"+id+"/record")
			}
			return nil, http.StatusNotFound, refuse("no-room", "no such room")
		}
		victim, ok := s.makeSpaceLocked()
		if !ok {
			s.mu.Unlock()
			return nil, http.StatusServiceUnavailable, refuse("memory-full", "the server holds at most %d rooms in memory, all in use; try again later", s.lim.Live)
		}
		ch := make(chan struct{})
		s.busy[id] = ch
		s.mu.Unlock()
		s.unload(victim)
		r, status, err := s.load(id)
		s.mu.Lock()
		delete(s.busy, id)
		if err == nil {
			s.rooms[id] = r
		}
		s.mu.Unlock()
		close(ch)
		return r, status, err
	}
}

// load reads a room from disk and starts its game.
func (s *Server) load(id string) (*Room, int, error) {
	f, err := s.store.load(id)
	if errors.Is(err, os.ErrNotExist) {
		return nil, http.StatusNotFound, refuse("no-room", "no such room")
	}
	if err != nil {
		return nil, http.StatusInternalServerError, err
	}
	v, err := games.LoadVariant(f.Rules)
	if err != nil {
		return nil, http.StatusInternalServerError, fmt.Errorf("room %s: %v", id, err)
	}
	v.Name, v.Names = f.Variant, f.Names
	r, err := s.newRoom(f, v)
	if err != nil {
		return nil, http.StatusInternalServerError, err
	}
	n := 0
	if f.Ended == nil {
		n = r.engineSeats()
	}
	if !s.reserveEngines(n) {
		return nil, http.StatusServiceUnavailable, s.errEngines()
	}
	r.mu.Lock()
	r.startLocked(n)
	r.mu.Unlock()
	return r, 0, nil
}

// makeSpaceLocked makes space for one more room in memory: when the
// rooms in memory are at the limit it takes the idle one (no page) used
// least recently out of them and returns it, to be unloaded (s.unload)
// after s.mu is released. false: none is idle. Call with s.mu held.
func (s *Server) makeSpaceLocked() (*Room, bool) {
	if len(s.rooms)+len(s.busy) < s.lim.Live {
		return nil, true
	}
	var idle *Room
	for _, r := range s.rooms {
		r.mu.Lock()
		ok := len(r.conns) == 0 && !r.newing && (idle == nil || r.used.Before(idle.used))
		r.mu.Unlock()
		if ok {
			idle = r
		}
	}
	if idle == nil {
		return nil, false
	}
	s.takeLocked(idle)
	return idle, true
}

// takeLocked takes r out of memory (it is gone: a page that finds it now
// looks it up again) and marks it busy until unload is done. Call with
// s.mu held.
func (s *Server) takeLocked(r *Room) {
	r.mu.Lock()
	r.gone = true
	r.mu.Unlock()
	delete(s.rooms, r.id)
	s.busy[r.id] = make(chan struct{})
}

// unload stops a room taken out of memory (takeLocked), waits until its
// snapshot on disk holds every change it logged, and lets it be loaded
// again. Nothing of it is lost: the log has what the snapshot lacks until
// then.
func (s *Server) unload(r *Room) {
	if r == nil {
		return
	}
	r.halt()
	r.mu.Lock()
	seq, used := r.seq, r.used
	r.mu.Unlock()
	s.saver.queue(r)
	s.saver.wait(r.id, seq)
	s.mu.Lock()
	ch := s.busy[r.id]
	delete(s.busy, r.id)
	if _, ok := s.kept[r.id]; ok {
		s.kept[r.id] = used
	}
	s.mu.Unlock()
	close(ch)
}

// janitor, every sweep: unloads the rooms no page has visited for
// Limits.Idle (their engines stop; they resume when visited), and
// expires the rooms unused for Limits.Expire (their records stay).
func (s *Server) janitor() {
	defer s.closed.Done()
	t := time.NewTicker(s.tm.sweep)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case now := <-t.C:
			s.sweep(now)
		}
	}
}

// sweep is one round of the janitor.
func (s *Server) sweep(now time.Time) {
	s.mu.Lock()
	var idle []*Room
	for _, r := range s.rooms {
		r.mu.Lock()
		ok := len(r.conns) == 0 && !r.newing && now.Sub(r.used) >= s.lim.Idle
		r.mu.Unlock()
		if ok {
			s.takeLocked(r)
			idle = append(idle, r)
		}
	}
	s.mu.Unlock()
	for _, r := range idle {
		s.unload(r)
	}
	s.mu.Lock()
	var old []string
	for id, used := range s.kept {
		if _, in := s.rooms[id]; !in && s.busy[id] == nil && now.Sub(used) >= s.lim.Expire {
			old = append(old, id)
			s.busy[id] = make(chan struct{})
		}
	}
	s.mu.Unlock()
	for _, id := range old {
		s.expire(id)
	}
	s.guard.creates.prune(now)
}

// expire ends a room unused for Limits.Expire (marked busy by sweep): the
// end is logged, then its snapshot removed; its records stay, and its
// links say it has expired.
func (s *Server) expire(id string) {
	err := s.log.append(&entry{Room: id, Seq: ^uint64(0), At: time.Now().UnixMilli(), Drop: true}).wait()
	if err == nil {
		err = s.store.remove(id)
	}
	s.mu.Lock()
	ch := s.busy[id]
	delete(s.busy, id)
	if err == nil {
		delete(s.kept, id)
	}
	s.mu.Unlock()
	close(ch)
	if err != nil {
		s.logf("room %s: expiring: %v", id, err)
		return
	}
	s.saver.forget(id)
}

// recover brings the rooms directory to a whole state after a stop of
// any kind: it removes the temporary files a crash left, replays the log
// onto the snapshots and writes them, cuts a record torn by a crash,
// writes the record of a game whose end was logged but whose record was
// not yet written, and deletes the log. It returns the last segment's
// number (the next log starts after it) and each room's snapshot's Seq.
func (s *Server) recover() (int, map[string]uint64, error) {
	if n, err := s.store.removeTemps(); err != nil || n > 0 {
		s.logf("removed %d temporary files a stop left in %s (%v)", n, s.store.rooms(), err)
	}
	ids, err := s.store.ids()
	if err != nil {
		return 0, nil, err
	}
	files := map[string]*roomFile{}
	for _, id := range ids {
		f, err := s.store.load(id)
		if err != nil {
			s.logf("room %s: %v (left as it is)", id, err)
			continue
		}
		files[id] = f
	}
	logDir := filepath.Join(s.cfg.Dir, "log")
	entries, segs, err := readLog(logDir, s.logf)
	if err != nil {
		return 0, nil, err
	}
	changed, dropped := map[string]bool{}, map[string]bool{}
	for i := range entries {
		e := &entries[i]
		f := files[e.Room]
		switch {
		case e.Drop:
		case f != nil && e.Seq <= f.Seq:
			continue // in the snapshot already
		case f != nil && e.Seq != f.Seq+1:
			s.logf("room %s: the log's change %d does not follow the room's %d; left out", e.Room, e.Seq, f.Seq)
			continue
		}
		g, err := e.apply(f)
		if err != nil {
			s.logf("room %s: the log's change %d: %v; left out", e.Room, e.Seq, err)
			continue
		}
		if g == nil {
			delete(files, e.Room)
			dropped[e.Room] = true
			continue
		}
		files[e.Room], changed[e.Room] = g, true
		delete(dropped, e.Room)
	}
	for id, f := range files {
		if f.GameSeed == 0 && f.OldSeed != 0 {
			// A room of an older meeple derived every game's seed from its
			// own: the game in progress keeps its seed, the next ones get
			// fresh ones.
			f.GameSeed, f.OldSeed = chanceSeed(f.OldSeed, f.Game), 0
			changed[id] = true
		}
		if s.repairRecords(f) {
			changed[id] = true
		}
		s.kept[id] = time.UnixMilli(max(f.Used, f.Turn))
	}
	for id := range changed {
		b, err := json.Marshal(files[id])
		if err == nil {
			err = s.store.write(id, b)
		}
		if err != nil {
			return 0, nil, err
		}
	}
	for id := range dropped {
		if err := os.Remove(s.store.path(id, ".json")); err != nil && !errors.Is(err, os.ErrNotExist) {
			return 0, nil, err
		}
	}
	if err := s.store.syncDir(); err != nil {
		return 0, nil, err
	}
	for _, n := range segs {
		if err := os.Remove(filepath.Join(logDir, segName(n))); err != nil {
			return 0, nil, err
		}
	}
	if len(changed) > 0 || len(dropped) > 0 {
		s.logf("the room log brought %d rooms up to date (%d changes) and expired %d", len(changed), len(entries), len(dropped))
	}
	written := map[string]uint64{}
	for id, f := range files {
		written[id] = f.Seq
	}
	last := 0
	if len(segs) > 0 {
		last = segs[len(segs)-1]
	}
	return last, written, nil
}

// repairRecords makes the room's records file agree with the room: a
// record torn by a crash is cut off, and a game whose end was logged gets
// its record if the crash came before it was written. It reports whether
// f changed (an end found only in the records, from an older meeple).
func (s *Server) repairRecords(f *roomFile) bool {
	rs, cut, err := s.store.records(f.ID)
	if err != nil {
		s.logf("room %s: its records: %v", f.ID, err)
		return false
	}
	if cut > 0 {
		s.logf("room %s: cut %d bytes of a record torn by a crash from its records", f.ID, cut)
	}
	has := func(game int) (int, bool) {
		for i, r := range rs {
			if r.Game == game {
				return i, true
			}
		}
		return 0, false
	}
	if f.Ended != nil {
		if _, ok := has(f.Ended.Game); !ok {
			if err := s.store.appendRecord(f.ID, f.Ended); err != nil {
				s.logf("room %s: writing the record of game %d: %v", f.ID, f.Game, err)
			} else {
				s.logf("room %s: wrote the record of game %d, which a stop had left unwritten", f.ID, f.Game)
			}
		}
		return false
	}
	if i, ok := has(f.Game - 1); ok && len(f.Plies) <= len(rs[i].Plies) {
		f.Ended, f.Plies = rs[i], rs[i].Plies
		return true
	}
	return false
}
