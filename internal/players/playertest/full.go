//go:build strength

package playertest

// Full is true in a build with the strength tag (go test -tags strength):
// the strength suites play their full samples and assert their thresholds,
// and the long tests run at full size.
const Full = true
