package players

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"meeple/games"
	"meeple/games/chess"
	"meeple/internal/search"
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

func TestChessAutoIsChessPlayer(t *testing.T) {
	p, err := New(chessGame(t), Config{Algorithm: Auto})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.(*ChessPlayer); !ok {
		t.Fatalf("auto for chess is %T, want *ChessPlayer", p)
	}
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
			p := NewChessPlayer(g, 4)
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
	p := NewChessPlayer(g, 4)
	r := p.Search(context.Background(), s, search.Limits{Depth: 6, Infinite: false}, nil)
	if r.Info.Mate != -2 || r.Info.Score != -(search.MateScore-2) {
		t.Fatalf("mate %d, score %d; want -2 plies", r.Info.Mate, r.Info.Score)
	}
}

// Tactics that win material: the best move (checked with Stockfish 17 at
// depth 16) and a score of at least three pawns. Constructed positions.
func TestChessTactics(t *testing.T) {
	g := chessGame(t)
	for _, tc := range []struct{ name, fen, best string }{
		{"knight fork", "r3k3/8/8/1N6/8/8/5PPP/6K1 w - - 0 1", "b5c7"},
		{"free queen", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "d2d5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := chessPos(t, g, tc.fen)
			p := NewChessPlayer(g, 4)
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
	g := chessGame(t)
	rng := rand.New(rand.NewPCG(1, 2))
	p := NewChessPlayer(g, 1)
	var buf []games.Move
	for game := range 6 {
		s := g.NewChess()
		for ply := 0; ply < 60 && s.Player() >= 0; ply++ {
			fen, hash, plies := s.Position(), s.Hash(), s.Plies()
			r := p.Search(context.Background(), s, search.Limits{Nodes: 2000}, nil)
			if s.Position() != fen || s.Hash() != hash || s.Plies() != plies {
				t.Fatalf("game %d ply %d: state changed: %s -> %s", game, ply, fen, s.Position())
			}
			buf = s.LegalMoves(buf)
			if !contains(buf, r.Move) {
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
		p := NewChessPlayer(g, 2)
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
	p := NewChessPlayer(g, 4)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan search.Result)
	go func() { done <- p.Search(ctx, s, search.Limits{Infinite: true}, nil) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case r := <-done:
		if !contains(s.LegalMoves(nil), r.Move) {
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
	p := NewChessPlayer(g, 4)
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
		p := NewChessPlayer(g, 1)
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
	if v := e.evaluate(g.NewChess()); v != tempo {
		t.Errorf("start position scores %d, want the tempo %d", v, tempo)
	}
}

func TestChessSearchAllocs(t *testing.T) {
	g := chessGame(t)
	p := NewChessPlayer(g, 1)
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

// The strength sanity check: with fixed node budgets from seeded openings,
// the chess player beats the generic alpha-beta (terminal scores only) and
// a random mover.
func TestChessStrength(t *testing.T) {
	if testing.Short() {
		t.Skip("strength: skipped under -short")
	}
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
				seats[me] = NewChessPlayer(g, 2)
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
					if !contains(s.LegalMoves(nil), r.Move) {
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
			t.Logf("vs %s: +%d -%d =%d", opp.name, wins, losses, draws)
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
	p := NewChessPlayer(g, 16)
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
	p := NewChessPlayer(g, search.DefaultHashMB)
	p.Search(context.Background(), g.NewChess(), search.Limits{Depth: 6}, nil)
	b.ReportAllocs()
	for b.Loop() {
		p.Clear()
	}
}
