package interp

import "syscall"

// notifyJobs is bash's notify_and_cleanup in a non-interactive shell
// (jobs.c notify_of_job_status then cleanup_dead_jobs). bash runs it after
// the wait for each foreground child and each time its reader reads a
// line; line is the line number its notices carry.
//
// A job killed by a signal is forgotten, with a notice ("NAME: line N:
// PID Hangup  cmd") unless the signal is INT, TERM or PIPE or the shell
// traps it. Of the jobs that ended otherwise, a -c string's shell
// (startup_state 2) forgets them silently, so a later jobs lists none,
// while a script's shell (startup_state 0) keeps them for jobs and wait.
// In a substitution of a -c string, or in posix mode, the job of $! stays
// for a wait and nothing is printed. With job control on (set -m), the
// ends it does not report that way are reported as jobs lists them.
func (r *Runner) notifyJobs(line int) {
	r.reportJobs(line)
	r.jobs.cleanup()
}

// mayNotify reports whether notifyJobs could print or change anything:
// whether there are jobs or held notices. Without, the line it would be
// given (a walk of the commands read, for their here-documents) is not
// worth finding.
func (r *Runner) mayNotify() bool {
	return r.frozenSkip || len(r.frozenNotices) > 0 || r.jobs.hasNumbered()
}

// frozenNotice is the notice of a foreground job that ended while the
// jobs list was frozen (jobsFrozen), printed at the next notification:
// plain ones ("Terminated") without the shell's name and line.
type frozenNotice struct {
	msg   string
	plain bool
}

// holdNotice keeps a notice while the jobs list is frozen, and reports
// whether it did.
func (r *Runner) holdNotice(msg string, plain bool) bool {
	if r.jobsFrozen == 0 {
		return false
	}
	r.frozenNotices = append(r.frozenNotices, frozenNotice{msg, plain})
	return true
}

// quietNotices reports whether bash's notify_of_job_status prints nothing
// here: in a command substitution, and in a -c string's shell in POSIX
// mode (startup_state 2), for foreground and background jobs alike.
func (r *Runner) quietNotices() bool {
	return r.inComsub || r.sh.cmdString && r.opts.on(optPosix)
}

// reportJobs is bash's notify_of_job_status in a non-interactive shell
// (see notifyJobs): it reports the jobs that ended and marks them
// notified, without forgetting them.
func (r *Runner) reportJobs(line int) {
	if r.jobsFrozen > 0 {
		return
	}
	if r.isInteractive() {
		// (notices held while frozen are not shown there: drop them)
		r.frozenSkip, r.frozenNotices = false, nil
		r.reportInteractive()
		return
	}
	if r.frozenSkip {
		r.frozenSkip = false
		r.reportEnded(line)
		return
	}
	for _, n := range r.frozenNotices {
		if n.plain {
			r.errw().Write([]byte(n.msg + "\n"))
			continue
		}
		old := r.line
		r.line = line
		r.errw().Write([]byte(r.plainPrefix() + n.msg + "\n"))
		r.line = old
	}
	r.frozenNotices = nil
	r.reportEnded(line)
}

// reportEnded is reportJobs for the jobs themselves.
func (r *Runner) reportEnded(line int) {
	quiet := r.quietNotices()
	for _, j := range r.jobs.numbered() {
		if j.stoppedBy() != 0 && r.sh.cmdString && !quiet && !j.notified.Load() {
			// a -c string's shell reports a job that stopped
			r.errw().Write([]byte("\n" + r.jobNotice(j)))
			j.notified.Store(true)
			continue
		}
		if !j.finished() {
			continue
		}
		sig, _ := j.killedBy()
		if sig == 0 && !r.sh.cmdString {
			continue
		}
		if j.notified.Load() {
			continue
		}
		if quiet {
			if j.pid() != r.lastBg {
				j.takeDeathMsg()
				j.notified.Store(true)
			}
			continue
		}
		m := j.takeDeathMsg()
		switch {
		case m != "" && !r.hasTrapEntry(signalName(int(sig))):
			old := r.line
			r.line = line
			r.errw().Write([]byte(r.plainPrefix() + m + "\n"))
			r.line = old
		case r.opts.on(optMonitor) && !r.isSub:
			// with job control on, any other end is reported as jobs
			// lists it, and where the shell's directory has moved
			// since the job started, that too
			r.errw().Write([]byte(r.jobNotice(j)))
		}
		j.notified.Store(true)
	}
}

// reportInteractive is notify_of_job_status in an interactive shell.
// Without job control (no terminal, or a subshell), the jobs that ended
// are marked notified silently, $! included, so cleanup forgets them and
// their numbers are free again; with it, each is reported as jobs lists
// it, and a stopped job after an empty line.
func (r *Runner) reportInteractive() {
	ctl := r.opts.jobControl() && !r.isSub && !r.inComsub
	for _, j := range r.jobs.numbered() {
		if j.notified.Load() {
			continue
		}
		switch {
		case j.finished():
			j.takeDeathMsg()
			if ctl {
				r.errw().Write([]byte(r.jobNotice(j)))
			}
		case j.stoppedBy() != 0 && ctl:
			r.errw().Write([]byte("\n" + r.jobNotice(j)))
		default:
			continue
		}
		j.notified.Store(true)
	}
}

// jobNotice is j's line as jobs lists it, followed, where the shell's
// directory has moved since the job started, by where it is now.
func (r *Runner) jobNotice(j *job) string {
	msg := r.listing(r.jobs, j, false)
	if j.wd != "" && j.wd != r.dir {
		msg += "(wd now: " + r.tildeShort(r.dir) + ")\n"
	}
	return msg
}

// cleanup is bash's cleanup_dead_jobs: it forgets the finished jobs whose
// end was reported, keeping their status for a wait on their pid.
func (t *jobTable) cleanup() {
	for _, j := range t.numbered() {
		if j.notified.Load() && j.finished() {
			j.waited = true
			t.remove(j)
		}
	}
}

// notifyAfterChild runs notifyJobs after the shell waited for what bash
// runs as a foreground child (a program, a ( ) subshell, a pipeline).
// The background job's own code, and the stages of a pipeline, have no
// such point: their runner's table is not the shell's.
func (r *Runner) notifyAfterChild() {
	if r.async || r.bgJob != nil || r.pipePos != nil {
		return
	}
	line := r.noticeLine
	if line <= 0 {
		line = r.line
	}
	r.notifyJobs(line)
}

// killedBy is the signal that killed the job's process, or 0, and
// whether it dumped core.
func (j *job) killedBy() (syscall.Signal, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.sig, j.core
}

// setKilledBy records the signal that killed the job's process, for jobs
// and the notice.
func (j *job) setKilledBy(sig syscall.Signal, core bool) {
	j.mu.Lock()
	j.sig, j.core = sig, core
	j.mu.Unlock()
}
