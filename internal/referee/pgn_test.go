package referee

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/version"
)

// pgnGame is a game as a minimal PGN reader (the test's, written from the
// PGN standard, independent of the writer) sees it.
type pgnGame struct {
	tags   map[string]string
	sans   []string
	result string
}

// pgnTag reads a tag pair: [Key "value"], the value with PGN's escapes
// (\" and \\), which Go's unquoting reads the same.
func pgnTag(line string) (string, string, error) {
	k, q, ok := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(line, "["), "]"), " ")
	v, err := strconv.Unquote(q)
	if !ok || err != nil {
		return "", "", fmt.Errorf("%q is not a tag pair", line)
	}
	return k, v, nil
}

// readPGN reads games in PGN import format: tag pairs, then movetext with
// move numbers (1. and 1...), {comments}, ; comments, NAGs and a result.
func readPGN(t *testing.T, text string) []pgnGame {
	t.Helper()
	var out []pgnGame
	var g *pgnGame
	lines := strings.Split(text, "\n")
	for n, line := range lines {
		if len(line) > 80 {
			t.Errorf("line %d is %d characters: %q", n+1, len(line), line)
		}
	}
	inComment := false
	for _, line := range lines {
		line = strings.TrimSpace(line)
		if !inComment && strings.HasPrefix(line, "[") {
			if g == nil || g.result != "" {
				out = append(out, pgnGame{tags: map[string]string{}})
				g = &out[len(out)-1]
			}
			k, v, err := pgnTag(line)
			if err != nil {
				t.Fatalf("pgn tag: %v", err)
			}
			g.tags[k] = v
			continue
		}
		for i := 0; i < len(line); {
			c := line[i]
			switch {
			case inComment:
				if j := strings.IndexByte(line[i:], '}'); j >= 0 {
					inComment, i = false, i+j+1
				} else {
					i = len(line)
				}
			case c == '{':
				inComment, i = true, i+1
			case c == ';':
				i = len(line)
			case c == ' ' || c == '\t':
				i++
			default:
				j := i
				for j < len(line) && !strings.ContainsRune(" \t{;", rune(line[j])) {
					j++
				}
				tok := line[i:j]
				i = j
				if g == nil {
					t.Fatalf("movetext %q before any tag", tok)
				}
				if tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*" {
					g.result = tok
					continue
				}
				tok = strings.TrimLeft(tok, "0123456789")
				tok = strings.TrimLeft(tok, ".")
				switch {
				case tok == "":
				case tok[0] == '$':
				default:
					g.sans = append(g.sans, tok)
				}
			}
		}
	}
	return out
}

// replayPGN plays a PGN game from its FEN (or chess's start) with SAN and
// returns the final state.
func replayPGN(t *testing.T, g pgnGame) *chess.State {
	t.Helper()
	rules := "chess"
	if strings.EqualFold(g.tags["Variant"], "chess960") {
		rules = "chess960"
	}
	v, err := games.LoadVariant(rules)
	if err != nil {
		t.Fatal(err)
	}
	cg := v.Game.(*chess.Game)
	st := cg.NewChess()
	if fen, ok := g.tags["FEN"]; ok {
		if g.tags["SetUp"] != "1" {
			t.Errorf("[FEN] without [SetUp \"1\"]")
		}
		if st, err = cg.ParseFEN(fen); err != nil {
			t.Fatalf("[FEN]: %v", err)
		}
	}
	for i, san := range g.sans {
		m, err := st.ParseSAN(san)
		if err != nil {
			t.Fatalf("move %d %q: %v", i+1, san, err)
		}
		st.Play(m)
	}
	return st
}

// finalFEN plays a record's moves in the referee's way.
func finalFEN(t *testing.T, r *record.Record) string {
	t.Helper()
	v, err := games.LoadVariant(r.Rules)
	if err != nil {
		t.Fatal(err)
	}
	st := v.Game.NewState()
	if r.Start != record.StartPos {
		if st, err = v.Game.ParseState(r.Start); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range r.Plies {
		m, err := games.ParseLegal(st, p.Move)
		if err != nil {
			t.Fatal(err)
		}
		st.Play(m)
	}
	return st.(record.SANState).FEN()
}

// randomGame is n random plies of a chess variant from start, as a record.
func randomGame(t *testing.T, rules, start string, n int, seed uint64) *record.Record {
	t.Helper()
	v, err := games.LoadVariant(rules)
	if err != nil {
		t.Fatal(err)
	}
	st := v.Game.NewState()
	if start != record.StartPos {
		if st, err = v.Game.ParseState(start); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	r := &record.Record{Variant: rules, Rules: v.Spec(), Seats: []string{"alpha", "beta"}, Start: start, Date: "2026.11.22"}
	for i := 0; i < n && st.Player() != games.Terminal; i++ {
		legal := st.LegalMoves(nil)
		m := legal[rng.IntN(len(legal))]
		p := record.Ply{Move: st.FormatMove(m), Seat: st.Player() + 1, Book: i < 2, Micro: int64(rng.IntN(3e6)), Depth: 1 + i%20}
		if !p.Book && i%3 != 0 {
			p.Score = ptr(rng.IntN(2001) - 1000)
		}
		if i%7 == 5 {
			p.Mate = 3 - i%2*6
		}
		r.Plies = append(r.Plies, p)
		st.Play(m)
	}
	if st.Player() == games.Terminal {
		r.Termination, r.Returns, r.Reason = record.Normal, st.Returns(), st.EndReason()
	} else {
		r.Termination, r.Returns, r.Reason = record.TimeLoss, []float64{1, -1}, "seat 2 (beta): time: took 2.5s with 2s on the clock"
		r.Loser = 2
	}
	return r
}

// pgnCase is a record and what its PGN must hold.
type pgnCase struct {
	name string
	r    *record.Record
	info record.PGNInfo
	want []string
}

func pgnCases(t *testing.T) []pgnCase {
	mate := &record.Record{Variant: "chess", Rules: "chess", Seats: []string{"w", "b"}, Start: record.StartPos,
		Termination: record.Normal, Returns: []float64{1, -1}, Reason: "white mates"}
	for i, mv := range []string{"e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"} {
		p := record.Ply{Move: mv, Seat: i%2 + 1, Micro: 1234567, Score: ptr(32), Depth: 12}
		if i < 2 {
			p = record.Ply{Move: mv, Seat: i%2 + 1, Book: true}
		}
		mate.Plies = append(mate.Plies, p)
	}
	blackFirst := "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 40"
	crash := &record.Record{Variant: "chess", Rules: "chess", Seats: []string{"w", "b"}, Start: blackFirst,
		Plies:       []record.Ply{{Move: "e8c8", Seat: 2, Micro: 500}, {Move: "e1g1", Seat: 1, Micro: 1000}},
		Termination: record.Crash, Loser: 2, Returns: []float64{1, -1}, Reason: "seat 2 (b): crash: the process exited {status 3}"}
	return []pgnCase{
		{"mate", mate, record.PGNInfo{Event: "test", TC: map[string]string{"w": pgnTimeControl("tc=40/60+0.6"), "b": pgnTimeControl("tc=40/60+0.6 depth=3")}}, []string{
			"[Event \"test\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n",
			`[PlyCount "7"]`, `[Termination "normal"]`, `[TimeControl "40/60+0.6"]`,
			"1. e4 {book} e5 {book} 2. Bc4 {+0.32/12 1.235s} Nc6 {+0.32/12 1.235s}", "4. Qxf7# {+0.32/12 1.235s, white mates} 1-0", "1-0\n\n"}},
		{"from a FEN, black first, a crash", crash, record.PGNInfo{TC: map[string]string{"w": pgnTimeControl("movetime=0.5"), "b": pgnTimeControl("depth=3")}}, []string{
			`[FEN "` + blackFirst + `"]`, `[SetUp "1"]`, `[Termination "abandoned"]`, `[MeepleTermination "crash"]`,
			`[WhiteTimeControl "0.5/move"]`, `[BlackTimeControl "-"]`, "40... O-O-O {0.001s} 41. O-O {0.001s, seat 2 (b): crash: the process exited (status 3)} 1-0"}},
		{"a long game", randomGame(t, "chess", record.StartPos, 300, 1), record.PGNInfo{}, []string{`[Date "2026.11.22"]`, "[TimeControl \"?\"]"}},
		{"chess960", randomGame(t, "chess960(number=42)", record.StartPos, 120, 2), record.PGNInfo{}, []string{`[Variant "Chess960"]`, `[SetUp "1"]`, `[FEN "`}},
		{"chess960 from a FEN", randomGame(t, "chess960", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", 80, 3), record.PGNInfo{}, nil},
		{"unterminated", &record.Record{Variant: "chess", Rules: "chess", Seats: []string{"w", "b"}, Start: record.StartPos, Plies: mate.Plies[:3],
			Termination: record.Unterminated, Returns: []float64{0, 0}, Reason: "saved in progress"}, record.PGNInfo{},
			[]string{`[Result "*"]`, `[Termination "unterminated"]`, "1.235s, saved in progress} *\n"}},
	}
}

func TestPGN(t *testing.T) {
	tests := pgnCases(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := record.Replay(tc.r); err != nil {
				t.Fatalf("the record does not replay: %v", err)
			}
			v, err := games.LoadVariant(tc.r.Rules)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := tc.r.WritePGN(&b, v.Game, tc.info); err != nil {
				t.Fatal(err)
			}
			text := b.String()
			flat := func(s string) string { return strings.Join(strings.Fields(s), " ") } // wherever lines wrap
			for _, want := range tc.want {
				if !strings.Contains(text, want) && !strings.Contains(flat(text), flat(want)) {
					t.Errorf("the PGN lacks %q:\n%s", want, text)
				}
			}
			gs := readPGN(t, text+text)
			if len(gs) != 2 {
				t.Fatalf("read %d games, want 2:\n%s", len(gs), text)
			}
			g := gs[0]
			for _, k := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"} {
				if _, ok := g.tags[k]; !ok {
					t.Errorf("no [%s] tag", k)
				}
			}
			if g.result != tc.r.Result() || g.tags["Result"] != g.result {
				t.Errorf("result %q, tag %q, want %q", g.result, g.tags["Result"], tc.r.Result())
			}
			if g.tags["PlyCount"] != fmt.Sprint(len(tc.r.Plies)) || len(g.sans) != len(tc.r.Plies) {
				t.Errorf("[PlyCount %q], %d moves read, want %d", g.tags["PlyCount"], len(g.sans), len(tc.r.Plies))
			}
			st := replayPGN(t, g)
			if got, want := st.FEN(), finalFEN(t, tc.r); got != want {
				t.Errorf("the PGN ends at %s, the record at %s", got, want)
			}
			if tc.r.Termination == record.Normal && (st.Player() != games.Terminal || st.EndReason() != tc.r.Reason) {
				t.Errorf("the PGN's game is not over by %q (%s)", tc.r.Reason, st.EndReason())
			}
		})
	}
}

// TestMatchPGN: a chess match writes games.pgn beside games.txt, and a
// merge of its journal writes the same.
func TestMatchPGN(t *testing.T) {
	if testing.Short() {
		t.Skip("plays chess engines")
	}
	cfg := testConfig(t, "chess", 2, meeple("a", 1), meeple("b", 1))
	cfg.RandomPlies, cfg.MaxPlies = 4, 16
	cfg.Limits.TC = TimeControl{Base: time.Minute}
	run(t, cfg)
	data, err := os.ReadFile(filepath.Join(cfg.Out, PGNFile))
	if err != nil {
		t.Fatal(err)
	}
	rs := journalOf(t, cfg).records // in the order the games ended
	slices.SortFunc(rs, func(a, b *record.Record) int { return a.Game - b.Game })
	gs := readPGN(t, string(data))
	if len(gs) != len(rs) || len(gs) != 2 {
		t.Fatalf("%d PGN games, %d records:\n%s", len(gs), len(rs), data)
	}
	for i, g := range gs {
		if g.tags["White"] != rs[i].Seats[0] || g.result != rs[i].Result() || g.tags["TimeControl"] != "60" {
			t.Errorf("game %d: %v %s, record %v %s", i, g.tags, g.result, rs[i].Seats, rs[i].Result())
		}
		if g.tags["Meeple"] != version.String() || rs[i].Meeple != version.String() {
			t.Errorf("game %d: [Meeple %q], the record's %q, want %q", i, g.tags["Meeple"], rs[i].Meeple, version.String())
		}
		if got, want := replayPGN(t, g).FEN(), finalFEN(t, rs[i]); got != want {
			t.Errorf("game %d ends at %s, the record at %s", i, got, want)
		}
	}
	out := filepath.Join(t.TempDir(), "merged")
	if _, err := Merge(new(bytes.Buffer), out, []string{cfg.Out}); err != nil {
		t.Fatal(err)
	}
	merged, err := os.ReadFile(filepath.Join(out, PGNFile))
	if err != nil || !bytes.Equal(merged, data) {
		t.Errorf("the merged PGN differs (%v):\n%s\nwant\n%s", err, merged, data)
	}
	tt, _ := os.ReadFile(filepath.Join(cfg.Out, RecordsFile))
	if _, err := os.Stat(filepath.Join(cfg.Out, PGNFile)); err != nil || len(tt) == 0 {
		t.Errorf("games.txt is missing beside games.pgn")
	}
}

// TestEPDOpenings reads chess openings in EPD (operations dropped, the
// clocks from hmvc and fmvn or 0 1), as FEN, and with moves, and plays a
// match from them.
func TestEPDOpenings(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"8/8/8/8/8/8/8/K6k w - - bm Kb1;", "8/8/8/8/8/8/8/K6k w - - 0 1"},
		{"8/8/8/8/8/8/8/K6k  w  -  -  hmvc 7; fmvn 30;", "8/8/8/8/8/8/8/K6k w - - 7 30"},
		{"8/8/8/8/8/8/8/K6k w - -", "8/8/8/8/8/8/8/K6k w - - 0 1"},
		{"8/8/8/8/8/8/8/K6k w - - id \"a;b\"; moves a1b1", "8/8/8/8/8/8/8/K6k w - - 0 1 moves a1b1"},
		{"8/8/8/8/8/8/8/K6k w - - 3 9 moves a1b1", "8/8/8/8/8/8/8/K6k w - - 3 9 moves a1b1"},
	} {
		if got, err := epdLine(tc.in); err != nil || got != tc.want {
			t.Errorf("epdLine(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	if _, err := epdLine("8/8/8/8/8/8/8/K6k w - - bm Kb1"); err == nil {
		t.Errorf("an operation without its semicolon is accepted")
	}
	v, err := games.LoadVariant("chess")
	if err != nil {
		t.Fatal(err)
	}
	ops, err := loadOpenings(filepath.Join("testdata", "openings.epd"), v.Game)
	if err != nil {
		t.Fatal(err)
	}
	want := []Opening{
		{Start: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
		{Start: "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2"},
		{Start: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"},
		{Start: record.StandardFEN, Moves: []string{"e2e4", "c7c5"}},
	}
	if !reflect.DeepEqual(ops, want) {
		t.Errorf("openings:\n got %q\nwant %q", ops, want)
	}
	cfg := testConfig(t, "chess", 4, meeple("a", 1), meeple("b", 1))
	cfg.Openings, cfg.MaxPlies = filepath.Join("testdata", "openings.epd"), 6
	run(t, cfg)
	rs := journalOf(t, cfg).records
	starts := map[string]bool{}
	for _, r := range rs {
		if err := record.Replay(r); err != nil {
			t.Errorf("game %d: %v", r.Game, err)
		}
		starts[r.Start] = true
	}
	if !starts[want[0].Start] || !starts[want[1].Start] {
		t.Errorf("the games start at %v", starts)
	}
	data, err := os.ReadFile(filepath.Join(cfg.Out, PGNFile))
	if err != nil || !strings.Contains(string(data), `[FEN "`+want[1].Start+`"]`) {
		t.Errorf("the PGN lacks the EPD's FEN (%v):\n%s", err, data)
	}
}

// TestPGNChessJS loads the PGN of every standard-chess case with chess.js
// (npm), another PGN reader, and checks its final FEN. It runs when node
// is installed and CHESSJS names a directory with chess.js installed:
//
//	mkdir /tmp/chessjs && (cd /tmp/chessjs && npm install chess.js)
//	CHESSJS=/tmp/chessjs go test -run TestPGNChessJS ./internal/referee/
func TestPGNChessJS(t *testing.T) {
	dir := os.Getenv("CHESSJS")
	node, err := exec.LookPath("node")
	if dir == "" || err != nil {
		t.Skip("needs node and CHESSJS=<a directory with node_modules/chess.js>")
	}
	mod := filepath.Join(dir, "node_modules", "chess.js")
	if _, err := os.Stat(mod); err != nil {
		t.Skipf("chess.js is not installed in %s", dir)
	}
	script := `const { Chess } = require(process.argv[1]);
const fs = require("fs");
const c = new Chess();
c.loadPgn(fs.readFileSync(process.argv[2], "utf8"));
console.log(c.fen());`
	for _, tc := range pgnCases(t) {
		if tc.r.Variant != "chess" {
			continue // chess.js plays standard chess only
		}
		t.Run(tc.name, func(t *testing.T) {
			v, err := games.LoadVariant(tc.r.Rules)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := tc.r.WritePGN(&b, v.Game, tc.info); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "game.pgn")
			if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			out, err := exec.CommandContext(ctx, node, "-e", script, mod, path).CombinedOutput()
			if err != nil {
				t.Fatalf("chess.js: %v\n%s\n%s", err, out, b.String())
			}
			// chess.js writes the en-passant square after every double step.
			got, want := strings.Fields(string(out)), strings.Fields(finalFEN(t, tc.r))
			if len(got) == 6 && len(want) == 6 && got[3] != "-" && want[3] == "-" {
				got[3] = "-"
			}
			if !slices.Equal(got, want) {
				t.Errorf("chess.js ends at %s, the record at %s", got, want)
			}
		})
	}
}
