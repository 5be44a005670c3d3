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

// flipsWalk is Flips by walking the eight directions square by square.
func flipsWalk(p, o uint64, sq int) uint64 {
	var f uint64
	for _, d := range [8][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}, {-1, 0}, {0, -1}, {-1, -1}, {1, -1}} {
		var run uint64
		c, r := sq%8+d[0], sq/8+d[1]
		for ; c >= 0 && c < 8 && r >= 0 && r < 8 && o>>(r*8+c)&1 != 0; c, r = c+d[0], r+d[1] {
			run |= 1 << (r*8 + c)
		}
		if c >= 0 && c < 8 && r >= 0 && r < 8 && p>>(r*8+c)&1 != 0 {
			f |= run
		}
	}
	return f
}

// TestFlips compares Flips with flipsWalk on random boards of every
// density, for every empty square and both players, and Moves with the
// squares where flipsWalk flips something.
func TestFlips(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		filled := rng.Uint64()
		for range rng.IntN(3) {
			if rng.IntN(2) == 0 {
				filled &= rng.Uint64()
			} else {
				filled |= rng.Uint64()
			}
		}
		p := filled & rng.Uint64()
		o := filled &^ p
		for _, side := range [][2]uint64{{p, o}, {o, p}} {
			var moves uint64
			for sq := range 64 {
				if filled>>sq&1 != 0 {
					continue
				}
				want := flipsWalk(side[0], side[1], sq)
				if got := Flips(side[0], side[1], sq); got != want {
					t.Fatalf("Flips(%#x, %#x, %d) = %#x; want %#x", side[0], side[1], sq, got, want)
				}
				if want != 0 {
					moves |= 1 << sq
				}
			}
			if got := Moves(side[0], side[1]); got != moves {
				t.Fatalf("Moves(%#x, %#x) = %#x; want %#x", side[0], side[1], got, moves)
			}
		}
	}
}
