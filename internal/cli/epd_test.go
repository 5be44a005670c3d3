package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
)

func TestEPD(t *testing.T) {
	dir := t.TempDir()
	// Constructed: a back-rank mate in one (bm), and a position where the
	// only move that does not lose the queen at once is to avoid (am) the
	// queen's capture of a defended pawn.
	suite := `# a comment
6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "back rank";
4k3/2p5/3p4/8/8/8/3Q4/4K3 w - - am Qxd6; id "poisoned pawn";
`
	file := filepath.Join(dir, "suite.epd")
	if err := os.WriteFile(file, []byte(suite), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "", "epd", file, "--movetime", "100", "--hash", "4")
	if code != 0 {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
	for _, w := range []string{"back rank", "bm Ra8#", "got Ra8#", "poisoned pawn", "am Qxd6", "solved 2/2"} {
		if !strings.Contains(out, w) {
			t.Errorf("output %q lacks %q", out, w)
		}
	}
	for name, text := range map[string]string{
		"short":    "6k1/5ppp/8 w - bm Ra8;\n",
		"no ops":   "6k1/5ppp/8/8/8/8/8/R5K1 w - - id \"x\";\n",
		"bad san":  "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Qa8;\n",
		"no semi":  "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8\n",
		"quote":    "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8; id \"x;\n",
		"empty":    "# nothing\n",
		"bad fen":  "6k1/5ppp/8/8/8/8/8/R5K1 x - - bm Ra8;\n",
		"game end": "R5k1/5ppp/8/8/8/8/8/6K1 b - - am h6;\n",
	} {
		f := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".epd")
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := run(t, "", "epd", f, "--movetime", "10"); code != 1 || errOut == "" {
			t.Errorf("%s: code %d, stderr %q; want an error", name, code, errOut)
		}
	}
	if code, _, _ := run(t, "", "epd", file, "--movetime", "0"); code == 0 {
		t.Error("--movetime 0 accepted")
	}
	if code, _, _ := run(t, "", "epd", file, "--nodes", "-1"); code == 0 {
		t.Error("--nodes -1 accepted")
	}
	// A node limit gives the same lines on every run.
	var outs [2]string
	for i := range outs {
		code, out, errOut := run(t, "", "epd", file, "--nodes", "5000", "--hash", "4")
		if code != 0 || !strings.Contains(out, "solved 2/2") {
			t.Fatalf("--nodes: code %d, out %q, stderr %q", code, out, errOut)
		}
		outs[i] = out
	}
	if outs[0] != outs[1] {
		t.Errorf("--nodes 5000 twice: %q and %q", outs[0], outs[1])
	}
}

// The shipped suite parses in full.
func TestEPDShippedSuite(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "wac.epd"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g := chessVariant(t)
	recs, err := readEPD(g, f)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 50 || recs[0].id != "WAC.001" || len(recs[30].bm) != 4 {
		t.Fatalf("%d records, first %q", len(recs), recs[0].id)
	}
}

func FuzzEPDLine(f *testing.F) {
	f.Add(`2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";`)
	f.Add(`6k1/5ppp/8/8/8/8/8/R5K1 w - - am Ra8 Rb1; hmvc 3; fmvn 9;`)
	g := chessVariant(f)
	f.Fuzz(func(t *testing.T, line string) {
		rec, err := parseEPD(g, line)
		if err == nil && rec.st == nil {
			t.Fatal("no position and no error")
		}
	})
}

func chessVariant(t testing.TB) *chess.Game {
	t.Helper()
	v, err := games.LoadVariant("chess")
	if err != nil {
		t.Fatal(err)
	}
	return v.Game.(*chess.Game)
}
