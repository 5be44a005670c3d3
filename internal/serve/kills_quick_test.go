//go:build !strength

package serve

// defaultKills is how many times TestServeKill kills the server in the
// default run (the full count runs with -tags strength).
const defaultKills = 10
