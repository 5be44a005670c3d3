// Package thegame is The Game (Steffen Benndorf, NSV 2015; English edition
// Pandasaurus), the game of the second source article: a cooperative card
// game with hidden hands, a shuffled draw pile, several plays in a turn and
// a score instead of a winner.
//
// # Rules
//
// The deck holds the cards "low".."high" (2..99, 98 cards). There are "up"
// ascending piles starting from low-1 (two piles from 1) and "down"
// descending piles starting from high+1 (two from 100). Each of the
// "players" (1..5) holds a hand of "hand" cards: by player count 8 for one
// player, 7 for two, 6 for three to five (the NSV rulebook; the 6-for-2-or-3
// reading of one web page contradicts every rulebook transcription).
//
// On a turn the player to move plays at least "min_plays" cards (2), or
// "min_plays_empty" (1) once the draw pile is empty, one at a time, each on
// any pile: on an ascending pile a card higher than the top card, on a
// descending pile a lower one. The backwards trick: a card exactly "trick"
// (10) lower than the top of an ascending pile, or higher than the top of a
// descending one, may be played too, any number of times. After the minimum
// the player may go on playing or end the turn; the hand then refills from
// the draw pile to "hand" cards (as far as the pile goes), and the next
// player with cards in hand takes the turn. The minimum is capped at the
// cards the player held when the turn began (it matters only for variants
// with min_plays_empty above 1).
//
// The game ends when every card has been played (a win), or, as the
// rulebook says, as soon as the player to move cannot play the cards the
// turn requires: the state is terminal at the start of a turn, or after a
// play in its middle, when no order of plays from the hand (tricks
// included) makes the plays still due. A hand whose only playable card
// fits two piles cannot make two plays, so the game ends before that card
// is played. The score is the number of cards not played (every hand and
// the draw pile); fewer than 10 is "excellent". The game is a team's
// win or loss: every player's return is the same (identical utility),
// minus the cards left, so 0 is a win and -98 the worst.
//
// House rules (the source article's, both off by default): with
// repdigit=true a repdigit (11, 22, ..., 99; the pile bases 1 and 100 are
// not repdigits) may go on any pile whose top card is a repdigit; with
// last_digit=true a card with the same last digit as the pile's top may
// always go on it, so a pile can step back by any multiple of 10. The
// article also deals 6 cards whatever the player count (hand=6, as the
// thegame-house variant has it); its deck, range(2, 99), leaves out 99, a
// slip not reproduced (high=98 plays it).
//
// # Chance
//
// The draw pile is a set: its order does not exist until a card is drawn.
// Each draw is a chance node whose outcomes are the cards still in the draw
// pile, equally likely; the deal is the first draws (seat 1's hand filled
// first, then seat 2's, ...), and the refill after a turn is the next. So a
// referee's seeded generator decides every draw, its record holds each one
// (+57), and the game replays exactly.
//
// # Moves
//
// A Move is card | pile<<7 for a play (bits 0-6 the card, bits 7-9 the
// pile, 0 = a); EndMove (bit 10) ends the turn; bit 11 | card is a draw.
//
// Notation: the card and the pile's letter, "57a". The ascending piles are
// lettered first, then the descending ones: with two of each, a and b go
// up (from 1), c and d go down (from 100). "end" ends the turn (legal once
// the minimum is played). A draw, a chance move, is "+" and the card: "+57".
// ParseMove is case-insensitive.
//
// # Positions and views
//
// A position string has six fields separated by spaces:
//
//	piles hands deck phase mover played
//	5,12/-/96,86/- 14,20,33,41,57,60/-/... 60 play 1 2
//
// piles: each pile's cards in the order played (the base 1 or 100 is not
// written), piles separated by "/", "-" for an empty pile; hands: each
// seat's cards in ascending order, "/" between seats, "-" for none; deck:
// the number of cards in the draw pile (the cards themselves are the ones
// named nowhere else); phase: deal (the first draws), play, or refill (the
// draws after a turn); mover: the 1-based seat whose turn it is; played:
// the cards it has played this turn.
//
// A view (State.View) is the same string with every other seat's hand
// written ?N, its size: a player sees the piles with their whole history,
// its own hand, the others' hand sizes and the draw pile's size, and never
// another's cards or the draw pile's content (there is no order to leak).
// ParseState reads a view too: the hidden hands are filled with the lowest
// cards the view does not show, seat by seat, and the rest form the draw
// pile. That state is only a stand-in; a player that searches draws the
// hidden cards again with State.Resample.
//
// # Sources
//
// The NSV English rulebook (as transcribed at scribd.com/document/347760359,
// ultraboardgames.com, gamerules.com), and the published simulators listed
// in the project's reference notes (TheGameSimulation, thegameanalyzer,
// TGEngine) for the results a player should reach.
package thegame
