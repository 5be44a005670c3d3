package client

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/protocol"
)

// gtpClient speaks GTP (the Go Text Protocol, version 2) to engines of
// placement games: Othello, as gtp-rhino speaks it (squares a1..h8 with
// row 1 at the top, as in meeple's Othello notation), and 2-D k-in-a-row
// boards with the Go convention (columns A..Z without I, row 1 at the
// bottom, as in meeple's k-in-a-row notation). Seat 1 is black.
//
// An engine that lists set_game (meeple's own GTP dialect, gtp-rhino) is
// told the game: Othello, or the variant as meeple names it. GTP engines
// keep the game: the client remembers the moves its engine
// has on its board and sends only the new ones with play; when the moves
// asked for do not extend them it starts over with clear_board. genmove
// plays the engine's move on its own board. Every command carries an id
// and the reply must echo it. GTP has no stop and no options: an engine
// that overruns a deadline stalls, and an engine option is refused at
// startup. An engine that refuses a pass with play (gtp-rhino passes for
// a side with no move by itself) gets no more passes. Clocks go out as time_left before genmove when the engine
// knows that command; a movetime as time_settings 0 <seconds> 1 (one move
// a byo-yomi period).
type gtpClient struct {
	known    map[string]bool // the engine's list_commands
	game     games.Game
	vertex   protocol.GTPVertex
	st       games.State // the engine's board: the start, then played
	played   []string    // the moves on the engine's board, as the referee writes them
	moveTime string      // the time_settings sent this game ("": none)
	autoPass bool        // the engine refuses "play <colour> pass": it passes by itself
}

func (*gtpClient) name() string { return "gtp" }

// gtpRequired are the commands the client cannot do without.
var gtpRequired = []string{"boardsize", "clear_board", "play", "genmove"}

func (g *gtpClient) handshake(c *Client, w waitFor) error {
	if v, err := g.command(c, w, "protocol_version"); err != nil {
		return err
	} else if v != "2" {
		return c.errorf(Protocol, "protocol_version: %q, want 2", protocol.Clip(v))
	}
	name, err := g.command(c, w, "name")
	if err != nil {
		return err
	}
	c.id = name
	if v, err := g.command(c, w, "version"); err == nil && v != "" {
		c.id += " " + v
	}
	list, err := g.command(c, w, "list_commands")
	if err != nil {
		return err
	}
	g.known = map[string]bool{}
	for _, cmd := range strings.Fields(list) {
		g.known[cmd] = true
	}
	for _, cmd := range gtpRequired {
		if !g.known[cmd] {
			return c.errorf(Protocol, "list_commands: the engine lacks %s (GTP needs %s)", cmd, strings.Join(gtpRequired, ", "))
		}
	}
	return nil
}

func (*gtpClient) setOption(c *Client, w waitFor, name, value string) error {
	return fmt.Errorf("setoption: GTP has no options")
}

// isReady asks for the engine's name: GTP's cheapest command.
func (g *gtpClient) isReady(c *Client, w waitFor, sent []string) error {
	_, err := g.command(c, w, "name")
	return err
}

// newGame reads the variant's board and sends set_game (when the engine
// knows it), boardsize and clear_board.
// Other people's GTP engines know square boards without gravity, and
// Othello from its diagonal start.
func (g *gtpClient) newGame(c *Client, w waitFor, variant string) error {
	v, err := games.LoadVariant(variant)
	if err != nil {
		return fmt.Errorf("newgame: %w", err)
	}
	vertex, width, height, err := protocol.GTPGeometry(v.Game)
	if err != nil {
		return fmt.Errorf("newgame: %w", err)
	}
	switch {
	case v.Family == "othello" && v.Rules.String("start") != "diagonal":
		return fmt.Errorf("newgame: GTP engines play Othello from the diagonal start only")
	case width != height || v.Game.Describe().Gravity != 0:
		return fmt.Errorf("newgame: GTP engines play square boards without gravity only")
	}
	g.game, g.vertex = v.Game, vertex
	if g.known["set_game"] {
		// An engine of several games (meeple, gtp-rhino) is told which:
		// Othello by the name GTP clients give it, the others by meeple's.
		name := variant
		if v.Family == "othello" {
			name = protocol.GTPOthello
		}
		if _, err := g.command(c, w, "set_game "+name); err != nil {
			return err
		}
	}
	if _, err := g.command(c, w, "boardsize "+strconv.Itoa(width)); err != nil {
		return err
	}
	return g.clear(c, w)
}

// clear empties the engine's board.
func (g *gtpClient) clear(c *Client, w waitFor) error {
	g.st, g.played, g.moveTime = nil, nil, ""
	if _, err := g.command(c, w, "clear_board"); err != nil {
		return err
	}
	g.st = g.game.NewState()
	return nil
}

func (g *gtpClient) search(c *Client, ctx context.Context, req GoRequest) (GoReply, error) {
	if g.game == nil {
		return GoReply{}, fmt.Errorf("engine %s: go: no game (newgame first)", c.name)
	}
	if strings.TrimSpace(req.Position) != "" {
		return GoReply{}, fmt.Errorf("engine %s: go: a GTP engine starts from the standard position; it cannot be given %q", c.name, protocol.Clip(req.Position))
	}
	w := c.readyWait(ctx)
	if err := g.sync(c, w, req.Moves); err != nil {
		return GoReply{}, err
	}
	seat := g.st.Player()
	if seat < 0 {
		return GoReply{}, fmt.Errorf("engine %s: go: the game is over", c.name)
	}
	colour := protocol.GTPColour(seat)
	if err := g.sendClock(c, w, req, seat); err != nil {
		return GoReply{}, err
	}
	id := c.nextID()
	replied := false
	rep, err := c.searchReplies(ctx, req, id+" genmove "+colour, func() error { return nil },
		func(word, rest string, rep *GoReply) (bool, error) {
			if replied {
				return word == "", nil // the blank line that ends the reply
			}
			text, ok, err := gtpReplyLine(id, word, rest)
			switch {
			case err != nil:
				return false, c.broke(c.errorf(Protocol, "genmove: %w", err))
			case !ok:
				return false, nil // not a reply: skipped
			}
			replied = true
			if strings.EqualFold(text, "resign") {
				rep.Move, rep.Resign = "resign", true
				return false, nil
			}
			move, err := g.vertex.FromGTP(text)
			if err != nil {
				move = text // the referee calls it illegal
			}
			rep.Move = move
			return false, nil
		})
	if err != nil {
		return rep, err
	}
	// genmove played the move on the engine's board.
	if m, perr := games.ParseLegal(g.st, rep.Move); perr == nil {
		g.st.Play(m)
		g.played = append(g.played, g.st.FormatMove(m)) // as the referee will write it
	} else {
		g.st = nil // out of step: the next search starts over
	}
	return rep, nil
}

// sync brings the engine's board to moves: the new ones with play, or
// all of them after clear_board when they do not extend what it has.
func (g *gtpClient) sync(c *Client, w waitFor, moves []string) error {
	if g.st == nil || len(moves) < len(g.played) || !slices.Equal(moves[:len(g.played)], g.played) {
		if err := g.clear(c, w); err != nil {
			return err
		}
	}
	for _, text := range moves[len(g.played):] {
		m, err := games.ParseLegal(g.st, text)
		if err != nil {
			return fmt.Errorf("engine %s: go: move %q: %w", c.name, text, err)
		}
		vertex, err := g.vertex.ToGTP(g.st.FormatMove(m))
		if err != nil {
			return fmt.Errorf("engine %s: go: %w", c.name, err)
		}
		if vertex != "pass" || !g.autoPass {
			if _, err := g.command(c, w, "play "+protocol.GTPColour(g.st.Player())+" "+vertex); err != nil {
				if vertex == "pass" && c.broken == nil {
					// It refused the pass: it passes by itself (gtp-rhino does).
					g.autoPass = true
				} else {
					g.st = nil
					return err
				}
			}
		}
		g.st.Play(m)
		g.played = append(g.played, text)
	}
	return nil
}

// sendClock tells the engine its time, when it can be told: time_left
// with a clock, time_settings with a movetime.
func (g *gtpClient) sendClock(c *Client, w waitFor, req GoRequest, seat int) error {
	if seat < len(req.Time) && g.known["time_left"] {
		secs := max(int(req.Time[seat].Seconds()), 1)
		_, err := g.command(c, w, fmt.Sprintf("time_left %s %d 0", protocol.GTPColour(seat), secs))
		return err
	}
	if req.MoveTime > 0 && g.known["time_settings"] {
		ts := fmt.Sprintf("time_settings 0 %d 1", max(int(req.MoveTime.Seconds()), 1))
		if ts != g.moveTime {
			if _, err := g.command(c, w, ts); err != nil {
				return err
			}
			g.moveTime = ts
		}
	}
	return nil
}

// command sends one GTP command with an id and returns the text of its
// success reply. A failure reply ("? message") is a Protocol error with
// the replies in step; lines before the reply that are not one are
// skipped.
func (g *gtpClient) command(c *Client, w waitFor, cmd string) (string, error) {
	id := c.nextID()
	if err := c.send(id + " " + cmd); err != nil {
		return "", err
	}
	what, _ := protocol.CutWord(cmd)
	var lines []string
	replied := false
	for {
		line, err := c.readLine(w, what)
		if err != nil {
			return "", err
		}
		if replied {
			if strings.TrimSpace(line) == "" {
				return strings.Join(lines, "\n"), nil
			}
			lines = append(lines, line)
			continue
		}
		word, rest := protocol.CutWord(line)
		text, ok, err := gtpReplyLine(id, word, rest)
		if err != nil {
			var fail *gtpFailure
			if errors.As(err, &fail) {
				// Read to the blank line, then report it.
				if err := g.skipReply(c, w, what); err != nil {
					return "", err
				}
				return "", c.errorf(Protocol, "%s: the engine says %q", what, protocol.Clip(fail.msg))
			}
			return "", c.broke(c.errorf(Protocol, "%s: %w", what, err))
		}
		if ok {
			replied, lines = true, []string{text}
		}
	}
}

// skipReply reads the rest of a reply, to its blank line.
func (g *gtpClient) skipReply(c *Client, w waitFor, what string) error {
	for {
		line, err := c.readLine(w, what)
		if err != nil || strings.TrimSpace(line) == "" {
			return err
		}
	}
}

// gtpFailure is a "?" reply.
type gtpFailure struct{ msg string }

func (f *gtpFailure) Error() string { return "the engine says " + strconv.Quote(f.msg) }

// gtpReplyLine reads the first line of a reply to request id: "=id text"
// (ok) or "?id message" (a *gtpFailure). A line that starts with neither
// is no reply (ok false); a reply with another id is an error.
func gtpReplyLine(id, word, rest string) (text string, ok bool, err error) {
	if word == "" || word[0] != '=' && word[0] != '?' {
		return "", false, nil
	}
	if got := word[1:]; got != id {
		return "", false, fmt.Errorf("the reply %q is not for request %s", protocol.Clip(word+" "+rest), id)
	}
	if word[0] == '?' {
		return "", false, &gtpFailure{msg: rest}
	}
	return rest, true, nil
}
