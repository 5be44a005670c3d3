package nocca

import (
	"context"
	"errors"
	"flag"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/nocca"
	"github.com/meeple-games/meeple/internal/players/playertest"
)

var (
	noccaDeep  = flag.Bool("nocca.deep", false, "also solve the larger Nocca Nocca boards in the tests (minutes)")
	noccaHuge  = flag.Bool("nocca.huge", false, "also solve the huge Nocca Nocca boards in the tests (an hour or more, gigabytes)")
	noccaGiant = flag.Bool("nocca.giant", false, "also solve the giant Nocca Nocca boards in the tests (hours, 13.5 GB)")
)

func loadNocca(t testing.TB, spec string) *nocca.Game {
	t.Helper()
	v, err := games.LoadVariant(spec)
	if err != nil {
		t.Fatal(err)
	}
	return v.Game.(*nocca.Game)
}

// plainSolve is a second solver, written to share nothing with Solve
// but the rules: the positions are the game's own states, told apart by
// their position strings (no packing, no mirror images, no point of view),
// a move into the goal leads to a finished position like any other move,
// and the values are found by rounds of a fixpoint: in round d a position
// is won if a successor was lost at d-1, lost if every successor was won
// by d-1. It returns the value and distance of the start, and the number
// of positions.
func plainSolve(t testing.TB, g *nocca.Game) (value, plies, positions int) {
	start := g.NewState().Position()
	index := map[string]int{start: 0}
	keys := []string{start}
	var kids [][]int32
	var over []bool // finished: lost for the side to move (a draw cannot occur: no history)
	for n := 0; n < len(keys); n++ {
		st, err := g.ParseState(keys[n])
		if err != nil {
			t.Fatal(err)
		}
		over = append(over, st.Player() == games.Terminal)
		var ks []int32
		for _, m := range st.LegalMoves(nil) {
			st.Play(m)
			p := st.Position()
			st.Undo()
			i, ok := index[p]
			if !ok {
				i = len(keys)
				index[p] = i
				keys = append(keys, p)
			}
			ks = append(ks, int32(i))
		}
		kids = append(kids, ks)
	}
	val := make([]int, len(keys)) // +1 won, -1 lost, 0 unknown
	dist := make([]int, len(keys))
	for i := range keys {
		if over[i] {
			val[i], dist[i] = -1, 0
		}
	}
	for d := 1; ; d++ {
		var won, lost []int
		for i := range keys {
			if val[i] != 0 {
				continue
			}
			allWon := true
			for _, k := range kids[i] {
				if val[k] == -1 && dist[k] == d-1 {
					won = append(won, i)
					allWon = false
					break
				}
				if val[k] != 1 {
					allWon = false
				}
			}
			if allWon {
				lost = append(lost, i)
			}
		}
		if len(won)+len(lost) == 0 {
			break
		}
		for _, i := range won {
			val[i], dist[i] = 1, d
		}
		for _, i := range lost {
			val[i], dist[i] = -1, d
		}
	}
	for i := range keys {
		if val[i] != 0 && (dist[i]%2 == 1) != (val[i] == 1) {
			t.Fatalf("%s: value %d at distance %d: a win must be odd, a loss even", keys[i], val[i], dist[i])
		}
	}
	return val[0], dist[0], len(keys)
}

type noccaSolveRow struct {
	spec                    string
	value, plies, positions int
	size                    string // "", or a tag of noccaSizes
	line                    int
}

// noccaSizes are the tags of solve.txt's larger boards, each with the flag
// that runs them.
var noccaSizes = map[string]*bool{"deep": noccaDeep, "huge": noccaHuge, "giant": noccaGiant}

// readNoccaSolve reads testdata/solve.txt.
func readNoccaSolve(t *testing.T) []noccaSolveRow {
	t.Helper()
	data, err := os.ReadFile("testdata/solve.txt")
	if err != nil {
		t.Fatal(err)
	}
	var rows []noccaSolveRow
	for n, ln := range strings.Split(string(data), "\n") {
		ln = strings.TrimSpace(ln)
		if ln == "" || ln[0] == '#' {
			continue
		}
		f := strings.Fields(ln)
		if len(f) == 4 {
			f = append(f, "") // no size tag
		}
		value := map[string]int{"win": 1, "draw": 0, "loss": -1}
		v, ok := 0, len(f) == 5
		if ok {
			_, sized := noccaSizes[f[4]]
			v, ok = value[f[1]]
			ok = ok && (sized || f[4] == "")
		}
		if !ok {
			t.Fatalf("solve.txt:%d: want variant win|draw|loss plies positions [deep|huge|giant]", n+1)
		}
		plies, err1 := strconv.Atoi(f[2])
		positions, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil {
			t.Fatalf("solve.txt:%d: bad number", n+1)
		}
		rows = append(rows, noccaSolveRow{f[0], v, plies, positions, f[4], n + 1})
	}
	return rows
}

// TestSolveNocca solves the start of each variant of
// testdata/solve.txt, checks the value, the distance and the number of
// positions, plays the line out, and confirms the smaller ones with the
// second solver.
func TestSolveNocca(t *testing.T) {
	t.Parallel()
	for _, tc := range readNoccaSolve(t) {
		t.Run(tc.spec, func(t *testing.T) {
			if tc.size != "" && (!*noccaSizes[tc.size] || testing.Short()) {
				t.Skipf("a %s board: run with -args -nocca.%[1]s", tc.size)
			}
			if testing.Short() && tc.positions > 50_000 {
				t.Skip("over 50,000 positions: skipped in -short mode")
			}
			g := loadNocca(t, tc.spec)
			st := g.NewState().(*nocca.State)
			var opt Options
			if tc.size == "huge" || tc.size == "giant" {
				opt.Progress = os.Stderr // it takes long: show that it moves
			}
			sol, err := Solve(context.Background(), st, opt)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Value != tc.value || sol.Plies != tc.plies || sol.Positions != tc.positions {
				t.Errorf("value %d in %d plies, %d positions; solve.txt:%d says %d in %d, %d",
					sol.Value, sol.Plies, sol.Positions, tc.line, tc.value, tc.plies, tc.positions)
			}
			if sol.Positions != sol.Wins+sol.Losses+sol.Draws {
				t.Errorf("%d positions, %d+%d+%d", sol.Positions, sol.Wins, sol.Losses, sol.Draws)
			}
			var out strings.Builder
			sol.Report(&out, st)
			t.Logf("%s:\n%s", tc.spec, out.String())
			// The line reaches the end in Plies plies, the side to move
			// winning; or, drawn, runs its full length or into a draw by
			// repetition.
			line := st.Clone().(*nocca.State)
			for _, m := range sol.PV {
				if !line.Legal(m) {
					t.Fatalf("pv move %s illegal in %s", line.FormatMove(m), line.Position())
				}
				line.Play(m)
			}
			switch {
			case sol.Value == 1 && (len(sol.PV) != sol.Plies || line.Player() != games.Terminal || line.Winner() != st.ToMove()):
				t.Errorf("the line %d plies long ends in %q (%s)", len(sol.PV), line.Position(), line.EndReason())
			case sol.Value == 0 && (line.Winner() >= 0 || len(sol.PV) != noccaDrawLine && line.Player() != games.Terminal):
				t.Errorf("the line of a draw, %d plies, ends in %q (%s)", len(sol.PV), line.Position(), line.EndReason())
			}
			plain := playertest.Size(20_000, 2_000, 2_000)
			if sol.Positions < plain || *noccaDeep && sol.Positions < 2_000_000 {
				v, d, n := plainSolve(t, g)
				if v != sol.Value || d != sol.Plies {
					t.Errorf("the plain solver says %d in %d plies (%d positions)", v, d, n)
				}
			}
		})
	}
}

// TestSolveNoccaPositions solves positions deep in random games, from
// both sides, and checks them against the values of their successors:
// a won position has a successor lost in one ply less, a lost one only
// successors won in at most one ply less, and so on.
func TestSolveNoccaPositions(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		spec  string
		seeds int
	}{{"nocca-3x3", 8}, {"nocca-4x3(first=black)", 2}, {"nocca-3x3(pieces=2)", 0}} {
		// -short (the race run): two positions of the 3x3 board with two
		// pieces a side, which solve in a tenth of the time.
		tc.seeds = playertest.Size(tc.seeds, tc.seeds/2, 2*max(0, 1-tc.seeds))
		spec := tc.spec
		g := loadNocca(t, spec)
		for seed := range tc.seeds {
			st := g.NewState().(*nocca.State)
			randomNocca(st, uint64(seed), 3+seed)
			if st.Player() == games.Terminal {
				continue
			}
			pos, err := g.ParseState(st.Position()) // no history
			if err != nil {
				t.Fatal(err)
			}
			p := pos.(*nocca.State)
			sol, err := Solve(context.Background(), p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			// Each move's value in sol.Moves is its successor's, solved
			// alone; only a position with a move into the goal may leave
			// some out.
			told := map[games.Move]MoveValue{}
			for _, mv := range sol.Moves {
				told[mv.Move] = mv
			}
			goal := slices.ContainsFunc(p.LegalMoves(nil), p.IsGoalMove)
			best := -2 << 20
			for _, m := range p.LegalMoves(nil) {
				p.Play(m)
				var v int
				switch {
				case p.Player() == games.Terminal:
					v = 1<<20 - 1 // won at once
				default:
					s, err := Solve(context.Background(), p, Options{})
					if err != nil {
						t.Fatal(err)
					}
					v = noccaScore(-s.Value, s.Plies+1)
				}
				p.Undo()
				best = max(best, v)
				if mv, ok := told[m]; ok && noccaScore(mv.Value, mv.Plies) != v || !ok && !goal {
					t.Errorf("%s %s: move %s told %+v (%v), solved alone %d", spec, p.Position(), p.FormatMove(m), mv, ok, v)
				}
			}
			if want := noccaScore(sol.Value, sol.Plies); best != want {
				t.Errorf("%s %s: solved %d in %d plies, but the best successor scores %d (want %d)",
					spec, p.Position(), sol.Value, sol.Plies, best, want)
			}
		}
	}
}

// noccaScore orders results: a faster win is better, a slower loss is
// better, a draw between.
func noccaScore(value, plies int) int {
	switch value {
	case 1:
		return 1<<20 - plies
	case -1:
		return -(1 << 20) + plies
	}
	return 0
}

func TestSolveNoccaLimits(t *testing.T) {
	st := loadNocca(t, "nocca").NewState().(*nocca.State)
	if _, err := Solve(context.Background(), st, Options{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("the 5x6 board: %v; want ErrTooLarge", err)
	}
	st = loadNocca(t, "nocca-4x3").NewState().(*nocca.State)
	if _, err := Solve(context.Background(), st, Options{MaxBytes: 1000}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("1000 positions: %v; want ErrTooLarge", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, st, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled solve: %v", err)
	}
	// Won in one: the move into the goal.
	st3 := loadNocca(t, "nocca-3x3")
	if sol, err := Solve(context.Background(), parseNocca(t, st3, "bw(bb)/3/1ww w"), Options{}); err != nil || sol.Value != 1 || sol.Plies != 1 || len(sol.PV) != 1 || sol.Positions != 1 {
		t.Errorf("a win in one: %+v, %v", sol, err)
	}
	// Lost in two: black cannot cover both white pieces on row 3.
	if sol, err := Solve(context.Background(), parseNocca(t, st3, "wbw/bb1/w2 b"), Options{}); err != nil || sol.Value != -1 || sol.Plies != 2 {
		t.Errorf("a loss in two: %+v, %v", sol, err)
	}
	// Lost in four, where round 1 decides nothing: every successor is lost
	// in two (every move of black's then lets white into the goal), which
	// only round 2 spreads.
	st32 := loadNocca(t, "nocca-3x3(pieces=2)")
	if sol, err := Solve(context.Background(), parseNocca(t, st32, "1b1/2w/1(wb)1 w"), Options{}); err != nil || sol.Value != -1 || sol.Plies != 4 {
		t.Errorf("a loss in four: %+v, %v", sol, err)
	}
	// A finished position.
	fin, err := st.Game().ParseState("bbb/3/3/1ww b")
	if err != nil {
		t.Fatal(err)
	}
	if sol, err := Solve(context.Background(), fin.(*nocca.State), Options{}); err != nil || sol.Value != -1 || sol.Plies != 0 || sol.Move != games.NoMove {
		t.Errorf("a finished position: %+v, %v", sol, err)
	}
}

// randomNocca plays up to plies seeded random moves.
func randomNocca(st *nocca.State, seed uint64, plies int) {
	rng := rand.New(rand.NewPCG(seed, 0x40cca))
	for range plies {
		if st.Player() == games.Terminal {
			return
		}
		moves := st.LegalMoves(nil)
		st.Play(moves[rng.IntN(len(moves))])
	}
}
