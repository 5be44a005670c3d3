package referee

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/engine"
)

// Self is the cmd of an engine that is this meeple binary's own engine
// subcommand (os.Executable() engine), handy with `go run`.
const Self = "@self"

// EngineOption is one setoption sent after the handshake.
type EngineOption struct {
	Name, Value string
}

// EngineConfig is one engine of a match, as given by an --engine flag.
type EngineConfig struct {
	Name    string
	Cmd     string   // program path, or Self
	Args    []string // arguments after Cmd
	Dir     string   // working directory ("": the referee's)
	Env     []string // extra KEY=VALUE environment entries
	Proto   string   // "native" (default), "ugi", "uci" or "gtp"
	Options []EngineOption
	Restart bool // restart a process that died or failed (default on)

	// Per-engine limits; each one set overrides the match default.
	TC       *TimeControl
	MoveTime *time.Duration
	Nodes    *int64
	Depth    *int
}

// engineKeys are the keys of an engine spec, for the did-you-mean.
var engineKeys = []string{"name", "cmd", "arg", "dir", "env", "proto", "option.", "tc", "movetime", "nodes", "depth", "restart"}

// ParseEngine reads an engine spec: space-separated key=value words, a
// value with spaces in double quotes (`arg="a b"` or `"arg=a b"`; \" and \\
// escape inside quotes). Keys:
//
//	name=N         the engine's name in records and standings (default: cmd's base name)
//	cmd=PATH       the program, started without a shell; @self is this meeple binary's engine subcommand
//	arg=A          one argument (repeat for more, in order)
//	dir=D          working directory
//	env=K=V        an extra environment variable (repeatable)
//	proto=P        native (default), ugi, uci (chess) or gtp (placement games)
//	option.N=V     setoption name N value V after the handshake (repeatable)
//	tc=TC          time control (see ParseTC); overrides --tc
//	movetime=S     seconds per move; overrides --movetime (0: none)
//	nodes=N        node limit per move; overrides --nodes (0: none)
//	depth=N        depth limit per move; overrides --depth (0: none)
//	restart=on|off restart a process that died or failed (default on); off:
//	               after a failure the engine forfeits its remaining games
func ParseEngine(spec string) (EngineConfig, error) {
	e := EngineConfig{Restart: true}
	words, err := splitWords(spec)
	if err != nil {
		return e, fmt.Errorf("engine %q: %v", spec, err)
	}
	bad := func(format string, args ...any) (EngineConfig, error) {
		return e, fmt.Errorf("engine %q: "+format, append([]any{spec}, args...)...)
	}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			return bad("%q: want key=value", w)
		}
		switch {
		case k == "name":
			if v == "" || strings.ContainsAny(v, " \t\"/\\") {
				return bad("name %q: want a word without spaces, quotes or slashes", v)
			}
			e.Name = v
		case k == "cmd":
			e.Cmd = v
		case k == "arg":
			e.Args = append(e.Args, v)
		case k == "dir":
			e.Dir = v
		case k == "env":
			if ek, _, ok := strings.Cut(v, "="); !ok || ek == "" {
				return bad("env %q: want env=KEY=VALUE", v)
			}
			e.Env = append(e.Env, v)
		case k == "proto":
			if v != "native" && v != "ugi" && v != "uci" && v != "gtp" {
				return bad("proto %q: want native, ugi, uci or gtp", v)
			}
			e.Proto = v
		case strings.HasPrefix(k, "option."):
			name := strings.TrimPrefix(k, "option.")
			if name == "" {
				return bad("%q: want option.NAME=VALUE", w)
			}
			e.Options = append(e.Options, EngineOption{Name: name, Value: v})
		case k == "tc":
			tc, err := ParseTC(v)
			if err != nil {
				return bad("%v", err)
			}
			e.TC = &tc
		case k == "movetime":
			d, err := engine.ParseSeconds(v)
			if err != nil {
				return bad("movetime: %v", err)
			}
			e.MoveTime = &d
		case k == "nodes":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 {
				return bad("nodes %q: want a whole number, 0 or more", v)
			}
			e.Nodes = &n
		case k == "depth":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 1000 {
				return bad("depth %q: want a whole number 0..1000", v)
			}
			e.Depth = &n
		case k == "restart":
			switch v {
			case "on", "true", "yes":
				e.Restart = true
			case "off", "false", "no":
				e.Restart = false
			default:
				return bad("restart %q: want on or off", v)
			}
		default:
			return bad("unknown key %q%s", k, games.Suggest(k, engineKeys))
		}
	}
	if e.Cmd == "" {
		return bad("missing cmd=PROGRAM")
	}
	if e.Name == "" {
		if e.Cmd == Self {
			e.Name = "meeple"
		} else {
			e.Name = filepath.Base(e.Cmd)
		}
		if strings.ContainsAny(e.Name, " \t\"/\\") {
			return bad("cmd %q gives no name to use: give name=NAME", e.Cmd)
		}
	}
	return e, nil
}

// limits merges the engine's own limits over the match defaults.
func (e EngineConfig) limits(def Limits) Limits {
	l := def
	if e.TC != nil {
		l.TC = *e.TC
	}
	if e.MoveTime != nil {
		l.MoveTime = *e.MoveTime
	}
	if e.Nodes != nil {
		l.Nodes = *e.Nodes
	}
	if e.Depth != nil {
		l.Depth = *e.Depth
	}
	return l
}

// splitWords splits s at spaces and tabs; double quotes group (and are
// removed), and inside them \" and \\ stand for " and \.
func splitWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	in, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
			i++
			cur.WriteByte(s[i])
		case c == '"':
			quoted = !quoted
			in = true
		case !quoted && (c == ' ' || c == '\t' || c == '\n'):
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("unclosed double quote")
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}
