package interp

import (
	"io"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"
)

// An interactive bash ignores SIGTERM, so that kill 0 does not end it,
// and catches SIGINT: an interrupt abandons the command line being run,
// with status 130, and the shell reads the next one (bash's
// sigint_sighandler and throw_to_top_level). Without terminal job
// control (jobterm.go) a keyboard interrupt reaches the shell and its
// foreground program alike, as in bash with set +m: the program dies of
// it, and the shell drops the rest of the line. With it, only the
// program gets it, and its death by SIGINT drops the line
// (childInterrupted).

// interactiveSigs records that this process is an interactive shell,
// whose own disposition of SIGTERM is to ignore it (backToDefault).
// Signal dispositions belong to the process; set once, at startup.
var interactiveSigs atomic.Bool

// startInteractiveSignals sets up the signals of an interactive shell
// that owns its process's signals (cmd/nash).
func (r *Runner) startInteractiveSignals() {
	if !ownsSignals() || r.isSub || r.sh.intCh != nil {
		return
	}
	interactiveSigs.Store(true)
	if !hardIgnored[syscall.SIGTERM] && !r.hasTrapEntry("TERM") {
		dflMu.Lock()
		var old kernelSigaction
		ign := kernelSigaction{handler: 1} // SIG_IGN
		// the runtime still counts the signal as handled, so a child
		// starts with the default action; a trap puts the handler back
		if rtSigaction(syscall.SIGTERM, &ign, &old) == nil && !goHandlers[syscall.SIGTERM].ok {
			goHandlers[syscall.SIGTERM] = savedHandler{old, true}
		}
		dflMu.Unlock()
	}
	ch := make(chan os.Signal, 4)
	r.sh.intCh = ch
	r.sh.intWake = make(chan struct{}, 1)
	sh := r.sh
	go func() {
		for range ch {
			if s := sh.sigs; s == nil || !s.isCaught(syscall.SIGINT) {
				sh.sawInterrupt(&sh.sigIntAt, &sh.childIntAt)
			}
		}
	}()
	r.catchInteractiveInt()
	r.syncTermWatch()
}

// catchInteractiveInt subscribes the interactive shell to SIGINT again,
// as after trap - INT (signal.Reset drops every subscription), unless
// INT is trapped or ignored.
func (r *Runner) catchInteractiveInt() {
	if r.sh.intCh == nil || hardIgnored[syscall.SIGINT] || r.hasTrapEntry("INT") {
		return
	}
	signal.Notify(r.sh.intCh, syscall.SIGINT)
}

// interruptCheck acts on a keyboard interrupt at a command boundary: the
// interactive shell abandons its command line with status 130 and a
// newline; an in-process subshell ends as bash's child would, dying of
// SIGINT, and leaves the interrupt to the shell.
func (r *Runner) interruptCheck() {
	if !r.sh.interrupted.Load() {
		return
	}
	if r.isSub {
		r.flow, r.exitCode = flowExit, 130
		return
	}
	r.takeInterrupt()
}

// takeInterrupt consumes a pending interrupt of the interactive shell.
func (r *Runner) takeInterrupt() {
	if r.sh.intCh == nil || !r.sh.interrupted.Swap(false) {
		return
	}
	io.WriteString(r.fds.writer(2), "\n")
	r.exit = 130
	if r.flow == flowNone {
		r.flow = flowAbort
	}
}

// interactiveCatches reports whether sig, untrapped, is one an
// interactive shell ignores (SIGTERM) or catches itself (SIGINT).
func (r *Runner) interactiveCatches(sig syscall.Signal) bool {
	if r.sh.intCh == nil || sig != syscall.SIGINT && sig != syscall.SIGTERM {
		return false
	}
	return !r.hasTrapEntry(signalName(int(sig)))
}

// childInterrupted takes a foreground program's death by SIGINT for the
// keyboard interrupt that reached the shell too, at once: the signal's
// own delivery to the shell may come after the next command started.
func (r *Runner) childInterrupted(st *os.ProcessState) {
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGINT && !r.hasTrapEntry("INT") {
		r.sh.sawInterrupt(&r.sh.childIntAt, &r.sh.sigIntAt)
	}
}

// sameInterrupt is how far apart the shell's SIGINT and its program's
// death by it may be seen and still be one keyboard interrupt.
const sameInterrupt = time.Second

// sawInterrupt records a keyboard interrupt seen one way (the shell's
// own SIGINT, or a foreground program's death by it) at *mine, unless it
// was seen the other way (*other) just before: the terminal sends one ^C
// to both, and which the shell sees first is a race, so counting both
// abandoned the next command line too (an extra newline under load).
func (sh *shell) sawInterrupt(mine, other *atomic.Int64) {
	now := time.Now().UnixNano()
	if t := other.Swap(0); t != 0 && time.Duration(now-t) < sameInterrupt {
		return
	}
	mine.Store(now)
	sh.interrupted.Store(true)
	select {
	case sh.intWake <- struct{}{}:
	default:
	}
}

// intTrapStop returns, for an interactive shell that traps SIGINT, what
// tells its line reader that a trapped ^C came: bash's sigint_sighandler
// is the handler there, trapped or not, so the keyboard interrupt
// abandons the line as an untrapped one does, and the trap runs as the
// shell goes back to the top level (intTrapAtPrompt). nil otherwise.
func (r *Runner) intTrapStop() func() bool {
	s := r.sh.sigs
	if s == nil || r.isSub || r.sh.intCh == nil || r.traps == nil || r.traps.m["INT"] == "" {
		return nil
	}
	return func() bool { return s.isPending("INT") }
}

// intTrapAtPrompt runs the INT trap for a ^C that abandoned the line
// being read, as bash's throw_to_top_level does, with $? already 130 and
// before the newline it prints.
func (r *Runner) intTrapAtPrompt() {
	s := r.sh.sigs
	if s == nil || !s.isPending("INT") {
		return
	}
	s.drop("INT")
	r.runTrap("INT")
}
