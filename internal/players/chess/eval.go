package chess

import (
	"math/bits"

	"github.com/meeple-games/meeple/games/chess"
)

// The chess evaluation: a tapered (midgame/endgame) score from the side to
// move's point of view, in centipawns. Terms: material, piece-square tables,
// pawn structure (doubled, isolated and passed pawns), king safety (the pawn
// shield and the attackers of the king's zone), mobility, the bishop pair,
// rooks on open files, and a small bonus for the move.
//
// The piece-square tables are Tomasz Michniewski's "Simplified Evaluation
// Function" (chessprogramming.org/Simplified_Evaluation_Function), used for
// both phases except the king (his middle-game and end-game king tables)
// and the pawn (his table in the middle game, a plain advance bonus in the
// end game, where passed pawns are scored apart). The other weights are
// ours, set by hand.

// Material values, midgame and endgame, by chess.PieceType.
var (
	mgValue = [7]int{0, 100, 320, 330, 500, 950, 0}
	egValue = [7]int{0, 120, 300, 320, 540, 960, 0}
)

// seeValue is the exchange value of a piece (the king is never given up).
var seeValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// phaseWeight is each piece's share of the game phase; phaseTotal is the
// opening's sum.
var phaseWeight = [7]int{0, 0, 1, 1, 2, 4, 0}

const phaseTotal = 24

// Michniewski's tables, as he prints them: rank 8 first, a-file first,
// from white's side. A white piece on square sq (a1 = 0) reads entry
// sq^56, a black one entry sq.
var (
	pstPawnMG = [64]int{
		0, 0, 0, 0, 0, 0, 0, 0,
		50, 50, 50, 50, 50, 50, 50, 50,
		10, 10, 20, 30, 30, 20, 10, 10,
		5, 5, 10, 25, 25, 10, 5, 5,
		0, 0, 0, 20, 20, 0, 0, 0,
		5, -5, -10, 0, 0, -10, -5, 5,
		5, 10, 10, -20, -20, 10, 10, 5,
		0, 0, 0, 0, 0, 0, 0, 0,
	}
	pstPawnEG = [64]int{
		0, 0, 0, 0, 0, 0, 0, 0,
		60, 60, 60, 60, 60, 60, 60, 60,
		35, 35, 35, 35, 35, 35, 35, 35,
		20, 20, 20, 20, 20, 20, 20, 20,
		10, 10, 10, 10, 10, 10, 10, 10,
		0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0,
	}
	pstKnight = [64]int{
		-50, -40, -30, -30, -30, -30, -40, -50,
		-40, -20, 0, 0, 0, 0, -20, -40,
		-30, 0, 10, 15, 15, 10, 0, -30,
		-30, 5, 15, 20, 20, 15, 5, -30,
		-30, 0, 15, 20, 20, 15, 0, -30,
		-30, 5, 10, 15, 15, 10, 5, -30,
		-40, -20, 0, 5, 5, 0, -20, -40,
		-50, -40, -30, -30, -30, -30, -40, -50,
	}
	pstBishop = [64]int{
		-20, -10, -10, -10, -10, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 10, 10, 5, 0, -10,
		-10, 5, 5, 10, 10, 5, 5, -10,
		-10, 0, 10, 10, 10, 10, 0, -10,
		-10, 10, 10, 10, 10, 10, 10, -10,
		-10, 5, 0, 0, 0, 0, 5, -10,
		-20, -10, -10, -10, -10, -10, -10, -20,
	}
	pstRook = [64]int{
		0, 0, 0, 0, 0, 0, 0, 0,
		5, 10, 10, 10, 10, 10, 10, 5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		0, 0, 0, 5, 5, 0, 0, 0,
	}
	pstQueen = [64]int{
		-20, -10, -10, -5, -5, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 5, 5, 5, 0, -10,
		-5, 0, 5, 5, 5, 5, 0, -5,
		0, 0, 5, 5, 5, 5, 0, -5,
		-10, 5, 5, 5, 5, 5, 0, -10,
		-10, 0, 5, 0, 0, 0, 0, -10,
		-20, -10, -10, -5, -5, -10, -10, -20,
	}
	pstKingMG = [64]int{
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-20, -30, -30, -40, -40, -30, -30, -20,
		-10, -20, -20, -20, -20, -20, -20, -10,
		20, 20, 0, 0, 0, 0, 20, 20,
		20, 30, 10, 0, 0, 10, 30, 20,
	}
	pstKingEG = [64]int{
		-50, -40, -30, -20, -20, -30, -40, -50,
		-30, -20, -10, 0, 0, -10, -20, -30,
		-30, -10, 20, 30, 30, 20, -10, -30,
		-30, -10, 30, 40, 40, 30, -10, -30,
		-30, -10, 30, 40, 40, 30, -10, -30,
		-30, -10, 20, 30, 30, 20, -10, -30,
		-30, -30, 0, 0, 0, 0, -30, -30,
		-50, -30, -30, -30, -30, -30, -30, -50,
	}
)

// pstMG and pstEG are the tables by piece type.
var (
	pstMG = [7]*[64]int{nil, &pstPawnMG, &pstKnight, &pstBishop, &pstRook, &pstQueen, &pstKingMG}
	pstEG = [7]*[64]int{nil, &pstPawnEG, &pstKnight, &pstBishop, &pstRook, &pstQueen, &pstKingEG}
)

// Pawn structure, king safety and piece terms (midgame, endgame).
var (
	// passedMG/EG by the pawn's rank counted from its own side (0..7).
	passedMG = [8]int{0, 5, 10, 15, 25, 40, 60, 0}
	passedEG = [8]int{0, 10, 15, 25, 45, 75, 120, 0}
	// kingAttackWeight is the weight of each attacker type on the king's
	// zone; kingDanger maps the summed weight to a midgame penalty.
	kingAttackWeight = [7]int{0, 0, 2, 2, 3, 5, 0}
	// mobility weights per reachable square, midgame and endgame, with the
	// typical count subtracted so that a normal piece scores about 0.
	mobMG   = [7]int{0, 0, 4, 4, 2, 1, 0}
	mobEG   = [7]int{0, 0, 4, 5, 4, 2, 0}
	mobBase = [7]int{0, 0, 4, 6, 6, 12, 0}
)

const (
	doubledMG, doubledEG     = 10, 20
	isolatedMG, isolatedEG   = 10, 15
	shieldMG                 = 12 // per pawn in front of a castled king
	bishopPairMG, bishopPair = 30, 50
	rookOpenMG, rookOpenEG   = 25, 10
	rookSemiMG, rookSemiEG   = 12, 5
	tempo                    = 10
)

// Precomputed masks.
var (
	fileMask     [8]uint64
	adjacentMask [8]uint64
	// passedMask[c][sq]: the squares in front of a pawn of colour c on sq,
	// on its file and the adjacent ones; no enemy pawn there: passed.
	passedMask [2][64]uint64
	// shieldMask[c][sq]: the two ranks in front of a king of colour c on sq,
	// on its file and the adjacent ones.
	shieldMask [2][64]uint64
)

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
				if rr <= r+2 {
					shieldMask[chess.White][sq] |= files & rank
				}
			}
			if rr < r {
				passedMask[chess.Black][sq] |= files & rank
				if rr >= r-2 {
					shieldMask[chess.Black][sq] |= files & rank
				}
			}
		}
	}
}

// chessEval is the evaluation; it keeps nothing between calls, so one
// value serves any number of searches.
type chessEval struct{}

// evaluate scores s for the side to move.
func (chessEval) evaluate(s *chess.State) int {
	var mg, eg [2]int
	phase := 0
	occ := s.Occupied()
	pawns := [2]uint64{s.Pieces(chess.White, chess.Pawn), s.Pieces(chess.Black, chess.Pawn)}
	// Squares attacked by each side's pawns: mobility does not count them.
	pawnAtt := [2]uint64{
		(pawns[0] << 7 &^ chess.FileH) | (pawns[0] << 9 &^ chess.FileA),
		(pawns[1] >> 9 &^ chess.FileH) | (pawns[1] >> 7 &^ chess.FileA),
	}
	kingSq := [2]int{s.KingSquare(chess.White), s.KingSquare(chess.Black)}
	kingZone := [2]uint64{
		chess.KingAttacks(kingSq[0]) | 1<<kingSq[0],
		chess.KingAttacks(kingSq[1]) | 1<<kingSq[1],
	}
	var danger [2]int    // attack weight on each side's king zone
	var attackers [2]int // number of pieces attacking it
	for c := chess.White; c <= chess.Black; c++ {
		them := c ^ 1
		flip := 56
		if c == chess.Black {
			flip = 0
		}
		own := s.ByColor(c)
		for t := chess.Pawn; t <= chess.King; t++ {
			for b := s.Pieces(c, t); b != 0; b &= b - 1 {
				sq := bits.TrailingZeros64(b)
				i := sq ^ flip
				mg[c] += mgValue[t] + pstMG[t][i]
				eg[c] += egValue[t] + pstEG[t][i]
				phase += phaseWeight[t]
				var att uint64
				switch t {
				case chess.Pawn, chess.King:
					continue
				case chess.Knight:
					att = chess.KnightAttacks(sq)
				case chess.Bishop:
					att = chess.BishopAttacks(sq, occ)
				case chess.Rook:
					att = chess.RookAttacks(sq, occ)
					f := sq & 7
					switch {
					case fileMask[f]&(pawns[0]|pawns[1]) == 0:
						mg[c] += rookOpenMG
						eg[c] += rookOpenEG
					case fileMask[f]&pawns[c] == 0:
						mg[c] += rookSemiMG
						eg[c] += rookSemiEG
					}
				case chess.Queen:
					att = chess.QueenAttacks(sq, occ)
				}
				n := bits.OnesCount64(att &^ own &^ pawnAtt[them])
				mg[c] += mobMG[t] * (n - mobBase[t])
				eg[c] += mobEG[t] * (n - mobBase[t])
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
			if adjacentMask[f]&pawns[c] == 0 {
				mg[c] -= isolatedMG
				eg[c] -= isolatedEG
			}
			if passedMask[c][sq]&pawns[them] == 0 {
				r := sq >> 3
				if c == chess.Black {
					r = 7 - r
				}
				mg[c] += passedMG[r]
				eg[c] += passedEG[r]
			}
		}
		for f := range 8 {
			if n := bits.OnesCount64(pawns[c] & fileMask[f]); n > 1 {
				mg[c] -= doubledMG * (n - 1)
				eg[c] -= doubledEG * (n - 1)
			}
		}
		if bits.OnesCount64(s.Pieces(c, chess.Bishop)) >= 2 {
			mg[c] += bishopPairMG
			eg[c] += bishopPair
		}
		// The pawn shield, for a king on its first two ranks.
		k := kingSq[c]
		r := k >> 3
		if c == chess.Black {
			r = 7 - r
		}
		if r <= 1 {
			mg[c] += shieldMG * min(3, bits.OnesCount64(shieldMask[c][k]&pawns[c]))
		}
	}
	// King danger: counted only with two attackers or more, growing
	// quadratically, and scaled by the attacker's queen.
	for c := chess.White; c <= chess.Black; c++ {
		if attackers[c] >= 2 {
			d := danger[c] * danger[c] / 4
			if s.Pieces(c^1, chess.Queen) == 0 {
				d /= 2
			}
			mg[c] -= min(d, 500)
		}
	}
	phase = min(phase, phaseTotal)
	m := mg[0] - mg[1]
	e := eg[0] - eg[1]
	score := (m*phase + e*(phaseTotal-phase)) / phaseTotal
	// Without pawns, a side up by no more than a minor piece cannot win.
	if pawns[0]|pawns[1] == 0 && abs(score) < 400 {
		score /= 8
	}
	if s.SideToMove() == chess.Black {
		score = -score
	}
	return score + tempo
}

// nonPawnMaterial reports whether colour c has a piece other than pawns and
// the king (null-move pruning is unsafe without one: zugzwang).
func nonPawnMaterial(s *chess.State, c chess.Color) bool {
	return s.ByColor(c)&^(s.ByType(chess.Pawn)|s.ByType(chess.King)) != 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
