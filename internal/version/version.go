// Package version says which meeple this is: the module version, the VCS
// revision and time (and whether the tree was modified), the Go version and
// the platform, all read from the build information the Go toolchain writes
// into the binary (runtime/debug.ReadBuildInfo).
//
// What the toolchain records depends on how the binary was built: `go
// build` and `go install` in a git checkout record the revision, and since
// Go 1.24 a version made from it (a pseudo-version, "+dirty" when the tree
// was modified); `go install module@version` records the version; `go
// run`, `go test` and builds with -buildvcs=false record neither, and the
// version is then "(devel)" and the rest "unknown". Nothing is made up.
//
// String is the one-word form that `meeple version`, the engine's
// handshakes and the referee's records all carry.
package version

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
)

// Module is meeple's module path. When meeple is a dependency of another
// program (the protocol package embedded in it), the version is that of
// this module among the program's dependencies.
const Module = "github.com/meeple-games/meeple"

// Devel is the version of a build that records none.
const Devel = "(devel)"

// Info is what a build says about itself. Empty strings are unknown.
type Info struct {
	Version  string // module version: v1.2.3, a pseudo-version, or Devel
	Revision string // VCS revision (a git commit hash)
	Time     string // the revision's commit time, RFC 3339
	Modified string // "true" or "false": the tree had uncommitted changes
	Go       string // the Go version that built it
	Platform string // GOOS/GOARCH
}

var (
	once   sync.Once
	cached Info
)

// Get returns the running binary's Info.
func Get() Info {
	once.Do(func() {
		bi, ok := debug.ReadBuildInfo()
		if !ok {
			bi = nil
		}
		cached = FromBuildInfo(bi)
	})
	return cached
}

// String is Get().String().
func String() string { return Get().String() }

// FromBuildInfo reads an Info from build information (nil: none). The VCS
// settings describe the main module, so they are taken only when meeple is
// the main module.
func FromBuildInfo(bi *debug.BuildInfo) Info {
	i := Info{Version: Devel, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi == nil {
		return i
	}
	if bi.GoVersion != "" {
		i.Go = bi.GoVersion
	}
	mod := &bi.Main
	if mod.Path != Module {
		mod = nil
		for _, d := range bi.Deps {
			if d.Path == Module {
				mod = d
				if d.Replace != nil {
					mod = d.Replace
				}
				break
			}
		}
	}
	if mod == nil {
		return i
	}
	if mod.Version != "" {
		i.Version = mod.Version
	}
	if mod != &bi.Main {
		return i
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			i.Revision = s.Value
		case "vcs.time":
			i.Time = s.Value
		case "vcs.modified":
			i.Modified = s.Value
		}
	}
	return i
}

// String is the version in one word: the module version (a tag or a
// pseudo-version names its revision); for a (devel) build with a known
// revision, "(devel)+<its first 12 digits>", and "+dirty" when the tree was
// modified and the version does not already say so. Examples: v1.2.0,
// v0.0.0-20261125221722-657fb42bf8d2+dirty, (devel)+657fb42bf8d2, (devel).
func (i Info) String() string {
	s := i.Version
	if s == "" {
		s = Devel
	}
	if rev := short(i.Revision); rev != "" && s == Devel {
		s += "+" + rev
	}
	if i.Modified == "true" && !strings.HasSuffix(s, "+dirty") {
		s += "+dirty"
	}
	return s
}

func short(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}

// Write writes the long form, as `meeple version` prints it: the name and
// the version, then one line each for the revision, its time, whether the
// tree was modified, the Go version and the platform.
func (i Info) Write(w io.Writer) error {
	or := func(s string) string {
		if s == "" {
			return "unknown"
		}
		return s
	}
	modified := "unknown"
	switch i.Modified {
	case "true":
		modified = "yes"
	case "false":
		modified = "no"
	}
	_, err := fmt.Fprintf(w, "meeple %s\nrevision  %s\ntime      %s\nmodified  %s\ngo        %s\nplatform  %s\n",
		i, or(i.Revision), or(i.Time), modified, or(i.Go), or(i.Platform))
	return err
}
