package interp

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// fgInt is bash's wait_sigint_handler for a shell without job control:
// while the shell waits for a foreground child (which shares its process
// group, so a keyboard SIGINT reaches both), a SIGINT does not end the
// shell at once. When the child reaped last then died by SIGINT too, the
// shell acts on the interrupt (it dies by it); when it handled it and
// ended otherwise, the script goes on (child_caught_sigint).
//
// The channel is subscribed at the first such wait, not at startup: the
// runtime's first signal.Notify starts a thread. Once subscribed it
// stays so; a SIGINT that arrives outside a foreground wait ends the
// shell, as the runtime's default would have. A trap on INT takes
// precedence: Ignore and Reset drop this subscription, and the next wait
// renews it.
type fgInt struct {
	mu       sync.Mutex
	ch       chan os.Signal
	arrived  chan struct{} // poked when a SIGINT is recorded
	waiting  int           // foreground waits in progress
	received uint64        // SIGINTs that arrived during foreground waits
	// diedByInt: the child reaped last since the latest SIGINT died by
	// SIGINT (true until one is reaped: bash's child_caught_sigint 0)
	diedByInt bool
	// lastEnd is when the latest wait that went on ended: a SIGINT
	// recorded just after it was still sent during it (the signal
	// passes through the runtime's goroutines, the child's end does not)
	lastEnd time.Time
}

// intSettle bounds how long a SIGINT may take to reach fgInt after the
// kernel delivered it, relative to a child's end.
const intSettle = 200 * time.Millisecond

// catchesWaitInt reports whether a foreground wait of r treats SIGINT as
// bash's wait_sigint_handler does: only in the process that owns its
// signals (cmd/nash), in the shell's foreground (not in an asynchronous
// job, coprocess or process substitution), with SIGINT neither trapped
// nor ignored. Nor with job control (set -m), which gives the terminal's
// SIGINT to the foreground job's own process group: one sent to the shell
// itself is a terminating signal as at any other time.
func (r *Runner) catchesWaitInt() bool {
	if !ownsSignals() || r.async || r.bgJob != nil || r.job != nil || r.isInteractive() || r.opts.jobControl() || hardIgnored[syscall.SIGINT] {
		return false
	}
	if s := r.sh.sigs; s != nil && s.isCaught(syscall.SIGINT) {
		return false
	}
	if r.hasTrapEntry("INT") {
		return false
	}
	return !signal.Ignored(syscall.SIGINT)
}

// beginFgWait is called as r starts waiting for a foreground child (or
// pipeline). It returns a mark for endFgWait, and false when SIGINT keeps
// its usual meaning during this wait.
func (r *Runner) beginFgWait() (uint64, bool) {
	if !r.catchesWaitInt() {
		return 0, false
	}
	f := &r.sh.fgInt
	f.mu.Lock()
	if f.ch == nil {
		f.ch = make(chan os.Signal, 4)
		f.arrived = make(chan struct{}, 1)
		go r.sh.fgIntLoop()
	}
	f.waiting++
	mark := f.received
	f.mu.Unlock()
	// cheap when already subscribed; renews it after trap '' INT or
	// trap - INT dropped it
	signal.Notify(f.ch, syscall.SIGINT)
	return mark, true
}

// endFgWait ends a wait for one child begun with mark; diedByInt tells
// how the child ended. It reports whether a SIGINT arrived meanwhile.
func (r *Runner) endFgWait(mark uint64, diedByInt bool) bool {
	f := &r.sh.fgInt
	if diedByInt {
		// a keyboard SIGINT reached the shell before the child died;
		// give it the time to be recorded
		deadline := time.NewTimer(intSettle)
		defer deadline.Stop()
		for {
			f.mu.Lock()
			got := f.received != mark
			f.mu.Unlock()
			if got {
				break
			}
			select {
			case <-f.arrived:
				continue
			case <-deadline.C:
			}
			break
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.waiting--
	interrupted := f.received != mark
	if interrupted {
		f.diedByInt = diedByInt
	}
	if !interrupted || !diedByInt {
		f.lastEnd = time.Now()
	}
	return interrupted
}

// endPipelineWait ends a pipeline's wait begun with mark: it reports
// whether the shell must act on a SIGINT received during it (the child
// reaped last after it died by SIGINT as well).
func (r *Runner) endPipelineWait(mark uint64) bool {
	f := &r.sh.fgInt
	f.mu.Lock()
	defer f.mu.Unlock()
	f.waiting--
	die := f.received != mark && f.diedByInt
	if !die {
		f.lastEnd = time.Now()
	}
	return die
}

// fgIntLoop receives the SIGINTs of fgInt's subscription.
func (sh *shell) fgIntLoop() {
	f := &sh.fgInt
	for range f.ch {
		s := sh.sigs
		if s != nil && s.isCaught(syscall.SIGINT) {
			continue // the trap's channel has it too
		}
		f.mu.Lock()
		waiting := f.waiting > 0
		if waiting {
			f.received++
			f.diedByInt = true
		}
		recent := !f.lastEnd.IsZero() && time.Since(f.lastEnd) < intSettle
		f.mu.Unlock()
		if waiting {
			select {
			case f.arrived <- struct{}{}:
			default:
			}
			continue
		}
		if !recent && (s == nil || !s.isTerm(syscall.SIGINT)) {
			// (caught for the EXIT trap, termsig.go acts on it)
			dieBySignal(syscall.SIGINT)
		}
	}
}

// interruptedWait acts on a SIGINT the shell received while it waited
// for a foreground child that died by SIGINT as well: untrapped, the
// shell ends by SIGINT after its EXIT trap (bash's termsig_handler). The
// main shell unwinds (termsigExit; it reports true) and cmd/nash ends
// the process by KilledBy; an in-process subshell, a process of its own
// in bash whose parent got the SIGINT too, ends the process at once. A -c
// string's last command is the shell itself in bash: its death is passed
// on by KilledBy already.
func (r *Runner) interruptedWait() bool {
	if t := r.execTailNow(); t != nil && t.top {
		return false
	}
	if !r.isSub {
		r.termsigExit(syscall.SIGINT)
		return true
	}
	dieBySignal(syscall.SIGINT)
	return false
}

// selfInterrupt is bash's kill(getpid(), SIGINT) after a command
// substitution whose child died by SIGINT: a trap on INT runs, an ignored
// SIGINT does nothing, otherwise the shell dies by it. In an in-process
// subshell (a process of its own in bash, which its parent sees end by
// SIGINT without getting it) the subshell does the same: its trap is
// pending, or it dies.
func (r *Runner) selfInterrupt() {
	if hardIgnored[syscall.SIGINT] {
		return
	}
	if r.isSub {
		switch {
		case r.traps != nil && r.traps.has("INT"):
			r.subIntPending = true // its trap runs after the command
		case r.trapIgnores(syscall.SIGINT) || r.asyncInt != asyncIntNone:
		default:
			r.diePendingInt() // before the command runs
		}
		return
	}
	if r.asyncInt != asyncIntNone {
		return // ignored by an asynchronous subshell
	}
	if s := r.sh.sigs; s != nil && s.isCaught(syscall.SIGINT) {
		syscall.Kill(os.Getpid(), syscall.SIGINT)
		s.awaitSelf(syscall.SIGINT)
		return
	}
	if r.hasTrapEntry("INT") || signal.Ignored(syscall.SIGINT) {
		return
	}
	if r.interactiveCatches(syscall.SIGINT) {
		r.sh.interrupted.Store(true) // its handler abandons the line
		return
	}
	r.interruptedWait()
}

// tailForwarded are the signals a -c string's last command gets when sent
// to the shell's pid: bash execs that command, so it has the shell's pid
// (kill $pid, a supervisor's SIGTERM or SIGHUP reach the program); nash
// waits for it and passes these on. SIGINT and SIGQUIT are left out: a
// terminal sends them to the whole process group, and the program would
// get each twice.
var tailForwarded = []syscall.Signal{
	syscall.SIGTERM, syscall.SIGHUP, syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGALRM,
}

// forwardToTail passes the tailForwarded signals that arrive to pid
// while the -c string's last command runs; the returned function stops
// it. Signals ignored at startup or by an empty trap stay ignored, as the
// program inherited them. The subscription costs a round trip to the
// runtime's signal thread per signal (~0.3 ms in all, measured on
// bash -c /bin/true): it is made only once the program has run for
// tailForwardAfter, and not undone (the shell ends with the program).
func (r *Runner) forwardToTail(pid int) func() {
	var sigs []os.Signal
	for _, sig := range tailForwarded {
		if hardIgnored[sig] || signal.Ignored(sig) || r.hasTrapEntry(signalName(int(sig))) {
			continue
		}
		sigs = append(sigs, sig)
	}
	if len(sigs) == 0 {
		return func() {}
	}
	done := make(chan struct{})
	timer := time.AfterFunc(tailForwardAfter, func() {
		ch := make(chan os.Signal, 8)
		for _, sg := range sigs {
			restoreGoHandler(sg.(syscall.Signal))
		}
		signal.Notify(ch, sigs...)
		for {
			select {
			case sg := <-ch:
				syscall.Kill(pid, sg.(syscall.Signal))
			case <-done:
				return
			}
		}
	})
	return func() {
		timer.Stop()
		close(done)
	}
}

// tailForwardAfter is how long the -c string's last command runs before
// signals sent to the shell are passed on to it (until then they act on
// the shell as before).
const tailForwardAfter = 5 * time.Millisecond

// deferSelfKill handles kill of the shell's own pid from an in-process
// subshell in the shell's foreground (a ( ) or a pipeline element, not
// an asynchronous job nor a substitution, whose parent bash is busy
// reading): bash's subshell is a process of its own, so the signal ends
// the waiting shell while the subshell goes on and its output still
// appears. Here the subshell runs to its end and the main shell then
// ends by the signal (KilledBy). A SIGINT is what bash's waiting shell
// drops when its child ends normally (wait_sigint_handler), a SIGQUIT
// the shell ignores. It reports false when the signal is to be sent
// for real: trapped, caught for the EXIT trap, or not terminating.
func (r *Runner) deferSelfKill(sig syscall.Signal) bool {
	if !ownsSignals() || r.async || r.bgJob != nil || r.job != nil || r.inComsub {
		return false
	}
	if hardIgnored[sig] || signal.Ignored(sig) {
		return true // no effect, as in bash
	}
	if r.catches(sig) {
		return false
	}
	switch {
	case sig == syscall.SIGINT, sig == syscall.SIGQUIT:
		return true
	case !terminatesByDefault(sig) || isUserFault(sig):
		return false
	}
	r.sh.deferredKill.CompareAndSwap(0, int32(sig))
	return true
}

// intSelfNow reports whether a SIGINT that an in-process subshell sends
// the shell (kill -INT $$ &) is to end the process at once: untrapped,
// not ignored, not caught for the EXIT trap, and the shell not waiting
// for a foreground child (the signal then goes through fgInt as it
// would from elsewhere). Sent for real, it would reach fgIntLoop through
// the runtime's goroutines, after the shell could have run on, and one
// just after a child ended is taken there for the keyboard's, which the
// child got too.
func (r *Runner) intSelfNow() bool {
	if !ownsSignals() || hardIgnored[syscall.SIGINT] || signal.Ignored(syscall.SIGINT) || r.hasTrapEntry("INT") || r.catches(syscall.SIGINT) {
		return false
	}
	f := &r.sh.fgInt
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.waiting == 0
}
