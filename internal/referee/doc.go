// Package referee runs engine processes against each other: matches,
// round-robin and gauntlet tournaments, SPRT tests; it is `meeple match`,
// `meeple replay` and `meeple merge`. README.md in this directory is the
// user guide: every flag and engine key, the record and journal formats,
// the events schema, the statistics and their sources.
//
// The referee owns the rules. It keeps its own games.State of every game,
// validates each move an engine sends with games.ParseLegal, draws every
// chance outcome from its own RNG (seeded per round from --seed, and
// written into the record), sends each seat only what it may see (the
// game's View for games of imperfect information, the start position and
// the moves for the others), and decides every result from its own state.
// An engine's failure (illegal move, crash, stall, time loss, protocol
// error, startup failure) ends only its own game, with a Termination in the
// record; processes are restarted (or, with restart=off, the engine
// forfeits the rest of its games).
//
// Main types:
//
//   - Game is one game: the variant, a Seat per player (GameSeat: its name,
//     limits and clock), the chance seed, the start and the plies already
//     played (a game resumed from them draws the same chance outcomes as an
//     uninterrupted one); Play plays it to the end and returns its Record,
//     calling a hook after every ply (live viewing, saving). It is the one
//     game loop: a match plays each game with it, and meeple serve plays
//     a room's games at one with people's seats and engine seats.
//   - EngineSeat is a Seat played by an engine process (StartEngineSeat
//     starts one from an EngineConfig outside a match); its faults end the
//     game with the match's typed reasons.
//   - Follow reads a match directory's events as they are appended.
//   - Config is a match as the command line gives it; Run plays it.
//   - EngineConfig is one engine (ParseEngine reads an --engine spec);
//     TimeControl and Limits say how it searches (ParseTC reads
//     cutechess-cli's tc syntax).
//   - record.Record (package internal/record) is one finished game: a line
//     of the journal (JSON) and a game of the records file; ReadFile reads
//     either, and a chess match writes its records as PGN too (PGNFile).
//   - Summary holds the standings, the pentanomial pair counts, the SPRT
//     and the score distributions of cooperative games; Merge combines
//     the journals of a sharded match into the same summary.
//
// A match is a list of encounters (the engines that meet), each played in
// rounds: the games of one opening with the seats rotated, so that with two
// engines and two seats a round is a colour-reversed pair, games 2k and
// 2k+1. A game's opening and chance seed depend only on --seed and its
// round, so a shard (--shard i/n, whole rounds) or a resumed run plays
// exactly the games of one uninterrupted run. Finished games are journaled
// (appended and fsynced) before they count, which makes resuming after a
// SIGKILL lose nothing and repeat nothing.
//
// The statistics come from github.com/meeple-games/meeple/internal/stats (Elo with a 95% interval
// and LOS from win/draw/loss counts; the pentanomial model of fishtest and
// fastchess for pairs; the generalized SPRT; Student's t and Wilson
// intervals for score distributions); see that package for the formulas
// and their sources. The design follows cutechess-cli (the tc syntax,
// openings, adjudication), fastchess (pentanomial SPRT, stall versus crash,
// resume) and gogui-twogtp (a referee that owns the rules).
package referee
