package interp

import (
	"reflect"
	"strconv"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// jobSpec resolves a job spec for builtin name, reporting bash's errors
// ("%s: no such job", "NAME: ambiguous job spec"); nil when it names no
// job.
func (r *Runner) jobSpec(name, spec string) *job {
	return r.jobSpecIn(r.jobs, name, spec)
}

// jobSpecIn is jobSpec resolving spec in table t.
func (r *Runner) jobSpecIn(t *jobTable, name, spec string) *job {
	j, err := t.resolve(spec)
	switch err {
	case noSuchJob:
		r.bErr(name, "%s: no such job", spec)
	case ambiguousJob:
		r.ambiguousSpec(name, spec)
	}
	return j
}

// ambiguousSpec is get_job_spec's complaint about a %name or %?text that
// more than one job matches.
func (r *Runner) ambiguousSpec(name, spec string) {
	w := strings.TrimPrefix(strings.TrimPrefix(spec, "%"), "?")
	r.bErr(name, "%s: ambiguous job spec", w)
}

// waitAnyOr blocks until one of jobs has finished, or (with stops) one
// has stopped, and returns it; it returns nil when a stop channel (those
// not nil) is poked.
func waitAnyOr(jobs []*job, stops bool, stop ...<-chan struct{}) *job {
	cases := make([]reflect.SelectCase, 0, 2*len(jobs)+1)
	owner := make([]*job, 0, 2*len(jobs))
	for _, j := range jobs {
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(j.done)})
		owner = append(owner, j)
		if stops {
			cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(j.stateChanged())})
			owner = append(owner, j)
		}
	}
	for _, c := range stop {
		if c != nil {
			cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(c)})
		}
	}
	i, _, _ := reflect.Select(cases)
	if i >= len(owner) {
		return nil
	}
	return owner[i]
}

// collected is what wait does first with a job j it collected: it prints
// a pending death notice, records the pid in the -p variable, marks the
// job waited for and returns its status.
func (r *Runner) collected(j *job, pvar string) int {
	st := j.exitStatus()
	if m := j.takeDeathMsg(); m != "" {
		r.errw().Write([]byte(r.plainPrefix() + m + "\n"))
	}
	if pvar != "" {
		if err := r.assignTo(pvar, itoa(int64(j.pid()))); err != nil {
			r.reportErr(err)
		}
	}
	j.waited = true
	return st
}

// reaped is called when wait -n or fg has collected job j: collected,
// then the job leaves the table. bash's delete_job keeps the pid's status
// (bgp_add) of a job still in the background, as after wait -n, in POSIX
// mode too: wait PID again returns it, until a wait without operands
// clears them all. fg made it a foreground job, whose status is not kept.
func (r *Runner) reaped(j *job, pvar string, fg bool) int {
	st := r.collected(j, pvar)
	if fg {
		r.jobs.forget(j)
	} else {
		r.jobs.remove(j)
	}
	return st
}

// waitedFor is the status of the job j that wait waited for, named by
// a pid (byPid) or a job spec. bash marks the job notified
// (wait_for_job, wait_for_single_pid) and leaves it in the table for
// the next cleanup of dead jobs, when its reader reads a line or it
// waits for another child: until then, wait %N on the same line finds
// it again. In POSIX mode wait PID cleans up at once and forgets the
// pid's status (bgp_delete).
func (r *Runner) waitedFor(j *job, pvar string, byPid bool) int {
	st := r.collected(j, pvar)
	if j.id == 0 {
		// a process substitution: bash's procsub_delete keeps its
		// status (bgp_add), which a wait PID again returns. It runs
		// after each command (reap_procsubs), the wait too, so the
		// status is kept even after a POSIX-mode bgp_delete
		r.jobs.remove(j)
		return st
	}
	j.notified.Store(true)
	if byPid && r.opts.on(optPosix) {
		// cleanup_dead_jobs, then bgp_delete of the pid: also the
		// status a cleanup while waiting saved for it
		r.jobs.forget(j)
		r.jobs.cleanup()
		r.jobs.savedStatus(j.pid(), true)
	}
	return st
}

// biWait implements wait [-fn] [-p var] [id…].
func biWait(r *Runner, args []string) int {
	defer func() {
		// bash's wait cleans up dead jobs
		r.sh.fgWaits.Add(1)
		r.reapCoprocs(true)
	}()
	a := args[1:]
	anyOne, force := false, false
	pvar := ""
	for len(a) > 0 && strings.HasPrefix(a[0], "-") && a[0] != "-" {
		if a[0] == "--" {
			a = a[1:]
			break
		}
		opt := a[0][1:]
		a = a[1:]
		for i := 0; i < len(opt); i++ {
			switch opt[i] {
			case 'n':
				anyOne = true
			case 'f':
				force = true
			case 'p':
				v := opt[i+1:]
				if v == "" {
					if len(a) == 0 {
						r.bErr("wait", "-p: option requires an argument")
						r.builtinUsage("wait")
						return 2
					}
					v, a = a[0], a[1:]
				}
				pvar = v
				i = len(opt)
			default:
				r.bErr("wait", "-%c: invalid option", opt[i])
				r.builtinUsage("wait")
				return 2
			}
		}
	}
	if pvar != "" && !r.validTargetName(pvar) {
		r.bErr("wait", "`%s': not a valid identifier", pvar)
		return 1
	}
	if pvar != "" && validName(pvar) {
		// bash unsets the variable before it waits
		// (builtin_unbind_variable)
		if v := r.vars.get(r.resolveRef(pvar)); v != nil && v.attrs&aReadonly != 0 {
			r.bErr("wait", "%s: cannot unset: readonly variable", pvar)
			return 1
		}
		r.unsetVar(pvar)
	}
	if len(a) == 0 {
		jobs := r.jobs.all()
		var live []*job
		for _, j := range jobs {
			if !j.waited {
				live = append(live, j)
			}
		}
		if anyOne {
			// only jobs: bash's wait_for_any_job does not see a
			// process substitution, which has no job number
			var numbered []*job
			for _, j := range live {
				if j.id > 0 {
					numbered = append(numbered, j)
				}
			}
			return r.waitAny(numbered, pvar)
		}
		for i, j := range live {
			if j.stoppedBy() != 0 {
				continue
			}
			running := !j.finished()
			if running {
				r.warnStopped(live[:i])
			}
			if _, sig := r.awaitJob(j); sig != 0 {
				return 128 + int(sig)
			}
			if j.stoppedBy() != 0 {
				// it stopped meanwhile: bash's next pass over the
				// table warns of it, and waits for the jobs after it
				r.notifyJobs(r.line)
				continue
			}
			if running {
				// bash waits (wait_for, which ends reporting on the
				// jobs) only for the jobs it has not seen end
				r.notifyJobs(r.line)
			}
			if j.id == 0 {
				j.waited = true
				r.jobs.forget(j)
			} else if running {
				j.notified.Store(true) // wait_for_single_pid
			}
		}
		r.warnStopped(live)
		// bash then forgets the finished jobs, but for a script the job
		// of $! if it had ended before, and all saved statuses
		// (wait_for_background_pids)
		for _, j := range r.jobs.numbered() {
			if j.finished() && (r.isInteractive() || j.pid() != r.lastBg) {
				j.notified.Store(true)
			}
		}
		r.jobs.cleanup()
		r.jobs.clearSaved()
		return 0
	}
	status := 0
	var targets []*job
	for _, s := range a {
		var j *job
		if anyOne {
			// bash's set_waitlist takes jobs only, each a pid of one
			// or a job spec, and names the others as bad jobs
			if pid, err := strconv.Atoi(s); err == nil && pid >= 0 && !strings.HasPrefix(s, "%") {
				j = r.jobs.byPid(pid)
			} else {
				var err jobSpecError
				if j, err = r.jobs.resolve(s); err == ambiguousJob {
					r.jobSpec("wait", s) // says so, then as a bad job
				}
			}
			if j == nil {
				r.bErr("wait", "%s: no such job", s)
				continue
			}
			targets = append(targets, j)
			continue
		}
		if strings.HasPrefix(s, "%") {
			if j = r.jobSpec("wait", s); j == nil {
				status = 127
				continue
			}
		} else {
			pid, err := strconv.Atoi(s)
			if err != nil || pid < 0 || pid != int(int32(pid)) {
				// legal_number, and a value a pid_t holds
				r.bErr("wait", "`%s': not a pid or valid job spec", s)
				status = 1
				continue
			}
			if j = r.jobs.byPid(pid); j == nil {
				// (bgp_search: found again by the next wait PID, in
				// POSIX mode too)
				if st, ok := r.jobs.savedStatus(pid, false); ok {
					status = st
					continue
				}
				r.errorf("wait: pid %d is not a child of this shell", pid) // internal_error
				status = 127
				continue
			}
		}
		if strings.HasPrefix(s, "%") && j.stoppedBy() != 0 {
			r.errorf("warning: wait_for_job: job %d is stopped", j.id)
		}
		// wait -f goes on until the job ends
		if _, sig := r.awaitChange([]*job{j}, !(force && r.opts.on(optMonitor))); sig != 0 {
			return 128 + int(sig)
		}
		r.notifyJobs(r.line) // as bash's wait_for ends
		if sig := j.stoppedBy(); sig != 0 {
			// a stopped job stays, its status that of the stop
			status = 128 + int(sig)
			continue
		}
		status = r.waitedFor(j, pvar, !strings.HasPrefix(s, "%"))
	}
	if anyOne {
		return r.waitAny(targets, pvar)
	}
	return status
}

// waitAny is wait -n over jobs: 127 when there are none, 128+signal when
// a trapped signal interrupts the wait, else the first finisher's status.
func (r *Runner) waitAny(jobs []*job, pvar string) int {
	if len(jobs) == 0 {
		return 127
	}
	j, sig := r.awaitJobs(jobs)
	if j == nil {
		return 128 + int(sig)
	}
	r.reportJobs(r.line) // bash's wait_for_any_job reports, then reaps
	return r.reaped(j, pvar, false)
}

// warnStopped is wait's warning, as bash's wait_for_background_pids
// gives it on each pass over the jobs, for the stopped ones among jobs.
func (r *Runner) warnStopped(jobs []*job) {
	for _, j := range jobs {
		if j.id > 0 && j.stoppedBy() != 0 {
			r.bErr("wait", "warning: job %d[%d] stopped", j.id, j.pid())
		}
	}
}

// biJobs implements jobs [-lnprs] [jobspec…] and jobs -x command [args…].
// Finished jobs it lists are then forgotten, as bash does; a subshell
// (jobs in a pipeline) lists them without forgetting them.
func biJobs(r *Runner, args []string) int {
	var set uint64
	a, ok, st := r.builtinOpts("jobs", "lpnrsx", usageLine("jobs"), args[1:], func(c byte, _ string) (bool, int) {
		// bash refuses -x only after a listing form (-l, -p or -n),
		// at once; a form given after -x is ignored
		if c == 'x' && set&(optBit('l')|optBit('p')|optBit('n')) != 0 {
			r.bErr("jobs", "no other options allowed with `-x'")
			return false, 1
		}
		set |= optBit(c)
		return true, 0
	})
	if !ok {
		return st
	}
	if set&optBit('x') != 0 {
		if len(a) == 0 {
			return 0
		}
		// a job spec becomes the job's process group: without job
		// control every job is in the shell's
		for i, w := range a {
			if strings.HasPrefix(w, "%") {
				if _, err := r.jobs.resolve(w); err == 0 || r.jobs.outer != nil && func() bool { _, e := r.jobs.outer.resolve(w); return e == 0 }() {
					a[i] = itoa(int64(syscall.Getpgrp()))
				}
			}
		}
		r.runArgs(&syntax.CallExpr{}, a, nil)
		return r.exit
	}
	t := r.visibleJobs(true)
	long, pids := set&optBit('l') != 0, set&optBit('p') != 0
	var sb strings.Builder
	var shown []*job
	changedOnly, own := set&optBit('n') != 0, t == r.jobs
	show := func(j *job) {
		if changedOnly && (j.notified.Load() || !j.finished() && j.listed.Load()) {
			// jobs -n: only the jobs whose state the shell has not
			// reported (pretty_print_job's JLIST_CHANGED_ONLY)
			return
		}
		shown = append(shown, j)
		if pids {
			sb.WriteString(itoa(int64(j.pid())) + "\n")
			return
		}
		if own && !j.finished() {
			j.listed.Store(true)
		}
		sb.WriteString(r.listing(t, j, long))
	}
	// bash marks a finished or stopped job it lists as reported (not
	// with -p), and forgets the reported ones before it lists all jobs,
	// or right after it lists one (list_all_jobs, list_one_job): a
	// subshell lists its shell's jobs without either
	reported := func(j *job) {
		if own && !pids && (j.finished() || j.state() == jobStopped) {
			// (a stop it lists is reported too: pretty_print_job sets
			// J_NOTIFIED for any job it prints)
			j.notified.Store(true)
		}
	}
	status := 0
	if len(a) == 0 {
		if own {
			t.cleanup()
		}
		for _, j := range t.numbered() {
			if set&optBit('s') != 0 && j.state() != jobStopped || set&optBit('r') != 0 && j.state() != jobRunning {
				continue
			}
			if !own && j.notified.Load() && j.finished() {
				// the subshell's copy of the table loses it to the
				// cleanup before the listing (a job wait waited for)
				continue
			}
			show(j)
		}
	} else {
		for _, s := range a {
			j, err := t.resolve(s)
			if err != 0 {
				r.flushListing(&sb)
			}
			if err == ambiguousJob {
				// then, as for any spec naming no job, sh_badjob
				r.ambiguousSpec("jobs", s)
			}
			if err != 0 {
				r.bErr("jobs", "%s: no such job", s)
				status = 1
				continue
			}
			show(j)
			reported(j)
			if own {
				t.cleanup()
			}
		}
	}
	for _, j := range shown {
		reported(j)
	}
	if w := r.write("jobs", sb.String()); w != 0 {
		return w
	}
	return status
}

// visibleJobs is the job table a builtin of this runner sees: its own,
// or while that is empty, in $(…) its shell's (bash's command
// substitution keeps the jobs it inherited), and for the jobs builtin
// also in a pipeline element that is the jobs command itself (bash's
// jobs_hack); the other subshells forgot them (without_job_control).
func (r *Runner) visibleJobs(jobsCmd bool) *jobTable {
	t := r.jobs
	hack := jobsCmd && r.atStageCommand()
	for len(t.numbered()) == 0 && t.outer != nil && (!t.forgot || hack) {
		t, hack = t.outer, false
	}
	return t
}

// biDisown implements disown [-h] [-ar] [jobspec… | pid…]. -h keeps the
// jobs, marked so that a hangup of the shell leaves them alone.
func biDisown(r *Runner, args []string) int {
	set, a, ok, st := r.simpleOpts("disown", "ahr", args[1:])
	if !ok {
		return st
	}
	keep := set&optBit('h') != 0
	if len(a) == 0 && set&(optBit('a')|optBit('r')) != 0 {
		running := set&optBit('r') != 0
		if !keep {
			// bash's delete_all_jobs: no current or previous job is
			// left, the jobs' pids are not kept for wait, and for -a
			// the pids kept before are forgotten too (bgp_clear)
			r.jobs.clearCurrent(!running)
		}
		for _, j := range r.jobs.numbered() {
			if running && j.state() != jobRunning {
				continue // -r: running jobs only (not stopped, nor done)
			}
			if !keep {
				r.warnDisownStopped(j)
				r.jobs.forget(j)
			} else {
				j.noHup.Store(true)
			}
		}
		return 0
	}
	if len(a) == 0 {
		j, err := r.jobs.resolve("%+")
		if err != 0 {
			r.bErr("disown", "current: no such job")
			return 1
		}
		if !keep {
			r.disownJob(j)
		} else {
			j.noHup.Store(true)
		}
		return 0
	}
	status := 0
	for _, s := range a {
		var found *job
		if allDigits(s) {
			pid, _ := strconv.Atoi(s)
			found = r.jobs.byPid(pid)
			if found != nil && found.id == 0 {
				found = nil
			}
		} else if j, err := r.jobs.resolve(s); err == 0 {
			found = j
		} else if err == ambiguousJob {
			r.ambiguousSpec("disown", s)
		}
		if found == nil {
			r.bErr("disown", "%s: no such job", s)
			status = 1
			continue
		}
		if !keep {
			r.disownJob(found)
		} else {
			found.noHup.Store(true)
		}
	}
	return status
}

// disownJob removes j from the jobs table as bash's delete_job does for
// disown, with its warning for a stopped job.
func (r *Runner) disownJob(j *job) {
	r.warnDisownStopped(j)
	r.jobs.remove(j)
}

// warnDisownStopped is delete_job's warning as disown removes j when it
// is stopped: the job's process group is its own when it leads one,
// else the shell's.
func (r *Runner) warnDisownStopped(j *job) {
	if !r.isSub && j.stoppedBy() != 0 {
		pgrp := syscall.Getpgrp()
		if j.ownGroup {
			pgrp = j.pid()
		}
		r.errorf("warning: deleting stopped job %d with process group %d", j.id, pgrp)
	}
}

// signalInProcess delivers sig to an in-process job named by its
// synthetic pid; false if no such job.
func (r *Runner) signalInProcess(pid int, sig syscall.Signal) bool {
	var j *job
	for t := r.jobs; t != nil && j == nil; t = t.outer {
		j = t.byPid(pid)
	}
	if j == nil || j.finished() {
		// a finished job is gone, as bash's reaped child: kill(2)
		// fails with ESRCH
		return false
	}
	if sig != 0 && j.kill != nil {
		j.kill(sig)
	}
	return true
}

// listing is job j's line as jobs prints it, and as a shell with job
// control reports a job's end (bash's pretty_print_job, JLIST_STANDARD
// or with long JLIST_LONG): "[N]+  State<pad to 24>command", and the
// job's directory where the shell's is now another.
func (r *Runner) listing(t *jobTable, j *job, long bool) string {
	var sb strings.Builder
	sb.WriteString("[" + itoa(int64(j.id)) + "]" + string(t.mark(j)) + " ")
	if long {
		sb.WriteString(padLeft(itoa(int64(j.pid())), 5))
	}
	sb.WriteString(" ")
	state := "Running"
	running := !j.finished()
	stopped := j.stoppedBy()
	switch {
	case stopped != 0 && long:
		state = signalDescription(stopped)
	case stopped != 0 && r.opts.on(optPosix):
		state = "Stopped(SIG" + signalName(int(stopped)) + ")"
	case stopped != 0:
		state = "Stopped"
	case !running:
		state = "Done"
		if sig, core := j.killedBy(); sig != 0 {
			state = signalDescription(sig)
			if core {
				state += " (core dumped)"
			}
		} else if s := j.exitStatus(); s != 0 {
			state = "Exit " + itoa(int64(s))
			if r.opts.on(optPosix) {
				state = "Done(" + itoa(int64(s)) + ")"
			}
		}
	}
	cmd := j.cmd
	var more []string
	if long && len(j.procs) > 1 && stopped == 0 {
		// a line per element of a pipeline (jobprocs.go)
		state, more = r.procsListing(j, state)
		cmd = j.procs[0].text
	}
	sb.WriteString(padRight(state, 24) + cmd)
	for _, l := range more {
		sb.WriteString("\n" + l)
	}
	if running && stopped == 0 {
		sb.WriteString(" &")
	}
	if j.wd != "" && j.wd != r.dir {
		sb.WriteString("  (wd: " + r.tildeShort(j.wd) + ")")
	}
	sb.WriteString("\n")
	return sb.String()
}
