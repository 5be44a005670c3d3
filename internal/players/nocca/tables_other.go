//go:build !linux

package nocca

// allocWords returns a zeroed table of n words and a function that
// releases it.
func allocWords(n uint64) ([]uint64, func()) { return make([]uint64, n), func() {} }
