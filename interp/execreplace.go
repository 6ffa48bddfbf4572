package interp

import (
	"bytes"
	"errors"
	"os"
	"runtime"
	"strings"
	"syscall"

	"nash/internal/entrysig"
	"nash/internal/execstage"
)

// execVerdict is what execve will most likely do with a file.
type execVerdict int

const (
	execRuns   execVerdict = iota // an executable the kernel runs
	execScript                    // a text file without #!: run by a new nash
	execFails                     // execve fails (not found, not executable, binary)
)

// predictExec tells, before any descriptor is moved, whether execve of
// abs will start a program: a failed exec must leave the shell's
// descriptors (and the runtime's) where they were. A file that cannot be
// read but may be executed is assumed to run.
func predictExec(abs string) execVerdict {
	if !executableFile(abs) {
		return execFails
	}
	head, err := fileHead(abs, kernelHead)
	if err != nil {
		return execRuns
	}
	switch {
	case bytes.HasPrefix(head, []byte("\x7fELF")):
		return execRuns
	case bytes.HasPrefix(head, []byte("#!")):
		if interp := shebangInterp(head); interp != "" && executableFile(interp) {
			return execRuns
		}
		return execFails
	case isBinaryFile(head[:min(len(head), binarySample)]):
		return execFails
	}
	return execScript
}

// kernelHead is how much of a file execve reads for its #! line;
// binarySample is how much bash reads to tell a binary file
// (HASH_BANG_BUFSIZ in execute_cmd.c).
const (
	kernelHead   = 256
	binarySample = 128
)

// fileHead returns the first bytes of the file at abs, up to n.
func fileHead(abs string, n int) ([]byte, error) {
	f, err := openRaw(abs, syscall.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, n)
	m, _ := f.Read(b)
	return b[:m], nil
}

// executableFile reports whether path is a regular file this process may
// execute.
func executableFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && syscall.Access(path, 1) == nil
}

// shebangInterp returns the interpreter a #! line names, as the kernel
// reads it (the first word after #!, blanks skipped).
func shebangInterp(head []byte) string {
	line := head[2:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	line = bytes.TrimLeft(line, " \t")
	if i := bytes.IndexAny(line, " \t"); i >= 0 {
		line = line[:i]
	}
	return string(line)
}

// errNotInPlace is replaceProcess declining to run a command in the
// shell's place (asGiven): it is run as a child instead.
var errNotInPlace = errors.New("not run in place")

// replaceProcess executes path (found as name) in place of the shell,
// handing it the fd table the redirections left: fd i of the program is
// the shell's fd i. It returns only when the program could not be
// started. A text file without #! is run by a new nash, as bash runs it.
//
// The descriptors are placed in this process unless a target is one the
// Go runtime may own (its epoll descriptor): moving onto that with
// runtime threads alive aborts the process, so the placing then happens
// in a stage, a fresh start of this binary that owns no descriptors yet
// (package execstage).
//
// asGiven runs path as a command found by the PATH search is run, as
// given (a relative one from the shell's directory, so that a script's
// interpreter gets ./x.sh as its name), rather than as the exec builtin
// runs it; and only a program the kernel will run: for anything else it
// returns errNotInPlace at once, with nothing changed.
func (r *Runner) replaceProcess(path string, argv, env []string, name string, asGiven bool) error {
	// bash's exec runs the full pathname, made from the directory and
	// the path without one leading "./" (full_pathname's MP_RMDOT): a
	// script's interpreter gets that as the script name
	abs := r.absPath(strings.TrimPrefix(path, "./"))
	verdict := predictExec(abs)
	if asGiven && verdict != execRuns {
		return errNotInPlace
	}
	if r.onExec != nil {
		r.onExec() // the exec is tried now
	}
	if verdict == execScript {
		self, sargv := r.scriptCommand(name, argv)
		abs, argv = r.absPath(self), sargv
	} else if asGiven && !strings.HasPrefix(path, "/") {
		abs = path // resolved once the process is in the shell's directory
	}
	files := r.fds.programFiles()
	if verdict == execScript {
		files = r.fds.files() // (run by a nash of its own, as bash's forked shell)
	}
	src := make([]int, len(files))
	for i, f := range files {
		src[i] = -1
		if f != nil {
			src[i] = int(f.Fd())
		}
	}
	if r.beforeInPlace != nil {
		defer r.beforeInPlace()()
	}
	if !r.inCwd {
		if err := r.chdirForExec(); err != nil {
			// a directory that lost its search permission since the
			// cd: the exec happens on the thread standing in it
			if t := r.deniedDirThread(err, r.dir); t != nil {
				var xerr error
				if t.run(func() { xerr = r.execInPlace(abs, argv, env, name, verdict, src) }) {
					return xerr
				}
			}
			return err
		}
	}
	return r.execInPlace(abs, argv, env, name, verdict, src)
}

// execInPlace is replaceProcess once the process (or the thread that
// runs it) is in the runner's directory: it executes abs with the
// descriptors of src in place, returning only when that failed.
func (r *Runner) execInPlace(abs string, argv, env []string, name string, verdict execVerdict, src []int) error {
	syscall.Umask(r.umask)
	defer r.SignalsForExec()()
	// the program inherits what the shell was started with ignored,
	// SIGCHLD and the faults too (DefaultSignals only records those)
	defer entrysig.Reinstate()()
	if ign := r.faultIgnores(nil); ign != nil {
		// and those an empty trap ignores, which the runtime handles:
		// ignored at the kernel for the execve, and named for a nash
		// (whose runtime takes SIGCHLD and the faults over at once)
		defer ignoreForExec(ign)()
		env = withSigIgn(env, ign, nil)
	}
	if verdict == execFails {
		// let execve report why, with nothing moved: the shell may go on
		// (execfail) with its descriptors, and the runtime's, intact
		return syscall.Exec(abs, argv, env)
	}
	if execstage.Clobbers(src) && execstage.Available() {
		plan := execstage.Plan{Path: abs, Argv: argv, Env: env, Src: src,
			Ignore: ignoredSignals(), Limits: stageLimits(r.rlimits), ErrPrefix: r.errPrefix(), Name: name}
		execstage.Exec(plan)
		// the stage could not start: place them here after all
	}
	// With one P no other thread runs goroutines (or polls) while the
	// descriptors move; raw system calls keep this thread's P.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // back if exec fails
	if err := execstage.Place(src); err != nil {
		return err
	}
	if len(r.rlimits) == 0 {
		return syscall.Exec(abs, argv, env)
	}
	// The limits come last, when the descriptors are in place, so an fd
	// above a lowered open-files limit is inherited as bash's children
	// inherit theirs.
	saved := map[int]syscall.Rlimit{}
	for res := range r.rlimits {
		var l syscall.Rlimit
		if syscall.Getrlimit(res, &l) == nil {
			saved[res] = l
		}
	}
	applyRlimits(0, r.rlimits)
	err := syscall.Exec(abs, argv, env)
	applyRlimits(0, saved) // the shell goes on (execfail)
	return err
}

// SignalsForExec gives the signals the shell ignores only for itself
// their default action back for a program to run in the shell's place
// (by the exec builtin, or the real bash nash falls back to), as bash's
// restore_original_signals does: SIGQUIT
// (DefaultSignals), SIGTERM in an interactive shell, and the job control
// signals of a shell that has the terminal (jobterm.go), which also
// gives the terminal and process group back as bash's end_job_control
// does. An empty trap keeps a signal ignored (busybox sigquit_exec). It
// returns the function that undoes all this, for when exec fails and
// the shell goes on.
func (r *Runner) SignalsForExec() func() {
	sigs := []syscall.Signal{syscall.SIGQUIT}
	if interactiveSigs.Load() {
		sigs = append(sigs, syscall.SIGTERM)
	}
	t := r.sh.term
	if t != nil {
		sigs = append(sigs, jobTermSignals[:]...)
		t.end()
	}
	type saved struct {
		sig syscall.Signal
		old kernelSigaction
	}
	var undo []saved
	dflMu.Lock()
	for _, sig := range sigs {
		if _, own := goHandler(sig); !own || hardIgnored[sig] || r.trapIgnores(sig) {
			continue
		}
		var old kernelSigaction
		if rtSigaction(sig, nil, &old) != nil || old.handler != 1 {
			continue // not ignored now (a trap catches it)
		}
		if rtSigaction(sig, &kernelSigaction{}, nil) == nil {
			undo = append(undo, saved{sig, old})
		}
	}
	dflMu.Unlock()
	return func() {
		dflMu.Lock()
		for _, u := range undo {
			rtSigaction(u.sig, &u.old, nil)
		}
		dflMu.Unlock()
		if t != nil {
			t.restart()
		}
	}
}

// ignoredSignals lists the signals the kernel ignores for this process;
// a program started through a stage must inherit them ignored.
func ignoredSignals() []int {
	var out []int
	for sig := syscall.Signal(1); sig <= sigRTMAX; sig++ {
		if sig != syscall.SIGKILL && sig != syscall.SIGSTOP && kernelIgnores(sig) {
			out = append(out, int(sig))
		}
	}
	return out
}
