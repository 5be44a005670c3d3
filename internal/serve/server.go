package serve

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/repl"
	"github.com/meeple-games/meeple/internal/serve/web"
)

// DefaultAddr is where the server listens unless told otherwise: loopback.
const DefaultAddr = "127.0.0.1:8080"

// Config is a server as `meeple serve` gives it.
type Config struct {
	Addr  string // host:port to listen on ("": DefaultAddr)
	Dir   string // where rooms are kept ("": DefaultDir())
	Watch string // a match output directory to follow on /watch ("": none)
	// Engines are the engine programs a room may seat by name, besides
	// meeple's own engine at a level ("level=N"). A page can name only
	// these: it never gives a command line to run.
	Engines []referee.EngineConfig
	Self    []string // argv of meeple's engine mode (nil: os.Executable() engine)
	Limits  Limits
	Stdout  io.Writer // the line with the URL
	Stderr  io.Writer // warnings
}

// DefaultDir is where rooms are kept without --dir: a meeple-serve
// directory in the user's cache directory (os.UserCacheDir), or in the
// working directory when there is none.
func DefaultDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "meeple-serve")
	}
	return "meeple-serve"
}

// Server serves the page, the lobby API, the rooms and their WebSockets.
type Server struct {
	cfg   Config
	lim   Limits
	store store
	saver *saver
	ctx   context.Context // ends when the server closes: stops games and sockets
	stop  context.CancelFunc

	mu      sync.Mutex
	rooms   map[string]*Room // in memory
	onDisk  int              // rooms kept in all
	engines int              // engine seats of the rooms in memory
	conns   atomic.Int64

	watch *watcher // --watch: the match followed

	// onDelivered, when set (the load benchmark), gets the time from a
	// move's arrival to its delivery to every page of the room.
	onDelivered func(time.Duration)
}

// New opens the rooms directory and loads its rooms (as many as
// Limits.Live allows; the others load when visited), resuming the games in
// progress.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Dir == "" {
		cfg.Dir = DefaultDir()
	}
	if cfg.Stdout == nil {
		cfg.Stdout = io.Discard
	}
	if cfg.Stderr == nil {
		cfg.Stderr = io.Discard
	}
	s := &Server{cfg: cfg, lim: cfg.Limits.withDefaults(), store: store{cfg.Dir}, rooms: map[string]*Room{}}
	if err := s.store.init(); err != nil {
		return nil, err
	}
	ids, err := s.store.ids()
	if err != nil {
		return nil, err
	}
	s.ctx, s.stop = context.WithCancel(ctx)
	s.saver = newSaver()
	s.onDisk = len(ids)
	if cfg.Watch != "" {
		s.watch = newWatcher(s.ctx, cfg.Watch, s.logf)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, id := range ids {
		if len(s.rooms) >= s.lim.Live {
			break
		}
		if _, _, err := s.loadLocked(id); err != nil {
			s.logf("room %s: %v", id, err)
		}
	}
	return s, nil
}

func (s *Server) logf(format string, args ...any) {
	fmt.Fprintf(s.cfg.Stderr, "meeple serve: "+format+"\n", args...)
}

// Close stops every game (they stay on disk, resumable) and every socket.
func (s *Server) Close() {
	s.stop()
	s.mu.Lock()
	rooms := make([]*Room, 0, len(s.rooms))
	for _, r := range s.rooms {
		rooms = append(rooms, r)
	}
	s.mu.Unlock()
	for _, r := range rooms {
		r.halt()
	}
	s.saver.stop()
}

// halt stops the room's game goroutine and waits for it.
func (r *Room) halt() {
	r.mu.Lock()
	cancel, done := r.cancel, r.done
	r.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

// Run serves until ctx ends, printing the URL to open on cfg.Stdout.
func Run(ctx context.Context, cfg Config) error {
	if cfg.Addr == "" {
		cfg.Addr = DefaultAddr
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	return Serve(ctx, ln, cfg)
}

// Serve is Run on a listener of the caller's.
func Serve(ctx context.Context, ln net.Listener, cfg Config) error {
	s, err := New(ctx, cfg)
	if err != nil {
		ln.Close()
		return err
	}
	defer s.Close()
	hs := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	if cfg.Stdout != nil {
		page := ""
		if cfg.Watch != "" {
			page = "watch"
		}
		fmt.Fprintf(cfg.Stdout, "meeple serve: open http://%s/%s (rooms in %s)\n", ln.Addr(), page, s.cfg.Dir)
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.stop() // sockets end with the server's context
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	hs.Shutdown(sctx)
	return context.Cause(ctx)
}

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/variants", s.handleVariants)
	mux.HandleFunc("GET /api/engines", s.handleEngines)
	mux.HandleFunc("POST /api/check", s.handleCheck)
	mux.HandleFunc("POST /api/rooms", s.handleCreate)
	mux.HandleFunc("GET /api/rooms/{id}/record", s.handleRecord)
	mux.HandleFunc("GET /ws/room/{id}", s.handleRoomSocket)
	mux.HandleFunc("GET /ws/watch", s.handleWatchSocket)
	mux.HandleFunc("GET /", s.handlePage)
	mux.HandleFunc("GET /api/", func(w http.ResponseWriter, r *http.Request) {
		httpError(w, http.StatusNotFound, "no such API: "+r.Method+" "+r.URL.Path)
	})
	return mux
}

// handlePage serves index.html for the page's paths and the page's files.
func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	if p == "/" || p == "/watch" || strings.HasPrefix(p, "/room/") {
		b, err := fs.ReadFile(web.FS, "index.html")
		if err != nil {
			httpError(w, http.StatusInternalServerError, "the page is missing from this binary")
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(b)
		return
	}
	http.FileServerFS(web.FS).ServeHTTP(w, r)
}

type variantJSON struct {
	Name        string   `json:"name"`
	Game        string   `json:"game"`
	Description string   `json:"description"`
	Rules       string   `json:"rules"`
	Players     []string `json:"players"` // the seat names: the lobby offers a seat each
}

func variantOf(v *games.Variant) variantJSON {
	return variantJSON{Name: v.Name, Game: v.Family, Description: v.Description, Rules: v.Spec(),
		Players: v.Game.Describe().Players}
}

func (s *Server) handleVariants(w http.ResponseWriter, r *http.Request) {
	vs, err := games.Shipped()
	if err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	out := make([]variantJSON, len(vs))
	for i, v := range vs {
		out[i] = variantOf(v)
	}
	writeJSON(w, http.StatusOK, out)
}

// handleEngines lists the names of the engines the operator gave with
// --engine, which a room may seat besides meeple's own levels.
func (s *Server) handleEngines(w http.ResponseWriter, r *http.Request) {
	names := []string{}
	for _, e := range s.cfg.Engines {
		names = append(names, e.Name)
	}
	writeJSON(w, http.StatusOK, names)
}

// maxBody bounds an HTTP request body (a variant file, a room to create).
const maxBody = 64 << 10

// readBody decodes a JSON body into v, strictly; it writes the error
// response and returns false when it cannot.
func readBody(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			httpError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is over %d bytes", maxBody))
		} else {
			httpError(w, http.StatusBadRequest, "body: "+err.Error())
		}
		return false
	}
	return true
}

// loadVariant loads a variant as a page gives it: a shipped name or family
// with inline rules, or a file's text. A page may not name a path: the
// server reads no file for it.
func loadVariant(spec, text, file string) (*games.Variant, error) {
	if text != "" {
		name := path.Base(strings.ReplaceAll(file, `\`, "/"))
		if name == "." || name == "/" || name == "" {
			name = "upload.toml"
		}
		return games.ParseVariant(name, []byte(text))
	}
	base, _, _ := strings.Cut(spec, "(")
	if base = strings.TrimSpace(base); base == "" || strings.ContainsAny(base, `/\`) || strings.HasSuffix(base, ".toml") {
		return nil, fmt.Errorf("variant %q: want a shipped variant or game, with rules in parentheses (othello(size=10)), or a file's text", truncate(spec, 64))
	}
	return games.LoadVariant(spec)
}

// variantError writes a variant's error with its file, line and key.
func variantError(w http.ResponseWriter, err error) {
	out := map[string]any{"error": err.Error()}
	var ve *games.VariantError
	if errors.As(err, &ve) {
		out["file"], out["line"], out["key"] = ve.File, ve.Line, ve.Key
	}
	writeJSON(w, http.StatusBadRequest, out)
}

func (s *Server) handleCheck(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Spec string `json:"spec"`
		TOML string `json:"toml"`
		File string `json:"file"`
	}
	if !readBody(w, r, &req) {
		return
	}
	v, err := loadVariant(req.Spec, req.TOML, req.File)
	if err != nil {
		variantError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, variantOf(v))
}

func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !roomID.MatchString(id) {
		httpError(w, http.StatusNotFound, "no such room")
		return
	}
	s.saver.flush() // the records of games just ended are written
	b, err := os.ReadFile(s.store.path(id, ".txt"))
	if err != nil {
		if _, err := os.Stat(s.store.path(id, ".json")); err != nil {
			httpError(w, http.StatusNotFound, "no such room")
		} else {
			httpError(w, http.StatusNotFound, "no game of this room has ended yet")
		}
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="meeple-%s.txt"`, id))
	w.Write(b)
}

// engineConfig is the engine a seat names: "level=N" (meeple's own engine
// at level N, 1..10: a node budget) or the name of one of cfg.Engines.
func (s *Server) engineConfig(spec string) (referee.EngineConfig, error) {
	if lv, ok := strings.CutPrefix(spec, "level="); ok {
		l, err := repl.ParseLevel(lv)
		if err != nil || l.N == 0 {
			return referee.EngineConfig{}, fmt.Errorf("engine %q: want level=1..%d", truncate(spec, 32), repl.MaxLevel)
		}
		n := l.Nodes()
		return referee.EngineConfig{Name: "meeple-level-" + lv, Cmd: referee.Self, Proto: "native", Nodes: &n}, nil
	}
	names := []string{}
	for _, e := range s.cfg.Engines {
		if e.Name == spec {
			return e, nil
		}
		names = append(names, e.Name)
	}
	msg := fmt.Sprintf("engine %q: want level=1..%d", truncate(spec, 32), repl.MaxLevel)
	if len(names) > 0 {
		msg += " or one of the server's engines: " + strings.Join(names, ", ")
	}
	return referee.EngineConfig{}, errors.New(msg)
}

// createRequest is the body of POST /api/rooms.
type createRequest struct {
	Variant string `json:"variant"`
	TOML    string `json:"toml"`
	File    string `json:"file"`
	Seats   []struct {
		Person bool   `json:"person"`
		Engine string `json:"engine"`
	} `json:"seats"`
	Clock string  `json:"clock"`
	Seed  *uint64 `json:"seed"`
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req createRequest
	if !readBody(w, r, &req) {
		return
	}
	v, err := loadVariant(req.Variant, req.TOML, req.File)
	if err != nil {
		variantError(w, err)
		return
	}
	f := roomFile{ID: randomHex(8), Variant: v.Name, Rules: v.Spec(), Game: 1, Clock: req.Clock}
	if req.Seed != nil {
		f.Seed = *req.Seed
	} else {
		f.Seed = randomSeed()
	}
	if req.Clock != "" {
		if _, err := parseClock(req.Clock); err != nil {
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	n := v.Game.Type().Players
	if len(req.Seats) != n {
		httpError(w, http.StatusBadRequest, fmt.Sprintf("%s has %d seats; %d given", v.Name, n, len(req.Seats)))
		return
	}
	engines := 0
	names := v.Game.Describe().Players
	for i, sq := range req.Seats {
		sf := seatFile{}
		switch {
		case sq.Person == (sq.Engine != ""):
			httpError(w, http.StatusBadRequest, fmt.Sprintf("seat %d: want {\"person\": true} or {\"engine\": spec}", i+1))
			return
		case sq.Person:
			sf.Token = newToken()
			sf.Name = fmt.Sprintf("person-%d", i+1)
			if i < len(names) && names[i] != "" && !strings.ContainsAny(names[i], " \t\"") {
				sf.Name = names[i]
			}
		default:
			ec, err := s.engineConfig(sq.Engine)
			if err != nil {
				httpError(w, http.StatusBadRequest, fmt.Sprintf("seat %d: %v", i+1, err))
				return
			}
			sf.Engine, sf.Name = sq.Engine, ec.Name
			engines++
		}
		f.Seats = append(f.Seats, sf)
	}
	room, status, err := s.create(&f, v, engines)
	if err != nil {
		httpError(w, status, err.Error())
		return
	}
	type seatLink struct {
		Name string `json:"name"`
		Link string `json:"link"`
	}
	out := struct {
		Room  string     `json:"room"`
		Watch string     `json:"watch"`
		Seats []seatLink `json:"seats"`
	}{Room: room.id, Watch: "/room/" + room.id}
	for _, sf := range f.Seats {
		sl := seatLink{Name: sf.Name}
		if sf.Token != "" {
			sl.Link = "/room/" + room.id + "?token=" + sf.Token
		}
		out.Seats = append(out.Seats, sl)
	}
	writeJSON(w, http.StatusCreated, out)
}

func randomSeed() uint64 {
	var x uint64
	for _, c := range randomHex(8) {
		x = x<<4 | uint64(strings.IndexRune("0123456789abcdef", c))
	}
	return x
}

// parseClock reads a room's clock: seconds[+increment] ("300+2").
func parseClock(s string) (referee.TimeControl, error) {
	tc, err := referee.ParseTC(s)
	if err == nil && (tc.Moves > 0 || !tc.Timed()) {
		err = fmt.Errorf("clock %q: want seconds[+increment] (300+2)", truncate(s, 32))
	}
	return tc, err
}

// create keeps a new room, within the limits; it returns the HTTP status
// of a refusal.
func (s *Server) create(f *roomFile, v *games.Variant, engines int) (*Room, int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.onDisk >= s.lim.Rooms {
		return nil, http.StatusServiceUnavailable, fmt.Errorf("the server keeps at most %d rooms; none can be added", s.lim.Rooms)
	}
	if s.engines+engines > s.lim.Engines {
		return nil, http.StatusServiceUnavailable, fmt.Errorf("the server runs at most %d engines at once; %d are seated; try again later", s.lim.Engines, s.engines)
	}
	if !s.makeRoomLocked() {
		return nil, http.StatusServiceUnavailable, fmt.Errorf("the server holds at most %d rooms in memory, all in use; try again later", s.lim.Live)
	}
	if err := s.store.save(f); err != nil {
		return nil, http.StatusInternalServerError, err
	}
	s.onDisk++
	r, err := s.openLocked(f, v)
	if err != nil {
		return nil, http.StatusInternalServerError, err
	}
	return r, 0, nil
}

// makeRoomLocked makes room for one more room in memory, unloading an
// idle one (no page connected) if need be; false if none is idle.
func (s *Server) makeRoomLocked() bool {
	if len(s.rooms) < s.lim.Live {
		return true
	}
	var idle *Room
	for _, r := range s.rooms {
		r.mu.Lock()
		ok := len(r.conns) == 0 && (idle == nil || r.used.Before(idle.used))
		r.mu.Unlock()
		if ok {
			idle = r
		}
	}
	if idle == nil {
		return false
	}
	idle.halt()
	s.saver.flush()
	delete(s.rooms, idle.id)
	s.engines -= idle.engineSeats()
	return true
}

func (r *Room) engineSeats() int {
	n := 0
	for _, sf := range r.file.Seats {
		if sf.Engine != "" {
			n++
		}
	}
	return n
}

// room finds a room, loading it from disk if it is not in memory; the
// status says why not.
func (s *Server) room(id string) (*Room, int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.rooms[id]; ok {
		return r, 0, nil
	}
	return s.loadLocked(id)
}

func (s *Server) loadLocked(id string) (*Room, int, error) {
	f, err := s.store.load(id)
	if errors.Is(err, os.ErrNotExist) {
		return nil, http.StatusNotFound, errors.New("no such room")
	}
	if err != nil {
		return nil, http.StatusInternalServerError, err
	}
	v, err := games.LoadVariant(f.Rules)
	if err != nil {
		return nil, http.StatusInternalServerError, fmt.Errorf("room %s: %v", id, err)
	}
	v.Name = f.Variant
	engines := 0
	for _, sf := range f.Seats {
		if sf.Engine != "" {
			engines++
		}
	}
	if s.engines+engines > s.lim.Engines {
		return nil, http.StatusServiceUnavailable, fmt.Errorf("the server runs at most %d engines at once; try again later", s.lim.Engines)
	}
	if !s.makeRoomLocked() {
		return nil, http.StatusServiceUnavailable, fmt.Errorf("the server holds at most %d rooms in memory, all in use; try again later", s.lim.Live)
	}
	r, err := s.openLocked(f, v)
	if err != nil {
		return nil, http.StatusInternalServerError, err
	}
	return r, 0, nil
}

// openLocked puts a room in memory and starts its game.
func (s *Server) openLocked(f *roomFile, v *games.Variant) (*Room, error) {
	desc, err := json.Marshal(v.Game.Describe())
	if err != nil {
		return nil, err
	}
	r := &Room{s: s, id: f.ID, variant: v, desc: desc, file: *f, conns: map[*conn]struct{}{},
		cache: map[int][]byte{}, used: time.Now()}
	if f.Clock != "" {
		if r.tc, err = parseClock(f.Clock); err != nil {
			return nil, fmt.Errorf("room %s: %v", f.ID, err)
		}
	}
	if n := len(f.Seats); n != v.Game.Type().Players {
		return nil, fmt.Errorf("room %s: %d seats for a game of %d", f.ID, n, v.Game.Type().Players)
	}
	r.mu.Lock()
	r.startLocked()
	r.mu.Unlock()
	s.rooms[f.ID] = r
	s.engines += r.engineSeats()
	return r, nil
}

// seatOf finds the room seat whose token is token (-1: none).
func (r *Room) seatOf(token string) int {
	for i, sf := range r.file.Seats {
		if sf.Token != "" && subtle.ConstantTimeCompare([]byte(sf.Token), []byte(token)) == 1 {
			return i
		}
	}
	return -1
}
