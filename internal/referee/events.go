package referee

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
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

	// match_end
	Standings []Standing  `json:"standings,omitempty"`
	SPRT      *SPRTStatus `json:"sprt,omitempty"`
	Stopped   string      `json:"stopped,omitempty"` // why the match ended before every game: sprt, interrupted
}

// events writes Events as JSON lines, each whole, as they happen. The
// first write that fails is reported on warn; the match goes on.
type events struct {
	mu     sync.Mutex
	f      *os.File
	warn   io.Writer
	failed bool // a write failed and was reported
}

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

func (e *events) emit(ev Event) {
	if e == nil || e.f == nil {
		return
	}
	ev.Time = time.Now().UTC().Format(time.RFC3339Nano)
	b, err := json.Marshal(ev)
	if err != nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, err := e.f.Write(append(b, '\n')); err != nil && !e.failed {
		e.failed = true
		if e.warn != nil {
			fmt.Fprintf(e.warn, "meeple match: warning: events: %v (events are incomplete; further errors are not reported)\n", err)
		}
	}
}

func (e *events) close() error {
	if e == nil || e.f == nil {
		return nil
	}
	return e.f.Close()
}

func ptr[T any](v T) *T { return &v }
