package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/kinarow"
	"github.com/meeple-games/meeple/games/nocca"
	"github.com/meeple-games/meeple/games/othello"
	kinarowplayer "github.com/meeple-games/meeple/internal/players/kinarow"
	noccaplayer "github.com/meeple-games/meeple/internal/players/nocca"
	othelloplayer "github.com/meeple-games/meeple/internal/players/othello"
	"github.com/meeple-games/meeple/internal/search"
)

func runSolve(ctx context.Context, env Env, args []string) (err error) {
	fs := newFlags(env, "solve", "VARIANT [flags]", `
Solves an Othello position exactly: the final disc difference for the side
to move with perfect play by both sides (the empty squares counted for the
winner), a best move and the line, with the nodes searched and the time.
The position is the start of VARIANT, or --position (the FFO format: the
squares a1, b1, ... row by row as X, O or -, a space, X or O to move),
followed by --moves. Without a limit it runs until it is done.

A Nocca Nocca variant is solved by retrograde analysis of every position
reachable from the start (or --position, a position string of the nocca
family, then --moves; its past is not taken into account): it prints the
value for the side to move (win, loss or draw), the plies to the end with
best play, a best move and the line, and the positions reached. Its tables
take two bits for every arrangement of the pieces to find the positions
reached, then a bit an arrangement and a byte a position reached to solve
them: 1.7 GB at the peak for 4 rows x 5 columns, 13.5 GB for 5 x 5.
--memory bounds them (default 16 GiB): a board whose enumeration does not
fit is refused up front, one whose positions reached do not is stopped as
soon as they outgrow it. Progress goes to stderr; --checkpoint FILE saves
the state about every 10 minutes and at the end, and a solve that finds
FILE resumes from it (with a larger --memory too). --time stops it;
--nodes and --hash are not used.

A k-in-a-row variant (connect4, tictactoe, qubic, ...) is proved by
negamax (bitboards for Connect Four and the other four-in-a-row gravity
boards): the score in Pascal Pons's convention (0 a draw; positive when
the side to move wins, (C+2-N)/2 rounded down for a win with stone N of
a board of C cells, so on 7x6 1 is a win with the winner's last, 21st,
stone; negative when it loses), win, draw or loss for the side to move,
the plies to the end with best play, a best move and the line. --nodes
and --time bound the search; --hash sizes its table.`)
	pos := fs.String("position", "", "solve this position string instead of the start")
	moves := fs.String("moves", "", "play these space-separated moves first")
	nodes := fs.Int64("nodes", 0, "stop after this many nodes (0: no limit)")
	movetime := fs.Duration("time", 0, "stop after this long (0: no limit)")
	hash := fs.Int("hash", 256, "transposition table size in megabytes (memory is taken as the table fills)")
	memory := fs.Int64("memory", noccaplayer.DefaultBytes>>20, "Nocca Nocca: the most megabytes of tables")
	checkpoint := fs.String("checkpoint", "", "Nocca Nocca: save the state to this file and resume from it")
	var set setFlags
	fs.Var(&set, "set", "override a rule: key=value (repeatable)")
	args, err = parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 1, 1); err != nil {
		return err
	}
	if *hash < 1 || *hash > 16384 {
		return fmt.Errorf("--hash %d: want 1..16384 megabytes", *hash)
	}
	st, err := startState(args[0], set, *pos, *moves)
	if err != nil {
		return err
	}
	if nst, ok := st.(*nocca.State); ok { // retrograde analysis: noccaplayer.Solve
		if *movetime > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, *movetime)
			defer cancel()
		}
		if *memory < 1 || *memory > 1<<30 {
			return fmt.Errorf("--memory %d: want 1..%d megabytes", *memory, 1<<30)
		}
		sol, err := noccaplayer.Solve(ctx, nst, noccaplayer.Options{MaxBytes: *memory << 20, Progress: env.Stderr, Checkpoint: *checkpoint})
		if err != nil {
			return err
		}
		sol.Report(env.Stdout, nst)
		return nil
	}
	if kst, ok := st.(*kinarow.State); ok {
		return solveKinarow(ctx, env, kst, *nodes, *movetime, *hash)
	}
	ost, ok := st.(*othello.State)
	if !ok {
		return fmt.Errorf("%s is not an Othello, Nocca Nocca or k-in-a-row variant: solve knows those", args[0])
	}
	solver := othelloplayer.NewSolver(*hash)
	lim := search.Limits{Nodes: *nodes, MoveTime: *movetime}
	sol := solver.Solve(ctx, ost, lim)
	defer func() {
		if ctx.Err() != nil && err == nil { // a signal: say so after the partial result
			err = fmt.Errorf("interrupted: %w", context.Cause(ctx))
		}
	}()
	w := env.Stdout
	side := []string{"black", "white"}[ost.ToMove()]
	fmt.Fprintf(w, "position %s\n", ost.Position())
	fmt.Fprintf(w, "empties %d, %s to move\n", ost.Empties(), side)
	if sol.Exact {
		fmt.Fprintf(w, "score %+d (%s)\n", sol.Score, verdict(side, sol.Score, ost))
	} else {
		fmt.Fprintf(w, "score unknown: stopped before the end (the move is a guess)\n")
	}
	if sol.Move != games.NoMove {
		fmt.Fprintf(w, "bestmove %s\n", ost.FormatMove(sol.Move))
		pv := make([]string, len(sol.PV))
		for i, m := range sol.PV {
			pv[i] = ost.FormatMove(m)
			if m == othello.Pass || ost.Legal(m) {
				ost.Play(m)
				defer ost.Undo()
			}
		}
		fmt.Fprintf(w, "pv %s\n", strings.Join(pv, " "))
	}
	fmt.Fprintf(w, "nodes %d\ntime %s\nnps %.0f\n", sol.Nodes, sol.Time.Round(time.Millisecond), float64(sol.Nodes)/max(sol.Time.Seconds(), 1e-9))
	return nil
}

// verdict says the result in words: "black wins 40-24".
func verdict(side string, score int, st *othello.State) string {
	n := st.Game().Squares()
	a := (n + score) / 2
	other := map[string]string{"black": "white", "white": "black"}[side]
	switch {
	case score > 0:
		return fmt.Sprintf("%s wins %d-%d", side, a, n-a)
	case score < 0:
		return fmt.Sprintf("%s wins %d-%d", other, n-a, a)
	}
	return fmt.Sprintf("draw %d-%d", a, n-a)
}

// solveKinarow proves a k-in-a-row position and prints its value.
func solveKinarow(ctx context.Context, env Env, st *kinarow.State, nodes int64, movetime time.Duration, hashMB int) error {
	solver := kinarowplayer.NewSolver(st.Game(), hashMB)
	sctx := ctx
	if movetime > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, movetime)
		defer cancel()
	}
	sol, err := solver.Solve(sctx, st, nodes)
	if err != nil {
		return err
	}
	w := env.Stdout
	side := []string{"x", "o"}[st.Player()]
	fmt.Fprintf(w, "position %s\n", st.Position())
	fmt.Fprintf(w, "stones %d, %s to move\n", st.Ply(), side)
	if !sol.Exact {
		fmt.Fprintf(w, "score unknown: stopped before the proof\n")
	} else {
		score := fmt.Sprintf("%+d", sol.Score)
		if sol.Score == 0 {
			score = "0"
		}
		fmt.Fprintf(w, "score %s (%s for %s, the side to move, in %d plies)\n", score, sol.Outcome(), side, sol.Plies)
		fmt.Fprintf(w, "plies %d\n", sol.Plies)
		fmt.Fprintf(w, "bestmove %s\n", st.FormatMove(sol.Move))
		pv := make([]string, len(sol.PV))
		c := st.Clone()
		for i, m := range sol.PV {
			pv[i] = c.FormatMove(m)
			c.Play(m)
		}
		fmt.Fprintf(w, "pv %s\n", strings.Join(pv, " "))
		fmt.Fprintf(w, "method %s\n", sol.Method)
	}
	fmt.Fprintf(w, "nodes %d\ntime %s\nnps %.0f\n", sol.Nodes, sol.Time.Round(time.Millisecond), float64(sol.Nodes)/max(sol.Time.Seconds(), 1e-9))
	if ctx.Err() != nil && !sol.Exact {
		return fmt.Errorf("interrupted: %w", context.Cause(ctx))
	}
	return nil
}
