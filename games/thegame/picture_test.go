package thegame

import (
	"reflect"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// TestPicture checks the table as each seat and an onlooker see it.
func TestPicture(t *testing.T) {
	g := load(t, "thegame(players=3,high=30,up=1,down=1,hand=3)")
	s := parse(t, g, "25/11 15,21/3,4/- 23 play 1 1")
	base := games.CardsPicture{Tops: []int{25, 11}, PileSizes: []int{1, 1}, HandSizes: []int{2, 2, 0}, Deck: 23, Played: 1, Due: 1}
	for seat, want := range map[int][][]int{
		-1: {nil, nil, nil},
		0:  {{15, 21}, nil, nil},
		1:  {nil, {3, 4}, nil},
		2:  {nil, nil, {}},
	} {
		w := base
		w.Hands = want
		got := s.Picture(seat)
		if got.Cards == nil || !reflect.DeepEqual(got, games.Picture{Cards: &w}) {
			t.Errorf("Picture(%d) = %+v, cards %+v\nwant cards %+v and nothing else", seat, got, got.Cards, w)
		}
	}
	d := g.Describe()
	if want := (games.CardTable{Range: [2]int{2, 30}, Hand: 3, Piles: []games.PileKind{{Name: "a", Up: true, Start: 1}, {Name: "b", Start: 31}}, Talk: []string{"stop", "good"}}); !reflect.DeepEqual(*d.Cards, want) {
		t.Errorf("Describe().Cards = %+v; want %+v", *d.Cards, want)
	}
}
