package interp

import (
	"os"
	"os/signal"
	"syscall"
)

// termSignals are the signals of bash's terminating_signals (sig.c) that
// nash can catch: while a non-interactive shell has an EXIT trap, bash
// catches each one it neither traps nor ignores (set_signal calls
// initialize_terminating_signals), and when one arrives termsig_handler
// runs the EXIT trap at once, even while the shell waits for a program,
// and then the shell dies of the signal. The fault signals (SIGILL,
// SIGTRAP, SIGFPE, SIGBUS, SIGSEGV) stay with the Go runtime, and SIGPIPE
// with the shell's own handling of broken pipes.
var termSignals = []syscall.Signal{
	syscall.SIGHUP, syscall.SIGINT, syscall.SIGTERM, syscall.SIGALRM,
	syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGXCPU, syscall.SIGXFSZ,
	syscall.SIGVTALRM,
}

// syncTermWatch catches the termSignals once the main shell has had an
// EXIT trap (an interactive shell catches SIGHUP only);
// the trap builtin calls it after any change (a trap of its own on one
// of them, set with watchSignal, takes precedence).
func (r *Runner) syncTermWatch() {
	interactive := r.isInteractive() && r.sh.intCh != nil
	if r.isSub || !interactive && r.traps == nil {
		return
	}
	want := false
	if !interactive {
		exit, _ := r.traps.m["EXIT"]
		want = !r.traps.inherited && exit != ""
	}
	s := r.sh.sigs
	if s == nil && !want && !interactive {
		return
	}
	s = r.signalState()
	if !interactive {
		// bash's initialize_terminating_signals runs once: its
		// handlers stay when the EXIT trap goes (trap - EXIT changes
		// no disposition), and setting the trap again costs nothing
		s.mu.Lock()
		s.termKept = s.termKept || want
		want = s.termKept
		s.mu.Unlock()
	}
	for _, sig := range termSignals {
		want := want
		if interactive {
			// an interactive shell catches SIGHUP always: a hangup
			// sends it on to the jobs before the shell ends
			// (termsigExit), as bash's termsig_handler does
			want = sig == syscall.SIGHUP
		}
		s.mu.Lock()
		watched := s.term[sig]
		s.mu.Unlock()
		own := r.hasTrapEntry(signalName(int(sig))) || hardIgnored[sig]
		switch {
		case own:
			// the trap (or the ignore) decides; watchSignal set it up
			s.setTerm(sig, false)
		case want && !watched:
			restoreGoHandler(sig)
			signal.Notify(s.ch, sig)
			s.setTerm(sig, true)
		case !want && watched:
			signal.Reset(sig)
			backToDefault(sig)
			s.setTerm(sig, false)
		}
	}
}

func (s *signalState) setTerm(sig syscall.Signal, on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if on {
		if s.term == nil {
			s.term = map[syscall.Signal]bool{}
		}
		s.term[sig] = true
	} else {
		delete(s.term, sig)
	}
}

// isTerm reports whether sig is caught for the EXIT trap.
func (s *signalState) isTerm(sig syscall.Signal) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.term[sig]
}

// watchingTerm reports whether syncTermWatch catches any signal.
func (s *signalState) watchingTerm() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.term) > 0
}

// takeTerm returns (and clears) a caught terminating signal that arrived,
// or 0; SIGINT is left pending when exceptInt.
func (s *signalState) takeTerm(exceptInt bool) syscall.Signal {
	s.mu.Lock()
	defer s.mu.Unlock()
	for sig := range s.term {
		if exceptInt && sig == syscall.SIGINT {
			continue
		}
		if n := signalName(int(sig)); s.pending[n] {
			delete(s.pending, n)
			return sig
		}
	}
	return 0
}

// isPending reports whether a signal (by name) arrived and waits for its
// trap.
func (s *signalState) isPending(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pending[name]
}

// drop forgets a signal that arrived (by name).
func (s *signalState) drop(name string) {
	s.mu.Lock()
	delete(s.pending, name)
	s.mu.Unlock()
}

// resetFrames is what bash's termsig_handler does before the EXIT trap:
// no loop, no function or sourced file to return from (loop_level,
// return_catch_flag and funcnest are 0), so return, break and continue in
// the trap complain.
func (r *Runner) resetFrames() {
	r.framesReset = true
	r.exitInFrame = false
	r.loopDepth, r.exitLoops = 0, 0
}

// termsigExit is bash's termsig_handler: the EXIT trap runs, with $? as
// it was, and the shell ends killed by sig (cmd/nash ends the process by
// KilledBy once the run has unwound).
func (r *Runner) termsigExit(sig syscall.Signal) {
	if sig == syscall.SIGHUP && r.isInteractive() {
		// hangup_all_jobs; the history is saved as the shell ends
		r.jobs.hangUp()
	}
	before := r.sh.tailSignal
	r.resetFrames()
	r.runExitTrap()
	if t := r.sh.tailSignal; t != before && t != 0 {
		// a second terminating signal came in while the trap ran:
		// bash's termsig_sighandler kills the shell with that one at
		// once (kill_shell), the rest of the trap unrun
		sig = t
	}
	r.sh.tailSignal = sig
	r.flow = flowExit
	r.exitCode = 128 + int(sig)
}

// termBeforeStatus ends the main shell by a terminating signal caught for
// the EXIT trap that arrived while it waited for a child (a program or a
// subshell bash forks), before the child's status is taken: bash's
// termsig_handler runs inside the wait, $? still the previous command's.
// It reports whether the shell is ending.
func (r *Runner) termBeforeStatus() bool {
	s := r.sh.sigs
	if s == nil || r.isSub || r.async || !s.watchingTerm() {
		return false
	}
	s.settle(0)
	return r.termNow(s.takeTerm(false))
}

// termNow ends the main shell by sig at once (termsigExit) when sig is a
// terminating signal caught for the EXIT trap, and reports whether it
// did.
func (r *Runner) termNow(sig syscall.Signal) bool {
	s := r.sh.sigs
	if sig == 0 || s == nil || r.isSub || !s.isTerm(sig) {
		return false
	}
	s.drop(signalName(int(sig)))
	r.termsigExit(sig)
	return true
}

// waitForeground waits for p like p.Wait, as bash's wait_for does: a
// terminating signal caught for the EXIT trap ends the wait at once (ok
// false; the program goes on running, orphaned). intr says fgInt holds
// an untrapped SIGINT until the program ends (waitint.go): it is left to
// fgInt then, not taken as a terminating signal. Under job control a
// program that stops ends the wait too: stop is the signal (st nil).
func (r *Runner) waitForeground(p *os.Process, intr bool) (st *os.ProcessState, err error, ok bool, stop syscall.Signal) {
	wait := p.Wait
	if r.pipePos != nil || r.async {
		// one of many waiting at once: no thread each
		wait = func() (*os.ProcessState, error) { return parkedWait(p) }
	}
	if j := r.bgJob; j != nil && j.jobControl && r.asyncExternal {
		// the program is a background job: its stops are the job's
		wait = func() (*os.ProcessState, error) { return watchStops(j, p) }
	} else if r.fgStoppable() {
		wait = func() (*os.ProcessState, error) {
			for {
				switch change, sig := nextChildChange(p.Pid); change {
				case childStopped:
					stop = sig
					return nil, nil
				case childEnded:
					return p.Wait()
				}
			}
		}
	}
	s := r.sh.sigs
	if s == nil || r.isSub || !s.watchingTerm() {
		st, err = wait()
		return st, err, true, stop
	}
	type waited struct {
		st  *os.ProcessState
		err error
	}
	done := make(chan waited, 1)
	go func() {
		st, err := wait()
		done <- waited{st, err}
	}()
	for {
		if sig := s.takeTerm(intr); sig != 0 {
			r.termsigExit(sig)
			return nil, nil, false, 0
		}
		select {
		case w := <-done:
			if intr {
				s.drop("INT")
			}
			return w.st, w.err, true, stop
		case <-s.arrived:
		}
	}
}

// termStop returns, for a builtin that waits for input, a function
// reporting that a terminating signal caught for the EXIT trap arrived,
// or nil when none is caught.
func (r *Runner) termStop() func() bool {
	s := r.sh.sigs
	if s == nil || r.isSub || !s.watchingTerm() {
		return nil
	}
	return func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		for sig := range s.term {
			if s.pending[signalName(int(sig))] {
				return true
			}
		}
		return false
	}
}

// catches reports whether the shell catches sig itself, for a trap or
// for the EXIT trap (syncTermWatch).
func (r *Runner) catches(sig syscall.Signal) bool {
	s := r.sh.sigs
	return s != nil && (s.isCaught(sig) || s.isTerm(sig))
}
