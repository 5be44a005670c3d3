package othello

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
)

// GGFGame is one Othello game record in GGF, the Generic Game Format of the
// Generic Game Server (GGS), as NBoard, NTest and Edax read and write it:
//
//	(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[meeple]PW[chris]
//	RE[+2.000]TI[15:00]TY[8]BO[8 ---------------------------O*------*O---------------------------
//	*]B[F5//1.2]W[F6/-0.50/3.1]B[PA];)
//
// ParseGGF reads one; String writes it back. The package documentation
// describes the format.
type GGFGame struct {
	// Size is the number of squares along a side (even, 4..16).
	Size int
	// Type is the TY property as written ("8", "s8r20"); its first number
	// is the board size. ParseGGF sets it to the size when TY is absent.
	Type string
	// Start is the initial position (BO) as a position string of this
	// package: size² squares of X, O or -, a space and the side to move.
	// ParseGGF sets it to the standard start when BO is absent.
	Start string
	// Moves are the moves in order, passes included: ParseGGF adds the
	// passes a record leaves out (two moves of one colour in a row).
	Moves []GGFMove
	// Black and White are the players' names (PB, PW).
	Black, White string
	// Result is RE as written: "+2.000" (black's disc lead), "-64.00:r"
	// (a flag after the colon: r resigned, t time, s mutual score), "?".
	Result string
	// Place, Date and Time are PC, DT and TI as written.
	Place, Date, Time string
	// Other are the remaining properties (RB, RW, TB, TW, KM, ...) in the
	// order read; String writes them after TY.
	Other []GGFProperty
}

// GGFProperty is a property of a GGF record that GGFGame has no field for.
type GGFProperty struct {
	Name  string // upper-case letters
	Value string // unescaped
}

// GGFMove is one move of a record: B[f5/eval/time] or W[...].
type GGFMove struct {
	Player int        // Black or White
	Move   games.Move // a square (row*size + col) or Pass
	// Eval is the mover's evaluation (in discs, for the mover) and Time
	// the seconds it took, each present when its Has flag is set.
	Eval, Time       float64
	HasEval, HasTime bool
}

// ggfError is the error of a record that cannot be read.
func ggfError(format string, args ...any) error {
	return fmt.Errorf("othello: ggf: "+format, args...)
}

// ParseGGF reads one GGF game record: "(;", properties NAME[value] (a
// backslash escapes the next character), ";)", with optional white space
// between any two of them. GM must be Othello when given; TY and BO give the board size
// (even, 4..16; 8 when neither is given) and must agree; BO is the start
// position (the size, size² squares of '*' black, 'O' white and '-'
// empty, row by row from a1, with optional white space between them, and
// the side to move, '*' or 'O'), the standard start when absent. Moves
// are B[...] and W[...]: a square in any case (f5, F5) or a pass (PA,
// pass), then optionally /eval and /time, numbers that may be empty
// (B[d3//1.2]). Every move must be legal; a move of the colour that has
// just moved stands for the other side's pass when that side had to pass.
// Errors name the problem and, for syntax, the byte offset; no input
// panics.
func ParseGGF(text string) (*GGFGame, error) {
	p := ggfParser{text: text}
	props, err := p.parse()
	if err != nil {
		return nil, err
	}
	g := &GGFGame{}
	seen := map[string]bool{}
	var bo, ty string
	var moves []ggfRawMove
	single := map[string]*string{
		"GM": nil, "PC": &g.Place, "DT": &g.Date, "PB": &g.Black, "PW": &g.White,
		"RE": &g.Result, "TI": &g.Time, "TY": &ty, "BO": &bo,
	}
	for _, pr := range props {
		if dst, ok := single[pr.Name]; ok {
			if seen[pr.Name] {
				return nil, ggfError("property %s given twice", pr.Name)
			}
			seen[pr.Name] = true
			if dst == nil { // GM
				if !strings.EqualFold(strings.TrimSpace(pr.Value), "othello") {
					return nil, ggfError("GM[%s]: not an Othello game", shorten(pr.Value))
				}
				continue
			}
			*dst = pr.Value
			continue
		}
		switch pr.Name {
		case "B", "W":
			moves = append(moves, ggfRawMove{player: strings.Index("BW", pr.Name), text: pr.Value})
		default:
			g.Other = append(g.Other, pr)
		}
	}
	g.Size = 8
	if seen["TY"] {
		n, err := ggfTypeSize(ty)
		if err != nil {
			return nil, err
		}
		g.Size, g.Type = n, ty
	}
	var start *State
	if seen["BO"] {
		n, pos, err := ggfBoard(bo)
		if err != nil {
			return nil, err
		}
		if seen["TY"] && n != g.Size {
			return nil, ggfError("TY[%s] is a %dx%d board but BO is %dx%d", shorten(ty), g.Size, g.Size, n, n)
		}
		g.Size = n
		gm, err := ggfRules(n)
		if err != nil {
			return nil, err
		}
		s, err := gm.parsePosition(pos)
		if err != nil {
			return nil, ggfError("BO: %v", err)
		}
		start = s
	} else {
		gm, err := ggfRules(g.Size)
		if err != nil {
			return nil, err
		}
		start = gm.newState()
	}
	if g.Type == "" {
		g.Type = strconv.Itoa(g.Size)
	}
	g.Start = start.Position()
	st := start
	for i, rm := range moves {
		m, err := rm.parse(st.g, i+1)
		if err != nil {
			return nil, err
		}
		if st.over {
			return nil, ggfError("move %d (%s): the game is already over", i+1, rm)
		}
		if rm.player != int(st.toMove) {
			if st.Mobility(int(st.toMove)) != 0 {
				return nil, ggfError("move %d (%s): %s is to move", i+1, rm, seatNames[st.toMove])
			}
			// The record leaves out the pass of the side that had none.
			g.Moves = append(g.Moves, GGFMove{Player: int(st.toMove), Move: Pass})
			st.Play(Pass)
		}
		if !st.Legal(m.Move) {
			return nil, ggfError("move %d (%s): not a legal move for %s", i+1, rm, seatNames[st.toMove])
		}
		st.Play(m.Move)
		g.Moves = append(g.Moves, m)
	}
	return g, nil
}

// ggfRules is the Othello game of a size.
func ggfRules(size int) (*Game, error) {
	if size < 4 || size > 16 || size%2 != 0 {
		return nil, ggfError("board size %d: want an even size 4..16", size)
	}
	return New(games.Values{"size": size, "start": Diagonal})
}

// ggfTypeSize reads the board size from TY: its first number ("8",
// "s8r20", "10").
func ggfTypeSize(ty string) (int, error) {
	i := strings.IndexAny(ty, "0123456789")
	if i < 0 {
		return 0, ggfError("TY[%s]: no board size", shorten(ty))
	}
	j := i
	for j < len(ty) && j-i < 3 && ty[j] >= '0' && ty[j] <= '9' {
		j++
	}
	n, _ := strconv.Atoi(ty[i:j])
	if n < 4 || n > 16 || n%2 != 0 {
		return 0, ggfError("TY[%s]: board size %s; want an even size 4..16", shorten(ty), ty[i:j])
	}
	return n, nil
}

// ggfBoard reads BO: the size, the squares and the side to move, and
// returns the size and the position string.
func ggfBoard(bo string) (int, string, error) {
	f := strings.Fields(bo)
	if len(f) < 3 {
		return 0, "", ggfError("BO[%s]: want the size, the squares and the side to move (* or O)", shorten(bo))
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 4 || n > 16 || n%2 != 0 {
		return 0, "", ggfError("BO[%s]: board size %q; want an even size 4..16", shorten(bo), shorten(f[0]))
	}
	squares := strings.Join(f[1:len(f)-1], "")
	if len(squares) != n*n {
		return 0, "", ggfError("BO: %d squares; want %d (%dx%d)", len(squares), n*n, n, n)
	}
	b := make([]byte, 0, n*n+2)
	for i := range len(squares) {
		c, ok := ggfDisc(squares[i])
		if !ok {
			return 0, "", ggfError("BO: unexpected %q on square %d; want *, O or -", squares[i:i+1], i+1)
		}
		b = append(b, c)
	}
	side, ok := ggfDisc(f[len(f)-1][0])
	if len(f[len(f)-1]) != 1 || !ok || side == '-' {
		return 0, "", ggfError("BO: side to move %q; want * (black) or O (white)", shorten(f[len(f)-1]))
	}
	return n, string(append(b, ' ', side)), nil
}

// ggfDisc maps a GGF square to a position-string one.
func ggfDisc(c byte) (byte, bool) {
	switch c {
	case '*':
		return 'X', true
	case 'O', 'o':
		return 'O', true
	case '-':
		return '-', true
	}
	return 0, false
}

// ggfRawMove is a move property before it is read.
type ggfRawMove struct {
	player int
	text   string
}

func (rm ggfRawMove) String() string {
	return "BW"[rm.player:rm.player+1] + "[" + shorten(rm.text) + "]"
}

// parse reads "square[/eval[/time]]".
func (rm ggfRawMove) parse(g *Game, n int) (GGFMove, error) {
	m := GGFMove{Player: rm.player}
	parts := strings.Split(rm.text, "/")
	if len(parts) > 3 {
		return m, ggfError("move %d (%s): want move/eval/time", n, rm)
	}
	mv, err := g.parseMove(parts[0])
	if err != nil {
		return m, ggfError("move %d (%s): %v", n, rm, err)
	}
	m.Move = mv
	num := func(i int, what string) (float64, bool, error) {
		if i >= len(parts) || strings.TrimSpace(parts[i]) == "" {
			return 0, false, nil
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(parts[i]), 64)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return 0, false, ggfError("move %d (%s): %s %q is not a number", n, rm, what, shorten(parts[i]))
		}
		return x, true, nil
	}
	if m.Eval, m.HasEval, err = num(1, "eval"); err != nil {
		return m, err
	}
	if m.Time, m.HasTime, err = num(2, "time"); err != nil {
		return m, err
	}
	return m, nil
}

// ggfParser splits a record into its properties.
type ggfParser struct {
	text string
	i    int
}

func (p *ggfParser) skipSpace() {
	for p.i < len(p.text) && strings.IndexByte(" \t\r\n", p.text[p.i]) >= 0 {
		p.i++
	}
}

// punct skips white space and then c, reporting whether c was there.
func (p *ggfParser) punct(c byte) bool {
	p.skipSpace()
	if p.i < len(p.text) && p.text[p.i] == c {
		p.i++
		return true
	}
	return false
}

func (p *ggfParser) fail(format string, args ...any) error {
	return ggfError("at byte %d: %s", p.i, fmt.Sprintf(format, args...))
}

func (p *ggfParser) parse() ([]GGFProperty, error) {
	if !p.punct('(') || !p.punct(';') {
		return nil, p.fail("want the start of a game, (;")
	}
	var props []GGFProperty
	for {
		p.skipSpace()
		if p.i >= len(p.text) {
			return nil, p.fail("the game does not end; want ;)")
		}
		if p.punct(';') {
			if !p.punct(')') {
				return nil, p.fail("want ) after ; at the end of the game")
			}
			break
		}
		start := p.i
		for p.i < len(p.text) && p.text[p.i] >= 'A' && p.text[p.i] <= 'Z' {
			p.i++
		}
		if p.i == start {
			return nil, p.fail("unexpected %q; want a property NAME[value] or ;)", p.text[p.i:p.i+1])
		}
		name := p.text[start:p.i]
		if p.i >= len(p.text) || p.text[p.i] != '[' {
			return nil, p.fail("property %s: want [ after the name", shorten(name))
		}
		p.i++
		var v strings.Builder
		for {
			if p.i >= len(p.text) {
				return nil, p.fail("property %s: the value does not end; want ]", shorten(name))
			}
			c := p.text[p.i]
			p.i++
			if c == ']' {
				break
			}
			if c == '\\' && p.i < len(p.text) {
				c = p.text[p.i]
				p.i++
			}
			v.WriteByte(c)
		}
		props = append(props, GGFProperty{Name: name, Value: v.String()})
	}
	p.skipSpace()
	if p.i < len(p.text) {
		return nil, p.fail("text after the end of the game")
	}
	return props, nil
}

// shorten keeps error messages short.
func shorten(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// String writes the record on one line, in the order NBoard writes it:
// GM PC DT PB PW RE TI TY, the other properties, BO, the moves. Empty
// fields are left out; squares are written in upper case (F5) and passes
// as PA, as GGS and NBoard write them; evals and times in the shortest
// form that reads back exactly. The start position is written as BO, in
// GGF's letters (* black, O white), and is not checked.
func (g *GGFGame) String() string {
	var b strings.Builder
	prop := func(name, value string) {
		b.WriteString(name)
		b.WriteByte('[')
		for i := range len(value) {
			if value[i] == '\\' || value[i] == ']' {
				b.WriteByte('\\')
			}
			b.WriteByte(value[i])
		}
		b.WriteByte(']')
	}
	b.WriteString("(;")
	prop("GM", "Othello")
	for _, p := range []struct{ name, value string }{
		{"PC", g.Place}, {"DT", g.Date}, {"PB", g.Black}, {"PW", g.White}, {"RE", g.Result}, {"TI", g.Time},
	} {
		if p.value != "" {
			prop(p.name, p.value)
		}
	}
	ty := g.Type
	if ty == "" {
		ty = strconv.Itoa(g.Size)
	}
	prop("TY", ty)
	for _, p := range g.Other {
		prop(p.Name, p.Value)
	}
	board, side, _ := strings.Cut(g.Start, " ")
	r := strings.NewReplacer("X", "*")
	prop("BO", strconv.Itoa(g.Size)+" "+r.Replace(board)+" "+r.Replace(side))
	for _, m := range g.Moves {
		v := ggfSquare(m.Move, g.Size)
		if m.HasEval || m.HasTime {
			v += "/"
			if m.HasEval {
				v += strconv.FormatFloat(m.Eval, 'f', -1, 64)
			}
			if m.HasTime {
				v += "/" + strconv.FormatFloat(m.Time, 'f', -1, 64)
			}
		}
		prop("BW"[m.Player&1:m.Player&1+1], v)
	}
	b.WriteString(";)")
	return b.String()
}

// ggfSquare writes a move as GGF does: F5, A10, PA.
func ggfSquare(m games.Move, size int) string {
	if m == Pass {
		return "PA"
	}
	if size <= 0 || int(m) >= size*size {
		return fmt.Sprintf("?%d", uint32(m))
	}
	return string(rune('A'+int(m)%size)) + strconv.Itoa(int(m)/size+1)
}

// StartState is the start position (BO) on a board of the record's size.
func (g *GGFGame) StartState() (*State, error) {
	gm, err := ggfRules(g.Size)
	if err != nil {
		return nil, err
	}
	s, err := gm.parsePosition(g.Start)
	if err != nil {
		return nil, ggfError("start: %v", err)
	}
	return s, nil
}

// Final replays the moves from the start and returns the position after
// the last one. Unlike ParseGGF it adds no passes: every move must be legal
// and of the side to move.
func (g *GGFGame) Final() (*State, error) {
	st, err := g.StartState()
	if err != nil {
		return nil, err
	}
	for i, m := range g.Moves {
		if st.over || m.Player != int(st.toMove) || !st.Legal(m.Move) {
			return nil, ggfError("move %d (%s[%s]): not a legal move here", i+1, "BW"[m.Player&1:m.Player&1+1], ggfSquare(m.Move, g.Size))
		}
		st.Play(m.Move)
	}
	return st, nil
}
