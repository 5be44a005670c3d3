package repl

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/engine"
)

// complete is the REPL's Completer: the first word completes to a command
// or a legal move (in SAN too, for games that have it); after new, to a
// variant or family; after save and load, to a file; after level, to a
// level; after play, to a legal move.
func (r *repl) complete(line string, pos int) (head string, completions []string, tail string) {
	pos = min(max(pos, 0), len(line))
	before, tail := line[:pos], line[pos:]
	i := strings.LastIndexAny(before, " \t") + 1
	head, word := before[:i], before[i:]
	fields := strings.Fields(head)
	var cands []string
	switch {
	case len(fields) == 0:
		cands = append(commandNames(), r.moveWords()...)
	default:
		switch c, _ := lookup(strings.ToLower(fields[0])); c.name {
		case "new":
			if len(fields) == 1 {
				cands = append(games.ShippedNames(), familyNames()...)
			}
		case "save", "load":
			if len(fields) == 1 {
				cands = files(word)
			}
		case "level":
			for n := 1; n <= engine.MaxLevel; n++ {
				cands = append(cands, strconv.Itoa(n))
			}
		case "help":
			cands = commandNames()
		case "play", "":
			cands = r.moveWords()
		}
	}
	seen := map[string]bool{}
	for _, c := range cands {
		if strings.HasPrefix(strings.ToLower(c), strings.ToLower(word)) && !seen[c] {
			seen[c] = true
			completions = append(completions, c)
		}
	}
	sort.Strings(completions)
	return head, completions, tail
}

// moveWords are the legal moves as the game writes them, and in SAN.
func (r *repl) moveWords() []string {
	if r.t.State().Player() < 0 {
		return nil
	}
	return append(r.t.LegalMoves(), r.sanMoves()...)
}

func familyNames() []string {
	var out []string
	for _, f := range games.Families() {
		out = append(out, f.Name)
	}
	return out
}

// files completes a path, relative or absolute: the entries of its
// directory that start with its last element, directories with a slash.
func files(word string) []string {
	dir, base := filepath.Split(word)
	read := dir // absolute, or relative to the working directory
	if read == "" {
		read = "."
	}
	entries, err := os.ReadDir(read)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, base) || strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		if e.IsDir() {
			name += string(filepath.Separator)
		}
		out = append(out, dir+name)
	}
	return out
}
