//go:build !linux

package othello

// adviseHuge does nothing here: only Linux takes the advice.
func adviseHuge([]solveBucket) {}
