package interp

import "mvdan.cc/sh/v3/syntax"

// coproc runs a coprocess: a background command connected by pipes.
func (r *Runner) coproc(c *syntax.CoprocClause) {
	name := "COPROC"
	if c.Name != nil {
		name = c.Name.Lit()
	}
	// bash keeps one coprocess: a new one makes it forget the last (its
	// fds and variables stay as they are), with a warning while that
	// one has not been disposed of and has an fd
	if cp := r.cop; cp != nil {
		if cp.rfd >= 0 || cp.wfd >= 0 {
			r.errorf("warning: execute_coproc: coproc [%d:%s] still exists", cp.job.pid(), cp.name)
		}
		r.cop = nil
	}
	inR, inW, err := newPipe()
	if err != nil {
		r.errorf("coproc: %v", err)
		r.exit = 1
		return
	}
	outR, outW, err := newPipe()
	if err != nil {
		r.errorf("coproc: %v", err)
		r.exit = 1
		return
	}
	sub := r.fork("subshell")
	sub.async = true
	// bash's coproc child runs a simple command or ( ) without a
	// further fork
	sub.tail = &execTail{stmt: tailStmt([]*syntax.Stmt{c.Stmt})}
	sub.fds.set(0, newShared(inR, true))
	sub.fds.set(1, newShared(outW, true))
	job := r.jobs.add(sub.bashpid, "coproc")
	ready := make(chan int, 1)
	sub.onSpawn = func(pid int) {
		select {
		case ready <- pid:
		default:
		}
	}
	cancel := sub.killableBy(job)
	go func() {
		sub.stmt(c.Stmt)
		st := sub.subStatus()
		sub.fds.releaseAll()
		job.finish(st)
		cancel()
		close(ready)
	}()
	// like a background job, the pid is real only for one external
	// program; anything else runs in-process and must not be waited for
	// (it may be reading what this shell is about to write)
	if r.runsExternal(c.Stmt) {
		if pid, ok := <-ready; ok && pid > 0 {
			job.setPid(pid)
		}
	}
	r.describeJob(job)
	// bash's sh_openpipe moves each of the four pipe ends to the highest
	// free fd below 64 (move_to_high_fd); the parent keeps the read end
	// of the first pipe and the write end of the second: 63 and 60.
	taken := map[int]bool{}
	high := func() int {
		for n := 63; n > 3; n-- {
			if !taken[n] && r.fds.get(n) == nil {
				taken[n] = true
				return n
			}
		}
		n := 10
		for taken[n] || r.fds.get(n) != nil {
			n++
		}
		taken[n] = true
		return n
	}
	rfd := high()
	high()
	high()
	wfd := high()
	rs, ws := newShared(outR, true), newShared(inW, true)
	r.fds.set(rfd, rs)
	r.fds.set(wfd, ws)
	name = r.coprocSetVars(name, rfd, wfd, job.pid())
	r.cop = &activeCoproc{name: name, job: job, rfd: rfd, wfd: wfd, rs: rs, ws: ws}
	r.lastBg = job.pid()
	r.exit = 0
}

// activeCoproc is a coprocess whose fds and variables the shell keeps
// until it ends.
type activeCoproc struct {
	name     string
	job      *job
	rfd, wfd int
	rs, ws   *sharedFile
}

// reapCoprocs disposes of the coprocess once it has ended, as bash's
// coproc_reap does once the child is reaped (from its SIGCHLD handler,
// so between commands here): its fds are closed (unless moved or closed
// already) and NAME and NAME_PID are unset.
func (r *Runner) reapCoprocs() {
	cp := r.cop
	if cp == nil || !cp.job.finished() {
		return
	}
	if cp.rfd >= 0 && r.fds.entry(cp.rfd) == cp.rs {
		r.fds.close(cp.rfd)
	}
	if cp.wfd >= 0 && r.fds.entry(cp.wfd) == cp.ws {
		r.fds.close(cp.wfd)
	}
	if cp.name != "" {
		// bash's coproc_unsetvars: NAME_PID itself, NAME through a
		// reference, complaining when it is readonly
		r.vars.unbind(cp.name + "_PID")
		if r.isElemRef(cp.name) {
			// bash's unbind_variable finds no variable named by an
			// element, and unsets the reference itself
			r.vars.unbind(cp.name)
		} else if err := r.unsetVar(cp.name); err != nil {
			r.reportErr(err)
		}
	}
	r.cop = nil
}

// coprocSetVars is bash's coproc_setvars: NAME becomes the array of the
// coprocess's two fds and NAME_PID its pid. A name that cannot be a
// variable is reported and gets no variables; a reference makes its
// target the array; a readonly NAME is reported and left alone, as is
// NAME_PID then. It returns the name to unset when the coprocess is
// reaped, "" when none.
func (r *Runner) coprocSetVars(name string, rfd, wfd, pid int) string {
	if !validName(name) {
		r.errorf("`%s': not a valid identifier", name)
		return ""
	}
	target := r.resolveRef(name)
	if !validName(target) {
		return ""
	}
	if r.isElemRef(target) {
		// a reference to an element names no variable to make; the
		// reference is still unset at the end (reapCoprocs)
		r.errorf("`%s': not a valid identifier", r.vars.get(target).str)
		return target
	}
	if v := r.vars.get(target); v != nil && v.attrs&aReadonly != 0 {
		// still unset when the coprocess is reaped
		r.reportErr(readonlyErr(target))
		return target
	}
	r.warnRefToArray(target)
	v := r.vars.own(target)
	v.kind, v.set, v.arr, v.str, v.assoc = kIndexed, true, &indexedArray{vals: []string{itoa(int64(rfd)), itoa(int64(wfd))}}, "", nil
	if err := r.setScalar(r.resolveRef(target+"_PID"), itoa(int64(pid)), false); err != nil {
		r.reportErr(err)
	}
	return target
}

// coprocFDClosed is bash's coproc_fdchk: a redirection closed fd (n>&-,
// or moved it, m>&n-), so when it is one of the coprocess's, NAME says
// -1 for it from now on, even after a command's own redirection is
// undone and the fd is back.
func (r *Runner) coprocFDClosed(fd int) {
	cp := r.cop
	if cp == nil {
		return
	}
	changed := false
	if cp.rfd >= 0 && cp.rfd == fd {
		cp.rfd, changed = -1, true
	}
	if cp.wfd >= 0 && cp.wfd == fd {
		cp.wfd, changed = -1, true
	}
	if !changed {
		return
	}
	// coproc_setvars binds both elements again
	for i, n := range []int{cp.rfd, cp.wfd} {
		if err := r.assignTo(cp.name+"["+itoa(int64(i))+"]", itoa(int64(n))); err != nil {
			r.reportErr(err)
			return
		}
	}
}
