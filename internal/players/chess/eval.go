package chess

import (
	"math/bits"

	"github.com/meeple-games/meeple/games/chess"
)

// The chess evaluation: a tapered (midgame/endgame) score from the side to
// move's point of view, in centipawns. Terms: material, piece-square tables,
// mobility (a weight for every number of squares a piece reaches), pawn
// structure (doubled, isolated, backward, connected and passed pawns; a
// passed pawn's free path and the kings' distances to its stop square),
// king safety (the pawn shelter and storm, the attack units on the king's
// zone and the safe checks the other side has), the king's distance to its
// nearest pawn, the bishop pair, rooks on open and semi-open files and on
// the seventh rank, knights and bishops on outposts and behind a pawn, a
// bishop's own pawns on its colour, threats (pieces attacked by a pawn, by
// a lesser piece, or not defended, and those a safe pawn push would
// attack) and the move; the endgame part is halved with bishops of
// opposite colours and no other pieces.
//
// The weights (weights.go) start from Tomasz Michniewski's "Simplified
// Evaluation Function" tables
// (chessprogramming.org/Simplified_Evaluation_Function) and hand-set terms;
// tune.go fits them by Texel's method to positions from meeple's own games,
// and weights.go's first line says which of them a fit has set.

// seeValue is the exchange value of a piece (the king is never given up).
var seeValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// phaseWeight is each piece's share of the game phase; phaseTotal is the
// opening's sum.
var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

const phaseTotal = 24

// The weights the evaluation reads (weights.go, written by the tuner) sit
// in one flat array, so that the tuner (tune.go) can see the evaluation as
// a sum of weights times counts. Each weight has a midgame and an endgame
// value; wX is the index of term X's first weight.
const (
	wMaterial    = 0                // by chess.PieceType (pawn..queen)
	wPST         = wMaterial + 7    // + type*64 + square, from the owner's side (a1 = 0 for both)
	wMobKnight   = wPST + 7*64      // + squares reached (0..8), not own pieces nor attacked by enemy pawns
	wMobBishop   = wMobKnight + 9   // + 0..13
	wMobRook     = wMobBishop + 14  // + 0..14
	wMobQueen    = wMobRook + 15    // + 0..27
	wPassed      = wMobQueen + 28   // + the passed pawn's rank from its side (0..7)
	wIsolated    = wPassed + 8      // per isolated pawn
	wDoubled     = wIsolated + 1    // per pawn beyond the first on a file
	wBackward    = wDoubled + 1     // per backward pawn
	wBishopPair  = wBackward + 1    // two bishops or more
	wRookOpen    = wBishopPair + 1  // rook on a file without pawns
	wRookSemi    = wRookOpen + 1    // rook on a file without own pawns
	wKingAttack  = wRookSemi + 1    // + the attack units on the king's zone (0..31), two attackers or more
	wTempo       = wKingAttack + 32 // the side to move
	wThreatPawn  = wTempo + 1       // per enemy piece (not a pawn) a pawn attacks
	wThreatMinor = wThreatPawn + 1  // per enemy rook or queen a knight or bishop attacks
	wThreatRook  = wThreatMinor + 1 // per enemy queen a rook attacks
	wHanging     = wThreatRook + 1  // per enemy piece (not a pawn) attacked and not defended
	wPassedFree  = wHanging + 1     // + the passed pawn's rank (0..7), its stop square empty
	wPassedKing  = wPassedFree + 8  // per square the enemy king is farther from a passed pawn's stop square than the own one, times its rank less 2
	wSafeCheck   = wPassedKing + 1  // + checking piece (knight, bishop, rook, queen): per square it could check the enemy king from, not attacked by the enemy
	wConnected   = wSafeCheck + 4   // + rank (0..7): a pawn defended by an own pawn or beside one
	wOutpost     = wConnected + 8   // + 0 knight, 1 bishop: on the fourth to sixth rank, defended by an own pawn, no enemy pawn able to attack it
	wBishopPawns = wOutpost + 2     // per bishop, per own pawn on squares of its colour
	// The king's pawns, on its file and each adjacent one: + the ranks
	// from the king to the nearest own pawn in front of it (1..6, 7:
	// none), to the nearest enemy pawn in front of it (a storm), and to
	// that enemy pawn when it stands right in front of the own one
	// (blocked, it cannot open the file).
	wShelter      = wBishopPawns + 1
	wStorm        = wShelter + 8
	wStormBlocked = wStorm + 8
	wRookSeventh  = wStormBlocked + 8 // per rook on the seventh rank with the enemy king on the eighth or enemy pawns on the seventh
	wPushThreat   = wRookSeventh + 1  // per enemy piece (not a pawn) a safe pawn push would attack
	wMinorBehind  = wPushThreat + 1   // per knight or bishop with an own pawn right in front of it
	wKingPawn     = wMinorBehind + 1  // + the king's distance to its nearest own pawn (1..7), when it has one
	numWeights    = wKingPawn + 8
)

// weight is one term's midgame and endgame value, in centipawns.
type weight struct{ mg, eg int32 }

// mobIndex is the first mobility weight of each piece type.
var mobIndex = [7]int{0, 0, wMobKnight, wMobBishop, wMobRook, wMobQueen, 0}

// kingAttackWeight is the attack units each attacker type brings per
// square of the king's zone it attacks.
var kingAttackWeight = [7]int{0, 0, 2, 2, 3, 5, 0}

// Precomputed masks.
var (
	fileMask     [8]uint64
	adjacentMask [8]uint64
	// passedMask[c][sq]: the squares in front of a pawn of colour c on sq,
	// on its file and the adjacent ones; no enemy pawn there: passed.
	passedMask [2][64]uint64
	// supportMask[c][sq]: the squares on the adjacent files not in front
	// of a pawn of colour c on sq; no own pawn there and the square in
	// front attacked by an enemy pawn: backward.
	supportMask [2][64]uint64
)

// colourOf is the squares of sq's colour.
func colourOf(sq int) uint64 {
	if chess.DarkSquares&(1<<sq) != 0 {
		return chess.DarkSquares
	}
	return ^chess.DarkSquares
}

func init() {
	for f := range 8 {
		fileMask[f] = chess.FileA << f
	}
	for f := range 8 {
		if f > 0 {
			adjacentMask[f] |= fileMask[f-1]
		}
		if f < 7 {
			adjacentMask[f] |= fileMask[f+1]
		}
	}
	for sq := range 64 {
		f, r := sq&7, sq>>3
		files := fileMask[f] | adjacentMask[f]
		for rr := range 8 {
			rank := chess.Rank1 << (8 * rr)
			if rr > r {
				passedMask[chess.White][sq] |= files & rank
			} else {
				supportMask[chess.White][sq] |= adjacentMask[f] & rank
			}
			if rr < r {
				passedMask[chess.Black][sq] |= files & rank
			} else {
				supportMask[chess.Black][sq] |= adjacentMask[f] & rank
			}
		}
	}
}

// chessEval is the evaluation; it keeps nothing between calls, so one
// value serves any number of searches.
type chessEval struct{}

// evalTrace records, for the tuner, how often each weight counted in one
// evaluation (white's count less black's), the phase and the endgame
// part's scale.
type evalTrace struct {
	coef         [numWeights]int32
	phase, scale int
}

// packed holds each weight as one number, midgame<<32 + endgame, so that
// a sum of weights is one sum (Stockfish's Score); pieceSquare is a
// piece's material and piece-square weight together, packed, for each
// colour, type and square.
var (
	packed      [numWeights]int64
	pieceSquare [2][7][64]int64
)

func init() {
	for i, w := range weights {
		packed[i] = int64(w.mg)<<32 + int64(w.eg)
	}
	for c := range 2 {
		for t := chess.Pawn; t <= chess.King; t++ {
			for sq := range 64 {
				pieceSquare[c][t][sq] = packed[wMaterial+int(t)] + packed[wPST+int(t)*64+(sq^56*c)]
			}
		}
	}
}

// unpack is the midgame and endgame value of a sum of packed weights.
func unpack(v int64) (mg, eg int) {
	return int((v + 1<<31) >> 32), int(int32(v))
}

// evalSum adds up the weights, white's less black's, packed, and counts
// them in tr when there is one.
type evalSum struct {
	sum int64
	tr  *evalTrace
}

func (a *evalSum) add(c chess.Color, i, n int) {
	a.sum += side(c, packed[i]*int64(n))
	a.count(c, i, n)
}

// piece adds colour c's piece of type t on sq: its material and its
// piece-square weight, in one lookup.
func (a *evalSum) piece(c chess.Color, t chess.PieceType, sq int) {
	a.sum += side(c, pieceSquare[c&1][t][sq])
	a.count(c, wMaterial+int(t), 1)
	a.count(c, wPST+int(t)*64+(sq^56*int(c&1)), 1)
}

// outpost adds colour c's minor piece on sq (kind 0 a knight, 1 a bishop)
// if it stands on an outpost: the fourth to sixth rank from c's side,
// defended by an own pawn, and no enemy pawn on an adjacent file in
// front of it (none can ever attack it).
func (a *evalSum) outpost(c chess.Color, kind, sq, flip int, pawns, pawnAtt [2]uint64) {
	if r := (sq ^ flip) >> 3; r < 3 || r > 5 || pawnAtt[c]&(1<<sq) == 0 {
		return
	}
	if passedMask[c][sq]&adjacentMask[sq&7]&pawns[c^1] == 0 {
		a.add(c, wOutpost+kind, 1)
	}
}

// shelter adds the pawns in front of colour c's king on k, on its file
// and each adjacent one: its own (the shelter) and the enemy's (the
// storm), by their distance in ranks from the king.
func (a *evalSum) shelter(c chess.Color, k, flip int, pawns [2]uint64) {
	kr := (k ^ flip) >> 3
	for f := max(0, k&7-1); f <= min(7, k&7+1); f++ {
		front := passedMask[c][k] & fileMask[f]
		own, storm := 7, 7
		if b := pawns[c] & front; b != 0 {
			own = (nearest(c, b)^flip)>>3 - kr
		}
		if b := pawns[c^1] & front; b != 0 {
			storm = (nearest(c, b)^flip)>>3 - kr
		}
		a.add(c, wShelter+own, 1)
		if storm == own+1 {
			a.add(c, wStormBlocked+storm, 1)
		} else {
			a.add(c, wStorm+storm, 1)
		}
	}
}

// behindPawn adds colour c's knight or bishop on sq if an own pawn stands
// right in front of it.
func (a *evalSum) behindPawn(c chess.Color, sq int, pawns [2]uint64) {
	front := uint64(1) << sq << 8
	if c == chess.Black {
		front = uint64(1) << sq >> 8
	}
	if pawns[c]&front != 0 {
		a.add(c, wMinorBehind, 1)
	}
}

// pawnAttacks is the squares colour c's pawns on b attack.
func pawnAttacks(c chess.Color, b uint64) uint64 {
	if c == chess.White {
		return b<<7&^chess.FileH | b<<9&^chess.FileA
	}
	return b>>9&^chess.FileH | b>>7&^chess.FileA
}

// pawnPushes is the squares colour c's pawns on b can move to, one step
// or two from their first rank, with occ occupied.
func pawnPushes(c chess.Color, b, occ uint64) uint64 {
	if c == chess.White {
		one := b << 8 &^ occ
		return one | (one&(chess.Rank1<<16))<<8&^occ
	}
	one := b >> 8 &^ occ
	return one | (one&(chess.Rank1<<40))>>8&^occ
}

// nearest is the square of b nearest to colour c's first rank.
func nearest(c chess.Color, b uint64) int {
	if c == chess.White {
		return bits.TrailingZeros64(b)
	}
	return 63 - bits.LeadingZeros64(b)
}

// count records n of weight i for colour c in the trace, if there is one.
func (a *evalSum) count(c chess.Color, i, n int) {
	if a.tr != nil {
		a.tr.coef[i] += int32(n) * (1 - 2*int32(c&1))
	}
}

// side is v for white, -v for black.
func side(c chess.Color, v int64) int64 {
	if c != chess.White {
		return -v
	}
	return v
}

// evaluate scores s for the side to move.
func (chessEval) evaluate(s *chess.State) int {
	return evaluate(s, nil)
}

// evaluate scores s for the side to move, counting the weights in tr
// unless it is nil.
func evaluate(s *chess.State, tr *evalTrace) int {
	a := evalSum{tr: tr}
	phase := 0
	occ := s.Occupied()
	pawns := [2]uint64{s.Pieces(chess.White, chess.Pawn), s.Pieces(chess.Black, chess.Pawn)}
	// Squares attacked by each side's pawns: mobility does not count them.
	pawnAtt := [2]uint64{pawnAttacks(chess.White, pawns[0]), pawnAttacks(chess.Black, pawns[1])}
	kingSq := [2]int{s.KingSquare(chess.White), s.KingSquare(chess.Black)}
	kingZone := [2]uint64{
		chess.KingAttacks(kingSq[0]) | 1<<kingSq[0],
		chess.KingAttacks(kingSq[1]) | 1<<kingSq[1],
	}
	var danger [2]int    // attack units on each side's king zone
	var attackers [2]int // number of pieces attacking it
	// Squares each side attacks: by each piece type, by any piece.
	var attBy [2][7]uint64
	allAtt := [2]uint64{
		pawnAtt[0] | chess.KingAttacks(kingSq[0]),
		pawnAtt[1] | chess.KingAttacks(kingSq[1]),
	}
	for c := chess.White; c <= chess.Black; c++ {
		them := c ^ 1
		flip := 0 // a square seen from c's side
		if c == chess.Black {
			flip = 56
		}
		own := s.ByColor(c)
		for t := chess.Pawn; t <= chess.King; t++ {
			for b := s.Pieces(c, t); b != 0; b &= b - 1 {
				sq := bits.TrailingZeros64(b)
				a.piece(c, t, sq)
				phase += phaseWeight[t]
				var att uint64
				switch t {
				case chess.Pawn, chess.King:
					continue
				case chess.Knight:
					att = chess.KnightAttacks(sq)
					a.behindPawn(c, sq, pawns)
					a.outpost(c, 0, sq, flip, pawns, pawnAtt)
				case chess.Bishop:
					att = chess.BishopAttacks(sq, occ)
					a.behindPawn(c, sq, pawns)
					a.outpost(c, 1, sq, flip, pawns, pawnAtt)
					if n := bits.OnesCount64(pawns[c] & colourOf(sq)); n > 0 {
						a.add(c, wBishopPawns, n)
					}
				case chess.Rook:
					att = chess.RookAttacks(sq, occ)
					seventh, eighth := chess.Rank1<<(48^flip), chess.Rank1<<(56^flip)
					if 1<<sq&seventh != 0 && (pawns[them]&seventh != 0 || 1<<kingSq[them]&eighth != 0) {
						a.add(c, wRookSeventh, 1)
					}
					f := sq & 7
					switch {
					case fileMask[f]&(pawns[0]|pawns[1]) == 0:
						a.add(c, wRookOpen, 1)
					case fileMask[f]&pawns[c] == 0:
						a.add(c, wRookSemi, 1)
					}
				case chess.Queen:
					att = chess.QueenAttacks(sq, occ)
				}
				attBy[c][t] |= att
				allAtt[c] |= att
				a.add(c, mobIndex[t]+bits.OnesCount64(att&^own&^pawnAtt[them]), 1)
				if att&kingZone[them] != 0 {
					danger[them] += kingAttackWeight[t] * bits.OnesCount64(att&kingZone[them])
					attackers[them]++
				}
			}
		}
		// Pawn structure.
		for b := pawns[c]; b != 0; b &= b - 1 {
			sq := bits.TrailingZeros64(b)
			f := sq & 7
			stop := sq + 8
			if c == chess.Black {
				stop = sq - 8
			}
			switch {
			case adjacentMask[f]&pawns[c] == 0:
				a.add(c, wIsolated, 1)
			case supportMask[c][sq]&pawns[c] == 0 && pawnAtt[them]&(1<<stop) != 0:
				a.add(c, wBackward, 1)
			}
			rank := (sq ^ flip) >> 3
			if pawnAtt[c]&(1<<sq) != 0 || (1<<sq<<1&^chess.FileA|1<<sq>>1&^chess.FileH)&pawns[c] != 0 {
				a.add(c, wConnected+rank, 1)
			}
			if passedMask[c][sq]&pawns[them] == 0 {
				a.add(c, wPassed+rank, 1)
				if occ&(1<<stop) == 0 {
					a.add(c, wPassedFree+rank, 1)
				}
				if rank > 2 {
					a.add(c, wPassedKing, (distance(kingSq[them], stop)-distance(kingSq[c], stop))*(rank-2))
				}
			}
		}
		for f := range 8 {
			if n := bits.OnesCount64(pawns[c] & fileMask[f]); n > 1 {
				a.add(c, wDoubled, n-1)
			}
		}
		if bits.OnesCount64(s.Pieces(c, chess.Bishop)) >= 2 {
			a.add(c, wBishopPair, 1)
		}
		a.shelter(c, kingSq[c], flip, pawns)
		if pawns[c] != 0 {
			d := 7
			for b := pawns[c]; b != 0 && d > 1; b &= b - 1 {
				d = min(d, distance(kingSq[c], bits.TrailingZeros64(b)))
			}
			a.add(c, wKingPawn+d, 1)
		}
	}
	for c := chess.White; c <= chess.Black; c++ {
		// King danger: counted with two attackers or more.
		if attackers[c] >= 2 {
			a.add(c, wKingAttack+min(danger[c], 31), 1)
		}
		// Threats by c on the other side's pieces.
		them := c ^ 1
		pieces := s.ByColor(them) &^ pawns[them] &^ s.Pieces(them, chess.King)
		majors := s.Pieces(them, chess.Rook) | s.Pieces(them, chess.Queen)
		if n := bits.OnesCount64(pieces & pawnAtt[c]); n > 0 {
			a.add(c, wThreatPawn, n)
		}
		if n := bits.OnesCount64(majors & (attBy[c][chess.Knight] | attBy[c][chess.Bishop])); n > 0 {
			a.add(c, wThreatMinor, n)
		}
		if n := bits.OnesCount64(s.Pieces(them, chess.Queen) & attBy[c][chess.Rook]); n > 0 {
			a.add(c, wThreatRook, n)
		}
		if n := bits.OnesCount64(pieces & allAtt[c] &^ allAtt[them]); n > 0 {
			a.add(c, wHanging, n)
		}
		// Pawn pushes to squares the other side's pawns do not attack and
		// its pieces do not attack unless c's defend them, that would
		// attack a piece.
		push := pawnPushes(c, pawns[c], occ) &^ (pawnAtt[them] | allAtt[them]&^allAtt[c])
		if n := bits.OnesCount64(pieces & pawnAttacks(c, push)); n > 0 {
			a.add(c, wPushThreat, n)
		}
		// Safe checks: squares c's pieces could check the other king
		// from, empty of c's own pieces and not attacked by the other side.
		k := kingSq[them]
		safe := ^allAtt[them] &^ s.ByColor(c)
		diag, straight := chess.BishopAttacks(k, occ), chess.RookAttacks(k, occ)
		for i, b := range [4]uint64{
			chess.KnightAttacks(k) & attBy[c][chess.Knight],
			diag & attBy[c][chess.Bishop],
			straight & attBy[c][chess.Rook],
			(diag | straight) & attBy[c][chess.Queen],
		} {
			if n := bits.OnesCount64(b & safe); n > 0 {
				a.add(c, wSafeCheck+i, n)
			}
		}
	}
	a.add(s.SideToMove(), wTempo, 1)
	phase = min(phase, phaseTotal)
	// The endgame part's scale, in 64ths: halved with bishops of opposite
	// colours and no other pieces.
	scale := 64
	if phase == 2 { // with one bishop a side, no other piece
		wb, bb := s.Pieces(chess.White, chess.Bishop), s.Pieces(chess.Black, chess.Bishop)
		if bits.OnesCount64(wb) == 1 && bits.OnesCount64(bb) == 1 && colourOf(bits.TrailingZeros64(wb))&bb == 0 {
			scale = 32
		}
	}
	if tr != nil {
		tr.phase, tr.scale = phase, scale
	}
	m, e := unpack(a.sum)
	score := (m*phase + e*scale/64*(phaseTotal-phase)) / phaseTotal
	// Without pawns, a side up by no more than a minor piece cannot win.
	if pawns[0]|pawns[1] == 0 && abs(score) < 400 {
		score /= 8
	}
	if s.SideToMove() == chess.Black {
		score = -score
	}
	return score
}

// nonPawnMaterial reports whether colour c has a piece other than pawns and
// the king (null-move pruning is unsafe without one: zugzwang).
func nonPawnMaterial(s *chess.State, c chess.Color) bool {
	return s.ByColor(c)&^(s.ByType(chess.Pawn)|s.ByType(chess.King)) != 0
}

// distance is the number of king moves between squares a and b.
func distance(a, b int) int {
	return max(abs(a&7-b&7), abs(a>>3-b>>3))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
