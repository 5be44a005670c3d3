package gametest

import "testing"

// BenchPerft times count, a perft of a fixed position and depth, as the
// sub-benchmark name of b, and reports the leaves counted per second
// (nodes/s) and the allocations. The game packages' perft benchmarks are
// made of it.
func BenchPerft(b *testing.B, name string, count func() uint64) {
	b.Run(name, func(b *testing.B) {
		b.ReportAllocs()
		var nodes uint64
		for b.Loop() {
			nodes += count()
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
}
