package interp

import (
	"sync"
)

// job is an asynchronous command: a background statement or a process
// substitution.
type job struct {
	id     int
	mu     sync.Mutex
	pidV   int
	cmd    string
	done   chan struct{}
	status int
	waited bool
	// deathMsg is the notice for a job killed by a signal, printed (with
	// the waiter's "NAME: line N: " prefix) by the wait that reaps it
	deathMsg string
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

func (j *job) finish(status int) {
	j.mu.Lock()
	j.status = status
	j.mu.Unlock()
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

// jobTable lists a shell's jobs; it is shared by the shell and its
// in-process subshells.
type jobTable struct {
	mu   sync.Mutex
	next int
	list []*job
}

func newJobTable() *jobTable { return &jobTable{} }

func (t *jobTable) add(pid int, cmd string) *job {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.next++
	j := &job{id: t.next, pidV: pid, cmd: cmd, done: make(chan struct{})}
	t.list = append(t.list, j)
	return j
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

func (t *jobTable) all() []*job {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]*job(nil), t.list...)
}

func (t *jobTable) remove(j *job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, x := range t.list {
		if x == j {
			t.list = append(t.list[:i], t.list[i+1:]...)
			return
		}
	}
}

// reapAll is called at shell exit; background jobs keep running (bash does
// not wait for them), nothing to do beyond forgetting them.
func (t *jobTable) reapAll() {}
