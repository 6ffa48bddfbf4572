package interp

import (
	"sync"
	"time"
)

// bgJobs is the set of a shell's in-process asynchronous commands that
// have not finished.
type bgJobs struct {
	mu  sync.Mutex
	set map[*job]struct{}
}

func (b *bgJobs) add(j *job) {
	b.mu.Lock()
	if b.set == nil {
		b.set = map[*job]struct{}{}
	}
	b.set[j] = struct{}{}
	b.mu.Unlock()
}

func (b *bgJobs) remove(j *job) {
	b.mu.Lock()
	delete(b.set, j)
	b.mu.Unlock()
}

// anyJob reports whether some job that has not finished satisfies p.
func (b *bgJobs) anyJob(p func(*job) bool) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	for j := range b.set {
		if !j.finished() && p(j) {
			return true
		}
	}
	return false
}

// busy reports whether some job is running shell code rather than
// waiting for an external program.
func (b *bgJobs) busy() bool {
	return b.anyJob(func(j *job) bool { return j.inChild.Load() == 0 })
}

// running reports whether some job has neither finished nor reached the
// program of its last command.
func (b *bgJobs) running() bool {
	return b.anyJob(func(j *job) bool { return !j.inTail.Load() })
}

// waitWhile polls cond until it is false or max has passed.
func waitWhile(cond func() bool, max time.Duration) {
	deadline := time.Now().Add(max)
	for cond() && time.Now().Before(deadline) {
		time.Sleep(200 * time.Microsecond)
	}
}

// settleMax bounds how long the ending shell lets its background code
// run (a job looping in builtins would otherwise keep it forever).
const settleMax = 50 * time.Millisecond

// settleBackground runs as the shell ends. bash's asynchronous commands
// are processes that outlive it; those nash runs in this process (simple
// commands, and compound ones where bgproc.go cannot start a process)
// would die with it, often before they start (bash -c 'echo 3&' printed
// nothing). So the shell waits, briefly, until every such job has ended
// or is waiting for an external program, which goes on by itself.
func (r *Runner) settleBackground() {
	if r.isSub {
		return
	}
	r.settleProcSubsts()
	waitWhile(r.sh.bg.busy, settleMax)
}

// procSubstMax bounds how long the ending shell waits for its process
// substitutions' shell code once their input is gone.
const procSubstMax = time.Second

// settleProcSubsts runs as the shell ends. A process substitution running
// shell code in this process (exec > >(while read l; do ...; done)) still
// has input to consume, which bash's, a process, would go on reading
// after the shell exits. So the shell closes its descriptors, giving the
// reader its end of file, and waits until each has finished or reached
// the program of its last command (which goes on by itself), at most
// procSubstMax: one left looping is abandoned as before.
func (r *Runner) settleProcSubsts() {
	if !r.sh.procSubsts.running() {
		return
	}
	r.fds.releaseAll()
	waitWhile(r.sh.procSubsts.running, procSubstMax)
}
