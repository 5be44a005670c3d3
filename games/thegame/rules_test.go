package thegame

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

func parse(t *testing.T, g *Game, pos string) *State {
	t.Helper()
	s, err := g.parsePosition(pos)
	if err != nil {
		t.Fatalf("parse %q: %v", pos, err)
	}
	return s
}

func legal(s *State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, s.FormatMove(m))
	}
	return out
}

// TestRules checks the legal moves in hand-made positions of a small deck
// (cards 2..30, one pile each way, hands of 3).
func TestRules(t *testing.T) {
	for _, tc := range []struct {
		name, spec, pos string
		want            []string // legal moves
		over            string   // EndReason, if the position is over
	}{
		{"start of a turn: no end before the minimum", "thegame(players=2,high=30,up=1,down=1,hand=3)",
			"-/- 5,20,30/?3 23 play 1 0", []string{"5a", "5b", "20a", "20b", "30a", "30b"}, ""},
		{"trick of exactly 10 both ways", "thegame(players=2,high=30,up=1,down=1,hand=3)",
			"25/11 15,21,22/?3 21 play 1 0", []string{"15a", "21b"}, ""},
		{"trick off", "thegame(players=2,high=30,up=1,down=1,hand=3,trick=0)",
			"25/11 15,21,22/?3 21 play 1 0", []string{}, "player 1 cannot play the minimum, 27 cards left"},
		{"trick distance 5", "thegame(players=2,high=30,up=1,down=1,hand=3,trick=5)",
			"25/11 16,20,22/?3 21 play 1 0", []string{"16b", "20a"}, ""},
		{"end once the minimum is played", "thegame(players=2,high=30,up=1,down=1,hand=3)",
			"5,6/- 30/?3 23 play 1 2", []string{"30a", "30b", "end"}, ""},
		{"stuck in the middle of a turn", "thegame(players=2,high=30,up=1,down=1,hand=3)",
			"5,29/3 4,6/?3 21 play 1 1", []string{}, "player 1 cannot play the minimum, 26 cards left"},
		{"one card playable, two due: over at the start of the turn", "thegame(players=2,high=30,up=1,down=1,hand=3)",
			"25/11 12,13,26/?3 21 play 1 0", []string{}, "player 1 cannot play the minimum, 27 cards left"},
		{"two playable cards, only one after the other", "thegame(players=2,high=30,up=1,down=1,hand=3)",
			"28/3 29,30,2/?3 21 play 1 0", []string{"2b", "29a", "30a"}, ""},
		{"the same card on either pile is one play", "thegame(high=99,up=2,down=2,hand=8)",
			"90/91/10/11 50,51,52,53,54,55,56,92 86 play 1 0", []string{}, "player 1 cannot play the minimum, 94 cards left"},
		{"the second play only after a trick", "thegame(players=2,high=30,up=1,down=1,hand=3)",
			"25/3 15,16,30/?3 21 play 1 0", []string{"15a", "30a"}, ""},
		{"three due (min_plays=3), two can be made", "thegame(players=2,high=30,up=1,down=1,hand=3,min_plays=3)",
			"20/10 13,21,22/?3 21 play 1 0", []string{}, "player 1 cannot play the minimum, 27 cards left"},
		{"three due, made on two piles", "thegame(players=2,high=30,up=1,down=1,hand=3,min_plays=3)",
			"20/10 21,22,9/?3 21 play 1 0", []string{"9b", "21a", "22a"}, ""},
		{"draw pile empty: one play is enough", "thegame(players=2,high=10,up=1,down=1,hand=3)",
			"2,3,4/10,9 5,6/8,7 0 play 1 1", []string{"5a", "5b", "6a", "6b", "end"}, ""},
		{"repdigit on repdigit", "thegame(players=2,high=60,up=1,down=1,hand=3,repdigit=true)",
			"33/22 11,44,50/?3 51 play 1 0", []string{"11a", "11b", "44a", "44b", "50a"}, ""},
		{"same last digit", "thegame(players=2,high=60,up=1,down=1,hand=3,last_digit=true)",
			"37/20 7,17,30/?3 51 play 1 0", []string{"7a", "7b", "17a", "17b", "30b"}, ""},
		{"win: every card played", "thegame(high=5,up=1,down=1,hand=2)",
			"2,3/5,4 - 0 play 1 2", []string{}, "all cards played"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := parse(t, load(t, tc.spec), tc.pos)
			got := legal(s)
			if !slices.Equal(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
				t.Errorf("legal moves %v, want %v", got, tc.want)
			}
			if s.EndReason() != tc.over {
				t.Errorf("EndReason() = %q, want %q", s.EndReason(), tc.over)
			}
		})
	}
}

// TestTurn plays a turn: refill by draws, then the next player.
func TestTurn(t *testing.T) {
	g := load(t, "thegame(players=2)")
	s := dealt(g, 1)
	if s.Player() != 0 || s.HandSize(0) != 7 || s.HandSize(1) != 7 || s.DeckSize() != 98-14 {
		t.Fatalf("after the deal: player %d, hands %d and %d, deck %d", s.Player(), s.HandSize(0), s.HandSize(1), s.DeckSize())
	}
	for range 2 {
		s.Play(s.LegalMoves(nil)[0])
	}
	if s.Player() != 0 || s.Played() != 2 {
		t.Fatalf("player %d after two plays (%d played)", s.Player(), s.Played())
	}
	s.Play(EndMove)
	if s.Player() != games.Chance {
		t.Fatalf("after end: player %d, want a refill", s.Player())
	}
	rng := rand.New(rand.NewPCG(1, 2))
	s.Play(games.SampleChance(s, rng))
	s.Play(games.SampleChance(s, rng))
	if s.Player() != 1 || s.HandSize(0) != 7 || s.DeckSize() != 98-16 {
		t.Fatalf("after the refill: player %d, hand %d, deck %d", s.Player(), s.HandSize(0), s.DeckSize())
	}
}

// TestDeal checks the deal is the rulebook's, not the source article's:
// 99 is in the deck and the hands are 8/7/6.
func TestDeal(t *testing.T) {
	for n, want := range map[int]int{1: 8, 2: 7, 3: 6, 4: 6, 5: 6} {
		g := load(t, "thegame(players="+string(rune('0'+n))+")")
		s := dealt(g, uint64(n))
		for q := range n {
			if s.HandSize(q) != want {
				t.Errorf("%d players: hand %d has %d cards, want %d", n, q+1, s.HandSize(q), want)
			}
		}
		if g.Cards() != 98 || !slices.Contains(g.all.appendTo(nil), 99) || !slices.Contains(g.all.appendTo(nil), 2) {
			t.Errorf("deck of %d cards without 2 or 99", g.Cards())
		}
	}
}

func TestBadVariants(t *testing.T) {
	for spec, want := range map[string]string{
		"thegame(players=5,high=30)":            "hand",
		"thegame(low=50,high=40)":               "high",
		"thegame(up=0,down=0)":                  "down",
		"thegame(min_plays=9)":                  "min_plays",
		"thegame(players=6)":                    "players",
		"thegame(hand=3,min_plays_empty=4)":     "min_plays_empty",
		"thegame(players=2,hand=8,min_plays=9)": "min_plays",
	} {
		_, err := games.LoadVariant(spec)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("LoadVariant(%q) = %v; want an error about %s", spec, err, want)
		}
	}
}

// TestViewSecrecy plays random games and, at every position, checks for
// every player that its view is unchanged when the cards it cannot see are
// dealt again at random (so the view holds nothing of them), and that it
// names none of them. -short (the race run) plays 2 games a variant, not 5.
func TestViewSecrecy(t *testing.T) {
	plays := 5
	if testing.Short() {
		plays = 2 // the race run
	}
	for _, spec := range []string{"thegame(players=1)", "thegame(players=3)", "thegame-house(players=5)"} {
		g := load(t, spec)
		for game := range plays {
			rng := rand.New(rand.NewPCG(uint64(game), 9))
			s := g.newState()
			for s.Player() != games.Terminal {
				for p := range g.players {
					v := s.View(p)
					for range 3 {
						r := s.Resample(p, rng).(*State)
						if r.View(p) != v {
							t.Fatalf("%s: view of player %d changes when hidden cards are redealt:\n%s\n%s", spec, p+1, v, r.View(p))
						}
					}
					hidden := s.Unseen(p)
					for _, c := range hidden {
						if slices.Contains(viewCards(v), c) {
							t.Fatalf("%s: view of player %d %q names the hidden card %d", spec, p+1, v, c)
						}
					}
					if _, err := g.ParseState(v); err != nil {
						t.Fatal(err)
					}
				}
				buf := s.LegalMoves(nil)
				if s.Player() == games.Chance {
					s.Play(games.SampleChance(s, rng))
				} else {
					s.Play(buf[rng.IntN(len(buf))])
				}
			}
		}
	}
}

// viewCards lists the numbers in a view's piles and hands fields.
func viewCards(v string) []int {
	f := strings.Fields(v)
	var out []int
	for _, part := range strings.FieldsFunc(f[0]+"/"+f[1], func(r rune) bool { return r == '/' || r == ',' }) {
		n := 0
		ok := part != "" && part[0] != '?' && part != "-"
		for _, r := range part {
			n = n*10 + int(r-'0')
		}
		if ok {
			out = append(out, n)
		}
	}
	return out
}

// TestResampleConsistent checks a resampled state keeps the seat's hand,
// the piles, every hand size and the draw pile's size.
func TestResampleConsistent(t *testing.T) {
	g := load(t, "thegame(players=4)")
	s := dealt(g, 3)
	rng := rand.New(rand.NewPCG(3, 3))
	r := s.Resample(2, rng).(*State)
	if r.Position() == s.Position() {
		t.Errorf("resample changed nothing")
	}
	if !slices.Equal(r.Hand(2), s.Hand(2)) || r.DeckSize() != s.DeckSize() {
		t.Errorf("resample changed what seat 3 sees")
	}
	for q := range 4 {
		if r.HandSize(q) != s.HandSize(q) {
			t.Errorf("hand %d: %d cards, was %d", q+1, r.HandSize(q), s.HandSize(q))
		}
	}
}

// TestStuckAfterPlay: a play that leaves the rest of the minimum impossible
// ends the game at once, scored with every card not played.
func TestStuckAfterPlay(t *testing.T) {
	g := load(t, "thegame(players=2,high=30,up=1,down=1,hand=3)")
	s := parse(t, g, "25/3 15,16,30/?3 21 play 1 0")
	m, err := s.ParseMove("30a")
	if err != nil {
		t.Fatal(err)
	}
	s.Play(m)
	if s.Player() != games.Terminal {
		t.Fatalf("after 30a: player %d, want the game over", s.Player())
	}
	if got, want := s.EndReason(), "player 1 cannot play the minimum, 26 cards left"; got != want {
		t.Errorf("EndReason() = %q, want %q", got, want)
	}
	if r := s.Returns(); r[0] != -26 || r[1] != -26 {
		t.Errorf("Returns() = %v, want -26 each", r)
	}
	s.Undo()
	if s.Player() != 0 {
		t.Fatalf("after undo: player %d, want 0", s.Player())
	}
	for _, mv := range []string{"15a", "16a"} {
		m, err := s.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(m)
	}
	if s.Player() != 0 || !slices.Contains(legal(s), "end") {
		t.Errorf("after 15a 16a: player %d, legal %v; want the turn to go on with end legal", s.Player(), legal(s))
	}
}
