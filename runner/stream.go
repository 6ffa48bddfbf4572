package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"lukechampine.com/blake3"
)

// stream is one output stream of a command: spooled to a file while the
// command runs, then turned into an immutable artifact. A single pump
// goroutine writes; any number of readers poll by offset.
type stream struct {
	name  string
	store *artifactStore

	mu     sync.Mutex
	spool  *os.File // open until finalize; written only by pump
	path   string   // spool path
	size   int64
	h      *blake3.Hasher
	eof    bool // the source is exhausted or was cut
	sum    string
	final  bool          // sum is set and the artifact exists
	notify chan struct{} // closed and replaced on every change
}

func newStream(name string, store *artifactStore, spoolDir, id string) (*stream, error) {
	path := filepath.Join(spoolDir, id+"."+name)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("spool %s: %w", name, err)
	}
	return &stream{name: name, store: store, spool: f, path: path, h: newHasher(), notify: make(chan struct{})}, nil
}

// broadcastLocked wakes every waiter. s.mu must be held.
func (s *stream) broadcastLocked() {
	close(s.notify)
	s.notify = make(chan struct{})
}

// pump copies src into the spool until src ends. Read errors other than
// EOF (EIO from a PTY master whose slave closed, ErrClosed after the
// runner cut the source) also end the stream.
func (s *stream) pump(src io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			// The spool is only written here; readers use ReadAt below
			// s.size, which is published after the write.
			if _, werr := s.spool.Write(buf[:n]); werr != nil {
				err = werr
			} else {
				s.h.Write(buf[:n])
				s.mu.Lock()
				s.size += int64(n)
				s.broadcastLocked()
				s.mu.Unlock()
			}
		}
		if err != nil {
			break
		}
	}
	s.mu.Lock()
	s.eof = true
	s.broadcastLocked()
	s.mu.Unlock()
}

// finalize turns the spool into an artifact. It must be called after pump
// returned. On error the spool is removed and reads fail.
func (s *stream) finalize() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.final {
		return nil
	}
	sum := sumHex(s.h)
	if err := s.store.adopt(s.path, sum); err != nil {
		// The fd is released either way; the bytes are lost to readers.
		s.spool.Close()
		s.spool = nil
		os.Remove(s.path)
		return fmt.Errorf("finalize %s: %w", s.name, err)
	}
	s.spool.Close()
	s.spool = nil
	s.sum, s.final = sum, true
	s.broadcastLocked()
	return nil
}

// discard closes and removes the spool of a stream that never finalized.
func (s *stream) discard() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.spool != nil {
		s.spool.Close()
		s.spool = nil
		os.Remove(s.path)
	}
}

// state returns the current size and whether the stream ended.
func (s *stream) state() (size int64, eof bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.size, s.eof
}

// wait blocks until the stream holds more than off bytes, ends, ctx is
// done or d elapsed.
func (s *stream) wait(ctx context.Context, off int64, d time.Duration) {
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	for {
		s.mu.Lock()
		if s.size > off || s.eof {
			s.mu.Unlock()
			return
		}
		ch := s.notify
		s.mu.Unlock()
		select {
		case <-ch:
		case <-t.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

// readAt reads up to n bytes at off. It returns the bytes, the stream size
// and whether the stream has ended. off beyond size is ErrRange.
func (s *stream) readAt(off, n int64) ([]byte, int64, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if off < 0 || off > s.size {
		return nil, s.size, s.eof, fmt.Errorf("%w: offset %d, %s size %d", ErrRange, off, s.name, s.size)
	}
	n = min(n, s.size-off)
	if n == 0 {
		return nil, s.size, s.eof, nil
	}
	buf := make([]byte, n)
	var err error
	if s.spool != nil {
		_, err = s.spool.ReadAt(buf, off)
	} else {
		buf, _, err = s.store.read(s.sum, off, n)
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, s.size, s.eof, fmt.Errorf("read %s: %w", s.name, err)
	}
	return buf, s.size, s.eof, nil
}

// artifactStore keeps immutable files named by the BLAKE3 of their bytes.
type artifactStore struct{ dir string }

func (a *artifactStore) pathOf(sum string) string { return filepath.Join(a.dir, sum) }

// adopt makes the file at path the artifact sum (whose content it must
// be) and removes path. An existing artifact is never overwritten: the
// same bytes are already there.
func (a *artifactStore) adopt(path, sum string) error {
	if err := os.Chmod(path, 0o444); err != nil {
		return fmt.Errorf("artifact %s: %w", sum, err)
	}
	err := os.Link(path, a.pathOf(sum))
	if err != nil && !errors.Is(err, os.ErrExist) {
		return fmt.Errorf("artifact %s: %w", sum, err)
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("artifact %s: remove spool: %w", sum, err)
	}
	return nil
}

// read returns up to n bytes of artifact sum at off and its size.
func (a *artifactStore) read(sum string, off, n int64) ([]byte, int64, error) {
	if !validHash(sum) {
		return nil, 0, fmt.Errorf("%w: artifact id must be 64 lowercase hex digits", ErrBadRequest)
	}
	f, err := os.Open(a.pathOf(sum))
	if errors.Is(err, os.ErrNotExist) {
		return nil, 0, fmt.Errorf("%w: artifact %s", ErrNotFound, sum)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("artifact %s: %w", sum, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, fmt.Errorf("artifact %s: %w", sum, err)
	}
	size := fi.Size()
	if off < 0 || off > size {
		return nil, size, fmt.Errorf("%w: offset %d, artifact size %d", ErrRange, off, size)
	}
	n = min(n, size-off)
	buf := make([]byte, n)
	if _, err := f.ReadAt(buf, off); err != nil && !errors.Is(err, io.EOF) {
		return nil, size, fmt.Errorf("artifact %s: %w", sum, err)
	}
	return buf, size, nil
}

func validHash(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
