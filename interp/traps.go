package interp

import (
	"os"
	"os/signal"
	"sort"
	"sync"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// traps is a runner's trap table. A subshell starts with its parent's
// table for display (`trap` lists it, as in bash) but runs none of the
// inherited actions.
type traps struct {
	m         map[string]string // signal name -> action ("" ignores)
	inherited bool
	// live names the inherited entries that stay active in a subshell:
	// ERR under set -E, DEBUG and RETURN under set -T (bash's
	// reset_or_restore_signal_handlers keeps them trapped)
	live   []string
	parsed map[string]parsedTrap
	// ignoredMark names the EXIT, DEBUG, ERR and RETURN traps whose
	// "ignored" mark (bash's SIG_IGNORED) is set: trap '' sets it and
	// trap - leaves it, and while it is set bash's ignore_signal does
	// nothing, so trap '' after trap - leaves the trap unset. Setting an
	// action clears it.
	ignoredMark map[string]bool
}

// parsedTrap is a trap's action as parsed, with the text its positions
// refer to (parseProgram may have rewritten it).
type parsedTrap struct {
	stmts []*syntax.Stmt
	text  string
	// err is the action's syntax error: stmts are then the lines before
	// it, which bash's parse_and_execute runs first
	err error
}

// active reports whether the entry for name runs (rather than being an
// inherited, display-only one).
func (t *traps) active(name string) bool {
	if !t.inherited {
		return true
	}
	for _, n := range t.live {
		if n == name {
			return true
		}
	}
	return false
}

func (t *traps) has(name string) bool {
	if !t.active(name) {
		return false
	}
	a, ok := t.m[name]
	return ok && a != ""
}

// keepLive marks the inherited ERR (errtrace) and DEBUG and RETURN
// (functrace) traps of a fresh subshell table as still running.
func (t *traps) keepLive(errtrace, functrace bool) {
	t.live = nil
	if errtrace {
		t.live = append(t.live, "ERR")
	}
	if functrace {
		t.live = append(t.live, "DEBUG", "RETURN")
	}
}

func (t *traps) forSubshell() *traps {
	c := &traps{m: make(map[string]string, len(t.m)), inherited: true}
	for k, v := range t.m {
		c.m[k] = v
	}
	if len(t.ignoredMark) > 0 {
		c.ignoredMark = make(map[string]bool, len(t.ignoredMark))
		for k, v := range t.ignoredMark {
			c.ignoredMark[k] = v
		}
	}
	return c
}

// set installs or removes a trap; the first change in a subshell drops
// the inherited (display-only) entries, keeping ignored signals.
func (t *traps) set(name, action string, reset bool) {
	if t.inherited {
		keep := map[string]string{}
		for k, v := range t.m {
			if v == "" || t.active(k) {
				keep[k] = v
			}
		}
		t.m = keep
		// bash's free_trap_strings resets the special traps the
		// subshell does not keep trapped, their ignored mark too
		for k := range t.ignoredMark {
			if _, trapped := keep[k]; !trapped || !t.active(k) {
				delete(t.ignoredMark, k)
			}
		}
		t.inherited = false
		t.live = nil
	}
	if t.m == nil {
		t.m = map[string]string{}
	}
	if _, special := pseudoSignal(name); special && !reset {
		if action == "" && t.ignoredMark[name] {
			return
		}
		if t.ignoredMark == nil {
			t.ignoredMark = map[string]bool{}
		}
		t.ignoredMark[name] = action == ""
	}
	if reset {
		delete(t.m, name)
	} else {
		t.m[name] = action
	}
	delete(t.parsed, name)
}

func (t *traps) names() []string {
	var out []string
	for k := range t.m {
		out = append(out, k)
	}
	order := func(n string) int {
		switch n {
		case "EXIT":
			return -1
		case "DEBUG":
			return 100
		case "ERR":
			return 101
		case "RETURN":
			return 102
		}
		_, num, _ := parseSignal(n, false)
		return num
	}
	sort.Slice(out, func(i, j int) bool { return order(out[i]) < order(out[j]) })
	return out
}

// trapLineOff is where the lines of name's action count from: the line
// of the command that triggered a DEBUG, ERR or RETURN trap; EXIT and
// signal traps count from 1 (bash's SEVAL_RESETLINE).
func trapLineOff(name string, line int) int {
	if line < 1 || name != "DEBUG" && name != "ERR" && name != "RETURN" {
		return 0
	}
	return line - 1
}

// trapLabel is how bash names a trap's action in its syntax errors.
func trapLabel(name string) string {
	switch name {
	case "EXIT":
		return "exit trap"
	case "ERR":
		return "error trap"
	case "DEBUG":
		return "debug trap"
	case "RETURN":
		return "return trap"
	}
	return "trap"
}

// runTrap runs the action for name in the current runner, keeping $?.
// It returns the action's own status (bash's trap_exit_value), which
// the DEBUG trap's callers read (debugTrap).
func (r *Runner) runTrap(name string) int {
	action, ok := r.traps.m[name]
	if !ok || action == "" || !r.traps.active(name) {
		return 0
	}
	if r.traps.parsed == nil {
		r.traps.parsed = map[string]parsedTrap{}
	}
	pt, ok := r.traps.parsed[name]
	if !ok {
		stmts, text, err := r.parseSourced(action, "trap")
		pt = parsedTrap{stmts: stmts, text: text, err: err}
		r.traps.parsed[name] = pt
	}
	if pt.err != nil && len(pt.stmts) == 0 {
		oldOff := r.lineOff
		r.lineOff = trapLineOff(name, r.line)
		r.echoErrorLines(action, pt.err)
		r.reportSyntaxError(pt.err, action, trapLabel(name))
		r.substSyntaxExit(pt.err, action, trapLabel(name))
		r.lineOff = oldOff
		return 2 // parse_and_execute's EX_BADUSAGE, as below
	}
	if !r.enterNested() {
		return r.exitCode
	}
	defer r.leaveNested()
	saved := r.exit
	oldNesting := r.nesting
	oldTrap, oldDebug := r.inTrap, r.inDebug
	oldErr, oldReturn := r.inErrTrap, r.inReturnTrap
	oldLine, oldOff, oldConts := r.line, r.lineOff, r.lineConts
	oldSrc := r.curSrc
	r.curSrc, r.lineConts = pt.text, nil
	r.inTrap = true
	// bash parses the action afresh, so its commands do not carry the
	// CMD_IGNORE_RETURN of an if/while condition or && list the trap
	// interrupted: the ERR trap applies in it, and set -e unless an eval,
	// source or command run in such a context turned it off for what it
	// runs (builtin_ignoring_errexit, failed)
	oldNoErr, oldBase := r.noErrExit, r.ignoreBase
	r.noErrExit, r.ignoreBase = 0, 0
	outerPE := r.enterPE()
	defer r.leavePE(outerPE)
	peN := len(r.peCalls)
	r.peCalls = append(r.peCalls, r.peMark())
	defer func() { r.peCalls = r.peCalls[:peN] }()
	oldRunning := r.runningTrap
	r.runningTrap, r.trapSaved = name, saved
	// the action's commands do not change PIPESTATUS for the code it
	// interrupted (bash's save_pipestatus_array around every trap)
	oldPS := r.pipeStatus
	r.psOwned = false
	r.inDebug = r.inDebug || name == "DEBUG"
	r.inErrTrap = r.inErrTrap || name == "ERR"
	r.inReturnTrap = r.inReturnTrap || name == "RETURN"
	r.nesting = Nesting{Depth: oldNesting.Depth + 1, Kind: "trap:" + name}
	// the action is parsed and run like eval: its lines count from the
	// line of the command that triggered it, and PS4 gets one more level
	// (bash's parse_and_execute). The EXIT trap runs as the shell ends,
	// once the levels of what ran have unwound (each eval, sourced file
	// and trap text restores its indirection_level as the jump passes):
	// to the top for the shell (reader_loop's own level is gone by then,
	// whatever functions or files the exit began in), to the level it was
	// forked at for a subshell, so one more there. report_error under
	// set -e unwinds nothing first (exitReported).
	r.lineOff = trapLineOff(name, oldLine)
	level := r.traceLevel
	switch {
	case name != "EXIT":
		r.traceLevel++
	case r.stageExit.armed:
		// the parent's trap, at the level it would have there
		r.traceLevel = r.stageExit.level
	case r.exitHow == exitByReport:
		r.traceLevel = r.reportLevel + 1
	case r.isSub || r.bgProcess:
		r.traceLevel = r.forkLevel + 1
	default:
		r.traceLevel = 0
	}
	// a syntax error ends the action with status 2, whatever ran before
	// it (parse_and_execute's EX_BADUSAGE), which a DEBUG trap under
	// extdebug takes as its own
	badSyntax := false
	if err := r.stmtsEchoing(pt.stmts, action, false, trapLabel(name)); err == errReadAll {
		// read to its end with aliases: pt.err is none
	} else if err != nil && r.flow == flowNone {
		r.reportSyntaxError(err, action, trapLabel(name))
		badSyntax = true
	} else if pt.err != nil && r.flow == flowNone {
		r.reportSyntaxError(pt.err, action, trapLabel(name))
		r.substSyntaxExit(pt.err, pt.text, trapLabel(name))
		badSyntax = true
	}
	status := r.exit
	if badSyntax {
		status = 2
	}
	if r.flow == flowAbort && !r.abortTop && r.subLevel == 0 {
		// an error that abandons the line abandons only the action
		// (bash's parse_and_execute catches the DISCARD); in a
		// subshell it rethrows it, and the subshell ends
		r.flow = flowNone
	} else if r.flow == flowAbort && status == 0 {
		// what the subshell ends with: parse_and_execute makes a
		// discarded action's status a failure
		status = 1
		r.exit = status
	}
	r.traceLevel = level
	r.nesting = oldNesting
	r.inTrap = oldTrap
	if r.flow != flowExit {
		// an exit or set -e leaving the action jumps past what would
		// clear bash's SIG_INPROGRESS for it: the DEBUG, ERR or
		// RETURN trap stays off in the EXIT trap and whatever it runs
		r.inDebug = oldDebug
		r.inErrTrap, r.inReturnTrap = oldErr, oldReturn
	}
	r.noErrExit, r.ignoreBase = oldNoErr, oldBase
	r.runningTrap = oldRunning
	r.pipeStatus, r.psOwned = oldPS, false
	r.line, r.lineOff, r.lineConts = oldLine, oldOff, oldConts
	r.curSrc = oldSrc
	if r.flow == flowExit {
		r.exitTrapAt(atPEText)
		return status
	}
	if r.flow != flowReturn && r.flow != flowAbort {
		// a return in the action leaves the function (or sourced
		// file) with its status, an error abandoning the command line
		// with its own; otherwise the trap keeps $?
		r.exit = saved
	} else if r.flow == flowReturn {
		// but $? is put back first (restore_parser_state), so the
		// RETURN trap sees the status from before the action
		r.retPrev = saved
	}
	return status
}

// debugTrap runs the DEBUG trap before a command and reports whether the
// command is skipped. With extdebug (bash's debugging mode) a trap that
// ends with a non-zero status skips the command, which callers count as
// succeeded; one that ends with 2 in a function or sourced file also
// returns from it with status 2 (r.flow is flowReturn then). st is the
// trap's status.
func (r *Runner) debugTrap() (skip bool, st int) {
	st = r.runTrap("DEBUG")
	if st == 0 || r.flow != flowNone || !r.opts.sh(shExtdebug) {
		return false, st
	}
	if st == 2 && (len(r.calls) > 0 || r.inSource) {
		r.retPrev = r.exit
		r.flow, r.exit = flowReturn, 2
	}
	return true, st
}

// runReturnTrap runs the RETURN trap as a function or sourced file
// finishes. When it ended with return, the trap's $? is the status from
// before that return (bash's return leaves without setting $?); the
// frame's status is kept unless the trap itself returns.
func (r *Runner) runReturnTrap(returned bool) {
	if r.inReturnTrap || !r.traps.has("RETURN") {
		return
	}
	st := r.exit
	if returned {
		r.exit = r.retPrev
	}
	r.runTrap("RETURN")
	if r.flow == flowNone {
		r.exit = st
	}
}

// returnTrapInRedirs runs the RETURN trap of a function that return left
// from inside redirections made in its body (on the return, a compound
// command around it, an eval, the body itself), before they are undone:
// bash's return longjmps to execute_function, which runs the trap there,
// and only the unwind-protects run after it put the descriptors back.
// The function's own code then does not run it again (retTrapEarly).
func (r *Runner) returnTrapInRedirs() {
	r.retTrapEarly = true
	if r.inReturnTrap || !r.traps.has("RETURN") {
		return
	}
	r.flow = flowNone
	r.runReturnTrap(true)
	if r.flow == flowNone {
		r.flow = flowReturn
	}
}

func (r *Runner) runErrTrap() {
	if r.inErrTrap || !r.traps.has("ERR") {
		return
	}
	r.runTrap("ERR")
}

// hiddenTraps are the DEBUG, ERR and RETURN traps a function call does not
// inherit, put back when it returns unless it set its own.
type hiddenTraps struct {
	names [3]string
	acts  [3]string
	n     int
}

// enterFuncTraps hides the traps f does not inherit: DEBUG and RETURN
// unless set -T or f has the trace attribute (RETURN also while the DEBUG
// trap runs), ERR unless set -E.
func (r *Runner) enterFuncTraps(f *funcDef) hiddenTraps {
	var h hiddenTraps
	t := r.traps
	if t.inherited && len(t.live) == 0 || len(t.m) == 0 {
		return h
	}
	trace := f.trace || r.opts.on(optFunctrace)
	hide := func(name string) {
		// an ignored one stays (bash's execute_function saves only
		// a trap that is set and not ignored)
		if a, ok := t.m[name]; ok && a != "" && t.active(name) {
			h.names[h.n], h.acts[h.n] = name, a
			h.n++
			delete(t.m, name)
		}
	}
	if !trace {
		hide("DEBUG")
	}
	if !trace || r.inDebug {
		// a function the DEBUG trap calls does not run the RETURN
		// trap (bash's execute_function tests signal_in_progress)
		hide("RETURN")
	}
	if !r.opts.on(optErrtrace) {
		hide("ERR")
	}
	return h
}

// sourceTraps hides the DEBUG trap from a sourced file, as bash's source
// does unless set -T is on; leaveFuncTraps puts it back.
func (r *Runner) sourceTraps() hiddenTraps {
	var h hiddenTraps
	t := r.traps
	if r.opts.on(optFunctrace) || t.inherited && len(t.live) == 0 {
		return h
	}
	if a, ok := t.m["DEBUG"]; ok && t.active("DEBUG") {
		h.names[0], h.acts[0], h.n = "DEBUG", a, 1
		delete(t.m, "DEBUG")
	}
	return h
}

func (r *Runner) leaveFuncTraps(h hiddenTraps) {
	t := r.traps
	for i := 0; i < h.n; i++ {
		if _, ok := t.m[h.names[i]]; !ok && t.active(h.names[i]) {
			t.m[h.names[i]] = h.acts[i]
			delete(t.parsed, h.names[i])
		}
	}
}

// runExitTrap runs the EXIT trap once.
func (r *Runner) runExitTrap() {
	if !r.traps.active("EXIT") || r.exitTrapRan || !forkedRunsExitTrap(r.forkedFor) {
		return
	}
	if a, ok := r.traps.m["EXIT"]; !ok || a == "" {
		return
	}
	r.exitTrapRan = true
	status := r.exit
	r.flow = flowNone
	oldRet, oldLoops := r.retInExit, r.loopDepth
	r.retInExit = r.exitInFrame
	// exit and set -e jump out of the loops they ran in without bash's
	// loop_level going down: break and continue in the trap do not
	// complain (they end the action)
	r.loopDepth = r.exitLoops
	r.forcedEOF = false
	r.exitTrapCalls = len(r.calls) // (shownCalls)
	r.exitTrapPE = len(r.peCalls)
	if r.peTexts > 0 && r.exitHow != exitByReport {
		// the jump to the top level unwinds the eval'd or sourced
		// texts still open, the outermost putting back the
		// $BASH_COMMAND from before it (restore_lastcom), even when
		// the trap runs with their function frames kept
		r.bashCmd = r.peOuterCmd
	}
	r.runTrap("EXIT")
	r.retInExit, r.loopDepth = oldRet, oldLoops
	if r.flow == flowAbort && r.abortTop && (r.isSub || r.bgProcess) {
		status = r.exitTrapUnwound(status)
	}
	if r.flow == flowReturn {
		// a return in the action of an exit from inside a function
		// lands in bash's run_exit_trap: its status is the shell's
		status = r.exit
	}
	if r.flow != flowExit || r.forcedEOF {
		// a fatal error in the action (${u:?}, set -u, a readonly
		// variable in POSIX mode) jumps to bash's run_exit_trap with
		// FORCE_EOF, which exits with the status saved before the
		// trap; exit and set -e exit with theirs
		r.exit = status
		r.exitCode = status
		r.flow = flowExit
	}
}

// exitTrapUnwound is the status of a subshell whose EXIT trap an error
// unwinding to the top level (topUnwind) ended, status the one saved
// before the trap. bash's top_level_cleanup runs every unwind frame the
// child inherited: with a parse_and_execute frame from the -c string, the
// jump lands in run_one_command, which returns 1; with one from eval,
// source, a trap or a substitution's text, in reader_loop, which keeps
// the failed status of the command before the error or makes it 1; with
// none, in run_exit_trap, which keeps
// the saved status.
func (r *Runner) exitTrapUnwound(status int) int {
	switch {
	case r.sh.cmdString:
		return 1
	case r.outerPE && r.stmtPrevExit == 0:
		return 1
	case r.outerPE:
		return r.stmtPrevExit
	}
	return status
}

// signalState routes process signals to the top-level runner's traps.
type signalState struct {
	mu      sync.Mutex
	ch      chan os.Signal
	pending map[string]bool
	caught  map[syscall.Signal]bool
	arrived chan struct{} // poked when a signal is recorded
	// probe and flush serve settle (sigsettle.go)
	probe chan os.Signal
	flush chan chan struct{}
	// chld counts the shell's children that ended while SIGCHLD was
	// caught: bash runs the CHLD trap once per reaped child, where the
	// kernel merges the signals
	chld int
	// chldRunning: the CHLD trap is running; bash's run_sigchld_trap
	// sets an impossible handler meanwhile, so the children that end
	// then (its own included) do not count
	chldRunning bool
	// term holds the terminating signals caught for the EXIT trap
	// (termsig.go); termKept says an EXIT trap has been set, after
	// which they stay caught
	term     map[syscall.Signal]bool
	termKept bool
}

// noteChild records that one of the shell's child processes (an
// external command it waited for, or a job or pipeline stage bash would
// have forked) ended.
func (s *signalState) noteChild() {
	s.mu.Lock()
	if !s.caught[syscall.SIGCHLD] || s.chldRunning {
		s.mu.Unlock()
		return
	}
	s.chld++
	s.mu.Unlock()
	select {
	case s.arrived <- struct{}{}:
	default:
	}
}

func (s *signalState) setChldRunning(on bool) {
	s.mu.Lock()
	s.chldRunning = on
	s.mu.Unlock()
}

// interrupting returns a trapped signal other than SIGCHLD that arrived
// and whose trap has not run yet, or 0.
func (s *signalState) interrupting() syscall.Signal {
	s.mu.Lock()
	defer s.mu.Unlock()
	for name := range s.pending {
		if name == "CHLD" {
			continue
		}
		if _, num, ok := parseSignal(name, false); ok && num > 0 {
			return syscall.Signal(num)
		}
	}
	return 0
}

// isCaught reports whether the shell has a trap running for sig.
func (s *signalState) isCaught(sig syscall.Signal) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.caught[sig]
}

// awaitSelf waits (briefly) until a signal the shell sent to itself and
// catches is recorded, so that its trap runs right after the kill builtin
// as it does in bash, where the handler runs before kill(2) returns.
func (s *signalState) awaitSelf(sig syscall.Signal) {
	if !s.isCaught(sig) && !s.isTerm(sig) {
		return
	}
	name := signalName(int(sig))
	deadline := time.After(200 * time.Millisecond)
	for {
		s.mu.Lock()
		got := s.pending[name]
		s.mu.Unlock()
		if got {
			return
		}
		select {
		case <-s.arrived:
		case <-deadline:
			return
		}
	}
}

// watchSignal starts delivering sig to the trap table (or ignoring it).
func (r *Runner) watchSignal(name string, num int, action string, reset bool) {
	if num > 0 && r.jobSig != nil {
		r.jobSig.setDisp(syscall.Signal(num), action, reset)
	}
	if num <= 0 || r.isSub {
		return
	}
	sig := syscall.Signal(num)
	if sig == syscall.SIGKILL || sig == syscall.SIGSTOP {
		return
	}
	s := r.signalState()
	r.vars.envDirty = true // the ignored set travels to child shells
	switch {
	case reset:
		// After Ignore, the kernel disposition stays SIG_IGN across a
		// plain Reset, and children would inherit it ignored. Having the
		// runtime install its handler first means the disposition is a
		// handler again, which exec resets to the default in children.
		if signal.Ignored(sig) {
			if _, ok := goHandler(sig); ok {
				restoreGoHandler(sig)
			} else {
				// the runtime's own (SIGINT): Notify
				// records the disposition it finds as the one to go
				// back to, and for SIGINT and SIGHUP a SIG_IGN there
				// would make Reset ignore the signal again
				defaultRaw(sig)
			}
			tmp := make(chan os.Signal, 1)
			signal.Notify(tmp, sig)
			signal.Reset(sig)
			signal.Stop(tmp)
		} else {
			signal.Reset(sig)
		}
		backToDefault(sig)
		s.mu.Lock()
		delete(s.caught, sig)
		// no longer caught for the EXIT trap either: syncTermWatch,
		// which runs next, catches it again while there is one
		delete(s.term, sig)
		s.mu.Unlock()
		if sig == syscall.SIGINT {
			defer r.catchInteractiveInt() // once the trap entry is gone
		}
	case action == "" && !kernelIgnorable(sig):
		signal.Reset(sig) // recorded as ignored; delivered to no trap
	case action == "":
		signal.Ignore(sig)
		ignoreRaw(sig)
		s.mu.Lock()
		delete(s.caught, sig)
		s.mu.Unlock()
	default:
		restoreGoHandler(sig)
		signal.Notify(s.ch, sig)
		s.mu.Lock()
		s.caught[sig] = true
		s.mu.Unlock()
	}
}

// signalState returns the shell's signal state, made (with the goroutine
// that records arriving signals) on first use.
func (r *Runner) signalState() *signalState {
	s := r.sh.sigs
	if s != nil {
		return s
	}
	s = &signalState{
		ch: make(chan os.Signal, 16), pending: map[string]bool{}, caught: map[syscall.Signal]bool{}, arrived: make(chan struct{}, 1),
		probe: make(chan os.Signal), flush: make(chan chan struct{}),
	}
	r.sh.sigs = s
	r.sh.jobs.mu.Lock()
	r.sh.jobs.childEnded = s.noteChild
	r.sh.jobs.mu.Unlock()
	go s.recordLoop()
	return s
}

// runPendingFatal ends the shell by a signal that arrived untrapped, as
// runPendingTraps does first, without running any trap.
func (r *Runner) runPendingFatal() {
	if !r.exitByDeferredKill() {
		r.exitByTerm()
	}
}

// exitByDeferredKill ends the main shell by a signal whose default action
// was put off, reporting whether there was one.
func (r *Runner) exitByDeferredKill() bool {
	if r.isSub {
		return false
	}
	sig := r.sh.deferredKill.Swap(0)
	if sig != 0 {
		r.termsigExit(syscall.Signal(sig))
	}
	return sig != 0
}

// exitByTerm ends the main shell by a caught terminating signal that
// arrived, reporting whether there was one.
func (r *Runner) exitByTerm() bool {
	s := r.sh.sigs
	if s == nil || r.isSub {
		return false
	}
	sig := s.takeTerm(false)
	if sig != 0 {
		r.termsigExit(sig)
	}
	return sig != 0
}

// termSignalOf is the signal named name, or 0.
func termSignalOf(name string) syscall.Signal {
	if _, num, ok := parseSignal(name, false); ok && num > 0 {
		return syscall.Signal(num)
	}
	return 0
}

// runPendingTraps runs traps for signals that arrived, between commands.
func (r *Runner) runPendingTraps() {
	if r.exitByDeferredKill() {
		return
	}
	r.runJobTraps()
	if r.subIntPending {
		r.subIntPending = false
		r.runTrap("INT")
	}
	if r.isSub && r.subChld.Load() != 0 {
		// (children ending while its CHLD trap runs do not count, nor
		// do those before it is set; an inherited one is not active)
		n := r.subChld.Swap(0)
		if !r.inChldTrap && r.traps != nil && r.traps.has("CHLD") {
			r.inChldTrap = true
			for ; n > 0; n-- {
				r.runTrap("CHLD")
			}
			r.inChldTrap = false
			r.subChld.Store(0)
		}
	}
	s := r.sh.sigs
	if s == nil || r.isSub || !r.keepTerm && r.exitByTerm() {
		return
	}
	s.mu.Lock()
	// the kernel's (merged) SIGCHLDs give way to the count of children
	delete(s.pending, "CHLD")
	chld := s.chld
	s.chld = 0
	if len(s.pending) == 0 && chld == 0 {
		s.mu.Unlock()
		return
	}
	var names []string
	kept := map[string]bool{}
	for n := range s.pending {
		if r.keepTerm && s.term[termSignalOf(n)] {
			kept[n] = true // (groupStmts)
			continue
		}
		names = append(names, n)
	}
	if chld > 0 {
		names = append(names, "CHLD")
	}
	s.pending = kept
	s.mu.Unlock()
	sort.Strings(names)
	for _, n := range names {
		// one that arrived after the takeTerm above
		if _, num, ok := parseSignal(n, false); ok && num > 0 && s.isTerm(syscall.Signal(num)) && !r.hasTrapEntry(n) {
			r.termsigExit(syscall.Signal(num))
			return
		}
	}
	for _, n := range names {
		if n == "CHLD" {
			for i := 0; i < chld; i++ {
				s.setChldRunning(true)
				r.runTrap(n)
				s.setChldRunning(false)
			}
			continue
		}
		r.runTrap(n)
	}
}
