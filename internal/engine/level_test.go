package engine

import (
	"testing"
	"time"
)

func TestParseLevel(t *testing.T) {
	for _, tc := range []struct {
		in    string
		want  Level
		nodes int64
		bad   bool
	}{
		{"1", Level{N: 1}, 1000, false},
		{"5", Level{N: 5}, 81000, false},
		{"10", Level{N: 10}, 19683000, false},
		{"2s", Level{MoveTime: 2 * time.Second}, 0, false},
		{"500ms", Level{MoveTime: 500 * time.Millisecond}, 0, false},
		{"1.5", Level{MoveTime: 1500 * time.Millisecond}, 0, false},
		{"0", Level{}, 0, true},
		{"11", Level{}, 0, true},
		{"fast", Level{}, 0, true},
		{"-1s", Level{}, 0, true},
	} {
		got, err := ParseLevel(tc.in)
		if (err != nil) != tc.bad || got != tc.want || got.Nodes() != tc.nodes {
			t.Errorf("ParseLevel(%q) = %v (%d nodes), %v", tc.in, got, got.Nodes(), err)
		}
	}
}
