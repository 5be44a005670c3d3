package client

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// stderrBuffer bounds the bytes of stderr waiting for a slow writer; what
// does not fit is dropped (and counted in a note), so that the engine never
// waits for the writer.
const stderrBuffer = 64 << 10

// stderrCopy reads the engine's stderr as fast as the engine writes it and
// hands it to the current sink.
type stderrCopy struct {
	r     *os.File
	limit int64
	done  chan struct{} // closed when loop has ended

	mu     sync.Mutex
	sink   *stderrSink
	closed bool
}

func newStderrCopy(r *os.File, w io.Writer, limit int64) *stderrCopy {
	return &stderrCopy{r: r, limit: limit, sink: newStderrSink(w, limit), done: make(chan struct{})}
}

// loop copies the engine's stderr to the sinks until it ends.
func (s *stderrCopy) loop() {
	defer close(s.done)
	buf := make([]byte, 32<<10)
	for {
		n, err := s.r.Read(buf)
		if n > 0 {
			s.mu.Lock()
			s.sink.put(buf[:n])
			s.mu.Unlock()
		}
		if err != nil {
			return
		}
	}
}

// set makes w the sink from now on and flushes the previous one for at
// most bound.
func (s *stderrCopy) set(w io.Writer, bound time.Duration) {
	s.mu.Lock()
	old := s.sink
	if !s.closed {
		s.sink = newStderrSink(w, s.limit)
	}
	s.mu.Unlock()
	old.finish(bound)
}

// close ends the copy (r is closed: a grandchild holding the pipe open
// cannot keep it going) and flushes the sink for at most bound.
func (s *stderrCopy) close(bound time.Duration) {
	s.r.Close()
	<-s.done
	s.mu.Lock()
	s.closed = true
	sink := s.sink
	s.mu.Unlock()
	sink.finish(bound)
}

// stderrSink passes at most limit bytes to w, through a bounded buffer
// that its own goroutine writes out, so that put never blocks.
type stderrSink struct {
	w     io.Writer // nil: discard everything
	limit int64
	wake  chan struct{}
	done  chan struct{} // closed when the writing goroutine has ended

	mu        sync.Mutex
	pending   []byte
	spare     []byte
	taken     int64 // bytes of stderr counted against limit
	dropped   int64 // bytes dropped because w was slow, not yet noted
	truncated bool  // limit reached: the note is written, the rest dropped
	closed    bool  // finish: write what is pending, then end
	abandoned bool  // finish gave up: end without writing more
}

func newStderrSink(w io.Writer, limit int64) *stderrSink {
	s := &stderrSink{w: w, limit: limit, wake: make(chan struct{}, 1), done: make(chan struct{})}
	if w == nil {
		close(s.done)
		return s
	}
	go s.loop()
	return s
}

// put takes p (it never blocks and never keeps p).
func (s *stderrSink) put(p []byte) {
	if s.w == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.truncated || s.closed {
		return
	}
	cut := false
	if room := s.limit - s.taken; int64(len(p)) > room {
		p, cut = p[:room], true
	}
	s.taken += int64(len(p))
	if s.dropped > 0 && len(s.pending) < stderrBuffer {
		s.noteDropped()
	}
	free := max(0, stderrBuffer-len(s.pending))
	if len(p) > free {
		s.dropped += int64(len(p) - free)
		p = p[:free]
	}
	s.pending = append(s.pending, p...)
	if cut {
		s.truncated = true
		s.noteDropped()
		s.note(fmt.Sprintf("[stderr truncated after %d bytes]", s.limit))
	}
	s.signal()
}

// noteDropped appends a note for the bytes dropped so far, if any.
func (s *stderrSink) noteDropped() {
	if s.dropped > 0 {
		s.note(fmt.Sprintf("[stderr: %d bytes dropped: the log was written too slowly]", s.dropped))
		s.dropped = 0
	}
}

// note appends a line of its own (notes may overrun the buffer bound:
// there is at most one of each kind at a time).
func (s *stderrSink) note(text string) {
	if len(s.pending) > 0 && s.pending[len(s.pending)-1] != '\n' {
		s.pending = append(s.pending, '\n')
	}
	s.pending = append(s.pending, text...)
	s.pending = append(s.pending, '\n')
}

func (s *stderrSink) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// loop writes out what put buffers. A write error ends the writing; the
// rest is dropped.
func (s *stderrSink) loop() {
	defer close(s.done)
	var werr error
	for {
		s.mu.Lock()
		for len(s.pending) == 0 && !s.closed {
			s.mu.Unlock()
			<-s.wake
			s.mu.Lock()
		}
		p := s.pending
		s.pending, s.spare = s.spare[:0], nil
		closed, abandoned := s.closed, s.abandoned
		s.mu.Unlock()
		if abandoned || closed && len(p) == 0 {
			return
		}
		if werr == nil {
			_, werr = s.w.Write(p)
		}
		s.mu.Lock()
		s.spare = p[:0]
		s.mu.Unlock()
	}
}

// finish writes out what is pending (and a note for dropped bytes) and
// ends the sink, waiting at most bound for a slow writer; after that the
// writing goroutine ends as soon as its current write returns.
func (s *stderrSink) finish(bound time.Duration) {
	if s.w == nil {
		return
	}
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		s.noteDropped()
	}
	s.mu.Unlock()
	s.signal()
	select {
	case <-s.done:
	case <-time.After(bound):
		s.mu.Lock()
		s.abandoned = true
		s.mu.Unlock()
	}
}
