package interp

import (
	"fmt"
	"io"
	"strings"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// Parse parses a whole program with mvdan's parser alone: the positions
// of the result refer to src. ParseProgram accepts more of what bash
// accepts.
func Parse(src, name string, posix bool) (*syntax.File, error) {
	src = encodeRawBytes(src)
	f, err := parseBash(src, name)
	if err != nil {
		return nil, err
	}
	if hasRawRunes(src) {
		decodeRawNode(f)
	}
	return f, nil
}

// ParseProgram parses a whole program as bash would (see parseProgram).
// It returns the program, the text its positions refer to (to be given
// to Run) and the first syntax error, positioned in src.
func ParseProgram(src, name string, posix bool) (*syntax.File, string, error) {
	parse := parseProgram
	if posix {
		parse = parsePosixProgram
	}
	f, text, err := parse(src, name)
	if err == nil && mayExceedHdocMax(text) {
		// fatal as bash reads it: RunIncremental runs what comes first
		err = hdocMaxError(f.Stmts, name)
	}
	if err == nil && mayHoldAnonFunc(text) {
		err = anonFuncError(f.Stmts, text, name) // anonfunc.go
	}
	return f, text, err
}

// KilledBy returns the signal the shell ends by: one that killed the
// last command of a -c string, which bash would have run in place of the
// shell, or a terminating signal caught for the EXIT trap (termsig.go).
// The process running nash should then end by that signal after its own
// cleanup, so that its parent sees what bash's would. It is 0 otherwise.
func (r *Runner) KilledBy() syscall.Signal {
	return r.sh.tailSignal
}

// asWritten returns src as written: writtenSrc when src is the rewrite
// of it that is running (writtenFor), else src itself. Rewrites keep the
// lines, so a line of one is the same line of the other.
func (r *Runner) asWritten(src string) string {
	if r.writtenSrc != "" && src == r.writtenFor {
		return r.writtenSrc
	}
	return src
}

// RunProgram is Run for a program from ParseProgram: text is the text it
// returned, src the program as written.
func (r *Runner) RunProgram(f *syntax.File, text, src string) int {
	r.writtenSrc, r.writtenFor = src, text
	return r.Run(f, text)
}

// Run executes a parsed program to the end, or until exit. It returns the
// exit status. src is the program's text (for messages and LINENO).
func (r *Runner) Run(f *syntax.File, src string) int {
	r.curSrc = src
	if r.sh.cmdString && !r.isSub && r.tail == nil {
		if st := cmdLineTail(f.Stmts, src); st != nil {
			r.tail = &execTail{stmt: st, top: true}
		}
	}
	groups := topLevelGroups(f.Stmts, src)
	mayExtGlob := mayHoldExtGlob(src) // else no group needs extglobParseError's walk
	pin := mayPinANSI(src)
	posix := r.opts.on(optPosix)
	for i := 0; i < len(groups); i++ {
		g := groups[i]
		if ran, _ := r.aliasRestFrom(g, "", true, true); ran {
			// from here on the text is read as bash reads it with aliases
			break
		}
		end := len(src)
		if i+1 < len(groups) {
			end = groupLineStart(src, groups[i+1])
		}
		if mayExtGlob {
			if err := r.extglobParseError(g, ""); err != nil {
				// bash reads a line at a time: this one does not parse
				r.echoVerboseTo(errorReadLines(src, err), verboseLines{})
				if !r.reportExtglobError(err, src, r.asWritten(src), groupLineStart(src, g)) {
					r.exit = 2 // else a [[ ]] one: bash keeps the status
				}
				r.flow, r.exitCode = flowExit, r.exit
				break
			}
		}
		if pin {
			r.pinANSI(stmtNodes(g)...) // bash reads a line at a time
		}
		r.runTopGroup(g, end)
		if r.flow == flowExit {
			break
		}
		if r.histExpanding() && i+1 < len(groups) {
			// bash expands each line it reads from now on
			r.runExpandingRest(src, end)
			break
		}
		if r.opts.on(optPosix) != posix && i+1 < len(groups) && !r.aliasActive() {
			// bash reads the rest in the new mode (posixquote.go)
			posix = !posix
			written := r.asWritten(src)
			line := strings.Count(src[:end], "\n") + 1
			if f2, text, err := r.reparseFrom(written, line, r.sourceName); err == nil {
				if r.hist != nil && sameString(r.hist.src, src) {
					r.hist.src = text // the same lines: recorded up to h.line
				}
				src, r.curSrc = text, text
				if r.writtenSrc != "" {
					r.writtenFor = text // the lines are still those as written
				}
				groups, i = topLevelGroups(f2.Stmts, text), -1
				pin = mayPinANSI(src)
			}
		}
	}
	r.echoVerboseRest()
	return r.finish()
}

// RunIncremental runs src statement by statement as it parses, so that a
// syntax error stops the program only where bash would: the statements
// before it have run. It returns the exit status.
func (r *Runner) RunIncremental(src, name string) int {
	// the statements before the error are those of the text as far as
	// it could be read as bash reads it; the error is reported in src
	_, text, perr := r.parseForMode(src, name)
	orig := src
	src = text
	r.writtenSrc, r.writtenFor = orig, text
	r.curSrc = src
	// what finishParse does for a whole program, per statement here; the
	// tests of the text are made once
	mayExtGlob, longFd := mayHoldExtGlob(src), mayHoldLongFd(src)
	raw, manyHdocs := hasRawRunes(src), mayExceedHdocMax(src)
	mayAnon, pin := mayHoldAnonFunc(src), mayPinANSI(src)
	var group []*syntax.Stmt
	lastLine, lastEnd := uint(0), 0
	end := len(src)
	flush := func() {
		if len(group) > 0 {
			r.runTopGroup(group, end)
			group = nil
		}
	}
	// The inner loop never breaks: mvdan's iterator yields a statement
	// together with the error that ended it and then yields the error
	// again, which panics after a break. Statements after an exit (or a
	// change of POSIX mode) are parsed but not run.
	aliasFrom := -1 // where the text is read with aliases (runAliasRest)
	histFrom := -1  // where each line is history-expanded (runExpandingRest)
	posix := r.opts.on(optPosix)
	reported := 0 // the lines through which syntax errors were reported
	var err error
	for {
		added := strings.Contains(src, hdocParenInsert)
		restart := -1 // where the text is read again in the new mode
		err = nil
		p := syntax.NewParser(syntax.Variant(syntax.LangBash))
		for st, e := range p.StmtsSeq(strings.NewReader(src)) {
			if e != nil {
				if err == nil {
					err = e
				}
				continue
			}
			if err != nil || r.flow == flowExit || aliasFrom >= 0 || histFrom >= 0 || restart >= 0 {
				continue
			}
			if added {
				fixInsertedLines(&syntax.File{Stmts: []*syntax.Stmt{st}}, src)
			}
			if len(group) > 0 && st.Pos().Line() > lastLine {
				end = groupLineStart(src, []*syntax.Stmt{st})
				flush()
				if r.aliasActive() {
					aliasFrom = end
					continue
				}
				if r.histExpanding() && r.flow != flowExit {
					// bash expands each line it reads from now on
					histFrom = end
					continue
				}
				if r.opts.on(optPosix) != posix && r.flow != flowExit && !added {
					// bash reads the rest in the new mode (posixquote.go;
					// not with here-document marks, which move lines)
					restart = end
					continue
				}
				end = len(src)
			}
			if r.flow == flowExit {
				continue
			}
			bquoteNested(st, src, name)
			bquoteSingleQuotes(st, src)
			paramProcSubsts(st, src)
			if longFd {
				fdWords(st)
			}
			if raw {
				decodeRawNode(st)
			}
			if mayExtGlob {
				if xerr := r.extglobParseError([]*syntax.Stmt{st}, name); xerr != nil {
					err = xerr // read with extglob off: bash's parser stops here
					continue
				}
			}
			if manyHdocs {
				if xerr := hdocMaxError([]*syntax.Stmt{st}, name); xerr != nil {
					err = xerr // hdocmax.go
					continue
				}
			}
			if mayAnon {
				if xerr := anonFuncError([]*syntax.Stmt{st}, src, name); xerr != nil {
					err = xerr // anonfunc.go
					continue
				}
			}
			if pin {
				r.pinANSI(st) // read now, after the lines before it ran
			}
			group = append(group, st)
			lastLine, lastEnd = st.End().Line(), stmtEnd(st)
		}
		if restart < 0 && aliasFrom < 0 && histFrom < 0 && err != nil && len(group) > 0 && r.flow != flowExit && brokenLineAfter(src, lastEnd) {
			// the statements read before the error run first: they may
			// change the mode the failing line is read in
			flush()
			switch {
			case r.histExpanding() && !r.aliasActive() && r.flow != flowExit:
				// the failing line is read again, expanded
				histFrom = lastEnd + strings.IndexByte(src[lastEnd:], '\n') + 1
			case r.opts.on(optPosix) != posix && r.flow != flowExit && !r.aliasActive() && !added:
				restart = lastEnd + strings.IndexByte(src[lastEnd:], '\n') + 1
			}
		}
		discard := false
		if line, ok := compoundDiscardLine(err); ok && restart < 0 && aliasFrom < 0 && histFrom < 0 && r.flow != flowExit && !added {
			group = nil // read with the failing line, which bash discards
			if restart, ok = r.discardCompoundLine(line, err, src, orig, name); !ok {
				break
			}
			discard, err, reported = true, nil, line
			if restart >= len(src) {
				break // the failing line was the last
			}
		}
		if restart < 0 {
			break
		}
		if !discard {
			posix = !posix
		}
		_, text, perr2 := r.reparseFrom(orig, strings.Count(src[:restart], "\n")+1, name)
		src, perr, r.curSrc, end = text, perr2, text, len(text)
		r.writtenFor = text
		raw, mayAnon, pin = hasRawRunes(src), mayHoldAnonFunc(src), mayPinANSI(src)
		mayExtGlob, longFd = mayHoldExtGlob(src), mayHoldLongFd(src)
	}
	if aliasFrom >= 0 || histFrom >= 0 {
		err = nil
	} else if err != nil && !brokenLineAfter(src, lastEnd) {
		group = nil // bash parses the failing line whole: none of it runs
	}
	if r.flow != flowExit {
		flush()
		if err != nil && r.aliasActive() {
			// the failing line, or the lines after the ones that
			// ran, may read otherwise with the aliases defined
			aliasFrom = strings.LastIndexByte(src[:lastEnd], '\n') + 1
			if i := strings.IndexByte(src[lastEnd:], '\n'); i >= 0 && lastEnd > 0 && brokenLineAfter(src, lastEnd) {
				aliasFrom = lastEnd + i + 1
			}
			err = nil
		}
		if histFrom >= 0 && r.flow != flowExit {
			r.runExpandingRest(src, histFrom)
			return r.finish()
		}
		if aliasFrom >= 0 && r.flow != flowExit {
			pre := src[:aliasFrom]
			off := r.lineOff
			r.runAliasRest(r.writtenFrom(src, aliasFrom), off+strings.Count(pre, "\n")-2*strings.Count(pre, hdocParenInsert), name, true, true)
			r.lineOff = off
			return r.finish()
		}
		if err == nil {
			r.echoVerboseRest()
		}
	}
	if err != nil && r.flow != flowExit {
		if perr != nil {
			err = perr
		}
		// (bash has read, and echoed, the lines through the error's)
		r.echoVerboseTo(errorReadLines(orig, err), verboseLines{})
		if !r.reportSyntaxErrorLines(err, orig, name, reported+1, 0) {
			r.exit = 2
			if r.sh.cmdString && inSubstError(err, orig) {
				r.exit = substSyntaxStatus
			}
		}
		if compoundEOF(err, orig) {
			r.exit = 1 // whatever bash -n's status (arraydiscard.go)
		}
		r.flow = flowExit
		r.exitCode = r.exit
	}
	return r.finish()
}

// echoVerbose implements set -v for a script: before a top-level group
// runs, the source lines read for it (those after the previous group,
// comments and blank lines included) are written to stderr. bash reads a
// -c string a line at a time too: the lines after set -v's are echoed.
func (r *Runner) echoVerbose(stmts []*syntax.Stmt) {
	if len(stmts) == 0 {
		return
	}
	end := readEnd(stmts) // here-document bodies too
	var vl verboseLines
	if r.opts.on(optVerbose) {
		vl = verboseLinesOf(stmts, r.curSrc, r.asWritten(r.curSrc))
		end = joinedEnd(r.asWritten(r.curSrc), end)
	}
	r.echoVerboseTo(end, vl)
}

// echoVerboseRest echoes, under set -v, the lines bash reads after a
// script's last command (comments, blank lines) before it finds the end.
func (r *Runner) echoVerboseRest() {
	if r.flow != flowExit && r.opts.on(optVerbose) {
		r.echoVerboseTo(strings.Count(r.curSrc, "\n")+1, verboseLines{})
	}
}

// echoVerboseTo echoes the script's lines after the last echoed one up
// to line end, as verboseText has them.
func (r *Runner) echoVerboseTo(end int, vl verboseLines) {
	from := r.verboseLine
	r.verboseLine = end
	if !r.opts.on(optVerbose) || end <= from {
		return
	}
	src := r.asWritten(r.curSrc)
	// skip to the start of line from+1
	for n := 0; n < from && src != ""; n++ {
		i := strings.IndexByte(src, '\n')
		if i < 0 {
			return
		}
		src = src[i+1:]
	}
	var lines []string
	for n := from; n < end && src != ""; n++ {
		i := strings.IndexByte(src, '\n')
		if i < 0 {
			lines = append(lines, src+"\n")
			break
		}
		lines = append(lines, src[:i+1])
		src = src[i+1:]
	}
	io.WriteString(r.fds.writer(2), verboseText(lines, from+1, vl))
}

// topLevelGroups splits statements into the units bash reads and runs at
// once: statements sharing a line (lineGroupEnd). An expansion error
// abandons the rest of its unit.
func topLevelGroups(stmts []*syntax.Stmt, src string) [][]*syntax.Stmt {
	var groups [][]*syntax.Stmt
	for i := 0; i < len(stmts); {
		j := lineGroupEnd(stmts, i, src)
		groups = append(groups, stmts[i:j:j])
		i = j
	}
	return groups
}

func (r *Runner) runTop(stmts []*syntax.Stmt) {
	// an internal error must not surface as a Go stack trace: report it
	// in bash's format and go on with the next line
	defer func() {
		if p := recover(); p != nil {
			r.errorf("nash: internal error: %v", p)
			r.exit = 1
			if r.flow != flowExit {
				r.flow = flowNone
			}
		}
	}()
	if !r.sh.cmdString {
		r.sh.cmdNumber.Add(1) // bash's reader_loop counts each command it reads
		r.stdinRedir = false  // and starts each without stdin_redir
	}
	r.echoVerbose(stmts)
	r.reapCoprocs(false) // bash's reader cleans up dead jobs as it reads a line
	if len(stmts) > 0 && r.noticeLine > 0 && !r.readAtPrompt {
		// bash's reader reports on its jobs as it reads a line: the
		// one after the last command run
		r.notifyJobs(r.noticeLine + 1)
	}
	r.readAtPrompt = false
	r.discardLine = 0
	end := 0
	r.parenLeft = false
	// bash's line_number as its reader left it: the line where the
	// command line read ends (for job notices and the redirections of
	// compound commands, noticeLine), unless a ( ) in a pipeline left it
	// lower (leaveParenLine)
	read := r.lineAt(readEnd(stmts))
	for _, st := range stmts {
		end = r.lineAt(int(st.End().Line()))
		if !r.parenLeft {
			r.noticeLine = read
		}
		r.stmt(st)
		if r.parenEnds && r.flow == flowNone {
			r.runPendingFatal() // traps stay pending (parenend.go)
			break
		}
		r.runPendingTraps()
		if r.flow != flowNone {
			break
		}
	}
	if shift := r.parenLineShift(end); shift != 0 && r.flow != flowAbort && r.flow != flowExit {
		// (leaveParenLine)
		r.lineOff += shift
		r.discardShift += shift
	}
	switch r.flow {
	case flowAbort:
		if r.abortPasses == abortPassAll || r.abortPasses == abortPassTop && r.abortTop {
			break // for the eval or source around it (lineAbortCaught)
		}
		r.flow = flowNone
		// (the reader has read the whole line, the commands after
		// the one given up included)
		r.discardShift += r.shiftAfterDiscard(read)
		if r.abortTop && r.sh.cmdString {
			// the -c string is bash's outermost parse_and_execute,
			// which the unwinding ends
			r.flow, r.exitCode = flowExit, 1
		} else if r.abortKeep {
			r.exit = r.abortPrev
			if r.exit == 0 {
				r.exit = 1
			}
		}
		r.abortTop, r.abortKeep = false, false
	case flowBreak, flowContinue:
		r.flow = flowNone
	case flowReturn:
		r.flow = flowNone
	}
}

// finish runs the EXIT trap and returns the final status.
func (r *Runner) finish() int {
	if r.sh.pretty != nil {
		if r.flow == flowExit {
			return 1 // a syntax error ends pretty_print_loop
		}
		// the end of the input reads as no command
		r.sh.pretty.blank(r.fds.writer(1))
		return 0
	}
	status := r.exit
	if r.flow == flowExit {
		status = r.exitCode
	}
	r.exit = status
	if r.flow != flowExit && !r.sh.cmdString && r.noticeLine > 0 {
		// a script's reader reads on to its end
		r.notifyJobs(r.noticeLine + 1)
	}
	if r.parenEnds && r.flow != flowExit {
		// bash's parse_and_execute ends without running pending traps
		// (parenend.go); a signal without one still ends the shell, and
		// the EXIT trap's first command starts by running them
		r.settleLate()
		if r.runPendingFatal(); r.flow != flowExit && r.traps.active("EXIT") && r.traps.m["EXIT"] != "" {
			r.runPendingTraps()
		}
		if r.flow == flowExit {
			r.exit = r.exitCode
		}
	} else if r.flow != flowExit && r.settleLate() {
		// a trap for a signal still on its way runs before the EXIT trap
		if r.runPendingTraps(); r.flow == flowExit {
			r.exit = r.exitCode
		} else {
			r.exit = status
		}
	}
	atEOF := r.flow != flowExit && !r.sh.cmdString && r.noticeLine > 0
	r.runExitTrap()
	if r.flow == flowExit {
		status = r.exitCode
	}
	if atEOF {
		// bash's reader went past the last line, blank ones too
		n := strings.Count(r.curSrc, "\n")
		if r.curSrc != "" && !strings.HasSuffix(r.curSrc, "\n") {
			n++
		}
		r.line = n + 1
	}
	r.flushCoproc()
	r.traceFlush()
	if !r.isSub && r.isInteractive() && r.opts.sh(shLoginShell) && r.opts.sh(shHuponexit) {
		// shopt -s huponexit: an interactive login shell hangs up its
		// jobs as it exits
		r.jobs.hangUp()
	}
	if r.opts.on(optMonitor) && !r.isSub {
		r.jobs.terminateStopped()
	}
	if t := r.sh.term; t != nil && !r.isSub {
		t.end() // bash's exit_shell: end_job_control
	}
	if r.hist != nil {
		r.histSaveOnExit()
	}
	r.settleBackground()
	r.sh.jobs.reapAll()
	return status & 0xff
}

// stmts runs a statement list, stopping at a control-flow change.
func (r *Runner) stmts(list []*syntax.Stmt) { r.stmtList(list, false) }

// groupStmts runs the list of a { } group (a function body too) as stmts
// does, except that a terminating signal caught for the EXIT trap that
// came in during its last command is left for the shell to act on after
// the group: bash acts on those (QUIT) before each command and between
// those of a list, not as a group ends, so its EXIT trap runs once the
// group's redirections are undone ({ kill $$; } >/dev/null prints it).
// Traps of signals run at the end of every command, the last included.
func (r *Runner) groupStmts(list []*syntax.Stmt) { r.stmtList(list, true) }

// stmtList is stmts, or groupStmts when group is set.
func (r *Runner) stmtList(list []*syntax.Stmt, group bool) {
	for i, st := range list {
		r.stmt(st)
		if r.flow != flowNone {
			return
		}
		r.keepTerm = group && i == len(list)-1
		r.runPendingTraps()
		r.keepTerm = false
		if r.flow != flowNone {
			return
		}
	}
}

func (r *Runner) stmt(st *syntax.Stmt) {
	if r.flow != flowNone {
		return
	}
	if r.selfIntPending {
		// the SIGINT a subshell sent itself: its handler's flag ends
		// it as the next command starts (none did: it ends normally)
		r.diePendingInt()
		return
	}
	if r.ctx != nil && r.ctx.Err() != nil {
		// the Runner's context was cancelled: every loop, function and
		// list runs statements through here, so this stops them all
		r.flow = flowExit
		r.exitCode = 130
		return
	}
	if r.sh.intCh != nil {
		if r.interruptCheck(); r.flow != flowNone {
			return
		}
	}
	r.line = r.lineAt(int(st.Pos().Line()))
	if l := closeLine(st.Cmd); l > 0 {
		r.line = r.lineAt(l)
	}
	ownLine := r.line
	setErrLine := !r.inErrTrap && !setsNoErrLine(st.Cmd)
	r.curStmt = st
	r.stmtPrevExit = r.exit
	if r.opts.on(optNoexec) {
		if r.dump != nil {
			r.dumpStrings(st)
		}
		return
	}
	if st.Background {
		if jobSpecCommand(st.Cmd) {
			r.jobSpecBg(st)
			return
		}
		r.background(st)
		return
	}
	// a ! makes what the command runs ignore failures only under set
	// -e (bash's execute_command_internal sets CMD_IGNORE_RETURN for an
	// inverted command when exit_immediately_on_error): without it the
	// ERR trap runs for a failure inside '! { false; }'. The command's
	// own status never counts (below).
	negIgnores := st.Negated && r.opts.on(optErrexit)
	if negIgnores {
		r.noErrExit++
	}
	mark := len(r.procFds)
	// bash looks for an ERR trap before running the command
	// (was_error_trap): one set by the command itself does not run for it
	errTrap := r.traps.has("ERR")
	if len(st.Redirs) > 0 && isControlStructure(st.Cmd) {
		// sticky, as bash's stdin_redir: it outlives the command
		r.stdinRedir = stdinRedirects(st.Redirs)
	}
	_, call := st.Cmd.(*syntax.CallExpr)
	_, decl := st.Cmd.(*syntax.DeclClause)
	_, cop := st.Cmd.(*syntax.CoprocClause)
	redirFailed := false // a compound command's redirections failed: it did not run
	if len(st.Redirs) > 0 && !call && !decl && !cop && !r.forksSubshell(st.Cmd) {
		// simple commands and declarations apply their own redirections
		// (after expanding the words, with the command's ExecInfo), a
		// coprocess in its child
		redirFailed = true
		r.compoundRedirs(st, func() {
			redirFailed = false
			if setErrLine {
				// bash sets it as the command runs, after its
				// redirections
				r.errLine = ownLine
			}
			r.cmd(st.Cmd, st)
			if _, group := st.Cmd.(*syntax.Block); group && r.forkedFor == st.Cmd {
				// the child forked for a { } pipeline element or
				// asynchronous command: bash's execute_in_subshell
				// redirects for good and the child exits inside the
				// redirections, EXIT trap and stdio flush included
				r.endParenInRedirs()
			}
		})
	} else {
		if setErrLine {
			r.errLine = ownLine
		}
		r.cmd(st.Cmd, st)
	}
	if len(r.procFds) > mark {
		r.closeProcFds(mark)
	}
	if r.flow == flowAbort && r.discardLine == 0 && len(r.calls) == r.textCalls {
		// the command line is given up (shiftAfterDiscard): bash's
		// line_number stays that of the innermost command of the text
		// being read that was running, a function call's own line
		// (execute_function's unwind-protect restores it)
		r.discardLine = r.line
	}
	if redirFailed && st.Cmd != nil {
		// bash's execute_command_internal returns at once from a
		// compound command whose redirections failed: status 1, not
		// negated, PIPESTATUS left, and the ERR trap and set -e unless
		// the status is ignored or negated, or this is the child
		// forked for a pipeline element or & (execute_in_subshell
		// redirects there and just exits)
		if st.Negated {
			if negIgnores {
				r.noErrExit--
			}
			return
		}
		if r.forkedFor == st.Cmd && r.asyncInverted && r.flow == flowNone {
			// the child of "! cmd &": execute_in_subshell exits
			// with the failure inverted
			r.exit = 0
		}
		if r.flow == flowNone && r.forkedFor != st.Cmd {
			// $LINENO in the ERR trap is the line of the last command
			// that set bash's line_number_for_err_trap
			line := r.line
			r.line = r.errLine
			r.failed(errTrap)
			r.line = line
		}
		return
	}
	counts := checksErrexit(st.Cmd)
	late := setsPipeStatusLate(st.Cmd)
	if counts && !late && setsPipeStatus(st.Cmd) {
		r.setPipeStatus1(r.exit)
	}
	if st.Negated {
		if negIgnores {
			r.noErrExit--
		}
		if st == r.soleNegated && r.flow == flowNone && r.exit != 0 && counts && !r.statusIgnored() {
			r.runErrTrap() // (soleNegatedStmt)
		}
		// break and continue return to here as bash's builtins do, and
		// are negated ("! break" is 1); return and exit jump past it,
		// and so does an expansion error's jump to the top level
		// (flowAbort), but for the sole command of a ( ), whose child
		// inverts the status it exits with (execute_in_subshell)
		if r.flow == flowNone || r.flow == flowBreak || r.flow == flowContinue || r.flow == flowAbort && st == r.soleNegated {
			if r.exit == 0 {
				r.exit = 1
			} else {
				r.exit = 0
			}
		}
		if late {
			r.setPipeStatus1(r.exit)
		}
		return
	}
	if late {
		defer r.setPipeStatus1(r.exit)
	}
	if r.flow == flowNone && r.exit != 0 && counts {
		if r.forkedSimple != nil && r.forkedSimple == st.Cmd || r.forkedParenRuns(st.Cmd) || r.asyncOwnStatus(st.Cmd) {
			// a pipeline stage that is a simple command, or a ( )
			// forked for a pipeline or for &, is the child bash
			// forked for it, which exits with its status: no ERR
			// trap there (the pipeline's own failure has one, and the
			// parent's for a ( ) it waits for, parenStageErrTrap)
			if r.opts.on(optErrexit) {
				r.flow, r.exitCode = flowExit, r.exit
			}
			return
		}
		special := r.specialFailed && isSimpleCmd(st.Cmd)
		r.failed(errTrap)
		r.specialExit(special)
	}
	if (r.flow == flowBreak || r.flow == flowContinue) && r.exit != 0 && counts &&
		!r.statusIgnored() && r.ignoringErrexit == 0 && r.opts.on(optErrexit) {
		// break 0 (a count out of range) leaves every loop and fails:
		// bash's ERR trap runs no command while the shell is breaking,
		// but execute_simple_command's set -e check still exits
		r.beginErrexit()
	}
}

// asyncOwnStatus reports whether c is the simple command or pipeline an
// asynchronous child runs: bash forks the simple command itself, or runs
// the pipeline's stages from the parent, so nothing checks their status
// for the ERR trap or set -e there (an && list or { } forks a subshell
// that does).
func (r *Runner) asyncOwnStatus(c syntax.Command) bool {
	if !r.async || r.forkedFor != c {
		return false
	}
	switch c := c.(type) {
	case *syntax.CallExpr:
		return true
	case *syntax.BinaryCmd:
		return c.Op == syntax.Pipe || c.Op == syntax.PipeAll
	}
	return false
}

// closeLine is the line of the )) or ]] that closes an arithmetic or
// conditional command, or of the ) of a subshell, or 0: bash reads
// (( )), [[ ]] and ( ) whole before it makes the command, whose line is
// where the reading ended (Subshell->line: $LINENO in the ERR trap for it).
func closeLine(c syntax.Command) int {
	switch c := c.(type) {
	case *syntax.Subshell:
		return int(c.Rparen.Line())
	case *syntax.ArithmCmd:
		return int(c.Right.Line())
	case *syntax.TestClause:
		return condLine(c)
	}
	return 0
}

// condLine is the line of a [[ ]] command: bash's parser gives it the
// line_number of its top node's making. A && or || node is made once the
// token after its right side (the "]]") is read; a term, as soon as its
// last word or ")" is.
func condLine(c *syntax.TestClause) int {
	if c.X == nil || isChain(c.X) {
		// (! binds to the next term only: "! a && b" is a list)
		return int(c.Right.Line())
	}
	return int(c.X.End().Line())
}

// compoundRedirs runs fn with a compound command's redirections, made
// at bash's line_number (noticeLine): where the reader is, or the line of
// the for, select or case command, function body or ( ) around them;
// the process substitutions they opened are closed after it.
func (r *Runner) compoundRedirs(st *syntax.Stmt, fn func()) {
	if l := ownLineCommand(st.Cmd); l > 0 {
		// bash's executing_line_number: the line of the (( )), [[ ]]
		// or arithmetic for being executed
		r.line = r.lineAt(l)
	} else if r.noticeLine > 0 && st.Cmd != nil {
		r.line = r.noticeLine
	} else if l := stmtLastLine(st); l > 0 {
		// (or a simple command of redirections only, at its own line)
		r.line = r.lineAt(l)
	}
	mark := len(r.procFds)
	r.withRedirsOf(st.Redirs, nil, false, fn)
	if len(r.procFds) > mark {
		r.closeProcFds(mark)
	}
}

// ownLineCommand is the line of a (( )), [[ ]] or arithmetic for, which
// bash's executing_line_number gives while it is the command executing;
// 0 for other commands.
func ownLineCommand(c syntax.Command) int {
	switch c := c.(type) {
	case *syntax.ArithmCmd, *syntax.TestClause:
		// the line its parser had reached when it made the command:
		// that of the "))" or of the end of the [[ ]]'s top node
		return closeLine(c)
	case *syntax.ForClause:
		if _, arith := c.Loop.(*syntax.CStyleLoop); arith {
			return int(c.Pos().Line())
		}
	}
	return 0
}

// forksSubshell reports whether c is a ( ) that this runner runs in a new
// subshell, which then makes the statement's redirections itself.
func (r *Runner) forksSubshell(c syntax.Command) bool {
	sub, ok := c.(*syntax.Subshell)
	return ok && r.forkedFor != sub
}

// setPipeStatus1 records PIPESTATUS for a command that is not a pipeline.
func (r *Runner) setPipeStatus1(st int) {
	if len(r.pipeStatus) == 1 && r.psOwned {
		r.pipeStatus[0] = st
		return
	}
	r.pipeStatus = []int{st}
	r.psOwned = true
}

// setsPipeStatus reports whether c, a command that counts for set -e,
// records its status as PIPESTATUS when it ends: a pipeline sets its own
// (every stage), and a function definition or a coproc (which runs
// asynchronously) leaves PIPESTATUS as it was, as bash's
// execute_command_internal sets it only from simple commands, (( ))
// and [[ ]], and ( ).
func setsPipeStatus(c syntax.Command) bool {
	switch c.(type) {
	case *syntax.BinaryCmd, *syntax.FuncDecl, *syntax.CoprocClause:
		return false
	}
	return true
}

// setsPipeStatusLate reports whether c is a (( )) or [[ ]], whose
// PIPESTATUS bash's execute_command_internal sets only at its end: after
// the ERR trap (which sees the previous command's) and from the status a
// ! inverted.
func setsPipeStatusLate(c syntax.Command) bool {
	switch c.(type) {
	case *syntax.ArithmCmd, *syntax.TestClause:
		return true
	}
	return false
}

// checksErrexit reports whether a failure of this command kind can
// trigger set -e and the ERR trap by itself (compound commands only pass
// on what their inner commands did).
func checksErrexit(c syntax.Command) bool {
	switch c := c.(type) {
	case *syntax.CallExpr, *syntax.Subshell, *syntax.ArithmCmd, *syntax.TestClause,
		*syntax.DeclClause, *syntax.LetClause, *syntax.CoprocClause:
		return true
	case *syntax.TimeClause:
		// the timed pipeline is a statement of its own, which did
		// (or, negated or compound, did not) count already
		return c.Stmt == nil
	case *syntax.BinaryCmd:
		return c.Op == syntax.Pipe || c.Op == syntax.PipeAll
	case *syntax.FuncDecl:
		// a definition that fails ('x.y'() …) fails as a command; a
		// list read as one (funcDeclList) counted its own commands
		return funcDeclList(c) == nil
	case nil:
		return true
	}
	return false
}

// failed handles a non-zero status in a context that counts: ERR trap
// (when one was set before the command ran), then set -e.
func (r *Runner) failed(errTrap bool) {
	if r.statusIgnored() {
		return
	}
	if errTrap {
		r.runErrTrap()
	}
	if r.opts.on(optErrexit) && r.flow == flowNone && r.ignoringErrexit == 0 {
		// bash runs the traps of signals that came in (during a
		// foreground child, say) before set -e jumps away
		st := r.exit
		r.settleLate()
		if r.runPendingTraps(); r.flow != flowNone {
			return
		}
		r.exit = st
		r.beginErrexit()
	}
}

// beginErrexit starts the exit set -e makes with the status r.exit
// (exitByErrexit), printing what bash prints as it unwinds.
func (r *Runner) beginErrexit() {
	r.beginExit(r.exit)
	r.exitHow, r.exitRedirCalls = exitByErrexit, r.redirCalls()
	r.popContextErrors()
}

// statusIgnored reports whether the command running has bash's
// CMD_IGNORE_RETURN: it is in an if/while condition, on the left of && or
// ||, or under a ! with set -e, counted from the innermost eval, source or
// trap action, whose commands bash parses afresh (ignoreBase). There the
// ERR trap and set -e do not apply (inside such an eval, set -e stays off
// all the same: ignoringErrexit).
func (r *Runner) statusIgnored() bool {
	return r.noErrExit > r.ignoreBase
}

// specialExit ends a non-interactive POSIX shell after a special builtin
// failed with a usage error, as bash's execute_command_internal does for
// a simple command whose status is neither ignored (an if condition, the
// left of &&, what a ! negates under set -e; counted from the innermost
// eval, source or trap, whose commands are parsed afresh, ignoreBase) nor
// negated: special says the
// builtin failed. The ERR trap's own simple commands clear bash's static
// special_builtin_failed before the check, so after a trap ran it goes on.
func (r *Runner) specialExit(special bool) {
	if !special {
		return
	}
	if r.specialFailed && r.flow == flowNone && !r.statusIgnored() {
		r.flow, r.exitCode = flowExit, r.exit
	}
	r.specialFailed = false
}

// isSimpleCmd reports whether c is what bash runs as a simple command.
func isSimpleCmd(c syntax.Command) bool {
	switch c.(type) {
	case *syntax.CallExpr, *syntax.DeclClause:
		return true
	}
	return false
}

// enterPE notes that an eval, source or trap action (bash's
// parse_and_execute, which restores loop_level as it unwinds) begins, and
// reports whether it is the outermost; leavePE ends it. An exit unwinding
// through them leaves loop_level as it was where the outermost began
// (exitLoops).
func (r *Runner) enterPE() bool {
	if r.peLoops >= 0 {
		return false
	}
	r.peLoops = r.loopDepth
	return true
}

func (r *Runner) leavePE(outer bool) {
	if outer {
		r.peLoops = -1
	}
}

// beginExit starts the shell's exit with status (the exit builtin, set
// -e), noting where it began for the EXIT trap (exitInFrame, exitInFunc).
func (r *Runner) beginExit(status int) {
	r.flow = flowExit
	r.exitCode = status
	r.exitHow = exitOther
	r.exitInFrame = len(r.calls) > 0 || r.inSource
	r.exitInFunc = r.inFunction()
	r.exitLoops = r.loopDepth
	if r.sh.cmdString {
		r.exitLoops = 0 // the -c string is one parse_and_execute
	} else if r.peLoops >= 0 {
		r.exitLoops = r.peLoops
	}
}

func (r *Runner) cmd(c syntax.Command, st *syntax.Stmt) {
	switch c := c.(type) {
	case nil:
		// redirections only
		r.exit = 0
		r.lastArg, r.lastArgEnv = "", false // as after a command of only assignments
	case *syntax.CallExpr:
		r.call(c, st)
	case *syntax.Block:
		if st != nil && st == r.quietTail && len(c.Stmts) > 0 {
			r.quietTail = c.Stmts[len(c.Stmts)-1]
		}
		r.groupStmts(c.Stmts)
	case *syntax.Subshell:
		// a pipe into this ( ) itself: not one into the element that
		// runs it ({ ( … ); } | is the group's, which its ( ) replaces
		// by its own stdin_redir)
		pipeIn := r.pipePos != nil && r.pipePos.Index > 0 && st != nil && st == r.pipeStmt
		if r.forkedFor == c {
			// this runner is already the child forked for a pipeline
			// element or an asynchronous command: bash makes no second
			// subshell (nor a second $BASH_SUBSHELL level) for it
			r.forkedFor, r.forkedParen, r.forkedParenCalls = nil, c, len(r.calls)
			r.soleNegated = soleNegatedStmt(c)
			r.inParen = true
			if n := len(c.Stmts); n > 0 {
				r.quietTail = c.Stmts[n-1]
			}
			r.stdinRedir = pipeIn || st != nil && stdinRedirects(st.Redirs)
			if r.job != nil && st != nil {
				r.tail = &execTail{stmt: parenTail(c.Stmts), text: r.job.cmd}
			} else if r.bgProcess && st != nil {
				// the job's own process (bgproc.go): its last
				// command runs in its place
				r.tail = &execTail{stmt: parenTail(c.Stmts), top: true}
			} else if r.pipePos != nil {
				// a pipeline element's ( ): its child execs its last
				// command outside the pipeline environment (bash's
				// execute_in_subshell drops SUBSHELL_PIPE for a user
				// subshell)
				r.tail = &execTail{stmt: parenTail(c.Stmts)}
				r.pipeParen = true
			}
			r.stmts(c.Stmts)
			if st != nil && len(st.Redirs) > 0 {
				r.endParenInRedirs()
			}
			return
		}
		if st != nil {
			r.nameParen(st)
		}
		var child *Runner
		r.subshell(func(sub *Runner) {
			child = sub
			sub.noticeLine = r.parenLine(c)
			sub.forkedParen, sub.forkedParenCalls = c, len(sub.calls)
			sub.soleNegated = soleNegatedStmt(c)
			sub.inParen = true
			if n := len(c.Stmts); n > 0 {
				sub.quietTail = c.Stmts[n-1]
			}
			sub.loopDepth = 0 // not the loop's execution environment
			sub.stdinRedir = pipeIn || st != nil && stdinRedirects(st.Redirs)
			if st != nil {
				sub.tail = r.subshellTail(st, c)
			}
			if st == nil || len(st.Redirs) == 0 {
				sub.stmts(c.Stmts)
				return
			}
			// bash forks first and redirects in the child: an
			// expansion error there (${x:?}) ends only the child,
			// and ${y:=v} or $((z=1)) in a target do not reach
			// this shell
			sub.curStmt = st // (redirsInChild)
			ran := false
			sub.compoundRedirs(st, func() {
				ran = true
				sub.stmts(c.Stmts)
				sub.endParenInRedirs()
			})
			if !ran && st.Negated && sub.flow == flowNone {
				// execute_in_subshell exits with the status of the
				// failed redirections inverted already (0), which
				// the parent inverts again: status 1
				sub.exit = 0
			}
		}, "subshell")
		// (read after the child's EXIT trap, which can die of another)
		died, subPid := child.selfKilled, child.bashpid
		if died != 0 && st != nil {
			if p, ok := r.forkedParen.(*syntax.Subshell); ok && len(p.Stmts) == 1 && p.Stmts[0] == st && !st.Negated && r.atForkedParen() {
				// this ( ) is all of the ( ) subshell r is, which
				// bash's execute_in_subshell runs without a fork
				// (CMD_NO_FORK for a cm_subshell tcom): the signal
				// ended that one process, whose parent reports it
				r.selfKilled, r.selfKillPrev, r.selfKillQuiet = died, r.exit, true
				r.flow, r.exitCode = flowExit, 128+int(died)
				return
			}
			r.reportKilledSubshell(subPid, died, st) // kill $BASHPID
		}
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.AndStmt, syntax.OrStmt:
			if list := andOrFuncList(c); list != nil {
				r.stmt(list)
				return
			}
			r.noErrExit++
			r.stmt(c.X)
			r.noErrExit--
			if r.flow != flowNone {
				return
			}
			// bash's execute_command_internal runs the traps of
			// signals that came in at the end of every command, the
			// left side of && and || included (kill $$ && echo)
			if r.runPendingTraps(); r.flow != flowNone {
				return
			}
			if (r.exit == 0) == (c.Op == syntax.AndStmt) {
				r.stmt(c.Y)
				if r.flow == flowNone {
					// bash runs each side through execute_command,
					// which acts on a terminating signal caught for
					// the EXIT trap after it (QUIT), inside a group
					// the list ends ({ true && kill $$; } >/dev/null)
					r.exitByTerm()
				}
			}
		case syntax.Pipe, syntax.PipeAll:
			r.pipeline(c)
		}
	case *syntax.IfClause:
		r.ifClause(c)
	case *syntax.WhileClause:
		r.whileClause(c)
	case *syntax.ForClause:
		if _, arith := c.Loop.(*syntax.CStyleLoop); !arith {
			// bash runs an arithmetic for's body at the line_number
			// around it (execute_arith_for_command)
			defer r.setNoticeLine(int(c.Pos().Line()))()
		}
		r.forClause(c)
	case *syntax.CaseClause:
		defer r.setNoticeLine(int(c.Pos().Line()))()
		// bash's execute_case_command runs at the case's own line,
		// after the redirections made at the statement's last one
		saveLine := r.line
		r.line = r.lineAt(int(c.Pos().Line()))
		r.caseClause(c)
		r.line = saveLine
	case *syntax.FuncDecl:
		if list := funcDeclList(c); list != nil {
			r.stmt(list)
			return
		}
		r.defineFunc(c)
	case *syntax.ArithmCmd:
		if r.debugCompound(c) || r.flow != flowNone {
			return
		}
		r.thisCmd = "(("
		var n int64
		var err error
		if c.X != nil && r.opts.on(optXtrace) {
			n, err = r.arithTracedEval(c.X)
		} else {
			r.traceArith(c)
			n, err = r.arithCmd(c.X)
		}
		if err != nil {
			r.arithCmdError(err)
			return
		}
		r.exit = int(b2i(n == 0))
	case *syntax.TestClause:
		if r.debugCompound(c) || r.flow != flowNone {
			return
		}
		r.thisCmd = "[["
		r.condNot = false // a ! left untraced by an earlier [[ ]] (set +x)
		ok, err := r.testExpr(condPrecedence(c.X))
		if err != nil {
			if ee, ok := err.(*expandError); ok && ee.msg == "" && ee.status == 2 && !ee.fatal {
				// an invalid regular expression: status 2, no message
				r.exit = 2
				return
			}
			// an expansion error abandons the command line, as anywhere
			r.expansionError(err)
			return
		}
		r.exit = int(b2i(!ok))
	case *syntax.DeclClause:
		r.declClause(c, st)
		r.noteLocale()
	case *syntax.LetClause:
		if r.opts.on(optKeyword) {
			// set -k: its assignment words are let's temporary
			// environment (let n=4 is let alone)
			if ce := r.letAsCall(c); ce != nil {
				if kc := keywordAssigns(ce); kc != ce {
					r.call(kc, st)
					return
				}
			}
		}
		r.line = r.lineAt(letLine(c, r.curSrc))
		if r.debugSimple(c, st) || r.flow != flowNone {
			return
		}
		r.letClause(c)
		r.thisCmd = ""
	case *syntax.TimeClause:
		r.timeClause(c)
	case *syntax.CoprocClause:
		r.coproc(c, st)
	default:
		r.errorf("unsupported command %T", c)
		r.exit = 1
	}
}

func (r *Runner) ifClause(c *syntax.IfClause) {
	for cl := c; cl != nil; cl = cl.Else {
		if len(cl.Cond) == 0 && cl != c {
			// final else
			r.stmts(cl.Then)
			return
		}
		r.noErrExit++
		restore := r.keepNoticeLine()
		r.stmts(cl.Cond)
		restore() // bash's execute_if_command restores line_number
		r.noErrExit--
		if r.flow != flowNone {
			return
		}
		if r.exit == 0 {
			r.stmts(cl.Then)
			return
		}
	}
	r.exit = 0
}

func (r *Runner) whileClause(c *syntax.WhileClause) {
	status := 0
	r.loopDepth++
	defer func() { r.loopDepth-- }()
	r.thisCmd = ""
	for {
		r.noErrExit++
		r.stmts(c.Cond)
		r.noErrExit--
		r.reapCoprocs(false) // bash's REAP after the test
		jump := r.flow == flowBreak || r.flow == flowContinue
		if r.flow != flowNone && !jump {
			break // return, exit, an abandoned command line
		}
		if (r.exit == 0) == c.Until {
			// bash's execute_while_or_until: a test whose status ends
			// the loop ends it though a break or continue ran in it,
			// which takes one level ("until continue; do …" runs
			// nothing)
			if jump {
				r.flowN--
				if r.flowN <= 0 {
					r.flow = flowNone
				}
			}
			break
		}
		if jump {
			// the body is skipped: its status is the test's
			status = r.exit
		} else {
			r.stmts(c.Do)
			status = r.exit
		}
		if r.flow != flowNone {
			if r.loopFlow() {
				continue
			}
			break
		}
	}
	// the loop's status is its last body's (0 if none ran), also when
	// a break or continue goes on to an outer loop
	if r.flow == flowNone || r.flow == flowBreak || r.flow == flowContinue {
		r.exit = status
	}
}

// loopFlow consumes a break/continue aimed at this loop. It reports
// whether the loop should go on with its next iteration.
func (r *Runner) loopFlow() bool {
	switch r.flow {
	case flowBreak:
		r.flowN--
		if r.flowN <= 0 {
			r.flow = flowNone
		}
		return false
	case flowContinue:
		r.flowN--
		if r.flowN <= 0 {
			r.flow = flowNone
			// continue skipped the pending-trap check after the rest
			// of the body: a trap caught in a loop of only continue
			// (while continue; do continue; done) must still run
			r.runPendingTraps()
			return r.flow == flowNone
		}
		r.flow = flowContinue
		return false
	}
	return false
}

func (r *Runner) forClause(c *syntax.ForClause) {
	r.loopDepth++
	defer func() { r.loopDepth-- }()
	status := 0
	switch l := c.Loop.(type) {
	case *syntax.WordIter:
		if !validName(l.Name.Value) {
			// bash checks the name when the loop runs, before the words
			r.errorf("`%s': not a valid identifier", l.Name.Value)
			r.exit = 1
			// only for's check is fatal in a POSIX-mode script:
			// bash's execute_select_command just fails
			if r.opts.on(optPosix) && !c.Select && !r.isInteractive() {
				r.flow = flowExit
				r.exitCode = 2
			}
			return
		}
		if c.Select {
			// bash traces the select head once, before expanding its
			// words, then runs the DEBUG trap
			r.traceForHead("select", l.Name.Value, l)
			if r.debugWanted() && r.debugText(r.forHeadText("select", l.Name.Value, l)) {
				return
			}
			if r.flow != flowNone {
				return
			}
		}
		// the words are expanded, and each iteration's head traced,
		// at the line of the "for" (bash's for_command->line), even
		// after the body moved $LINENO on
		forLine, saveLine := r.lineAt(int(c.Pos().Line())), r.line
		defer func() { r.line = saveLine }()
		r.line = forLine
		var items []string
		if l.InPos.IsValid() {
			var err error
			items, err = r.fields(l.Items)
			if err != nil {
				r.expansionError(err)
				return
			}
		} else {
			items = append([]string(nil), r.params...)
		}
		name := l.Name.Value
		if c.Select {
			r.selectLoop(name, items, c.Do)
			return
		}
		for _, it := range items {
			r.thisCmd = ""
			r.line = forLine
			r.traceForHead("for", name, l)
			skip := r.debugForHead("for", name, l)
			if r.flow != flowNone {
				return
			}
			if skip {
				// extdebug: this iteration is skipped, the variable
				// not even set (bash's execute_for_command continues)
				continue
			}
			v := r.vars.get(name)
			ref := v != nil && v.kind == kNameRef
			if ref && !validName(it) && !validArrayRef(it) {
				// bash's valid_nameref_value: the loop stops
				r.bErr("", "`%s': not a valid identifier", it) // sh_invalidid
				r.exit = 1
				return
			}
			if ref && v.attrs&aReadonly == 0 {
				// a nameref control variable is bound to each word
				// in turn
				v = r.vars.own(name)
				v.str, v.set = it, true
			} else if err := r.setScalar(name, it, false); err != nil {
				r.reportErr(err)
				r.exit = 1
				if !r.readonlyLoopVarExit(err) {
					r.topUnwind(err)
				}
				return
			}
			r.stmts(c.Do)
			status = r.exit
			r.reapCoprocs(false) // bash's REAP after the body
			if r.flow != flowNone {
				if r.loopFlow() {
					continue
				}
				break
			}
		}
	case *syntax.CStyleLoop:
		var aborted bool
		if status, aborted = r.arithFor(c, l); aborted {
			return
		}
	}
	if r.flow == flowNone {
		r.exit = status
	}
}

func (r *Runner) caseClause(c *syntax.CaseClause) {
	// bash traces the head and runs the DEBUG trap before it expands
	// the word (execute_case_command)
	r.traceCase(c)
	if r.debugWanted() && r.debugText("case "+r.shownText(c.Word)+" in ") {
		return
	}
	if r.flow != flowNone {
		return
	}
	subject, err := r.literal(c.Word)
	if err != nil {
		r.expansionError(err)
		return
	}
	// bash leaves $? alone until a body runs: a matching clause's body
	// sees the status from before the case, and an empty body (like no
	// match at all) makes the case's status 0.
	ran := false
	matched := false
	for i := 0; i < len(c.Items); i++ {
		it := c.Items[i]
		if !matched {
			for _, pw := range it.Patterns {
				pat, err := r.casePattern(pw)
				if err != nil {
					r.expansionError(err)
					return
				}
				if r.match(pat, subject) {
					matched = true
					break
				}
			}
		}
		if !matched {
			continue
		}
		ran = len(it.Stmts) > 0
		r.stmts(it.Stmts)
		if r.flow != flowNone {
			return
		}
		if !ran {
			r.exit = 0
		}
		switch it.Op {
		case syntax.Fallthrough: // ;&
			continue
		case syntax.Resume: // ;;&
			matched = false
			continue
		}
		return
	}
	if !ran {
		r.exit = 0
	}
}

func (r *Runner) letClause(c *syntax.LetClause) {
	var n int64
	stage := r.simpleStageLevel && r.forkedSimple == syntax.Command(c)
	fields, split, ferr := r.letFields(c, stage) // letwords.go
	// bash expands all the words before let runs (let "x=1" "y=$x"
	// sees the x from before), and before it traces them
	var texts []string
	for _, x := range c.Exprs {
		if split || ferr != nil {
			break
		}
		s, err := r.letText(x)
		if err != nil {
			r.letFailed(textError(err))
			return
		}
		texts = append(texts, s)
	}
	if r.opts.on(optXtrace) && ferr == nil {
		// traced as a command with its expanded words
		line := r.tracePrefix() + "let"
		for _, f := range fields {
			line += " " + r.q().trace(f)
		}
		for _, s := range texts {
			line += " " + r.q().trace(strings.TrimRight(s, " \t\n"))
		}
		r.traceWrite(line + "\n")
	}
	r.raiseStageLevel(c) // after the trace, as for any builtin (runArgs)
	// let is a builtin: its name is this_command_name while it runs
	r.thisCmd = "let"
	defer func() { r.thisCmd = "" }()
	if ferr != nil {
		r.expansionError(ferr)
		return
	}
	r.stageExpanding, r.fatalToTop = false, false
	if len(c.Exprs) > 0 && r.nodeText(c.Exprs[0]) == "--help" || len(fields) > 0 && fields[0] == "--help" {
		r.exit, _ = r.builtinHelp("let")
		return
	}
	if split && len(fields) == 0 {
		r.bErr("let", "expression expected")
		r.exit = 1
		return
	}
	if split {
		texts = fields
	}
	for _, s := range texts {
		var err error
		if n, err = r.arithStringCmd(s, "let"); err != nil {
			r.letFailed(err)
			return
		}
	}
	r.exit = int(b2i(n == 0))
}

// letFailed applies an error in one of let's expressions, as a let
// clause or a call of the builtin: a fatal one (an unbound variable
// under set -u) ends the shell and one in a subscript abandons the
// command line (bash's evalexp jumps to the top level), others fail the
// command with status 1.
func (r *Runner) letFailed(err error) {
	r.expansionError(err)
	if abandonsLine(err) || r.flow == flowExit {
		return
	}
	if r.flow == flowAbort {
		r.flow = flowNone
	}
	r.exit = 1
}

// timeSpec reads a time clause as bash's grammar does where mvdan's
// differs: "time time cmd" is one timing (bash ORs the flags of the two
// timespecs). (A "--" after "time" or "time -p" was read by parseProgram,
// parsefix_timeign.go.) An inner clause for which utility reports true
// is not one of them: a POSIX shell's time -p there is the utility.
func timeSpec(c *syntax.TimeClause, utility func(*syntax.TimeClause) bool) *syntax.TimeClause {
	for c.Stmt != nil && !c.Stmt.Negated && !c.Stmt.Background && len(c.Stmt.Redirs) == 0 {
		inner, ok := c.Stmt.Cmd.(*syntax.TimeClause)
		if !ok || utility != nil && utility(inner) {
			break
		}
		c = &syntax.TimeClause{Time: c.Time, PosixFormat: c.PosixFormat || inner.PosixFormat, Stmt: inner.Stmt}
	}
	return c
}

func (r *Runner) timeClause(c *syntax.TimeClause) {
	if st := r.posixTimeCall(c); st != nil {
		r.stmt(st)
		return
	}
	c = timeSpec(c, func(inner *syntax.TimeClause) bool { return r.posixTimeCall(inner) != nil })
	start := time.Now()
	ru0 := selfRusage()
	nullCmd := c.Stmt == nil
	if nullCmd && r.opts.on(optPosix) {
		// bare time in POSIX mode times the shell itself
		start, ru0 = r.sh.start, rusage{}
	}
	if c.Stmt != nil {
		r.stmt(c.Stmt)
	} else {
		r.exit = 0 // bash times a null command, which succeeds
	}
	real := time.Since(start)
	ru1 := selfRusage()
	user, sys := ru1.user-ru0.user, ru1.sys-ru0.sys
	format := bashTimeFormat
	switch v := r.vars.get("TIMEFORMAT"); {
	case c.PosixFormat:
		format = posixTimeFormat
	case v != nil && v.set:
		format = v.value()
	case nullCmd && r.opts.on(optPosix):
		format = posixNullTimeFormat
	}
	if format == "" {
		return
	}
	out, bad, ok := formatTimeIn(format, r.numericRadix()[0], real, user, sys)
	if !ok {
		// a format ending in its precision or l has the terminating
		// NUL as its conversion, which bash's message shows raw. The
		// timed command is over: bash's line_number is back at the
		// notice line (the enclosing compound command's, see
		// jobnotice.go)
		if r.noticeLine > 0 {
			defer func(line int) { r.line = line }(r.line)
			r.line = r.noticeLine
		}
		r.errorf("TIMEFORMAT: `%c': invalid format character", bad)
		return
	}
	io.WriteString(r.fds.writer(2), out)
}

// forceEOF ends the shell with status as bash's jump to the top level
// with FORCE_EOF does; out of a -c string, eval'd or sourced text
// included, bash's run_one_command turns that into status 127. Under
// set -e bash's report_error has exited with status already
// (exit_shell), with neither.
func (r *Runner) forceEOF(status int) {
	r.flow, r.exitCode = flowExit, status
	if r.reportExits() {
		r.exitReported()
		return
	}
	r.forceEOFUnreported(status)
}

// forceEOFUnreported is forceEOF after an error bash did not print with
// report_error, which set -e does not end first.
func (r *Runner) forceEOFUnreported(status int) {
	r.flow, r.exitCode = flowExit, status
	r.forcedEOF = true
	r.exitHow = exitOther
	r.forceInPE = (r.peTexts > 0 || r.inTrap) && !r.peTop()
	if r.sh.cmdString && (!r.isSub || r.fatalToTop) {
		r.exitCode = 127
	}
}

// expansionError reports an expansion error and applies bash's
// consequence: a fatal one exits the shell, others abandon the current
// top-level command.
func (r *Runner) expansionError(err error) {
	if r.reportErr(err); r.flow == flowExit {
		return // a report_error under set -e
	}
	ee, ok := err.(*expandError)
	if ok && ee.exitNow != 0 {
		r.exit, r.exitCode, r.flow = ee.exitNow, ee.exitNow, flowExit
		r.exitReported()
		return
	}
	r.exit = 1
	// bash's expansion errors that end a shell (expand_wdesc_fatal: an
	// unset ${x?}, an unbound variable, a bad substitution) are
	// expand_wdesc_error in an interactive shell, which discards the
	// command and reads the next
	if ok && ee.fatal && !r.isInteractive() {
		if ee.unreported {
			r.forceEOFUnreported(1)
			return
		}
		r.forceEOF(1)
		if r.exitHow == exitOther && !ee.byExpr && !r.peLevel() {
			r.exitHow = exitByExpansion
		}
		return
	}
	if ok && ee.status != 0 {
		r.exit = ee.status
	}
	r.discardLine = 0
	if len(r.calls) == r.textCalls {
		r.discardLine = r.line
	}
	r.flow = flowAbort
	r.topUnwind(err)
}

// shiftAfterDiscard counts the lines read after a command that an
// expansion error gave up (discardLine) from that command's line, as
// bash's reader does: its line_number stays that of the command that
// failed (a compound command restores it only when it ends), while end,
// the line where the command read ends, is past it. It returns the shift
// applied to the lines read next.
func (r *Runner) shiftAfterDiscard(end int) int {
	shift := 0
	if r.discardLine > 0 && r.discardLine < end {
		shift = r.discardLine - end
		r.lineOff += shift
	}
	r.discardLine = 0
	return shift
}

// reportErr prints err with bash's "name: line N: " prefix.
func (r *Runner) reportErr(err error) {
	if ee, ok := err.(*expandError); err == nil || ok && ee.reported {
		return
	}
	r.printErr(err)
	if via, failed := viaReportError(err); via && r.reportExits() {
		if failed {
			r.exit = 1
		}
		r.reportExit()
	}
}

// printErr prints err's message, if any, with the prefix of the bash
// function that says it: builtin_error's (" line N", whatever
// gnu_errfmt says) for sh_invalidid's messages and declare's refusals
// met as the words are expanded, else error_prolog's.
func (r *Runner) printErr(err error) {
	builtin := false
	switch e := err.(type) {
	case *varError:
		builtin = e.invalidID
	case *discardError:
		builtin = !e.noPrefix
	}
	switch msg := err.Error(); {
	case msg == "":
	case builtin:
		r.bErr("", "%s", msg)
	default:
		r.errorf("%s", msg)
	}
}

// errorf prints a message with bash's prefix to fd 2.
func (r *Runner) errorf(format string, a ...any) {
	msg := fmt.Sprintf(format, rawByteArgs(a)...)
	r.writeErr(r.errPrefix() + msg + "\n")
}

// writeErr writes one of the shell's own messages to stderr. bash's
// stderr is unbuffered: the write to a pipe whose reader has gone kills
// a subshell with SIGPIPE there, unless that is ignored (as write's
// writeFailed).
func (r *Runner) writeErr(s string) { r.writeErrTo(r.errOut(), s) }

// writeErrTo is writeErr to w, what fd 2 was at some earlier point.
func (r *Runner) writeErrTo(w io.Writer, s string) {
	_, err := io.WriteString(w, s)
	if errno, ok := underlyingErrno(err); ok && errno == syscall.EPIPE {
		if r.sigpipeIgnored() {
			return
		}
		if r.childMsg {
			r.childPiped = true
		} else if r.isSub {
			r.flow = flowExit
			r.exitCode = 128 + int(syscall.SIGPIPE)
		}
	}
}

// errOut is where the shell's error messages go: stderr as it was before
// the redirections of the declaration being run (earlyErrW), else fd 2.
func (r *Runner) errOut() io.Writer {
	if r.earlyErrW != nil {
		return r.earlyErrW
	}
	return r.fds.writer(2)
}

// errPrefix is "NAME: line N: " as bash's error_prolog prints it
// ("NAME:N: " with shopt gnu_errfmt).
func (r *Runner) errPrefix() string { return r.linePrefix(r.lineSep()) }

// plainPrefix is errPrefix as builtin_error and the job death notices
// print it: always " line ", whatever gnu_errfmt says.
func (r *Runner) plainPrefix() string { return r.linePrefix(": line ") }

func (r *Runner) linePrefix(sep string) string {
	return r.namedPrefix(r.errName(), sep, r.line)
}

// namedPrefix is error_prolog's prefix for name and line: the line only
// where a non-interactive shell has one.
func (r *Runner) namedPrefix(name, sep string, line int) string {
	if line > 0 && !r.sh.interactive {
		return name + sep + itoa(int64(line)) + ": "
	}
	return name + ": "
}

// lineSep is what bash's error.c puts between a name and a line number:
// ": line ", or ":" with shopt gnu_errfmt.
func (r *Runner) lineSep() string {
	if r.opts.sh(shGnuErrfmt) {
		return ":"
	}
	return ": line "
}

func (r *Runner) errName() string {
	if r.sh.interactive && r.sh.name != "" {
		// get_name_for_error: an interactive shell names itself
		return r.sh.name
	}
	if len(r.calls) > 0 {
		if s := r.calls[len(r.calls)-1].source; s != "" {
			return s
		}
	}
	if r.sourceName != "" {
		return r.sourceName
	}
	return r.arg0
}

func sprintf(format string, a ...any) string { return fmt.Sprintf(format, a...) }

// nameParen makes st the current command ($BASH_COMMAND) when it is a
// ( ) that bash prints for it as it forks it: when an ERR trap could name
// it and no trap is running (execute_command_internal). The child of a
// pipeline element inherits it. It reports whether it did.
func (r *Runner) nameParen(st *syntax.Stmt) bool {
	if _, paren := st.Cmd.(*syntax.Subshell); !paren || r.inTrap || r.inDebug || !r.traps.has("ERR") {
		return false
	}
	r.bashCmd = cmdText{stmt: st, src: r.curSrc}
	return true
}
