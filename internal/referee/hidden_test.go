package referee

// A small test-only game of hidden information and chance, "hiddentest",
// registered only in this package's test binary (and so in its engines).
//
// Two seats, a and b. The referee deals each a secret card from 1..cards
// (two chance nodes: "d<k>", a then b, distinct cards). Then a and b take
// turns naming a guess of the other's card ("g<k>"); a right guess wins at
// once. After `rounds` guesses each, the higher card wins. Returns +1/-1;
// with coop=true the game is cooperative: both get +1 when a card is
// guessed, -1 otherwise.
//
// Position: "<card a>,<card b> <to move> <guesses made>", a card "0" when
// not dealt yet and "?" when hidden; the mover is "a", "b" or "=a"/"=b" for
// the winner once over. View(p) masks the other seat's card.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
)

func init() {
	games.Register(&games.Family{
		Name:    "hiddentest",
		Summary: "test-only: guess the other's secret card",
		Params: []games.Param{
			{Key: "cards", Kind: games.Int, Default: 6, Min: 2, Max: 9, Doc: "cards in the deck"},
			{Key: "rounds", Kind: games.Int, Default: 2, Min: 1, Max: 4, Doc: "guesses each"},
			{Key: "coop", Kind: games.Bool, Default: false, Doc: "cooperative: both win (+1) when a card is guessed, both lose (-1) otherwise"},
		},
		New: func(v games.Values) (games.Game, error) {
			return &hiddenGame{v: v, cards: v.Int("cards"), rounds: v.Int("rounds"), coop: v.Bool("coop")}, nil
		},
	})
}

type hiddenGame struct {
	v             games.Values
	cards, rounds int
	coop          bool
}

func (g *hiddenGame) Family() string       { return "hiddentest" }
func (g *hiddenGame) Params() games.Values { return g.v }
func (g *hiddenGame) Type() games.Type {
	t := games.Type{Players: 2, Chance: true, Information: games.ImperfectInformation, MinReturn: -1, MaxReturn: 1}
	if g.coop {
		t.Utility = games.Identical
	}
	return t
}
func (g *hiddenGame) Describe() games.Description {
	return games.Description{Players: []string{"a", "b"}, Moves: "g<k>: guess; chance: d<k>", MoveExample: "g1"}
}
func (g *hiddenGame) NewState() games.State { return &hiddenState{g: g, winner: -1} }

// A card is 1..cards, 0 when not dealt, -1 when hidden (a parsed view).
type hiddenState struct {
	g       *hiddenGame
	card    [2]int
	turn    int
	guesses int
	winner  int
	hist    []hiddenState
}

func (g *hiddenGame) ParseState(pos string) (games.State, error) {
	f := strings.Fields(pos)
	bad := fmt.Errorf("hiddentest: position %q", pos)
	if len(f) != 3 {
		return nil, bad
	}
	st := &hiddenState{g: g, winner: -1}
	cs := strings.Split(f[0], ",")
	if len(cs) != 2 {
		return nil, bad
	}
	for i, c := range cs {
		if c == "?" {
			st.card[i] = -1
			continue
		}
		n, err := strconv.Atoi(c)
		if err != nil || n < 0 || n > g.cards {
			return nil, bad
		}
		st.card[i] = n
	}
	who := f[1]
	if w, ok := strings.CutPrefix(who, "="); ok {
		who = w
		st.winner = 0
	}
	switch who {
	case "a":
		st.turn = 0
	case "b":
		st.turn = 1
	default:
		return nil, bad
	}
	if st.winner >= 0 {
		st.winner = st.turn
	}
	n, err := strconv.Atoi(f[2])
	if err != nil || n < 0 || n > 2*g.rounds {
		return nil, bad
	}
	st.guesses = n
	return st, nil
}

func (s *hiddenState) Player() int {
	switch {
	case s.winner >= 0:
		return games.Terminal
	case s.card[0] == 0 || s.card[1] == 0:
		return games.Chance
	}
	return s.turn
}

func (s *hiddenState) LegalMoves(buf []games.Move) []games.Move {
	buf = buf[:0]
	switch s.Player() {
	case games.Terminal:
	case games.Chance:
		for k := 1; k <= s.g.cards; k++ {
			if k != s.card[0] && k != s.card[1] {
				buf = append(buf, games.Move(100+k))
			}
		}
	default:
		for k := 1; k <= s.g.cards; k++ {
			buf = append(buf, games.Move(k))
		}
	}
	return buf
}

func (s *hiddenState) Play(m games.Move) {
	prev := *s
	prev.hist = nil
	s.hist = append(s.hist, prev)
	if m > 100 {
		if s.card[0] == 0 {
			s.card[0] = int(m - 100)
		} else {
			s.card[1] = int(m - 100)
		}
		return
	}
	other := 1 - s.turn
	s.guesses++
	switch {
	case int(m) == s.card[other]:
		s.winner = s.turn
	case s.guesses == 2*s.g.rounds:
		if s.card[0] > s.card[1] {
			s.winner = 0
		} else {
			s.winner = 1
		}
	default:
		s.turn = other
	}
}

func (s *hiddenState) Undo() {
	h := s.hist
	*s = h[len(h)-1]
	s.hist = h[:len(h)-1]
}

func (s *hiddenState) Clone() games.State {
	c := *s
	c.hist = append([]hiddenState(nil), s.hist...)
	return &c
}

func (s *hiddenState) Returns() []float64 {
	r := make([]float64, 2)
	switch {
	case s.winner < 0:
	case s.g.coop && s.EndReason() == "guessed the card":
		r[0], r[1] = 1, 1
	case s.g.coop:
		r[0], r[1] = -1, -1
	default:
		r[s.winner], r[1-s.winner] = 1, -1
	}
	return r
}

func (s *hiddenState) EndReason() string {
	switch {
	case s.winner < 0:
		return ""
	case s.guesses == 2*s.g.rounds && s.card[s.winner] > s.card[1-s.winner]:
		return "higher card"
	}
	return "guessed the card"
}

func (s *hiddenState) Hash() uint64 {
	return uint64(s.card[0]+1) | uint64(s.card[1]+1)<<8 | uint64(s.turn)<<16 | uint64(s.guesses)<<20 | uint64(s.winner+1)<<28
}

func (s *hiddenState) pos(mask int) string {
	cs := [2]string{}
	for i, c := range s.card {
		cs[i] = strconv.Itoa(c)
		if i == mask || c < 0 {
			cs[i] = "?"
		}
	}
	who := string(rune('a' + s.turn))
	if s.winner >= 0 {
		who = "=" + string(rune('a'+s.winner))
	}
	return cs[0] + "," + cs[1] + " " + who + " " + strconv.Itoa(s.guesses)
}

func (s *hiddenState) Position() string { return s.pos(-1) }
func (s *hiddenState) String() string   { return s.Position() }
func (s *hiddenState) View(p int) string {
	return s.pos(1 - p)
}

func (s *hiddenState) Resample(p int, rng *rand.Rand) games.State {
	c := s.Clone().(*hiddenState)
	if o := 1 - p; c.card[o] < 0 {
		for {
			k := 1 + rng.IntN(s.g.cards)
			if k != c.card[p] {
				c.card[o] = k
				break
			}
		}
	}
	return c
}

func (s *hiddenState) ParseMove(t string) (games.Move, error) {
	if len(t) == 2 && (t[0] == 'g' || t[0] == 'd') && t[1] >= '1' && int(t[1]-'0') <= s.g.cards {
		m := games.Move(t[1] - '0')
		if t[0] == 'd' {
			m += 100
		}
		return m, nil
	}
	return games.NoMove, fmt.Errorf("hiddentest: move %q", t)
}

func (s *hiddenState) FormatMove(m games.Move) string {
	if m > 100 {
		return "d" + strconv.Itoa(int(m-100))
	}
	return "g" + strconv.Itoa(int(m))
}

// TestHiddenInformation plays hiddentest between fakes that log every line
// they receive: no engine ever sees the other seat's card (nor a move list
// with the deal in it), and every record replays exactly, chance included.
func TestHiddenInformation(t *testing.T) {
	logs := t.TempDir()
	cfg := testConfig(t, "hiddentest(cards=6,rounds=2)", 12,
		fake("a", "FAKE_LOG="+logs), fake("b", "FAKE_LOG="+logs, "FAKE_RANDOM=1"))
	run(t, cfg)
	j := journalOf(t, cfg)
	if len(j.records) != 12 {
		t.Fatalf("%d games, want 12", len(j.records))
	}
	deals := map[string]bool{}
	for _, r := range j.records {
		if r.Termination != record.Normal {
			t.Errorf("game %d: %s (%s)", r.Game, r.Termination, r.Reason)
		}
		if len(r.Plies) < 3 || !r.Plies[0].Chance() || !r.Plies[1].Chance() {
			t.Errorf("game %d: the deal is not recorded as two chance plies: %+v", r.Game, r.Plies)
		}
		deals[r.Plies[0].Move+r.Plies[1].Move] = true
		if err := record.Replay(r); err != nil {
			t.Errorf("game %d: replay: %v", r.Game, err)
		}
		// Replay checks each outcome against the seeded draw: another
		// card for b, legal as it is, is refused.
		tampered := *r
		tampered.Plies = append([]record.Ply(nil), r.Plies...)
		for k := 1; k <= 6; k++ {
			d := "d" + strconv.Itoa(k)
			if d != r.Plies[0].Move && d != r.Plies[1].Move {
				tampered.Plies[1].Move = d
				break
			}
		}
		if err := record.Replay(&tampered); err == nil || !strings.Contains(err.Error(), "seeded draw") {
			t.Errorf("game %d: a changed deal replays: %v", r.Game, err)
		}
	}
	if len(deals) < 2 {
		t.Errorf("every game had the same deal %v: the chance seed does not vary", deals)
	}
	files, _ := filepath.Glob(filepath.Join(logs, "*.log"))
	positions := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			w := strings.Fields(line)
			if len(w) > 1 {
				w = w[1:] // the request id
			}
			if len(w) == 0 || w[0] != "position" {
				if strings.Contains(line, " d") && !strings.Contains(line, "newgame") {
					t.Errorf("%s: a line with a chance outcome: %q", f, line)
				}
				continue
			}
			positions++
			if len(w) != 5 || w[1] != "fen" {
				t.Errorf("%s: %q: want position fen <cards> <mover> <n> (a view, no moves)", f, line)
				continue
			}
			cards := strings.Split(w[2], ",")
			mover := int(w[3][0] - 'a')
			if len(cards) != 2 || mover < 0 || mover > 1 {
				t.Errorf("%s: %q: not a hiddentest view", f, line)
				continue
			}
			if cards[1-mover] != "?" {
				t.Errorf("%s: %q: seat %d received the other seat's card", f, line, mover+1)
			}
			if cards[mover] == "?" || cards[mover] == "0" {
				t.Errorf("%s: %q: seat %d did not receive its own card", f, line, mover+1)
			}
		}
	}
	if positions < 12*2 {
		t.Errorf("the engines received %d positions in 12 games; the logs are incomplete", positions)
	}
	// The text records replay too, with the same chance outcomes.
	rs, err := ReadFile(filepath.Join(cfg.Out, RecordsFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 12 {
		t.Fatalf("records file: %d games", len(rs))
	}
	byGame := map[int]*record.Record{}
	for _, r := range j.records {
		byGame[r.Game] = r
	}
	for _, r := range rs {
		if err := record.Replay(r); err != nil {
			t.Errorf("records file, game %d: %v", r.Game, err)
		}
		if got, want := movesOf(r), movesOf(byGame[r.Game]); got != want {
			t.Errorf("game %d: the records file has %s, the journal %s", r.Game, got, want)
		}
	}
}

// movesOf is a record's moves as one string.
func movesOf(r *record.Record) string {
	if r == nil {
		return "<none>"
	}
	var ms []string
	for _, p := range r.Plies {
		ms = append(ms, p.Move)
	}
	return strings.Join(ms, " ")
}
