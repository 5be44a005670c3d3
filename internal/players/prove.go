package players

import (
	"context"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/games/nocca"
	"github.com/meeple-games/meeple/games/othello"
	kinarowplayer "github.com/meeple-games/meeple/internal/players/kinarow"
	noccaplayer "github.com/meeple-games/meeple/internal/players/nocca"
	othelloplayer "github.com/meeple-games/meeple/internal/players/othello"
	"github.com/meeple-games/meeple/internal/search"
)

// Proof is the exact value of a legal move for the side that plays it:
// Outcome +1 (a win), 0 (a draw) or -1 (a loss) with both sides playing
// perfectly after it, Plies to the end that way (the move counted; 0 for
// a draw where the game has no end), and in a game counted in discs
// (Othello) Margin, the final disc difference.
type Proof struct {
	Move      games.Move `json:"-"`
	Outcome   int        `json:"outcome"`
	Plies     int        `json:"plies"`
	Margin    int        `json:"margin"`
	HasMargin bool       `json:"hasMargin"`
}

// Limits of a Prover: how near its end an Othello position must be (this
// many empty squares or fewer), and how large a Nocca Nocca analysis may
// grow (a 4x4 board from its start takes 28 MB and 5 s).
const (
	ProveEmpties = 20
	proveNoccaMB = 64
)

// Prover proves the legal moves of positions of one game exactly, where
// its family has a solver: k-in-a-row (Connect Four and the boards it
// proves), Othello near the end, Nocca Nocca on small boards.
type Prover interface {
	// ProveMoves proves each legal move of st for its side to move, in
	// the order of st.LegalMoves; a move it cannot prove within ctx (too
	// far from the end, the time gone) is left out.
	ProveMoves(ctx context.Context, st games.State) []Proof
}

// NewProver is g's Prover with tables of hashMB megabytes, or nil when its
// family has no solver.
func NewProver(g games.Game, hashMB int) Prover {
	if fam, ok := families[g.Family()]; ok && fam.prover != nil {
		return fam.prover(g, hashMB)
	}
	return nil
}

// eachMove is a Prover that proves every move's successor on its own,
// with prove for the side to move there.
type eachMove func(ctx context.Context, st games.State) (Proof, bool)

func (prove eachMove) ProveMoves(ctx context.Context, st games.State) []Proof {
	who := st.Player()
	var out []Proof
	for _, mv := range st.LegalMoves(nil) {
		if ctx.Err() != nil {
			break
		}
		child := st.Clone()
		child.Play(mv)
		var p Proof
		if child.Player() == games.Terminal {
			p.Outcome, p.Plies = sign(child.Returns()[who]), 1
		} else if q, ok := prove(ctx, child); ok {
			p = Proof{Outcome: -q.Outcome, Plies: q.Plies + 1, Margin: -q.Margin, HasMargin: q.HasMargin}
			if child.Player() == who { // the other side had to pass
				p.Outcome, p.Margin = q.Outcome, q.Margin
			}
		} else {
			continue
		}
		p.Move = mv
		out = append(out, p)
	}
	return out
}

func newKinarowProver(g games.Game, hashMB int) Prover {
	kg := g.(*kinarow.Game)
	if !kinarowplayer.Provable(kg) {
		return nil
	}
	s := kinarowplayer.NewSolver(kg, hashMB)
	return eachMove(func(ctx context.Context, st games.State) (Proof, bool) {
		sol, err := s.Solve(ctx, st.(*kinarow.State), 0)
		return Proof{Outcome: sign(sol.Score), Plies: sol.Plies}, err == nil && sol.Exact
	})
}

func newOthelloProver(g games.Game, hashMB int) Prover {
	s := othelloplayer.NewSolver(hashMB)
	return eachMove(func(ctx context.Context, st games.State) (Proof, bool) {
		os := st.(*othello.State)
		if os.Empties() > ProveEmpties {
			return Proof{}, false
		}
		sol := s.Solve(ctx, os, search.Limits{})
		return Proof{Outcome: sign(sol.Score), Plies: len(sol.PV), Margin: sol.Score, HasMargin: true}, sol.Exact
	})
}

// noccaProver proves Nocca Nocca positions by one retrograde analysis of
// everything reachable from them, on boards small enough. The values are
// those of the position graph, where endless play draws: exact under the
// draw by repetition for a position with no repetition in its past.
type noccaProver struct{}

func newNoccaProver(games.Game, int) Prover { return noccaProver{} }

func (noccaProver) ProveMoves(ctx context.Context, st games.State) []Proof {
	sol, err := noccaplayer.Solve(ctx, st.(*nocca.State), noccaplayer.Options{MaxBytes: proveNoccaMB << 20})
	if err != nil { // too large, or the time gone
		return nil
	}
	var out []Proof
	for _, m := range sol.Moves {
		out = append(out, Proof{Move: m.Move, Outcome: m.Value, Plies: m.Plies})
	}
	return out
}

func sign[N int | float64](x N) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
