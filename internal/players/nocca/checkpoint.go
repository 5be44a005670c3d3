package nocca

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A checkpoint file is a header of text lines, an empty line, then the
// reached bits and the nodes' bytes as little-endian 64-bit words, then
// their CRC-32C (Castagnoli), little-endian, 4 bytes:
//
//	meeple nocca checkpoint 1
//	variant nocca(columns=4,rows=4,...)
//	root 123456
//	indices 29989260
//	phase retrograde 7
//
// The phase is the next step to take: enumerate N (pass N was the last
// done), retrograde D (round D is next), or done 0.
const checkpointMagic = "meeple nocca checkpoint 1"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func (r *retro) header(phase, step int) string {
	return fmt.Sprintf("%s\nvariant %s\nroot %d\nindices %d\nphase %s %d\n\n",
		checkpointMagic, r.variant, r.root, r.n, phaseNames[phase], step)
}

// checkpoint saves the state if a checkpoint file was asked for and the
// last one is old enough (or always with force), to a temporary file in
// the same directory, then renamed over the old one.
func (r *retro) checkpoint(phase, step int, force bool) error {
	if r.opt.Checkpoint == "" || !force && time.Since(r.saved) < r.opt.CheckpointEvery {
		return nil
	}
	begin := time.Now()
	f, err := os.CreateTemp(filepath.Dir(r.opt.Checkpoint), filepath.Base(r.opt.Checkpoint)+".tmp*")
	if err != nil {
		return fmt.Errorf("nocca: checkpoint: %w", err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	_, err = io.WriteString(w, r.header(phase, step))
	sum := crc32.New(castagnoli)
	for _, words := range [][]uint64{r.reached, r.val} {
		if err == nil {
			err = writeWords(io.MultiWriter(w, sum), words)
		}
	}
	if err == nil {
		_, err = w.Write(binary.LittleEndian.AppendUint32(nil, sum.Sum32()))
	}
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), r.opt.Checkpoint)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("nocca: checkpoint: %w", err)
	}
	r.saved = time.Now()
	r.progress("checkpoint %s written (%s %d), %s", r.opt.Checkpoint, phaseNames[phase], step, time.Since(begin).Round(time.Millisecond))
	return nil
}

func writeWords(w io.Writer, words []uint64) error {
	buf := make([]byte, 0, 1<<20)
	for len(words) > 0 {
		n := min(len(words), cap(buf)/8)
		buf = buf[:0]
		for _, x := range words[:n] {
			buf = binary.LittleEndian.AppendUint64(buf, x)
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
		words = words[n:]
	}
	return nil
}

func readWords(rd io.Reader, words []uint64) error {
	buf := make([]byte, 1<<20)
	for len(words) > 0 {
		n := min(len(words), len(buf)/8)
		if _, err := io.ReadFull(rd, buf[:8*n]); err != nil {
			return err
		}
		for i := range words[:n] {
			words[i] = binary.LittleEndian.Uint64(buf[8*i:])
		}
		words = words[n:]
	}
	return nil
}

// resume loads the checkpoint file, if one was asked for and exists, and
// returns the phase and step to go on from; resumed is false without one.
// A file of another variant, start or size is refused.
func (r *retro) resume() (phase, step int, resumed bool, err error) {
	if r.opt.Checkpoint == "" {
		return 0, 0, false, nil
	}
	f, err := os.Open(r.opt.Checkpoint)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, fmt.Errorf("nocca: checkpoint: %w", err)
	}
	defer f.Close()
	fail := func(format string, args ...any) (int, int, bool, error) {
		return 0, 0, false, fmt.Errorf("nocca: checkpoint %s: %s", r.opt.Checkpoint, fmt.Sprintf(format, args...))
	}
	rd := bufio.NewReaderSize(f, 1<<20)
	var lines []string
	for len(lines) < 6 {
		ln, err := rd.ReadString('\n')
		if err != nil {
			return fail("not a checkpoint: the header ends early")
		}
		lines = append(lines, strings.TrimSuffix(ln, "\n"))
		if lines[0] != checkpointMagic {
			return fail("not a checkpoint of the Nocca solver")
		}
	}
	var name string
	if _, err := fmt.Sscanf(lines[4], "phase %s %d", &name, &step); err != nil || lines[5] != "" {
		return fail("bad header line %q", lines[4])
	}
	phase = -1
	for p, n := range phaseNames {
		if n == name {
			phase = p
		}
	}
	want := strings.Split(r.header(0, 0), "\n")
	switch {
	case phase < 0 || step < 0:
		return fail("bad header line %q", lines[4])
	case lines[1] != want[1]:
		return fail("of another variant (%s), not %s", strings.TrimPrefix(lines[1], "variant "), r.variant)
	case lines[2] != want[2] || lines[3] != want[3]:
		return fail("of another start position (%s, %s; want %s, %s)", lines[2], lines[3], want[2], want[3])
	}
	sum := crc32.New(castagnoli)
	for _, words := range [][]uint64{r.reached, r.val} {
		if err := readWords(io.TeeReader(rd, sum), words); err != nil {
			return fail("truncated: %v", err)
		}
	}
	var trailer [4]byte
	if _, err := io.ReadFull(rd, trailer[:]); err != nil {
		return fail("truncated: %v", err)
	}
	if binary.LittleEndian.Uint32(trailer[:]) != sum.Sum32() {
		return fail("damaged: its checksum does not match")
	}
	if _, err := rd.ReadByte(); err != io.EOF {
		return fail("longer than its tables")
	}
	r.saved = time.Now()
	return phase, step, true, nil
}
