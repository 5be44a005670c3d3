package referee

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/protocol/client"
)

// Config is one match (or one shard of it) as the command line gives it.
type Config struct {
	Variant string   // a shipped name, a family, a TOML file or an inline spec
	Set     []string // rule overrides, key=value
	Engines []EngineConfig
	Limits  Limits        // the default limits of every engine
	Margin  time.Duration // how far past its clock an engine may go before its flag falls

	Games    int  // games per encounter
	Gauntlet bool // more than two engines: the first against each other (else round-robin)
	Seed     uint64

	Openings      string // openings file ("": the variant's start position)
	OpeningsOrder string // sequential (default) or random
	RandomPlies   int

	MaxPlies int        // 0: no limit; else a draw after this many plies (book and engine moves)
	Resign   ResignRule // zero: off
	Draw     DrawRule   // zero: off
	SPRT     string     // "": off; else as stats.ParseSPRT reads it

	Shard       Shard
	Concurrency int             // games at once (0: 1)
	Timeouts    client.Timeouts // engine start, isready, quit (zero: the client's defaults)
	MoveTimeout time.Duration   // a move's deadline when no clock limits it (0: DefaultMoveTimeout)

	Out    string   // output directory (journal, records, stderr logs)
	Events string   // JSON-lines events file ("": none)
	Self   []string // argv of this binary's engine mode, for cmd=@self (nil: os.Executable() engine)

	Stdout   io.Writer // standings and progress (nil: discard)
	Stderr   io.Writer `json:"-"` // warnings: a stale lock taken over, events that cannot be written (nil: os.Stderr)
	Terminal *bool     // progress style: nil asks Stdout (a character device is a terminal)
}

// DefaultMoveTimeout is the deadline of a move under depth or node limits
// (no clock): past it the engine stalls.
const DefaultMoveTimeout = 60 * time.Second

// ResignRule adjudicates a loss on reported scores (cutechess-cli's
// -resign): a seat whose last Moves reported scores are all Score or more
// below zero (a mate against it counts) loses; with TwoSided its
// opponent's last Moves scores must also be Score or more above zero.
type ResignRule struct {
	Moves    int
	Score    int // hundredths of a return, as engines report
	TwoSided bool
}

// DrawRule adjudicates a draw on reported scores (cutechess-cli's -draw):
// from ply After on, when every seat's last Moves reported scores are within
// Score of zero.
type DrawRule struct {
	After int
	Moves int
	Score int
}

func (r ResignRule) on() bool { return r.Moves > 0 }
func (r DrawRule) on() bool   { return r.Moves > 0 }

func (r ResignRule) String() string {
	if !r.on() {
		return ""
	}
	return fmt.Sprintf("moves=%d,score=%d,twosided=%t", r.Moves, r.Score, r.TwoSided)
}

func (r DrawRule) String() string {
	if !r.on() {
		return ""
	}
	return fmt.Sprintf("after=%d,moves=%d,score=%d", r.After, r.Moves, r.Score)
}

// keyValues splits "k=v,k=v" into a map, checking the keys.
func keyValues(what, s string, keys []string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("%s %q: %q: want key=value", what, s, kv)
		}
		found := false
		for _, key := range keys {
			found = found || key == k
		}
		if !found {
			return nil, fmt.Errorf("%s %q: unknown key %q%s (keys: %s)", what, s, k, games.Suggest(k, keys), strings.Join(keys, ", "))
		}
		out[k] = v
	}
	return out, nil
}

func atoiKey(what, s string, kv map[string]string, k string, lo int) (int, error) {
	v, ok := kv[k]
	if !ok {
		return 0, fmt.Errorf("%s %q: missing %s=", what, s, k)
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo {
		return 0, fmt.Errorf("%s %q: %s=%s: want a whole number, %d or more", what, s, k, v, lo)
	}
	return n, nil
}

// ParseResign reads "moves=3,score=600[,twosided=true]".
func ParseResign(s string) (ResignRule, error) {
	var r ResignRule
	kv, err := keyValues("resign", s, []string{"moves", "score", "twosided"})
	if err != nil {
		return r, err
	}
	if r.Moves, err = atoiKey("resign", s, kv, "moves", 1); err != nil {
		return r, err
	}
	if r.Score, err = atoiKey("resign", s, kv, "score", 0); err != nil {
		return r, err
	}
	if v, ok := kv["twosided"]; ok {
		if r.TwoSided, err = strconv.ParseBool(v); err != nil {
			return r, fmt.Errorf("resign %q: twosided=%s: want true or false", s, v)
		}
	}
	return r, nil
}

// ParseDraw reads "after=40,moves=8,score=10" (after defaults to 0).
func ParseDraw(s string) (DrawRule, error) {
	var r DrawRule
	kv, err := keyValues("draw", s, []string{"after", "moves", "score"})
	if err != nil {
		return r, err
	}
	if _, ok := kv["after"]; ok {
		if r.After, err = atoiKey("draw", s, kv, "after", 0); err != nil {
			return r, err
		}
	}
	if r.Moves, err = atoiKey("draw", s, kv, "moves", 1); err != nil {
		return r, err
	}
	if r.Score, err = atoiKey("draw", s, kv, "score", 0); err != nil {
		return r, err
	}
	return r, nil
}

// Identity is a match's normalized configuration: everything that decides
// which games are played and how (not concurrency, shards, timeouts or
// where the output goes). Its hash names the match in the journal.
type Identity struct {
	Variant       string           `json:"variant"`
	Rules         string           `json:"rules"`
	Engines       []EngineIdentity `json:"engines"`
	Games         int              `json:"games_per_encounter"`
	Gauntlet      bool             `json:"gauntlet,omitempty"`
	Seed          uint64           `json:"seed"`
	Openings      string           `json:"openings,omitempty"`
	OpeningsHash  string           `json:"openings_sha256,omitempty"`
	OpeningsOrder string           `json:"openings_order,omitempty"`
	RandomPlies   int              `json:"random_plies,omitempty"`
	MaxPlies      int              `json:"max_plies,omitempty"`
	Margin        string           `json:"margin"`
	Resign        string           `json:"resign,omitempty"`
	Draw          string           `json:"draw,omitempty"`
}

// EngineIdentity is an engine as the journal header names it; Cmd is as
// given (@self stays @self, so `go run` builds resume the same match).
type EngineIdentity struct {
	Name    string         `json:"name"`
	Cmd     string         `json:"cmd"`
	Args    []string       `json:"args,omitempty"`
	Dir     string         `json:"dir,omitempty"`
	Env     []string       `json:"env,omitempty"`
	Proto   string         `json:"proto,omitempty"`
	Options []EngineOption `json:"options,omitempty"`
	Limits  string         `json:"limits"`
	Restart bool           `json:"restart"`
}

// ID hashes the identity: the first 16 hex digits of the SHA-256 of its JSON.
func (id Identity) ID() string {
	b, err := json.Marshal(id)
	if err != nil {
		panic("referee: identity does not marshal: " + err.Error())
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}

func fileHash(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:]), nil
}
