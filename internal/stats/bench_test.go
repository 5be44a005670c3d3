package stats

import "testing"

// The referee recomputes the LLR after every pair: these measure that.
func BenchmarkLLR(b *testing.B) {
	p := Penta{369, 12695, 27124, 12664, 332} // testdata/sprt.txt, fishtest
	for _, s := range []SPRT{
		{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05, Model: Normalized},
	} {
		b.Run(s.Model.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s.LLR(p)
			}
		})
	}
}

// An early, lopsided match: the hard case for the normalized model.
func BenchmarkLLRLopsided(b *testing.B) {
	p := Penta{0, 0, 1, 3, 40}
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: Normalized}
	b.ReportAllocs()
	for b.Loop() {
		s.LLR(p)
	}
}
