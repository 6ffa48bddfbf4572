package interp

import "syscall"

// asyncInt states: how far bash's setup_async_signals' SIGINT ignore
// has gone in an asynchronous subshell without job control.
const (
	asyncIntNone = iota
	// asyncIntSoft: the asynchronous ( ) or { } & shell itself ignores
	// SIGINT with a bare SIG_IGN: no trap, and SIGINT being one of
	// bash's special signals, its subshells, command substitutions and
	// programs get the original default back (reset_signal_handlers,
	// restore_original_signals)
	asyncIntSoft
	// asyncIntHard: initialize_terminating_signals found SIGINT ignored
	// and took it for ignored at entry (SIG_HARD_IGNORE): trap shows it
	// as '' and cannot change it, and every subshell and program
	// inherits it ignored
	asyncIntHard
)

// initTermSigs is bash's lazy initialize_terminating_signals in a
// non-interactive shell, run by trap's listing, by setting the EXIT trap
// and by read with a timeout: in the soft state the SIGINT ignore
// becomes a hard one.
func (r *Runner) initTermSigs() {
	if r.asyncInt != asyncIntSoft {
		return
	}
	r.asyncInt = asyncIntHard
	name := signalName(int(syscall.SIGINT))
	if r.traps.m == nil {
		r.traps.m = map[string]string{}
	}
	// written directly, as an entry inherited from the parent would be:
	// the listing that hardens keeps showing the parent's traps
	r.traps.m[name] = ""
	r.watchSignal(name, int(syscall.SIGINT), "", false)
}

// forkAsyncInt is the state a subshell of r starts in: a soft ignore
// is undone by the fork (SIGINT is special: reset to its original
// disposition), a hard one is kept.
func (r *Runner) forkAsyncInt() uint8 {
	if r.asyncInt == asyncIntHard {
		return asyncIntHard
	}
	return asyncIntNone
}

// asyncIntKeeps reports whether the trap builtin must leave sig alone:
// SIGINT hard-ignored, which bash silently keeps as a signal ignored at
// entry. A change to SIGINT in the soft state ends it.
func (r *Runner) asyncIntKeeps(sig syscall.Signal) bool {
	if sig != syscall.SIGINT || r.asyncInt == asyncIntNone {
		return false
	}
	if r.asyncInt == asyncIntHard {
		return !r.isInteractive()
	}
	r.asyncInt = asyncIntNone
	return false
}
