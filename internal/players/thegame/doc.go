// Package thegame is meeple's player of The Game (Benndorf), the
// cooperative card game with hidden hands.
//
// Player sees only its seat's view (State.View). Its heuristic (plan.go,
// weighed by Params) searches the whole turn, pricing each set of plays by
// the pile coverage it takes from the cards still live, by what the cards
// kept in hand would cost next, and by bonuses for steps back; with a
// roll-out budget it compares its best few moves by determinized
// roll-outs (the hidden cards dealt again at random, every seat played by
// the heuristic to the end). internal/players makes it "auto" for The Game;
// meeple bench thegame measures it.
package thegame
