package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/internal/search"
)

// epdRecord is one line of an EPD test suite: a position and the
// operations the command uses (bm: best moves, am: moves to avoid, id).
type epdRecord struct {
	line int
	id   string
	st   *chess.State
	bm   []games.Move
	am   []games.Move
}

func runEPD(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "epd", "FILE [flags]", `
Runs a chess test suite in EPD (Extended Position Description): each line
is the first four FEN fields and operations separated by semicolons, of
which bm (the best moves, in SAN), am (moves to avoid) and id (a name) are
used; a line needs bm or am. Each position is searched by the chess engine
("auto") for --movetime milliseconds, or for --nodes nodes (a run that
gives the same figures on a loaded machine); a position is solved when
the move found is one of bm (if given) and none of am (if given). Prints
the id, the expected moves, the move found and ok or FAIL for each, then
"solved N/M". Blank lines and lines starting with # are skipped.

Examples:
  echo 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id "scholar";' > mate.epd
  meeple epd mate.epd --movetime 200`)
	movetime := fs.Int("movetime", 1000, "milliseconds per position")
	nodes := fs.Int64("nodes", 0, "nodes per position instead of a move time (0: --movetime)")
	hash := fs.Int("hash", 64, "transposition table size in megabytes")
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 1, 1); err != nil {
		return err
	}
	if *movetime < 1 {
		return fmt.Errorf("--movetime %d: want at least 1 millisecond", *movetime)
	}
	if *nodes < 0 {
		return fmt.Errorf("--nodes %d: want 0 or more", *nodes)
	}
	lim := search.Limits{MoveTime: time.Duration(*movetime) * time.Millisecond}
	if *nodes > 0 {
		lim = search.Limits{Nodes: *nodes}
	}
	if *hash < 1 || *hash > 16384 {
		return fmt.Errorf("--hash %d: want 1..16384 megabytes", *hash)
	}
	v, err := games.LoadVariant("chess")
	if err != nil {
		return err
	}
	g := v.Game.(*chess.Game)
	f, err := os.Open(args[0])
	if err != nil {
		return err
	}
	defer f.Close()
	recs, err := readEPD(g, f)
	if err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	eng, err := players.New(g, engine.Config{Algorithm: engine.Auto, HashMB: *hash})
	if err != nil {
		return err
	}
	w := env.Stdout
	solved := 0
	for _, r := range recs {
		if c, ok := eng.(search.Clearer); ok {
			c.Clear()
		}
		res := eng.Search(ctx, r.st, lim, nil)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		ok := (len(r.bm) == 0 || slices.Contains(r.bm, res.Move)) && !slices.Contains(r.am, res.Move)
		if ok {
			solved++
		}
		var want []string
		if len(r.bm) > 0 {
			want = append(want, "bm "+sanList(r.st, r.bm))
		}
		if len(r.am) > 0 {
			want = append(want, "am "+sanList(r.st, r.am))
		}
		verdict := "ok"
		if !ok {
			verdict = "FAIL"
		}
		got := "none"
		if res.Move != games.NoMove {
			got = r.st.SAN(res.Move)
		}
		score := fmt.Sprintf("cp %d", res.Info.Score)
		if m := res.Info.Mate; m != 0 {
			score = fmt.Sprintf("mate %d", (m+sign(m))/2)
		}
		fmt.Fprintf(w, "%-12s %-22s got %-8s %-4s (depth %d, %s)\n", r.id, strings.Join(want, "; "), got, verdict, res.Info.Depth, score)
	}
	fmt.Fprintf(w, "solved %d/%d\n", solved, len(recs))
	return nil
}

func sign(x int) int {
	if x < 0 {
		return -1
	}
	return 1
}

func sanList(st *chess.State, ms []games.Move) string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = st.SAN(m)
	}
	return strings.Join(out, " ")
}

// readEPD reads a suite; an error names the line.
func readEPD(g *chess.Game, r io.Reader) ([]epdRecord, error) {
	var recs []epdRecord
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rec, err := parseEPD(g, line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		rec.line = n
		if rec.id == "" {
			rec.id = fmt.Sprintf("line %d", n)
		}
		recs = append(recs, rec)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("no positions")
	}
	return recs, nil
}

// parseEPD reads one EPD line: four FEN fields, then operations, each an
// opcode and operands ended by a semicolon; operands in double quotes may
// hold spaces and semicolons.
func parseEPD(g *chess.Game, line string) (epdRecord, error) {
	var rec epdRecord
	fields := strings.Fields(line)
	if len(fields) < 4 {
		return rec, fmt.Errorf("epd: want four FEN fields, got %d", len(fields))
	}
	// The four fields and the rest, found by position in the line.
	rest := line
	for range 4 {
		rest = strings.TrimLeft(rest, " \t")
		i := strings.IndexAny(rest, " \t")
		if i < 0 {
			i = len(rest)
		}
		rest = rest[i:]
	}
	ops, err := epdOps(rest)
	if err != nil {
		return rec, err
	}
	hmvc, fmvn := "0", "1"
	if v, ok := ops["hmvc"]; ok && len(v) == 1 {
		hmvc = v[0]
	}
	if v, ok := ops["fmvn"]; ok && len(v) == 1 {
		fmvn = v[0]
	}
	st, err := g.ParseFEN(strings.Join(fields[:4], " ") + " " + hmvc + " " + fmvn)
	if err != nil {
		return rec, fmt.Errorf("epd: %w", err)
	}
	rec.st = st
	if v, ok := ops["id"]; ok {
		rec.id = strings.Join(v, " ")
	}
	for _, op := range []string{"bm", "am"} {
		for _, san := range ops[op] {
			m, err := st.ParseSAN(san)
			if err != nil {
				return rec, fmt.Errorf("epd: %s %q: %w", op, san, err)
			}
			if op == "bm" {
				rec.bm = append(rec.bm, m)
			} else {
				rec.am = append(rec.am, m)
			}
		}
	}
	if len(rec.bm) == 0 && len(rec.am) == 0 {
		return rec, fmt.Errorf("epd: no bm or am operation")
	}
	if st.Player() < 0 {
		return rec, fmt.Errorf("epd: the game is over in this position")
	}
	return rec, nil
}

// epdOps splits operations: "bm Qg6; id \"WAC.001\";" gives bm [Qg6] and
// id [WAC.001].
func epdOps(s string) (map[string][]string, error) {
	ops := map[string][]string{}
	var tok []string
	var cur strings.Builder
	inQuote, quoted := false, false
	flush := func() {
		if cur.Len() > 0 || quoted {
			tok = append(tok, cur.String())
		}
		cur.Reset()
		quoted = false
	}
	end := func() error {
		flush()
		if len(tok) == 0 {
			return nil
		}
		op := tok[0]
		if _, dup := ops[op]; dup {
			return fmt.Errorf("epd: operation %q twice", op)
		}
		ops[op] = tok[1:]
		tok = nil
		return nil
	}
	for _, r := range s {
		switch {
		case inQuote:
			if r == '"' {
				inQuote = false
			} else {
				cur.WriteRune(r)
			}
		case r == '"':
			inQuote, quoted = true, true
		case r == ';':
			if err := end(); err != nil {
				return nil, err
			}
		case r == ' ' || r == '\t':
			flush()
		default:
			cur.WriteRune(r)
		}
	}
	if inQuote {
		return nil, fmt.Errorf("epd: unterminated string")
	}
	flush()
	if len(tok) > 0 {
		return nil, fmt.Errorf("epd: operation %q not ended by a semicolon", tok[0])
	}
	return ops, nil
}
