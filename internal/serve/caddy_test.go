//go:build !race

package serve_test

// The deployment README.md describes: meeple serve on loopback behind
// Debian's caddy as a TLS reverse proxy (tls internal: its own CA, no
// network), reached at a public URL. Two people play a game over https://
// in Chromium, each in a browser context of their own, the sockets going
// through the proxy as wss://; the Host and Origin checks hold through it.

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/internal/serve"
)

// publicName is the public URL's host name: Chromium and the test's
// client resolve it to loopback, as DNS would to the proxy's address.
const publicName = "games.meeple.test"

// caddyfile is the proxy's configuration, as README.md gives it but for
// the local CA's storage and the admin endpoint: {port} is the proxy's,
// {upstream} meeple serve's address.
const caddyfile = `{
	admin off
	auto_https disable_redirects
	skip_install_trust
	storage file_system {dir}/data
}
https://` + publicName + `:{port} {
	bind 127.0.0.1
	tls internal
	reverse_proxy {upstream}
}
`

func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}

func TestBrowserBehindCaddy(t *testing.T) {
	caddy, err := exec.LookPath("caddy")
	if err != nil {
		if os.Getenv("MEEPLE_REQUIRE_PEERS") != "" {
			t.Fatalf("caddy is missing and MEEPLE_REQUIRE_PEERS is set: %v", err)
		}
		t.Skip("caddy is not installed")
	}
	chromiumPath(t)
	port := freePort(t)
	public := "https://" + publicName + ":" + port
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	upstream := ln.Addr().String()
	// The shared chromium maps publicName to loopback and takes the
	// proxy's certificate (sharedChromium).
	e := newBrowserEnvOn(t, ln, serve.Config{PublicURLs: []string{public}})

	dir := t.TempDir()
	conf := strings.NewReplacer("{dir}", dir, "{port}", port, "{upstream}", upstream).Replace(caddyfile)
	if err := os.WriteFile(filepath.Join(dir, "Caddyfile"), []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, caddy, "run", "--config", filepath.Join(dir, "Caddyfile"), "--adapter", "caddyfile")
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_CONFIG_HOME="+dir)
	var caddyLog strings.Builder
	cmd.Stdout, cmd.Stderr = &caddyLog, &caddyLog
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		cmd.Wait()
	})

	// A client that resolves the public name to loopback and trusts the
	// proxy's CA only once caddy has made it.
	var client *http.Client
	for end := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		root, err := os.ReadFile(filepath.Join(dir, "data", "pki", "authorities", "local", "root.crt"))
		if err == nil {
			pool := x509.NewCertPool()
			pool.AppendCertsFromPEM(root)
			dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
				return (&net.Dialer{}).DialContext(ctx, network, strings.Replace(addr, publicName, "127.0.0.1", 1))
			}
			client = &http.Client{Transport: &http.Transport{DialContext: dial, TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: publicName}}}
			if resp, err := client.Get(public + "/api/engines"); err == nil {
				resp.Body.Close()
				if resp.StatusCode == 200 {
					break
				}
			}
		}
		if time.Now().After(end) {
			t.Fatalf("caddy did not serve %s in 30 s:\n%s", public, caddyLog.String())
		}
	}
	post := func(origin string) (int, string) {
		req, _ := http.NewRequest("POST", public+"/api/rooms", strings.NewReader(`{"variant":"tictactoe","seats":[{"person":true},{"person":true}]}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", origin)
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp.StatusCode, string(b)
	}
	if st, body := post("https://evil.example"); st != 403 {
		t.Fatalf("through the proxy, another site's page: %d %s", st, body)
	}
	st, body := post(public)
	if st != 201 {
		t.Fatalf("through the proxy, the server's own page: %d %s", st, body)
	}
	links := regexpLinks(body)
	if len(links) != 2 || !strings.HasPrefix(links[0], public+"/room/") {
		t.Fatalf("the seat links %q are not at the public URL", links)
	}

	// Two people, each at their own browser, play through the proxy.
	e.base = public
	tabs := []context.Context{e.page(strings.TrimPrefix(links[0], public)), e.page(strings.TrimPrefix(links[1], public))}
	for _, tab := range tabs {
		if proto := eval[string](t, tab, `location.protocol`); proto != "https:" {
			t.Fatalf("the page is at %s", proto)
		}
	}
	for ply, mv := range []string{"a1", "a2", "b1", "b2", "c1"} {
		tab := tabs[ply%2]
		waitTurn(t, tab, ply)
		click(t, tab, cellSel(mv))
		waitJS(t, tab, fmt.Sprintf(`%s === %d`, jsPlies, ply+1), "move "+mv)
	}
	for _, tab := range tabs {
		waitJS(t, tab, jsStatus+`.startsWith("Game over")`, "the end")
		if s := eval[string](t, tab, jsStatus); !strings.Contains(s, "1-0") {
			t.Errorf("the end says %q", s)
		}
	}
	screenshot(t, tabs[1], "caddy", false)
}

// regexpLinks are the seat links of a POST /api/rooms answer.
func regexpLinks(body string) []string {
	var out []string
	for _, part := range strings.Split(body, `"link":"`)[1:] {
		out = append(out, part[:strings.IndexByte(part, '"')])
	}
	return out
}
