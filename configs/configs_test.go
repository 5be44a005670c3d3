package configs_test

import (
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/meeple-games/meeple/configs"
	"github.com/meeple-games/meeple/games"
	// Every game family with shipped variants, so that they load.
	_ "github.com/meeple-games/meeple/games/chess"
	_ "github.com/meeple-games/meeple/games/kinarow"
	_ "github.com/meeple-games/meeple/games/nocca"
	_ "github.com/meeple-games/meeple/games/othello"
	_ "github.com/meeple-games/meeple/games/thegame"
)

// TestShipped loads every shipped variant with the loader's own checks.
func TestShipped(t *testing.T) {
	vs, err := games.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	files, err := fs.Glob(configs.FS, "*.toml")
	if err != nil {
		t.Fatal(err)
	}
	// ShippedNames leaves out the files of families this binary does not
	// link; this one links them all, so none may be missing.
	if len(vs) != len(files) || len(games.ShippedNames()) != len(files) {
		t.Errorf("loaded %d variants (%d names) of %d files: a file names a family that is not imported above?",
			len(vs), len(games.ShippedNames()), len(files))
	}
	// Every shipped variant speaks Japanese too (the page's other language).
	for _, v := range vs {
		if v.Names["ja"] == "" || v.Descriptions["ja"] == "" {
			t.Errorf("%s has no name_ja or description_ja", v.Name)
		}
	}
}

// TestReadme checks that README.md documents every shipped variant and, in
// each family's section, every rule key with its default.
func TestReadme(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, name := range games.ShippedNames() {
		if !strings.Contains(text, "| `"+name+"` |") {
			t.Errorf("README.md has no table row for the shipped variant %q", name)
		}
	}
	for _, f := range games.Families() {
		_, section, ok := strings.Cut(text, "\n## "+f.Name+"\n")
		if !ok {
			t.Errorf("README.md has no section \"## %s\"", f.Name)
			continue
		}
		if end := strings.Index(section, "\n## "); end >= 0 {
			section = section[:end]
		}
		for _, p := range f.Params {
			row := "| `" + p.Key + "` | "
			i := strings.Index(section, row)
			if i < 0 {
				t.Errorf("README.md, section %s: no table row for key %q", f.Name, p.Key)
				continue
			}
			line, _, _ := strings.Cut(section[i:], "\n")
			if def := "| " + games.Format(p.Default) + " |"; !strings.Contains(line, def) {
				t.Errorf("README.md, section %s, key %q: default %s is not in %q", f.Name, p.Key, games.Format(p.Default), line)
			}
		}
	}
}
