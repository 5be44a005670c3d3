package chess

import (
	"bytes"
	"context"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// The tuner end to end on a few small games (one under -short): Generate's lines read back,
// Tune's held-out error does not grow, WriteWeights is Go source that
// parses.
func TestTune(t *testing.T) {
	g := chessGame(t)
	opt := GenOptions{Games: 3, Nodes: 300, RandomPlies: 8, Seed: 5, HashMB: 1}
	if testing.Short() {
		opt.Games, opt.Nodes = 1, 200 // the race run
	}
	var data bytes.Buffer
	if err := Generate(context.Background(), g, &data, opt); err != nil {
		t.Fatal(err)
	}
	lines := strings.Count(data.String(), "\n")
	if lines < 10*opt.Games {
		t.Fatalf("%d positions from %d games", lines, opt.Games)
	}
	var again bytes.Buffer
	if err := Generate(context.Background(), g, &again, opt); err != nil {
		t.Fatal(err)
	}
	if again.String() != data.String() {
		t.Errorf("the same options made other positions")
	}
	w, k, before, after, err := Tune(g, strings.NewReader(data.String()), TuneOptions{Epochs: 20})
	if err != nil {
		t.Fatal(err)
	}
	if k <= 0 || after > before {
		t.Errorf("k %v, held-out error %v -> %v", k, before, after)
	}
	var src bytes.Buffer
	if err := WriteWeights(&src, w, "TestTune"); err != nil {
		t.Fatal(err)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "weights.go", src.Bytes(), 0); err != nil {
		t.Errorf("WriteWeights: %v", err)
	}
	if _, _, _, _, err := Tune(g, strings.NewReader("not a fen 1\n"), TuneOptions{}); err == nil {
		t.Errorf("Tune took a bad line")
	}
}
