package referee

import (
	"fmt"
	"strconv"
	"strings"
)

// A match is a list of encounters (which engines meet), each played as
// rounds; a round is a group of games from one opening with the seats
// rotated, so that every engine of the encounter takes every seat once: for
// two engines and a two-player game, a colour-reversed pair. Games are
// numbered 0, 1, 2, ... in schedule order, so the pair of round k of a
// two-engine match is games 2k and 2k+1.

// slot is one scheduled game.
type slot struct {
	Index     int   // game number in the whole match
	Group     int   // number of its round in the whole match (the pair)
	Round     int   // number of its round within its encounter: picks the opening and chance seed
	Encounter int   // which encounter
	Seats     []int // engine index per seat
}

// encounters lists who meets whom: one engine alone; two engines; more: every
// pair (round-robin) or the first against each other (gauntlet).
func encounters(n int, gauntlet bool) [][]int {
	switch n {
	case 1:
		return [][]int{{0}}
	case 2:
		return [][]int{{0, 1}}
	}
	var es [][]int
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if gauntlet && i != 0 {
				continue
			}
			es = append(es, []int{i, j})
		}
	}
	return es
}

// groupSize is the number of games in a round: the seats rotate through the
// encounter's engines until each engine had each seat (one engine: 1).
func groupSize(players, engines int) int {
	if engines <= 1 {
		return 1
	}
	return max(players, engines)
}

// schedule lays out every game: gamesPer games per encounter, in rounds.
// A last round may be short when gamesPer is not a multiple of the group size.
func schedule(players, engines, gamesPer int, gauntlet bool) []slot {
	var out []slot
	group := 0
	for e, enc := range encounters(engines, gauntlet) {
		g := groupSize(players, len(enc))
		for j := 0; j < gamesPer; j++ {
			r, rot := j/g, j%g
			if rot == 0 && j > 0 {
				group++
			}
			seats := make([]int, players)
			for s := range seats {
				seats[s] = enc[(s+rot)%len(enc)]
			}
			out = append(out, slot{Index: len(out), Group: group, Round: r, Encounter: e, Seats: seats})
		}
		group++
	}
	return out
}

// Shard is a part of a match: shard I of N (1-based) plays the rounds whose
// group number is I-1 modulo N. The zero value is the whole match.
type Shard struct{ I, N int }

// ParseShard reads "i/n".
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: want i/n with 1 <= i <= n, e.g. 2/8", s)
	}
	return Shard{I: i, N: n}, nil
}

func (s Shard) String() string {
	if s.N == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.I, s.N)
}

// has reports whether the shard plays the round with this group number.
func (s Shard) has(group int) bool { return s.N <= 1 || group%s.N == s.I-1 }

// seed derives a 64-bit seed from the match seed, a purpose and an index
// (splitmix64 over the three), so that every game's randomness depends only
// on --seed and where the game stands in the schedule.
func seed(match uint64, purpose, index uint64) uint64 {
	x := match
	for _, v := range []uint64{purpose, index} {
		x += 0x9e3779b97f4a7c15 + v*0xbf58476d1ce4e5b9
		x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
		x = (x ^ x>>27) * 0x94d049bb133111eb
		x ^= x >> 31
	}
	return x
}

// Seed purposes.
const (
	seedChance  = 1 // a round's chance outcomes
	seedOpening = 2 // a round's random plies
	seedOrder   = 3 // the order of the openings file (random order)
)
