package version

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	vcs := []debug.BuildSetting{
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "657fb42bf8d29a9486343320c6580874666ab77c"},
		{Key: "vcs.time", Value: "2026-11-25T22:17:22Z"},
		{Key: "vcs.modified", Value: "true"},
	}
	main := func(v string, s []debug.BuildSetting) *debug.BuildInfo {
		return &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: Module, Version: v}, Settings: s}
	}
	tests := []struct {
		name string
		bi   *debug.BuildInfo
		want string // String()
		long []string
	}{
		{"no build info", nil, "(devel)", []string{"meeple (devel)\n", "revision  unknown\n", "modified  unknown\n"}},
		{"go run: nothing recorded", main("(devel)", nil), "(devel)",
			[]string{"meeple (devel)\n", "revision  unknown\n", "time      unknown\n", "go        go1.26.8\n"}},
		{"go build, go 1.24+: a pseudo-version", main("v0.0.0-20261125221722-657fb42bf8d2+dirty", vcs),
			"v0.0.0-20261125221722-657fb42bf8d2+dirty",
			[]string{"revision  657fb42bf8d29a9486343320c6580874666ab77c\n", "time      2026-11-25T22:17:22Z\n", "modified  yes\n"}},
		{"revision without a version", main("(devel)", vcs), "(devel)+657fb42bf8d2+dirty", []string{"modified  yes\n"}},
		{"clean tag", main("v1.2.0", append(vcs[:3:3], debug.BuildSetting{Key: "vcs.modified", Value: "false"})), "v1.2.0",
			[]string{"meeple v1.2.0\n", "modified  no\n"}},
		{"go install @version", main("v1.3.0", nil), "v1.3.0", []string{"revision  unknown\n"}},
		{"a dependency of another program", &debug.BuildInfo{
			Main:     debug.Module{Path: "example.org/gui", Version: "v0.1.0"},
			Deps:     []*debug.Module{{Path: "github.com/BurntSushi/toml", Version: "v1.6.0"}, {Path: Module, Version: "v1.4.1"}},
			Settings: vcs, // the GUI's, not meeple's
		}, "v1.4.1", []string{"revision  unknown\n", "modified  unknown\n"}},
		{"a dependency replaced by a directory", &debug.BuildInfo{
			Main: debug.Module{Path: "example.org/gui"},
			Deps: []*debug.Module{{Path: Module, Version: "v1.4.1", Replace: &debug.Module{Path: "../meeple"}}},
		}, "(devel)", nil},
		{"not in the program at all", &debug.BuildInfo{Main: debug.Module{Path: "example.org/other", Version: "v2.0.0"}}, "(devel)", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i := FromBuildInfo(tt.bi)
			if got := i.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
			if strings.ContainsAny(i.String(), " \t\n") {
				t.Errorf("String() = %q has white space", i.String())
			}
			if want := runtime.GOOS + "/" + runtime.GOARCH; i.Platform != want {
				t.Errorf("Platform = %q, want %q", i.Platform, want)
			}
			var b strings.Builder
			if err := i.Write(&b); err != nil {
				t.Fatal(err)
			}
			long := b.String()
			if !strings.HasPrefix(long, "meeple "+tt.want+"\n") || strings.Count(long, "\n") != 6 {
				t.Errorf("Write:\n%s", long)
			}
			for _, l := range tt.long {
				if !strings.Contains(long, l) {
					t.Errorf("Write lacks %q:\n%s", l, long)
				}
			}
		})
	}
}

// TestGet reads the test binary's own build information: go test records
// no VCS settings, so it must not invent any.
func TestGet(t *testing.T) {
	i := Get()
	if i.Go != runtime.Version() || i.String() == "" || String() != i.String() {
		t.Errorf("Get() = %+v, String() = %q", i, String())
	}
	if i.Revision == "" && (i.Time != "" || i.Modified != "") {
		t.Errorf("Get() = %+v: a time or modified flag without a revision", i)
	}
}
