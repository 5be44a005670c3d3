package referee

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
)

// Opening is where a round's games begin: a start position ("" for the
// variant's start) and moves played from it before the engines take over
// (book moves; chance outcomes among them are part of the opening).
type Opening struct {
	Start string
	Moves []string
}

// parseOpening reads one line of an openings file:
//
//	startpos [moves m1 m2 ...]
//	<position string> [moves m1 m2 ...]
//
// and checks it on g: the position parses, every move is legal, and the
// game is not over at the end. For chess (a game with PGN) a position may
// also be an EPD line; see epdLine.
func parseOpening(g games.Game, line string) (Opening, error) {
	if record.HasPGN(g) && !strings.HasPrefix(line, record.StartPos) {
		var err error
		if line, err = epdLine(line); err != nil {
			return Opening{}, err
		}
	}
	words := strings.Fields(line)
	var o Opening
	i := 0
	for i < len(words) && words[i] != "moves" {
		i++
	}
	o.Start = strings.Join(words[:i], " ")
	if o.Start == record.StartPos {
		o.Start = ""
	}
	if i < len(words) {
		o.Moves = words[i+1:]
	}
	if _, _, err := o.play(g); err != nil {
		return o, err
	}
	return o, nil
}

// play sets up the opening on a new state and checks it. It returns the
// state and the opening's moves as book plies, each with the seat that
// made it (0: a chance outcome).
func (o Opening) play(g games.Game) (games.State, []record.Ply, error) {
	st := g.NewState()
	if o.Start != "" {
		var err error
		if st, err = g.ParseState(o.Start); err != nil {
			return nil, nil, err
		}
	}
	var book []record.Ply
	for i, s := range o.Moves {
		m, err := games.ParseLegal(st, s)
		if err != nil {
			return nil, nil, fmt.Errorf("move %d: %v", i+1, err)
		}
		seat := st.Player() + 1
		if st.Player() == games.Chance {
			seat = 0
		}
		book = append(book, record.Ply{Move: st.FormatMove(m), Seat: seat, Book: true})
		st.Play(m)
	}
	if st.Player() == games.Terminal {
		return nil, nil, fmt.Errorf("the game is over after the opening")
	}
	return st, book, nil
}

// loadOpenings reads an openings file: one opening a line (see
// parseOpening); blank lines and lines starting with # are skipped.
func loadOpenings(path string, g games.Game) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("openings: %w", err)
	}
	defer f.Close()
	var out []Opening
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		o, err := parseOpening(g, line)
		if err != nil {
			return nil, fmt.Errorf("openings %s:%d: %v", path, n, err)
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("openings %s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("openings %s: no openings in the file", path)
	}
	return out, nil
}

// openingBook picks the opening of every round.
type openingBook struct {
	game        games.Game
	list        []Opening // from the file; nil: the variant's start
	perm        []int     // random order: a seeded permutation of list
	randomPlies int
	seed        uint64
}

func newOpeningBook(g games.Game, list []Opening, order string, randomPlies int, matchSeed uint64) (*openingBook, error) {
	b := &openingBook{game: g, list: list, randomPlies: randomPlies, seed: matchSeed}
	switch order {
	case "", "sequential":
	case "random":
		rng := rand.New(rand.NewPCG(seed(matchSeed, seedOrder, 0), 0))
		b.perm = rng.Perm(len(list))
	default:
		return nil, fmt.Errorf("openings order %q: want sequential or random", order)
	}
	return b, nil
}

// maxTries bounds the attempts to find random plies that do not end the game.
const maxTries = 100

// opening returns the opening of round r: the file's line (in order or
// shuffled, cycling), followed by randomPlies uniformly random legal plies
// (chance outcomes drawn as the game would) from a seed derived from r.
func (b *openingBook) opening(r int) (Opening, error) {
	var o Opening
	if len(b.list) > 0 {
		i := r % len(b.list)
		if b.perm != nil {
			i = b.perm[i]
		}
		o = b.list[i]
		o.Moves = append([]string(nil), o.Moves...)
	}
	if b.randomPlies == 0 {
		return o, nil
	}
	for try := range maxTries {
		st, _, err := o.play(b.game)
		if err != nil {
			return o, err
		}
		rng := rand.New(rand.NewPCG(seed(b.seed, seedOpening, uint64(r)), uint64(try)))
		moves := append([]string(nil), o.Moves...)
		for range b.randomPlies {
			if st.Player() == games.Terminal {
				break
			}
			var m games.Move
			if st.Player() == games.Chance {
				m = games.SampleChance(st, rng)
			} else {
				legal := st.LegalMoves(nil)
				m = legal[rng.IntN(len(legal))]
			}
			moves = append(moves, st.FormatMove(m))
			st.Play(m)
		}
		if st.Player() != games.Terminal {
			o.Moves = moves
			return o, nil
		}
	}
	return o, fmt.Errorf("openings: %d random plies end the game in each of %d tries; use fewer", b.randomPlies, maxTries)
}

// epdLine turns an EPD line of chess into an openings line: a FEN and
// optionally moves. EPD is FEN's first four fields (placement, side to
// move, castling, en passant) followed by operations, each an opcode and
// operands ended by a semicolon (bm Nf3; id "x";); the operations are
// dropped, but hmvc and fmvn give the halfmove clock and the fullmove
// number (else 0 and 1). A full FEN (six fields) passes unchanged, and
// so does anything after "moves".
func epdLine(line string) (string, error) {
	f := strings.Fields(line)
	if len(f) < 4 {
		return line, nil // not EPD: the game's parser says what is wrong
	}
	if len(f) >= 6 && isCount(f[4]) && isCount(f[5]) {
		return line, nil // a FEN
	}
	rest := strings.TrimSpace(line)
	for range 4 { // the text after the four fields
		rest = strings.TrimLeft(rest[strings.IndexAny(rest+" ", " \t"):], " \t")
	}
	pos := strings.Join(f[:4], " ")
	clock, move := "0", "1"
	for rest != "" {
		if strings.HasPrefix(rest, "moves ") || rest == "moves" {
			break
		}
		op, after, ok := cutOperation(rest)
		if !ok {
			return "", fmt.Errorf("epd: operation %q: want an opcode, operands and a semicolon", rest)
		}
		rest = strings.TrimSpace(after)
		words := strings.Fields(op)
		switch {
		case len(words) == 2 && words[0] == "hmvc" && isCount(words[1]):
			clock = words[1]
		case len(words) == 2 && words[0] == "fmvn" && isCount(words[1]):
			move = words[1]
		}
	}
	return strings.TrimSpace(pos + " " + clock + " " + move + " " + rest), nil
}

// cutOperation splits an EPD operation off s at its semicolon (outside
// double quotes).
func cutOperation(s string) (op, rest string, ok bool) {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case ';':
			if !quoted {
				return s[:i], s[i+1:], true
			}
		}
	}
	return "", "", false
}

func isCount(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
