// Package client is the client end of meeple's wire (package protocol):
// it drives engine processes for the referee, the REPL and the server.
// StartEngine starts an engine process (argv, no shell) and returns a
// Client that speaks native, UGI, UCI or GTP to it. NewGame, Go and IsReady send requests and read the
// replies with a deadline on every wait (Timeouts); Close sends quit, kills
// the process if it does not exit in time, reaps it, and kills what is
// left of its process group (what it started). On Linux an engine also
// dies with the process that started it, even one killed with SIGKILL.
// Every failure is an *EngineError of a FailKind: Startup, Crash (the
// process exited or closed its output), Stall (no reply in time) or
// Protocol (an error reply, or a line that breaks the dialect). The native
// client is strict (a line that is not protocol is a failure); the UGI and
// UCI clients skip what they do not know, as UCI GUIs do. The engine's
// stderr goes to a writer set per game (SetStderr), capped, through a
// bounded buffer that never blocks the engine.
// GTP is for the placement games GTP plays (Othello and 2-D k-in-a-row,
// as gtp-rhino and Quarry do).
//
// protocol/README.md's section "Driving an engine: the client" specifies
// it.
package client
