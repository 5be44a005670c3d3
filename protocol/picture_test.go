package protocol

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// TestPictureClient reads every shipped variant, and some variants nobody
// ships, as a client that knows no game would: describe's json line,
// picture and legalmoves cells must fit together.
func TestPictureClient(t *testing.T) {
	specs := append(games.ShippedNames(), "kinarow(dims=3,size=5,connect=4,gravity=3)", "othello(size=10)",
		"nocca(columns=4,rows=5)", "nimtest(players=3,hidden=true)")
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			out := run(t, "newgame "+spec+"\ndescribe\npicture\npicture -1\nlegalmoves cells\nlegalmoves\n", Options{})
			if len(out) < 6 {
				t.Fatalf("output: %q", out)
			}
			var d games.Description
			var pic, public games.Picture
			var moves []moveCells
			js := out[len(out)-6]
			if !strings.HasPrefix(js, "json ") {
				t.Fatalf("describe's last line %q; want json", js)
			}
			for i, v := range []any{&d, &pic, &public, &moves} {
				line := []string{js, out[len(out)-4], out[len(out)-3], out[len(out)-2]}[i]
				_, text, _ := strings.Cut(line, " ")
				if err := json.Unmarshal([]byte(text), v); err != nil {
					t.Fatalf("%q: %v", line, err)
				}
			}
			cells := 0
			if len(d.Dims) > 0 {
				cells = 1
				for _, n := range d.Dims {
					cells *= n
				}
			}
			for _, p := range []games.Picture{pic, public} {
				if len(p.Cells) != cells {
					t.Errorf("picture has %d cells; dims %v", len(p.Cells), d.Dims)
				}
				for _, c := range p.Cells {
					for _, k := range c {
						if k < 0 || k >= len(d.Pieces) {
							t.Errorf("piece %d of %d", k, len(d.Pieces))
						}
					}
				}
				if (p.Cards != nil) != (d.Cards != nil) {
					t.Errorf("picture's cards %v; description's card table %v", p.Cards, d.Cards)
				}
				if p.Cards != nil {
					for _, h := range p.Cards.Hands {
						if h != nil {
							t.Errorf("an onlooker sees a hand: %v", p.Cards.Hands)
						}
					}
				}
			}
			var names []string
			for _, m := range moves {
				names = append(names, m.Move)
				for _, c := range m.Cells {
					if c < 0 || c >= cells {
						t.Errorf("move %s: cell %d of %d", m.Move, c, cells)
					}
				}
			}
			if want := strings.TrimPrefix(out[len(out)-1], "ok "); strings.Join(names, " ") != want {
				t.Errorf("legalmoves cells lists %v; legalmoves %q", names, want)
			}
		})
	}
}

// FuzzPicture asks for the picture of a position some moves into a game,
// as any player: one final line, and when it is ok, a Picture.
func FuzzPicture(f *testing.F) {
	for _, seed := range []struct {
		game  uint8
		plies []byte
		arg   string
	}{{0, nil, ""}, {1, []byte{3, 1}, "o"}, {2, []byte{0, 1, 2}, "-1"}, {3, []byte{9}, "p2"}, {4, []byte{1, 1, 1}, "p3"}, {4, nil, " -1 x"}} {
		f.Add(seed.game, seed.plies, seed.arg)
	}
	variants := []string{"tictactoe", "othello-4x4", "nocca-3x3", "chess", "thegame(players=3)"}
	f.Fuzz(func(t *testing.T, game uint8, plies []byte, arg string) {
		if len(plies) > 40 || len(arg) > 100 || strings.ContainsAny(arg, "\r\n") {
			t.Skip()
		}
		v := variants[int(game)%len(variants)]
		g, err := games.LoadVariant(v)
		if err != nil {
			t.Fatal(err)
		}
		// Play legal moves chosen by the input; the session draws chance.
		st := g.Game.NewState()
		var played []string
		for _, b := range plies {
			if st.Player() < 0 {
				break
			}
			ms := st.LegalMoves(nil)
			m := ms[int(b)%len(ms)]
			played = append(played, st.FormatMove(m))
			st.Play(m)
		}
		input := "newgame " + v + "\n"
		if v == "thegame(players=3)" {
			played = nil // the deal is the session's: play what it offers
		}
		if len(played) > 0 {
			input += "play " + strings.Join(played, " ") + "\n"
		}
		input += "picture " + arg + "\n"
		out := run(t, input, Options{})
		last := out[len(out)-1]
		noInternalError(t, out)
		if text, ok := strings.CutPrefix(last, "ok "); ok {
			var p games.Picture
			if err := json.Unmarshal([]byte(text), &p); err != nil {
				t.Errorf("picture %q: %q: %v", arg, last, err)
			}
		} else if !strings.HasPrefix(last, "err ") {
			t.Errorf("picture %q: final line %q", arg, last)
		}
	})
}

// TestPictureDefaultSeat: picture with no player shows the player to move
// in a game of perfect information, and an onlooker's view otherwise.
func TestPictureDefaultSeat(t *testing.T) {
	for _, tc := range []struct{ input, want string }{
		// Perfect information: the player to move, who sees it all.
		{"newgame tictactoe\nplay b2\npicture\n", `ok {"cells":[null,null,null,null,[0],null,null,null,null]}`},
		// Imperfect: an onlooker, who sees no hand.
		{"seed 3\nnewgame thegame(players=2,high=20,up=1,down=1,hand=3)\npicture\n",
			`ok {"cards":{"tops":[1,21],"pileSizes":[0,0],"hands":[null,null],"handSizes":[3,3],"deck":13,"played":0,"due":2}}`},
		{"newgame nimtest(players=2,hidden=true)\npicture\npicture a\n", `ok {"notes":["pile 7"]}`},
		{"newgame nimtest(players=2,hidden=true)\npicture\n", `ok {"notes":["pile ?"]}`},
	} {
		out := run(t, tc.input, Options{})
		if got := out[len(out)-1]; got != tc.want {
			t.Errorf("%q: %s; want %s", tc.input, got, tc.want)
		}
	}
}
