package chess

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
	"github.com/meeple-games/meeple/internal/search"
)

// The tuner: Texel's method. Generate plays meeple against itself and
// writes quiet positions with the game's result; Tune fits the weights of
// the evaluation to those results by logistic regression (the win
// probability of a score x is 1/(1+10^(-kx/400)), the error the mean
// squared difference from the results); WriteWeights writes them as Go
// source (weights.go). `meeple tune gen` and `meeple tune fit` run them.

// GenOptions is the self-play of Generate.
type GenOptions struct {
	Games       int    // games to play
	Nodes       int64  // node limit of every move
	RandomPlies int    // random legal plies from the start of each game
	Seed        uint64 // seed of the random plies
	HashMB      int    // each player's table
	// Progress, when set, is called after every game with the games and
	// positions so far.
	Progress func(games, positions int)
}

// Generate plays o.Games games of meeple against itself on g (the
// standard start), each after o.RandomPlies random plies, and writes one
// line per kept position: its FEN, a space and the result for white (1,
// 0.5 or 0). A position is kept when it is after the random plies and
// four more, not in check, and the engine's move there is quiet (no
// capture, no promotion) with a score below a mate. A game ends by the
// rules, by adjudication (a win when both sides report 1000 cp or more
// for the same side for 8 plies in a row, a draw after 400 plies or when
// both report within 10 cp for 20 plies after ply 120).
func Generate(ctx context.Context, g *chess.Game, w io.Writer, o GenOptions) error {
	if o.Games <= 0 || o.Nodes <= 0 {
		return fmt.Errorf("tune: want games and nodes above 0")
	}
	bw := bufio.NewWriter(w)
	rng := rand.New(rand.NewPCG(o.Seed, 0x9e3779b97f4a7c15))
	p := NewPlayer(g, max(o.HashMB, 1))
	var buf []games.Move
	kept := 0
	for n := 0; n < o.Games; n++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		p.Clear()
		s := g.NewChess()
		// The random start; one that ends the game is played again.
		for i := 0; i < o.RandomPlies; i++ {
			buf = s.GenerateMoves(buf[:0])
			if len(buf) == 0 {
				break
			}
			s.Make(buf[rng.IntN(len(buf))])
		}
		if s.Player() == games.Terminal {
			n--
			continue
		}
		var fens []string
		result := -1.0 // for white; -1 while unknown
		winStreak, drawStreak, lastWinner := 0, 0, -1
		for ply := 0; result < 0; ply++ {
			if s.Player() == games.Terminal {
				switch s.Winner() {
				case int(chess.White):
					result = 1
				case int(chess.Black):
					result = 0
				default:
					result = 0.5
				}
				break
			}
			if ply >= 400 {
				result = 0.5
				break
			}
			res := p.Search(ctx, s, search.Limits{Nodes: o.Nodes}, nil)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			m, score := res.Move, res.Info.Score
			white := score // for white
			if s.SideToMove() == chess.Black {
				white = -score
			}
			quiet := s.Captured(m) == chess.NoPiece && chess.Promotion(m) == chess.NoPieceType
			if ply >= 4 && !s.InCheck() && quiet && abs(score) < chessMateBand {
				fens = append(fens, s.FEN())
			}
			// Adjudication.
			switch {
			case white >= 1000:
				if lastWinner != 0 {
					winStreak = 0
				}
				lastWinner = 0
				winStreak++
			case white <= -1000:
				if lastWinner != 1 {
					winStreak = 0
				}
				lastWinner = 1
				winStreak++
			default:
				winStreak = 0
			}
			if abs(score) <= 10 && ply >= 120 {
				drawStreak++
			} else {
				drawStreak = 0
			}
			if winStreak >= 8 {
				result = float64(1 - lastWinner)
				break
			}
			if drawStreak >= 20 {
				result = 0.5
				break
			}
			s.Make(m)
		}
		r := strconv.FormatFloat(result, 'f', -1, 64)
		for _, f := range fens {
			fmt.Fprintf(bw, "%s %s\n", f, r)
		}
		kept += len(fens)
		if o.Progress != nil {
			o.Progress(n+1, kept)
		}
	}
	return bw.Flush()
}

// tunePos is one position of the tuning data: the weights' counts (white
// less black) as index-count pairs, the phase, the endgame part's scale
// and the result for white.
type tunePos struct {
	idx    []uint16
	coef   []int16
	phase  int32
	scale  int32
	result float32
	line   int32 // the line of the data it came from
}

// shares is how much of the midgame and of the endgame weights count in
// p's score: the phase's shares, the endgame's scaled as the evaluation
// scales it.
func (p *tunePos) shares() (mg, eg float64) {
	ph := float64(p.phase) / phaseTotal
	return ph, (1 - ph) * float64(p.scale) / 64
}

// readTuneData reads lines of Generate's format (a FEN's six fields and
// the result, or four fields and the result). Positions without pawns
// (whose score the evaluation scales) are left out, and so are those
// where a capture pays for the side to move (the quiescence search
// scores them above their evaluation): the evaluation is only asked of
// quiet positions.
func readTuneData(g *chess.Game, r io.Reader) ([]tunePos, error) {
	var out []tunePos
	var tr evalTrace
	q := NewPlayer(g, 1)
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		i := strings.LastIndexByte(text, ' ')
		if i < 0 {
			return nil, fmt.Errorf("tune: line %d: want a FEN and a result", line)
		}
		res, err := strconv.ParseFloat(text[i+1:], 64)
		if err != nil || res < 0 || res > 1 {
			return nil, fmt.Errorf("tune: line %d: result %q: want 0, 0.5 or 1", line, text[i+1:])
		}
		s, err := g.ParseFEN(text[:i])
		if err != nil {
			return nil, fmt.Errorf("tune: line %d: %w", line, err)
		}
		if s.ByType(chess.Pawn) == 0 {
			continue
		}
		tr = evalTrace{}
		static := evaluate(s, &tr)
		q.s = s
		if q.quiesce(-chessInf, chessInf, 0) != static {
			continue
		}
		tp := tunePos{phase: int32(tr.phase), scale: int32(tr.scale), result: float32(res), line: int32(line)}
		for j, c := range tr.coef {
			if c != 0 {
				tp.idx = append(tp.idx, uint16(j))
				tp.coef = append(tp.coef, int16(c))
			}
		}
		out = append(out, tp)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("tune: no positions")
	}
	return out, nil
}

// TuneOptions is the fit of Tune.
type TuneOptions struct {
	Epochs int     // full passes of Adam over the data
	Rate   float64 // Adam's step, in centipawns
	// Lambda pulls the weights toward where they started: it adds
	// Lambda times the sum of their squared distances from there (in
	// pawns) to the error, so a weight few positions speak for stays
	// near its start.
	Lambda float64
	// Keep names groups of weights left as they are (see WeightGroups):
	// the tables (piece-square, mobility, king attack) have hundreds of
	// weights, which need far more games than the single terms.
	Keep []string
	// Progress, when set, is called every 50 epochs with the error on
	// the positions fitted and on those held out.
	Progress func(epoch int, fit, held float64)
}

// Tune fits the evaluation's weights, starting from the current ones, to
// the positions of data (Generate's format) and returns them with the
// scaling constant k and the mean squared error on the held-out positions
// before and after. One block of 256 lines of data (about three games) in
// ten is held out, chosen by line so that the same lines are held out
// whatever the evaluation (which positions are quiet, and so kept,
// depends on it): the weights returned are those of the epoch (a
// multiple of 10) with the least error there, so that the fit stops where
// it would start to learn the fitted games by heart. The king's material and
// piece-square weights of pieces that cannot stand there (pawns on the
// first and last ranks) have no data and stay as they are.
func Tune(g *chess.Game, data io.Reader, o TuneOptions) (w Weights, k, before, after float64, err error) {
	all, err := readTuneData(g, data)
	if err != nil {
		return w, 0, 0, 0, err
	}
	var pos, held []tunePos
	for i := range all {
		if (all[i].line-1)/256%10 == 9 {
			held = append(held, all[i])
		} else {
			pos = append(pos, all[i])
		}
	}
	if len(held) == 0 {
		held = pos
	}
	if o.Epochs <= 0 {
		o.Epochs = 2000
	}
	if o.Rate <= 0 {
		o.Rate = 1
	}
	// The parameters as floats: mg at 2i, eg at 2i+1.
	x := make([]float64, 2*numWeights)
	for i, wt := range weights {
		x[2*i], x[2*i+1] = float64(wt.mg), float64(wt.eg)
	}
	eval := func(p *tunePos) float64 {
		var mg, eg float64
		for j, i := range p.idx {
			c := float64(p.coef[j])
			mg += c * x[2*int(i)]
			eg += c * x[2*int(i)+1]
		}
		ms, es := p.shares()
		return mg*ms + eg*es
	}
	lossOn := func(set []tunePos, k float64) float64 {
		sum := 0.0
		for i := range set {
			d := float64(set[i].result) - sigmoid(k, eval(&set[i]))
			sum += d * d
		}
		return sum / float64(len(set))
	}
	loss := func(k float64) float64 { return lossOn(pos, k) }
	x0 := slices.Clone(x)
	// k: a golden-section search for the least error of the weights
	// as they are.
	lo, hi := 0.1, 3.0
	for range 40 {
		a, b := lo+(hi-lo)*0.382, lo+(hi-lo)*0.618
		if loss(a) < loss(b) {
			hi = b
		} else {
			lo = a
		}
	}
	k = (lo + hi) / 2
	before = lossOn(held, k)
	best, bestX := before, slices.Clone(x)
	keep := make([]bool, numWeights)
	for _, name := range o.Keep {
		r, ok := WeightGroups[name]
		if !ok {
			return w, 0, 0, 0, fmt.Errorf("tune: no group of weights %q", name)
		}
		for i := r[0]; i < r[1]; i++ {
			keep[i] = true
		}
	}
	// Adam over the full batch.
	grad := make([]float64, len(x))
	m1 := make([]float64, len(x))
	m2 := make([]float64, len(x))
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c := k * math.Ln10 / 400
	// The gradient is summed in parts, in parallel, each over its share
	// of the positions: eight whatever the cores, so that the sums, and
	// the fit, are the same on every machine.
	parts := make([][]float64, min(8, len(pos)))
	for i := range parts {
		parts[i] = make([]float64, len(x))
	}
	for epoch := 1; epoch <= o.Epochs; epoch++ {
		var wg sync.WaitGroup
		for w, part := range parts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				clear(part)
				for i := w * len(pos) / len(parts); i < (w+1)*len(pos)/len(parts); i++ {
					p := &pos[i]
					sg := sigmoid(k, eval(p))
					// d(error)/d(score) of this position, then down to each weight.
					d := -2 * (float64(p.result) - sg) * sg * (1 - sg) * c
					ms, es := p.shares()
					for j, wi := range p.idx {
						cf := float64(p.coef[j]) * d
						part[2*int(wi)] += cf * ms
						part[2*int(wi)+1] += cf * es
					}
				}
			}()
		}
		wg.Wait()
		clear(grad)
		for _, part := range parts {
			for i, v := range part {
				grad[i] += v
			}
		}
		for i := range x {
			if keep[i/2] {
				continue
			}
			gi := grad[i]/float64(len(pos)) + 2*o.Lambda*(x[i]-x0[i])/1e4
			m1[i] = b1*m1[i] + (1-b1)*gi
			m2[i] = b2*m2[i] + (1-b2)*gi*gi
			mh := m1[i] / (1 - math.Pow(b1, float64(epoch)))
			vh := m2[i] / (1 - math.Pow(b2, float64(epoch)))
			x[i] -= o.Rate * mh / (math.Sqrt(vh) + eps)
		}
		if epoch%10 == 0 {
			h := lossOn(held, k)
			if h < best {
				best = h
				copy(bestX, x)
			}
			if o.Progress != nil && epoch%50 == 0 {
				o.Progress(epoch, loss(k), h)
			}
		}
	}
	x, after = bestX, best
	for i := range w {
		w[i] = weight{int32(math.Round(x[2*i])), int32(math.Round(x[2*i+1]))}
	}
	return w, k, before, after, nil
}

// WeightGroups are the groups of weights Tune can keep, as index ranges.
var WeightGroups = map[string][2]int{
	"material":    {wMaterial, wPST},
	"pst":         {wPST, wMobKnight},
	"mobility":    {wMobKnight, wPassed},
	"pawns":       {wPassed, wBishopPair},
	"pieces":      {wBishopPair, wKingAttack},
	"king-attack": {wKingAttack, wTempo},
	"tempo":       {wTempo, wThreatPawn},
	"threats":     {wThreatPawn, wPassedFree},
	"passers":     {wPassedFree, wSafeCheck},
	"checks":      {wSafeCheck, wConnected},
	"connected":   {wConnected, wOutpost},
	"minors":      {wOutpost, wShelter},
	"shelter":     {wShelter, wRookSeventh},
	"extras":      {wRookSeventh, numWeights},
}

func sigmoid(k, x float64) float64 {
	return 1 / (1 + math.Pow(10, -k*x/400))
}

// WriteWeights writes w as the Go source of weights.go; how is the
// command that made them, for its comment.
func WriteWeights(out io.Writer, w Weights, how string) error {
	bw := bufio.NewWriter(out)
	fmt.Fprintf(bw, "// Code generated by %s; DO NOT EDIT.\n\npackage chess\n\n", how)
	fmt.Fprintf(bw, "// weights are the evaluation's weights (eval.go names the indices), as\n// {midgame, endgame} centipawns.\nvar weights = [numWeights]weight{\n")
	sections := []struct {
		name  string
		start int
		n     int
		per   int // per line
	}{
		{"material", wMaterial, 7, 7},
		{"pst: pawn", wPST + 64, 64, 8},
		{"pst: knight", wPST + 2*64, 64, 8},
		{"pst: bishop", wPST + 3*64, 64, 8},
		{"pst: rook", wPST + 4*64, 64, 8},
		{"pst: queen", wPST + 5*64, 64, 8},
		{"pst: king", wPST + 6*64, 64, 8},
		{"mobility: knight", wMobKnight, 9, 9},
		{"mobility: bishop", wMobBishop, 14, 7},
		{"mobility: rook", wMobRook, 15, 8},
		{"mobility: queen", wMobQueen, 28, 7},
		{"passed pawn by rank", wPassed, 8, 8},
		{"isolated, doubled, backward, bishop pair, rook open, rook semi-open", wIsolated, 6, 6},
		{"king attack units", wKingAttack, 32, 8},
		{"tempo", wTempo, 1, 1},
		{"threats: by a pawn, by a minor on a major, by a rook on the queen, hanging", wThreatPawn, 4, 4},
		{"passed pawn with its stop square empty, by rank", wPassedFree, 8, 8},
		{"passed pawn: the kings' distances to its stop square", wPassedKing, 1, 1},
		{"safe checks: knight, bishop, rook, queen", wSafeCheck, 4, 4},
		{"connected pawn by rank", wConnected, 8, 8},
		{"outposts: knight, bishop; bishop's pawns on its colour", wOutpost, 3, 3},
		{"king's shelter by distance", wShelter, 8, 8},
		{"pawn storm by distance", wStorm, 8, 8},
		{"blocked pawn storm by distance", wStormBlocked, 8, 8},
		{"rook on the seventh, pawn push threats, minor behind a pawn", wRookSeventh, 3, 3},
		{"the king's distance to its nearest pawn", wKingPawn, 8, 8},
	}
	for _, sec := range sections {
		fmt.Fprintf(bw, "\t// %s\n", sec.name)
		for i := 0; i < sec.n; i += sec.per {
			fmt.Fprintf(bw, "\t%d: ", sec.start+i)
			for j := i; j < min(i+sec.per, sec.n); j++ {
				if j > i {
					bw.WriteString(" ")
				}
				fmt.Fprintf(bw, "{%d, %d},", w[sec.start+j].mg, w[sec.start+j].eg)
			}
			bw.WriteString("\n")
		}
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// Weights is a full set of the evaluation's weights.
type Weights = [numWeights]weight
