package chess

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// stockfish is a Stockfish process driven over UCI for its perft divide
// ("go perft N" prints "move: count" per legal move, then "Nodes
// searched: total").
type stockfish struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// startStockfish runs Debian's stockfish (/usr/games/stockfish, or one on
// PATH). Without one the test is skipped, unless MEEPLE_REQUIRE_PEERS is
// set: then it fails.
func startStockfish(t *testing.T, ctx context.Context) *stockfish {
	t.Helper()
	path := "/usr/games/stockfish"
	if _, err := os.Stat(path); err != nil {
		if path, err = exec.LookPath("stockfish"); err != nil {
			if os.Getenv("MEEPLE_REQUIRE_PEERS") != "" {
				t.Fatal("stockfish is not installed (apt-get install stockfish) and MEEPLE_REQUIRE_PEERS is set")
			}
			t.Skip("stockfish is not installed (apt-get install stockfish)")
		}
	}
	cmd := exec.CommandContext(ctx, path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sf := &stockfish{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	t.Cleanup(func() {
		fmt.Fprintln(in, "quit")
		in.Close()
		if err := cmd.Wait(); err != nil && ctx.Err() == nil {
			t.Errorf("stockfish: %v", err)
		}
	})
	sf.send(t, "uci")
	sf.readUntil(t, "uciok")
	return sf
}

func (sf *stockfish) send(t *testing.T, lines ...string) {
	t.Helper()
	for _, l := range lines {
		if _, err := fmt.Fprintln(sf.in, l); err != nil {
			t.Fatalf("stockfish: %v", err)
		}
	}
}

func (sf *stockfish) readUntil(t *testing.T, prefix string) []string {
	t.Helper()
	var lines []string
	for sf.out.Scan() {
		l := sf.out.Text()
		lines = append(lines, l)
		if strings.HasPrefix(l, prefix) {
			return lines
		}
	}
	t.Fatalf("stockfish: output ended before %q: %v", prefix, sf.out.Err())
	return nil
}

// divide asks Stockfish for the perft divide of fen.
func (sf *stockfish) divide(t *testing.T, fen string, depth int) (map[string]uint64, uint64) {
	t.Helper()
	sf.send(t, "position fen "+fen, "go perft "+strconv.Itoa(depth))
	counts := map[string]uint64{}
	var total uint64
	for _, l := range sf.readUntil(t, "Nodes searched:") {
		if n, ok := strings.CutPrefix(l, "Nodes searched: "); ok {
			total, _ = strconv.ParseUint(n, 10, 64)
			continue
		}
		mv, n, ok := strings.Cut(l, ": ")
		if !ok {
			continue
		}
		c, err := strconv.ParseUint(n, 10, 64)
		if err != nil {
			continue
		}
		counts[mv] = c
	}
	return counts, total
}

// TestStockfishDivide compares the perft divide of positions from seeded
// random games, standard and Chess960, with Stockfish's: every move and
// every count. Stockfish is the peer, never the source: it only answers
// "go perft".
func TestStockfishDivide(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	sf := startStockfish(t, ctx)
	positions := 20
	if testing.Short() {
		positions = 6
	}
	// Starts: the arrays, and the perft suite's tricky positions (castling
	// both ways, promotions, en passant, pins) a few random plies on.
	starts := map[string][]string{
		"chess": {"", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
			"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
			"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
		"chess960(number=0)":   {""},
		"chess960(number=600)": {""},
		"chess960(number=87)":  {"", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
	}
	compared := 0
	for _, spec := range []string{"chess", "chess960(number=0)", "chess960(number=600)", "chess960(number=87)"} {
		g := load(t, spec)
		sf.send(t, fmt.Sprintf("setoption name UCI_Chess960 value %v", g.Chess960()), "isready")
		sf.readUntil(t, "readyok")
		n := positions
		if g.Chess960() {
			n = positions / 2
		}
		for i := range n {
			s := g.NewChess()
			plies := 6 + i*5%70
			if start := starts[spec][i%len(starts[spec])]; start != "" {
				s, plies = mustFEN(t, g, start), i%7
			}
			randomPlay(s, uint64(i)+uint64(len(spec))<<8, plies)
			fen := uciFEN(s)
			want, total := sf.divide(t, fen, 3)
			compared += len(want)
			got := map[string]uint64{}
			var sum uint64
			for _, m := range s.GenerateMoves(nil) {
				s.Make(m)
				c := s.Perft(2)
				s.Unmake()
				got[s.FormatMove(m)] = c
				sum += c
			}
			if sum != total || len(got) != len(want) {
				t.Errorf("%s: %s: perft 3 = %d over %d moves; stockfish %d over %d", spec, fen, sum, len(got), total, len(want))
			}
			for mv, c := range want {
				if got[mv] != c {
					t.Errorf("%s: %s: %s: %d; stockfish %d", spec, fen, mv, got[mv], c)
				}
			}
			for mv := range got {
				if _, ok := want[mv]; !ok {
					t.Errorf("%s: %s: %s is not legal for stockfish", spec, fen, mv)
				}
			}
		}
		// The start array itself, one ply deeper.
		s := g.NewChess()
		if _, total := sf.divide(t, uciFEN(s), 4); s.Perft(4) != total {
			t.Errorf("%s: start: perft 4 = %d; stockfish %d", spec, s.Perft(4), total)
		}
	}
	if compared < 200 {
		t.Errorf("only %d moves compared: is stockfish answering?", compared)
	}
}

// uciFEN is the FEN as a UCI engine reads it: Shredder-FEN castling in
// Chess960.
func uciFEN(s *State) string {
	if s.Game().Chess960() {
		return s.ShredderFEN()
	}
	return s.FEN()
}
