//go:build !strength

package playertest

// Full is false without the strength tag: the strength suites play their
// quick versions and the long tests their default sizes.
const Full = false
