package interp

import "syscall"

// readStop is the stop function of read's lineReader. Besides the
// terminating signals caught for the EXIT trap (termStop), a signal the
// shell traps that arrives while read waits for input has its trap run
// at once, from within read, with $? still the status from before read
// (bash's zread calls check_signals_and_traps on EINTR); read then goes
// on waiting unless the action exited or returned.
// In an interactive shell a keyboard interrupt also ends the wait: the
// command line is abandoned (interactsig.go).
func (r *Runner) readStop() func() bool {
	return r.trapWaitStop(true, true)
}

// trapWaitStop is a stop function that runs the traps of signals that
// arrive during the wait and stops it for a terminating signal caught
// for the EXIT trap, an exit from a trap, with anyFlow any other flow a
// trap left (return), and with intr an interactive shell's ^C.
func (r *Runner) trapWaitStop(intr, anyFlow bool) func() bool {
	term := r.termStop()
	s := r.sh.sigs
	traps := s != nil && !r.isSub && s.trapsAny()
	intr = intr && r.sh.intCh != nil
	if !traps && !intr {
		return term
	}
	return func() bool {
		if term != nil && term() {
			return true
		}
		if intr && r.sh.interrupted.Load() {
			return true
		}
		if !traps || s.interrupting() == 0 {
			return false
		}
		r.runPendingTraps()
		return r.flow == flowExit || anyFlow && r.flow != flowNone
	}
}

// trapsAny reports whether a trap runs for some signal other than
// SIGCHLD (whose trap bash does not run from within read).
func (s *signalState) trapsAny() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for sig := range s.caught {
		if sig != syscall.SIGCHLD {
			return true
		}
	}
	return false
}

// inputTrapStop is the stop function of the reader of the shell's
// commands from a pipe, or from a terminal without line editing: bash's
// getc_with_restart has its read(2) interrupted by a signal the shell
// catches, runs its trap at once and reads on, and a terminating signal
// caught for the EXIT trap ends the shell there. Readline, in contrast,
// leaves a trapped signal pending until the line is read (RunReader).
func (r *Runner) inputTrapStop() func() bool {
	return r.trapWaitStop(false, false)
}
