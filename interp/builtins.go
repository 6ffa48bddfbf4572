package interp

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// builtinFunc runs a builtin with its expanded arguments (args[0] is the
// builtin's name) and returns its exit status.
type builtinFunc func(r *Runner, args []string) int

// lookupBuiltin returns the builtin called name, or nil. A switch rather
// than a map keeps package initialisation empty.
func lookupBuiltin(name string) builtinFunc {
	switch name {
	case ":", "true":
		return biTrue
	case "false":
		return biFalse
	case "echo":
		return biEcho
	case "printf":
		return biPrintf
	case "cd":
		return biCd
	case "pwd":
		return biPwd
	case "exit":
		return biExit
	case "return":
		return biReturn
	case "break":
		return biBreak
	case "continue":
		return biContinue
	case "shift":
		return biShift
	case "set":
		return biSet
	case "shopt":
		return biShopt
	case "export":
		return biExport
	case "readonly":
		return biReadonly
	case "unset":
		return biUnset
	case "declare", "typeset":
		return biDeclare
	case "local":
		return biLocal
	case "eval":
		return biEval
	case "source", ".":
		return biSource
	case "test", "[":
		return biTest
	case "read":
		return biRead
	case "exec":
		return biExec
	case "trap":
		return biTrap
	case "wait":
		return biWait
	case "kill":
		return biKill
	case "command":
		return biCommand
	case "type":
		return biType
	case "builtin":
		return biBuiltin
	case "getopts":
		return biGetopts
	case "umask":
		return biUmask
	case "let":
		return biLet
	case "alias":
		return biAlias
	case "unalias":
		return biUnalias
	case "hash":
		return biHash
	case "mapfile", "readarray":
		return biMapfile
	case "pushd":
		return biPushd
	case "popd":
		return biPopd
	case "dirs":
		return biDirs
	case "times":
		return biTimes
	case "ulimit":
		return biUlimit
	case "caller":
		return biCaller
	case "enable":
		return biEnable
	case "help":
		return biHelp
	case "jobs":
		return biJobs
	case "disown":
		return biDisown
	case "bg", "fg":
		return biFgBg
	case "compgen":
		return biCompgen
	case "complete":
		return biComplete
	case "compopt":
		return biCompopt
	case "history":
		return biHistory
	case "fc":
		return biFc
	case "logout":
		return biLogout
	case "bind", "suspend":
		return biNoJobControl
	}
	return nil
}

// builtinNames lists every builtin, for enable and help.
var builtinNames = []string{".", ":", "[", "alias", "bg", "bind", "break", "builtin",
	"caller", "cd", "command", "compgen", "complete", "compopt", "continue",
	"declare", "dirs", "disown", "echo", "enable", "eval", "exec", "exit",
	"export", "false", "fc", "fg", "getopts", "hash", "help", "history", "jobs",
	"kill", "let", "local", "logout", "mapfile", "popd", "printf", "pushd", "pwd",
	"read", "readarray", "readonly", "return", "set", "shift", "shopt", "source",
	"suspend", "test", "times", "trap", "true", "type", "typeset", "ulimit",
	"umask", "unalias", "unset", "wait"}

func (r *Runner) enabledBuiltin(name string) builtinFunc {
	if r.disabled != nil && r.disabled[name] {
		return nil
	}
	return lookupBuiltin(name)
}

// out and errw are the builtin's stdout and stderr.
func (r *Runner) out() io.Writer  { return r.fds.writer(1) }
func (r *Runner) errw() io.Writer { return r.fds.writer(2) }

// bErr prints "name: line N: builtin: msg", or "name: line N: msg" for
// a builtin the shell runs without a command name of its own (select's
// read: bash's builtin_error omits the name when this_command_name is
// unset).
func (r *Runner) bErr(builtin, format string, a ...any) {
	if builtin != "" {
		builtin += ": "
	}
	// builtin_error's prolog ignores gnu_errfmt
	r.writeErr(r.plainPrefix() + builtin + fmt.Sprintf(format, rawByteArgs(a)...) + "\n")
}

// write writes a builtin's output, reporting a write error as bash does.
// A broken pipe in a subshell ends it as SIGPIPE would.
func (r *Runner) write(name, s string) int {
	if s == "" {
		// bash's stdio has nothing to flush: no write, no error even
		// on a closed or full descriptor
		return 0
	}
	_, err := io.WriteString(r.out(), s)
	if err != nil {
		return r.writeFailed(name, err)
	}
	return 0
}

func (r *Runner) writeFailed(name string, err error) int {
	if errno, ok := underlyingErrno(err); ok && errno == syscall.EPIPE {
		// with SIGPIPE ignored (trap '' PIPE, kept in subshells) the
		// write just fails, and the builtin reports it
		if r.isSub && !r.sigpipeIgnored() {
			r.flow = flowExit
			r.exitCode = 128 + int(syscall.SIGPIPE)
			return r.exitCode
		}
	}
	msg := "write error: " + pathErrMsg(err)
	r.bErr(name, "%s", msg)
	return 1
}

// sigpipeIgnored reports trap ” PIPE (kept in subshells): a write to a
// broken pipe then just fails.
func (r *Runner) sigpipeIgnored() bool {
	a, ok := r.traps.m["PIPE"]
	return ok && a == ""
}

func underlyingErrno(err error) (syscall.Errno, bool) {
	for err != nil {
		if e, ok := err.(syscall.Errno); ok {
			return e, true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return 0, false
		}
		err = u.Unwrap()
	}
	return 0, false
}

func biTrue(r *Runner, args []string) int  { return 0 }
func biFalse(r *Runner, args []string) int { return 1 }

func biEcho(r *Runner, args []string) int {
	args = args[1:]
	newline, escapes := true, r.opts.sh(shXpgEcho)
	// POSIX mode with xpg_echo: bash's echo takes no options at all
	// (decided once: an -e read as an option does not end them)
	noOpts := escapes && r.opts.on(optPosix)
	for len(args) > 0 && !noOpts {
		a := args[0]
		if len(a) < 2 || a[0] != '-' || strings.Trim(a[1:], "neE") != "" {
			break
		}
		for _, c := range a[1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	var sb strings.Builder
	for i, a := range args {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if escapes {
			s, stop := decodeEscapes(a, true, r.escBytes(), false)
			sb.WriteString(s)
			if stop {
				return r.write("echo", sb.String())
			}
			continue
		}
		sb.WriteString(a)
	}
	if newline {
		sb.WriteByte('\n')
	}
	return r.write("echo", sb.String())
}

func biPwd(r *Runner, args []string) int {
	physical := r.opts.on(optPhysical)
	pflag := false // -P given, set -o physical or not
	// the last of -L and -P wins; words after the options are ignored
	if _, ok, st := r.builtinOpts("pwd", "LP", usageLine("pwd"), args[1:], func(c byte, _ string) (bool, int) {
		physical = c == 'P'
		pflag = pflag || physical
		return true, 0
	}); !ok {
		return st
	}
	d := r.dir
	if r.cwdLost {
		if r.cwdName != "" {
			return r.write("pwd", r.cwdName+"\n")
		}
		r.getcwdError("pwd")
		if r.opts.on(optPosix) {
			// and again, as its same_file check of the missing
			// name fails and it asks once more (resetpwd)
			r.getcwdError("pwd")
		}
		return 1
	}
	reset := false
	if physical {
		if p, err := physPath(d); err == nil {
			d = p
		} else if os.IsNotExist(err) {
			reset = true
		}
	} else if r.opts.on(optPosix) && !r.dirIsHandle() {
		// a POSIX pwd checks its name for the directory against
		// where the shell is (same_file) before it trusts it
		reset = true
	}
	if reset {
		// bash's resetpwd: the shell's directory by getcwd,
		// which fails when it was removed (the shell then
		// forgets the name), finds the new path of a renamed one
		p, ok := r.handlePath()
		if !ok {
			r.getcwdError("pwd")
			r.cwdLost = true
			return 1
		}
		r.dir, d = p, p
	}
	if ws := r.write("pwd", d+"\n"); ws != 0 || !pflag || !r.opts.on(optPosix) {
		return ws
	}
	// POSIX has pwd -P set PWD to what it printed (bash's setpwd: the
	// variable only, the shell's idea of its directory stays)
	if err := r.setScalar("PWD", d, false); err != nil {
		r.assignResultErr("pwd", err)
		return 1
	}
	return 0
}

// statusArg reads exit's and return's optional status argument: the
// last command's status if there is none, 2 (after a complaint, and
// false) if it is not a number.
func statusArg(r *Runner, name string, args []string) (int, bool) {
	if len(args) > 1 && args[1] == "--" {
		args = args[1:]
	}
	if len(args) < 2 {
		// in a trap action (other than DEBUG), return without a status
		// gives the $? from before the trap: the trap cannot change it;
		// so does exit in the EXIT trap (bash's trap_saved_exit_value)
		if name == "return" && r.runningTrap != "" && r.runningTrap != "DEBUG" ||
			(name == "exit" || name == "logout") && r.runningTrap == "EXIT" {
			return r.trapSaved, true
		}
		return r.exit, true
	}
	n, ok := legalNumber(args[1])
	if !ok {
		r.bErr(name, "%s: numeric argument required", args[1])
		return 2, false
	}
	return int(n & 0xff), true
}

// biExit is the exit builtin, and logout's in a login shell (args[0]
// names which): only exit names itself on stderr in an interactive shell.
func biExit(r *Runner, args []string) int {
	name := args[0]
	if name == "exit" && r.exitSpeaks() {
		io.WriteString(r.errw(), r.exitWord())
	}
	if msg := r.exitKept(); msg != "" {
		r.refuseExit(msg)
		return 1
	}
	status, ok := statusArg(r, name, args) // skips a "--" itself
	if len(args) > 1 && args[1] == "--" {
		args = args[1:]
	}
	if len(args) > 2 && ok {
		r.exit = 1
		return r.noArgs(name)
	}
	r.bashLogout()
	if r.flow == flowExit {
		return r.exitCode // an exit in the logout file
	}
	r.beginExit(status)
	r.exitHow = exitByBuiltin
	return status
}

// noArgs is bash's no_args, which shift, exit, return, break, continue
// and suspend call on extra arguments: after the complaint,
// top_level_cleanup drops the command line, and with it a -c string, eval
// or sourced file.
func (r *Runner) noArgs(name string) int {
	r.bErr(name, "too many arguments")
	r.flow, r.abortTop = flowAbort, true
	r.keepStatusOnDiscard()
	return 1
}

// keepStatusOnDiscard notes that a builtin abandons the command line
// without setting a status (bash's no_args, or an integer variable's
// arithmetic error, jumping to the top level from inside the builtin):
// a script's reader_loop then leaves $? at the last command's status,
// making only 0 a failure; a -c string's parse_and_execute makes it 1.
func (r *Runner) keepStatusOnDiscard() {
	r.abortKeep, r.abortPrev = true, r.stmtPrevExit
}

func biReturn(r *Runner, args []string) int {
	// the status is read (and a bad one reported) before bash checks
	// that there is anything to return from, as its get_exitstat
	status, ok := statusArg(r, "return", args)
	if ok && len(args) > 2 && (args[1] != "--" || len(args) > 3) {
		return r.noArgs("return")
	}
	if (len(r.calls) == 0 && !r.inSource || r.framesReset) && !r.retInExit {
		r.bErr("return", "can only `return' from a function or sourced script")
		return r.usageFail()
	}
	r.retPrev = r.exit
	r.flow = flowReturn
	return status
}

// loopCount reads the loop count argument of break or continue: a count
// that is not a number exits the shell, as bash's get_numeric_arg does
// (throw_to_top_level: the last status with 128 or'd in); one below 1 is
// an error.
func loopCount(r *Runner, name string, args []string) (int, bool) {
	n := 1
	if len(args) > 1 && args[1] == "--" {
		args = args[1:] // the end of the options bash's no_options takes
	}
	if len(args) > 1 {
		v64, ok := legalNumber(args[1])
		v := int(v64)
		if !ok {
			r.bErr(name, "%s: numeric argument required", args[1])
			r.flow = flowExit
			r.exitCode = r.exit | 128
			return 0, false
		}
		if len(args) > 2 {
			r.noArgs(name)
			return 0, false
		}
		if v < 1 {
			r.bErr(name, "%s: loop count out of range", args[1])
			return 0, false
		}
		n = v
	}
	return n, true
}

func biBreak(r *Runner, args []string) int { return loopJump(r, "break", flowBreak, args) }

func biContinue(r *Runner, args []string) int {
	return loopJump(r, "continue", flowContinue, args)
}

// loopJump implements break and continue: leave (or go round) the
// innermost n loops. Outside a loop both complain, except in POSIX mode,
// where they are silent.
func loopJump(r *Runner, name string, fl flowKind, args []string) int {
	// bash checks for a loop first (its check_loop_level), so outside
	// one the argument is not even looked at
	if r.loopDepth == 0 {
		if !r.opts.on(optPosix) {
			r.bErr(name, "only meaningful in a `for', `while', or `until' loop")
		}
		return 0
	}
	n, ok := loopCount(r, name, args)
	if !ok {
		if r.flow == flowNone {
			// a count below 1 leaves every enclosing loop
			r.flow, r.flowN = flowBreak, r.loopDepth
		}
		return 1
	}
	if n > r.loopDepth {
		n = r.loopDepth
	}
	r.flow, r.flowN = fl, n
	return 0
}

func biShift(r *Runner, args []string) int {
	n := 1
	// bash's range errors name the first word, "--" included
	first, named := "", len(args) > 1
	if named {
		first = args[1]
	}
	if len(args) > 1 && args[1] == "--" {
		args = append(args[:1:1], args[2:]...)
	}
	if len(args) > 1 {
		v64, ok := legalNumber(args[1])
		v := int(v64)
		if !ok {
			r.bErr("shift", "%s: numeric argument required", args[1])
			return 1
		}
		if len(args) > 2 {
			r.exit = 1
			return r.noArgs("shift")
		}
		if v < 0 {
			r.bErr("shift", "%s: shift count out of range", first)
			return 1
		}
		n = v
	}
	if n > len(r.params) {
		if r.opts.sh(shShiftVerbose) {
			if named {
				r.bErr("shift", "%s: shift count out of range", first)
			} else {
				r.bErr("shift", "shift count out of range")
			}
		}
		return 1
	}
	r.params = r.params[n:]
	return 0
}

func biEval(r *Runner, args []string) int {
	a, ok, _ := r.builtinOpts("eval", "", usageLine("eval"), args[1:], nil)
	if !ok {
		return r.usageFail()
	}
	src := strings.Join(a, " ")
	if strings.TrimSpace(src) == "" {
		if src != "" && r.opts.on(optVerbose) {
			// set -v echoes the blank text read
			_ = r.stmtsEchoing(nil, src, false, "eval")
		}
		return 0
	}
	if !r.enterNested() {
		return r.exitCode
	}
	defer r.leaveNested()
	return r.evalString(src, "eval")
}

// evalString parses and runs src in the current shell (eval, traps).
func (r *Runner) evalString(src, kind string) int {
	return r.evalStringAs(src, kind, "eval")
}

// evalStringAs is evalString with pname the name bash's parser gives the
// text in its syntax errors (parse_and_execute's from_file).
func (r *Runner) evalStringAs(src, kind, pname string) int {
	named := r.namedCmds
	stmts, text, err := r.parseSourced(src, "")
	if r.aliasActive() {
		// bash's parser reads it alias by alias, a line at a time: its
		// syntax errors are those of the text with aliases substituted
		return r.runEvalText(text, src, kind, func() error {
			// (the text as written: see writtenFrom)
			return r.runAliasRest(src, r.lineOff, pname, false, kind == "eval" && r.subLevel == 0)
		})
	}
	if err != nil {
		// bash's parse_and_execute has run the lines before the error
		if len(stmts) > 0 {
			// (set -v echoes the lines read so far: those of the
			// commands as they run, then the rest through the error)
			end := readEnd(stmts)
			readAll := false
			st := r.runEvalText(text, src, kind, func() error {
				catch := kind == "eval" && r.subLevel == 0
				xerr := r.stmtsEchoing(stmts, src[:lineStart(src, end+1)], catch, "eval")
				// (read with aliases to the end, or to an error
				// reported there)
				readAll = xerr == errReadAll || errors.As(xerr, new(reportedError))
				if xerr != nil || r.flow != flowNone || !r.aliasActive() {
					return xerr
				}
				// one of them turned aliases on: bash reads the
				// lines after them with the aliases, as for source
				readAll = true
				return r.runAliasRest(r.writtenFrom(text, lineStart(text, end+1)), r.lineOff+end, pname, false, catch)
			})
			if r.flow != flowNone || readAll {
				return st
			}
			r.echoErrorRest(src, end, err)
		}
		if len(stmts) == 0 {
			r.echoErrorLines(src, err) // (else echoErrorRest did)
		}
		if line, ok := compoundDiscardLine(err); ok {
			r.reportSyntaxErrorLines(err, src, pname, line, line)
			if r.compoundErrorStops() {
				return 1
			}
			return r.evalAfterCompoundError(line, src, kind)
		}
		r.reportSyntaxError(err, src, pname)
		if isHdocMaxError(err) {
			r.hdocMaxFatal()
			return r.exit
		}
		if r.substSyntaxExit(err, src, pname) {
			return r.exit
		}
		if compoundEOF(err, src) {
			r.compoundErrorStops()
			return 1
		}
		if kind == "eval" {
			return r.syntaxErrorStatus(named)
		}
		return 2
	}
	return r.runEvalStmts(stmts, text, src, kind)
}

// evalAfterCompoundError goes on after a syntax error in a compound
// assignment on line line of an eval'd string (compoundDiscardLine), once
// reported: bash's parse_compound_assignment discards that line only, so
// $? is 1 and the lines after it run.
func (r *Runner) evalAfterCompoundError(line int, src, kind string) int {
	r.exit = 1
	rest := src[lineStart(src, line+1):]
	if strings.TrimSpace(rest) == "" {
		return 1
	}
	// the rest's lines count on from the error's
	oldLine := r.line
	r.line += line
	st := r.evalString(rest, kind)
	if r.flow == flowNone {
		r.line = oldLine
	}
	return st
}

// runEvalStmts runs the parsed statements of an eval'd string (text is
// their fixed-up source, src the string as written).
func (r *Runner) runEvalStmts(stmts []*syntax.Stmt, text, src, kind string) int {
	return r.runEvalText(text, src, kind, func() error {
		return r.stmtsEchoing(stmts, src, kind == "eval" && r.subLevel == 0, "eval")
	})
}

// runEvalText runs an eval'd string by calling run, with the runner set
// up for its text (the fixed-up source text; src is as written): its
// lines, nesting and trace level. run returns a syntax error found as it
// read the text.
func (r *Runner) runEvalText(text, src, kind string, run func() error) int {
	oldSrc, oldNesting, oldLine := r.curSrc, r.nesting, r.line
	// the text read with its aliases (runAliasRest) is the text's own:
	// the line around the eval was read before them, and its commands
	// after the eval expand none at run time (aliasesParsed)
	oldTop := r.aliasTopSrc
	r.curSrc = text
	r.nesting = Nesting{Depth: oldNesting.Depth + 1, Kind: kind}
	r.traceLevel++
	// the text's lines count from the eval's line (r.line is already
	// where the eval is, whatever offset the runner had)
	oldOff, oldConts, oldCalls, oldDiscard := r.lineOff, r.lineConts, r.textCalls, r.discardLine
	r.lineOff, r.lineConts, r.textCalls = r.line-1, nil, len(r.calls)
	lastCmd, named := r.bashCmd, r.namedCmds
	peHist := r.enterPEText()
	xerr := run()
	if xerr == errReadAll {
		xerr = nil
	}
	r.leavePEText(peHist)
	// bash's parse_and_execute puts $BASH_COMMAND back (restore_lastcom),
	// also before the EXIT trap a fatal error runs as it leaves the text
	r.bashCmd = lastCmd
	if r.flow == flowExit {
		r.exitTrapAt(atPEText)
	}
	r.textCalls = oldCalls
	// the text's own discarded lines are its own (shiftAfterDiscard);
	// an error that abandons the line around the eval as well leaves
	// bash's line_number at the eval command's line
	r.discardLine = oldDiscard
	if r.flow == flowAbort && r.discardLine == 0 && len(r.calls) == oldCalls {
		r.discardLine = oldLine
	}
	r.lineOff, r.lineConts = oldOff, oldConts
	r.traceLevel--
	r.curSrc, r.nesting, r.aliasTopSrc = oldSrc, oldNesting, oldTop
	if r.flow == flowAbort && kind == "eval" && r.subLevel == 0 && !r.abortTop {
		// an error that abandons the line abandons only the eval'd
		// string (bash's parse_and_execute catches the DISCARD); in a
		// subshell it rethrows it, and the subshell ends
		r.flow = flowNone
	}
	if r.flow == flowNone {
		r.line = oldLine
	}
	if xerr != nil && r.flow == flowNone {
		r.reportSyntaxError(xerr, src, "eval")
		if kind == "eval" {
			return r.syntaxErrorStatus(named)
		}
		return 2
	}
	return r.exit
}

func biNoJobControl(r *Runner, args []string) int {
	switch args[0] {
	case "bind":
		return biBind(r, args)
	case "complete", "compgen", "compopt":
		return 0
	case "suspend":
		set, rest, ok, st := r.simpleOpts("suspend", "f", args[1:])
		if !ok {
			return st
		}
		if len(rest) > 0 {
			return r.noArgs("suspend")
		}
		if set&optBit('f') == 0 {
			switch {
			case !r.opts.jobControl():
				r.bErr("suspend", "cannot suspend: no job control")
				return 1
			case r.opts.sh(shLoginShell):
				r.bErr("suspend", "cannot suspend a login shell")
				return 1
			}
		}
		// bash's killpg(shell_pgrp, SIGSTOP): the whole process group
		// stops until something continues it
		syscall.Kill(-syscall.Getpgrp(), syscall.SIGSTOP)
		takeOwnSignal()
		return 0
	}
	r.bErr(args[0], "no job control")
	return 1
}

// biFgBg is fg and bg. Without set -m there is no job control. With it,
// a job started under job control is waited for in the foreground (fg,
// its command printed first) or is already running in the background
// (bg: nash's jobs never stop); one started before set -m, or from a
// command substitution, is refused as bash refuses it.
func biFgBg(r *Runner, args []string) int {
	name := args[0]
	if !r.opts.jobControl() {
		// a subshell runs without job control (a command
		// substitution keeps its shell's for start_job to refuse)
		r.bErr(name, "no job control")
		return 1
	}
	// bash's no_options: any option is a usage error
	a, ok, st := r.builtinOpts(name, "", usageLine(name), args[1:], nil)
	if !ok {
		return st
	}
	if name == "bg" && len(a) > 1 {
		// bg resumes each job named, and fails if any one fails
		status := 0
		for _, spec := range a {
			if r.fgBgJob(name, spec, spec) != 0 {
				status = 1
			}
		}
		return status
	}
	spec, shown := "%+", "current"
	if len(a) > 0 {
		spec, shown = a[0], a[0]
	}
	return r.fgBgJob(name, spec, shown)
}

// fgBgJob is fg_bg: it resumes the job spec names, in the foreground for
// fg; shown is how an unknown job is named in the error.
func (r *Runner) fgBgJob(name, spec, shown string) int {
	j, err := r.jobs.resolve(spec)
	if (err != 0 || j == nil) && r.inComsub && r.jobs.outer != nil {
		// a command substitution lists its shell's jobs (jobs), and
		// bash's start_job then refuses them
		j, err = r.jobs.outer.resolve(spec)
	}
	if err != 0 || j == nil {
		r.bErr(name, "%s: no such job", shown)
		return 1
	}
	if !j.jobControl {
		r.bErr(name, "job %d started without job control", j.id)
		return 1
	}
	// start_job's refusals are internal_error's, which follow
	// gnu_errfmt, unlike the builtin's own
	if r.inComsub {
		r.errorf("%s: no current jobs", name)
		return 1
	}
	if j.finished() {
		r.errorf("%s: job has terminated", name)
		return 1
	}
	stopped := j.stoppedBy() != 0
	if name == "bg" {
		if !stopped {
			r.errorf("%s: job %d already in background", name, j.id)
			return 0
		}
		// bash's start_job: the job's line, marked as it stands, then
		// SIGCONT, then the current job is chosen again
		line := "[" + itoa(int64(j.id)) + "]"
		if r.opts.on(optPosix) {
			line += " "
		} else {
			line += string(r.jobs.mark(j)) + " "
		}
		r.write(name, line+j.cmd+" &"+r.startWd(j)+"\n")
		// $! is the job's process group (POSIX); a wait without
		// operands then keeps its end to be reported, as for $!'s job
		r.lastBg = j.pid()
		j.resume()
		return 0
	}
	r.jobs.mu.Lock()
	r.jobs.setCurrent(j.id)
	r.jobs.mu.Unlock()
	r.write(name, j.cmd+r.startWd(j)+"\n")
	defer r.giveTerminal(j)()
	j.resume()
	if _, sig := r.awaitJob(j); sig != 0 {
		return 128 + int(sig)
	}
	if sig := j.stoppedBy(); sig != 0 {
		// stopped again: it stays a job, as wait_for leaves it
		r.notifyJobs(r.line)
		return 128 + int(sig)
	}
	if sig, _ := j.killedBy(); sig == syscall.SIGINT && r.sh.term != nil {
		// a ^C on the terminal fg gave it: as for a foreground program
		if r.interactiveCatches(syscall.SIGINT) {
			r.sh.sawInterrupt(&r.sh.childIntAt, &r.sh.sigIntAt)
		} else {
			r.jobIntNewline()
		}
	}
	return r.reaped(j, "", true)
}

// startWd is start_job's note of a job's directory when the shell's
// is now another.
func (r *Runner) startWd(j *job) string {
	if j.wd == "" || j.wd == r.dir {
		return ""
	}
	return "\t(wd: " + r.tildeShort(j.wd) + ")"
}

var _ = os.Stdout

// lineOut writes a builtin's listing a line at a time, as through bash's
// line-buffered stdout, so the error of a later argument comes after the
// lines of earlier ones; a failed write is reported once, at the end, as
// sh_chkwrite does.
type lineOut struct {
	r    *Runner
	name string
	err  error
}

func (r *Runner) lineOut(name string) *lineOut { return &lineOut{r: r, name: name} }

func (o *lineOut) put(s string) {
	if o.err == nil && s != "" {
		_, o.err = io.WriteString(o.r.out(), s)
	}
}

// finish returns st, or the write error's status.
func (o *lineOut) finish(st int) int {
	if o.err != nil {
		return o.r.writeFailed(o.name, o.err)
	}
	return st
}

// flushListing writes what a builtin has listed in sb so far, before it
// reports an error about a later argument, as bash's line-buffered stdout
// has those lines out already. On a write error sb is kept for the
// builtin's final write, which reports it.
func (r *Runner) flushListing(sb *strings.Builder) {
	if sb.Len() == 0 {
		return
	}
	if _, err := io.WriteString(r.out(), sb.String()); err == nil {
		sb.Reset()
	}
}

// writeUnchecked writes s for a builtin that, as bash's, does not check
// its writes (no message, no failure on a closed or full descriptor); a
// broken pipe still ends a subshell as SIGPIPE would.
func (r *Runner) writeUnchecked(name, s string) int {
	if s == "" {
		return 0
	}
	_, err := io.WriteString(r.out(), s)
	if errno, ok := underlyingErrno(err); ok && errno == syscall.EPIPE {
		return r.writeFailed(name, err)
	}
	return 0
}
