package referee

import (
	"context"
	"errors"
	"os"
	"reflect"
	"testing"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/protocol/client"
)

// scriptSeat plays a move that depends only on the position (the state the
// table's hook shows it), so that a resumed game goes on as the
// uninterrupted one did. reply, when set, replaces its reply.
type scriptSeat struct {
	st    *games.State
	reply func(req client.GoRequest) (client.GoReply, error)
}

func (s *scriptSeat) Go(ctx context.Context, req client.GoRequest) (client.GoReply, error) {
	if s.reply != nil {
		return s.reply(req)
	}
	st := *s.st
	moves := st.LegalMoves(nil)
	return client.GoReply{Move: st.FormatMove(moves[st.Hash()%uint64(len(moves))]), Elapsed: time.Millisecond}, nil
}

// scriptTable is a table of scripted seats, each with a 10+0.1 clock; the
// returned func gives the clocks the hook saw last.
func scriptTable(t *testing.T, variant string, seed uint64, plies []record.Ply) (*Game, func() []time.Duration) {
	t.Helper()
	v, err := games.LoadVariant(variant)
	if err != nil {
		t.Fatal(err)
	}
	st := new(games.State)
	tb := &Game{Variant: v, Seed: seed, Plies: plies, Margin: time.Second}
	for i := range v.Game.Type().Players {
		tb.Seats = append(tb.Seats, GameSeat{Name: string(rune('a' + i)), Seat: &scriptSeat{st: st},
			Limits: Limits{TC: TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}}})
	}
	var clocks []time.Duration
	tb.Hook = func(u Update) {
		*st = u.State
		if u.Clocks != nil {
			clocks = u.Clocks
		}
	}
	return tb, func() []time.Duration { return clocks }
}

func playTable(t *testing.T, tb *Game) *record.Record {
	t.Helper()
	rec, err := tb.Play(context.Background())
	if err != nil {
		t.Fatalf("Play: %v", err)
	}
	rec.Date = ""
	return rec
}

// TestTableResume: a game resumed after k plies (chance outcomes among
// them) ends with the record of the uninterrupted game, every chance
// outcome (The Game's cards) drawn the same, and the same clocks.
func TestTableResume(t *testing.T) {
	for _, variant := range []string{"thegame(players=3)", "tictactoe", "othello-6x6"} {
		t.Run(variant, func(t *testing.T) {
			tb, clocks := scriptTable(t, variant, 42, nil)
			full := playTable(t, tb)
			if err := record.Replay(full); err != nil {
				t.Fatalf("the uninterrupted game does not replay: %v", err)
			}
			if full.Termination != record.Normal {
				t.Fatalf("termination %s (%s), want normal", full.Termination, full.Reason)
			}
			fullClocks := clocks()
			chance := 0
			for _, p := range full.Plies {
				if p.Chance() {
					chance++
				}
			}
			t.Logf("%d plies, %d chance outcomes, result %s (%s)", len(full.Plies), chance, full.Result(), full.Reason)
			if variant == "thegame(players=3)" && chance < 10 {
				t.Fatalf("only %d chance outcomes: the test does not exercise drawing", chance)
			}
			n := len(full.Plies)
			for _, k := range []int{0, 1, 2, chance / 2, n / 2, n - 1, n} {
				if k < 0 || k > n {
					continue
				}
				tb, clocks := scriptTable(t, variant, 42, append([]record.Ply(nil), full.Plies[:k]...))
				got := playTable(t, tb)
				if !reflect.DeepEqual(got, full) {
					t.Fatalf("resumed after %d plies:\n got %+v\nwant %+v", k, got, full)
				}
				if k < n && !reflect.DeepEqual(clocks(), fullClocks) {
					t.Errorf("resumed after %d plies: clocks %v, want %v", k, clocks(), fullClocks)
				}
			}
		})
	}
}

// TestTableSpent: the time a seat spent on its move before the game was
// stopped is charged to its clock when the game resumes: the request
// shows the time less it, the ply's time includes it, and a flag that
// fell in the meantime falls at once.
func TestTableSpent(t *testing.T) {
	tb, _ := scriptTable(t, "tictactoe", 1, []record.Ply{{Move: "b2", Seat: 1, Micro: 1000}})
	var asked []time.Duration
	seat := tb.Seats[1].Seat.(*scriptSeat)
	seat.reply = func(req client.GoRequest) (client.GoReply, error) {
		asked = append(asked, req.Time[1], req.Deadline)
		seat.reply = nil
		return client.GoReply{Move: "a1", Elapsed: 500 * time.Millisecond}, nil
	}
	tb.Spent = 3 * time.Second
	rec := playTable(t, tb)
	if len(asked) != 2 || asked[0] != 7*time.Second || asked[1] != 8*time.Second {
		t.Fatalf("the resumed seat was asked with time %v (deadline then), want 7s and 8s", asked)
	}
	if p := rec.Plies[1]; p.Move != "a1" || p.Micro != 3500000 {
		t.Fatalf("the resumed ply %+v, want a1 in 3.5 s", p)
	}
	tb, _ = scriptTable(t, "tictactoe", 1, []record.Ply{{Move: "b2", Seat: 1, Micro: 1000}})
	tb.Spent = 12 * time.Second
	rec = playTable(t, tb)
	if rec.Termination != record.TimeLoss || rec.Loser != 2 || len(rec.Plies) != 1 {
		t.Fatalf("after 12 s of a 10 s clock: %s (loser %d, %d plies): %s", rec.Termination, rec.Loser, len(rec.Plies), rec.Reason)
	}
	if err := record.Replay(rec); err != nil {
		t.Fatalf("the time loss does not replay: %v", err)
	}
}

// TestTableBadPlies: plies that do not replay are Play's error, not a game.
func TestTableBadPlies(t *testing.T) {
	tb, _ := scriptTable(t, "thegame(players=2)", 7, nil)
	full := playTable(t, tb)
	var first, second = -1, -1 // two chance plies with different outcomes
	for i, p := range full.Plies {
		if p.Chance() && first < 0 {
			first = i
		} else if p.Chance() && p.Move != full.Plies[first].Move {
			second = i
			break
		}
	}
	if second < 0 {
		t.Fatal("no two different chance outcomes")
	}
	bad := append([]record.Ply(nil), full.Plies[:first+1]...)
	bad[first].Move = full.Plies[second].Move
	wrongSeat := append([]record.Ply(nil), full.Plies...)
	for i := range wrongSeat {
		if wrongSeat[i].Seat > 0 {
			wrongSeat[i].Seat = 3 - wrongSeat[i].Seat
			wrongSeat = wrongSeat[:i+1]
			break
		}
	}
	for name, plies := range map[string][]record.Ply{
		"not the seeded draw": bad,
		"wrong seat":          wrongSeat,
		"after the end":       append(append([]record.Ply(nil), full.Plies...), record.Ply{Move: "x", Seat: 1}),
		"illegal":             {{Move: "zz", Seat: 0}},
	} {
		tb, _ := scriptTable(t, "thegame(players=2)", 7, plies)
		if rec, err := tb.Play(context.Background()); !errors.Is(err, ErrBadPlies) {
			t.Errorf("%s: Play = %v, %v; want ErrBadPlies", name, rec, err)
		}
	}
}

// TestTableEnds: a seat's bad reply ends the game with a typed reason.
func TestTableEnds(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reply client.GoReply
		err   error
		limit Limits
		want  record.Termination
	}{
		{name: "illegal", reply: client.GoReply{Move: "z9"}, want: record.IllegalMove},
		{name: "resign", reply: client.GoReply{Resign: true}, want: record.Resignation},
		{name: "error", err: errors.New("gone"), want: record.ProtocolError},
		{name: "crash", err: &client.EngineError{Engine: "x", Kind: client.Crash, Err: errors.New("exit 1")}, want: record.Crash},
		{name: "stall", err: &client.EngineError{Engine: "x", Kind: client.Stall, Err: errors.New("no reply")}, want: record.Stall},
		{name: "stall under a clock", err: &client.EngineError{Engine: "x", Kind: client.Stall, Err: errors.New("no reply")},
			limit: Limits{TC: TimeControl{Base: time.Second}}, want: record.TimeLoss},
		{name: "flag", reply: client.GoReply{Move: "b2", Elapsed: 3 * time.Second}, limit: Limits{TC: TimeControl{Base: time.Second}}, want: record.TimeLoss},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, _ := scriptTable(t, "tictactoe", 1, nil)
			tb.Seats[1].Limits = tc.limit
			tb.Seats[1].Seat = &scriptSeat{reply: func(client.GoRequest) (client.GoReply, error) { return tc.reply, tc.err }}
			rec := playTable(t, tb)
			if rec.Termination != tc.want || rec.Loser != 2 {
				t.Fatalf("termination %s, loser %d (%s); want %s, loser 2", rec.Termination, rec.Loser, rec.Reason, tc.want)
			}
			if err := record.Replay(rec); err != nil {
				t.Errorf("the record does not replay: %v", err)
			}
		})
	}
}

// TestTableCancel: a game whose context ends has no record.
func TestTableCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	tb, _ := scriptTable(t, "tictactoe", 1, nil)
	tb.Seats[0].Seat = &scriptSeat{reply: func(client.GoRequest) (client.GoReply, error) {
		cancel()
		return client.GoReply{}, ctx.Err()
	}}
	if rec, err := tb.Play(ctx); rec != nil || !errors.Is(err, context.Canceled) {
		t.Fatalf("Play = %v, %v; want no record and context.Canceled", rec, err)
	}
}

// TestEngineSeat: an engine seat made outside a match (cmd=@self, with the
// test binary as meeple's engine) plays games at a table and is reused
// from game to game; a crashing engine loses by crash.
func TestEngineSeat(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	opt := EngineOptions{Self: []string{os.Args[0]}, Timeouts: client.Timeouts{Start: 5 * time.Second, Ready: 10 * time.Second, Quit: 500 * time.Millisecond}}
	cfg, err := ParseEngine("cmd=@self depth=2 env=REFEREE_HELPER=engine")
	if err != nil {
		t.Fatal(err)
	}
	es, err := StartEngineSeat(ctx, cfg, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer es.Close()
	for game := range 2 {
		tb, _ := scriptTable(t, "tictactoe", 1, nil)
		tb.Seats[game] = es.GameSeat(Limits{})
		rec, err := tb.Play(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Termination != record.Normal || rec.Seats[game] != "meeple" {
			t.Fatalf("game %d: %s (%s), seats %v; want a normal end with meeple in seat %d", game, rec.Termination, rec.Reason, rec.Seats, game+1)
		}
		if err := record.Replay(rec); err != nil {
			t.Fatalf("game %d does not replay: %v", game, err)
		}
		if rec.Returns[game] < 0 {
			t.Errorf("game %d: meeple at depth 2 lost to a scripted seat: %v", game, rec.Plies)
		}
	}

	if _, err := StartEngineSeat(ctx, EngineConfig{Name: "none", Cmd: "/nonexistent/engine"}, opt); err == nil {
		t.Error("an engine that cannot start: no error")
	}
	crash := fake("crash", "FAKE_FAULT=crash")
	bad, err := StartEngineSeat(ctx, crash, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer bad.Close()
	tb, _ := scriptTable(t, "tictactoe", 1, nil)
	tb.Seats[0] = bad.GameSeat(Limits{MoveTime: time.Second})
	rec, err := tb.Play(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Termination != record.Crash || rec.Loser != 1 {
		t.Fatalf("crashing engine: %s, loser %d (%s); want crash, loser 1", rec.Termination, rec.Loser, rec.Reason)
	}
}
