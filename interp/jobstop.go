package interp

import (
	"os"
	"syscall"
)

// jobState is bash's JOBSTATE: a job runs, is stopped, or is dead.
type jobState int

const (
	jobRunning jobState = iota
	jobStopped
	jobDead
)

// state is the job's JOBSTATE.
func (j *job) state() jobState {
	if j.finished() {
		return jobDead
	}
	if j.stoppedBy() != 0 {
		return jobStopped
	}
	return jobRunning
}

// stoppedBy is the signal that stopped the job, 0 when it is not
// stopped.
func (j *job) stoppedBy() syscall.Signal {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return 0
	}
	return j.stopSig
}

// stateChanged returns a channel that is closed while the job is
// stopped: a wait sees a stop that comes between its own check of the
// job and its select.
func (j *job) stateChanged() <-chan struct{} {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.changed
}

// setStopped records that the job's process stopped by sig (0: it was
// continued), as bash's waitchld and set_job_status_and_cleanup do: the
// change is to be reported, and a job that stops becomes the current
// job (one that is continued leaves the choice to reset_current).
func (j *job) setStopped(sig syscall.Signal) {
	if j.setStopSig(sig) {
		j.unreport()
		if t := j.table; t != nil {
			t.mu.Lock()
			if sig != 0 {
				t.setCurrent(j.id)
			} else {
				t.resetCurrent()
			}
			t.mu.Unlock()
		}
	}
}

// setStopSig records the job's stop signal (0: running) and reports
// whether it changed.
func (j *job) setStopSig(sig syscall.Signal) bool {
	j.mu.Lock()
	if j.closed || j.stopSig == sig {
		j.mu.Unlock()
		return false
	}
	was := j.stopSig
	j.stopSig = sig
	switch {
	case sig != 0 && was == 0:
		close(j.changed)
	case sig == 0:
		j.changed = make(chan struct{})
	}
	j.mu.Unlock()
	return true
}

// unreport records that the job's state changed since the shell last
// reported it: its notice is due, and jobs -n lists it.
func (j *job) unreport() {
	j.notified.Store(false)
	j.listed.Store(false)
}

// resume sends a stopped job SIGCONT and marks it running at once, as
// bash's start_job and kill_pid do, without waiting for the kernel's
// report. The notice of the continuation is not due.
func (j *job) resume() {
	if j.stoppedBy() == 0 {
		return
	}
	// marked first: a job that ends as soon as it is continued has its
	// end recorded by watchStops after this, so that it is reported
	// (bash's start_job blocks SIGCHLD for the same reason)
	j.markRunning()
	j.signal(syscall.SIGCONT) // start_job's killpg
}

// markRunning records that a stopped job was sent SIGCONT: it runs, and
// the notice of its continuation is not due. As bash's set_job_running,
// it leaves the current and previous jobs as they are (the kernel's
// report of the continuation then finds the job running already).
func (j *job) markRunning() {
	if j.setStopSig(0) {
		j.unreport()
	}
	j.notified.Store(true)
}

// watchStops follows program p of a job under job control until it
// ends, recording its stops and continuations in the job (bash's
// waitchld with WUNTRACED|WCONTINUED); then p.Wait reaps it.
func watchStops(j *job, p *os.Process) (*os.ProcessState, error) {
	for {
		change, sig := nextChildChange(p.Pid)
		switch change {
		case childStopped:
			j.setStopped(sig)
			if j.ended != nil {
				// bash runs the CHLD trap for a stop too
				j.ended()
			}
		case childContinued:
			j.setStopped(0)
			// reported even when bg, fg or kill marked it running:
			// bash's set_job_status_and_cleanup clears J_NOTIFIED for
			// every change waitchld sees (jobs -n lists it again)
			j.unreport()
		default:
			// no longer stopped (a wait for it must wait for its end),
			// and its end is to be reported, though bg marked it so
			j.setStopped(0)
			j.notified.Store(false)
			return p.Wait()
		}
	}
}

// stoppedForeground makes a foreground program that stopped under job
// control a stopped job, as bash's wait_for leaves it: the job becomes
// current, the command's status is 128+sig, and the job is reaped when
// it ends. A stop by SIGTSTP also leaves the loops running (bash's
// set_job_status_and_cleanup sets breaking).
// ownGroup says the program leads a process group of its own, which bg,
// fg and kill %N signal as a whole.
func (r *Runner) stoppedForeground(p *os.Process, sig syscall.Signal, args []string, ownGroup bool) int {
	cmd := r.bashCommandText()
	if cmd == "" {
		cmd = join(args, " ")
	}
	j := r.jobs.add(p.Pid, cmd)
	j.jobControl = true
	j.ownGroup = ownGroup
	j.wd = r.dir
	j.setStopped(sig)
	go watchBgProcess(r.sh, j, p, true)
	r.exit = 128 + int(sig)
	if sig == syscall.SIGTSTP && r.loopDepth > 0 && r.flow == flowNone {
		r.flow, r.flowN = flowBreak, r.loopDepth
	}
	r.forkedChildEnded()
	r.notifyAfterChild()
	return r.exit
}

// fgStoppable reports whether r waits for a foreground program as bash
// does under job control, seeing it stop: in the shell itself (not a
// subshell, job or pipeline stage) with set -m on.
func (r *Runner) fgStoppable() bool {
	return r.opts.on(optMonitor) && !r.isSub && !r.async && r.bgJob == nil && r.job == nil && r.pipePos == nil && r.execTailNow() == nil
}

// terminateStopped is bash's terminate_stopped_jobs, run as a shell with
// job control on exits: its stopped jobs get SIGTERM, then SIGCONT so
// that they act on it.
func (t *jobTable) terminateStopped() {
	for _, j := range t.numbered() {
		if j.stoppedBy() != 0 && j.pid() < fakePIDBase {
			syscall.Kill(j.pid(), syscall.SIGTERM)
			syscall.Kill(j.pid(), syscall.SIGCONT)
		}
	}
}

// hangUp sends SIGHUP to every job but those disown -h marked, and
// SIGCONT after it to a stopped one (bash's hangup_all_jobs): an
// interactive shell's jobs when it gets a hangup, or when a login shell
// with huponexit exits.
func (t *jobTable) hangUp() {
	for _, j := range t.numbered() {
		if j.noHup.Load() || j.pid() <= 0 || j.pid() >= fakePIDBase {
			continue
		}
		j.signal(syscall.SIGHUP)
		if j.stoppedBy() != 0 {
			j.signal(syscall.SIGCONT)
		}
	}
}

// signal sends sig to the job: to its process group when it leads one
// (killpg), else to its process.
func (j *job) signal(sig syscall.Signal) {
	if j.ownGroup {
		syscall.Kill(-j.pid(), sig)
	} else {
		syscall.Kill(j.pid(), sig)
	}
}
