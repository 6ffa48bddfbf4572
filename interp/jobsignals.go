package interp

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
)

// jobSignals carries kill's signals to an in-process background
// subshell, which bash would have forked: a signal the subshell traps is
// queued and its trap runs between the subshell's commands (a wait in
// progress returns 128+N first, as bash's wait does when a trapped signal
// arrives); one it ignores is dropped; any other ends it.
type jobSignals struct {
	mu      sync.Mutex
	disp    map[syscall.Signal]bool // true: trapped, false: ignored
	pending []syscall.Signal
	arrived chan struct{}
}

func newJobSignals(t *traps) *jobSignals {
	js := &jobSignals{disp: map[syscall.Signal]bool{}, arrived: make(chan struct{}, 1)}
	// a subshell keeps the signals its parent ignores ignored; caught
	// ones go back to the default
	for name, action := range t.m {
		if action != "" {
			continue
		}
		if _, num, ok := parseSignal(name, false); ok && num > 0 {
			js.disp[syscall.Signal(num)] = false
		}
	}
	return js
}

// ignoredEnv returns env with those of sigs (SIGINT and SIGQUIT, or
// less: Runner.asyncIgnores) added to sigIgnEnv when the job ignores
// them (an asynchronous command without job control). bash starts such
// a command with them ignored (in a subshell or function, its exec
// resets them); os.StartProcess cannot set a child's dispositions, but a
// nash child takes them from sigIgnEnv as if it had inherited SIG_IGN.
// Other programs still start with the default action.
func (js *jobSignals) ignoredEnv(env []string, sigs []syscall.Signal) []string {
	var add []string
	js.mu.Lock()
	for _, sig := range sigs {
		if trapped, ok := js.disp[sig]; ok && !trapped {
			add = append(add, itoa(int64(sig)))
		}
	}
	js.mu.Unlock()
	if len(add) == 0 {
		return env
	}
	out := make([]string, 0, len(env)+1)
	prefix := sigIgnEnv + "="
	for _, kv := range env {
		if strings.HasPrefix(kv, prefix) {
			add = append(add, strings.Split(kv[len(prefix):], ",")...)
			continue
		}
		out = append(out, kv)
	}
	return append(out, prefix+strings.Join(add, ","))
}

// setDisp records the subshell's trap builtin changing sig.
func (js *jobSignals) setDisp(sig syscall.Signal, action string, reset bool) {
	js.mu.Lock()
	defer js.mu.Unlock()
	switch {
	case reset:
		delete(js.disp, sig)
	default:
		js.disp[sig] = action != ""
	}
}

// deliver handles sig sent by kill; false means it ends the subshell.
func (js *jobSignals) deliver(sig syscall.Signal) bool {
	if sig == syscall.SIGKILL || sig == syscall.SIGSTOP {
		return false
	}
	js.mu.Lock()
	trapped, ok := js.disp[sig]
	if ok && trapped {
		js.pending = append(js.pending, sig)
	}
	js.mu.Unlock()
	if ok && trapped {
		select {
		case js.arrived <- struct{}{}:
		default:
		}
	}
	return ok
}

// take returns and clears the queued signals.
func (js *jobSignals) take() []syscall.Signal {
	js.mu.Lock()
	defer js.mu.Unlock()
	p := js.pending
	js.pending = nil
	return p
}

// queued reports the first queued signal, 0 for none.
func (js *jobSignals) queued() syscall.Signal {
	js.mu.Lock()
	defer js.mu.Unlock()
	if len(js.pending) == 0 {
		return 0
	}
	return js.pending[0]
}

// runJobTraps runs the traps of signals kill queued for this subshell.
func (r *Runner) runJobTraps() {
	if r.jobSig == nil {
		return
	}
	for _, sig := range r.jobSig.take() {
		r.runTrap(signalName(int(sig)))
		if r.flow == flowExit {
			return
		}
	}
}

// awaitJobs blocks until one of jobs finishes (returned) or a signal
// the shell (or, in a background subshell, the subshell) traps arrives
// (returned as its number, with a nil job): bash's wait returns then,
// its trap having run, except for SIGCHLD.
func (r *Runner) awaitJobs(jobs []*job) (*job, syscall.Signal) {
	return r.awaitChange(jobs, false)
}

// awaitJob is awaitJobs for one job, which also ends when the job stops
// (bash's wait_for returns once the job is no longer running).
func (r *Runner) awaitJob(j *job) (*job, syscall.Signal) {
	return r.awaitChange([]*job{j}, true)
}

// awaitChange waits until one of jobs ends, or with stops is stopped,
// and returns it; or returns the trapped signal that interrupted the
// wait.
func (r *Runner) awaitChange(jobs []*job, stops bool) (*job, syscall.Signal) {
	var arrived <-chan struct{}
	var interrupting func() syscall.Signal
	switch {
	case r.jobSig != nil:
		arrived, interrupting = r.jobSig.arrived, r.jobSig.queued
	case r.sh.sigs != nil && !r.isSub:
		arrived, interrupting = r.sh.sigs.arrived, r.sh.sigs.interrupting
	}
	// an interactive shell's ^C interrupts the wait (bash's SIGINT
	// handler), which ends with 130 and the line abandoned
	var intWake <-chan struct{}
	if r.jobSig == nil && !r.isSub && r.sh.intCh != nil {
		intWake = r.sh.intWake
	}
	for {
		if intWake != nil && r.sh.interrupted.Load() {
			return nil, syscall.SIGINT
		}
		if interrupting != nil {
			if sig := interrupting(); sig != 0 {
				if r.jobSig == nil {
					// one caught for the EXIT trap ends the shell in
					// the wait, $? unchanged (termsig_handler)
					r.termNow(sig)
				}
				return nil, sig
			}
		}
		var done *job
		for _, j := range jobs {
			if j.finished() {
				done = j
				break
			}
		}
		if done == nil {
			done = waitAnyOr(jobs, stops, arrived, intWake)
		}
		if done == nil {
			continue
		}
		if s := r.sh.sigs; s != nil && r.jobSig == nil && !r.isSub {
			// a signal the job sent the shell before it ended interrupts
			// the wait first, as in bash, whose handler has run by the
			// time waitpid reports the child; here it may still be on
			// its way through the runtime (the wait is rarer than a
			// command, so it also gets settleLate's look)
			s.settle(0)
			s.yieldToHandlers()
			if sig := interrupting(); sig != 0 {
				r.termNow(sig)
				return nil, sig
			}
		}
		return done, 0
	}
}

// killableBy lets kill signal the in-process subshell c running job:
// signals the subshell traps or ignores go to it (jobSignals); others
// end it, its job finishing at once and its goroutine stopping at its
// next statement. The returned cancel must be called when the subshell
// is done.
func (c *Runner) killableBy(job *job) context.CancelFunc {
	ctx, cancel := context.WithCancel(c.ctx)
	c.ctx = ctx
	js := newJobSignals(c.traps)
	if !c.opts.on(optMonitor) {
		// without job control bash's asynchronous children ignore
		// SIGINT and SIGQUIT (setup_async_signals)
		js.disp[syscall.SIGINT] = false
		js.disp[syscall.SIGQUIT] = false
	}
	c.jobSig = js
	job.kill = func(sig syscall.Signal) {
		if js.deliver(sig) {
			return
		}
		if sig != syscall.SIGINT && sig != syscall.SIGTERM && sig != syscall.SIGPIPE {
			// the notice bash prints when it reaps a job killed by a
			// signal it does not leave unreported (see reportSignal)
			desc := signalDescription(sig)
			msg := padLeft(itoa(int64(job.pid())), 5) + " " + desc
			if pad := 24 - len(desc); pad > 0 {
				msg += strings.Repeat(" ", pad)
			}
			job.mu.Lock()
			job.deathMsg = msg + job.cmd
			job.mu.Unlock()
		}
		job.setKilledBy(sig, false)
		job.finish(128 + int(sig))
		cancel()
	}
	return cancel
}

// signalsReachProgram makes a signal sent to job, an asynchronous simple
// command whose $! is a synthetic id (its name was not known ahead, as in
// "${cmd[@]}" &), go to the program the command runs, as bash's $! is that
// program's pid. A program run from within a function the command calls
// is not it: bash's job there is the subshell, and those programs are
// left running.
func (c *Runner) signalsReachProgram(job *job) {
	base := len(c.calls)
	var child atomic.Int64
	spawned := c.onSpawn
	c.onSpawn = func(pid int) {
		if len(c.calls) == base {
			child.CompareAndSwap(0, int64(pid))
		}
		if spawned != nil {
			spawned(pid)
		}
	}
	inner := job.kill
	job.kill = func(sig syscall.Signal) {
		if pid := child.Load(); pid > 0 && !job.finished() {
			if syscall.Kill(int(pid), sig) == nil {
				return
			}
		}
		inner(sig)
	}
}
