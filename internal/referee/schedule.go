package referee

import (
	"fmt"
	"os"
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

// ParseShard reads "i/n", or "env/n" and "env", which take the shard from
// the environment a batch system gives each of its tasks (getenv looks a
// variable up; nil is os.Getenv):
//
//   - a Kubernetes Indexed Job sets JOB_COMPLETION_INDEX, 0-based; the count
//     (the Job's completions) is not in the environment, so it is "env/n";
//   - a Slurm job array sets SLURM_ARRAY_TASK_ID, _MIN, _STEP and _COUNT;
//     the shard is (ID - MIN)/STEP + 1 of COUNT, so --array=1-8, 0-7 and
//     0-14:2 all make 8 shards. "env/n" checks that COUNT is n.
//
// Values that are not numbers, an index outside the count, both systems'
// variables at once, or neither, are errors naming the variables.
func ParseShard(s string, getenv func(string) string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	if a == "env" {
		if getenv == nil {
			getenv = os.Getenv
		}
		return shardFromEnv(s, b, ok, getenv)
	}
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("shard %q: want i/n with 1 <= i <= n (e.g. 2/8), env/n or env", s)
	}
	return Shard{I: i, N: n}, nil
}

// shardFromEnv is ParseShard's "env/count" (hasCount) or "env".
func shardFromEnv(s, count string, hasCount bool, getenv func(string) string) (Shard, error) {
	fail := func(format string, args ...any) (Shard, error) {
		return Shard{}, fmt.Errorf("shard %q: "+format, append([]any{s}, args...)...)
	}
	num := func(name string, lo int) (int, error) {
		v := getenv(name)
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < lo {
			return 0, fmt.Errorf("shard %q: %s=%q: want a whole number, %d or more", s, name, v, lo)
		}
		return n, nil
	}
	n := 0
	if hasCount {
		var err error
		if n, err = strconv.Atoi(count); err != nil || n < 1 {
			return fail("the count %q: want a whole number, 1 or more", count)
		}
	}
	k8s, slurm := getenv("JOB_COMPLETION_INDEX") != "", getenv("SLURM_ARRAY_TASK_ID") != ""
	var index int
	switch {
	case k8s && slurm:
		return fail("both JOB_COMPLETION_INDEX (Kubernetes) and SLURM_ARRAY_TASK_ID (Slurm) are set: give --shard i/n")
	case k8s:
		if !hasCount {
			return fail("JOB_COMPLETION_INDEX gives the index but not the count: give --shard env/n, n the Job's completions")
		}
		var err error
		if index, err = num("JOB_COMPLETION_INDEX", 0); err != nil {
			return Shard{}, err
		}
		if index >= n {
			return fail("JOB_COMPLETION_INDEX=%d: the index (from 0) must be below the count %d", index, n)
		}
	case slurm:
		id, err := num("SLURM_ARRAY_TASK_ID", 0)
		if err != nil {
			return Shard{}, err
		}
		lo, err := num("SLURM_ARRAY_TASK_MIN", 0)
		if err != nil {
			return Shard{}, err
		}
		step := 1
		if getenv("SLURM_ARRAY_TASK_STEP") != "" {
			if step, err = num("SLURM_ARRAY_TASK_STEP", 1); err != nil {
				return Shard{}, err
			}
		}
		if getenv("SLURM_ARRAY_TASK_COUNT") != "" || !hasCount {
			c, err := num("SLURM_ARRAY_TASK_COUNT", 1)
			if err != nil {
				return Shard{}, err
			}
			if hasCount && c != n {
				return fail("SLURM_ARRAY_TASK_COUNT=%d, but the count given is %d", c, n)
			}
			n = c
		}
		if id < lo || (id-lo)%step != 0 {
			return fail("SLURM_ARRAY_TASK_ID=%d is not SLURM_ARRAY_TASK_MIN=%d plus a multiple of SLURM_ARRAY_TASK_STEP=%d", id, lo, step)
		}
		if index = (id - lo) / step; index >= n {
			return fail("SLURM_ARRAY_TASK_ID=%d is task %d (from 0) of an array of %d: give a range such as --array=1-%d", id, index, n, n)
		}
	default:
		return fail("neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set")
	}
	return Shard{I: index + 1, N: n}, nil
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
