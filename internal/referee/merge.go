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
	m := &merged{seen: map[int]string{}}
	for _, src := range sources {
		if err := m.add(src, out); err != nil {
			return nil, err
		}
	}
	if m.head == nil {
		return nil, fmt.Errorf("merge: no journal to merge: %s", strings.Join(m.notes, "; "))
	}
	sum, err := m.write(out)
	if err != nil {
		return nil, err
	}
	sum.Write(w)
	for _, n := range m.notes {
		fmt.Fprintln(w, n)
	}
	if m.dup > 0 {
		fmt.Fprintf(w, "merge: %d games were in more than one journal (the first copy is kept)\n", m.dup)
	}
	if len(m.games) < m.head.Games {
		fmt.Fprintf(w, "merge: %d of %d games; run the whole match with --out %s to play the rest\n", len(m.games), m.head.Games, out)
	}
	return sum, nil
}

// merged are the games of one match's journals, each game once.
type merged struct {
	head  *Header
	games []*record.Record
	seen  map[int]string // game number: the journal it came from
	dup   int            // games seen again
	notes []string       // journals left out, and why
}

// add reads the journal src (a file, or a match directory holding one,
// whose stderr logs are copied to out) into m.
func (m *merged) add(src, out string) error {
	path, dir := src, ""
	if info, err := os.Stat(src); err == nil && info.IsDir() {
		path, dir = filepath.Join(src, JournalFile), src
	}
	if err := checkUnlocked(filepath.Dir(path)); err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	j, err := readJournal(f, path)
	f.Close()
	if errors.Is(err, errNoHeader) {
		m.notes = append(m.notes, fmt.Sprintf("merge: left out %s: it holds no game (%v)", path, errNoHeader))
		return nil
	}
	if err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	if m.head == nil {
		h := j.head
		m.head = &h
	} else if j.head.ID != m.head.ID {
		return fmt.Errorf("merge: %s is of match %s, the first journal of match %s: only shards of one match merge", path, j.head.ID, m.head.ID)
	}
	for _, r := range j.records {
		if _, ok := m.seen[r.Game]; ok {
			m.dup++
			continue
		}
		m.seen[r.Game] = path
		m.games = append(m.games, r)
		if dir == "" {
			continue
		}
		for _, rel := range r.Stderr {
			if rel == "" {
				continue
			}
			if err := copyFile(filepath.Join(dir, rel), filepath.Join(out, rel)); err != nil {
				return fmt.Errorf("merge: stderr log: %w", err)
			}
		}
	}
	return nil
}

// write writes the merged match to out, in game order: its journal (a
// whole match's: no shard), its records and, for chess, its PGN; it
// returns the standings.
func (m *merged) write(out string) (*Summary, error) {
	sort.Slice(m.games, func(i, j int) bool { return m.games[i].Game < m.games[j].Game })
	if err := os.MkdirAll(filepath.Join(out, StderrDir), 0o755); err != nil {
		return nil, err
	}
	h := *m.head
	h.Shard = ""
	if err := writeJournal(filepath.Join(out, JournalFile), h, m.games); err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	if err := writeRecords(filepath.Join(out, RecordsFile), m.games); err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	sum, g, err := summarizeJournal(h, m.games)
	if err != nil {
		return nil, err
	}
	if record.HasPGN(g) {
		if err := writePGN(filepath.Join(out, PGNFile), g, pgnInfo(h.Match, h.ID), m.games); err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
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
