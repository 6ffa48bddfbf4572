package interp

import (
	"errors"
	"os"
	"slices"
	"sync"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// pipeline runs a | b | … with one goroutine per stage; stages are
// subshells (the last one runs in the shell itself with lastpipe).
// External stages get the pipe ends as their real fds, so the kernel moves
// the bytes; a Gate that taps a link gets a copier interposed there.
func (r *Runner) pipeline(c *syntax.BinaryCmd) {
	stages := pipelineStages(c)
	for i := 1; i < len(stages); i++ {
		st := pipedTimeCall(stages[i])
		if st == nil {
			continue
		}
		// the clause held the rest of the pipeline: its stages are ours
		rest := append([]*syntax.Stmt(nil), stages[i+1:]...)
		stages = stages[:i]
		if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) && !st.Negated && len(st.Redirs) == 0 {
			stages = append(stages, pipelineStages(b)...)
		} else {
			stages = append(stages, st)
		}
		stages = append(stages, rest...)
	}
	n := len(stages)
	r.sh.mu.Lock()
	r.sh.pipelines++
	pid := r.sh.pipelines
	r.sh.mu.Unlock()

	var debugged []debugMark // (most pipelines: no DEBUG trap, no allocation)
	if !r.inDebug && r.traps.has("DEBUG") {
		debugged = make([]debugMark, n)
	}
	r.syncScript() // bash forks for the elements
	runners := make([]*Runner, n)
	// the elements of an asynchronous pipeline are bash's asynchronous
	// children each (execute_pipeline passes asynchronous on)
	async := r.async && r.forkedFor == syntax.Command(c)
	asyncPipe := async && !r.opts.on(optMonitor)
	// (lastpipe is for a pipeline run in the foreground only: $! of an
	// asynchronous one is its last element's process)
	lastpipe := r.opts.sh(shLastpipe) && !r.opts.jobControl() && !async
	cut := 0 // the stages forked before a DEBUG trap ended the shell or function
	for i := range stages {
		if debugged != nil {
			// bash runs a stage's DEBUG trap as it comes to fork it:
			// the stages before it were forked without what the trap
			// does, the stage and the ones after it see it
			debugged[i] = r.debugStage(stages[i])
			if r.flow != flowNone {
				// the trap ended the shell or the function
				if i == 0 {
					return
				}
				cut = i
				break
			}
		}
		if i == n-1 && lastpipe {
			runners[i] = r
			r.lastpipeFDs = r.fds.clone()
			r.saveLastpipeStdin()
			continue
		}
		r.nameParen(stages[i])
		sub := r.fork("subshell")
		sub.stdinRedir = sub.stdinRedir || i > 0 // its stdin is a pipe
		sub.forkedFor = stages[i].Cmd
		sub.leaveLoopsFor(stages[i].Cmd)
		if debugged != nil && debugged[i] != 0 {
			sub.debugDone = stages[i].Cmd
			sub.debugSkip = debugged[i] == debugSkipped
		}
		if c, ok := stages[i].Cmd.(*syntax.Subshell); ok {
			// bash's parent sets line_number to the ( )'s line as it
			// forks it: the line of the messages of its redirections,
			// even in an if's or a loop's test
			sub.noticeLine = r.parenLine(c)
		}
		switch stages[i].Cmd.(type) {
		case *syntax.CallExpr, *syntax.DeclClause, *syntax.LetClause:
			sub.forkedSimple = stages[i].Cmd
			// forked by execute_simple_command, not
			// execute_in_subshell: the running traps stay running
			sub.inheritTrapState(r, "simple")
			// bash's child for a simple command keeps the level of
			// $BASH_SUBSHELL; a function it calls raises it (call)
			sub.subLevelAdj--
			sub.simpleStageLevel = true
			sub.forkedForSimple(r)
			sub.asyncSigs = asyncPipe && sub.runsExternal(stages[i])
		default:
			if asyncPipe && sub.asyncInt == asyncIntNone {
				sub.asyncInt = asyncIntSoft
			}
		}
		runners[i] = sub
	}
	if cut > 0 {
		// the stages bash forked before the trap ended it run on; the
		// last writes into a pipe whose reader the shell closed
		stages, runners, debugged, n, lastpipe = stages[:cut], runners[:cut], debugged[:cut], cut, false
		if pr, pw, err := newPipe(); err == nil {
			pr.Close()
			runners[n-1].fds.set(1, newShared(pw, true))
		}
	}
	starts := make([]*stageStart, n-1)
	for i := range starts {
		parent := r.stageGo
		if i > 0 {
			parent = nil
		}
		starts[i] = newStageStart(parent)
		if runners[i] != r {
			runners[i].stageGo = starts[i]
		}
	}
	var copiers sync.WaitGroup
	for i := 0; i < n-1; i++ {
		pr, pw, err := newPipe()
		if err != nil {
			r.errorf("pipe error: %v", err)
			r.exit = 1
			// nothing runs: the stages' tables (the pipes made so far
			// among them) go, and a tee's copier sees its writer close
			for _, sub := range runners {
				stageTable(r, sub).releaseAll()
			}
			r.lastpipeFDs = nil
			copiers.Wait()
			return
		}
		var tap PipeTap
		if r.sh.gate != nil {
			tap = r.gatePipe(&PipeInfo{Pipeline: PipelinePos{ID: pid, Index: i, Len: n}, Nesting: r.nesting})
		}
		if tap != nil {
			pr2, pw2, err := newPipe()
			if err == nil {
				copiers.Add(1)
				// the copier owns the first pipe's read end and the second
				// pipe's write end; the reading stage gets pr2
				go func(dst, src *os.File, tap PipeTap) {
					defer copiers.Done()
					teeCopy(dst, src, tap)
				}(pw2, pr, tap)
				pr = pr2
			} else {
				tap.Close(true)
			}
		}
		w := newShared(pw, true)
		stageTable(r, runners[i]).set(1, w)
		stageTable(r, runners[i+1]).set(0, newShared(pr, true))
	}
	deaths := make([]stageDeath, n)
	for i, sub := range runners {
		if sub != r {
			sub.stageDeath = &deaths[i]
		}
	}
	var bg *job // the background job the pipeline is, for jobs -l
	if r.job != nil && r.jobCmd == syntax.Command(c) {
		bg = r.job
	}
	// the nash started for the background job the pipeline is tells the
	// shell instead
	reporting := r.sh.bgReport != nil && r.bgProcess && r.forkedFor == syntax.Command(c)
	mark, catching := r.beginFgWait()
	var wg sync.WaitGroup
	status := make([]int, n)
	for i := range stages {
		sub := runners[i]
		sub.pipePos = &PipelinePos{ID: pid, Index: i, Len: n}
		if sub == r {
			// lastpipe: bash moves the pipe to fd 0 and passes no
			// pipe_in, so a ( ) there has no input pipe of its own
			continue
		}
		sub.pipeStmt = stages[i]
		forwarded := func() {}
		if i == n-1 && r.bgProcess && r.forkedFor == syntax.Command(c) {
			// the job's $! is the last element's pid in bash
			forwarded = sub.forwardToProgram()
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			c := runners[i]
			if i > 0 {
				starts[i-1].wait()
			}
			if i < n-1 {
				starts[i].begin()
			}
			c.stmt(stages[i])
			if i < n-1 {
				starts[i].fire()
			}
			status[i] = c.subStatus()
			if c.selfKilled != 0 && deaths[i].sig == 0 {
				// kill $BASHPID ended the stage, which bash forks:
				// its job died of the signal as a process would have
				deaths[i] = stageDeath{pid: c.bashpid, sig: c.selfKilled}
			}
			forwarded()
			if bg != nil {
				bg.stageEnded(i, status[i], deaths[i])
			} else if reporting {
				r.reportStage(i, status[i], deaths[i])
			}
			c.fds.releaseAll()
			r.forkedChildEnded() // bash forks each stage
		}(i)
	}
	if lastpipe {
		saved := r.fds
		r.fds = r.lastpipeFDs
		r.lastpipeFDs = nil
		starts[n-2].wait()
		if debugged != nil && debugged[n-1] != 0 {
			r.debugDone = stages[n-1].Cmd
			r.debugSkip = debugged[n-1] == debugSkipped
		}
		// bash freezes the jobs list while the last element runs
		// (freeze_jobs_list): the notices of what it runs wait
		r.jobsFrozen++
		r.stmt(stages[n-1])
		if r.jobsFrozen--; r.jobsFrozen == 0 && len(r.frozenNotices) > 0 {
			// the pipeline's own wait notifies nothing: they wait
			// for the reader's next line
			r.frozenSkip = true
		}
		r.debugDone, r.debugSkip = nil, false
		status[n-1] = r.exit
		if r.flow == flowExit {
			status[n-1] = r.exitCode
		}
		if bg != nil {
			bg.stageEnded(n-1, status[n-1], deaths[n-1])
		} else if reporting {
			r.reportStage(n-1, status[n-1], deaths[n-1])
		}
		r.fds.releaseAll()
		r.fds = saved
	}
	r.pipePos = nil
	wg.Wait()
	copiers.Wait()
	if cut > 0 {
		return // the status is the one the trap ended the shell or function with
	}
	if catching && r.endPipelineWait(mark) && r.interruptedWait() {
		return // the shell is ending by SIGINT
	}
	if bg == nil && !lastpipe && r.termBeforeStatus() {
		return // by a signal that came during the wait, $? unchanged
	}
	if !lastpipe && !r.inTrap {
		r.pipelineBashCommand(stages)
	}
	if !lastpipe && bg == nil && slices.ContainsFunc(deaths, func(d stageDeath) bool { return d.sig != 0 }) {
		r.ttyStateAfterJob()
	}
	if !lastpipe && !r.quietNotices() {
		// with lastpipe, bash never reports the job of the elements it
		// forked
		r.pipelineNotice(c, stages, runners, deaths, status)
	}
	r.leaveParenLine(stages)
	if !lastpipe {
		r.parenStageErrTrap(c, stages[n-1], status[n-1])
	}
	r.pipeStatus = status
	if debugged != nil {
		r.pipeStatus = unskippedStatuses(status, debugged)
	}
	r.psOwned = false
	st := status[n-1]
	if r.opts.on(optPipefail) {
		for i := n - 1; i >= 0; i-- {
			if status[i] != 0 {
				st = status[i]
				break
			}
		}
	}
	r.exit = st
	if bg == nil && !reporting {
		r.monitorJobInterrupted(firstStageSignal(deaths))
	}
	r.notifyAfterChild()
	if !lastpipe {
		r.pipelineErrLine(stages)
	}
}

// pipelineErrLine leaves r.line at the line of the pipeline's last stage
// that is a simple command: bash's parent sets the line of each such
// stage as it forks it, and keeps the last for an ERR trap after the
// pipeline ($LINENO there names the line of the last stage, not the
// first).
func (r *Runner) pipelineErrLine(stages []*syntax.Stmt) {
	for i := len(stages) - 1; i >= 0; i-- {
		switch c := stages[i].Cmd.(type) {
		case *syntax.CallExpr:
			r.line = r.lineAt(simpleLine(c, stages[i].Redirs, r.curSrc))
			return
		case *syntax.DeclClause, *syntax.LetClause:
			r.line = r.lineAt(clauseLine(c, r.curSrc))
			return
		case *syntax.Subshell:
			// the parent sets a ( )'s line (that of its ")") as it
			// forks it too
			r.line = r.parenLine(c)
			return
		}
	}
}

// parenStageErrTrap runs the ERR trap for a ( ) that ends the pipeline c
// (without lastpipe) and failed: bash's parent, which waits for such a
// subshell itself (execute_command_internal's user_subshell case), runs
// it then, before the trap for the pipeline's own status, and under
// set -e exits right after it. A ! before the pipeline hides the stage's
// status only under set -e, where it makes the pipeline ignore_return.
func (r *Runner) parenStageErrTrap(c *syntax.BinaryCmd, last *syntax.Stmt, status int) {
	sub, ok := last.Cmd.(*syntax.Subshell)
	if !ok || status == 0 || r.flow != flowNone {
		return
	}
	if st := r.curStmt; st != nil && st.Cmd == c && st.Negated && r.opts.on(optErrexit) {
		return
	}
	if r.statusIgnored() {
		return
	}
	line, exit, noErrExit := r.line, r.exit, r.noErrExit
	r.line, r.exit, r.noErrExit = r.parenLine(sub), status, r.ignoreBase
	r.failed(true)
	r.line, r.noErrExit = line, noErrExit
	if r.flow == flowNone {
		r.exit = exit
	}
}

func stageTable(r, sub *Runner) *fdTable {
	if sub == r {
		return r.lastpipeFDs
	}
	return sub.fds
}

// teeCopy moves bytes from src to dst, handing each chunk to tap. When the
// reader goes away, src is closed so the writer sees EPIPE/SIGPIPE as it
// would on a plain pipe. A panicking tap degrades to plain passthrough.
func teeCopy(dst, src *os.File, tap PipeTap) {
	if teePipes(dst, src, tap) {
		return
	}
	buf := make([]byte, 64*1024)
	failed := false
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if !failed {
				failed = !safeTapWrite(tap, buf[:n])
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				break
			}
		}
		if err != nil {
			if errors.Is(err, syscall.EINTR) {
				continue
			}
			break
		}
	}
	src.Close()
	dst.Close()
	safeTapClose(tap, failed)
}

// spliceNonblock is SPLICE_F_NONBLOCK: tee returns EAGAIN instead of
// sleeping, so that the copier waits in teeWait, where it also sees the
// next stage go.
const spliceNonblock = 0x2

// teePipes is teeCopy for two pipes: tee(2) hands each chunk to the next
// stage without copying it through user space, then the same bytes are
// read (consumed) once for the tap. It reports false, having done nothing,
// when the kernel refuses tee on these descriptors. The links keep the
// kernel's default pipe size: a larger buffer would let a writer finish
// where under bash it gets SIGPIPE (seq 1 100000 | head -1 must still
// report 141 in PIPESTATUS), so the tap costs some throughput instead.
func teePipes(dst, src *os.File, tap PipeTap) bool {
	rfd, wfd := int(src.Fd()), int(dst.Fd())
	buf := make([]byte, 256*1024)
	failed, first, srcReady := false, true, false
	for {
		n, err := syscall.Tee(rfd, wfd, len(buf), spliceNonblock)
		if err == syscall.EINTR {
			continue
		}
		if first && err == syscall.EINVAL {
			return false
		}
		first = false
		if err == syscall.EAGAIN {
			// src empty (or, once it had data, dst full): wait, and
			// give up as soon as the next stage has gone
			if !teeWait(rfd, wfd, srcReady) {
				break
			}
			srcReady = !srcReady
			continue
		}
		srcReady = false
		if err != nil || n == 0 {
			// EOF, or the reader went away (EPIPE): closing src below
			// gives the writer its SIGPIPE, as a plain pipe would
			break
		}
		got := 0
		for got < int(n) {
			m, rerr := syscall.Read(rfd, buf[got:n])
			if rerr == syscall.EINTR {
				continue
			}
			if rerr != nil || m == 0 {
				break
			}
			got += m
		}
		if !failed {
			failed = !safeTapWrite(tap, buf[:got])
		}
	}
	src.Close()
	dst.Close()
	safeTapClose(tap, failed)
	return true
}

func safeTapWrite(tap PipeTap, p []byte) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	tap.Write(p)
	return true
}

func safeTapClose(tap PipeTap, failed bool) {
	defer func() { recover() }()
	tap.Close(failed)
}

// pipelineBashCommand leaves $BASH_COMMAND as bash does after a pipeline
// whose stages ran in subshells: bash prints each simple command for
// $BASH_COMMAND in the shell itself before forking it, so the last
// simple-command stage's text remains (compound stages print nothing,
// but a ( ) names itself when an ERR trap could, nameParen).
func (r *Runner) pipelineBashCommand(stages []*syntax.Stmt) {
	for i := len(stages) - 1; i >= 0; i-- {
		st := stages[i]
		if r.nameParen(st) {
			return
		}
		switch c := st.Cmd.(type) {
		case *syntax.CallExpr:
			r.bashCmd = cmdText{call: c, redirs: st.Redirs, src: r.curSrc}
			return
		case *syntax.DeclClause, *syntax.LetClause:
			r.bashCmd = cmdText{node: c, src: r.curSrc, redirs: st.Redirs}
			return
		}
	}
}

// debugStage runs the DEBUG trap for a stage of a pipeline that is a
// simple command, in the shell, as bash runs it in execute_simple_command
// before it forks the command; the stage (and commands in it) does not
// run it again. Other stages are subshells, which keep no DEBUG trap
// without set -T. It reports whether the trap ran, and whether it
// skipped the stage (extdebug).
func (r *Runner) debugStage(st *syntax.Stmt) debugMark {
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		r.line = r.lineAt(simpleLine(c, st.Redirs, r.curSrc))
		if !r.inTrap {
			r.bashCmd = cmdText{call: c, redirs: st.Redirs, src: r.curSrc}
		}
	case *syntax.DeclClause, *syntax.LetClause:
		r.line = r.lineAt(clauseLine(c, r.curSrc))
		if !r.inTrap {
			r.bashCmd = cmdText{node: c, redirs: st.Redirs, src: r.curSrc}
		}
	default:
		return 0
	}
	if skip, _ := r.debugTrap(); skip {
		return debugSkipped
	}
	return debugRan
}

// unskippedStatuses is PIPESTATUS without the stages the DEBUG trap
// skipped (extdebug): bash forks no process for them, and its PIPESTATUS
// lists the pipeline's processes. Without any, it is the last status.
func unskippedStatuses(status []int, marks []debugMark) []int {
	var ps []int
	for i, st := range status {
		if marks[i] != debugSkipped {
			ps = append(ps, st)
		}
	}
	if len(ps) == 0 {
		ps = status[len(status)-1:]
	}
	return ps
}

// debugMark says what the DEBUG trap did for a pipeline stage.
type debugMark uint8

const (
	debugRan     debugMark = 1 + iota // ran in the pipeline's shell
	debugSkipped                      // and said to skip the stage
)

// withStderrDup returns a copy of the stage before |& with bash's implicit
// 2>&1 appended to its redirections: it applies after the stage's own
// (`{ …; } >f |& cat` sends both streams to f, and an error opening f
// goes to the original stderr).
func withStderrDup(st *syntax.Stmt) *syntax.Stmt {
	c := *st
	pos := st.End()
	c.Redirs = append(st.Redirs[:len(st.Redirs):len(st.Redirs)], &syntax.Redirect{
		OpPos: pos,
		Op:    syntax.DplOut,
		N:     &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: "2"},
		Word:  &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: "1"}}},
	})
	return &c
}

// saveLastpipeStdin gives the last element of a lastpipe pipeline the
// shell's stdin at a high descriptor, as bash's execute_pipeline moves it
// there (move_to_high_fd, not close-on-exec) while the element runs in
// the shell: the programs it starts inherit it. bash takes the highest
// free descriptor from 255 down, and the main shell reading a script
// file holds 255 itself.
func (r *Runner) saveLastpipeStdin() {
	s0 := r.fds.entry(0)
	if s0 == nil {
		return
	}
	hi := 255
	if !r.isSub && !r.sh.cmdString && !r.sh.stdinCmds && !r.sh.interactive {
		hi = 254
	}
	for hi > 3 && r.lastpipeFDs.entry(hi) != nil {
		hi--
	}
	if hi > 3 {
		r.lastpipeFDs.set(hi, s0.retain())
	}
}
