package games_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// piles is a test-only family (Nim) that exercises every parameter kind.
type pilesGame struct{ v games.Values }

func (g pilesGame) Family() string                         { return "piles" }
func (g pilesGame) Type() games.Type                       { return games.Type{Players: 2} }
func (g pilesGame) Params() games.Values                   { return g.v }
func (g pilesGame) NewState() games.State                  { return nil }
func (g pilesGame) ParseState(string) (games.State, error) { return nil, errors.New("no") }
func (g pilesGame) Describe() games.Description            { return games.Description{} }

func init() {
	games.Register(&games.Family{
		Name: "piles",
		Params: []games.Param{
			{Key: "heaps", Kind: games.Ints, Default: []int{3, 4, 5}, Min: 1, Max: 20, MinLen: 1, MaxLen: 6},
			{Key: "count", Kind: games.Int, Default: 3, Min: 1, Max: 6},
			{Key: "misere", Kind: games.Bool, Default: false},
			{Key: "order", Kind: games.String, Default: "any", Choices: []string{"any", "left"}},
		},
		New: func(v games.Values) (games.Game, error) {
			if h := v.Ints("heaps"); len(h) != 1 && len(h) != v.Int("count") {
				return nil, games.Errorf("heaps", "has %d values; want 1 or count (%d)", len(h), v.Int("count"))
			}
			return pilesGame{v}, nil
		},
	})
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	base := writeFile(t, dir, "base.toml", `game = "piles"
name = "base"
description = "three heaps"
[rules]
heaps = [3, 4, 5]
misere = true
`)
	child := writeFile(t, dir, "child.toml", `extends = "base.toml"
name = "child"
[rules]
count = 1
heaps = 7
`)
	v, err := games.CheckFile(base)
	if err != nil {
		t.Fatal(err)
	}
	if v.Name != "base" || v.Family != "piles" || !v.Rules.Bool("misere") || v.Rules.String("order") != "any" {
		t.Errorf("base = %+v", v)
	}
	v, err = games.CheckFile(child)
	if err != nil {
		t.Fatal(err)
	}
	// The child changes the rules: "three heaps" no longer holds, so it
	// says what it is.
	if v.Description != "extends base.toml: count=1 heaps=7 misere=true" || !v.Rules.Bool("misere") || v.Rules.Int("count") != 1 || len(v.Rules.Ints("heaps")) != 1 {
		t.Errorf("child = %+v", v)
	}
	// A variant that changes nothing (or sets the same values) keeps the
	// description.
	same := writeFile(t, dir, "same.toml", "extends = \"base.toml\"\nname = \"same\"\n[rules]\nmisere = true\n")
	if v, err := games.CheckFile(same); err != nil || v.Description != "three heaps" {
		t.Errorf("same = %+v, %v", v, err)
	}
	if v, err := games.LoadVariant(base + "(misere=false)"); err != nil || !strings.HasSuffix(v.Description, "base.toml: the defaults") || !strings.HasPrefix(v.Description, "from ") {
		t.Errorf("inline = %+v, %v", v, err)
	}
	// Inline and --set on top of a file.
	v, err = games.LoadVariant(child+"(count=2, heaps=[1,2])", "order=left")
	if err != nil {
		t.Fatal(err)
	}
	if v.Rules.Int("count") != 2 || v.Rules.String("order") != "left" || v.Rules.Ints("heaps")[1] != 2 {
		t.Errorf("inline = %+v", v.Rules)
	}
	v, err = games.LoadVariant("piles(heaps=2x3x4)")
	if err != nil || len(v.Rules.Ints("heaps")) != 3 {
		t.Errorf("piles(heaps=2x3x4) = %v, %v", v, err)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "ok.toml", "game = \"piles\"\n")
	tests := []struct {
		name, text string
		line       int
		key, want  string
	}{
		{"unknown top key", "game = \"piles\"\nnmae = \"x\"\n", 2, "nmae", `did you mean "name"`},
		{"unknown rule", "game = \"piles\"\n\n[rules]\ncuont = 2\n", 4, "cuont", `did you mean "count"`},
		{"wrong type", "game = \"piles\"\n[rules]\ncount = \"2\"\n", 3, "count", "want an integer"},
		{"float", "game = \"piles\"\n[rules]\ncount = 2.5\n", 3, "count", "want an integer"},
		{"out of range", "game = \"piles\"\n[rules]\ncount = 9\n", 3, "count", "out of range 1..6"},
		{"list element", "game = \"piles\"\n[rules]\nheaps = [1, 99]\n", 3, "heaps", "99 is out of range"},
		{"list type", "game = \"piles\"\n[rules]\nheaps = [1, \"a\"]\n", 3, "heaps", "want integers"},
		{"bad choice", "game = \"piles\"\n[rules]\norder = \"right\"\n", 3, "order", "not one of any, left"},
		{"bool", "game = \"piles\"\n[rules]\nmisere = 1\n", 3, "misere", "want true or false"},
		{"cross-field", "game = \"piles\"\n[rules]\ncount = 2\nheaps = [1, 2, 3]\n", 4, "heaps", "want 1 or count (2)"},
		{"unknown game", "game = \"pile\"\n", 1, "game", `did you mean "piles"`},
		{"no game", "name = \"x\"\n", 0, "game", "missing"},
		{"game clash", "game = \"kinarow\"\nextends = \"ok.toml\"\n", 1, "game", "differs"},
		{"bad extends", "extends = \"nothere.toml\"\n", 1, "extends", "no such file"},
		{"syntax", "game = \"piles\"\n[rules]\ncount = = 2\n", 3, "", "expected"},
		{"nested rules", "game = \"piles\"\n[rules.x]\ny = 1\n", 3, "rules.x.y", "plain values"},
		{"rules not a table", "game = \"piles\"\nrules = 3\n", 2, "rules", "want a table"},
		{"name not a string", "game = \"piles\"\nname = 3\n", 2, "name", "want a string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := writeFile(t, dir, "f.toml", tc.text)
			_, err := games.CheckFile(p)
			var ve *games.VariantError
			if !errors.As(err, &ve) {
				t.Fatalf("error %v (%T), want a *VariantError", err, err)
			}
			if ve.Line != tc.line || ve.Key != tc.key || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got line %d key %q: %v\nwant line %d key %q containing %q", ve.Line, ve.Key, err, tc.line, tc.key, tc.want)
			}
			if !strings.HasPrefix(err.Error(), p) {
				t.Errorf("error %q does not name the file", err)
			}
		})
	}
}

func TestExtendsCycle(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.toml", "extends = \"b.toml\"\n")
	writeFile(t, dir, "b.toml", "# b\nextends = \"a.toml\"\n")
	self := writeFile(t, dir, "self.toml", "extends = \"self.toml\"\n")
	c := writeFile(t, dir, "c.toml", "extends = \"a.toml\"\n")
	for _, tc := range []struct{ file, want string }{
		{a, a + ":1: key \"extends\": extends makes a cycle: " + a + " extends " + filepath.Join(dir, "b.toml") + " extends " + a},
		{self, self + ":1: key \"extends\": extends makes a cycle: " + self + " extends " + self},
		// Reported once, where the cycle starts, not by every file on the way.
		{c, a + ":1: key \"extends\": extends makes a cycle: " + a + " extends " + filepath.Join(dir, "b.toml") + " extends " + a},
	} {
		if _, err := games.CheckFile(tc.file); err == nil || err.Error() != tc.want {
			t.Errorf("CheckFile(%s) = %v\nwant %s", filepath.Base(tc.file), err, tc.want)
		}
	}
}

func TestInlineErrors(t *testing.T) {
	for _, spec := range []string{
		"piles(count=9)", "piles(cuont=2)", "piles(count)", "piles(count=2", "piles)(",
		"piles(heaps=1x)", "nosuchgame", "piles(misere=maybe)", "piles(count=2,heaps=[1,2,3])",
	} {
		if v, err := games.LoadVariant(spec); err == nil {
			t.Errorf("LoadVariant(%q) = %+v, want an error", spec, v.Rules)
		}
	}
	_, err := games.LoadVariant("piles(cuont=2)")
	if err == nil || !strings.Contains(err.Error(), `did you mean "count"`) {
		t.Errorf("suggestion missing: %v", err)
	}
}

func FuzzConfig(f *testing.F) {
	f.Add("game = \"piles\"\n[rules]\nheaps = [1,2]\ncount = 2\n")
	f.Add("extends = \"x.toml\"\n")
	f.Add("game = \"piles\"\n[rules]\nheaps = 99999999999999\n")
	f.Add("[rules]\n[rules.a]\n")
	f.Add("game = 3\nname = [1]\n")
	f.Fuzz(func(t *testing.T, text string) {
		dir := t.TempDir()
		p := filepath.Join(dir, "v.toml")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		v, err := games.CheckFile(p)
		if err == nil && (v.Game == nil || v.Family == "") {
			t.Fatalf("accepted without a game: %+v", v)
		}
		// The inline form goes through the same checks.
		_, _ = games.LoadVariant("piles(" + strings.ReplaceAll(text, "\n", ",") + ")")
	})
}

// TestParseVariantExtendsNoFile: a variant's text from elsewhere than the
// file system (an upload to meeple serve) extends shipped variants only,
// never a file, not even one in the working directory: its text, key
// names and existence stay unknown to the page.
func TestParseVariantExtendsNoFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "secret.toml", "game = \"piles\"\nname = \"secret\"\ndescription = \"the operator's secret\"\n[rules]\ncount = 2\n")
	t.Chdir(dir)
	for _, ext := range []string{"secret.toml", "./secret.toml", dir + "/secret.toml", "nothere.toml", `..\secret.toml`} {
		_, err := games.ParseVariant("upload.toml", []byte("extends = \""+strings.ReplaceAll(ext, `\`, `\\`)+"\"\n"))
		if err == nil || !strings.Contains(err.Error(), "can extend only shipped variants") ||
			strings.Contains(err.Error(), "secret\"") || strings.Contains(err.Error(), "no such file") {
			t.Errorf("extends %q: %v", ext, err)
		}
	}
	if _, err := games.ParseVariant("upload.toml", []byte("extends = \"piles\"\nname = \"mine\"\n")); err != nil {
		t.Errorf("extends a game: %v", err)
	}
}

// TestVariantJapanese: name_ja and description_ja load; an extends keeps
// the Japanese description while the rules are those it was written for,
// and words the rules instead once they differ, as in English.
func TestVariantJapanese(t *testing.T) {
	dir := t.TempDir()
	base := writeFile(t, dir, "base.toml", "game = \"piles\"\nname = \"base\"\nname_ja = \"山\"\ndescription = \"heaps\"\ndescription_ja = \"山の遊び\"\n")
	v, err := games.LoadVariant(base)
	if err != nil || v.Names["ja"] != "山" || v.Descriptions["ja"] != "山の遊び" {
		t.Fatalf("base: %+v %v", v, err)
	}
	v, err = games.LoadVariant(base + "(misere=true)")
	if err != nil || v.Descriptions["ja"] != base+" から: misere=true" || v.Names["ja"] != "山" {
		t.Fatalf("base with other rules: %+v %v", v, err)
	}
	child := writeFile(t, dir, "child.toml", "extends = \"base.toml\"\nname = \"child\"\n[rules]\nmisere = true\n")
	if v, err = games.LoadVariant(child); err != nil || v.Descriptions["ja"] != "base.toml を元に: misere=true" || v.Names != nil {
		t.Fatalf("child: %+v %v", v, err)
	}
	only := writeFile(t, dir, "only.toml", "extends = \"base.toml\"\ndescription_ja = \"二つ\"\n[rules]\nmisere = true\n")
	if v, err = games.LoadVariant(only); err != nil || v.Descriptions["ja"] != "二つ" || v.Description != "extends base.toml: misere=true" {
		t.Fatalf("a Japanese description only: %+v %v", v, err)
	}
	if _, err := games.ParseVariant("x.toml", []byte("game = \"piles\"\nname_ja = 3\n")); err == nil || !strings.Contains(err.Error(), "name_ja") {
		t.Fatalf("name_ja = 3: %v", err)
	}
}
