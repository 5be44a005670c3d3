package gametest

import (
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	_ "github.com/meeple-games/meeple/games/gametest/nimtest"
)

// TestNimtest runs the harness on the test game's chance, hidden and
// many-seat forms, whose pictures have no board.
func TestNimtest(t *testing.T) {
	for _, spec := range []string{"nimtest", "nimtest(players=3,chance=true)", "nimtest(hidden=true,chance=true)"} {
		t.Run(spec, func(t *testing.T) {
			RunOptions(t, Load[games.Game](t, spec), Options{Playouts: 10})
		})
	}
}

// leaky is a nimtest state whose picture shows what it must not: a hand
// to every seat, or a cell off the board.
type leaky struct {
	games.Pictured
	pic games.Picture
}

func (s leaky) Picture(seat int) games.Picture { return s.pic }

func TestCheckPictureRefuses(t *testing.T) {
	g := Load[games.Game](t, "nimtest(players=2)")
	st := g.NewState().(games.Pictured)
	d := g.Describe()
	if err := checkPicture(g, d, st, st.LegalMoves(nil)); err != nil {
		t.Fatalf("nimtest: %v", err)
	}
	cards := d
	cards.Cards = &games.CardTable{Range: [2]int{1, 9}, Piles: []games.PileKind{{Name: "a", Up: true}}, Hand: 2}
	board := d
	board.Dims, board.Coords = []int{2, 2}, []string{"letters", "numbers"}
	board.Pieces = []games.Piece{{Name: "x", Letter: "x", Glyph: "x", Shape: "mark", Colour: "red"}}
	for _, tc := range []struct {
		name string
		d    games.Description
		pic  games.Picture
		want string
	}{
		{"cells without dims", d, games.Picture{Cells: [][]int{{0}}}, "1 cells"},
		{"cards without a table", d, games.Picture{Cards: &games.CardsPicture{Deck: 3}}, "card parts"},
		{"too few cells", board, games.Picture{Cells: make([][]int, 3)}, "3 cells"},
		{"bad piece", board, games.Picture{Cells: [][]int{nil, {1}, nil, nil}}, "piece 1 of 1"},
		{"stack too tall", board, games.Picture{Cells: [][]int{nil, {0, 0}, nil, nil}}, "limit is 1"},
		{"table without cards", cards, games.Picture{}, "no card parts"},
		{"another's hand", cards, games.Picture{Cards: &games.CardsPicture{Tops: []int{0}, PileSizes: []int{0}, Hands: [][]int{{3, 4}, {5, 6}}, HandSizes: []int{2, 2}}}, "hand [3 4] is shown"},
		{"hand size", cards, games.Picture{Cards: &games.CardsPicture{Tops: []int{0}, PileSizes: []int{0}, Hands: [][]int{nil, nil}, HandSizes: []int{2}}}, "2 hands and 1 hand sizes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkPicture(g, tc.d, leaky{st, tc.pic}, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("checkPicture = %v; want an error with %q", err, tc.want)
			}
		})
	}
}
