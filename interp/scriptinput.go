package interp

import (
	"io"
	"os"
	"sync"
	"syscall"
)

// A non-interactive bash reading its script from a regular file on
// stdin (bash < script) reads it through a buffered stream (input.c):
// blocks of min(file size, 8192) bytes read from the descriptor's offset,
// which is left at the end of the last block. It puts the offset back to
// just after what its parser consumed (sync_buffered_stream) only where a
// command could read stdin: before it forks anything but an asynchronous
// command (make_child), before the read builtin reads fd 0, when a
// redirection replaces fd 0 (check_bash_input) and before exec runs a
// program. Elsewhere the offset is wherever the last block left it: a
// builtin reading a duplicate of stdin (exec 3<&0; read -u 3) finds the
// end of the block, not the next line of the script. scriptInput is that
// stream, so nash leaves the offset exactly where bash does.
type scriptInput struct {
	mu   sync.Mutex
	fd   int
	size int    // the block size, fixed when the stream is made
	buf  []byte // the block read last
	pos  int    // what the parser used of it
}

// maxScriptBlock is bash's MAX_INPUT_BUFFER_SIZE.
const maxScriptBlock = 8192

// newScriptInput returns the stream for f, or nil when f is not a
// regular file (bash reads a pipe a byte at a time, never ahead).
func newScriptInput(f *os.File) *scriptInput {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	fd := rawFD(f)
	if _, err := syscall.Seek(fd, 0, io.SeekCurrent); err != nil {
		return nil
	}
	size := int(min(fi.Size(), maxScriptBlock))
	return &scriptInput{fd: fd, size: max(size, 1)}
}

// readByte returns the script's next byte, reading a block from the
// descriptor's offset when the last one is used up.
func (s *scriptInput) readByte() (byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pos < len(s.buf) {
		c := s.buf[s.pos]
		s.pos++
		return c, nil
	}
	if s.buf == nil {
		s.buf = make([]byte, 0, s.size)
	}
	for {
		n, err := syscall.Read(s.fd, s.buf[:s.size])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			s.buf, s.pos = s.buf[:0], 0
			return 0, err
		}
		if n == 0 {
			s.buf, s.pos = s.buf[:0], 0
			return 0, io.EOF
		}
		s.buf, s.pos = s.buf[:n], 1
		return s.buf[0], nil
	}
}

// sync moves the descriptor's offset back to just after what the parser
// used and forgets the rest of the block (sync_buffered_stream).
func (s *scriptInput) sync() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if left := len(s.buf) - s.pos; left > 0 {
		syscall.Seek(s.fd, int64(-left), io.SeekCurrent)
	}
	s.buf, s.pos = s.buf[:0], 0
}

// setFile makes the stream read f, which the script made its stdin
// (exec 0<file): the redirection synced the stream, and bash goes on
// with the same block size.
func (s *scriptInput) setFile(f *os.File) {
	s.mu.Lock()
	s.fd = rawFD(f)
	s.buf, s.pos = s.buf[:0], 0
	s.mu.Unlock()
}

// syncScript syncs the shell's script stream where bash would, unless r
// runs asynchronously: bash does not sync for an asynchronous child, and
// that child's syncs move its own stdin, /dev/null.
func (r *Runner) syncScript() {
	if s := r.sh.script; s != nil && !r.async {
		s.sync()
	}
}
