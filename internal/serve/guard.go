package serve

// The guard: only the pages this server handed out are in control, and
// only through the hosts it answers to.
//
//   - Host: a request names one of the server's hosts (the listening
//     address, loopback names, the machine's name, a --public-url's host;
//     any address when it listens on all of them), so that a name an
//     attacker points at the server (DNS rebinding) reaches nothing.
//   - Origin: every request that changes something (a POST, a socket)
//     comes from the server's own page: http.CrossOriginProtection
//     (Sec-Fetch-Site, or Origin against Host) for POSTs, the same check
//     for sockets, and POST bodies are JSON only (readBody).
//   - Headers: a Content-Security-Policy with no inline script and no
//     framing, nosniff, and no Referer (a seat's token is in its URL).
//   - Room creation is rate-limited per client address.

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"
	"unicode"
)

// csp is the page's Content-Security-Policy: its own scripts, styles and
// sockets only, no inline script or style attribute, no framing.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
	"font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

type guard struct {
	public  string          // the first public URL, without a trailing slash ("": none)
	proxied bool            // public URLs given: a loopback peer is the proxy, X-Forwarded-For the client
	mu      sync.Mutex      // guards names, ips, anyIP (listening adds to them)
	names   map[string]bool // host names answered to, besides localhost and *.localhost
	ips     map[string]bool // addresses answered to, besides loopback
	anyIP   bool            // listening on every address: any address literal is one of ours
	cop     *http.CrossOriginProtection
	creates *rateLimiter
}

func newGuard(publicURLs []string, createsPerMinute int) (*guard, error) {
	g := &guard{names: map[string]bool{}, ips: map[string]bool{}, cop: http.NewCrossOriginProtection(),
		creates: newRateLimiter(createsPerMinute)}
	g.cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpError(w, http.StatusForbidden, "the request comes from another site's page")
	}))
	for i, p := range publicURLs {
		u, err := url.Parse(p)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.User != nil {
			return nil, fmt.Errorf("public URL %q: want scheme://host[:port], as people reach the server (https://games.example.org)", p)
		}
		if i == 0 {
			g.public = u.Scheme + "://" + u.Host
		}
		g.proxied = true
		g.add(u.Hostname())
		if err := g.cop.AddTrustedOrigin(u.Scheme + "://" + u.Host); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// add answers to host (a name or an address).
func (g *guard) add(host string) {
	h := canonHost(host)
	g.mu.Lock()
	defer g.mu.Unlock()
	if ip := net.ParseIP(h); ip != nil {
		g.ips[ip.String()] = true
	} else if h != "" {
		g.names[h] = true
	}
}

// listening answers to the address the server listens on: that address,
// or, on every address (0.0.0.0, ::), any address and the machine's name.
func (g *guard) listening(a net.Addr) {
	ta, ok := a.(*net.TCPAddr)
	if !ok {
		return
	}
	if ta.IP.IsUnspecified() {
		g.mu.Lock()
		g.anyIP = true
		g.mu.Unlock()
	} else {
		g.add(ta.IP.String())
	}
	if !ta.IP.IsLoopback() {
		if h, err := os.Hostname(); err == nil {
			g.add(h)
			g.add(h + ".local")
		}
	}
}

// canonHost is host without its port and brackets, lower case, without a
// trailing dot.
func canonHost(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return strings.TrimSuffix(strings.ToLower(host), ".")
}

// hostOK says whether the server answers to host (a Host header or an
// Origin's host).
func (g *guard) hostOK(host string) bool {
	h := canonHost(host)
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if ip := net.ParseIP(h); ip != nil {
		return ip.IsLoopback() || g.anyIP || g.ips[ip.String()]
	}
	return g.names[h]
}

// sameOrigin refuses a request from another site's page: its Origin (or,
// without one, its Sec-Fetch-Site) must say it comes from this server.
func (g *guard) sameOrigin(r *http.Request) error {
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host) || !g.hostOK(u.Host) {
			return fmt.Errorf("origin %q is not this server's page", safeText(truncate(o, 64)))
		}
		return nil
	}
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
		return errors.New("the request comes from another site's page")
	}
	return nil
}

// wrap puts h behind the guard.
func (g *guard) wrap(h http.Handler) http.Handler {
	cop := g.cop.Handler(h)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", csp)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Cross-Origin-Opener-Policy", "same-origin")
		hd.Set("Cross-Origin-Resource-Policy", "same-origin")
		if !g.hostOK(r.Host) {
			httpError(w, http.StatusMisdirectedRequest, fmt.Sprintf("this server does not answer to %q (its operator adds a name with --public-url)", safeText(truncate(r.Host, 64))))
			return
		}
		safe := r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions
		if !safe || strings.HasPrefix(r.URL.Path, "/ws/") {
			if err := g.sameOrigin(r); err != nil {
				httpError(w, http.StatusForbidden, err.Error())
				return
			}
		}
		cop.ServeHTTP(w, r)
	})
}

// client is the address a request comes from: the peer's, or behind the
// reverse proxy of a public URL (a peer on loopback), the last address
// the proxy added to X-Forwarded-For.
func (g *guard) client(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if ip := net.ParseIP(host); g.proxied && ip != nil && ip.IsLoopback() {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			parts := strings.Split(xff[len(xff)-1], ",")
			if c := strings.TrimSpace(parts[len(parts)-1]); net.ParseIP(c) != nil {
				return c
			}
		}
	}
	return host
}

// safeText is s as it may be shown to other people: control characters
// (the bidi overrides and isolates among them, which can make a name read
// as another) written as \u escapes instead of raw.
func safeText(s string) string {
	if !strings.ContainsFunc(s, hiddenRune) {
		return s
	}
	var b strings.Builder
	for _, c := range s {
		if hiddenRune(c) {
			fmt.Fprintf(&b, "\\u%04X", c)
		} else {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// hiddenRune says whether c is a control or format character other than
// tab and newline: bidi controls (U+202A-U+202E, U+2066-U+2069, U+200E,
// U+200F, U+061C), zero-width characters and the like.
func hiddenRune(c rune) bool {
	return c != '\n' && c != '\t' && (unicode.IsControl(c) || unicode.Is(unicode.Cf, c))
}

// rateLimiter is a token bucket per client address: n tokens a minute,
// as many at once.
type rateLimiter struct {
	n       float64
	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newRateLimiter(perMinute int) *rateLimiter {
	return &rateLimiter{n: float64(perMinute), buckets: map[string]*bucket{}}
}

// take takes a token of client's at now; if there is none it says how
// long until there is.
func (l *rateLimiter) take(client string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[client]
	if b == nil {
		b = &bucket{tokens: l.n, at: now}
		l.buckets[client] = b
	}
	b.tokens = min(l.n, b.tokens+now.Sub(b.at).Minutes()*l.n)
	b.at = now
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) / l.n * float64(time.Minute))
	}
	b.tokens--
	return true, 0
}

// prune forgets the clients whose buckets are full again.
func (l *rateLimiter) prune(now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for c, b := range l.buckets {
		if b.tokens+now.Sub(b.at).Minutes()*l.n >= l.n {
			delete(l.buckets, c)
		}
	}
}
