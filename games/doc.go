// Package games is meeple's game model, shaped after OpenSpiel's State API
// and sized for Go.
//
// A Family (registered by each game package from init) is a rules engine
// with a parameter schema; a Variant is a family with rule values from a
// TOML file in configs/, a user's file or an inline spec
// ("kinarow(dims=3,size=4)"); its Game makes States.
//
// A State answers who moves (a seat, Chance or Terminal), fills a caller's
// buffer with legal moves, plays and undoes them, and reports per-player
// Returns, a Zobrist hash, a position string that round-trips and a drawing
// for people. A Move is a small integer whose layout each game documents;
// strings exist only at the edges (ParseMove, FormatMove). Pass is a move, so
// a state that is not over always has one. A player who makes several moves
// in one turn (The Game) simply stays the player to move.
//
// Optional interfaces add what only some games have: ChanceState (outcomes
// that are not equally likely), ViewState (what one player may see, and
// determinization by Resample), Perfter (a fast perft of a game's own), PerftMover (a perft tree that is
// not the game tree: chess move generation ignores the draw rules).
//
// Variant files are strict: an unknown key, a wrong type, a value out of
// range or an inconsistent combination is a *VariantError naming the file,
// the line and the key, with the closest known key suggested.
package games
