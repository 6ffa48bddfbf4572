package interp

import (
	"os"
	"os/signal"
	"syscall"

	"nash/internal/execstage"
)

// faultSignals are the signals a child forked by the Go runtime always
// starts with at their default action, whatever the shell's disposition:
// the runtime keeps a handler on them (or, for SIGCHLD and the faults,
// the shell must: see kernelIgnorable), and resets every signal it
// handles in the child before exec.
var faultSignals = [...]syscall.Signal{
	syscall.SIGILL, syscall.SIGTRAP, syscall.SIGBUS, syscall.SIGFPE,
	syscall.SIGSEGV, syscall.SIGSTKFLT, syscall.SIGSYS, syscall.SIGPROF,
	syscall.SIGCHLD,
}

// spawnIgnores returns the signals a program about to start must have
// ignored that a plain spawn would start at their default: SIGINT and
// SIGQUIT for an asynchronous command (bash's setup_async_signals), the
// signals an empty trap in a subshell ignores (the subshell runs in
// this process), and those of faultSignals the shell ignores (inherited,
// or by an empty trap). It returns nil, cheaply, in the common case.
func (r *Runner) spawnIgnores() []int {
	extra := r.subshellIgnored()
	for _, sig := range r.asyncIgnored() {
		if r.asyncSigs || !signal.Ignored(sig) {
			extra = appendSignal(extra, sig)
		}
	}
	return r.faultIgnores(extra)
}

// faultIgnores is list with those of faultSignals added that the shell
// ignores (inherited, or by an empty trap): the runtime keeps its own
// handler on them, so a program would start with them at their default.
func (r *Runner) faultIgnores(list []int) []int {
	if len(hardIgnored) == 0 && (r.traps == nil || len(r.traps.m) == 0) {
		return list // nothing ignored: the scan below would find nothing
	}
	for _, sig := range faultSignals {
		if hardIgnored[sig] || r.trapIgnores(sig) {
			list = appendSignal(list, sig)
		}
	}
	return list
}

// asyncIgnored lists the signals an asynchronous command's program starts
// with ignored (setup_async_signals), when r runs one.
func (r *Runner) asyncIgnored() []syscall.Signal {
	if r.asyncSigs {
		// an asynchronous pipeline's program
		return r.asyncIgnores()
	}
	if !r.asyncExternal || r.jobSig == nil {
		return nil
	}
	var out []syscall.Signal
	r.jobSig.mu.Lock()
	for _, sig := range r.asyncIgnores() {
		if trapped, ok := r.jobSig.disp[sig]; ok && !trapped {
			out = append(out, sig)
		}
	}
	r.jobSig.mu.Unlock()
	return out
}

// asyncIgnores returns the signals bash's setup_async_signals ignores in
// an asynchronous command's child, SIGINT and SIGQUIT, as far as the
// program it starts keeps them: a file without #! (intBack) is read by
// that child, whose shell_execve gives SIGINT back to the shell's own
// handling (set_sigint_handler) unless it was ignored at entry or by
// an empty trap; SIGQUIT stays ignored, and so a signal ignored at entry.
func (r *Runner) asyncIgnores() []syscall.Signal {
	if r.intBack && !hardIgnored[syscall.SIGINT] && !r.trapIgnores(syscall.SIGINT) {
		return []syscall.Signal{syscall.SIGQUIT}
	}
	return []syscall.Signal{syscall.SIGINT, syscall.SIGQUIT}
}

// appendSignal adds sig to list unless it is there.
func appendSignal(list []int, sig syscall.Signal) []int {
	for _, s := range list {
		if s == int(sig) {
			return list
		}
	}
	return append(list, int(sig))
}

// trapIgnores reports whether the shell's trap table ignores sig (an
// empty trap action).
func (r *Runner) trapIgnores(sig syscall.Signal) bool {
	if r.traps == nil {
		return false
	}
	a, ok := r.traps.m[signalName(int(sig))]
	return ok && a == ""
}

// startStaged starts path through a fast exec stage that ignores ign
// (and what this process ignores: a Go runtime start resets it), gives
// dfl the default action, and then executes path in the same process,
// so $! and the job keep the program's pid. path is as a plain spawn
// executes it, a relative one
// from the child's directory, so that a script's interpreter gets it as
// written ($0 of ./x.sh). files is the child's whole descriptor table.
// It returns once the program runs (or the stage failed): until then a
// signal sent to the new process could come before the ignore, where
// bash's forked child sets it at once (and a stage that starts the Go
// runtime, in a binary without entrysig's entry point, takes some
// milliseconds). ok is false if the stage could not be
// set up, having done nothing.
func (r *Runner) startStaged(path string, argv []string, attr *os.ProcAttr, files []*os.File, ign, dfl []int) (p *os.Process, ok bool, err error) {
	stage, sargv, senv := execstage.StartFastArgs(path, argv, withSigIgn(attr.Env, ign, dfl),
		r.stagedIgnored(ign, dfl), dfl, len(files), r.errPrefix(), argv[0])
	return r.startSynced(stage, sargv, senv, attr, files)
}

// startSynced starts a stage (stage, sargv, senv) with files as its
// descriptors and, after them, the write end of a pipe that the stage
// marks close-on-exec, and waits until that end closes: the stage has
// executed the program, or failed. ok is false if the pipe could not be
// made, having done nothing.
func (r *Runner) startSynced(stage string, sargv, senv []string, attr *os.ProcAttr, files []*os.File) (p *os.Process, ok bool, err error) {
	var fds [2]int
	if syscall.Pipe2(fds[:], syscall.O_CLOEXEC) != nil {
		return nil, false, nil
	}
	defer syscall.Close(fds[0])
	// the stage's descriptors are the program's (os.StartProcess puts
	// them in place), then the pipe's write end, which the stage marks
	// close-on-exec: it closes as the program starts
	w := os.NewFile(uintptr(fds[1]), "stage-sync")
	a := *attr
	a.Files = append(files[:len(files):len(files)], w)
	a.Env = senv
	if r.umask != processUmaskCached() {
		spawnMu.Lock()
		old := syscall.Umask(r.umask)
		p, err = os.StartProcess(stage, sargv, &a)
		syscall.Umask(old)
		spawnMu.Unlock()
	} else {
		p, err = startShared(stage, sargv, &a)
	}
	w.Close()
	if err == nil {
		var b [1]byte
		for {
			n, rerr := syscall.Read(fds[0], b[:])
			if rerr == syscall.EINTR {
				continue
			}
			if n <= 0 {
				break
			}
		}
	}
	return p, true, err
}
