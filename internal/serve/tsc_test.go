// The type check is left out of a race-built test binary, as the browser
// tests are: it checks the page's JavaScript, where the race detector has
// nothing to look at, and the plain run has checked it already.

//go:build !race

package serve

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/internal/serve/web"
)

// TestPageTypes type-checks the page's modules with TypeScript's tsc, as
// web/tsconfig.json says (strict, the JSDoc types of plain JavaScript,
// nothing emitted): zero errors. It skips without tsc on PATH (npm
// install -g typescript@7.0.2, as .ci/run does) unless
// $MEEPLE_REQUIRE_PEERS is set. Every module says // @ts-check, so an
// editor checks it too, and the tsconfig is not among the files served.
func TestPageTypes(t *testing.T) {
	scripts, err := fs.Glob(web.FS, "*.js")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("the page's modules: %v %v", scripts, err)
	}
	for _, f := range scripts {
		b, _ := fs.ReadFile(web.FS, f)
		if !strings.HasPrefix(string(b), "// @ts-check\n") {
			t.Errorf("web/%s does not begin with // @ts-check", f)
		}
	}
	if _, err := fs.Stat(web.FS, "tsconfig.json"); err == nil {
		t.Error("web/tsconfig.json is embedded: the server would serve it")
	}
	tsc, err := exec.LookPath("tsc")
	if err != nil {
		if os.Getenv("MEEPLE_REQUIRE_PEERS") != "" {
			t.Fatalf("tsc is missing and MEEPLE_REQUIRE_PEERS is set: %v", err)
		}
		t.Skip("tsc is not installed (npm install -g typescript@7.0.2)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if v, err := exec.CommandContext(ctx, tsc, "--version").Output(); err == nil {
		t.Logf("%s", strings.TrimSpace(string(v)))
	}
	out, err := exec.CommandContext(ctx, tsc, "-p", filepath.Join("web", "tsconfig.json")).CombinedOutput()
	if err != nil {
		t.Fatalf("tsc -p web/tsconfig.json: %v\n%s", err, out)
	}
}
