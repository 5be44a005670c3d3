package search

import (
	"unsafe"

	"github.com/meeple-games/meeple/games"
)

// Bound types of a transposition-table score.
const (
	boundNone  uint8 = iota
	boundUpper       // score <= value: every move failed low
	boundLower       // score >= value: a move failed high
	boundExact
)

// depthSolved marks an entry whose subtree reached only terminal positions:
// its score is the game-theoretic value (or bound), good at any depth.
const depthSolved = 255

// ttEntry is one stored position. The full hash is kept, so a wrong hit
// needs two positions with equal 64-bit hashes.
type ttEntry struct {
	key   uint64
	move  games.Move
	score int32
	depth uint8
	bound uint8
	gen   uint8 // the search that stored it
}

const bucketSize = 4

type ttBucket [bucketSize]ttEntry

// table is a transposition table of 4-entry buckets. A store goes to the
// entry of the same position if the bucket has one, else it replaces the
// least valuable entry: the shallowest, with every search of age counting as
// two plies of depth (replace by depth or age).
type table struct {
	buckets []ttBucket
	mask    uint64
	gen     uint8
	used    bool // something stored since the table was made or cleared
}

// newTable makes a table of at most mb megabytes (at least one bucket).
func newTable(mb int) *table {
	n := uint64(1)
	size := uint64(unsafe.Sizeof(ttBucket{}))
	for n*2*size <= uint64(mb)<<20 {
		n *= 2
	}
	return &table{buckets: make([]ttBucket, n), mask: n - 1}
}

// clear empties the table; an unused one is empty already, and clearing
// it would only touch its pages (16 MB: most of an engine's start-up).
func (t *table) clear() {
	if t.used {
		clear(t.buckets)
	}
	t.gen, t.used = 0, false
}

// probe returns the entry stored for key.
func (t *table) probe(key uint64) (ttEntry, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		if b[i].key == key && b[i].bound != boundNone {
			return b[i], true
		}
	}
	return ttEntry{}, false
}

func (t *table) store(key uint64, move games.Move, score, depth int, bound uint8) {
	if depth > depthSolved {
		depth = depthSolved
	}
	t.used = true
	b := &t.buckets[key&t.mask]
	for i := range b {
		e := &b[i]
		if e.key != key || e.bound == boundNone {
			continue
		}
		// The same position: keep a deeper entry of this search unless the
		// new one is exact.
		if depth < int(e.depth) && e.gen == t.gen && bound != boundExact {
			if move != games.NoMove {
				e.move = move
			}
			return
		}
		if move == games.NoMove {
			move = e.move
		}
		*e = ttEntry{key: key, move: move, score: int32(score), depth: uint8(depth), bound: bound, gen: t.gen}
		return
	}
	victim, worst := 0, 1<<30
	for i := range b {
		e := &b[i]
		if e.bound == boundNone {
			victim = i
			break
		}
		age := int(t.gen - e.gen)
		if v := int(e.depth) - 2*age; v < worst {
			victim, worst = i, v
		}
	}
	b[victim] = ttEntry{key: key, move: move, score: int32(score), depth: uint8(depth), bound: bound, gen: t.gen}
}

// toTT and fromTT convert mate scores between "plies from the root" and
// "plies from this position", so a stored mate is right wherever it is found.
func toTT(score, ply int) int {
	if score > MaxEval {
		return score + ply
	}
	if score < -MaxEval {
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	if score > MaxEval {
		return score - ply
	}
	if score < -MaxEval {
		return score + ply
	}
	return score
}
