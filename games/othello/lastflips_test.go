package othello

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestLastFlips compares LastFlips with the count of Flips on random full
// boards with one empty square, for every square and both players.
func TestLastFlips(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		sq := rng.IntN(64)
		p := rng.Uint64() &^ (1 << sq)
		if rng.IntN(4) == 0 { // sparse and dense boards too
			p &= rng.Uint64()
		}
		o := ^p &^ (1 << sq)
		for _, side := range [][2]uint64{{p, o}, {o, p}} {
			if got, want := LastFlips(side[0], sq), bits.OnesCount64(Flips(side[0], side[1], sq)); got != want {
				t.Fatalf("LastFlips(%#x, %d) = %d; Flips flips %d", side[0], sq, got, want)
			}
		}
	}
}
