package games

import (
	"errors"
	"fmt"
	"sort"
	"sync"
)

// Family is a rules engine registered by name: its parameter schema and a
// constructor that checks a combination of values and builds the game.
type Family struct {
	Name    string
	Summary string
	Params  []Param
	// New builds a game from values that already passed the per-key checks
	// (every key present, kinds and ranges right). It makes the cross-field
	// checks and reports a failure as a *ParamError naming the key at fault.
	New func(Values) (Game, error)
}

// Param returns the schema entry for key.
func (f *Family) Param(key string) (Param, bool) {
	for _, p := range f.Params {
		if p.Key == key {
			return p, true
		}
	}
	return Param{}, false
}

// Defaults returns every key at its default value.
func (f *Family) Defaults() Values {
	v := make(Values, len(f.Params))
	for _, p := range f.Params {
		v[p.Key] = p.Default
	}
	return v
}

// Build checks raw values (from TOML or text), fills in the defaults and
// builds the game. Errors are *ParamError values.
func (f *Family) Build(raw map[string]any) (Game, Values, error) {
	vals := f.Defaults()
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		p, ok := f.Param(k)
		if !ok {
			return nil, nil, f.unknownKey(k)
		}
		v, err := p.check(raw[k])
		if err != nil {
			return nil, nil, err
		}
		vals[k] = v
	}
	g, err := f.New(vals)
	if err != nil {
		return nil, nil, err
	}
	return g, vals, nil
}

func (f *Family) unknownKey(k string) error {
	known := make([]string, len(f.Params))
	for i, p := range f.Params {
		known[i] = p.Key
	}
	return &ParamError{Key: k, Msg: "unknown rule for " + f.Name + Suggest(k, known)}
}

var registry struct {
	sync.RWMutex
	m map[string]*Family
}

// Register adds a family; each game package calls it from init. Registering
// a name twice is a bug and panics.
func Register(f *Family) {
	registry.Lock()
	defer registry.Unlock()
	if registry.m == nil {
		registry.m = map[string]*Family{}
	}
	if _, dup := registry.m[f.Name]; dup {
		panic("games: family " + f.Name + " registered twice")
	}
	registry.m[f.Name] = f
}

// ErrUnknownGame is wrapped by the error of Lookup (and of a variant that
// names a family not linked into this binary).
var ErrUnknownGame = errors.New("unknown game")

// Lookup finds a registered family by name.
func Lookup(name string) (*Family, error) {
	registry.RLock()
	defer registry.RUnlock()
	if f, ok := registry.m[name]; ok {
		return f, nil
	}
	names := make([]string, 0, len(registry.m))
	for n := range registry.m {
		names = append(names, n)
	}
	return nil, fmt.Errorf("%w %q%s", ErrUnknownGame, name, Suggest(name, names))
}

// Families lists the registered families by name.
func Families() []*Family {
	registry.RLock()
	defer registry.RUnlock()
	fs := make([]*Family, 0, len(registry.m))
	for _, f := range registry.m {
		fs = append(fs, f)
	}
	sort.Slice(fs, func(i, j int) bool { return fs[i].Name < fs[j].Name })
	return fs
}

// suggest returns ` (did you mean "x"?)` for the closest of known, or "".
func Suggest(word string, known []string) string {
	best, bestD := "", 1<<30
	for _, k := range known {
		if d := editDistance(word, k); d < bestD || d == bestD && k < best {
			best, bestD = k, d
		}
	}
	if best == "" || bestD > (len(word)+2)/3+1 {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
