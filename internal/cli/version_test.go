package cli

import (
	"strings"
	"testing"

	"github.com/meeple-games/meeple/internal/version"
)

func TestVersion(t *testing.T) {
	want := "meeple " + version.String() + "\n"
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		code, out, errOut := run(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, want) || errOut != "" {
			t.Errorf("%v: code %d, stdout %q, stderr %q; want it to start %q", args, code, out, errOut, want)
		}
		for _, key := range []string{"revision", "time", "modified", "go", "platform"} {
			if !strings.Contains(out, "\n"+key+" ") {
				t.Errorf("%v: no %s line:\n%s", args, key, out)
			}
		}
	}
	if code, _, _ := run(t, "", "version", "extra"); code != 2 {
		t.Errorf("version extra: code %d, want 2", code)
	}
}
