package interp

import (
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
)

// job is an asynchronous command: a background statement, a coprocess or
// a process substitution (which has no job number: id 0).
type job struct {
	id int
	// jobControl: started while set -m was on (bash's J_JOBCONTROL),
	// so fg and bg may take it
	jobControl bool
	// ownGroup: the job's process leads a process group of its own
	// (started under job control), which kill %N signals as a whole
	ownGroup bool
	// noHup: disown -h marked the job, which a hangup of the shell
	// leaves alone (bash's J_NOHUP)
	noHup atomic.Bool
	mu    sync.Mutex
	pidV  int
	cmd   string
	// wd is the shell's directory when the job started, for the
	// "(wd now: …)" of a job-control notice
	wd     string
	done   chan struct{}
	closed bool
	status int
	waited bool
	// deathMsg is the notice for a job killed by a signal, printed (with
	// the waiter's "NAME: line N: " prefix) by the wait that reaps it
	deathMsg string
	// sig is the signal that killed the job's process (core: with a
	// core dump), 0 when it exited (jobnotify.go)
	sig  syscall.Signal
	core bool
	// notified: bash's J_NOTIFIED, the shell has reported the job's end
	// (jobs listed it, or notifyJobs dealt with it); the next cleanup
	// forgets it once finished
	notified atomic.Bool
	// listed: jobs listed the job in its present state, running or
	// stopped (bash sets J_NOTIFIED for any job it lists, and clears it
	// when the job stops, continues or ends); jobs -n skips it
	listed atomic.Bool
	// kill delivers a signal to a job that runs in-process (its pid is
	// synthetic); nil for other jobs
	kill func(sig syscall.Signal)
	// ended runs when the job finishes (jobTable.childEnded)
	ended func()
	// inChild counts the external programs the job's code is waiting
	// for (see settleBackground)
	inChild atomic.Int32
	// inTail: the job's code is waiting for the program of its last
	// command, which bash would have exec'd in the job's process: the
	// job goes on by itself when this shell ends
	inTail atomic.Bool
	// stopSig is the signal that stopped the job's process, 0 while it
	// runs; changed is closed (and renewed) when it stops, for the
	// waits that end then (jobstop.go)
	stopSig syscall.Signal
	changed chan struct{}
	// table is the job table the job is in
	table *jobTable
	// procs are the elements of a pipeline job, for jobs -l (set once
	// as the job starts; their states under mu)
	procs []jobProc
	// reportDone is closed once the reports of the nash started for a
	// pipeline job are read (jobprocs.go)
	reportDone chan struct{}
}

// takeDeathMsg returns the job's pending death notice once.
func (j *job) takeDeathMsg() string {
	j.mu.Lock()
	defer j.mu.Unlock()
	m := j.deathMsg
	j.deathMsg = ""
	return m
}

func (j *job) pid() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.pidV
}

func (j *job) setPid(p int) {
	j.mu.Lock()
	j.pidV = p
	j.mu.Unlock()
}

// finish records the job's status; only the first call counts (a job
// killed in-process finishes before its goroutine does).
func (j *job) finish(status int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.closed {
		return
	}
	j.closed = true
	j.status = status
	// count the SIGCHLD before a wait can see the job done, or the CHLD
	// trap for it would run after the wait (or be missed)
	if j.ended != nil {
		j.ended()
	}
	close(j.done)
}

func (j *job) finished() bool {
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

// exitStatus is the job's status once it has finished.
func (j *job) exitStatus() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.status
}

// jobTable lists a shell's jobs; it is shared by the shell and its
// in-process subshells. Like bash's, it numbers jobs from one more than
// the highest number in use, and tracks the current (%+) and previous
// (%-) jobs as bash's set_current_job and reset_current do (jobs.c);
// only with job control is a job ever seen stopped.
type jobTable struct {
	mu    sync.Mutex
	outer *jobTable // the table of the shell a subshell was forked from
	// forgot: the subshell is one bash forks with without_job_control
	// (( ), &, a pipeline element, a program's child), which deletes
	// the jobs it inherited; a command substitution keeps them in view
	forgot    bool
	list      []*job // by increasing id; process substitutions last-added anywhere
	cur, prev int    // job ids, 0 for none
	// bgpids keeps the last known status of background jobs that left
	// the table, so that `wait PID` still reports it (bash's bgpids)
	bgpids map[int]int
	// childEnded, set on the shell's own table, counts a SIGCHLD for
	// each of its jobs (each is a child process of bash) that ends
	childEnded func()
}

func newJobTable() *jobTable { return &jobTable{} }

// add enters a new running job. cmd "procsubst" makes an unnumbered job.
func (t *jobTable) add(pid int, cmd string) *job {
	// bash forgets the reported jobs as it makes a new one (stop_pipeline)
	t.cleanup()
	t.mu.Lock()
	defer t.mu.Unlock()
	j := &job{pidV: pid, cmd: cmd, done: make(chan struct{}), ended: t.childEnded, changed: make(chan struct{}), table: t}
	if cmd != "procsubst" {
		j.id = t.lastID() + 1
	}
	t.list = append(t.list, j)
	if j.id > 0 {
		t.resetCurrent()
	}
	return j
}

func (t *jobTable) lastID() int {
	n := 0
	for _, j := range t.list {
		n = max(n, j.id)
	}
	return n
}

func (t *jobTable) byID(id int) *job {
	if id <= 0 {
		return nil
	}
	for _, j := range t.list {
		if j.id == id {
			return j
		}
	}
	return nil
}

// newestIn is bash's most_recent_job_in_state: the id of the newest
// job older than job id below (0: no limit) that is stopped, or else
// running, or 0.
func (t *jobTable) newestIn(below int, st jobState) int {
	best := 0
	for _, j := range t.list {
		if j.id > 0 && (below == 0 || j.id < below) && j.state() == st && j.id > best {
			best = j.id
		}
	}
	return best
}

// stateIs reports whether job id exists and is in state st.
func (t *jobTable) stateIs(id int, st jobState) bool {
	j := t.byID(id)
	return j != nil && j.state() == st
}

// setCurrent is bash's set_current_job: id becomes %+, and %- the old
// current job if stopped, else the newest stopped job older than a
// stopped id, else the newest running job (older than a running id).
func (t *jobTable) setCurrent(id int) {
	if t.cur != id {
		t.prev = t.cur
		t.cur = id
	}
	if t.prev != t.cur && t.stateIs(t.prev, jobStopped) {
		return
	}
	if t.stateIs(t.cur, jobStopped) {
		if c := t.newestIn(t.cur, jobStopped); c != 0 {
			t.prev = c
			return
		}
	}
	var c int
	if t.stateIs(t.cur, jobRunning) {
		c = t.newestIn(t.cur, jobRunning)
	} else {
		c = t.newestIn(0, jobRunning)
	}
	if c != 0 {
		t.prev = c
	} else {
		t.prev = t.cur
	}
}

// resetCurrent is bash's reset_current: a stopped current job stays;
// otherwise the stopped previous job, the newest stopped job or the
// newest running job becomes current.
func (t *jobTable) resetCurrent() {
	c := 0
	switch {
	case t.stateIs(t.cur, jobStopped):
		c = t.cur
	case t.stateIs(t.prev, jobStopped):
		c = t.prev
	}
	if c == 0 {
		c = t.newestIn(0, jobStopped)
	}
	if c == 0 {
		c = t.newestIn(0, jobRunning)
	}
	if c != 0 {
		t.setCurrent(c)
	} else {
		t.cur, t.prev = 0, 0
	}
}

// mark is the job's flag in a listing: '+' current, '-' previous.
func (t *jobTable) mark(j *job) byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch j.id {
	case t.cur:
		return '+'
	case t.prev:
		return '-'
	}
	return ' '
}

func (t *jobTable) byPid(pid int) *job {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, j := range t.list {
		if j.pid() == pid {
			return j
		}
	}
	return nil
}

// savedStatus is the status kept for a background pid whose job left the
// table. In POSIX mode the pid is then forgotten (bash's bgp_delete);
// otherwise it stays until a wait without operands.
func (t *jobTable) savedStatus(pid int, forget bool) (int, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	st, ok := t.bgpids[pid]
	if forget {
		delete(t.bgpids, pid)
	}
	return st, ok
}

// clearSaved forgets the statuses kept for pids whose jobs left the
// table (bash's bgp_clear).
func (t *jobTable) clearSaved() {
	t.mu.Lock()
	t.bgpids = nil
	t.mu.Unlock()
}

// all returns the numbered jobs and process substitutions, oldest first.
func (t *jobTable) all() []*job {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]*job(nil), t.list...)
}

// numbered returns the jobs that have a job number, oldest first.
func (t *jobTable) numbered() []*job {
	t.mu.Lock()
	defer t.mu.Unlock()
	var l []*job
	for _, j := range t.list {
		if j.id > 0 {
			l = append(l, j)
		}
	}
	return l
}

// hasNumbered reports whether any job has a job number.
func (t *jobTable) hasNumbered() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, j := range t.list {
		if j.id > 0 {
			return true
		}
	}
	return false
}

// remove forgets a job or process substitution, keeping its pid's
// status for a later wait.
func (t *jobTable) remove(j *job) { t.drop(j, true) }

// clearCurrent leaves the table with no current or previous job, and
// with bgpids also without the statuses kept for wait.
func (t *jobTable) clearCurrent(bgpids bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cur, t.prev = 0, 0
	if bgpids {
		t.bgpids = nil
	}
}

// forget forgets a job that wait has reaped: its pid is no longer known.
func (t *jobTable) forget(j *job) { t.drop(j, false) }

func (t *jobTable) drop(j *job, keep bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, x := range t.list {
		if x == j {
			t.list = append(t.list[:i], t.list[i+1:]...)
			if keep {
				if t.bgpids == nil {
					t.bgpids = map[int]int{}
				}
				st := 0
				if j.finished() {
					st = j.exitStatus()
				}
				t.bgpids[j.pid()] = st
			}
			if j.id > 0 && (j.id == t.cur || j.id == t.prev) {
				t.resetCurrent()
			}
			return
		}
	}
}

// jobSpecError is why a job spec names no job.
type jobSpecError int

const (
	noSuchJob jobSpecError = iota + 1
	ambiguousJob
)

// resolve finds the job a job spec names, as bash's get_job_spec does:
// %N, %%, %+, %, %-, %?TEXT (the command contains TEXT, ignoring case)
// and %TEXT (the command starts with TEXT). The leading % is optional
// for callers that accept bare specs. An ambiguous name is an error.
func (t *jobTable) resolve(spec string) (*job, jobSpecError) {
	t.mu.Lock()
	defer t.mu.Unlock()
	w := strings.TrimPrefix(spec, "%")
	if w == "" && spec == "" {
		return nil, noSuchJob
	}
	if w != "" && allDigits(w) {
		// bash's get_job_spec takes atoi of the digits, an int:
		// %4294967297 is job 1
		n := cAtoi(w)
		if j := t.byID(n); n > 0 && j != nil {
			return j, 0
		}
		return nil, noSuchJob
	}
	var id int
	// bash's get_job_spec looks at the first character only: %+x is
	// the current job, -k the previous one
	switch {
	case w == "" || w[0] == '%' || w[0] == '+':
		id = t.cur
	case w[0] == '-':
		id = t.prev
	default:
		sub := strings.HasPrefix(w, "?")
		name := strings.TrimPrefix(w, "?")
		var found *job
		for i := len(t.list) - 1; i >= 0; i-- {
			j := t.list[i]
			if j.id == 0 {
				continue
			}
			var ok bool
			if sub {
				ok = strings.Contains(strings.ToLower(j.cmd), strings.ToLower(name))
			} else {
				ok = strings.HasPrefix(j.cmd, name)
			}
			if !ok {
				continue
			}
			if found != nil {
				return nil, ambiguousJob
			}
			found = j
		}
		if found == nil {
			return nil, noSuchJob
		}
		return found, 0
	}
	if j := t.byID(id); j != nil {
		return j, 0
	}
	return nil, noSuchJob
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// reapAll is called at shell exit; background jobs keep running (bash does
// not wait for them), nothing to do beyond forgetting them.
func (t *jobTable) reapAll() {}
