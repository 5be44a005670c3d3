package serve

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/serve/web"
)

// catalogue reads the page's catalogue of language l.
func catalogue(t *testing.T, l string) map[string]string {
	t.Helper()
	b, err := fs.ReadFile(web.FS, "i18n/"+l+".json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("i18n/%s.json: %v", l, err)
	}
	return m
}

var placeholder = regexp.MustCompile(`\{\w+\}`)

// TestCatalogues: the English and Japanese catalogues have the same keys,
// each message the same placeholders, and every word the page can meet
// has a message: the keys the page's scripts name, the server's refusal
// codes, every shipped game's phrases, seats, word moves and family, and
// every termination.
func TestCatalogues(t *testing.T) {
	en, ja := catalogue(t, "en"), catalogue(t, "ja")
	for k, v := range en {
		w, ok := ja[k]
		if !ok {
			t.Errorf("ja.json lacks %q", k)
			continue
		}
		a, b := placeholder.FindAllString(v, -1), placeholder.FindAllString(w, -1)
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			t.Errorf("%q: English has %v, Japanese %v", k, a, b)
		}
		if w == "" || (w == v && strings.ContainsFunc(v, func(r rune) bool { return 'a' <= r && r <= 'z' }) && len(v) > 3 && !allowedSame[k]) {
			t.Errorf("%q is not translated: %q", k, w)
		}
	}
	for k := range ja {
		if _, ok := en[k]; !ok {
			t.Errorf("en.json lacks %q", k)
		}
	}
	need := func(key, why string) {
		if _, ok := en[key]; !ok {
			t.Errorf("no message %q (%s)", key, why)
		}
	}
	// The keys the scripts name.
	scripts, _ := fs.Glob(web.FS, "*.js")
	named := regexp.MustCompile(`\bt\("([a-z0-9.-]+[a-z0-9])"`)
	for _, f := range scripts {
		b, _ := fs.ReadFile(web.FS, f)
		for _, m := range named.FindAllStringSubmatch(string(b), -1) {
			need(m[1], f)
		}
	}
	// The refusal codes of this package's sources.
	srcs, _ := filepath.Glob("*.go")
	coded := regexp.MustCompile(`(?:refuse\(|&refusal\{Code: )"([a-z-]+)"`)
	for _, f := range srcs {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range coded.FindAllStringSubmatch(string(b), -1) {
			need("err."+m[1], f)
		}
	}
	// Every shipped game's words.
	vs, err := games.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		d := v.Game.Describe()
		need("game."+v.Family, v.Name)
		for _, p := range d.Phrases {
			need("phrase."+p, v.Name)
		}
		if d.Cards != nil {
			for _, w := range d.Cards.Talk {
				need("talk."+w, v.Name)
				need("talk-short."+w, v.Name)
			}
		}
		for _, p := range d.Pieces {
			need("piece."+strings.ReplaceAll(p.Name, " ", "-"), v.Name)
		}
		for _, p := range d.Players {
			if !regexp.MustCompile(`^player ?\d+$`).MatchString(p) {
				need("player."+p, v.Name)
			}
		}
		for _, form := range d.Grammar.Forms {
			for _, part := range form {
				if part.Kind == "word" && len(part.Values) > 0 && regexp.MustCompile(`^[a-z]+$`).MatchString(part.Values[0]) {
					need("move."+part.Values[0], v.Name)
				}
			}
		}
	}
	need("phrase.drew-card", "a card drawn, to the others")
	for tm := record.Normal + 1; !strings.HasPrefix(tm.String(), "termination("); tm++ {
		need("term."+tm.String(), "a termination")
	}
}

// allowedSame are the messages that read the same in both languages:
// names and notation that Japanese players write in Latin letters too.
var allowedSame = map[string]bool{"watch.col-elo": true}
