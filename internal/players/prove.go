package players

import (
	"context"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/games/othello"
	kinarowplayer "github.com/meeple-games/meeple/internal/players/kinarow"
	othelloplayer "github.com/meeple-games/meeple/internal/players/othello"
	"github.com/meeple-games/meeple/internal/search"
)

// Proof is a position's value proved exactly, for its side to move:
// Outcome +1 (a win), 0 (a draw) or -1 (a loss) with both sides playing
// perfectly, Plies to the end that way, and in a game counted in discs
// (Othello) Margin, the final disc difference.
type Proof struct {
	Outcome   int  `json:"outcome"`
	Plies     int  `json:"plies"`
	Margin    int  `json:"margin"`
	HasMargin bool `json:"hasMargin"`
}

// ProveEmpties is how near its end an Othello position must be for a
// Prover to prove it: this many empty squares or fewer.
const ProveEmpties = 20

// Prover proves positions of one game exactly, where its family has a
// solver (k-in-a-row: Connect Four and the boards it proves; Othello near
// the end); it keeps its tables from one position to the next.
type Prover interface {
	// Prove proves st, or reports false when it cannot within ctx (too far
	// from the end, the time gone).
	Prove(ctx context.Context, st games.State) (Proof, bool)
}

// NewProver is g's Prover with tables of hashMB megabytes, or nil when its
// family has no solver.
func NewProver(g games.Game, hashMB int) Prover {
	if fam, ok := families[g.Family()]; ok && fam.prover != nil {
		return fam.prover(g, hashMB)
	}
	return nil
}

// kinarowProver proves k-in-a-row positions with the family's solver.
type kinarowProver struct{ s *kinarowplayer.Solver }

func newKinarowProver(g games.Game, hashMB int) Prover {
	kg := g.(*kinarow.Game)
	if !kinarowplayer.Provable(kg) {
		return nil
	}
	return kinarowProver{kinarowplayer.NewSolver(kg, hashMB)}
}

func (p kinarowProver) Prove(ctx context.Context, st games.State) (Proof, bool) {
	ks, ok := st.(*kinarow.State)
	if !ok {
		return Proof{}, false
	}
	sol, err := p.s.Solve(ctx, ks, 0)
	if err != nil || !sol.Exact {
		return Proof{}, false
	}
	return Proof{Outcome: sign(sol.Score), Plies: sol.Plies}, true
}

// othelloProver proves Othello positions near their end.
type othelloProver struct{ s *othelloplayer.Solver }

func newOthelloProver(g games.Game, hashMB int) Prover {
	return othelloProver{othelloplayer.NewSolver(hashMB)}
}

func (p othelloProver) Prove(ctx context.Context, st games.State) (Proof, bool) {
	os, ok := st.(*othello.State)
	if !ok || os.Empties() > ProveEmpties {
		return Proof{}, false
	}
	sol := p.s.Solve(ctx, os, search.Limits{})
	if !sol.Exact {
		return Proof{}, false
	}
	return Proof{Outcome: sign(sol.Score), Plies: len(sol.PV), Margin: sol.Score, HasMargin: true}, true
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
