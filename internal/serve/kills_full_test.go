//go:build strength

package serve

// defaultKills is how many times TestServeKill kills the server with
// -tags strength.
const defaultKills = 100
