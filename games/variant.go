package games

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/meeple-games/meeple/configs"
)

// Variant is a named, configured game: a shipped TOML file from configs/, a
// user's file, or an inline spec such as "kinarow(dims=3,size=4)".
type Variant struct {
	Name        string
	Family      string
	Description string
	// Names and Descriptions are the name and description in other
	// languages, by language code ("ja": the TOML keys name_ja and
	// description_ja); a language without one uses Name, Description.
	Names        map[string]string
	Descriptions map[string]string
	Source       string // where it came from: "configs/qubic.toml", a path, or the inline spec
	Rules        Values // every rule key of the family, effective values
	Game         Game
}

// Spec writes the variant's effective rules as an inline spec that
// LoadVariant (and every meeple engine's newgame) reads back:
// family(key=value,...), keys in order.
func (v *Variant) Spec() string {
	keys := v.Rules.Keys()
	kv := make([]string, len(keys))
	for i, k := range keys {
		kv[i] = k + "=" + Format(v.Rules[k])
	}
	return v.Family + "(" + strings.Join(kv, ",") + ")"
}

// VariantError is a variant that cannot be loaded. File and Line locate the
// offending key when known (Line 0: unknown).
type VariantError struct {
	File string
	Line int
	Key  string
	Err  error
}

func (e *VariantError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Key != "" {
		fmt.Fprintf(&b, ": key %q", e.Key)
	}
	b.WriteString(": ")
	if pe, ok := e.Err.(*ParamError); ok {
		b.WriteString(pe.Msg)
	} else {
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

func (e *VariantError) Unwrap() error { return e.Err }

// maxExtends bounds a chain of extends (and catches cycles).
const maxExtends = 8

// LoadVariant resolves spec, which is one of:
//   - a shipped variant name ("qubic"),
//   - a family name ("kinarow": its defaults),
//   - a TOML file path ("my/gomoku.toml"),
//   - any of these followed by inline rules: "kinarow(dims=3,size=4,connect=4)".
//
// set holds extra key=value overrides (the --set flag), applied last.
func LoadVariant(spec string, set ...string) (*Variant, error) {
	spec = strings.TrimSpace(spec)
	base, inline, err := splitInline(spec)
	if err != nil {
		return nil, err
	}
	overrides := append(inline, set...)
	d, err := resolve(base, "", nil)
	if err != nil {
		return nil, err
	}
	if len(overrides) > 0 {
		src := spec
		if len(set) > 0 {
			src += " --set " + strings.Join(set, " --set ")
		}
		for _, kv := range overrides {
			k, v, ok := strings.Cut(kv, "=")
			k = strings.TrimSpace(k)
			if !ok || k == "" {
				return nil, &VariantError{File: src, Err: fmt.Errorf("want key=value, have %q", kv)}
			}
			d.rules[k] = Text(strings.TrimSpace(v))
			d.where[k] = keyPos{file: src}
		}
		d.source = src
		d.origin, d.originJa = "from "+base, base+" から"
	}
	return d.build()
}

// CheckFile runs exactly the loader's checks on a TOML file.
func CheckFile(path string) (*Variant, error) {
	d, err := resolve(path, "", nil)
	if err != nil {
		return nil, err
	}
	return d.build()
}

// ParseVariant runs the loader's checks on a variant file's text that came
// from elsewhere than the file system (an upload to meeple serve): errors
// name file, and extends may name only shipped variants, never a path.
func ParseVariant(file string, data []byte) (*Variant, error) {
	d, err := parseFile(file, "", data, nil, "text:"+file)
	if err != nil {
		return nil, err
	}
	return d.build()
}

// Shipped loads every variant of ShippedNames, sorted by name.
func Shipped() ([]*Variant, error) {
	var vs []*Variant
	for _, n := range ShippedNames() {
		v, err := LoadVariant(n)
		if err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
	sort.Slice(vs, func(i, j int) bool { return vs[i].Name < vs[j].Name })
	return vs, nil
}

// ShippedNames lists the names of the variants in configs/ whose game
// family is linked into this binary. The meeple binary links every family;
// a test binary that links only some sees only their variants, so that a
// new family's files do not break the tests of the others. (configs' own
// test links every family and checks that no file is left out.)
func ShippedNames() []string {
	var names []string
	for _, n := range shippedFiles() {
		if _, err := resolve(n, "", nil); errors.Is(err, ErrUnknownGame) {
			continue
		}
		names = append(names, n)
	}
	return names
}

// shippedFiles lists the names of all the files in configs/.
func shippedFiles() []string {
	names, _ := fs.Glob(configs.FS, "*.toml")
	for i, n := range names {
		names[i] = strings.TrimSuffix(n, ".toml")
	}
	return names
}

// draft is a variant being assembled along an extends chain.
type draft struct {
	name, family, desc, source string
	nameJa, descJa             string // name_ja, description_ja
	rules                      map[string]any
	where                      map[string]keyPos // where each rule key was last set
	// descRules are the rules desc was written for (nil: a family's
	// summary, which holds for any rules); origin says where the rules
	// came from since ("extends qubic", "from qubic" for inline rules). When the
	// rules differ from descRules, desc no longer holds, and the variant
	// is described by origin and its rules instead.
	descRules map[string]any
	origin    string
	originJa  string
}

type keyPos struct {
	file string
	line int
}

func (d *draft) build() (*Variant, error) {
	fam, err := Lookup(d.family)
	if err != nil {
		return nil, &VariantError{File: d.source, Key: "game", Err: err}
	}
	g, vals, err := fam.Build(d.rules)
	if err != nil {
		ve := &VariantError{File: d.source, Err: err}
		var pe *ParamError
		if errors.As(err, &pe) {
			ve.Key = pe.Key
			if w, ok := d.where[pe.Key]; ok {
				ve.File, ve.Line = w.file, w.line
			}
		}
		return nil, ve
	}
	desc, descJa := d.desc, d.descJa
	if was, ok := fam.values(d.descRules); d.descRules != nil && (!ok || !sameValues(was, vals)) {
		desc = d.origin + ": " + rulesText(vals, fam.Defaults())
		descJa = d.originJa + ": " + rulesText(vals, fam.Defaults())
	}
	if desc == "" && descJa != "" {
		desc = d.origin + ": " + rulesText(vals, fam.Defaults())
	}
	v := &Variant{Name: d.name, Family: d.family, Description: desc, Source: d.source, Rules: vals, Game: g}
	if d.nameJa != "" {
		v.Names = map[string]string{"ja": d.nameJa}
	}
	if descJa != "" {
		v.Descriptions = map[string]string{"ja": descJa}
	}
	return v, nil
}

// values are the effective rules of raw, or false when they do not check.
func (f *Family) values(raw map[string]any) (Values, bool) {
	vals := f.Defaults()
	for k, x := range raw {
		p, ok := f.Param(k)
		if !ok {
			return nil, false
		}
		v, err := p.check(x)
		if err != nil {
			return nil, false
		}
		vals[k] = v
	}
	return vals, true
}

func sameValues(a, b Values) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		if y, ok := b[k]; !ok || Format(x) != Format(y) {
			return false
		}
	}
	return true
}

// rulesText writes the rules that differ from defaults as key=value pairs
// in key order ("connect=4 dims=3 size=5"), or "the defaults".
func rulesText(vals, defaults Values) string {
	var parts []string
	for _, k := range vals.Keys() {
		if d, ok := defaults[k]; ok && Format(d) == Format(vals[k]) {
			continue
		}
		parts = append(parts, k+"="+Format(vals[k]))
	}
	if len(parts) == 0 {
		return "the defaults"
	}
	return strings.Join(parts, " ")
}

func cloneRules(m map[string]any) map[string]any {
	c := make(map[string]any, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// resolve turns a name or path into a draft, following extends. dir is the
// directory of the file that named it (for relative paths); chain lists
// the files that extend it, outermost first.
func resolve(name, dir string, chain []link) (*draft, error) {
	if len(chain) > maxExtends {
		return nil, fmt.Errorf("variant %q: extends is nested more than %d deep", name, maxExtends)
	}
	if !isPath(name) {
		if data, err := fs.ReadFile(configs.FS, name+".toml"); err == nil {
			file := "configs/" + name + ".toml"
			return parseFile(file, "", data, chain, file)
		}
		if fam, err := Lookup(name); err == nil {
			return &draft{name: fam.Name, family: fam.Name, desc: fam.Summary, source: name,
				rules: map[string]any{}, where: map[string]keyPos{}}, nil // a family's summary holds for all its rules
		}
		return nil, fmt.Errorf("unknown variant %q%s", name, Suggest(name, append(shippedFiles(), familyNames()...)))
	}
	p := name
	if dir != "" && !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	id, err := filepath.Abs(p)
	if err != nil {
		id = filepath.Clean(p)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("variant file: %w", err)
	}
	return parseFile(p, filepath.Dir(p), data, chain, id)
}

// isPath says whether a variant's name is a file's path (it ends in .toml
// or has a directory) rather than a shipped variant's or a game's name.
func isPath(name string) bool {
	return strings.HasSuffix(name, ".toml") || strings.ContainsAny(name, `/\`)
}

// link is a file of an extends chain: its identity (an absolute path, or
// configs/NAME.toml for a shipped file), its name in messages, and the line
// of its extends key.
type link struct {
	id, file string
	line     int
}

// cycleError is an extends chain that comes back to a file of its own. It
// is reported once, at the first file of the cycle, not wrapped by every
// file along it.
type cycleError struct{ files []string }

func (e *cycleError) Error() string {
	return "extends makes a cycle: " + strings.Join(e.files, " extends ")
}

// cycleAt returns the error for a chain that reaches id again, or nil.
func cycleAt(chain []link, id, file string) *VariantError {
	for i, l := range chain {
		if l.id == id {
			var files []string
			for _, c := range chain[i:] {
				files = append(files, c.file)
			}
			return &VariantError{File: l.file, Line: l.line, Key: "extends", Err: &cycleError{append(files, file)}}
		}
	}
	return nil
}

func familyNames() []string {
	var ns []string
	for _, f := range Families() {
		ns = append(ns, f.Name)
	}
	return ns
}

var topKeys = []string{"game", "name", "description", "extends", "rules", "name_ja", "description_ja"}

// parseFile reads one variant file. dir is "" for embedded files, whose
// extends may only name other shipped variants; chain lists the files that
// extend this one (outermost first); id is its identity in a chain.
func parseFile(file, dir string, data []byte, chain []link, id string) (*draft, error) {
	if e := cycleAt(chain, id, file); e != nil {
		return nil, e
	}
	f, err := decodeVariant(file, data)
	if err != nil {
		return nil, err
	}
	d, err := f.base(dir, chain, id)
	if err != nil {
		return nil, err
	}
	if f.extends != "" {
		d.origin, d.originJa = "extends "+f.extends, f.extends+" を元に"
	} else {
		d.origin, d.originJa = f.game, f.game
	}
	name := f.name
	if name == "" {
		name = strings.TrimSuffix(path.Base(filepath.ToSlash(file)), ".toml")
	}
	d.name, d.source, d.nameJa = name, file, f.nameJa
	for k, v := range f.rules {
		d.rules[k] = v
		d.where[k] = keyPos{file: file, line: f.lines["rules."+k]}
	}
	if f.desc != "" || f.descJa != "" || f.extends == "" {
		// A description in either language is written for these rules;
		// one given in only one language leaves the other unsaid.
		d.desc, d.descJa, d.descRules = f.desc, f.descJa, cloneRules(d.rules)
	}
	if fam, err := Lookup(d.family); err == nil {
		for k := range f.rules {
			if _, ok := fam.Param(k); !ok {
				e := f.at("rules." + k)
				e.Key = k
				e.Err = fam.unknownKey(k)
				return nil, e
			}
		}
	}
	return d, nil
}

// variantFile is one variant file's keys, decoded and checked for their
// kinds, with the line of each.
type variantFile struct {
	file                                      string
	game, name, desc, extends, nameJa, descJa string
	rules                                     map[string]any
	lines                                     map[string]int
}

// at is an error at key of the file.
func (f *variantFile) at(key string) *VariantError {
	return &VariantError{File: f.file, Line: f.lines[key], Key: key}
}

// decodeVariant decodes a variant file: its top-level keys known, each a
// string but for [rules], a table of plain values.
func decodeVariant(file string, data []byte) (*variantFile, error) {
	var raw map[string]any
	md, err := toml.Decode(string(data), &raw)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &VariantError{File: file, Line: pe.Position.Line, Err: errors.New(pe.Message)}
		}
		return nil, &VariantError{File: file, Err: err}
	}
	f := &variantFile{file: file, lines: keyLines(string(data)), rules: map[string]any{}}
	for _, k := range md.Keys() {
		top := k[0]
		if !contains(topKeys, top) {
			e := f.at(top)
			e.Err = errors.New("unknown key" + Suggest(top, topKeys))
			return nil, e
		}
		if top == "rules" && len(k) > 2 {
			e := f.at(k.String())
			e.Err = errors.New("rules take plain values, not nested tables")
			return nil, e
		}
	}
	for _, kv := range []struct {
		key string
		to  *string
	}{{"game", &f.game}, {"name", &f.name}, {"description", &f.desc}, {"extends", &f.extends}, {"name_ja", &f.nameJa}, {"description_ja", &f.descJa}} {
		v, ok := raw[kv.key]
		if !ok {
			continue
		}
		s, ok := v.(string)
		if !ok {
			e := f.at(kv.key)
			e.Err = fmt.Errorf("want a string, have %s", describeValue(v))
			return nil, e
		}
		*kv.to = s
	}
	if r, ok := raw["rules"]; ok {
		t, ok := r.(map[string]any)
		if !ok {
			e := f.at("rules")
			e.Err = errors.New("want a table [rules]")
			return nil, e
		}
		f.rules = t
	}
	return f, nil
}

// base is the draft the file's rules apply to: the variant it extends,
// resolved (chain and id as parseFile has them), or its game's defaults.
func (f *variantFile) base(dir string, chain []link, id string) (*draft, error) {
	if f.extends == "" {
		if f.game == "" {
			return nil, &VariantError{File: f.file, Key: "game", Err: errors.New("missing: name the game (or extends a variant)")}
		}
		if _, err := Lookup(f.game); err != nil {
			e := f.at("game")
			e.Err = err
			return nil, e
		}
		return &draft{family: f.game, rules: map[string]any{}, where: map[string]keyPos{}}, nil
	}
	if dir == "" && isPath(f.extends) {
		e := f.at("extends")
		e.Err = errors.New("a shipped or uploaded variant can extend only shipped variants")
		return nil, e
	}
	d, err := resolve(f.extends, dir, append(chain[:len(chain):len(chain)], link{id: id, file: f.file, line: f.lines["extends"]}))
	var ce *cycleError
	if errors.As(err, &ce) {
		return nil, err // reported once, at the start of the cycle
	}
	if err != nil {
		e := f.at("extends")
		e.Err = err
		return nil, e
	}
	if f.game != "" && f.game != d.family {
		e := f.at("game")
		e.Err = fmt.Errorf("%q differs from %q, the game of %q", f.game, d.family, f.extends)
		return nil, e
	}
	return d, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// keyLines maps each dotted key ("name", "rules.size") to the line that
// defines it. The TOML library does not expose key positions, and variant
// files are flat (top-level keys and one [rules] table), so a line scan is
// exact for them; a key it cannot place gets line 0 and the error says no line.
func keyLines(text string) map[string]int {
	lines := map[string]int{}
	table := ""
	for i, ln := range strings.Split(text, "\n") {
		ln = strings.TrimSpace(ln)
		if ln == "" || ln[0] == '#' {
			continue
		}
		if ln[0] == '[' {
			table = strings.Trim(strings.TrimSpace(strings.SplitN(ln, "#", 2)[0]), "[] ")
			if _, ok := lines[table]; !ok {
				lines[table] = i + 1
			}
			continue
		}
		k, _, ok := strings.Cut(ln, "=")
		if !ok {
			continue
		}
		k = strings.Trim(strings.TrimSpace(k), `"'`)
		if table != "" {
			k = table + "." + k
		}
		if _, ok := lines[k]; !ok {
			lines[k] = i + 1
		}
	}
	return lines
}

// splitInline splits "base(k=v,k=v)" into base and its pairs.
func splitInline(spec string) (string, []string, error) {
	open := strings.IndexByte(spec, '(')
	if open < 0 {
		if strings.ContainsRune(spec, ')') {
			return "", nil, fmt.Errorf("variant %q: unbalanced parenthesis", spec)
		}
		return spec, nil, nil
	}
	if !strings.HasSuffix(spec, ")") || strings.Count(spec, "(") != 1 || strings.Count(spec, ")") != 1 {
		return "", nil, fmt.Errorf("variant %q: want name(key=value,...)", spec)
	}
	base := strings.TrimSpace(spec[:open])
	body := spec[open+1 : len(spec)-1]
	var pairs []string
	depth, start := 0, 0
	for i := 0; i <= len(body); i++ {
		if i < len(body) {
			switch body[i] {
			case '[':
				depth++
				continue
			case ']':
				depth--
				continue
			case ',':
				if depth > 0 {
					continue
				}
			default:
				continue
			}
		}
		if p := strings.TrimSpace(body[start:i]); p != "" {
			pairs = append(pairs, p)
		}
		start = i + 1
	}
	return base, pairs, nil
}
