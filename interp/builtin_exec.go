package interp

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// biSource implements source/. FILE [ARGS].
func biSource(r *Runner, args []string) int {
	name := args[0]
	a, ok, _ := r.builtinOpts(name, "", usageLine(name), args[1:], nil)
	if !ok {
		return r.usageFail()
	}
	if len(a) == 0 {
		r.bErr(name, "filename argument required")
		r.errw().Write([]byte(name + ": usage: " + name + " filename [arguments]\n"))
		return r.usageFail()
	}
	if !r.enterNested() {
		return r.exitCode
	}
	defer r.leaveNested()
	file := a[0]
	if r.restrictedPath(name, file) {
		return 1
	}
	path := file
	if !strings.Contains(file, "/") {
		found := false
		if r.opts.sh(shSourcepath) {
			if p := findInPathAny(r, file); p != "" {
				// bash sources the path it found by that name: its
				// BASH_SOURCE, and the name in its messages
				path, file, found = p, p, true
			}
		}
		if !found && r.opts.on(optPosix) {
			// a POSIX shell does not fall back to the current
			// directory (bash's source_searches_cwd)
			r.bErr(name, "%s: file not found", file)
			if r.inCommandBuiltin == 0 && !r.isInteractive() {
				r.flow = flowExit
				r.exitCode = 1
			}
			return 1
		}
	}
	params := r.params
	if len(a) > 1 {
		params = a[1:]
	}
	r.initArgvSeen(params) // _evalfile's lookup, with the file's parameters
	var data []byte
	var err error
	if strings.HasPrefix(path, "/dev/fd/") {
		if n, e := strconv.Atoi(path[8:]); e == nil && r.fds.get(n) != nil {
			data, err = readAllFile(r.fds.get(n))
		} else {
			data, err = readFileRaw(path)
		}
	} else {
		data, err = r.readOperand(path)
	}
	if err != nil {
		isDir := errors.Is(err, syscall.EISDIR)
		if isDir {
			// bash checks the file type first, with its own wording
			r.bErr(name, "%s: is a directory", file)
		} else {
			r.errorf("%s: %s", file, pathErrMsg(err))
			// bash's file_error is a report_error: set -e ends the
			// shell there, before the RETURN trap
			if r.reportExit() {
				return 1
			}
		}
		// bash's FEVAL_LONGJMP, for a file it cannot open (not a
		// directory, which it returns from): not when run through
		// command, nor in an interactive shell
		if !isDir && r.opts.on(optPosix) && r.inCommandBuiltin == 0 && !r.isInteractive() {
			// (jump_to_top_level (EXITPROG), as the exit builtin
			// does: the EXIT trap still sees the function frames)
			r.flow = flowExit
			r.exitCode = 1
			r.exitHow = exitByBuiltin
		}
		if r.flow == flowNone {
			// bash runs the RETURN trap once a file is named, read
			// or not; its $? is the status from before the ., its
			// positional parameters the .'s arguments
			oldParams := r.params
			if len(a) > 1 {
				r.params = a[1:]
			}
			r.runReturnTrap(false)
			r.params = oldParams
		}
		return 1
	}
	data, binary := stripSourceNULs(data)
	if binary {
		r.bErr(name, "%s: cannot execute binary file", file)
		return 126
	}
	src := string(data)
	named := r.namedCmds
	stmts, text, perr := r.parseSourced(src, file)
	oldParams := r.params
	if len(a) > 1 {
		r.params = a[1:]
	}
	r.setParamsTop = false
	oldSrc, oldNesting, oldLine, oldOff, oldIn := r.curSrc, r.nesting, r.line, r.lineOff, r.inSource
	oldConts := r.lineConts
	r.curSrc = text
	r.lineOff, r.lineConts = 0, nil
	r.inSource = true
	r.nesting = Nesting{Depth: oldNesting.Depth + 1, Kind: "source:" + file}
	r.calls = append(r.calls, callFrame{funcName: "source", sourced: true, source: file, line: r.line, args: a[1:], path: path, noArgv: !r.opts.sh(shExtdebug)})
	popArgv := r.sourceArgv(path, len(a) > 1)
	r.gateState(&StateInfo{Op: "source", Names: []string{file}})
	hidden := r.sourceTraps()
	r.calls[len(r.calls)-1].hidden = hidden
	// $? in the file is the status from before the . (bash's
	// parse_and_execute leaves it); a file with no command returns 0
	empty := len(stmts) == 0 && perr == nil
	r.traceLevel++
	lastCmd := r.bashCmd
	// set -v echoes the lines as written (text has them on the same lines)
	restoreNotice, oldCalls, oldDiscard := r.keepNoticeLine(), r.textCalls, r.discardLine
	r.noticeLine, r.parenLeft = 0, false // the file's own lines (see jobnotice.go)
	r.textCalls = len(r.calls)
	peHist := r.enterPEText()
	for {
		// with aliases on, the file was run a line at a time and the
		// error already reported where that reading met it
		var xerr error
		if len(stmts) == 0 && perr != nil && r.aliasActive() {
			// the first line did not parse as written, but bash reads
			// the file with its aliases (alias q="echo 'x", then
			// q y'): no statement leads stmtsEchoing there
			xerr = r.runAliasRest(src, r.lineOff, file, false, r.subLevel == 0)
			if xerr == nil {
				perr = nil // read to the end
			}
		} else {
			// (set -v echoes the lines read: those of the commands
			// as they run, then, when the parse failed, the lines
			// to the error or the rest read with aliases)
			read := src
			if perr != nil {
				read = src[:lineStart(src, readEnd(stmts)+1)]
			}
			xerr = r.stmtsEchoing(stmts, read, r.subLevel == 0, file)
		}
		if xerr == errReadAll {
			xerr, perr = nil, nil
		}
		if xerr != nil && (perr == nil || errors.As(xerr, new(reportedError))) {
			perr = xerr
		}
		if perr == nil || r.flow != flowNone {
			break
		}
		if xerr == nil && len(stmts) > 0 && r.aliasActive() {
			// the text did not parse past these statements without
			// aliases, and one of them turned them on (alias foo=…
			// after shopt -s expand_aliases): bash reads the lines
			// after them with the aliases
			line := readEnd(stmts)
			src = src[lineStart(src, line+1):]
			r.lineOff += line
			stmts, text, perr = r.parseSourced(src, file)
			r.curSrc = text
			continue
		}
		if xerr == nil {
			r.echoErrorRest(src, readEnd(stmts), perr)
		}
		line, ok := compoundDiscardLine(perr)
		if !ok {
			r.reportSyntaxError(perr, src, file)
			r.exit = exBadSyntax // what the RETURN trap sees in $?
			if isHdocMaxError(perr) {
				r.hdocMaxFatal()
				break
			}
			if !r.substSyntaxExit(perr, src, file) && compoundEOF(perr, src) {
				r.compoundErrorStops() // $? is 1 also when it goes on
			}
			break
		}
		// a syntax error in a compound assignment discards its line
		// only (bash's parse_compound_assignment): $? is 1 and the
		// lines after it are read, counting on from it
		r.reportSyntaxErrorLines(perr, src, file, line, line)
		if r.compoundErrorStops() {
			break
		}
		src = src[lineStart(src, line+1):]
		r.lineOff += line
		stmts, text, perr = r.parseSourced(src, file)
		r.curSrc = text
	}
	r.leavePEText(peHist)
	restoreNotice()
	// the file's discarded lines are its own (shiftAfterDiscard)
	r.textCalls, r.discardLine = oldCalls, oldDiscard
	r.bashCmd = lastCmd // as eval's: the RETURN trap sees the . command
	r.traceLevel--
	if r.flow == flowExit {
		// bash runs the EXIT trap with the file still on the stack
		r.exitTrapAt(atPEText)
		r.exitTrapAt(atFrame)
	}
	r.calls = r.calls[:len(r.calls)-1]
	popArgv()
	r.curSrc, r.nesting, r.line, r.lineOff, r.inSource = oldSrc, oldNesting, oldLine, oldOff, oldIn
	r.lineConts = oldConts
	returned := r.flow == flowReturn
	if returned {
		r.flow = flowNone
	}
	if r.flow == flowAbort && r.subLevel == 0 && !r.abortTop {
		// as eval: an error that abandons the line ends only the file
		r.flow = flowNone
	}
	// bash runs the RETURN trap in source_file, before source_builtin's
	// unwind puts back the DEBUG trap and the positional parameters
	if r.flow == flowNone {
		r.runReturnTrap(returned)
		if empty {
			r.exit = 0
		}
	}
	r.leaveFuncTraps(hidden)
	if len(a) > 1 {
		// a sourced script that runs set -- (outside a function) keeps
		// its new positional parameters, as bash's maybe_pop_dollar_vars
		if !r.setParamsTop || r.inFunction() {
			r.params = oldParams
		}
		r.setParamsTop = false
	}
	if r.exit == exBadSyntax {
		return r.syntaxErrorStatus(named)
	}
	return r.exit
}

// syntaxErrorStatus is the status of an eval or . whose text has a syntax
// error: 2, and a POSIX shell ends (usageFail) unless a simple command
// with a name ran in the text before the error: bash checks that
// this_shell_builtin is still eval or source, and any command resets it.
// named is namedCmds when the builtin started.
func (r *Runner) syntaxErrorStatus(named uint64) int {
	if r.namedCmds != named || r.pairEOF {
		// (parse_matched_pair's error is no EX_BADSYNTAX: pairEOF)
		return 2
	}
	return r.usageFatal()
}

// exBadSyntax is bash's internal status for a syntax error in a sourced
// file (EX_BADSYNTAX): its RETURN trap sees it as $?; source returns 2.
const exBadSyntax = 257

// stripSourceNULs deletes NUL bytes from a sourced file as bash's
// _evalfile does (its loop steps past the byte after each one removed),
// reporting a binary file when there are more than 256 of them.
func stripSourceNULs(b []byte) ([]byte, bool) {
	if bytes.IndexByte(b, 0) < 0 {
		return b, false
	}
	b = append([]byte(nil), b...)
	nnull := 0
	for i := 0; i < len(b); i++ {
		if b[i] == 0 {
			b = append(b[:i], b[i+1:]...)
			if nnull++; nnull > 256 {
				return nil, true
			}
		}
	}
	// bash then reads the text as a C string: up to a NUL left behind
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return b, false
}

func findInPathAny(r *Runner, name string) string {
	path := r.lookup("PATH").value()
	if path == "" {
		// bash's _find_user_command_internal gives the name itself
		// for an empty or unset PATH: a file where the shell is, in
		// POSIX mode too
		return name
	}
	for _, dir := range strings.Split(path, ":") {
		dir = r.pathElem(dir)
		p := dir + "/" + name
		if strings.HasSuffix(dir, "/") {
			p = dir + name // as bash's sh_makepath joins them
		}
		if fi, err := os.Stat(r.absPath(p)); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	return ""
}

func readAllFile(f *os.File) ([]byte, error) {
	var b []byte
	buf := make([]byte, 32*1024)
	for {
		n, err := f.Read(buf)
		b = append(b, buf[:n]...)
		if err != nil {
			break
		}
	}
	return b, nil
}

// biExec replaces the shell with a command, or makes redirections
// permanent when given none.
func biExec(r *Runner, args []string) int {
	a := args[1:]
	var argv0 string
	clearEnv, login := false, false
	for len(a) > 0 && strings.HasPrefix(a[0], "-") && a[0] != "-" {
		if a[0] == "--" {
			a = a[1:]
			break
		}
		opt := a[0]
		a = a[1:]
		for j := 1; j < len(opt); j++ {
			switch opt[j] {
			case 'c':
				clearEnv = true
			case 'l':
				login = true
			case 'a':
				if j+1 < len(opt) {
					// internal_getopt: the rest of the word is the name
					argv0 = opt[j+1:]
					j = len(opt)
					continue
				}
				if len(a) == 0 {
					r.bErr("exec", "-a: option requires an argument")
					r.builtinUsage("exec")
					return r.usageFail()
				}
				argv0 = a[0]
				a = a[1:]
			default:
				r.bErr("exec", "-%c: invalid option", opt[j])
				r.errw().Write([]byte("exec: usage: exec [-cl] [-a name] [command [argument ...]] [redirection ...]\n"))
				return r.usageFail()
			}
		}
	}
	if len(a) == 0 {
		r.keepRedirs = true
		return 0
	}
	if r.restrictedBuiltin("exec", "") {
		return 1
	}
	path := r.lookPath(a[0])
	if path == "" {
		// bash's exec_builtin: a name PATH does not give that is a
		// directory where the shell is cannot be executed (126)
		if a[0] != "" && isDirPath(r, a[0]) {
			r.bErr("exec", "%s: cannot execute: Is a directory", a[0])
			return r.execFailExit(126)
		}
		r.bErr("exec", "%s: not found", a[0])
		return r.execFailExit(127)
	}
	argv := append([]string(nil), a...)
	if argv0 != "" {
		argv[0] = argv0
	}
	if login {
		argv[0] = "-" + argv[0]
	}
	env := r.childEnv()
	if !r.inParen {
		// bash's exec lowers SHLVL, except in a ( ) subshell
		env = noForkSHLVL(env)
	}
	if clearEnv {
		env = []string{} // nil would pass nash's own environment
	}
	full := fullPathname(r.dir, path)
	if emptyProgram(r.absPath(strings.TrimPrefix(path, "./"))) {
		return r.execEmpty(full)
	}
	if r.isSub || r.onExec == nil || !r.bgSettles() {
		// a subshell cannot replace the process, nor a shell whose
		// asynchronous code still runs here (exec cat <(while …)): run
		// the program and end the shell with its status
		r.execBuiltin = true // env has exec's SHLVL already
		res := r.runExternalNamed(path, full, argv, env, nil)
		r.execBuiltin = false
		if res.Pid == 0 && res.Status == 126 {
			r.execCannotExecute(full)
		}
		if res.Pid == 0 && !r.isSub {
			// an embedded main shell that could not start the program
			return r.execFailExit(res.Status)
		}
		// once execve is tried the subshell's EXIT trap is gone, whether
		// the program replaced it or failed to
		r.exitTrapRan = true
		r.flow = flowExit
		r.exitCode = res.Status
		if res.Status == 0 {
			r.exitCode = r.exit
		}
		return r.exitCode
	}
	r.syncScript() // the program reads the script's stdin from here
	if err := r.replaceProcess(path, argv, env, full, false); err != nil {
		st := r.execFailed(path, full, err)
		if st < 0 {
			st = 126
		}
		if st == 126 {
			r.execCannotExecute(full)
		}
		if !r.execFailGoesOn() {
			r.exitTrapRan = true // bash exits without its EXIT trap
		} else {
			r.keepRedirs = true // the shell goes on with exec's redirections
		}
		return r.execFailExit(st)
	}
	return 0
}

// execEmpty is exec of an empty executable file: bash's shell_execve
// runs nothing for it and returns success, and exec_builtin, left
// without a program, reports the file with file_error (a report_error,
// which exits under set -e) and errno's "Success", then ends the shell
// with status 0 as after a failed exec.
func (r *Runner) execEmpty(full string) int {
	r.errorf("%s: Success", full)
	if r.reportExit() {
		r.exitTrapRan = true
		return r.exit
	}
	if !r.execFailGoesOn() {
		r.exitTrapRan = true // bash exits without its EXIT trap
	} else {
		r.keepRedirs = true
	}
	return r.execFailExit(0)
}

// emptyProgram reports whether abs is an executable file with nothing
// in it (execve fails with ENOEXEC; bash's sample of it is empty).
func emptyProgram(abs string) bool {
	if !executableFile(abs) {
		return false
	}
	head, err := fileHead(abs, 1)
	return err == nil && len(head) == 0
}

// execFailExit ends the shell after a failed exec, as bash does unless
// shopt execfail is on in the main shell (a subshell always exits) or it
// runs interactive commands.
func (r *Runner) execFailExit(st int) int {
	if r.isSub || !r.execFailGoesOn() {
		r.flow = flowExit
		r.exitCode = st
	}
	return st
}

// execFailGoesOn reports whether the shell goes on after a failed exec:
// bash's exec_builtin exits unless no_exit_on_failed_exec (execfail) or
// interactive is set, which an interactive shell keeps in an eval but
// not in a sourced file or a trap action.
func (r *Runner) execFailGoesOn() bool {
	return r.opts.sh(shExecfail) || r.sh.interactiveCmds && !r.inSource && !r.inTrap
}

// fullPathname is bash's full_pathname for exec's messages: a relative
// path joined to the directory, a leading ./ dropped, nothing cleaned.
func fullPathname(dir, path string) string {
	if strings.HasPrefix(path, "/") {
		return path
	}
	return strings.TrimSuffix(dir, "/") + "/" + strings.TrimPrefix(path, "./")
}

// execCannotExecute adds exec's second message after a failed execve of
// a file that is a directory or lacks execute permission.
func (r *Runner) execCannotExecute(full string) {
	fi, err := os.Stat(full)
	switch {
	case err != nil:
	case fi.IsDir():
		r.bErr("exec", "%s: cannot execute: Is a directory", full)
	case syscall.Access(full, 1) != nil:
		r.bErr("exec", "%s: cannot execute: Permission denied", full)
	}
}

// parseSourced parses a sourced file's text, or an eval'd one: its
// statements, or on a syntax error (a line with too many here-documents
// too, hdocMaxCut) those of the lines before it, which bash runs one at
// a time before it reports the error. It reads them as bash does in the
// current mode (parseForMode: POSIX mode quotes differently).
func (r *Runner) parseSourced(src, file string) ([]*syntax.Stmt, string, error) {
	f, text, err := r.parseForMode(src, file)
	if err != nil {
		return completeBefore(text), text, err
	}
	stmts, err := hdocMaxCut(f.Stmts, text, file)
	return stmts, text, err
}
