package interp

import (
	"errors"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
)

// A dirThread is an OS thread standing in the runner's directory, for
// starting programs there once the directory has lost its search
// permission. bash's children inherit its working directory, which it
// entered while it could (cd d; chmod 0 .; du /elsewhere works in bash);
// nash's process never changes directory, so a child changes to the
// runner's own as it starts, and that chdir fails with EACCES. The
// thread unshares its filesystem state from the process (CLONE_FS), so
// its chdir moves it alone, and a program started from it inherits its
// working directory as bash's do. A process with CAP_DAC_OVERRIDE (root)
// can always change directory and never needs one.
//
// The runner that started the thread moves it along at its next program
// start after a cd (a new thread costs some 150 µs, a chdir on it a few),
// unless a subshell shares it: then it stays where it is for the
// subshell and the runner starts another.
type dirThread struct {
	dir    string // the runner's directory the thread is in
	shared atomic.Bool
	q      *threadQueue
}

// threadQueue feeds a dirThread's goroutine the functions to run on it;
// closing it ends the goroutine and so the thread. It is apart from
// dirThread so that a cleanup can close it once no runner refers to the
// dirThread (the goroutine holds only the queue).
type threadQueue struct {
	mu     sync.Mutex
	ch     chan func()
	closed bool
}

// newDirThread starts a thread in dir (a path or a /proc/self/fd link)
// or returns nil when it cannot enter it.
func newDirThread(dir, name string) *dirThread {
	q := &threadQueue{ch: make(chan func())}
	entered := make(chan bool)
	go func() {
		// never unlocked: the runtime ends the thread, whose working
		// directory is no longer the process's, with this goroutine
		runtime.LockOSThread()
		if syscall.Unshare(syscall.CLONE_FS) != nil || syscall.Chdir(dir) != nil {
			entered <- false
			return
		}
		entered <- true
		for f := range q.ch {
			f()
		}
	}()
	if !<-entered {
		return nil
	}
	t := &dirThread{dir: name, q: q}
	runtime.AddCleanup(t, (*threadQueue).close, q)
	return t
}

// run runs f on the thread and reports whether it did (false once the
// thread was closed).
func (t *dirThread) run(f func()) bool {
	done := make(chan struct{})
	t.q.mu.Lock()
	if t.q.closed {
		t.q.mu.Unlock()
		return false
	}
	t.q.ch <- func() { f(); close(done) }
	t.q.mu.Unlock()
	<-done
	return true
}

// close ends the queue's thread.
func (q *threadQueue) close() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.closed {
		q.closed = true
		close(q.ch)
	}
}

// share marks t (which may be nil) as used by a subshell too, for its
// copy of the runner.
func (t *dirThread) share() *dirThread {
	if t != nil {
		t.shared.Store(true)
	}
	return t
}

// readyDirThread has the runner's dirThread stand in dir (the runner's
// directory, as a spawn reaches it) before a program starts from there,
// while that directory is still searchable, unless the process runs in
// it anyway or can always enter it.
func (r *Runner) readyDirThread(dir string) {
	t := r.dirThread
	if r.inCwd || t != nil && t.dir == r.dir || os.Geteuid() == 0 {
		return
	}
	if t != nil && r.dirThreadOwned && !t.shared.Load() {
		var err error
		if t.run(func() { err = syscall.Chdir(dir) }) && err == nil {
			t.dir = r.dir
		} else {
			t.dir = "" // somewhere else: of no use here
		}
		return
	}
	r.dirThread, r.dirThreadOwned = newDirThread(dir, r.dir), true
}

// startInDirThread starts a program with start from the runner's
// dirThread, without a chdir of its own, when a start with one (attr.Dir)
// failed with err because the directory cannot be searched; ok is false
// when it did not.
func (r *Runner) startInDirThread(err error, attr *os.ProcAttr, start func(*os.ProcAttr) (*os.Process, error)) (p *os.Process, ok bool, serr error) {
	t := r.deniedDirThread(err, attr.Dir)
	if t == nil {
		return nil, false, nil
	}
	a := *attr
	a.Dir = ""
	ok = t.run(func() { p, serr = start(&a) })
	return p, ok, serr
}

// deniedDirThread returns the runner's dirThread when err, from a
// change to dir, is dir refusing a search, or nil.
func (r *Runner) deniedDirThread(err error, dir string) *dirThread {
	t := r.dirThread
	if t == nil || t.dir != r.dir || dir == "" || !errors.Is(err, syscall.EACCES) ||
		syscall.Access(dir, 1) == nil { // X_OK: the failure was the program's own
		return nil
	}
	return t
}
