package gametest

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/meeple-games/meeple/games"
)

// Part kinds and piece shapes that games.MovePart and games.Piece allow.
var (
	partKinds = map[string]bool{"cell": true, "from": true, "to": true, "choice": true, "word": true, "card": true, "pile": true}
	shapes    = map[string]bool{"glyph": true, "disc": true, "mark": true}
)

// checkDescription checks that a Description is well-formed: axes, pieces,
// the card table and the move grammar.
func checkDescription(d games.Description, players int) error {
	if len(d.Coords) != len(d.Dims) {
		return fmt.Errorf("Describe(): %d coords for %d dims", len(d.Coords), len(d.Dims))
	}
	for i, n := range d.Dims {
		if n < 1 {
			return fmt.Errorf("Describe(): dims[%d] = %d", i, n)
		}
		if c := d.Coords[i]; c != "letters" && c != "numbers" {
			return fmt.Errorf("Describe(): coords[%d] = %q; want letters or numbers", i, c)
		}
	}
	if d.Gravity < 0 || d.Gravity > len(d.Dims) {
		return fmt.Errorf("Describe(): gravity axis %d of %d", d.Gravity, len(d.Dims))
	}
	if d.Stacks < 0 {
		return fmt.Errorf("Describe(): stacks %d", d.Stacks)
	}
	for i, p := range d.Pieces {
		switch {
		case p.Name == "":
			return fmt.Errorf("Describe(): piece %d has no name", i)
		case p.Seat < -1 || p.Seat >= players:
			return fmt.Errorf("Describe(): piece %q: seat %d", p.Name, p.Seat)
		case len(p.Letter) != 1 || p.Letter[0] <= ' ' || p.Letter[0] > '~':
			return fmt.Errorf("Describe(): piece %q: letter %q is not one ASCII character", p.Name, p.Letter)
		case utf8.RuneCountInString(p.Glyph) != 1:
			return fmt.Errorf("Describe(): piece %q: glyph %q is not one character", p.Name, p.Glyph)
		case !shapes[p.Shape]:
			return fmt.Errorf("Describe(): piece %q: shape %q", p.Name, p.Shape)
		case p.Colour == "":
			return fmt.Errorf("Describe(): piece %q has no colour", p.Name)
		}
	}
	if c := d.Cards; c != nil {
		if c.Range[0] > c.Range[1] || len(c.Piles) == 0 || c.Hand < 0 {
			return fmt.Errorf("Describe(): card table %+v", *c)
		}
		for _, p := range c.Piles {
			if p.Name == "" {
				return fmt.Errorf("Describe(): a pile has no name")
			}
		}
	}
	if len(d.Grammar.Forms) == 0 {
		return fmt.Errorf("Describe(): the grammar has no form")
	}
	for i, f := range d.Grammar.Forms {
		if len(f) == 0 {
			return fmt.Errorf("Describe(): grammar form %d is empty", i)
		}
		for _, p := range f {
			switch {
			case !partKinds[p.Kind]:
				return fmt.Errorf("Describe(): grammar form %d: part kind %q", i, p.Kind)
			case (p.Kind == "choice" || p.Kind == "word") && len(p.Values) == 0:
				return fmt.Errorf("Describe(): grammar form %d: a %s with no values", i, p.Kind)
			case (p.Kind == "card" || p.Kind == "pile") && d.Cards == nil:
				return fmt.Errorf("Describe(): grammar form %d: a %s in a game with no cards", i, p.Kind)
			case (p.Kind == "cell" || p.Kind == "from" || p.Kind == "to") && len(d.Dims) == 0:
				return fmt.Errorf("Describe(): grammar form %d: a %s in a game with no board", i, p.Kind)
			}
		}
	}
	return nil
}

// checkPicture checks the pictures of a position as every seat and an
// onlooker see it: cells and pieces as the Description says, the cells of
// every legal move on the board, the card table's parts, and that no
// picture shows more than its seat may see: in a perfect-information game
// all are alike; in an imperfect one no seat sees another's hand, and a
// seat's picture is the same as that of the position made from its view.
func checkPicture(g games.Game, d games.Description, st games.Pictured, moves []games.Move) error {
	typ := g.Type()
	cells := 0
	if len(d.Dims) > 0 {
		cells = 1
		for _, n := range d.Dims {
			cells *= n
		}
	}
	public := st.Picture(-1)
	for seat := -1; seat < typ.Players; seat++ {
		pic := public
		if seat >= 0 {
			pic = st.Picture(seat)
		}
		if err := checkCells(d, pic, cells); err != nil {
			return fmt.Errorf("Picture(%d): %w", seat, err)
		}
		if err := checkCards(d, pic, typ.Players, seat); err != nil {
			return fmt.Errorf("Picture(%d): %w", seat, err)
		}
		if seat < 0 {
			continue
		}
		if typ.Information == games.PerfectInformation {
			if !reflect.DeepEqual(pic, public) {
				return fmt.Errorf("perfect information, yet Picture(%d) = %+v differs from Picture(-1) = %+v", seat, pic, public)
			}
			continue
		}
		vs, ok := st.(games.ViewState)
		if !ok {
			continue
		}
		back, err := g.ParseState(vs.View(seat))
		if err != nil {
			return fmt.Errorf("ParseState(View(%d)) = %v", seat, err)
		}
		bp, ok := back.(games.Pictured)
		if !ok {
			return fmt.Errorf("ParseState(View(%d)) is not Pictured", seat)
		}
		if got := bp.Picture(seat); !reflect.DeepEqual(got, pic) {
			return fmt.Errorf("Picture(%d) = %+v shows more or less than View(%d), whose picture is %+v", seat, pic, seat, got)
		}
	}
	for _, m := range moves {
		for _, c := range st.MoveCells(m) {
			if c < 0 || c >= cells {
				return fmt.Errorf("MoveCells(%s) = %v: cell %d is off a board of %d cells", st.FormatMove(m), st.MoveCells(m), c, cells)
			}
		}
	}
	return nil
}

func checkCells(d games.Description, pic games.Picture, cells int) error {
	if len(pic.Cells) != cells {
		return fmt.Errorf("%d cells; the dims %v make %d", len(pic.Cells), d.Dims, cells)
	}
	limit := max(1, d.Stacks)
	for c, stack := range pic.Cells {
		if len(stack) > limit {
			return fmt.Errorf("cell %d holds %d pieces; the limit is %d", c, len(stack), limit)
		}
		for _, p := range stack {
			if p < 0 || p >= len(d.Pieces) {
				return fmt.Errorf("cell %d holds piece %d of %d", c, p, len(d.Pieces))
			}
		}
	}
	for _, n := range pic.Notes {
		if n == "" || strings.ContainsAny(n, "\r\n") {
			return fmt.Errorf("note %q: want one non-empty line", n)
		}
	}
	if pic.Says != nil && len(pic.Says) != len(pic.Notes) {
		return fmt.Errorf("%d notes and %d phrases saying them", len(pic.Notes), len(pic.Says))
	}
	for _, ph := range pic.Says {
		if err := checkPhrase(ph, d); err != nil {
			return err
		}
	}
	return nil
}

// checkPhrase checks that a Phrase has a code the Description lists and
// that its seat arguments name seats of the game.
func checkPhrase(ph games.Phrase, d games.Description) error {
	players := len(d.Players)
	if ph.Code == "" || strings.ContainsAny(ph.Code, " \t\r\n") {
		return fmt.Errorf("phrase %v: want a code of one word", ph)
	}
	if !slices.Contains(d.Phrases, ph.Code) {
		return fmt.Errorf("phrase %v: its code is not in the Description's Phrases %v", ph, d.Phrases)
	}
	for _, a := range ph.Args {
		if k, ok := strings.CutPrefix(a, "@"); ok {
			if n, err := strconv.Atoi(k); err != nil || n < 0 || n >= players {
				return fmt.Errorf("phrase %v: argument %q names no seat of %d", ph, a, players)
			}
		}
	}
	return nil
}

// checkCards checks a card table's parts, and that seat's picture holds no
// hand but seat's own.
func checkCards(d games.Description, pic games.Picture, players, seat int) error {
	c, t := d.Cards, pic.Cards
	if c == nil {
		if t != nil {
			return fmt.Errorf("card parts in a game with no card table: %+v", *t)
		}
		return nil
	}
	if t == nil {
		return fmt.Errorf("no card parts in a game with a card table")
	}
	if len(t.Tops) != len(c.Piles) || len(t.PileSizes) != len(c.Piles) {
		return fmt.Errorf("%d tops and %d pile sizes for %d piles", len(t.Tops), len(t.PileSizes), len(c.Piles))
	}
	if len(t.Hands) != players || len(t.HandSizes) != players {
		return fmt.Errorf("%d hands and %d hand sizes for %d players", len(t.Hands), len(t.HandSizes), players)
	}
	if t.Deck < 0 || t.Played < 0 || t.Due < 0 {
		return fmt.Errorf("deck %d, played %d, due %d", t.Deck, t.Played, t.Due)
	}
	for q, h := range t.Hands {
		if h == nil {
			continue
		}
		if q != seat {
			return fmt.Errorf("seat %d's hand %v is shown", q, h)
		}
		if len(h) != t.HandSizes[q] {
			return fmt.Errorf("seat %d's hand %v has %d cards, its size is %d", q, h, len(h), t.HandSizes[q])
		}
		for _, card := range h {
			if card < c.Range[0] || card > c.Range[1] {
				return fmt.Errorf("seat %d's card %d is outside %d..%d", q, card, c.Range[0], c.Range[1])
			}
		}
	}
	return nil
}
