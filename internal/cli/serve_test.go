package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// meeple serve prints the URL to open, serves the lobby API there, and
// stops when its context ends (Ctrl-C).
func TestServeCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	code := make(chan int, 1)
	go func() {
		code <- Main(ctx, Env{Stdin: strings.NewReader(""), Stdout: pw, Stderr: io.Discard},
			[]string{"serve", "--addr", "127.0.0.1:0", "--dir", t.TempDir()})
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	f := strings.Fields(line)
	if len(f) < 4 || f[2] != "open" || !strings.HasPrefix(f[3], "http://127.0.0.1:") {
		t.Fatalf("first line %q, want the URL to open", line)
	}
	resp, err := http.Get(f[3] + "api/variants")
	if err != nil {
		t.Fatal(err)
	}
	var vs []struct{ Name, Game string }
	err = json.NewDecoder(resp.Body).Decode(&vs)
	resp.Body.Close()
	if err != nil || len(vs) < 5 || vs[0].Name == "" {
		t.Fatalf("variants: %v %v", err, vs)
	}
	cancel()
	select {
	case c := <-code:
		if c != 1 { // a context ended by a signal gives 130 (see Main); a plain cancel 1
			t.Fatalf("exit code %d", c)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("meeple serve did not stop when its context ended")
	}
}
