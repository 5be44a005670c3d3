package thegame

import "github.com/meeple-games/meeple/games"

// cardTable is the table as Description gives it.
func (g *Game) cardTable() *games.CardTable {
	// The rules let players warn the table about a pile, with no number:
	// "please play nothing here", "I can play well here".
	t := &games.CardTable{Range: [2]int{g.low, g.high}, Hand: g.hand, Talk: []string{"stop", "good"}}
	for p := range g.Piles() {
		t.Piles = append(t.Piles, games.PileKind{Name: string(rune('a' + p)), Up: g.Ascending(p), Start: g.Base(p)})
	}
	return t
}

// Picture is the table as seat sees it: the piles, seat's own hand and
// only the sizes of the others' hands (an onlooker, seat -1, sees no hand),
// the draw pile's size, and in a turn the plays made and still due.
func (s *State) Picture(seat int) games.Picture {
	n := s.g.Piles()
	c := &games.CardsPicture{
		Tops:      make([]int, n),
		PileSizes: make([]int, n),
		Hands:     make([][]int, s.g.players),
		HandSizes: make([]int, s.g.players),
		Deck:      s.DeckSize(),
	}
	for p := range n {
		c.Tops[p], c.PileSizes[p] = s.Top(p), len(s.piles[p])
	}
	for q := range s.g.players {
		c.HandSizes[q] = s.HandSize(q)
		if q == seat {
			c.Hands[q] = s.hands[q].appendTo([]int{}) // empty, not nil: seen
		}
	}
	if s.phase == phasePlay {
		c.Played, c.Due = s.played, max(0, s.Required()-s.played)
	}
	return games.Picture{Cards: c}
}

// MoveCells is nil: no move of The Game touches a cell.
func (s *State) MoveCells(m games.Move) []int { return nil }
