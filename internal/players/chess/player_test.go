package chess

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
	"github.com/meeple-games/meeple/internal/meepletest"
	"github.com/meeple-games/meeple/internal/players/playertest"
	"github.com/meeple-games/meeple/internal/search"
)

func chessGame(t testing.TB) *chess.Game {
	t.Helper()
	v, err := games.LoadVariant("chess")
	if err != nil {
		t.Fatal(err)
	}
	return v.Game.(*chess.Game)
}

func chessPos(t testing.TB, g *chess.Game, fen string) *chess.State {
	t.Helper()
	s, err := g.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The mates: each checked with Stockfish 17 ("go depth 18" reports the same
// mate distance). The mate in 2 (Nf6+ gxf6 Bxf7#) and the mate in 3 are
// well-known puzzle positions; the others are constructed.
var chessMates = []struct {
	name, fen, first string
	mate             int // moves (of the side to move)
}{
	{"back rank", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", 1},
	{"scholar", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7", 1},
	{"knight sacrifice", "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", "d5f6", 2},
	{"rook ladder", "2k5/8/1K6/8/8/8/8/7R w - - 0 1", "h1d1", 2},
	{"interference", "6k1/5ppp/8/8/3q4/8/5PPP/R5K1 w - - 0 1", "a1a8", 2},
	{"black rook sacrifice", "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", "g2g1", 2},
	{"king hunt", "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", "f8c5", 3},
}

func TestChessMates(t *testing.T) {
	g := chessGame(t)
	for _, tc := range chessMates {
		t.Run(tc.name, func(t *testing.T) {
			s := chessPos(t, g, tc.fen)
			p := NewPlayer(g, 4)
			r := p.Search(context.Background(), s, search.Limits{Depth: 2*tc.mate + 2}, nil)
			if got := s.FormatMove(r.Move); got != tc.first {
				t.Errorf("move %s, want %s", got, tc.first)
			}
			if want := 2*tc.mate - 1; r.Info.Mate != want {
				t.Errorf("Info.Mate = %d plies, want %d (score %d)", r.Info.Mate, want, r.Info.Score)
			}
			if want := search.MateScore - (2*tc.mate - 1); r.Info.Score != want {
				t.Errorf("score %d, want %d", r.Info.Score, want)
			}
		})
	}
}

// A side that will be mated reports a negative mate distance in plies:
// black's only move Kb8 is answered by Rh8# (Stockfish 17: "mate -1").
func TestChessMatedScore(t *testing.T) {
	g := chessGame(t)
	s := chessPos(t, g, "k7/8/1K6/8/8/8/8/7R b - - 0 1")
	p := NewPlayer(g, 4)
	r := p.Search(context.Background(), s, search.Limits{Depth: 6, Infinite: false}, nil)
	if r.Info.Mate != -2 || r.Info.Score != -(search.MateScore-2) {
		t.Fatalf("mate %d, score %d; want -2 plies", r.Info.Mate, r.Info.Score)
	}
}

// Tactics that win material: the best move (checked with Stockfish 17 at
// depth 16) and a score of at least three pawns. Constructed positions.
func TestChessTactics(t *testing.T) {
	meepletest.OneGoroutine(t)
	t.Parallel()
	g := chessGame(t)
	for _, tc := range []struct{ name, fen, best string }{
		{"knight fork", "r3k3/8/8/1N6/8/8/5PPP/6K1 w - - 0 1", "b5c7"},
		{"free queen", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := chessPos(t, g, tc.fen)
			p := NewPlayer(g, 4)
			r := p.Search(context.Background(), s, search.Limits{Nodes: 300_000}, nil)
			if got := s.FormatMove(r.Move); got != tc.best {
				t.Errorf("move %s, want %s", got, tc.best)
			}
			if r.Info.Score < 300 {
				t.Errorf("score %d, want >= 300", r.Info.Score)
			}
		})
	}
}

// Random positions from seeded playouts: the move is legal and the state is
// as it was (FEN, hash, history length).
func TestChessLegalAndUnchanged(t *testing.T) {
	meepletest.OneGoroutine(t)
	t.Parallel()
	g := chessGame(t)
	rng := rand.New(rand.NewPCG(1, 2))
	p := NewPlayer(g, 1)
	var buf []games.Move
	for game := range playertest.Size(6, 6, 2) {
		s := g.NewChess()
		for ply := 0; ply < 60 && s.Player() >= 0; ply++ {
			fen, hash, plies := s.Position(), s.Hash(), s.Plies()
			r := p.Search(context.Background(), s, search.Limits{Nodes: 2000}, nil)
			if s.Position() != fen || s.Hash() != hash || s.Plies() != plies {
				t.Fatalf("game %d ply %d: state changed: %s -> %s", game, ply, fen, s.Position())
			}
			buf = s.LegalMoves(buf)
			if !slices.Contains(buf, r.Move) {
				t.Fatalf("illegal move %v in %s", r.Move, fen)
			}
			if rng.IntN(3) == 0 {
				s.Play(r.Move)
			} else {
				s.Play(buf[rng.IntN(len(buf))])
			}
		}
	}
	// A finished game has no move.
	s := chessPos(t, g, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1")
	if r := p.Search(context.Background(), s, search.Limits{Nodes: 100}, nil); r.Move != games.NoMove {
		t.Fatalf("a mated position gave %v", r.Move)
	}
}

func TestChessNodeLimitDeterministic(t *testing.T) {
	g := chessGame(t)
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
	var res [2]search.Result
	for i := range res {
		p := NewPlayer(g, 2)
		res[i] = p.Search(context.Background(), chessPos(t, g, fen), search.Limits{Nodes: 50_000}, nil)
	}
	if res[0].Move != res[1].Move || res[0].Info.Nodes != res[1].Info.Nodes || res[0].Info.Score != res[1].Info.Score {
		t.Fatalf("two searches differ: %+v vs %+v", res[0].Info, res[1].Info)
	}
	if n := res[0].Info.Nodes; n > 50_000+search.MaxPly {
		t.Fatalf("searched %d nodes, limit 50000", n)
	}
}

// Stopping: a cancelled infinite search answers promptly with a legal move.
func TestChessStop(t *testing.T) {
	g := chessGame(t)
	s := g.NewChess()
	p := NewPlayer(g, 4)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan search.Result)
	go func() { done <- p.Search(ctx, s, search.Limits{Infinite: true}, nil) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case r := <-done:
		if !slices.Contains(s.LegalMoves(nil), r.Move) {
			t.Fatalf("illegal move %v", r.Move)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("search did not stop within 10s of cancel")
	}
}

// A clock is respected: with one second left the search ends well inside it.
func TestChessClock(t *testing.T) {
	g := chessGame(t)
	s := g.NewChess()
	p := NewPlayer(g, 4)
	start := time.Now()
	lim := search.Limits{Time: []time.Duration{time.Second, time.Second}, Inc: []time.Duration{10 * time.Millisecond, 10 * time.Millisecond}}
	r := p.Search(context.Background(), s, lim, nil)
	if el := time.Since(start); el > 900*time.Millisecond {
		t.Fatalf("took %v of a 1s clock", el)
	}
	if r.Move == games.NoMove {
		t.Fatal("no move")
	}
}

// chessPolicy in the cases where a clock is lost: little time left, the
// last move before a time control, a clock below the increment, a few
// milliseconds left. No wall clock: the budget is a pure function.
func TestChessBudget(t *testing.T) {
	const ms = time.Millisecond
	clock := func(left, inc time.Duration) search.Limits {
		return search.Limits{Time: []time.Duration{left, time.Minute}, Inc: []time.Duration{inc, inc}}
	}
	with := func(lim search.Limits, f func(*search.Limits)) search.Limits { f(&lim); return lim }
	for _, tc := range []struct {
		name       string
		lim        search.Limits
		soft, hard time.Duration // within a millisecond
	}{
		{"10+0.1 start", clock(10*time.Second, 100*ms), 573 * ms, 1720 * ms},
		{"1+0.01 start", clock(time.Second, 10*ms), 56 * ms, 168 * ms},
		{"1+0.01 100ms left", clock(100*ms, 10*ms), 10 * ms, 17 * ms},
		{"1+0.01 40ms left", clock(40*ms, 10*ms), 2 * ms, 2 * ms},
		{"left below the increment", clock(40*ms, 100*ms), 2 * ms, 2 * ms},
		{"at the overhead", clock(30*ms, 10*ms), chessPolicy.MinThink, chessPolicy.MinThink},
		{"emergency: 5ms left", clock(5*ms, 10*ms), chessPolicy.MinThink, chessPolicy.MinThink},
		{"emergency: 1ms left", clock(ms, 0), chessPolicy.MinThink, chessPolicy.MinThink},
		{"emergency: overhead 1ms, 5ms left", with(clock(5*ms, 0), func(l *search.Limits) { l.MoveOverhead = ms }), chessPolicy.MinThink, chessPolicy.MinThink},
		{"last move before the control", with(clock(2*time.Second, 0), func(l *search.Limits) { l.MovesToGo = 1 }), 1477 * ms, 1477 * ms},
		{"two moves before the control", with(clock(time.Second, 0), func(l *search.Limits) { l.MovesToGo = 2 }), 364 * ms, 364 * ms},
		{"last increment: movestogo 1, 100ms left", with(clock(100*ms, 10*ms), func(l *search.Limits) { l.MovesToGo = 1 }), 52 * ms, 52 * ms},
		{"Move Overhead 100ms", with(clock(time.Second, 0), func(l *search.Limits) { l.MoveOverhead = 100 * ms }), 45 * ms, 135 * ms},
		{"movetime", search.Limits{MoveTime: 50 * ms}, 40 * ms, 40 * ms}, // less the overhead, at most a fifth
		{"movetime long", search.Limits{MoveTime: 1000 * ms}, 970 * ms, 970 * ms},
		{"no clock", search.Limits{Depth: 3}, 0, 0},
		{"infinite", with(clock(time.Second, 0), func(l *search.Limits) { l.Infinite = true }), 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			soft, hard := chessPolicy.Allocate(tc.lim, 0)
			if (soft-tc.soft).Abs() > ms || (hard-tc.hard).Abs() > ms {
				t.Errorf("soft %v hard %v, want %v %v", soft, hard, tc.soft, tc.hard)
			}
		})
	}
	// Over a grid of clocks: the search never plans to spend past the
	// clock less the overhead, except the minimum in an emergency.
	for _, left := range []time.Duration{ms, 3 * ms, 10 * ms, 29 * ms, 31 * ms, 45 * ms, 100 * ms, 999 * ms, 10 * time.Second} {
		for _, inc := range []time.Duration{0, 10 * ms, 100 * ms, time.Second} {
			for _, mtg := range []int{0, 1, 2, 40} {
				for _, overhead := range []time.Duration{0, ms, 30 * ms, 200 * ms} {
					lim := clock(left, inc)
					lim.MovesToGo, lim.MoveOverhead = mtg, overhead
					soft, hard := chessPolicy.Allocate(lim, 0)
					o := cmp.Or(overhead, chessPolicy.Overhead)
					share := (left - o) * 3 / 4 // movestogo 1
					if mtg == 0 || mtg > 2 {
						share = (left - o) / 4
					}
					if soft > hard || hard < chessPolicy.MinThink || hard > chessPolicy.MinThink && hard > share {
						t.Errorf("left %v inc %v movestogo %d overhead %v: soft %v hard %v", left, inc, mtg, overhead, soft, hard)
					}
				}
			}
		}
	}
}

// stopAfter: the less settled the best move, and after a fall in the
// score, the more of the soft limit iterative deepening may use; never
// past a quarter more than all of it (the hard limit, three times soft,
// still stops the search).
func TestChessStopAfter(t *testing.T) {
	const soft = 400 * time.Millisecond
	for _, tc := range []struct {
		stable, drop int
		want         time.Duration
	}{
		{0, 0, 400 * time.Millisecond},
		{1, 0, 300 * time.Millisecond},
		{2, 0, 240 * time.Millisecond},
		{3, 0, 200 * time.Millisecond},
		{9, -50, 200 * time.Millisecond},
		{9, 24, 200 * time.Millisecond},
		{9, 25, 248 * time.Millisecond}, // 50 + 50/4 per cent, in whole per cent
		{0, 300, 500 * time.Millisecond},
	} {
		if got := stopAfter(soft, tc.stable, tc.drop); got != tc.want {
			t.Errorf("stable %d drop %d: %v, want %v", tc.stable, tc.drop, got, tc.want)
		}
	}
}

// The table keeps a search and cuts the next: after a search to depth 9,
// the root's entry holds the move played at that depth, and a second
// search of the same position costs half the first or less. (Neither
// held when the singular extension's excluded move started as zero, not
// NoMove: every node then counted as a singular search's and neither
// probed nor stored.) How much less than half varies with the position
// and the evaluation: the second search has the table's moves where the
// first reduced a ply for the want of one.
func TestChessTableReuse(t *testing.T) {
	g := chessGame(t)
	p := NewPlayer(g, 16)
	s := chessPos(t, g, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3")
	r := p.Search(context.Background(), s, search.Limits{Depth: 9}, nil)
	if e, hit := p.ttProbe(s.Hash()); !hit || int(e.depth) < 9 || games.Move(e.move) != r.Move {
		t.Errorf("root entry: hit %v, depth %d, move %s; want depth 9 or more, move %s", hit, e.depth, s.FormatMove(games.Move(e.move)), s.FormatMove(r.Move))
	}
	first := r.Info.Nodes
	again := p.Search(context.Background(), s, search.Limits{Depth: 9}, nil).Info.Nodes
	if again*2 > first {
		t.Errorf("depth 9: %d nodes, again %d: the table did not cut", first, again)
	}
}

// searchmoves: the search itself keeps to the root moves given; with the
// mate left out, the score is no mate.
func TestChessRootMoves(t *testing.T) {
	g := chessGame(t)
	const fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1" // a1a8 mates
	s := chessPos(t, g, fen)
	var only []games.Move
	for _, text := range []string{"a1a2", "g1f1"} {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		only = append(only, m)
	}
	p := NewPlayer(g, 1)
	var infos []search.Info
	r := p.Search(context.Background(), s, search.Limits{Depth: 5, RootMoves: only}, func(in search.Info) { infos = append(infos, in) })
	if !slices.Contains(only, r.Move) {
		t.Fatalf("searchmoves a1a2 g1f1: played %s", s.FormatMove(r.Move))
	}
	for _, in := range infos {
		if !slices.Contains(only, in.PV[0]) || in.Mate > 0 {
			t.Errorf("info %+v: the PV starts outside searchmoves or finds the mate", in)
		}
	}
	// The restriction ends with its search; moves not legal are ignored.
	illegal := games.Move(0xfffff)
	for _, lim := range []search.Limits{{Depth: 3}, {Depth: 3, RootMoves: []games.Move{illegal}}} {
		if r := p.Search(context.Background(), s, lim, nil); s.FormatMove(r.Move) != "a1a8" {
			t.Errorf("%+v: played %s, want the mate a1a8", lim, s.FormatMove(r.Move))
		}
	}
}

// MultiPV: every depth reports that many lines, ranked 1.., each led by
// another root move, best first; the move played leads line 1.
func TestChessMultiPV(t *testing.T) {
	g := chessGame(t)
	const fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1" // a1a8 mates; the rest do not
	s := chessPos(t, g, fen)
	p := NewPlayer(g, 1)
	byDepth := map[int][]search.Info{}
	r := p.Search(context.Background(), s, search.Limits{Depth: 4, MultiPV: 3}, func(in search.Info) {
		byDepth[in.Depth] = append(byDepth[in.Depth], in)
	})
	if s.FormatMove(r.Move) != "a1a8" {
		t.Errorf("played %s, want the mate a1a8", s.FormatMove(r.Move))
	}
	for d := 1; d <= 4; d++ {
		lines := byDepth[d]
		if len(lines) != 3 {
			t.Fatalf("depth %d: %d lines, want 3", d, len(lines))
		}
		seen := map[games.Move]bool{}
		for i, in := range lines {
			if in.MultiPV != i+1 || seen[in.PV[0]] || (i > 0 && in.Score > lines[i-1].Score && in.Mate == 0 && lines[i-1].Mate == 0) {
				t.Errorf("depth %d line %d: multipv %d, %s, score %d", d, i+1, in.MultiPV, s.FormatMove(in.PV[0]), in.Score)
			}
			seen[in.PV[0]] = true
		}
		if s.FormatMove(lines[0].PV[0]) != "a1a8" || lines[1].Mate > 0 {
			t.Errorf("depth %d: line 1 %s (mate %d), line 2 mate %d", d, s.FormatMove(lines[0].PV[0]), lines[0].Mate, lines[1].Mate)
		}
	}
	// More lines than moves: as many as there are.
	one := chessPos(t, g, "7k/8/8/8/8/8/8/K6R b - - 0 1")
	n := 0
	p.Search(context.Background(), one, search.Limits{Depth: 2, MultiPV: 5}, func(in search.Info) {
		if in.Depth == 2 {
			n++
		}
	})
	if want := len(one.LegalMoves(nil)); n != want {
		t.Errorf("MultiPV 5 with %d legal moves: %d lines at depth 2", want, n)
	}
}

// Clear: entries of an earlier game are not found, though the table is
// not zeroed; hashfull counts this search's entries.
func TestChessClearEpoch(t *testing.T) {
	g := chessGame(t)
	s := g.NewChess()
	p := NewPlayer(g, 1)
	r := p.Search(context.Background(), s, search.Limits{Depth: 6}, nil)
	if _, ok := p.ttProbe(s.Hash()); !ok {
		t.Fatal("the root is not in the table after a search")
	}
	if r.Info.HashFull <= 0 || r.Info.HashFull > 1000 {
		t.Errorf("hashfull %d after a search of %d nodes in 1 MB", r.Info.HashFull, r.Info.Nodes)
	}
	p.Clear()
	if _, ok := p.ttProbe(s.Hash()); ok {
		t.Error("the root is still found after Clear")
	}
	if n := p.hashFull(); n != 0 {
		t.Errorf("hashfull %d after Clear", n)
	}
	// The epoch wraps around: the table is zeroed then.
	p.Search(context.Background(), s, search.Limits{Depth: 4}, nil)
	p.epoch = math.MaxUint16
	p.Clear()
	if p.epoch != 0 || p.tt[s.Hash()&uint64(len(p.tt)-1)] != (chessTTEntry{}) {
		t.Error("a wrapped epoch did not zero the table")
	}
	r2 := p.Search(context.Background(), s, search.Limits{Depth: 6}, nil)
	if r2.Move != r.Move || r2.Info.Nodes != r.Info.Nodes {
		t.Errorf("after Clear: %s in %d nodes, a fresh player %s in %d", s.FormatMove(r2.Move), r2.Info.Nodes, s.FormatMove(r.Move), r.Info.Nodes)
	}
}

func TestChessSEE(t *testing.T) {
	g := chessGame(t)
	for _, tc := range []struct {
		fen, move string
		want      int
	}{
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},                         // a free pawn
		{"4k3/2p5/3p4/8/8/8/3R4/4K3 w - - 0 1", "d2d6", 100 - 500},                 // rook takes a defended pawn
		{"4k3/8/2n5/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},                       // PxP, NxP: even... pawn for pawn then nothing
		{"1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},           // the wiki's SEE example
		{"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "d3e5", -220}, // the wiki's second: N for P, then loses
	} {
		s := chessPos(t, g, tc.fen)
		m, err := s.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		p := NewPlayer(g, 1)
		p.s = s
		if got := p.see(m); got != tc.want {
			t.Errorf("%s %s: see %d, want %d", tc.fen, tc.move, got, tc.want)
		}
	}
}

func TestChessEvalSymmetric(t *testing.T) {
	g := chessGame(t)
	var e chessEval
	for _, pair := range [][2]string{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"r3k2r/pp3ppp/2n5/3p4/8/5N2/PPP2PPP/R3K2R w KQkq - 0 1", "r3k2r/ppp2ppp/5n2/8/3P4/2N5/PP3PPP/R3K2R b KQkq - 0 1"},
	} {
		a, b := e.evaluate(chessPos(t, g, pair[0])), e.evaluate(chessPos(t, g, pair[1]))
		if a != b {
			t.Errorf("mirrored positions score %d and %d", a, b)
		}
	}
	if v := e.evaluate(g.NewChess()); v != int(weights[wTempo].mg) {
		t.Errorf("start position scores %d, want the tempo %d", v, weights[wTempo].mg)
	}
}

// The tuner sees the evaluation as the sum of its weights times the
// trace's counts: that sum must be the evaluation itself.
func TestChessEvalTrace(t *testing.T) {
	g := chessGame(t)
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"r3k2r/pp3ppp/2n5/3p4/8/5N2/PPP2PPP/R3K2R w KQkq - 0 1",
		"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
		"8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
		"r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
		"8/5k2/3b4/8/3P4/8/2B2K2/8 w - - 0 1",                          // bishops of opposite colours
		"r1bqr1k1/pp4pp/2p2b2/3pN3/3P4/2NBP3/PP3PPP/R2Q1RK1 b - - 0 1", // a knight on an outpost
	} {
		s := chessPos(t, g, fen)
		var tr evalTrace
		got := evaluate(s, &tr)
		var mg, eg int
		for i, c := range tr.coef {
			mg += int(c) * int(weights[i].mg)
			eg += int(c) * int(weights[i].eg)
		}
		want := (mg*tr.phase + eg*tr.scale/64*(phaseTotal-tr.phase)) / phaseTotal
		if s.SideToMove() == chess.Black {
			want = -want
		}
		if got != want {
			t.Errorf("%s: evaluate %d, the trace's sum %d", fen, got, want)
		}
	}
}

// The evaluation's endgame part is halved with bishops of opposite
// colours and nothing else but pawns, not with bishops of one colour; a
// knight on e5 defended by a pawn, no black pawn on d or f to chase it,
// is on an outpost, and not once a black pawn on f7 can.
func TestChessEvalTerms(t *testing.T) {
	g := chessGame(t)
	for _, tc := range []struct {
		fen           string
		scale, posted int32
	}{
		{"8/5k2/3b4/8/3P4/8/2B2K2/8 w - - 0 1", 32, 0},
		{"8/5k2/4b3/8/3P4/8/2B2K2/8 w - - 0 1", 64, 0},
		{"r1bqr1k1/pp4pp/2p2b2/3pN3/3P4/2NBP3/PP3PPP/R2Q1RK1 b - - 0 1", 64, 1},
		{"r1bqr1k1/pp3ppp/2p2b2/3pN3/3P4/2NBP3/PP3PPP/R2Q1RK1 b - - 0 1", 64, 0},
	} {
		var tr evalTrace
		evaluate(chessPos(t, g, tc.fen), &tr)
		if int32(tr.scale) != tc.scale || tr.coef[wOutpost] != tc.posted {
			t.Errorf("%s: scale %d, knights on outposts %d; want %d and %d", tc.fen, tr.scale, tr.coef[wOutpost], tc.scale, tc.posted)
		}
	}
}

// The terms counted on small positions, white's less black's. The king's
// pawns: white's king on g1 has its own pawns one rank in front on f and
// g, two on h, and a black pawn three ranks in front on g (a storm;
// blocked when it stands right in front of g2, on g3); black's on b8 has
// its pawns one rank in front on a, b and c. Then a rook on the seventh
// with black pawns there; black's king three squares from its nearest
// pawn; a pawn that could go to e5 safely and attack two knights there,
// and none when a black pawn guards e5; a knight with a pawn right in
// front of it.
func TestChessEvalCounts(t *testing.T) {
	g := chessGame(t)
	for _, tc := range []struct {
		fen  string
		w    int
		want int32
	}{
		{"1k6/ppp5/8/8/6p1/7P/5PP1/6K1 w - - 0 1", wStorm + 3, 1},
		{"1k6/ppp5/8/8/6p1/7P/5PP1/6K1 w - - 0 1", wStormBlocked + 2, 0},
		{"1k6/ppp5/8/8/6p1/7P/5PP1/6K1 w - - 0 1", wShelter + 1, -1},
		{"1k6/ppp5/8/8/6p1/7P/5PP1/6K1 w - - 0 1", wShelter + 2, 1},
		{"1k6/ppp5/8/8/6p1/7P/5PP1/6K1 w - - 0 1", wStorm + 7, -1},
		{"1k6/ppp5/8/8/6p1/7P/5PP1/6K1 w - - 0 1", wStormBlocked + 7, 0},
		{"1k6/ppp5/8/8/8/6pP/5PP1/6K1 w - - 0 1", wStorm + 3, 0},
		{"1k6/ppp5/8/8/8/6pP/5PP1/6K1 w - - 0 1", wStormBlocked + 2, 1},
		{"1k6/ppp5/8/8/8/6pP/5PP1/6K1 w - - 0 1", wShelter + 1, -1},
		{"1k6/ppp5/8/8/8/6pP/5PP1/6K1 w - - 0 1", wShelter + 2, 1},
		{"1k6/ppp5/8/8/8/6pP/5PP1/6K1 w - - 0 1", wStorm + 7, -1},
		{"1k6/ppp5/8/8/8/6pP/5PP1/6K1 w - - 0 1", wStormBlocked + 7, 0},
		{"4k3/Rp6/8/8/8/8/8/4K3 w - - 0 1", wRookSeventh, 1},
		{"4k3/Rp6/8/8/8/8/8/4K3 w - - 0 1", wKingPawn + 3, -1},
		{"4k3/8/3n1n2/8/4P3/8/8/4K3 w - - 0 1", wPushThreat, 2},
		{"4k3/8/3n1p2/8/4P3/8/8/4K3 w - - 0 1", wPushThreat, 0}, // f6's pawn guards e5
		{"4k3/8/8/8/3P4/3N4/8/4K3 w - - 0 1", wMinorBehind, 1},
	} {
		var tr evalTrace
		evaluate(chessPos(t, g, tc.fen), &tr)
		if tr.coef[tc.w] != tc.want {
			t.Errorf("%s: weight %d counted %d, want %d", tc.fen, tc.w, tr.coef[tc.w], tc.want)
		}
	}
}

func TestChessSearchAllocs(t *testing.T) {
	g := chessGame(t)
	p := NewPlayer(g, 1)
	s := g.NewChess()
	p.Search(context.Background(), s, search.Limits{Nodes: 20_000}, nil) // grow the history stack
	p.s = s
	allocs := testing.AllocsPerRun(3, func() {
		p.nodeLimit, p.nodes, p.aborted = 20_000, 0, false
		p.negamax(-chessInf, chessInf, 5, 0, true, p.gen)
	})
	if allocs > 0 {
		t.Fatalf("%v allocations in a search", allocs)
	}
}

// TestStrengthChess, a sanity check: with fixed node budgets from seeded
// openings, the chess player beats the generic alpha-beta (terminal
// scores only) and a random mover. It is cheap, so the quick version is
// the full one.
func TestStrengthChess(t *testing.T) {
	playertest.SkipIfShort(t)
	g := chessGame(t)
	for _, opp := range []struct {
		name string
		new  func() search.Searcher
	}{
		{"alphabeta", func() search.Searcher { return search.NewAlphaBeta(nil, 1) }},
		{"random", func() search.Searcher { return search.Random{Seed: 7} }},
	} {
		t.Run(opp.name, func(t *testing.T) {
			wins, losses, draws := 0, 0, 0
			for game := range 4 {
				me := game % 2
				seats := [2]search.Searcher{}
				seats[me] = NewPlayer(g, 2)
				seats[1-me] = opp.new()
				s := g.NewChess()
				rng := rand.New(rand.NewPCG(uint64(game/2), 9))
				for range 4 {
					ms := s.LegalMoves(nil)
					s.Play(ms[rng.IntN(len(ms))])
				}
				lim := search.Limits{Nodes: 5000}
				for ply := 0; ply < 300 && s.Player() >= 0; ply++ {
					r := seats[s.Player()].Search(context.Background(), s, lim, nil)
					if !slices.Contains(s.LegalMoves(nil), r.Move) {
						t.Fatalf("illegal move %v in %s", r.Move, s.Position())
					}
					s.Play(r.Move)
				}
				switch s.Winner() {
				case me:
					wins++
				case -1:
					draws++
				default:
					losses++
				}
			}
			t.Logf("chess vs %s: %d won, %d drawn, %d lost of 4 (threshold: 3 won, 0 lost)", opp.name, wins, draws, losses)
			if losses > 0 || wins < 3 {
				t.Fatalf("vs %s: +%d -%d =%d, want at least 3 wins and no loss", opp.name, wins, losses, draws)
			}
		})
	}
}

func BenchmarkChessSearch(b *testing.B) {
	g := chessGame(b)
	fens := []string{
		"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	}
	p := NewPlayer(g, 16)
	b.ReportAllocs()
	var nodes int64
	start := time.Now()
	for i := 0; b.Loop(); i++ {
		p.Clear()
		s := chessPos(b, g, fens[i%len(fens)])
		r := p.Search(context.Background(), s, search.Limits{Depth: 7}, nil)
		nodes += r.Info.Nodes
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

// BenchmarkChessClear is the cost of a new game (ucinewgame) with the
// default 16 MB table.
func BenchmarkChessClear(b *testing.B) {
	g := chessGame(b)
	p := NewPlayer(g, search.DefaultHashMB)
	p.Search(context.Background(), g.NewChess(), search.Limits{Depth: 6}, nil)
	b.ReportAllocs()
	for b.Loop() {
		p.Clear()
	}
}
