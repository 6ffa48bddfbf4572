package interp

import (
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

// sharedFile is an open file description referenced from one or more fd
// tables (a shell and its in-process subshells). It is closed when the
// last table lets go of it.
type sharedFile struct {
	f    *os.File
	refs atomic.Int32
	// owned is false for files nash did not open (the process's own stdio
	// and inherited fds), which it never closes behind the caller's back
	// unless the script closes them explicitly.
	owned bool
}

func newShared(f *os.File, owned bool) *sharedFile {
	s := &sharedFile{f: f, owned: owned}
	s.refs.Store(1)
	return s
}

func (s *sharedFile) retain() *sharedFile {
	if s != nil {
		s.refs.Add(1)
	}
	return s
}

func (s *sharedFile) release() {
	if s == nil {
		return
	}
	if s.refs.Add(-1) == 0 && s.owned {
		s.f.Close()
	}
}

// fdTable maps fd numbers to open files for one runner. Child processes
// receive exactly this table as their fds.
type fdTable struct {
	fds []*sharedFile
	// cloexec holds the fds that are close-on-exec, as bash makes a
	// coprocess's: a program started from the table does not get them
	// (see programFiles), a subshell does. A redirection's copy of one
	// keeps the flag above the standard fds and loses it on 0 to 2
	// (n>&fd in redirect). nil while none is.
	cloexec map[int]bool
}

func newFDTable(in, out, errw *os.File) *fdTable {
	return &fdTable{fds: []*sharedFile{newShared(in, false), newShared(out, false), newShared(errw, false)}}
}

// clone returns a table sharing every open file.
func (t *fdTable) clone() *fdTable {
	c := &fdTable{fds: make([]*sharedFile, len(t.fds), len(t.fds)+2)}
	for i, s := range t.fds {
		c.fds[i] = s.retain()
	}
	if len(t.cloexec) > 0 {
		c.cloexec = maps.Clone(t.cloexec)
	}
	return c
}

// releaseAll drops this table's references.
func (t *fdTable) releaseAll() {
	for i, s := range t.fds {
		s.release()
		t.fds[i] = nil
	}
}

func (t *fdTable) get(n int) *os.File {
	if n < 0 || n >= len(t.fds) || t.fds[n] == nil {
		return nil
	}
	return t.fds[n].f
}

func (t *fdTable) entry(n int) *sharedFile {
	if n < 0 || n >= len(t.fds) {
		return nil
	}
	return t.fds[n]
}

// set installs s (already retained for this table) at n, releasing what
// was there.
func (t *fdTable) set(n int, s *sharedFile) {
	if n >= len(t.fds) {
		// one allocation (an inherited fd 255 took seven, one per size class)
		t.fds = append(t.fds, make([]*sharedFile, n+1-len(t.fds))...)
	}
	old := t.fds[n]
	t.fds[n] = s
	delete(t.cloexec, n) // (dup2 clears the flag)
	old.release()
}

// setCloexec marks n close-on-exec, or (on false) clears that.
func (t *fdTable) setCloexec(n int, on bool) {
	if !on {
		delete(t.cloexec, n)
		return
	}
	if t.cloexec == nil {
		t.cloexec = map[int]bool{}
	}
	t.cloexec[n] = true
}

// restore gives n back what it had in saved, close-on-exec flag
// included, as bash's undo of a redirection does (RX_SAVCLEXEC).
func (t *fdTable) restore(n int, saved *fdTable) {
	t.set(n, saved.entry(n).retain())
	t.setCloexec(n, saved.cloexec[n])
}

// cloexecFDs returns the close-on-exec fds in increasing order.
func (t *fdTable) cloexecFDs() []int {
	return slices.Sorted(maps.Keys(t.cloexec))
}

// close closes n in this table. For a file nash did not open, the
// underlying descriptor is closed too when no table uses it any more, as
// `exec 3>&-` would in bash.
func (t *fdTable) close(n int) {
	if n < 0 || n >= len(t.fds) || t.fds[n] == nil {
		return
	}
	s := t.fds[n]
	t.fds[n] = nil
	delete(t.cloexec, n)
	if s.refs.Add(-1) == 0 {
		s.f.Close()
	}
	t.trim()
}

// trim drops the closed fds at the end of the table (above 2).
func (t *fdTable) trim() {
	for len(t.fds) > 3 && t.fds[len(t.fds)-1] == nil {
		t.fds = t.fds[:len(t.fds)-1]
	}
}

// files returns the table as a child's fd list.
func (t *fdTable) files() []*os.File {
	fs := make([]*os.File, len(t.fds))
	for i, s := range t.fds {
		if s != nil {
			fs[i] = s.f
		}
	}
	return fs
}

// programFiles is files as a program executed from the table gets them:
// without the close-on-exec fds.
func (t *fdTable) programFiles() []*os.File {
	fs := t.files()
	for n := range t.cloexec {
		if n < len(fs) {
			fs[n] = nil
		}
	}
	return fs
}

// lowestFree returns the lowest fd >= min not in use (for {var}> and
// exec's fd allocation, bash starts at 10).
func (t *fdTable) lowestFree(min int) int {
	for n := min; ; n++ {
		if n >= len(t.fds) || t.fds[n] == nil {
			return n
		}
	}
}

// writer returns a writer for fd n that reports EBADF when n is closed.
func (t *fdTable) writer(n int) io.Writer {
	if f := t.get(n); f != nil {
		return f
	}
	return badFD{}
}

func (t *fdTable) reader(n int) io.Reader {
	if f := t.get(n); f != nil {
		return f
	}
	return badFD{}
}

type badFD struct{}

func (badFD) Write([]byte) (int, error) { return 0, syscall.EBADF }
func (badFD) Read([]byte) (int, error)  { return 0, syscall.EBADF }

// newPipe returns a blocking pipe with close-on-exec set on both ends, so
// children get only the ends placed in their fd table.
func newPipe() (r, w *os.File, err error) {
	var p [2]int
	if err := syscall.Pipe2(p[:], syscall.O_CLOEXEC); err != nil {
		return nil, nil, sysError{err.(syscall.Errno)}
	}
	return os.NewFile(uintptr(p[0]), "|0"), os.NewFile(uintptr(p[1]), "|1"), nil
}

// sysError is a failed system call's errno, which reads as bash's
// sys_error prints it ("pipe error: Too many open files").
type sysError struct{ errno syscall.Errno }

func (e sysError) Error() string { return errnoMessage(e.errno) }
func (e sysError) Unwrap() error { return e.errno }

// newPolledPipe is newPipe with a read end that only this process reads:
// it is non-blocking and on the runtime's poller, so a goroutine waiting
// on it parks instead of holding an OS thread in read(2). Nested command
// substitutions each wait on one; with blocking reads, 10,000 levels came
// within a few threads of the runtime's 10,000-thread limit and crashed.
// O_NONBLOCK is a property of the open file description, and the write
// end has its own, so writers (children included) still block as usual.
func newPolledPipe() (r, w *os.File, err error) {
	var p [2]int
	if err := syscall.Pipe2(p[:], syscall.O_CLOEXEC); err != nil {
		return nil, nil, sysError{err.(syscall.Errno)}
	}
	if err := syscall.SetNonblock(p[0], true); err != nil {
		syscall.Close(p[0])
		syscall.Close(p[1])
		return nil, nil, os.NewSyscallError("fcntl", err)
	}
	return os.NewFile(uintptr(p[0]), "|0"), os.NewFile(uintptr(p[1]), "|1"), nil
}

// InheritedFiles returns the descriptors above 2 this process was started
// with, so scripts can use fds their parent opened (`exec 3>f; nash s.sh`
// with `>&3` inside). Call it before anything else opens files.
func InheritedFiles() map[int]*os.File {
	fds := openDescriptors()
	var out map[int]*os.File
	for _, fd := range fds {
		// Only descriptors that survived exec are inherited: everything
		// the Go runtime opened before us (cgroup files, the poller's
		// epoll and eventfd, this directory) is close-on-exec.
		if fl, err := fcntlGetfd(fd); err != nil || fl&syscall.FD_CLOEXEC != 0 {
			continue
		}
		if out == nil {
			out = map[int]*os.File{}
		}
		// keep it from leaking into children unless the table passes it
		syscall.CloseOnExec(fd)
		out[fd] = os.NewFile(uintptr(fd), "fd"+strconv.Itoa(fd))
	}
	return out
}

// ExtraFiles installs inherited descriptors into the runner's table.
func ExtraFiles(files map[int]*os.File) Option {
	return func(r *Runner) error {
		for n, f := range files {
			r.fds.set(n, newShared(f, false))
		}
		return nil
	}
}

// ClosedStdFiles starts the shell with the standard descriptors among fds
// closed in its table: ones the process was started without, on which
// the Go runtime put /dev/null. The shell then sees them as bash does: a
// builtin writing to a closed 1 fails with "Bad file descriptor", read
// from a closed 0 too, and programs start without them. The /dev/null
// stays open in the process, so that nothing the runtime opens lands on
// a standard descriptor.
func ClosedStdFiles(fds ...int) Option {
	return func(r *Runner) error {
		for _, n := range fds {
			if n >= 0 && n <= 2 {
				r.fds.set(n, nil)
			}
		}
		return nil
	}
}

func fcntlGetfd(fd int) (int, error) {
	r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFD, 0)
	if errno != 0 {
		return 0, errno
	}
	return int(r), nil
}

// writable reports whether f was opened for writing, which fdopen(fd, "w")
// requires: glibc refuses a read-only descriptor (EINVAL).
func writable(f *os.File) bool {
	r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_GETFL, 0)
	return errno == 0 && int(r)&syscall.O_ACCMODE != syscall.O_RDONLY
}

// selfProcFd is /proc/PID/fd/ for this process, which is $$.
var selfProcFd = "/proc/" + strconv.Itoa(os.Getpid()) + "/fd/"

// fdPath maps the paths that name the shell's own descriptors
// (/dev/fd/N, /dev/stdin, /dev/stdout, /dev/stderr, /proc/self/fd/N) to
// the process path of the file at N in the runner's table: nash's real
// descriptors differ from the script's. ok is false for other paths. A
// descriptor the table does not have maps to a path that does not exist,
// so opening it fails with ENOENT as in bash.
func (t *fdTable) fdPath(p string) (string, bool) {
	var num string
	switch {
	case len(p) < 8 || (p[1] != 'd' && p[1] != 'p'):
		return "", false
	case strings.HasPrefix(p, "/dev/fd/"):
		num = p[len("/dev/fd/"):]
	case strings.HasPrefix(p, "/proc/self/fd/"):
		num = p[len("/proc/self/fd/"):]
	case strings.HasPrefix(p, selfProcFd):
		// /proc/$$/fd/N: the shell's pid is this process's
		num = p[len(selfProcFd):]
	case p == "/dev/stdin":
		num = "0"
	case p == "/dev/stdout":
		num = "1"
	case p == "/dev/stderr":
		num = "2"
	default:
		return "", false
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 || num[0] == '+' {
		return "", false
	}
	f := t.get(n)
	if f == nil {
		return "/proc/self/fd/-1", true
	}
	return "/proc/self/fd/" + strconv.Itoa(int(f.Fd())), true
}

// pollReadable waits up to timeout (negative: forever) for fd to be
// readable or at end of file.
func pollReadable(fd int, timeout time.Duration) (bool, error) {
	p := pollFd{fd: int32(fd), events: pollIn}
	var tsp unsafe.Pointer
	var ts syscall.Timespec
	if timeout >= 0 {
		ts = syscall.NsecToTimespec(int64(timeout))
		tsp = unsafe.Pointer(&ts)
	}
	n, _, errno := syscall.Syscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&p)), 1, uintptr(tsp), 0, 0, 0)
	if errno != 0 {
		return false, errno
	}
	return n > 0 && p.revents&(pollIn|pollHup) != 0, nil
}

// waitingBytes is how many bytes a read of fd finds at once (FIONREAD),
// or 0 when that is not known.
func waitingBytes(fd int) int {
	var n int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.TIOCINQ, uintptr(unsafe.Pointer(&n))); e != 0 || n < 0 {
		return 0
	}
	return int(n)
}
