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
// tables as little-endian 64-bit words, then their CRC-32C (Castagnoli),
// little-endian, 4 bytes:
//
//	meeple nocca checkpoint 2
//	variant nocca(columns=4,rows=4,...)
//	root 123456
//	indices 29989260
//	phase retrograde 7
//	tables reached values 9700372
//
// The phase is the next step to take: enumerate N (pass N was the last
// done), fill 0, retrograde D (round D is next), retrograde D chunk C
// decided N (round D goes on from chunk C, the chunks before it having
// decided N nodes), or done 0. The tables
// are the reached bits and, enumerating, the expanded bits ("tables
// reached expanded"), else the bytes of the reached indices, as many as
// the line says. Version 1 was the layout of a byte and a bit an index.
const checkpointMagic = "meeple nocca checkpoint 2"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func (r *retro) header(phase, step int) string {
	tables := "tables reached expanded"
	if phase != phaseEnumerate {
		tables = fmt.Sprintf("tables reached values %d", r.size)
	}
	return fmt.Sprintf("%s\nvariant %s\nroot %d\nindices %d\n%s\n%s\n\n",
		checkpointMagic, r.variant, r.root, r.n, r.phaseLine(phase, step), tables)
}

// phaseLine is the header's phase line.
func (r *retro) phaseLine(phase, step int) string {
	if phase == phaseRetrograde && r.roundFrom > 0 {
		return fmt.Sprintf("phase %s %d chunk %d decided %d", phaseNames[phase], step, r.roundFrom, r.roundDecided)
	}
	return fmt.Sprintf("phase %s %d", phaseNames[phase], step)
}

// tables returns the tables a checkpoint of the phase holds.
func (r *retro) tables(phase int) [][]uint64 {
	if phase == phaseEnumerate {
		return [][]uint64{r.reached, r.expanded}
	}
	return [][]uint64{r.reached, r.val}
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
	for _, words := range r.tables(phase) {
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
// A file of another variant, start, size or layout is refused, and so is
// one whose tables would not fit in opt.MaxBytes.
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
	for len(lines) < 7 {
		ln, err := rd.ReadString('\n')
		if err != nil {
			return fail("not a checkpoint: the header ends early")
		}
		lines = append(lines, strings.TrimSuffix(ln, "\n"))
		if v, ok := strings.CutPrefix(lines[0], "meeple nocca checkpoint "); ok && lines[0] != checkpointMagic {
			return fail("written by another version of the solver (layout %.20q; this one reads %s): remove it or name another file", v, strings.TrimPrefix(checkpointMagic, "meeple nocca checkpoint "))
		}
		if lines[0] != checkpointMagic {
			return fail("not a checkpoint of the Nocca solver")
		}
	}
	var name string
	if _, err := fmt.Sscanf(lines[4], "phase %s %d", &name, &step); err != nil {
		return fail("bad header line %q", lines[4])
	}
	phase = -1
	for p, n := range phaseNames {
		if n == name {
			phase = p
		}
	}
	if phase == phaseRetrograde && strings.Contains(lines[4], " chunk ") {
		if _, err := fmt.Sscanf(lines[4], "phase retrograde %d chunk %d decided %d", &step, &r.roundFrom, &r.roundDecided); err != nil ||
			r.roundFrom == 0 || r.roundFrom >= uint64(len(r.dirty)) {
			return fail("bad header line %q", lines[4])
		}
	}
	if phase < 0 || step < 0 || lines[4] != r.phaseLine(phase, step) {
		return fail("bad header line %q", lines[4])
	}
	var size uint64
	if phase != phaseEnumerate {
		if _, err := fmt.Sscanf(lines[5], "tables reached values %d", &size); err != nil {
			return fail("bad header line %q", lines[5])
		}
	}
	r.size = size
	want := strings.Split(r.header(phase, step), "\n")
	switch {
	case lines[5] != want[5] || lines[6] != "":
		return fail("bad header line %q", lines[5])
	case lines[1] != want[1]:
		return fail("of another variant (%s), not %s", strings.TrimPrefix(lines[1], "variant "), r.variant)
	case lines[2] != want[2] || lines[3] != want[3]:
		return fail("of another start position (%s, %s; want %s, %s)", lines[2], lines[3], want[2], want[3])
	}
	sum := crc32.New(castagnoli)
	if err := readWords(io.TeeReader(rd, sum), r.reached); err != nil {
		return fail("truncated: %v", err)
	}
	if r.reached[r.n>>6]>>(r.n&63) != 0 || !r.isReached(r.root) {
		return fail("damaged: its reached bits are not those of a solve")
	}
	if phase == phaseEnumerate {
		r.alloc(&r.expanded, r.words)
	} else {
		r.alloc(&r.dir, dirWords(r.words))
		if n := buildDir(r.reached, r.dir); n != size {
			return fail("damaged: %d reached bits, not %d", n, size)
		}
		if need := r.solveBytes(size); need > uint64(r.opt.MaxBytes) {
			return 0, 0, false, fmt.Errorf("nocca: checkpoint %s: solving its %d positions reached takes %d bytes (%s); the limit is %d (%s): %w",
				r.opt.Checkpoint, size, need, sizeText(need), r.opt.MaxBytes, sizeText(uint64(r.opt.MaxBytes)), ErrTooLarge)
		}
		r.alloc(&r.val, (size+7)/8)
	}
	if err := readWords(io.TeeReader(rd, sum), r.tables(phase)[1]); err != nil {
		return fail("truncated: %v", err)
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
