// Package engine is the vocabulary of meeple's engines, shared by the
// players that make them (internal/players and a package per game family
// under it) and the front-ends that drive them (the protocol, the REPL,
// the server), so that none of those needs the players' code:
//
//   - Config, the choice of a player and its settings, and Options, the
//     engine options a protocol's handshake lists, which Config.Set reads;
//   - Family, what a game family adds to the generic players: its own
//     player, evaluation, baseline, solver and the units its scores are
//     read in, registered once in internal/players;
//   - Solver and Proof, a family's exact solver behind one interface, for
//     meeple solve and the hints of meeple serve;
//   - Units, how a family's scores read to a person;
//   - Level, how hard the engine plays, in words for people.
package engine
