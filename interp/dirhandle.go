package interp

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// oPath is Linux's O_PATH (absent from package syscall): a handle that
// reads nothing, needing no read permission on the directory.
const oPath = 0x200000

// openDirHandle opens an O_PATH handle on dir, the runner's new working
// directory, or returns nil. The process never changes directory, so a
// child is started with a chdir to the runner's: once that directory
// is removed (a test's teardown deleting the directory it ran in), the
// chdir would fail where bash's child, inheriting the removed directory
// as its cwd, runs. The handle keeps the directory reachable. It is
// closed by the *os.File finalizer once no runner (subshells share it)
// refers to it.
func openDirHandle(dir string) *os.File {
	fd, err := syscall.Open(dir, oPath|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	return os.NewFile(uintptr(fd), dir)
}

// spawnDir is the directory a child starts in: the runner's, or, once
// that path is gone, the directory itself through the handle (a child
// still holds the parent's descriptors when it changes directory).
func (r *Runner) spawnDir() string {
	if r.dirHandle == nil {
		return r.dir
	}
	return r.liveDir()
}

// liveDir is the path that reaches the runner's directory, as a
// relative name reaches bash's cwd: its name while that leads to a
// directory, else (the directory, or one above it, was renamed or
// removed under the shell) the directory itself, through its handle
// or, before any cd, through the process's own cwd. Only the failure
// costs more than the stat, which is not repeated while no program has
// started since (only a program can rename a directory) and for at most
// liveDirFor: a loop of tests on relative names pays it once.
func (r *Runner) liveDir() string {
	if r.dirHandle == nil && !r.inCwd {
		return r.dir
	}
	gen := r.sh.spawnGen.Load()
	if c := &r.liveCache; c.dir == r.dir && c.gen == gen && time.Since(c.at) < liveDirFor {
		return r.dir
	}
	if _, err := os.Stat(r.dir); err == nil {
		r.liveCache = liveDirCache{dir: r.dir, gen: gen, at: time.Now()}
		return r.dir
	}
	if r.dirHandle != nil {
		return "/proc/self/fd/" + strconv.Itoa(int(r.dirHandle.Fd()))
	}
	return "/proc/self/cwd"
}

// handlePath is the path the kernel knows for the runner's directory
// (getcwd's answer), read through its handle; ok is false when the
// directory was removed or there is no handle.
func (r *Runner) handlePath() (string, bool) {
	link := "/proc/self/cwd"
	if r.dirHandle != nil {
		link = "/proc/self/fd/" + strconv.Itoa(int(r.dirHandle.Fd()))
	} else if !r.inCwd {
		return "", false
	}
	p, ok := linkedDir(link)
	if !ok {
		return "", false
	}
	// a directory above it that cannot be searched hides it from a
	// stat by name: it is still there
	if _, err := os.Stat(p); err != nil && !errors.Is(err, syscall.EACCES) {
		return "", false
	}
	return p, true
}

// chdirForExec moves the process to the runner's directory before the
// exec builtin replaces it, through the handle when the path is gone.
func (r *Runner) chdirForExec() error {
	err := syscall.Chdir(r.dir)
	if err != nil && r.dirHandle != nil {
		if ferr := syscall.Fchdir(int(r.dirHandle.Fd())); ferr == nil {
			return nil
		}
	}
	return err
}

// dirIsHandle reports whether the runner's path still names the
// directory it is in (its handle, or the process's own directory).
func (r *Runner) dirIsHandle() bool {
	fi, err := os.Stat(r.dir)
	if err != nil {
		return false
	}
	var hi os.FileInfo
	switch {
	case r.dirHandle != nil:
		hi, err = r.dirHandle.Stat()
	case r.inCwd:
		hi, err = os.Stat("/proc/self/cwd")
	default:
		return true
	}
	return err != nil || os.SameFile(fi, hi)
}

// liveDirCache is the last time liveDir found the runner's directory
// under its name, and which programs had started by then (spawnGen).
type liveDirCache struct {
	dir string
	gen uint64
	at  time.Time
}

// liveDirFor bounds how long liveDir trusts a name it found live, for a
// program started before that renames the directory later.
const liveDirFor = 20 * time.Millisecond

// linkedDir is the path the kernel gives, through link (a /proc/self
// cwd or fd link), for a directory: ok is false when it has none (it
// was removed, or is outside the process's root).
func linkedDir(link string) (string, bool) {
	p, err := os.Readlink(link)
	if err != nil || !strings.HasPrefix(p, "/") || strings.HasSuffix(p, " (deleted)") {
		return "", false
	}
	return p, true
}

// reachDir opens path as a directory, as a chdir to it would reach it,
// and returns the path the kernel knows for what it reached (getcwd's
// answer after the chdir): err is the open's failure, and ok is false
// when the directory has no path.
func reachDir(path string) (p string, ok bool, err error) {
	fd, err := syscall.Open(path, oPath|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return "", false, err
	}
	defer syscall.Close(fd)
	p, ok = linkedDir("/proc/self/fd/" + strconv.Itoa(fd))
	return p, ok, nil
}
