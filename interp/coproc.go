package interp

import (
	"strings"
	"sync/atomic"

	"mvdan.cc/sh/v3/syntax"
)

// coproc runs a coprocess: a background command connected by pipes. The
// redirections written after it are its command's (bash's grammar puts
// them inside the coproc): they are made in the coprocess.
func (r *Runner) coproc(c *syntax.CoprocClause, st *syntax.Stmt) {
	redirs := st.Redirs
	text := r.jobText(st) // "coproc NAME cmd", as written
	c, cmdSrc := coprocCommand(r.curSrc, c)
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
	sub.curSrc = cmdSrc
	sub.async, sub.asyncShell = true, true
	// bash's coproc child runs a simple command or ( ) without a
	// further fork
	sub.tail = &execTail{stmt: tailStmt([]*syntax.Stmt{c.Stmt})}
	sub.fds.set(0, newShared(inR, true))
	// its stdin is a pipe: an asynchronous command in it keeps it
	// (execute_in_subshell's stdin_redir for pipe_in)
	sub.stdinRedir = true
	sub.fds.set(1, newShared(outW, true))
	job := r.jobs.add(sub.bashpid, text)
	// bash's coprocess is a process that outlives the shell: the ending
	// shell lets this one run its shell code first (settleBackground)
	sub.bgJob = job
	r.sh.bg.add(job)
	ready := make(chan int, 1)
	sub.onSpawn = func(pid int) {
		select {
		case ready <- pid:
		default:
		}
	}
	// a job as a background command is: its program's death by a signal
	// is kept for the notice at its reaping, not printed at once
	sub.job = job
	sub.asyncExternal = r.runsExternal(c.Stmt)
	cancel := sub.killableBy(job)
	if sub.asyncInt == asyncIntNone && !r.opts.on(optMonitor) {
		sub.asyncInt = asyncIntSoft // execute_in_subshell, asynchronous
	}
	deadAt := new(atomic.Int64)
	deadAt.Store(-1)
	go func() {
		if len(redirs) > 0 {
			sub.withRedirsOf(redirs, nil, false, func() { sub.stmt(c.Stmt) })
		} else {
			sub.stmt(c.Stmt)
		}
		st := sub.subStatus()
		sub.fds.releaseAll()
		deadAt.Store(r.sh.fgWaits.Load())
		job.finish(st)
		r.sh.bg.remove(job)
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
	// bash makes both close-on-exec: the programs the shell runs,
	// the coprocess's next ones included, do not hold its pipes open
	r.fds.setCloexec(rfd, true)
	r.fds.setCloexec(wfd, true)
	name = r.coprocSetVars(name, rfd, wfd, job.pid())
	r.cop = &activeCoproc{name: name, job: job, rfd: rfd, wfd: wfd, rs: rs, ws: ws, deadAt: deadAt}
	r.lastBg = job.pid()
	r.exit = 0
}

// closeCoprocFDsIn closes, in the fd table of a subshell forked for ( ),
// a pipeline element or an asynchronous command (simple or not), the fds
// the coprocess has now, whatever they hold: bash's coproc_closeall in
// such a child, before its redirections (not in a command substitution's,
// nor for a program run in the foreground, which only loses them as
// they are close-on-exec). The new coprocess's own child forks with none
// known (bash's coproc_init comes first).
func (r *Runner) closeCoprocFDsIn(t *fdTable) {
	if cp := r.cop; cp != nil {
		for _, n := range [2]int{cp.rfd, cp.wfd} {
			if n >= 0 {
				t.close(n)
			}
		}
	}
}

// activeCoproc is a coprocess whose fds and variables the shell keeps
// until it ends.
type activeCoproc struct {
	name     string
	job      *job
	rfd, wfd int
	rs, ws   *sharedFile
	// deadAt is shell.fgWaits when it ended (-1 while it runs)
	deadAt *atomic.Int64
	// inherited is set in a command substitution's copy, which never
	// reaps it
	inherited bool
}

// reapCoprocs disposes of the coprocess once it has ended, as bash's
// coproc_reap does where it cleans up dead jobs: as its reader reads a
// line, after a foreground command it waited for, after a loop's test or
// body, and in wait. Its fds are closed (unless moved or closed already)
// and NAME and NAME_PID are unset. bash learns of the end from SIGCHLD,
// which a shell running builtins rarely handles before its next line or
// loop test (its child is still starting, or just closed its pipe): there
// the end counts only once a foreground wait has completed after it (the
// in-process coprocess may end at once); after a wait (waited) it counts.
func (r *Runner) reapCoprocs(waited bool) {
	cp := r.cop
	if cp == nil || cp.inherited || !cp.job.finished() {
		return
	}
	if d := cp.deadAt.Load(); !waited && (d < 0 || r.sh.fgWaits.Load() <= d) {
		return
	}
	if cp.rfd >= 0 && r.fds.entry(cp.rfd) == cp.rs {
		r.fds.close(cp.rfd)
	}
	if cp.wfd >= 0 && r.fds.entry(cp.wfd) == cp.ws {
		r.fds.close(cp.wfd)
	}
	r.coprocUnsetVars(cp)
	r.cop = nil
}

// coprocUnsetVars is bash's coproc_unsetvars: NAME_PID itself, NAME
// through a reference, complaining when it is readonly.
func (r *Runner) coprocUnsetVars(cp *activeCoproc) {
	if cp.name == "" {
		return
	}
	r.vars.unbind(cp.name + "_PID")
	if r.isElemRef(cp.name) {
		// bash's unbind_variable finds no variable named by an
		// element, and unsets the reference itself
		r.vars.unbind(cp.name)
	} else if err := r.unsetVar(cp.name); err != nil {
		r.reportErr(err)
	}
}

// flushCoproc is bash's coproc_flush as the shell exits, after the EXIT
// trap: the coprocess still known, ended or not, loses its variables.
func (r *Runner) flushCoproc() {
	if cp := r.cop; cp != nil {
		flow := r.flow
		r.flow = flowNone // (its readonly complaint is only said)
		r.coprocUnsetVars(cp)
		r.flow = flow
		r.cop = nil
	}
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
		r.bErr("", "`%s': not a valid identifier", r.vars.get(target).str) // sh_invalidid
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

// unnamedCoprocIn reads c, parsed from src, as bash does where mvdan's
// parser read it otherwise: bash names a coprocess only before a compound
// command, so in `coproc cat 2>/dev/null` the word starts the simple
// command; and `coproc x=1 cmd` starts with an assignment, not a command
// name. The command is parsed again from the source, at the same offsets,
// lines and columns; c is returned as is where that fails. (The printer
// shows the command as bash read it too.)
func unnamedCoprocIn(src string, c *syntax.CoprocClause) *syntax.CoprocClause {
	if c.Stmt == nil || isCompound(c.Stmt.Cmd) {
		return c
	}
	var from int
	switch call, _ := c.Stmt.Cmd.(*syntax.CallExpr); {
	case c.Name != nil:
		from = int(c.Name.Pos().Offset())
	case call != nil && len(call.Args) > 0 && srcAssignWord(src, call.Args[0]):
		// (mvdan's statement may start at a later assignment)
		from = min(int(c.Stmt.Pos().Offset()), int(call.Args[0].Pos().Offset()))
	case call != nil && len(call.Args) > 0 && len(call.Assigns) > 0 && call.Args[0].Pos().Offset() < call.Assigns[0].Pos().Offset():
		// `coproc cat a=1`: mvdan read cat as a name, then the
		// assignments as a command's, and put cat back after them
		from = int(call.Args[0].Pos().Offset())
	default:
		return c
	}
	to := int(c.Stmt.End().Offset())
	if call, _ := c.Stmt.Cmd.(*syntax.CallExpr); call != nil {
		for _, a := range call.Assigns {
			// (its end is that of the name put last)
			to = max(to, int(a.End().Offset()))
		}
	}
	if from >= to || to > len(src) {
		return c
	}
	f, err := parseBash(spanAlone(src, from, to), "")
	if err != nil || len(f.Stmts) != 1 {
		return c
	}
	return &syntax.CoprocClause{Coproc: c.Coproc, Stmt: f.Stmts[0]}
}

// withHdocBodies is to, the end of n in src, moved past the bodies and
// delimiter lines of n's here-documents, which follow n's end: parsed
// again, the span keeps them.
func withHdocBodies(src string, n syntax.Node, to int) int {
	walk(n, func(node syntax.Node) bool {
		rd, ok := node.(*syntax.Redirect)
		if !ok || rd.Hdoc == nil || !rd.Hdoc.End().IsValid() {
			return true
		}
		e := int(rd.Hdoc.End().Offset())
		if e >= len(src) {
			return true
		}
		k := strings.IndexByte(src[e:], '\n')
		if k < 0 {
			k = len(src) - e
		}
		to = max(to, e+k)
		return true
	})
	return to
}

// spanAlone is src up to to with everything before from blanked but its
// newlines: parsed, the text from..to keeps its offsets, lines and columns.
func spanAlone(src string, from, to int) string {
	b := []byte(src[:to])
	for i := 0; i < from; i++ {
		if b[i] != '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}

// coprocCommand is unnamedCoprocIn that also reads `coproc b=() cmd` as
// bash does: mvdan's parser took b= for the coprocess's name and "() cmd"
// for an anonymous function, bash reads a simple command whose prefix
// assigns "()" (envcompound.go's rewrite makes it one mvdan's parser
// takes). It returns the text the command's positions refer to: src, or
// src rewritten there.
func coprocCommand(src string, c *syntax.CoprocClause) (*syntax.CoprocClause, string) {
	var fd *syntax.FuncDecl
	if c.Stmt != nil {
		fd, _ = c.Stmt.Cmd.(*syntax.FuncDecl)
	}
	if fd == nil || fd.Name != nil || c.Name == nil {
		return unnamedCoprocIn(src, c), src
	}
	from, to := int(c.Name.Pos().Offset()), withHdocBodies(src, c.Stmt, int(c.Stmt.End().Offset()))
	if from >= to || to > len(src) {
		return c, src
	}
	f, text, err := parseProgram(spanAlone(src, from, to), "")
	if err != nil || len(f.Stmts) != 1 {
		return c, src
	}
	return &syntax.CoprocClause{Coproc: c.Coproc, Stmt: f.Stmts[0]}, text + src[to:]
}

// srcAssignWord reports whether w, as written in src, is an assignment.
func srcAssignWord(src string, w *syntax.Word) bool {
	from, to := int(w.Pos().Offset()), int(w.End().Offset())
	return from < to && to <= len(src) && isAssignWord(src[from:to])
}
