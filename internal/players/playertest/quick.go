//go:build !strength

package players

// strengthSuite is false without the strength tag: the strength suites
// play their quick versions and the long tests their default sizes.
const strengthSuite = false
