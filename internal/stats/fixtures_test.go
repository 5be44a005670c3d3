package stats

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// fixture is one line of a testdata file: the words before and after its
// colon, where it stands and under which "# source:" and "# margin slack:".
type fixture struct {
	name        string // file:line
	source      string
	slack       float64
	left, right []string
}

// readFixtures reads the testdata file name: "# source: ..." and
// "# margin slack: x" set what follows, other # lines and blank lines are
// comments, and every other line is "words : words".
func readFixtures(t *testing.T, name string) []fixture {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []fixture
	var source string
	var slack float64
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if v, ok := strings.CutPrefix(line, "# source:"); ok {
			source = strings.TrimSpace(v)
			continue
		}
		if v, ok := strings.CutPrefix(line, "# margin slack:"); ok {
			if slack, err = strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil {
				t.Fatalf("%s:%d: %v", name, n, err)
			}
			continue
		}
		if line == "" || line[0] == '#' {
			continue
		}
		left, right, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("%s:%d: no colon", name, n)
		}
		out = append(out, fixture{
			name:   name + ":" + strconv.Itoa(n),
			source: source,
			slack:  slack,
			left:   strings.Fields(left),
			right:  strings.Fields(right),
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no fixtures", name)
	}
	return out
}

// results reads "wdl W L D", "penta LL LD WL+DD WD WW" or
// "penta6 LL LD WL DD WD WW" (see testdata/elo.txt).
func results(t *testing.T, words []string) (r WDL, p Penta, paired bool) {
	t.Helper()
	n := make([]int, len(words)-1)
	for i, w := range words[1:] {
		v, err := strconv.Atoi(w)
		if err != nil {
			t.Fatal(err)
		}
		n[i] = v
	}
	switch {
	case words[0] == "wdl" && len(n) == 3:
		return WDL{W: n[0], L: n[1], D: n[2]}, Penta{}, false
	case words[0] == "penta" && len(n) == 5:
		return WDL{}, Penta{n[0], n[1], n[2], n[3], n[4]}, true
	case words[0] == "penta6" && len(n) == 6:
		return WDL{}, Penta{n[0], n[1], n[2] + n[3], n[4], n[5]}, true
	}
	t.Fatalf("bad results %q", words)
	return
}

// printed parses a published number and the half unit of its last digit.
func printed(t *testing.T, s string) (v, halfUnit float64) {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	decimals := 0
	if _, frac, ok := strings.Cut(s, "."); ok {
		decimals = len(frac)
	}
	return v, 0.5*math.Pow(10, -float64(decimals)) + 1e-9
}

// TestEloFixtures checks EloInterval, PentaElo, the normalized Elo and the
// LOS against the published outputs of testdata/elo.txt.
func TestEloFixtures(t *testing.T) {
	for _, fx := range readFixtures(t, "elo.txt") {
		t.Run(fx.name, func(t *testing.T) {
			r, p, paired := results(t, fx.left)
			var elo, lo, hi, nelo, nlo, nhi, los float64
			if paired {
				elo, lo, hi = PentaElo(p)
				nelo, nlo, nhi = PentaNormalizedElo(p)
				los = PentaLOS(p)
			} else {
				elo, lo, hi = EloInterval(r)
				nelo, nlo, nhi = NormalizedElo(r)
				los = LOS(r)
			}
			got := []float64{elo, ErrorMargin(lo, hi), nelo, ErrorMargin(nlo, nhi), 100 * los}
			what := []string{"elo", "margin", "nelo", "nmargin", "los%"}
			if len(fx.right) != len(got) {
				t.Fatalf("want %d values, have %q", len(got), fx.right)
			}
			for i, w := range fx.right {
				if w == "-" {
					continue
				}
				want, tol := printed(t, w)
				if what[i] == "margin" || what[i] == "nmargin" {
					tol += fx.slack * want
				}
				if math.Abs(got[i]-want) > tol {
					t.Errorf("%s = %.6f, published %s (±%.3g) by %s", what[i], got[i], w, tol, fx.source)
				}
			}
		})
	}
}

// TestSPRTFixtures checks LLR and LLRWDL against the published LLRs of
// testdata/sprt.txt.
func TestSPRTFixtures(t *testing.T) {
	for _, fx := range readFixtures(t, "sprt.txt") {
		t.Run(fx.name, func(t *testing.T) {
			s, err := ParseSPRT("elo0=" + fx.left[1] + ",elo1=" + fx.left[2] +
				",alpha=0.05,beta=0.05,model=" + fx.left[0])
			if err != nil {
				t.Fatal(err)
			}
			r, p, paired := results(t, fx.left[3:])
			want, err := strconv.ParseFloat(fx.right[0], 64)
			if err != nil {
				t.Fatal(err)
			}
			tol, err := strconv.ParseFloat(fx.right[1], 64)
			if err != nil {
				t.Fatal(err)
			}
			var got float64
			if paired {
				got = s.LLR(p)
			} else {
				got = s.LLRWDL(r)
			}
			if math.Abs(got-want) > tol {
				t.Errorf("%v: LLR = %.15g, published %s (±%g) by %s", s, got, fx.right[0], tol, fx.source)
			}
		})
	}
}
