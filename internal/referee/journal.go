package referee

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/meeple-games/meeple/internal/record"
)

// JournalFormat is the version written in a journal's header line.
const JournalFormat = 1

// Header is the first line of a journal: which match it belongs to.
type Header struct {
	Format int      `json:"meeple_match"`
	ID     string   `json:"id"`    // hash of Match (the normalized configuration)
	Games  int      `json:"games"` // games in the whole match (every shard)
	Shard  string   `json:"shard,omitempty"`
	SPRT   string   `json:"sprt,omitempty"` // the test the match ran, if any (not part of ID)
	Match  Identity `json:"match"`
}

// journal is a match's append-only log: a header line, then one Record per
// finished game, each written whole with O_APPEND and fsynced before the
// game counts as played.
type journal struct {
	path    string
	f       *os.File
	head    Header
	records []*record.Record
}

// readJournal parses a journal (see parseJournal).
func readJournal(rd io.Reader, path string) (*journal, error) {
	j, _, err := parseJournal(rd, path)
	return j, err
}

// parseJournal parses a journal and returns the length of its good part.
// A last line without its newline, or a last line that does not parse (a
// write cut short by SIGKILL or a power cut), is dropped; a bad line
// anywhere else is an error. A game number seen twice keeps its first
// record.
func parseJournal(rd io.Reader, path string) (j *journal, good int64, err error) {
	data, err := io.ReadAll(rd)
	if err != nil {
		return nil, 0, err
	}
	j = &journal{path: path}
	seen := map[int]bool{}
	for n := 1; ; n++ {
		i := bytes.IndexByte(data[good:], '\n')
		if i < 0 {
			break // nothing left, or a torn last line
		}
		line := bytes.TrimSpace(data[good : good+int64(i)])
		last := len(bytes.TrimSpace(data[good+int64(i)+1:])) == 0
		switch {
		case len(line) == 0:
		case n == 1:
			if err := json.Unmarshal(line, &j.head); err != nil || j.head.Format == 0 {
				return nil, 0, fmt.Errorf("journal %s: line 1 is not a meeple match header", path)
			}
			if j.head.Format > JournalFormat {
				return nil, 0, fmt.Errorf("journal %s: format %d is newer than this meeple reads (%d)", path, j.head.Format, JournalFormat)
			}
		default:
			r := new(record.Record)
			if err := json.Unmarshal(line, r); err != nil {
				if last {
					return j, good, nil
				}
				return nil, 0, fmt.Errorf("journal %s: line %d: %v", path, n, err)
			}
			if !seen[r.Game] {
				seen[r.Game] = true
				j.records = append(j.records, r)
			}
		}
		good += int64(i) + 1
	}
	if j.head.Format == 0 {
		return nil, 0, fmt.Errorf("journal %s: %w", path, errNoHeader)
	}
	return j, good, nil
}

// errNoHeader: a journal without a whole header line, so without games
// (its referee was killed while writing the header, say).
var errNoHeader = errors.New("no header line (empty, or cut short while written)")

// openJournal opens the journal at path for a match with header head,
// creating it if need be. An existing journal must belong to the same
// match (and shard); its games are loaded, and a torn last line is
// truncated away. A journal without games (its header torn, even) is
// started afresh.
func openJournal(path string, head Header) (*journal, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("journal: %w", err)
	}
	j := &journal{path: path, head: head}
	if st.Size() > 0 {
		old, good, err := parseJournal(f, path)
		if errors.Is(err, errNoHeader) {
			old, good, err = &journal{}, 0, nil // no game: start afresh
		}
		if err != nil {
			f.Close()
			return nil, err
		}
		fresh := len(old.records) == 0 // a match that finished no game: start it afresh
		if !fresh && (old.head.ID != head.ID || old.head.Shard != head.Shard) {
			f.Close()
			what := "a different match"
			if old.head.ID == head.ID {
				what = fmt.Sprintf("shard %q, not %q", old.head.Shard, head.Shard)
			}
			return nil, fmt.Errorf("journal %s belongs to %s (match id %s, this one is %s); give a new --out to start afresh", path, what, old.head.ID, head.ID)
		}
		if good < st.Size() {
			if err := f.Truncate(good); err != nil {
				f.Close()
				return nil, fmt.Errorf("journal: cutting a torn last line: %w", err)
			}
		}
		j.records = old.records
	}
	if len(j.records) == 0 {
		if err := f.Truncate(0); err != nil {
			f.Close()
			return nil, fmt.Errorf("journal: %w", err)
		}
		b, err := json.Marshal(head)
		if err != nil {
			f.Close()
			return nil, err
		}
		if _, err := f.WriteAt(append(b, '\n'), 0); err != nil {
			f.Close()
			return nil, fmt.Errorf("journal: %w", err)
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, fmt.Errorf("journal: %w", err)
		}
	}
	f.Close()
	// Reopen for appending only: every write lands at the end, whole.
	if j.f, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o644); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	return j, nil
}

// append writes one finished game and fsyncs it.
func (j *journal) append(r *record.Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if _, err := j.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	j.records = append(j.records, r)
	return nil
}

func (j *journal) close() error {
	if j.f == nil {
		return nil
	}
	err := j.f.Close()
	j.f = nil
	return err
}

// writeJournal writes a whole journal (merge): the header, then records.
func writeJournal(path string, head Header, rs []*record.Record) error {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	enc := json.NewEncoder(w)
	if err := enc.Encode(head); err != nil {
		return err
	}
	for _, r := range rs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return writeFileSync(path, b.Bytes())
}

// writeFileSync writes a file through a temporary name and renames it, so
// a reader never sees half of it.
func writeFileSync(path string, data []byte) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// ReadFile reads the games of a records file in the text format, or of a
// journal (JSON lines), told apart by the first non-blank byte.
// A directory stands for its journal.
func ReadFile(path string) ([]*record.Record, error) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		path = filepath.Join(path, JournalFile)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
		j, err := readJournal(bytes.NewReader(data), path)
		if err != nil {
			return nil, err
		}
		return j.records, nil
	}
	rs, err := record.ReadRecords(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return rs, nil
}
