package client

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckStart: a program that cannot be started at all is found before
// anything starts, and a missing working directory is reported as the
// directory (by CheckStart and by StartEngine), never as the program.
func TestCheckStart(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.txt")
	if err := os.WriteFile(plain, []byte("text\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noDir := filepath.Join(dir, "no-such-dir")
	for _, tc := range []struct {
		name string
		spec EngineSpec
		want string // "" for no error
	}{
		{"the test binary", fakeSpec("meeple", "native"), ""},
		{"absolute, in a dir", EngineSpec{Cmd: []string{os.Args[0]}, Dir: dir}, ""},
		{"no command", EngineSpec{}, "no command to run"},
		{"no such file", EngineSpec{Cmd: []string{filepath.Join(dir, "nope")}}, "nope: no such file"},
		{"relative to dir", EngineSpec{Cmd: []string{"./nope"}, Dir: dir}, filepath.Join(dir, "nope") + ": no such file"},
		{"not in PATH", EngineSpec{Cmd: []string{"meeple-no-such-program"}}, "not found in PATH"},
		{"not executable", EngineSpec{Cmd: []string{plain}}, "not executable"},
		{"a directory", EngineSpec{Cmd: []string{dir}}, "is a directory"},
		{"no such dir", EngineSpec{Cmd: []string{os.Args[0]}, Dir: noDir}, "dir " + noDir + ": no such directory"},
		{"dir is a file", EngineSpec{Cmd: []string{os.Args[0]}, Dir: plain}, "dir " + plain + ": not a directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.spec.CheckStart()
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("CheckStart: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("CheckStart: %v; want %q", err, tc.want)
			}
		})
	}
	_, err := StartEngine(context.Background(), EngineSpec{Cmd: []string{os.Args[0]}, Dir: noDir}, nil, Timeouts{})
	if err == nil || !strings.Contains(err.Error(), "dir "+noDir+": no such directory") || strings.Contains(err.Error(), os.Args[0]) {
		t.Errorf("StartEngine in a missing dir: %v", err)
	}
}
