package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestSolve(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"solve", "othello-4x4", "--hash", "16"}, []string{"empties 12, black to move", "score -10 (white wins 13-3)", "bestmove "}},
		{[]string{"solve", "othello-4x4", "--moves", "b1"}, []string{"white to move", "score +10 (white wins 13-3)"}},
		{[]string{"solve", "othello", "--position", "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX- O"},
			[]string{"score -64 (black wins 64-0)"}},
		// FFO #40 with nine squares filled in from the best line: 11 empties.
		{[]string{"solve", "othello", "--position", "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X", "--moves", "a2 b1 c1 pass b6 c7 a7 b7 b8"},
			[]string{"score -38 (black wins 51-13)", "bestmove d7"}},
		{[]string{"solve", "othello", "--nodes", "1000"}, []string{"score unknown", "bestmove "}},
		{[]string{"solve", "tictactoe"}, []string{"score 0 (draw for x, the side to move, in 9 plies)", "bestmove "}},
		// The first end position of testdata/connect4-solved.txt in
		// internal/players/kinarow: 737152417412225115242556376737 -4.
		{[]string{"solve", "connect4", "--moves", "g c g a e b d a g d a b b b e a a e b d b e e f c g f g c g"},
			[]string{"stones 30, x to move", "score -4 (loss for x, the side to move, in 6 plies)", "pv "}},
		{[]string{"solve", "connect4", "--nodes", "1000"}, []string{"score unknown"}},
		{[]string{"solve", "nocca-3x3"}, []string{"value win for white (the side to move) in 9 plies", "plies 9", "bestmove a1-b2", "positions 17126"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := run(t, "", tc.args...)
			if code != 0 {
				t.Fatalf("code %d, stderr %q", code, errOut)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output %q lacks %q", out, w)
				}
			}
		})
	}
	// A Nocca solve with a checkpoint: the second run reads the answer
	// from the file.
	ckpt := filepath.Join(t.TempDir(), "n33.ckpt")
	for i, want := range []string{"checkpoint " + ckpt + " written", "resumed from " + ckpt} {
		code, out, errOut := run(t, "", "solve", "nocca-3x3", "--checkpoint", ckpt)
		if code != 0 || !strings.Contains(out, "positions 17126") || !strings.Contains(errOut, want) {
			t.Errorf("run %d with a checkpoint: code %d, stdout %q, stderr %q; want %q", i+1, code, out, errOut, want)
		}
	}
	for _, args := range [][]string{
		{"solve", "tictactoe", "--moves", "a1 a2 b1 b2 c1"},
		{"solve", "othello", "--position", "garbage"},
		{"solve", "othello", "--moves", "a1"},
		{"solve", "othello", "--hash", "0"},
		{"solve", "nocca"},
		{"solve", "nocca-4x4", "--memory", "5"},
	} {
		if code, _, errOut := run(t, "", args...); code != 1 || errOut == "" {
			t.Errorf("%v: code %d, stderr %q; want an error", args, code, errOut)
		}
	}
}
