package games

import "strconv"

// This file holds what a generic client needs besides the Description to
// draw a position and to turn a click into a move: the position as data
// (Picture) and the cells a move touches (MoveCells). The REPL's boards,
// the browser's boards and the native protocol's describe and picture
// commands are all made from them, so a new game adds no drawing code.

// Piece is one kind of thing a cell can hold.
type Piece struct {
	Name   string `json:"name"`   // "white pawn", "black disc", "x"
	Seat   int    `json:"seat"`   // the seat that owns it (0-based), -1 for none
	Letter string `json:"letter"` // one ASCII character: FEN's "P", Othello's "X"
	Glyph  string `json:"glyph"`  // one Unicode character one column wide: "♙", "●", "✕"
	// Shape says how a graphical client draws it: "glyph" (the Glyph
	// itself, chess men), "disc" (a filled circle of Colour: Othello,
	// Nocca), "mark" (the Glyph in Colour: x and o).
	Shape  string `json:"shape"`
	Colour string `json:"colour"` // a CSS colour name: "black", "white", "crimson"
}

// CardTable describes a card game's table: the piles cards are played on
// and the cards there are.
type CardTable struct {
	Range [2]int     `json:"range"` // the lowest and highest card
	Piles []PileKind `json:"piles"`
	Hand  int        `json:"hand"` // cards in a full hand
	// Talk are the words a seat may say of a pile to the table, as the
	// rules allow (The Game: "stop", please play nothing here; "good", I
	// can play well here): words only, never a number.
	Talk []string `json:"talk,omitempty"`
}

// PileKind is one pile of a CardTable.
type PileKind struct {
	Name  string `json:"name"`  // as moves write it: "a"
	Up    bool   `json:"up"`    // ascending (else descending)
	Start int    `json:"start"` // the top card before any is played
}

// Grammar is the move notation as data. A move is written as one of Forms:
// its parts one after another with nothing between them (a separator is a
// part of kind "word": Nocca's "-").
type Grammar struct {
	Forms [][]MovePart `json:"forms"`
}

// MovePart is one part of a move form.
type MovePart struct {
	// Kind is "cell" (a cell's name: its coordinates in axis order), "from"
	// and "to" (the cells of a step), "choice" (one of Values: a promotion
	// letter), "word" (the text Values[0], written as is: "pass", "-"),
	// "card" (a card's number) or "pile" (a pile's name).
	Kind     string   `json:"kind"`
	Name     string   `json:"name,omitempty"` // what the part means: "promotion"
	Values   []string `json:"values,omitempty"`
	Optional bool     `json:"optional,omitempty"`
}

// Phrase is a fact in words that a client can put in its reader's
// language: a message Code (a key of the client's catalogue, "in-a-row")
// and its Args, each a number, a word of the notation, or "@k" for seat
// k's name (Description.Players[k]). The English text beside it (a Note,
// the EndReason) says the same for clients without a catalogue.
type Phrase struct {
	Code string   `json:"code"`
	Args []string `json:"args,omitempty"`
}

// Seat is the Phrase argument that stands for seat k's name.
func Seat(k int) string { return "@" + strconv.Itoa(k) }

// Phrased is a state that can say why its game ended as a Phrase (the
// same as its EndReason). Every shipped game implements it.
type Phrased interface {
	EndPhrase() Phrase
}

// MoveNote is a move as people read it: Text in the game's notation for
// people (chess: SAN, "Nf3"), and where that notation reads poorly (The
// Game's "57a"), Phrase, what the move did, for a client to word ("played
// 57 on pile a").
type MoveNote struct {
	Text   string  `json:"text"`
	Phrase *Phrase `json:"phrase,omitempty"`
}

// Noted is a state that writes its legal move m for people, before m is
// played (SAN needs the position the move is played in). A game without
// it is read in its move notation.
type Noted interface {
	NoteMove(m Move) MoveNote
}

// Look is how a board looks in real life, for a client that draws it:
// the colour of its cells (Cells; a chequer of Light and Dark instead, when
// both are set) and of the lines between them, and for a board whose
// cells are round holes in an upright frame (Connect Four), the frame's
// colour (Cells then colours the holes). Colours are CSS colours.
type Look struct {
	Cells string `json:"cells,omitempty"`
	Light string `json:"light,omitempty"`
	Dark  string `json:"dark,omitempty"`
	Lines string `json:"lines,omitempty"`
	Frame string `json:"frame,omitempty"`
}

// Goal marks an edge of the board as drawn (unflipped) that a seat's
// pieces leave the board through: "above" or "below" (Nocca's goals).
type Goal struct {
	Edge string `json:"edge"`
	Seat int    `json:"seat"`
}

// Picture is a position as data, as one seat may see it.
type Picture struct {
	// Cells holds, per cell index, the pieces on it from the bottom up as
	// indexes into Description.Pieces; empty for an empty cell.
	Cells [][]int `json:"cells,omitempty"`
	// Notes are short public facts under the board: "discs: black 2, white
	// 2", "check"; Says are the same as Phrases, in the same order.
	Notes []string `json:"notes,omitempty"`
	Says  []Phrase `json:"says,omitempty"`
	// Marks are cells a client marks for the eye: the line that won, a
	// king in check.
	Marks []int `json:"marks,omitempty"`
	// Cards is a card game's table (Description.Cards), nil in a game
	// without one.
	Cards *CardsPicture `json:"cards,omitempty"`
}

// CardsPicture is a card game's table as one seat sees it. Its lists
// are all present, whatever their values: piles in CardTable.Piles order,
// seats in Description.Players order.
type CardsPicture struct {
	Tops      []int   `json:"tops"`      // each pile's top card (its Start before any is played)
	PileSizes []int   `json:"pileSizes"` // the cards played on each pile
	Hands     [][]int `json:"hands"`     // each seat's hand, ascending; nil where hidden from the viewer, empty when seen and empty
	HandSizes []int   `json:"handSizes"` // the cards in each seat's hand
	Deck      int     `json:"deck"`      // the cards left in the draw pile
	Played    int     `json:"played"`    // the cards the seat to move has played this turn
	Due       int     `json:"due"`       // the plays still due before the turn may end
}

// Pictured is implemented by states that can be drawn from their game's
// Description. Every shipped game implements it.
type Pictured interface {
	State
	// Picture is the position as seat sees it (seat -1: an onlooker, who
	// sees only what is public; in a perfect-information game every seat
	// sees everything).
	Picture(seat int) Picture
	// MoveCells are the cells move m touches, in the order its notation
	// names them (a placement: one cell; a step: from, then to), nil for a
	// move off the board (a pass, a card). A client highlights a last
	// move with them and finds the move a click or a drag means.
	MoveCells(m Move) []int
}
