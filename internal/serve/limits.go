package serve

import (
	"encoding/json"
	"net/http"
)

// Limits bound what the server takes on; past each one it refuses with a
// clear error (HTTP 503 with a JSON error, or an error message on the
// socket), never a crash. The zero value of a field means its default.
type Limits struct {
	Message int64 // bytes in one WebSocket message or HTTP body (default 4096)
	Rooms   int   // rooms kept, on disk and in memory (default 10000)
	Live    int   // rooms in memory at once; idle ones are unloaded past it (default 2000)
	Conns   int   // WebSocket connections at once (default 5000)
	Engines int   // engine processes at once (default 8)
}

// DefaultLimits are the limits of `meeple serve` unless flags change them.
var DefaultLimits = Limits{Message: 4096, Rooms: 10000, Live: 2000, Conns: 5000, Engines: 8}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.Message > 0 {
		d.Message = l.Message
	}
	if l.Rooms > 0 {
		d.Rooms = l.Rooms
	}
	if l.Live > 0 {
		d.Live = l.Live
	}
	if l.Conns > 0 {
		d.Conns = l.Conns
	}
	if l.Engines > 0 {
		d.Engines = l.Engines
	}
	return d
}

// httpError writes {"error": msg} with status.
func httpError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
