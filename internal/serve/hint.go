package serve

// Hints: in a room whose creator allowed help, a person asks the engine
// about their position on their turn. The server runs meeple's own engine
// on what the seat may see (its view, in a game of hidden information),
// and streams its thinking to that seat's page alone: the score in the
// game's units, the depth and the principal line as people read it, then
// the move it would play. An engine runs while it thinks, counted against
// --max-engines.

import (
	"context"
	"encoding/json"
	"io"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/engine"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/internal/referee"
	"github.com/meeple-games/meeple/internal/search"
	"github.com/meeple-games/meeple/protocol/client"
)

// hintTime is how long the engine thinks for a hint.
const hintTime = 2 * time.Second

// hint starts the engine on the position of the page's seat, on its turn.
func (r *Room) hint(c *conn) *refusal {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case !r.file.Help:
		return refuse("no-help", "this room's creator did not allow help")
	case c.roomSeat < 0:
		return refuse("spectator", "spectators cannot play")
	case r.file.Ended != nil:
		return refuse("game-over", "the game is over")
	case r.st == nil || r.st.Player() != r.file.gameSeat(c.roomSeat):
		return refuse("not-your-turn", "not your turn")
	case !c.hinting.CompareAndSwap(false, true):
		return refuse("hint-running", "the engine is already thinking about your position")
	}
	if !r.s.reserveEngines(1) {
		c.hinting.Store(false)
		return refuse("engines-busy", "the server runs at most %d engines at once, all playing; try again in a while", r.s.lim.Engines)
	}
	g := r.file.gameSeat(c.roomSeat)
	st := r.st.Clone()
	req := client.GoRequest{Start: r.variant.Game.NewState().Position(), MoveTime: hintTime, Deadline: hintTime + time.Second}
	if vs, ok := st.(games.ViewState); ok && r.variant.Game.Type().Information == games.ImperfectInformation {
		req.Position = vs.View(g)
	} else {
		for _, p := range r.file.Plies {
			req.Moves = append(req.Moves, p.Move)
		}
	}
	ply, rules := len(r.file.Plies), r.variant.Spec()
	go r.s.think(c, r.variant.Game, st, ply, rules, req)
	return nil
}

// think runs the engine for a hint and sends its thinking to c.
func (s *Server) think(c *conn, g games.Game, st games.State, ply int, rules string, req client.GoRequest) {
	defer c.hinting.Store(false)
	defer s.releaseEngines(1)
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	go func() { // the page went away: stop thinking
		select {
		case <-c.gone:
			cancel()
		case <-ctx.Done():
		}
	}()
	send := func(rep client.GoReply, done bool) {
		m := hintMsg{Type: "hint", Ply: ply, Depth: rep.Depth, Score: rep.Score, Mate: rep.Mate, Has: rep.HasScore, Done: done,
			PV: notesOfLine(st, rep.PV)}
		if m.Mate == 0 && search.IsMate(m.Score) {
			// A forced end reported as a score (a proof without its
			// distance, a book's win): read as one.
			m.Mate, m.Score = search.MatePlies(m.Score), 0
		}
		if done {
			if mv, err := games.ParseLegal(st, rep.Move); err == nil {
				m.Best = st.FormatMove(mv)
				if p, ok := st.(games.Pictured); ok {
					m.Cells = p.MoveCells(mv)
				}
			}
		}
		b, _ := json.Marshal(m)
		c.send(b, nil)
	}
	es, err := referee.StartEngineSeat(ctx, referee.EngineConfig{Name: "hint", Cmd: referee.Self, Proto: "native"},
		referee.EngineOptions{Self: s.cfg.Self, Stderr: io.Discard})
	if err != nil {
		s.logf("a hint's engine: %v", err)
		send(client.GoReply{}, true)
		return
	}
	defer es.Close()
	if err := es.NewGame(ctx, rules); err != nil {
		s.logf("a hint's engine: %v", err)
		send(client.GoReply{}, true)
		return
	}
	last := time.Time{}
	req.Info = func(rep client.GoReply) {
		if time.Since(last) >= 100*time.Millisecond { // enough to watch it think, not a flood
			last = time.Now()
			send(rep, false)
		}
	}
	rep, err := es.Go(ctx, req)
	if err != nil && ctx.Err() == nil {
		s.logf("a hint's engine: %v", err)
	}
	send(rep, true)
	if pr := players.NewSolver(g, proofHashMB); pr != nil && ctx.Err() == nil {
		b, _ := json.Marshal(proofMsg{Type: "proof", Ply: ply, Moves: proveMoves(ctx, pr, st, proofTime)})
		c.send(b, nil)
	}
}

// proofTime bounds a hint's proofs of every legal move, and proofHashMB
// sizes the solver's tables.
const (
	proofTime   = 6 * time.Second
	proofHashMB = 16
)

// proofMsg is the exact value of each legal move that could be proved,
// for the seat to move: where meeple can prove the position (Connect Four,
// tic-tac-toe, Othello near its end), a hint shows them on their cells.
type proofMsg struct {
	Type  string       `json:"type"` // proof
	Ply   int          `json:"ply"`
	Moves []movedProof `json:"moves"`
}

type movedProof struct {
	Move  string `json:"move"`
	Cells []int  `json:"cells,omitempty"`
	engine.Proof
}

// proveMoves proves st's legal moves for its side to move, within d.
func proveMoves(ctx context.Context, pr engine.Solver, st games.State, d time.Duration) []movedProof {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	pic, _ := st.(games.Pictured)
	out := []movedProof{}
	for _, p := range pr.ProveMoves(ctx, st) {
		m := movedProof{Move: st.FormatMove(p.Move), Proof: p}
		if pic != nil {
			m.Cells = pic.MoveCells(p.Move)
		}
		out = append(out, m)
	}
	return out
}

// notesOfLine is a principal line as people read it: each move noted on
// the position it is played in, as far as the moves are legal there.
func notesOfLine(st games.State, pv []string) []games.MoveNote {
	var out []games.MoveNote
	st = st.Clone()
	for _, m := range pv {
		mv, err := games.ParseLegal(st, m)
		if err != nil {
			break
		}
		out = append(out, noteOf(st, mv))
		st.Play(mv)
	}
	return out
}

// reviewNodes is the engine's budget for each position of a review: the
// same on every machine, so that a review reads alike.
const reviewNodes = 20000

// reviewMsg is one position of a finished game as the engine judges it,
// sent to the page that asked for the review: ply k's position (after k
// plies; its picture and who was to move), the engine's score in seat 0's
// view (Mate: plies to a forced end, + seat 0 wins), and at the end Done.
type reviewMsg struct {
	Type    string         `json:"type"` // review
	Game    int            `json:"game"`
	Ply     int            `json:"ply"`
	Picture *games.Picture `json:"picture,omitempty"`
	ToMove  int            `json:"toMove"`
	Score   int            `json:"score"`
	Mate    int            `json:"mate,omitempty"`
	Has     bool           `json:"hasScore"`
	Done    bool           `json:"done"`
}

// review has the engine judge every position of the room's finished game,
// for the page that asked: a game of perfect information, once it is over.
func (r *Room) review(c *conn) *refusal {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case c.roomSeat < 0:
		return refuse("spectator", "spectators cannot play")
	case r.file.Ended == nil:
		return refuse("not-over", "the game is not over")
	case r.variant.Game.Type().Information == games.ImperfectInformation:
		return refuse("review-hidden", "a game of hidden information is not reviewed")
	case !c.hinting.CompareAndSwap(false, true):
		return refuse("hint-running", "the engine is already thinking about your position")
	}
	if !r.s.reserveEngines(1) {
		c.hinting.Store(false)
		return refuse("engines-busy", "the server runs at most %d engines at once, all playing; try again in a while", r.s.lim.Engines)
	}
	var moves []string
	for _, p := range r.file.Plies {
		moves = append(moves, p.Move)
	}
	go r.s.judge(c, r.variant, r.file.Game, moves)
	return nil
}

// judge runs the engine on every position of a finished game and sends
// each judgement to c.
func (s *Server) judge(c *conn, v *games.Variant, game int, moves []string) {
	defer c.hinting.Store(false)
	defer s.releaseEngines(1)
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	go func() {
		select {
		case <-c.gone:
			cancel()
		case <-ctx.Done():
		}
	}()
	st := v.Game.NewState()
	start := st.Position()
	send := func(m reviewMsg) {
		b, _ := json.Marshal(m)
		c.send(b, nil)
	}
	es, err := referee.StartEngineSeat(ctx, referee.EngineConfig{Name: "review", Cmd: referee.Self, Proto: "native"},
		referee.EngineOptions{Self: s.cfg.Self, Stderr: io.Discard})
	if err == nil {
		defer es.Close()
		err = es.NewGame(ctx, v.Spec())
	}
	if err != nil {
		s.logf("a review's engine: %v", err)
		send(reviewMsg{Type: "review", Game: game, Done: true})
		return
	}
	for k := 0; k <= len(moves) && ctx.Err() == nil; k++ {
		pic := picture(st, -1)
		m := reviewMsg{Type: "review", Game: game, Ply: k, Picture: &pic, ToMove: st.Player()}
		if who := st.Player(); who >= 0 {
			rep, err := es.Go(ctx, client.GoRequest{Start: start, Moves: moves[:k], Nodes: reviewNodes, Deadline: 30 * time.Second})
			if err != nil {
				if ctx.Err() == nil {
					s.logf("a review's engine: %v", err)
				}
				break
			}
			m.Score, m.Mate, m.Has = rep.Score, rep.Mate, rep.HasScore
			if m.Mate == 0 && search.IsMate(m.Score) {
				m.Mate, m.Score = search.MatePlies(m.Score), 0
			}
			if who != 0 { // seat 0's view
				m.Score, m.Mate = -m.Score, -m.Mate
			}
		}
		send(m)
		if k < len(moves) {
			mv, err := games.ParseLegal(st, moves[k])
			if err != nil {
				break
			}
			st.Play(mv)
		}
	}
	send(reviewMsg{Type: "review", Game: game, Ply: len(moves), Done: true})
}
