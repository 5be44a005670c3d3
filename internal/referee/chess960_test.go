package referee

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
	"github.com/meeple-games/meeple/internal/record"
)

// chess960Numbers are the start arrays the Chess960 matches play: the
// standard array (518, which still goes as a FEN, castling king takes rook)
// and n seeded others.
func chess960Numbers(n int) []int {
	rng := rand.New(rand.NewPCG(960, 17))
	out := []int{518}
	for len(out) < n+1 {
		if k := rng.IntN(960); k != 518 {
			out = append(out, k)
		}
	}
	return out
}

// shortOr is long, or short under -short (the race run).
func shortOr(long, short int) int {
	if testing.Short() {
		return short
	}
	return long
}

// playChess960 plays a two-game match of chess960(number=N) for each
// array between two UCI engines at a few thousand nodes a move, checks
// that every game ends by the rules (or the ply cap), never by a forfeit,
// and that the records replay, and returns how many castlings were played.
func playChess960(t *testing.T, numbers []int, a, b EngineConfig) (castlings int) {
	t.Helper()
	for _, n := range numbers {
		cfg := testConfig(t, fmt.Sprintf("chess960(number=%d)", n), 2, a, b)
		cfg.Timeouts = peerTimeouts
		cfg.Limits.Nodes = int64(shortOr(3000, 500))
		cfg.MaxPlies = shortOr(120, 60)
		cfg.Out = filepath.Join(t.TempDir(), fmt.Sprint(n))
		run(t, cfg)
		recs, err := ReadFile(filepath.Join(cfg.Out, RecordsFile))
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != 2 {
			t.Fatalf("array %d: %d records, want 2", n, len(recs))
		}
		for _, r := range recs {
			if r.Termination != record.Normal && r.Termination != record.MaxPlies {
				t.Errorf("array %d, game %d (%s): %s: %s", n, r.Game, strings.Join(r.Seats, " vs "), r.Termination, r.Reason)
			}
			if err := record.Replay(r); err != nil {
				t.Errorf("array %d, game %d does not replay: %v", n, r.Game, err)
			}
			c := countCastlings(t, r)
			castlings += c
			t.Logf("array %d, game %d: %s, %s after %d plies, %d castlings", n, r.Game, strings.Join(r.Seats, " vs "), r.Termination, len(r.Plies), c)
		}
	}
	return castlings
}

// countCastlings replays a record's moves and counts the castlings.
func countCastlings(t *testing.T, r *record.Record) int {
	t.Helper()
	v, err := games.LoadVariant(r.Rules)
	if err != nil {
		t.Fatal(err)
	}
	st := v.Game.NewState()
	n := 0
	for _, p := range r.Plies {
		m, err := games.ParseLegal(st, p.Move)
		if err != nil {
			t.Fatalf("game %d: %v", r.Game, err)
		}
		if chess.IsCastling(m) {
			n++
		}
		st.Play(m)
	}
	return n
}

// smallHash gives meeple a table of 1 MB: at a few thousand nodes a move
// it fills a fraction of that, and each of its processes would otherwise
// fault in and clear 16 MB (a third of its CPU in these games).
func smallHash(e EngineConfig) EngineConfig {
	e.Options = append(e.Options, EngineOption{"Hash", "1"})
	return e
}

// TestChess960Stockfish plays meeple over UCI against Stockfish from five
// Chess960 arrays: the referee sends each start as a FEN and sets
// UCI_Chess960, and both sides castle king takes rook.
func TestChess960Stockfish(t *testing.T) {
	t.Parallel()
	sf := stockfishPath(t)
	me := smallHash(realEngineAs("meeple", "uci"))
	stockfish := EngineConfig{Name: "stockfish", Cmd: sf, Proto: "uci", Restart: true,
		Options: []EngineOption{{"Threads", "1"}, {"Hash", "16"}}}
	if n := playChess960(t, chess960Numbers(shortOr(4, 1)), me, stockfish); n == 0 {
		t.Error("no game castled: the arrays test too little")
	}
}

// TestChess960UCI plays meeple against meeple over UCI from Chess960
// arrays.
func TestChess960UCI(t *testing.T) {
	t.Parallel()
	me := func(name string) EngineConfig {
		return smallHash(realEngineAs(name, "uci"))
	}
	if n := playChess960(t, chess960Numbers(shortOr(2, 1)), me("a"), me("b")); n == 0 {
		t.Error("no game castled: the arrays test too little")
	}
}

// TestChess960NeedsOption: a UCI engine that does not list UCI_Chess960
// fails a Chess960 match before its first game.
func TestChess960NeedsOption(t *testing.T) {
	plain := EngineConfig{Name: "plain", Cmd: self, Env: []string{"REFEREE_HELPER=plainuci"}, Proto: "uci", Restart: true}
	me := realEngineAs("meeple", "uci")
	cfg := testConfig(t, "chess960", 2, me, plain)
	_, err := Run(t.Context(), cfg)
	if err == nil || !strings.Contains(err.Error(), "engine plain: chess960 is Chess960, and the engine does not list the UCI_Chess960 option") {
		t.Fatalf("Run: %v; want the missing UCI_Chess960 named", err)
	}
	if recs, _ := ReadFile(filepath.Join(cfg.Out, RecordsFile)); len(recs) != 0 {
		t.Errorf("%d games played; want none", len(recs))
	}
	// Standard chess does not need it.
	cfg = testConfig(t, "chess", 2, me, plain)
	cfg.MaxPlies = 1
	if _, err := Run(t.Context(), cfg); err != nil {
		t.Errorf("chess: %v", err)
	}
}
