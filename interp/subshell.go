package interp

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// fakePIDBase is above Linux's maximum pid, so the synthetic $BASHPID and
// $! of in-process subshells never name a real process.
const fakePIDBase = 4194304

var fakePIDs atomic.Int64

// fork returns a subshell: a copy of r's state that shares nothing
// mutable with it. kind is its Nesting kind.
func (r *Runner) fork(kind string) *Runner {
	c := &Runner{
		sh:              r.sh,
		vars:            r.vars.fork(),
		funcs:           r.funcs,
		fshare:          true,
		aliases:         r.aliases,
		aliasSeq:        r.aliasSeq,
		aliasN:          r.aliasN,
		ashare:          true,
		comps:           r.comps,
		rlInit:          r.rlInit,
		bindList:        r.bindList,
		rlVars:          r.rlVars,
		rlMaps:          r.rlMaps,
		cshare:          true,
		opts:            r.opts,
		dir:             r.dir,
		inCwd:           r.inCwd,
		cwdLost:         r.cwdLost,
		cwdName:         r.cwdName,
		dirHandle:       r.dirHandle,
		dirThread:       r.dirThread.share(),
		umask:           r.umask,
		fds:             r.fds.clone(),
		savedFds:        slices.Clip(r.savedFds),
		params:          r.params,
		arg0:            r.arg0,
		exit:            r.exit,
		lastBg:          r.lastBg,
		stdinRedir:      r.stdinRedir,
		pipeStatus:      r.pipeStatus,
		psOwned:         false,
		traceLevel:      r.traceLevel,
		tildeColonOnly:  r.tildeColonOnly,
		forkLevel:       r.traceLevel,
		forkPE:          kind == "cmdsub" || kind == "procsubst",
		forkCalls:       len(r.calls),
		unwoundCalls:    r.unwoundCalls,
		unwoundPopped:   r.unwoundPopped,
		unwoundLeft:     r.unwoundLeft,
		exitTrapCalls:   r.exitTrapCalls,
		outerPE:         r.outerPE || r.forkPE || r.peTexts > 0 || r.inTrap,
		noErrExit:       r.noErrExit,
		ignoreBase:      r.ignoreBase,
		peLoops:         forkPELoops(kind),
		jobsFrozen:      r.jobsFrozen,
		ignoringErrexit: r.ignoringErrexit,
		traps:           r.traps.forSubshell(),
		nesting:         Nesting{Depth: r.nesting.Depth + 1, Kind: kind},
		subLevel:        r.subLevel + 1,
		recDepth:        r.recDepth + 1,
		subLevelAdj:     r.subLevelAdj,
		inParen:         r.inParen,
		bashpid:         fakePIDBase + int(fakePIDs.Add(1)),
		outerPids:       r.subshellPids(),
		jobs:            &jobTable{outer: r.jobs, forgot: kind == "subshell"},
		calls:           append([]callFrame(nil), r.calls...),
		localsReset:     r.localsReset,
		funcnameLeft:    r.funcnameLeft,
		sourceName:      r.sourceName,
		line:            r.line,
		noticeLine:      r.noticeLine,
		lineOff:         r.lineOff,
		lastArg:         r.lastArg,
		lastArgEnv:      r.lastArgEnv,
		execString:      r.execString,
		isSub:           true,
		inComsub:        r.inComsub,
		notLogin:        r.notLogin || kind == "subshell",
		loopDepth:       r.loopDepth,
		optind:          r.optind,
		dirStack:        append([]string(nil), r.dirStack...),
		ctx:             r.ctx,
		envGiven:        true,
		curSrc:          r.curSrc,
		aliasTopSrc:     r.aliasTopSrc,
		lastSubStatus:   -1,
		globDots:        r.globDots,
		readonlyFuncs:   r.readonlyFuncs,
		secondsBase:     r.secondsBase,
		secondsOff:      r.secondsOff,
		timesBase:       processTimes(),
		topParams:       r.topParams,
		bashPath:        r.bashPath,
		bashArgv0:       r.bashArgv0,
		bashByName:      r.bashByName,
		hashPath:        r.hashPath,
		onExec:          r.onExec,
		rlimits:         r.rlimits,
		xtraceFD:        r.xtraceFD,
		xtraceVal:       r.xtraceVal,
		tracePending:    r.tracePending, // a forked child's copy of the stdio buffer
		dynSeen:         r.dynSeen,
		thisCmd:         r.thisCmd,
		bashCmd:         r.bashCmd,
		lineConts:       r.lineConts,
		contsEnd:        r.contsEnd,
		bgJob:           r.bgJob,
		async:           r.async,
		asyncShell:      r.asyncShell,
		hist:            r.hist.clone(),
		asyncInt:        r.forkAsyncInt(),
	}
	c.traps.keepLive(r.opts.on(optErrtrace), r.opts.on(optFunctrace))
	c.inheritTrapState(r, kind)
	// bash's subshells run without job control; a command substitution
	// keeps it (command_substitute leaves job_control alone)
	c.opts.jobCtlOff = kind != "cmdsub" || r.opts.jobCtlOff
	if kind == "subshell" {
		c.stageGo = r.stageGo // ( ) and nested pipelines start the stage too
		r.closeCoprocFDsIn(c.fds)
	} else if r.cop != nil {
		// a command substitution's child still knows the coprocess
		// (its subshells close its fds, a coprocess of its own warns),
		// but it is no child of this one to be reaped
		cp := *r.cop
		cp.inherited = true
		c.cop = &cp
	}
	r.fshare = true
	r.ashare = true
	r.cshare = true
	r.psOwned = false
	c.hash, c.hashSeq = cloneHash(r.hash), r.hashSeq
	c.jobs.childEnded = c.forkedChildEnded // its asynchronous children
	if r.disabled != nil {
		// enable -n in the parent holds in the subshell; the subshell's
		// own enable does not reach the parent
		c.disabled = make(map[string]bool, len(r.disabled))
		for k, v := range r.disabled {
			c.disabled[k] = v
		}
	}
	return c
}

// forkPELoops is peLoops for a fork: a command substitution's text is
// run by parse_and_execute from no loop; another subshell has none.
func forkPELoops(kind string) int {
	if kind == "cmdsub" {
		return 0
	}
	return -1
}

// leaveLoopsFor forgets the enclosing loops in a subshell forked for a
// compound command (a pipeline element or an asynchronous one): bash runs
// those through execute_in_subshell, which is not the loop's execution
// environment (POSIX interp 842), so break and continue there complain.
// A simple command forked the same way keeps them, as in bash.
func (c *Runner) leaveLoopsFor(cmd syntax.Command) {
	switch cmd.(type) {
	case *syntax.CallExpr, *syntax.DeclClause, *syntax.LetClause, nil:
	default:
		c.loopDepth = 0
	}
}

// endParenInRedirs ends the child forked for a ( ), or for a { } in a
// pipeline or run asynchronously, while the redirections
// written on it are still in place: bash redirects in the child and runs
// its EXIT trap before the child exits, so the trap writes where the
// commands did. Whoever forked the child calls subStatus again.
func (c *Runner) endParenInRedirs() { c.exit = c.subStatus() }

// subStatus is a finished subshell's exit status, after its EXIT trap.
// A second call finds the trap run and gives the same status
// (endParenInRedirs makes the first).
func (c *Runner) subStatus() int {
	c.stageExpansionExit()
	if c.flow == flowExit {
		c.exit = c.exitCode
	}
	if _, simple := c.forkedFor.(*syntax.CallExpr); c.flow == flowAbort && c.abortKeep && !c.sh.cmdString && !c.forkPE && !simple {
		// a builtin abandoned the line without a status: the child of
		// a script exits through reader_loop's DISCARD with the status
		// before it, 0 made 1 (keepStatusOnDiscard); one of a -c
		// string or a $( ) through parse_and_execute's, and one forked
		// for a simple command through
		// execute_subshell_builtin_or_function's, with 1
		c.exit = c.abortPrev
		if c.exit == 0 {
			c.exit = 1
		}
	}
	c.flow = flowNone
	if c.selfIntPending && c.traps != nil && c.traps.has("EXIT") {
		// the SIGINT it sent itself with no command after: bash's
		// first check is in the EXIT trap, which dies before it reads
		// the action (as after killSelf's quiet tail); with no trap
		// the subshell ends with the kill's status
		c.diePendingInt()
		c.flow, c.selfKillQuiet = flowNone, true
	}
	if c.selfKilled != 0 {
		// the EXIT trap of a subshell dying of a signal sees $? as
		// it was before the kill, outside any frame (bash's
		// termsig_handler)
		c.exit = c.selfKillPrev
		c.resetFrames()
	}
	// bash notices a signal it sent itself at its next check (QUIT);
	// when the kill ended a ( ) with none between, the first is in the
	// EXIT trap, whose run then dies at once without running it
	if c.selfKilled == 0 || bashTermSignal(c.selfKilled) && !c.selfKillQuiet {
		c.runExitTrap()
	}
	if c.flow == flowExit {
		c.exit = c.exitCode
	}
	if c.selfKilled != 0 {
		c.exit = 128 + int(c.selfKilled) // the signal's status, whatever the EXIT trap did
	}
	c.traceFlush()
	return c.exit & 0xff
}

// subshell runs fn in a subshell and sets $? to its status.
func (r *Runner) subshell(fn func(*Runner), kind string) {
	r.syncScript() // bash forks for it
	c := r.fork(kind)
	if !c.forkOverflows() {
		fn(c)
	}
	status := c.subStatus()
	if !r.termBeforeStatus() {
		r.exit = status
	}
	c.fds.releaseAll()
	r.forkedChildEnded()
	r.notifyAfterChild()
}

// forkedChildEnded counts, for the CHLD trap, the end of an in-process
// subshell that bash would have forked from this shell.
func (r *Runner) forkedChildEnded() {
	if r.isSub {
		// a subshell's own CHLD trap runs for its children, as in
		// bash's forked subshell (runPendingTraps; this may run on
		// another goroutine)
		r.subChld.Add(1)
		return
	}
	if s := r.sh.sigs; s != nil {
		s.noteChild()
	}
}

// cmdSubst runs a command substitution and returns its output with
// trailing newlines removed.
func (r *Runner) cmdSubst(cs *syntax.CmdSubst) (string, error) {
	if cs.TempFile || cs.ReplyVar {
		// ${ cmd;} and ${|cmd;} are bash 5.3's (and mksh's): to bash 5.2
		// they are a bad substitution (an invalid name to
		// parameter_brace_expand, fatal to a POSIX shell)
		return "", r.badSubstErr(funsubShown(r.nodeText(cs), r.dblDepth > 0))
	}
	if text, ok := bqErrorText(cs); ok {
		return r.bqSyntaxError(text)
	}
	r.echoComsubHdocs(cs)
	// $(< file) reads the file directly
	if len(cs.Stmts) == 1 {
		st := cs.Stmts[0]
		if st.Cmd == nil && len(st.Redirs) == 1 && st.Redirs[0].Op == syntax.RdrIn && st.Redirs[0].N == nil {
			r.echoCatFile(cs, st.Redirs[0])
			path, err := r.redirTarget(st.Redirs[0])
			if err != nil {
				return "", err
			}
			r.syncScript() // bash forks for it
			b, err := readFileRaw(r.absPath(path))
			if err != nil {
				if err := r.reportError("%s: %s", path, pathErrMsg(err)); err != nil {
					return "", err
				}
				r.lastSubStatus = 1
				r.exit = 1
				return "", nil
			}
			r.lastSubStatus = 0
			return r.comsubText(b), nil
		}
	}
	if len(cs.Stmts) == 0 && r.blankSubst(cs) {
		// bash runs nothing for blank text (no fork): $? stays, and a
		// command of only assignments keeps its own status
		return "", nil
	}
	pr, pw, err := newPolledPipe()
	if err != nil {
		return "", expErr("cannot make pipe for command substitution: %v", err)
	}
	r.syncScript() // bash forks for it
	c := r.fork("cmdsub")
	c.inComsub = true
	c.comsubWritten = false // its own substitutions are parsed with it
	// its text is read whole before it runs (parse_and_execute): a
	// compound command's redirections are made at its last line
	c.noticeLine = 0
	c.tail = noForkTail(cs.Stmts, c.curSrc, false)
	c.traceLevel++                 // parsed and run like eval: one more PS4 level
	c.opts.set[optVerbose] = false // bash's command_substitute turns set -v off
	// bash parses the substitution's text when it runs, counting lines
	// from the command's line: backquoted text as written, $(...) as
	// bash prints it back (from its first command)
	base := int(cs.Pos().Line())
	if !cs.Backquotes && len(cs.Stmts) > 0 && !r.comsubWritten {
		base = int(cs.Stmts[0].Pos().Line())
	}
	c.lineOff = r.line - base
	c.lineConts, c.contsEnd = comsubConts(r.curSrc, cs, base), int(cs.End().Line())
	stmts := cs.Stmts
	pc, reprinted := r.reprintedComsub(cs)
	if reprinted && !r.comsubWritten {
		// the text bash runs: its lines from the command's line
		stmts, c.curSrc, c.lineOff, c.lineConts = pc.stmts, pc.text, r.line-1, nil
		c.tail = noForkTail(stmts, c.curSrc, false)
		if r.aliasesParsed() {
			c.aliasTopSrc = c.curSrc // printed from text read with its aliases
		}
	}
	var at substAliases
	if r.comsubAliasesAtRun(cs) {
		b, off, first, ok := comsubBody(r.curSrc, cs)
		at = c.substAliasesAtRun(pc, reprinted, b, off, r.line-first, ok, r.line, comsubErrName)
	}
	if !r.opts.sh(shInheritErrexit) && !r.opts.on(optPosix) {
		c.opts.set[optErrexit] = false
	}
	c.fds.set(1, newShared(pw, true))
	var buf bytes.Buffer
	done := make(chan struct{})
	go func() {
		io.Copy(&buf, pr)
		pr.Close()
		close(done)
	}()
	if len(cs.Stmts) == 0 {
		// only a comment: bash's empty parse_and_execute succeeds,
		// whatever $? was
		c.exit = 0
	}
	switch {
	case c.forkOverflows():
	default:
		c.substStmts(stmts, at)
	}
	// bash runs the text with parse_and_execute, which puts
	// $BASH_COMMAND back as it ends: the EXIT trap sees the parent's
	c.bashCmd = r.bashCmd
	if c.selfIntPending && c.flow == flowNone {
		// parse_and_execute checks for it after the last command
		c.diePendingInt()
	}
	status := c.subStatus()
	c.fds.releaseAll()
	<-done
	r.forkedChildEnded()
	if (c.tailInt || c.selfKilled == syscall.SIGINT) && status == 128+int(syscall.SIGINT) {
		// bash's substitution child died by SIGINT: the shell sends
		// itself SIGINT (command_substitute)
		r.selfInterrupt()
	}
	if r.termBeforeStatus() {
		return "", nil // the shell is ending (flowExit)
	}
	r.lastSubStatus = status
	r.exit = status
	out := buf.Bytes()
	if g := r.sh.gate; g != nil {
		r.gateCmdSubst(&CmdSubstInfo{Cmd: r.curCmd, Nesting: c.nesting, Status: status}, out)
	}
	return r.comsubText(out), nil
}

// comsubText is a command substitution's value from its output: bash's
// read_comsub drops NUL bytes with a warning ($(< file) included) and the
// trailing newlines go.
func (r *Runner) comsubText(out []byte) string {
	if bytes.IndexByte(out, 0) >= 0 {
		r.errorf("warning: command substitution: ignored null byte in input")
		out = bytes.ReplaceAll(out, []byte{0}, nil)
	}
	return strings.TrimRight(string(out), "\n")
}

// comsubBody returns the text of cs's body in src, its offset there, and
// the line of that text its first command is on (1 for the first line);
// ok is false when src does not hold it as parsed, it is backquoted with
// backslashes (whose text is not the body read), or it has
// here-documents.
func comsubBody(src string, cs *syntax.CmdSubst) (body string, off, first int, ok bool) {
	open := "$("
	if cs.Backquotes {
		open = "`"
	}
	return substBody(src, cs.Left, cs.Right, open, cs.Stmts, cs.Backquotes)
}

// procSubstBody is comsubBody for a <(…) or >(…).
func procSubstBody(src string, ps *syntax.ProcSubst) (body string, off, first int, ok bool) {
	open := "<("
	if ps.Op == syntax.CmdOut {
		open = ">("
	}
	return substBody(src, ps.OpPos, ps.Rparen, open, ps.Stmts, false)
}

// substBody is comsubBody for the body of stmts, opened by open at left
// and closed at right.
func substBody(src string, left, right syntax.Pos, open string, stmts []*syntax.Stmt, backq bool) (body string, off, first int, ok bool) {
	if len(stmts) == 0 {
		return "", 0, 0, false
	}
	from, to := int(left.Offset()), int(right.Offset())
	if to > len(src) || from+len(open) > to || !strings.HasPrefix(src[from:], open) {
		return "", 0, 0, false
	}
	body = src[from+len(open) : to]
	if backq && strings.IndexByte(body, '\\') >= 0 || strings.Contains(body, "<<") {
		// here-documents: read once, with the line holding them
		return "", 0, 0, false
	}
	return body, from + len(open), int(stmts[0].Pos().Line()) - int(left.Line()) + 1, true
}

// blankSubst reports whether a command substitution without commands
// has only blanks and newlines between its delimiters, as opposed to a
// comment. Where the source text cannot be matched to cs's positions it
// is taken as blank, the far more common spelling.
func (r *Runner) blankSubst(cs *syntax.CmdSubst) bool {
	from, to := int(cs.Left.Offset()), int(cs.Right.Offset())
	src := r.curSrc
	if to > len(src) || from >= to {
		return true
	}
	text := src[from:to]
	switch {
	case cs.Backquotes && strings.HasPrefix(text, "`"):
		text = text[1:]
	case !cs.Backquotes && strings.HasPrefix(text, "$("):
		text = text[2:]
	default:
		return true
	}
	return !strings.Contains(text, "#")
}

// procSubst starts a process substitution and returns its /dev/fd path.
func (r *Runner) procSubst(ps *syntax.ProcSubst) (string, error) {
	pr, pw, err := newPipe()
	if err != nil {
		return "", expErr("cannot make pipe for process substitution: %v", err)
	}
	c := r.fork("procsubst")
	c.noticeLine = 0 // as a $(…)'s
	// bash parses the text when it runs it, as a $(…)'s: lines count
	// from the command's line, in the text as printed back when that
	// differs (see cmdSubst)
	stmts := ps.Stmts
	if len(stmts) > 0 {
		c.lineOff, c.lineConts = r.line-int(stmts[0].Pos().Line()), nil
	}
	pc, reprinted := r.reprintedProcSubst(ps)
	if reprinted {
		stmts, c.curSrc, c.lineOff = pc.stmts, pc.text, r.line-1
	}
	c.tail = noForkTail(stmts, c.curSrc, true)
	var at substAliases
	if r.procAliasesAtRun() {
		b, off, first, ok := procSubstBody(r.curSrc, ps)
		at = c.substAliasesAtRun(pc, reprinted, b, off, r.line-first, ok, r.line, procSubstErrName)
	}
	c.async = true
	c.opts.set[optVerbose] = false // as bash's process_substitute
	c.traceLevel++                 // parsed and run like eval: one more PS4 level
	var mine *os.File
	if ps.Op == syntax.CmdIn {
		c.fds.set(1, newShared(pw, true))
		mine = pr
	} else {
		c.fds.set(0, newShared(pr, true))
		mine = pw
	}
	// bash hands out 63, 62, ... for process substitutions
	n := 63
	for n >= 10 && r.fds.get(n) != nil {
		n--
	}
	if n < 10 {
		n = r.fds.lowestFree(64)
	}
	s := newShared(mine, true)
	r.fds.set(n, s)
	r.procFds = append(r.procFds, procFD{n, s})
	job := r.jobs.add(c.bashpid, "procsubst")
	// bash's process substitution is a process that outlives the shell
	// (exec > >(tee log) at the top of a script); the ending shell lets
	// this one start its program first (settleBackground)
	c.bgJob = job
	r.sh.bg.add(job)
	r.sh.procSubsts.add(job)
	go func() {
		c.substStmts(stmts, at)
		st := c.subStatus()
		c.fds.releaseAll()
		job.finish(st)
		r.sh.bg.remove(job)
		r.sh.procSubsts.remove(job)
	}()
	r.lastProcSubst = job
	r.lastBg = job.pid() // bash 5.1+: a process substitution sets $!
	return "/dev/fd/" + strconv.Itoa(n), nil
}

// procFD is a process substitution's end in the shell's fd table.
type procFD struct {
	n int
	s *sharedFile
}

// closeProcFds closes the process substitution fds made since mark (by
// the statement that just finished), as bash does once a command is
// done with them. Ends that went away with a redirection's table, or
// that a later redirection replaced, are left alone.
func (r *Runner) closeProcFds(mark int) {
	for _, p := range r.procFds[mark:] {
		if r.fds.entry(p.n) == p.s {
			r.fds.close(p.n)
		}
	}
	clear(r.procFds[mark:])
	r.procFds = r.procFds[:mark]
}

// background runs a statement asynchronously and sets $!.
func (r *Runner) background(st *syntax.Stmt) {
	c := r.fork("subshell")
	c.async, c.asyncShell = true, true
	c.forkedFor = st.Cmd
	c.asyncInverted = st.Negated
	if sub, ok := st.Cmd.(*syntax.Subshell); ok {
		// bash sets line_number to the ( )'s line as it forks it
		c.noticeLine = r.parenLine(sub)
	}
	c.leaveLoopsFor(st.Cmd)
	c.opts.set[optErrexit] = r.opts.on(optErrexit)
	if st.Negated && r.opts.on(optErrexit) {
		// the ! is dropped (below), but under set -e it made the
		// command ignore its status first (bash's CMD_IGNORE_RETURN),
		// and the child keeps that: no errexit, no ERR trap in it
		c.noErrExit++
	}
	// a background command's stdin is /dev/null when job control is off
	// (or in a subshell), unless stdin was redirected for a compound
	// command around it or comes from a pipe (bash's stdin_redir); not
	// a pipeline's, whose elements never see the CMD_STDIN_REDIR flag
	// bash puts on the pipeline as a whole
	if (r.isSub || !r.opts.on(optMonitor)) && !r.stdinRedir && !isPipeline(st.Cmd) {
		if null, err := openRaw(os.DevNull, syscall.O_RDONLY, 0); err == nil {
			c.fds.set(0, newShared(null, true))
		}
	}
	job := r.jobs.add(c.bashpid, r.jobText(st))
	r.setJobProcs(job, st)
	job.jobControl = r.opts.on(optMonitor)
	job.wd = r.dir
	// under job control the job is a process group of its own, as
	// bash's make_child has it: its process, when it is one
	c.ownPgrp = job.jobControl
	job.ownGroup = c.ownPgrp
	if r.wantsBgProcess(st) {
		// a process of its own, which outlives the shell as bash's
		// forked subshell does (bgproc.go); if it cannot be started,
		// the job runs in-process
		if p, err := c.startBgProcess(st, job); err == nil {
			c.fds.releaseAll()
			job.setPid(p.Pid)
			go watchBgProcess(r.sh, job, p, job.jobControl)
			r.lastBg = p.Pid
			r.exit = 0
			r.describeJob(job)
			return
		}
	}
	switch st.Cmd.(type) {
	case *syntax.CallExpr, *syntax.DeclClause, *syntax.LetClause:
		// forked by execute_simple_command, as a pipeline stage's
		// simple command is: a fatal expansion error runs the EXIT
		// trap it inherited and reaches the top level
		c.forkedForSimple(r)
	}
	ready := make(chan int, 1)
	c.onSpawn = func(pid int) {
		select {
		case ready <- pid:
		default:
		}
	}
	c.job = job
	cancel := c.killableBy(job)
	_, call := st.Cmd.(*syntax.CallExpr)
	if call {
		c.signalsReachProgram(job)
	} else if c.asyncInt == asyncIntNone && !r.opts.on(optMonitor) {
		c.asyncInt = asyncIntSoft // setup_async_signals
	}
	external := r.runsExternal(st)
	c.asyncExternal = external
	c.ownPgrp = c.ownPgrp && external
	job.ownGroup = c.ownPgrp
	fg := asyncBody(st)
	c.bgJob = job
	c.jobCmd = fg.Cmd
	r.sh.bg.add(job)
	go func() {
		c.stmt(&fg)
		status := c.subStatus()
		c.fds.releaseAll()
		if c.selfKilled != 0 {
			// kill $BASHPID: the job's process died by the signal
			job.diedBy(job.pid(), c.selfKilled, false)
		}
		job.finish(status)
		r.sh.bg.remove(job)
		cancel()
		close(ready)
	}()
	// $! is the real pid when the job is one external program: wait for
	// it to start. Anything else keeps its synthetic id and runs free.
	if external {
		pid, ok := <-ready
		if ok && pid > 0 {
			job.setPid(pid)
		}
	}
	r.lastBg = job.pid()
	r.exit = 0
	r.describeJob(job)
}

// describeJob prints "[N] PID" for a job just started, as an interactive
// bash does (DESCRIBE_PID): not in a subshell, a sourced file, a trap
// action or PROMPT_COMMAND, during which bash is not interactive, nor
// for bash -i running a script file.
func (r *Runner) describeJob(j *job) {
	if !r.sh.interactiveCmds || r.isSub || r.inSource || r.inTrap || r.inPromptCmd || j.id == 0 {
		return
	}
	fmt.Fprintf(r.errw(), "[%d] %d\n", j.id, j.pid())
}

// jobText is a background command as bash's jobs and its notices show it:
// printed back as bash's make_command_string does (cmdPrinter), with its
// redirections.
func (r *Runner) jobText(st *syntax.Stmt) string {
	if hasAnonFunc(st) {
		return r.nodeText(st.Cmd) // "() cmd" fails as a syntax error as it runs
	}
	fg := asyncBody(st) // the ! is not shown either
	p := newCmdPrinter(r.curSrc)
	p.escBytes = r.escBytes()
	p.list([]*syntax.Stmt{&fg})
	p.flushDeferred("")
	return strings.TrimRight(p.sb.String(), "\n")
}

// asyncBody is the command an asynchronous statement st runs, in its
// job's subshell or process: st without its & and without its !, which
// bash drops ("! cmd &" runs cmd, its job status not inverted).
func asyncBody(st *syntax.Stmt) syntax.Stmt {
	fg := *st
	fg.Background = false
	fg.Negated = false
	return fg
}

// isPipeline reports whether cmd is a pipeline of two or more commands.
func isPipeline(cmd syntax.Command) bool {
	b, ok := cmd.(*syntax.BinaryCmd)
	return ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll)
}

// inheritTrapState carries into a fork the traps whose actions are
// running: bash's child keeps sigmodes' SIG_INPROGRESS bits and
// running_trap, so a command substitution or a simple command forked
// inside the DEBUG trap runs no DEBUG trap, keeps $BASH_COMMAND, and its
// exit or return without a status still gives the trap's saved $?. A
// ( ) (bash's execute_in_subshell) forgets the innermost running trap:
// that one runs again in it, and so does $BASH_COMMAND.
func (c *Runner) inheritTrapState(r *Runner, kind string) {
	c.inDebug, c.inErrTrap, c.inReturnTrap = r.inDebug, r.inErrTrap, r.inReturnTrap
	if kind != "subshell" {
		c.inTrap, c.runningTrap, c.trapSaved = r.inTrap, r.runningTrap, r.trapSaved
		return
	}
	switch r.runningTrap {
	case "DEBUG":
		c.inDebug = false
	case "ERR":
		c.inErrTrap = false
	case "RETURN":
		c.inReturnTrap = false
	}
}
