// Package record is the format of a finished game, shared by the referee
// (which writes one a game, in its journal and its records file), the REPL
// (save and load) and the server (a room's games):
//
//   - Record is one game: its variant and rules, the seed of its chance
//     outcomes, the seats, the start, the plies with what the engines
//     reported, the returns and how it ended (Termination).
//   - WriteText and ReadRecords write and read the records format, text
//     with tags and movetext (see internal/referee/README.md); a Record is
//     also JSON, a line of a match's journal.
//   - Replay re-validates a record with the games package: every move
//     legal, every chance outcome the seeded draw, the result the rules
//     give; ReplayAll does a file's.
//   - WritePGN writes a chess record as PGN (SAN through SANState, which
//     games/chess implements).
package record
