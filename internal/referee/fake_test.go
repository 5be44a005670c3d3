package referee

// The helper-process pattern: the test binary is also every engine the
// tests need. TestMain looks at $REFEREE_HELPER and, when it is set, runs
// that engine on stdin/stdout instead of the tests:
//
//	engine          the real meeple engine (protocol.Run)
//	fake            a small native engine that plays the first legal move
//	                (or a uniformly random one with FAKE_RANDOM=1), with
//	                faults switched on by the environment:
//	                  FAKE_START_DELAY=d   sleep d before reading anything
//	                  FAKE_THINK=d         think d per move (stop ends it early)
//	                  FAKE_FAULT=kind      from go number FAKE_AT (default 1)
//	                                       of the process: crash, hang,
//	                                       illegal, garbage, deafhang
//	                  FAKE_FLOOD=n         write n bytes to stderr per go
//	                  FAKE_SCORE=n         the score it reports (default 0)
//	                  FAKE_LOG=dir         append every line received to
//	                                       dir/<pid>.log
//	referee         runs a match: the config comes as JSON in $REFEREE_CONFIG
//	plainuci        a UCI engine with no options (no UCI_Chess960) that
//	                always plays e2e4: enough for one ply of standard chess

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/players"
	"github.com/meeple-games/meeple/protocol"
)

func helperMain(mode string) int {
	switch mode {
	case "engine":
		if err := protocol.Run(context.Background(), os.Stdin, os.Stdout, protocol.Options{Stderr: os.Stderr, Players: players.New}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	case "fake":
		return fakeEngine()
	case "plainuci":
		return plainUCI()
	case "referee":
		var cfg Config
		if err := json.Unmarshal([]byte(os.Getenv("REFEREE_CONFIG")), &cfg); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		cfg.Stdout = os.Stdout
		if _, err := Run(context.Background(), cfg); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	}
	fmt.Fprintf(os.Stderr, "unknown helper mode %q\n", mode)
	return 2
}

func envDuration(k string) time.Duration {
	d, _ := time.ParseDuration(os.Getenv(k))
	return d
}

func plainUCI() int {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		switch strings.Fields(in.Text() + " x")[0] {
		case "uci":
			fmt.Println("id name plain\nuciok")
		case "isready":
			fmt.Println("readyok")
		case "go":
			fmt.Println("bestmove e2e4")
		case "quit":
			return 0
		}
	}
	return 0
}

// fakeEngine speaks just enough of the native protocol for the referee.
func fakeEngine() int {
	time.Sleep(envDuration("FAKE_START_DELAY"))
	think := envDuration("FAKE_THINK")
	faultKind := os.Getenv("FAKE_FAULT")
	faultAt, _ := strconv.Atoi(os.Getenv("FAKE_AT"))
	if faultAt == 0 {
		faultAt = 1
	}
	flood, _ := strconv.Atoi(os.Getenv("FAKE_FLOOD"))
	random := os.Getenv("FAKE_RANDOM") == "1"
	score := os.Getenv("FAKE_SCORE")
	if score == "" {
		score = "0"
	}
	rng := rand.New(rand.NewPCG(uint64(os.Getpid()), 7))
	var logf *os.File
	if dir := os.Getenv("FAKE_LOG"); dir != "" {
		logf, _ = os.OpenFile(filepath.Join(dir, strconv.Itoa(os.Getpid())+".log"), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(lines ...string) {
		for _, l := range lines {
			out.WriteString(l + "\n")
		}
		out.Flush()
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if logf != nil {
				logf.WriteString(sc.Text() + "\n")
			}
			lines <- sc.Text()
		}
		close(lines)
	}()
	var game games.Game
	var st games.State
	gos := 0
	for line := range lines {
		f := strings.Fields(line)
		id := ""
		if len(f) > 0 {
			if _, err := strconv.Atoi(f[0]); err == nil {
				id, f = f[0], f[1:]
			}
		}
		if len(f) == 0 {
			continue
		}
		ok := strings.TrimSpace("ok " + id)
		switch f[0] {
		case "hello":
			say("protocol 1", "engine fake", "dialects native", ok)
		case "newgame":
			v, err := games.LoadVariant(strings.Join(f[1:], " "))
			if err != nil {
				say(strings.TrimSpace("err "+id) + " bad-variant " + err.Error())
				continue
			}
			game, st = v.Game, v.Game.NewState()
			say(ok)
		case "position":
			rest := f[1:]
			var err error
			i := 0
			for i < len(rest) && rest[i] != "moves" {
				i++
			}
			pos := rest[:i]
			if len(pos) > 0 && (pos[0] == "fen" || pos[0] == "startpos") {
				if pos[0] == "startpos" {
					pos = nil
				} else {
					pos = pos[1:]
				}
			}
			if len(pos) == 0 {
				st = game.NewState()
			} else if st, err = game.ParseState(strings.Join(pos, " ")); err != nil {
				say(strings.TrimSpace("err "+id) + " bad-position " + err.Error())
				continue
			}
			if i < len(rest) {
				for _, mv := range rest[i+1:] {
					m, err := games.ParseLegal(st, mv)
					if err != nil {
						break
					}
					st.Play(m)
				}
			}
			for st.Player() == games.Chance {
				st.Play(games.SampleChance(st, rng))
			}
			say(ok)
		case "isready", "stop", "setoption", "seed":
			say(ok)
		case "quit":
			say(ok)
			return 0
		case "go":
			gos++
			if flood > 0 {
				chunk := strings.Repeat("x", 1023) + "\n"
				for n := 0; n < flood; n += len(chunk) {
					os.Stderr.WriteString(chunk)
				}
			}
			if gos >= faultAt {
				switch faultKind {
				case "crash":
					os.Exit(3)
				case "hang":
					for range lines { // read and ignore everything, even stop
					}
					return 0
				case "deafhang":
					time.Sleep(time.Hour)
				case "illegal":
					say("bestmove z99", ok)
					continue
				case "garbage":
					say("hello there, I am not a protocol line")
					continue
				}
			}
			if think > 0 {
				timer := time.NewTimer(think)
				select {
				case <-timer.C:
				case l, alive := <-lines:
					// stop (or anything else) ends the thinking
					if !alive {
						return 0
					}
					timer.Stop()
					legal := st.LegalMoves(nil)
					say("bestmove "+st.FormatMove(legal[0]), ok)
					if sf := strings.Fields(l); len(sf) > 0 {
						say(strings.TrimSpace("ok " + sf[0]))
					}
					continue
				}
			}
			legal := st.LegalMoves(nil)
			if len(legal) == 0 {
				say(strings.TrimSpace("err "+id) + " game-over the game is over")
				continue
			}
			m := legal[0]
			if random {
				m = legal[rng.IntN(len(legal))]
			}
			say("info depth 1 score "+score+" nodes 1", "bestmove "+st.FormatMove(m), ok)
		default:
			say(strings.TrimSpace("err "+id) + " unknown-command " + f[0])
		}
	}
	return 0
}
