package referee

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
	"github.com/meeple-games/meeple/internal/stats"
)

// Merge combines the journals of a match's shards (each source is an
// output directory or a journal file) into out: one journal (the header
// without a shard, the games in order), the records file, and the stderr
// logs of sources given as directories. Every journal must belong to the
// same match. A source whose lock a running referee holds (a shard still
// being played) is refused; a journal without a whole header line (its
// referee was killed while writing it) holds no game and is left out,
// with a note after the standings. It writes the standings to w and returns them; the result
// is the same as one run of the whole match, and running the unsharded
// match with --out set to out resumes it if games are missing.
func Merge(w io.Writer, out string, sources []string) (*Summary, error) {
	if len(sources) == 0 {
		return nil, fmt.Errorf("merge: no journals to merge")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	unlock, err := lockDir(out, w)
	if err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	defer unlock()
	if _, err := os.Stat(filepath.Join(out, JournalFile)); err == nil {
		return nil, fmt.Errorf("merge: %s already holds a journal; give a new output directory", out)
	}
	var head *Header
	var all []*record.Record
	var notes []string
	seen := map[int]string{}
	dup := 0
	for _, src := range sources {
		path, dir := src, ""
		if info, err := os.Stat(src); err == nil && info.IsDir() {
			path, dir = filepath.Join(src, JournalFile), src
		}
		if err := checkUnlocked(filepath.Dir(path)); err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
		j, err := readJournal(f, path)
		f.Close()
		if errors.Is(err, errNoHeader) {
			notes = append(notes, fmt.Sprintf("merge: left out %s: it holds no game (%v)", path, errNoHeader))
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
		if head == nil {
			h := j.head
			head = &h
		} else if j.head.ID != head.ID {
			return nil, fmt.Errorf("merge: %s is of match %s, %s of match %s: only shards of one match merge", path, j.head.ID, sources[0], head.ID)
		}
		for _, r := range j.records {
			if _, ok := seen[r.Game]; ok {
				dup++
				continue
			}
			seen[r.Game] = path
			all = append(all, r)
			if dir == "" {
				continue
			}
			for _, rel := range r.Stderr {
				if rel == "" {
					continue
				}
				if err := copyFile(filepath.Join(dir, rel), filepath.Join(out, rel)); err != nil {
					return nil, fmt.Errorf("merge: stderr log: %w", err)
				}
			}
		}
	}
	if head == nil {
		return nil, fmt.Errorf("merge: no journal to merge: %s", strings.Join(notes, "; "))
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Game < all[j].Game })
	if err := os.MkdirAll(filepath.Join(out, StderrDir), 0o755); err != nil {
		return nil, err
	}
	h := *head
	h.Shard = ""
	if err := writeJournal(filepath.Join(out, JournalFile), h, all); err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	if err := writeRecords(filepath.Join(out, RecordsFile), all); err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	sum, g, err := summarizeJournal(h, all)
	if err != nil {
		return nil, err
	}
	if record.HasPGN(g) {
		if err := writePGN(filepath.Join(out, PGNFile), g, pgnInfo(h.Match, h.ID), all); err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
	}
	sum.Write(w)
	for _, n := range notes {
		fmt.Fprintln(w, n)
	}
	if dup > 0 {
		fmt.Fprintf(w, "merge: %d games were in more than one journal (the first copy is kept)\n", dup)
	}
	if len(all) < h.Games {
		fmt.Fprintf(w, "merge: %d of %d games; run the whole match with --out %s to play the rest\n", len(all), h.Games, out)
	}
	return sum, nil
}

// summarizeJournal computes the standings of a journal's games; it
// returns the journal's game too.
func summarizeJournal(h Header, rs []*record.Record) (*Summary, games.Game, error) {
	v, err := games.LoadVariant(h.Match.Rules)
	if err != nil {
		return nil, nil, fmt.Errorf("journal rules: %v", err)
	}
	v.Name = h.Match.Variant
	var sp *stats.SPRT
	if h.SPRT != "" {
		s, err := stats.ParseSPRT(h.SPRT)
		if err != nil {
			return nil, nil, err
		}
		sp = &s
	}
	sum := summarize(h.Match, v.Game.Type(), rs, sp)
	sum.Total = h.Games
	return sum, v.Game, nil
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		if os.IsNotExist(err) {
			return nil // a log removed by hand: the record still names it
		}
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}
