package serve

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/referee"
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
	// PublicURLs are the addresses people reach the server by besides
	// the one it listens on, such as a TLS reverse proxy's
	// ("https://games.example.org"): their hosts are accepted (Host and
	// Origin), and the first makes the links the server hands out
	// absolute.
	PublicURLs []string
	// AllowSeed lets a page choose the chance seed of a room in a game of
	// chance or hidden information (tests, demonstrations): whoever
	// chooses it knows every deal.
	AllowSeed bool
	Stdout    io.Writer // the line with the URL
	Stderr    io.Writer // warnings
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
	cfg    Config
	lim    Limits
	store  store
	log    *journal
	saver  *saver
	ctx    context.Context // ends when the server closes: stops games and sockets
	stop   context.CancelFunc
	guard  *guard
	tm     timing
	closed sync.WaitGroup // the janitor and unloads in flight

	// mu guards the maps below; nothing slow (a game stopping, the disk)
	// happens under it. A room being loaded or unloaded is in busy, and
	// whoever wants it waits for its channel.
	mu    sync.Mutex
	rooms map[string]*Room         // in memory
	busy  map[string]chan struct{} // being loaded or unloaded
	kept  map[string]time.Time     // every room kept (on disk): its last use

	engines atomic.Int64 // engine seats of the games running
	conns   atomic.Int64 // connections open (Listener's), or sockets when serving another listener

	watch *watcher // --watch: the match followed

	// recordFaults, when above zero, fails that many appends of a record
	// (tests; the log has journal.faults).
	recordFaults atomic.Int32

	// onDelivered, when set (the load benchmark), gets the time from a
	// move's arrival to its delivery to every page of the room.
	onDelivered func(time.Duration)
}

// timing holds the server's periods (tests shorten them).
type timing struct {
	ping  time.Duration // between pings of a socket
	pong  time.Duration // how long a pong may take
	sweep time.Duration // between the janitor's rounds
}

var defaultTiming = timing{ping: 30 * time.Second, pong: 15 * time.Second, sweep: time.Minute}

// New opens the rooms directory, repairs what a crash left there
// (Server.recover), and starts the log. Rooms are loaded when visited.
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
	lim := cfg.Limits.withDefaults()
	g, err := newGuard(cfg.PublicURLs, lim.Creates)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, lim: lim, store: store{cfg.Dir}, guard: g, tm: defaultTiming,
		rooms: map[string]*Room{}, busy: map[string]chan struct{}{}, kept: map[string]time.Time{}}
	if err := s.store.init(); err != nil {
		return nil, err
	}
	last, written, err := s.recover()
	if err != nil {
		return nil, err
	}
	if s.log, err = openJournal(filepath.Join(cfg.Dir, "log"), last, s.logf); err != nil {
		return nil, err
	}
	s.saver = newSaver(s.store, s.log, s.logf)
	s.log.seal = s.snapshotRooms
	for id, seq := range written {
		s.saver.durable(id, seq)
	}
	s.ctx, s.stop = context.WithCancel(ctx)
	if cfg.Watch != "" {
		s.watch = newWatcher(s.ctx, cfg.Watch, s.logf)
	}
	s.closed.Add(1)
	go s.janitor()
	return s, nil
}

func (s *Server) logf(format string, args ...any) {
	fmt.Fprintf(s.cfg.Stderr, "meeple serve: "+format+"\n", args...)
}

// Close stops every game (they stay on disk, resumable), every socket,
// and the log.
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
		s.saver.queue(r) // a stop leaves the snapshots whole (the log holds the same)
	}
	s.closed.Wait()
	s.saver.stop()
	s.log.close()
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
	s.guard.listening(ln.Addr())
	hs := s.HTTPServer()
	if cfg.Stdout != nil {
		page := ""
		if cfg.Watch != "" {
			page = "watch"
		}
		fmt.Fprintf(cfg.Stdout, "meeple serve: open %s/%s (rooms in %s)\n", s.base("http://"+ln.Addr().String()), page, s.cfg.Dir)
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(s.Listener(ln)) }()
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

// base is where the server's links start: the first public URL, or
// local (the listening address) without one.
func (s *Server) base(local string) string {
	if s.guard.public != "" {
		return s.guard.public
	}
	return local
}

// HTTPServer is an http.Server for the server's Handler, with deadlines
// on every request's headers and body and on idle connections.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{Handler: s.Handler(), ReadHeaderTimeout: s.lim.Body, ReadTimeout: 2 * s.lim.Body,
		WriteTimeout: time.Minute, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 16 << 10,
		ErrorLog: log.New(s.cfg.Stderr, "meeple serve: http: ", 0)}
}

// Handler is the server's HTTP handler: the page and the API behind the
// guard (guard.go: Host, Origin, the security headers).
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
	return s.guard.wrap(mux)
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
	// A browser keeps the files and asks whether they changed (an ETag of
	// their content): a page loaded again fetches none of them anew.
	if tag, ok := pageTags()[strings.TrimPrefix(p, "/")]; ok {
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("ETag", tag)
	}
	http.FileServerFS(web.FS).ServeHTTP(w, r)
}

// pageTags are the ETags of the page's files: a hash of each one's content.
var pageTags = sync.OnceValue(func() map[string]string {
	tags := map[string]string{}
	fs.WalkDir(web.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(web.FS, path)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		tags[path] = `"` + hex.EncodeToString(sum[:12]) + `"`
		return nil
	})
	return tags
})

type variantJSON struct {
	Name         string            `json:"name"`
	Names        map[string]string `json:"names,omitempty"` // in other languages: {"ja": ...}
	Game         string            `json:"game"`
	Description  string            `json:"description"`
	Descriptions map[string]string `json:"descriptions,omitempty"`
	Rules        string            `json:"rules"`
	Players      []string          `json:"players"`         // the seat names: the lobby offers a seat each
	Board        games.Description `json:"board"`           // to draw its start (the lobby's pictures)
	Start        *games.Picture    `json:"start,omitempty"` // the start position as anyone sees it
	Options      []optionJSON      `json:"options"`         // its rules, each with the game's schema for it
}

// optionJSON is one rule of a variant: its value in force (as games.Format
// writes it) and the game's schema for the key, so that a page offers a
// choice (the lobby: the number of players) and shows the rules in force
// without knowing the game.
type optionJSON struct {
	Key     string   `json:"key"`
	Kind    string   `json:"kind"` // int, bool, string, ints (games.Kind)
	Value   string   `json:"value"`
	Default string   `json:"default"`
	Min     int      `json:"min"`
	Max     int      `json:"max"`
	Choices []string `json:"choices,omitempty"`
	Doc     string   `json:"doc"`
}

// optionsOf are the rules of v in its family's key order (none when the
// family is not registered, which a loaded variant's always is).
func optionsOf(v *games.Variant) []optionJSON {
	out := []optionJSON{}
	f, err := games.Lookup(v.Family)
	if err != nil {
		return out
	}
	for _, p := range f.Params {
		val, ok := v.Rules[p.Key]
		if !ok {
			val = p.Default
		}
		out = append(out, optionJSON{Key: p.Key, Kind: p.Kind.String(), Value: games.Format(val), Default: games.Format(p.Default),
			Min: p.Min, Max: p.Max, Choices: p.Choices, Doc: p.Doc})
	}
	return out
}

func variantOf(v *games.Variant) variantJSON {
	d := v.Game.Describe()
	out := variantJSON{Name: v.Name, Names: v.Names, Game: v.Family, Description: v.Description,
		Descriptions: v.Descriptions, Rules: v.Spec(), Players: d.Players, Board: d, Options: optionsOf(v)}
	if st := v.Game.NewState(); st != nil {
		pic := picture(st, -1)
		out.Start = &pic
	}
	return out
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

// readBody decodes a JSON body into v, strictly: an application/json
// body (a form's or text/plain body is what another site's page can send
// without asking), one object, known fields, nothing after it, read
// within the body's deadline. It writes the error response and returns
// false when it cannot.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, v any) bool {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		apiError(w, http.StatusUnsupportedMediaType, refuse("json-only", "the body must be application/json"))
		return false
	}
	http.NewResponseController(w).SetReadDeadline(time.Now().Add(s.lim.Body))
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			err = errors.New("want one JSON object and nothing after it")
		}
	}
	if err != nil {
		var mb *http.MaxBytesError
		var ne net.Error
		switch {
		case errors.As(err, &mb):
			httpError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is over %d bytes", maxBody))
		case errors.As(err, &ne) && ne.Timeout():
			httpError(w, http.StatusRequestTimeout, fmt.Sprintf("the body did not arrive within %v", s.lim.Body))
		default:
			httpError(w, http.StatusBadRequest, "body: "+err.Error())
		}
		return false
	}
	return true
}

// loadVariant loads a variant as a page gives it: a shipped name or family
// with inline rules, or a file's text (whose extends names shipped
// variants only). A page may not name a path: the server reads no file
// for it. The names and description it shows to others are made safe to
// show (safeText).
func loadVariant(spec, text, file string) (*games.Variant, error) {
	var v *games.Variant
	var err error
	if text != "" {
		name := path.Base(strings.ReplaceAll(file, `\`, "/"))
		if name == "." || name == "/" || name == "" {
			name = "upload.toml"
		}
		v, err = games.ParseVariant(safeText(name), []byte(text))
	} else {
		base, _, _ := strings.Cut(spec, "(")
		if base = strings.TrimSpace(base); base == "" || strings.ContainsAny(base, `/\`) || strings.HasSuffix(base, ".toml") {
			return nil, fmt.Errorf("variant %q: want a shipped variant or game, with rules in parentheses (othello(size=10)), or a file's text", safeText(truncate(spec, 64)))
		}
		v, err = games.LoadVariant(spec)
	}
	if err != nil {
		return nil, err
	}
	v.Name, v.Description = safeText(v.Name), safeText(v.Description)
	return v, nil
}

// variantError writes a variant's error with its file, line and key.
func variantError(w http.ResponseWriter, err error) {
	out := map[string]any{"error": safeText(err.Error())}
	var ve *games.VariantError
	if errors.As(err, &ve) {
		out["file"], out["line"], out["key"] = safeText(ve.File), ve.Line, safeText(ve.Key)
	}
	writeJSON(w, http.StatusBadRequest, out)
}

func (s *Server) handleCheck(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Spec string `json:"spec"`
		TOML string `json:"toml"`
		File string `json:"file"`
	}
	if !s.readBody(w, r, &req) {
		return
	}
	v, err := loadVariant(req.Spec, req.TOML, req.File)
	if err != nil {
		variantError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, variantOf(v))
}

// handleRecord sends the room's finished games. A game's record is
// written before its end is announced, so every game a page saw end is
// there; a game in progress never is.
func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !roomID.MatchString(id) {
		httpError(w, http.StatusNotFound, "no such room")
		return
	}
	b, err := os.ReadFile(s.store.path(id, ".txt"))
	if err != nil {
		if s.isKept(id) {
			httpError(w, http.StatusNotFound, "no game of this room has ended yet")
		} else {
			httpError(w, http.StatusNotFound, "no such room")
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
		l, err := engine.ParseLevel(lv)
		if err != nil || l.N == 0 {
			return referee.EngineConfig{}, fmt.Errorf("engine %q: want level=1..%d", safeText(truncate(spec, 32)), engine.MaxLevel)
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
	msg := fmt.Sprintf("engine %q: want level=1..%d", safeText(truncate(spec, 32)), engine.MaxLevel)
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
	Help  bool    `json:"help"` // the seats may ask the engine for hints
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	if ok, wait := s.guard.creates.take(s.guard.client(r), time.Now()); !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds()+1)))
		apiError(w, http.StatusTooManyRequests, refuse("too-many-rooms", "too many rooms made from your address; try again in %d s", int(wait.Seconds()+1)))
		return
	}
	var req createRequest
	if !s.readBody(w, r, &req) {
		return
	}
	v, err := loadVariant(req.Variant, req.TOML, req.File)
	if err != nil {
		variantError(w, err)
		return
	}
	typ := v.Game.Type()
	if req.Seed != nil && (typ.Chance || typ.Information == games.ImperfectInformation) && !s.cfg.AllowSeed {
		apiError(w, http.StatusBadRequest, refuse("seed-refused", "seed: in %s the seed decides what is hidden, so no page may choose it (the server's operator allows it with --allow-seed, for tests)", v.Name))
		return
	}
	now := time.Now()
	f := roomFile{ID: randomHex(8), Variant: v.Name, Names: v.Names, Rules: v.Spec(), Game: 1, Help: req.Help, Clock: req.Clock, Seed: req.Seed, Turn: now.UnixMilli(), Used: now.UnixMilli()}
	f.GameSeed = gameSeed(f.Seed, f.Game)
	if req.Clock != "" {
		if _, err := parseClock(req.Clock); err != nil {
			apiError(w, http.StatusBadRequest, err)
			return
		}
	}
	n := typ.Players
	if len(req.Seats) != n {
		apiError(w, http.StatusBadRequest, refuse("seat-count", "%s has %d seats; %d given", v.Name, n, len(req.Seats)))
		return
	}
	names := v.Game.Describe().Players
	for i, sq := range req.Seats {
		sf := seatFile{}
		switch {
		case sq.Person == (sq.Engine != ""):
			apiError(w, http.StatusBadRequest, refuse("seat-kind", "seat %d: want {\"person\": true} or {\"engine\": spec}", i+1))
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
				apiError(w, http.StatusBadRequest, refuse("bad-engine", "seat %d: %v", i+1, err))
				return
			}
			sf.Engine, sf.Name = sq.Engine, ec.Name
		}
		f.Seats = append(f.Seats, sf)
	}
	room, status, err := s.create(&f, v)
	if err != nil {
		apiError(w, status, err)
		return
	}
	type seatLink struct {
		Name string `json:"name"`
		Link string `json:"link"`
	}
	base := s.base("")
	out := struct {
		Room  string     `json:"room"`
		Watch string     `json:"watch"`
		Seats []seatLink `json:"seats"`
	}{Room: room.id, Watch: base + "/room/" + room.id}
	for _, sf := range f.Seats {
		sl := seatLink{Name: sf.Name}
		if sf.Token != "" {
			sl.Link = base + "/room/" + room.id + "?token=" + sf.Token
		}
		out.Seats = append(out.Seats, sl)
	}
	writeJSON(w, http.StatusCreated, out)
}

// parseClock reads a room's clock: seconds[+increment] ("300+2").
func parseClock(s string) (referee.TimeControl, error) {
	tc, err := referee.ParseTC(s)
	if err != nil || tc.Moves > 0 || !tc.Timed() {
		err = refuse("bad-clock", "clock %q: want seconds[+increment] (300+2)", safeText(truncate(s, 32)))
	}
	return tc, err
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
