package referee

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Event is one line of the --events file. Type says which fields are set;
// README.md lists them per type.
type Event struct {
	Type string `json:"type"` // match_start, game_start, move, game_end, match_end
	Time string `json:"time"` // RFC 3339 with nanoseconds, UTC

	// match_start
	Match   string   `json:"match,omitempty"` // the match id (journal header)
	Variant string   `json:"variant,omitempty"`
	Rules   string   `json:"rules,omitempty"` // the inline spec with every rule (games.LoadVariant reads it)
	Engines []string `json:"engines,omitempty"`
	Total   int      `json:"total,omitempty"` // games this run plays in all (its shard)
	Done    int      `json:"done,omitempty"`  // of which already in the journal (match_start) or finished (match_end)

	// game_start, move, game_end
	Game  *int     `json:"game,omitempty"`
	Pair  *int     `json:"pair,omitempty"`
	Seats []string `json:"seats,omitempty"`
	Start string   `json:"start,omitempty"`
	Seed  *uint64  `json:"seed,omitempty"`

	// move
	Ply    int     `json:"ply,omitempty"`  // 1-based
	Seat   *int    `json:"seat,omitempty"` // 1-based; 0: chance
	Engine string  `json:"engine,omitempty"`
	Move   string  `json:"move,omitempty"`
	Book   bool    `json:"book,omitempty"`
	Chance bool    `json:"chance,omitempty"`
	MS     float64 `json:"ms,omitempty"` // time taken, milliseconds
	Score  *int    `json:"score,omitempty"`
	Mate   int     `json:"mate,omitempty"`
	Depth  int     `json:"depth,omitempty"`
	Nodes  int64   `json:"nodes,omitempty"`
	Clocks []int64 `json:"clocks_ms,omitempty"` // every seat's clock after the move (timed games)

	// game_end
	Result      string    `json:"result,omitempty"`
	Returns     []float64 `json:"returns,omitempty"`
	Termination string    `json:"termination,omitempty"`
	Reason      string    `json:"reason,omitempty"`
	Loser       int       `json:"loser,omitempty"`

	// game_end (the standings after the game) and match_end
	Standings []Standing  `json:"standings,omitempty"`
	Pairs     []PairStats `json:"pairs,omitempty"` // pentanomial counts per encounter
	SPRT      *SPRTStatus `json:"sprt,omitempty"`

	// match_end
	Stopped string `json:"stopped,omitempty"` // why the match ended before every game: sprt, interrupted
}

// EventsFile is the events file every match writes in its output
// directory (besides --events), for watching it live (Follow).
const EventsFile = "events.jsonl"

// events writes Events as JSON lines to its file, each line whole in one
// write, as they happen, and passes them on to next. The first write that
// fails is reported on warn; the match goes on.
type events struct {
	mu     sync.Mutex
	f      *os.File
	warn   io.Writer
	failed bool    // a write failed and was reported
	next   *events // another file that gets the same events (nil: none)
}

// openEvents opens (appends to) path; "" is no file.
func openEvents(path string, warn io.Writer) (*events, error) {
	if path == "" {
		return &events{}, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return &events{f: f, warn: warn}, nil
}

// openMatchEvents opens the output directory's EventsFile and, when it is
// another file, the --events file after it.
func openMatchEvents(out, extra string, warn io.Writer) (*events, error) {
	path := filepath.Join(out, EventsFile)
	e, err := openEvents(path, warn)
	if err != nil {
		return nil, err
	}
	if extra != "" && !samePath(extra, path) {
		if e.next, err = openEvents(extra, warn); err != nil {
			e.close()
			return nil, err
		}
	}
	return e, nil
}

func samePath(a, b string) bool {
	if ia, err := os.Stat(a); err == nil {
		if ib, err := os.Stat(b); err == nil {
			return os.SameFile(ia, ib)
		}
	}
	return filepath.Clean(a) == filepath.Clean(b)
}

func (e *events) emit(ev Event) {
	if e == nil {
		return
	}
	if ev.Time == "" {
		ev.Time = time.Now().UTC().Format(time.RFC3339Nano)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	// The next file is written under this one's lock (deferred calls run
	// last in, first out), so that every file gets the events of
	// concurrent games in one order.
	defer e.next.emit(ev)
	if e.f == nil {
		return
	}
	b, err := json.Marshal(ev)
	if err != nil {
		return
	}
	if _, err := e.f.Write(append(b, '\n')); err != nil && !e.failed {
		e.failed = true
		if e.warn != nil {
			fmt.Fprintf(e.warn, "meeple match: warning: events: %v (events are incomplete; further errors are not reported)\n", err)
		}
	}
}

func (e *events) close() error {
	if e == nil {
		return nil
	}
	err := e.next.close()
	if e.f != nil {
		if cerr := e.f.Close(); cerr != nil {
			err = cerr
		}
	}
	return err
}

func ptr[T any](v T) *T { return &v }

// Follow's bounds.
const (
	followPoll    = 100 * time.Millisecond // how often Follow looks for new lines
	maxEventsLine = 1 << 20                // bytes in one event line
)

// Follow reads the events of the match whose output directory is dir (its
// EventsFile) from the first line, then follows the lines appended to it
// (polling every 100ms), calling fn with each event in order: a watcher of
// a running match, or of one that is over. A directory the match has not
// written yet is waited for. Follow returns when ctx ends (ctx.Err()),
// when fn returns an error (that error), or on a line that is not an event
// or is longer than 1 MiB (an error naming the line). A line being
// written is read once it is whole.
func Follow(ctx context.Context, dir string, fn func(Event) error) error {
	path := filepath.Join(dir, EventsFile)
	wait := func() error {
		t := time.NewTimer(followPoll)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			return nil
		}
	}
	var f *os.File
	for {
		var err error
		if f, err = os.Open(path); err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		if err := wait(); err != nil {
			return err
		}
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	var line []byte // the part of a line read so far
	n := 0          // lines read
	for {
		k, err := f.Read(buf)
		chunk := buf[:k]
		for len(chunk) > 0 {
			i := bytes.IndexByte(chunk, '\n')
			if i < 0 {
				line = append(line, chunk...)
				break
			}
			line = append(line, chunk[:i]...)
			chunk = chunk[i+1:]
			n++
			if len(bytes.TrimSpace(line)) > 0 {
				var ev Event
				if err := json.Unmarshal(line, &ev); err != nil {
					return fmt.Errorf("%s: line %d: %v", path, n, err)
				}
				if err := fn(ev); err != nil {
					return err
				}
			}
			line = line[:0]
		}
		if len(line) > maxEventsLine {
			return fmt.Errorf("%s: line %d: longer than %d bytes", path, n+1, maxEventsLine)
		}
		switch {
		case err == io.EOF || err == nil && k == 0:
			if err := wait(); err != nil {
				return err
			}
		case err != nil:
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
}
