package interp

import (
	"errors"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// withRedirs runs fn with redirections applied to a copy of the fd table,
// restoring the previous table afterwards (unless exec made them
// permanent). info is the simple command they belong to, if any.
func (r *Runner) withRedirs(redirs []*syntax.Redirect, info *ExecInfo, fn func()) {
	special := info != nil && info.Builtin && len(info.Argv) > 0 && isSpecialBuiltin(info.Argv[0])
	r.withRedirsOf(redirs, info, special, fn)
}

// withRedirsOf is withRedirs for a command known to be (special) a
// special builtin or not, whose redirection errors end a POSIX shell.
func (r *Runner) withRedirsOf(redirs []*syntax.Redirect, info *ExecInfo, special bool, fn func()) {
	saved := r.fds
	r.fds = saved.clone()
	varMark, lostMark := len(r.varFds), len(r.lostFds)
	savedMark := len(r.savedFds)
	defer func() { r.savedFds = r.savedFds[:savedMark] }()
	undoable := inShellProcess(info) && !(info != nil && info.Builtin && len(info.Argv) > 0 && info.Argv[0] == "exec")
	var dones []func()
	ok := true
	for _, rd := range redirs {
		if inShellProcess(info) {
			// exec's too: bash saves them as for any builtin and
			// closes the copies once the list is done (its
			// exec_redirection_undo_list)
			r.noteSavedFds(rd)
		}
		done, err := r.redirect(rd, info)
		if err != nil {
			if info != nil && len(info.Argv) > 0 && !info.Builtin && !info.Function {
				// an external (or missing) command: bash redirects
				// in the child it forked, whose failure is its status
				r.reportErr(err)
				r.exit = 1
				if ee, isExp := err.(*expandError); isExp && ee.fatal && r.sh.cmdString && (!r.isSub || r.fatalToTop) {
					// ${x:?} or set -u jumps to the child's top level
					// with FORCE_EOF: run_one_command's 127 (forceEOF)
					r.exit = 127
				}
				ok = false
				break
			}
			r.redirError(err, special)
			ok = false
			break
		}
		if done != nil {
			dones = append(dones, done)
		}
	}
	var touchedBuf [8]int
	touched := redirectedFDs(saved, r.fds, touchedBuf[:0])
	call := info != nil && (info.Builtin || info.Function) && len(redirs) > 0
	if ok {
		mark := redirMark{calls: len(r.calls), pes: len(r.peCalls), fd2: len(r.fd2Redirs)}
		fd2 := undoable && slices.Contains(touched, 2)
		if fd2 {
			m := mark
			m.before = saved.writer(2)
			r.fd2Redirs = append(r.fd2Redirs, m)
		}
		if call {
			r.redirMarks = append(r.redirMarks, mark)
		}
		fn()
		if r.flow == flowReturn && r.retTrapAt > 0 && r.retTrapAt == len(r.calls) && !r.retTrapEarly {
			r.returnTrapInRedirs()
		}
		if call {
			r.redirMarks = r.redirMarks[:len(r.redirMarks)-1]
		}
		if fd2 {
			r.fd2Redirs = r.fd2Redirs[:len(r.fd2Redirs)-1]
		}
		if r.flow == flowExit {
			// bash runs the EXIT trap of an exit from inside
			// redirections, in a script's shell and in a forked ( ),
			// before they are undone ({ exit; } >f, set -e in a
			// redirected loop, even exit 3 >f): see exitTrapAt
			r.exitTrapAt(atRedirs)
		}
	}
	for _, d := range dones {
		r.safeDone(d)
	}
	if r.keepRedirs {
		r.keepRedirs = false
		r.varFds = r.varFds[:varMark]
		r.lostFds = r.lostFds[:lostMark]
		saved.releaseAll()
		if call && r.flow == flowExit {
			r.exitTrapAt(atCallRedirsUndone)
		}
		return
	}
	// undo: the fds these redirections set get back what they had; the
	// rest of the table is as the command left it (exec and coproc
	// inside a redirected compound command change the shell's fds), and
	// an fd a {var} redirection opened stays open (unless shopt
	// varredir_close): the variable is its handle
	keepVar := !r.opts.sh(shVarredirClose)
	cur := r.fds
	for _, n := range touched {
		if keepVar && slices.Contains(r.varFds[varMark:], n) || slices.Contains(r.lostFds[lostMark:], n) {
			continue
		}
		cur.restore(n, saved)
	}
	r.varFds = r.varFds[:varMark]
	r.lostFds = r.lostFds[:lostMark]
	saved.releaseAll()
	cur.trim()
	if call && r.flow == flowExit {
		r.exitTrapAt(atCallRedirsUndone)
	}
}

// redirDefaultFd is the fd an operator redirects when no number is
// given: 0 for input, 1 for output.
func redirDefaultFd(op syntax.RedirOperator) int {
	switch op {
	case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		return 0
	}
	return 1
}

// noteSavedFds reserves, for a redirection of an open fd, the number
// bash's copy of it takes until the command ends (add_undo_redirect);
// &> redirects, and saves, both 1 and 2. A {var} redirection saves
// nothing.
func (r *Runner) noteSavedFds(rd *syntax.Redirect) {
	fd := -1
	switch {
	case isVarRedir(rd):
		return
	case rd.N != nil:
		n, err := strconv.Atoi(rd.N.Value)
		if err != nil {
			return
		}
		fd = n
	case rd.Op == syntax.RdrAll || rd.Op == syntax.AppAll:
		r.noteSavedFd(1)
		fd = 2
	default:
		fd = redirDefaultFd(rd.Op)
	}
	if rd.Op == syntax.DplIn || rd.Op == syntax.DplOut {
		w, ok := plainLit(rd.Word)
		switch {
		case ok && strings.TrimSuffix(w, "-") == strconv.Itoa(fd):
			return // N>&N does nothing, saves nothing
		case ok && rd.Op == syntax.DplOut && fd == 1 && w != "-" && !isDigits(strings.TrimSuffix(w, "-")):
			r.noteSavedFd(1) // >&file is &>file
			fd = 2
		}
	}
	r.noteSavedFd(fd)
}

func (r *Runner) noteSavedFd(fd int) {
	if r.fds.entry(fd) != nil {
		r.savedFds = append(r.savedFds, r.lowestFreeFd())
	}
}

// lowestFreeFd is the lowest fd from 10 that is neither open nor held
// by bash's saved copy of a redirected one (savedFds).
func (r *Runner) lowestFreeFd() int {
	for n := 10; ; n++ {
		if r.fds.entry(n) == nil && !slices.Contains(r.savedFds, n) {
			return n
		}
	}
}

// redirsInChild reports whether the command whose redirections are
// being made is the one a child bash would have forked for it ran (a
// pipeline element, an asynchronous command, a ( )): bash redirects there
// without saving anything to undo.
func (r *Runner) redirsInChild() bool {
	st := r.curStmt
	return st != nil && st.Cmd != nil && (st.Cmd == r.forkedFor || st.Cmd == r.forkedParen && r.atForkedParen())
}

// inShellProcess reports whether a command's redirections are made in
// the shell's own process, as for a builtin, a function or a compound
// command; bash makes an external command's in the child it forked.
func inShellProcess(info *ExecInfo) bool {
	return info == nil || len(info.Argv) == 0 || info.Builtin || info.Function
}

// redirectedFDs appends to buf the fds whose entries differ between the
// tables before and after a command's redirections.
func redirectedFDs(before, after *fdTable, buf []int) []int {
	for n := range max(len(before.fds), len(after.fds)) {
		if before.entry(n) != after.entry(n) {
			buf = append(buf, n)
		}
	}
	return buf
}

// redirError reports a failed redirection: status 1, command not run.
// In POSIX mode a failure on a special builtin's redirection ends the
// shell.
func (r *Runner) redirError(err error, special bool) {
	switch err.(type) {
	case *expandError, *arithError:
		// in the shell's own process an expansion error abandons the
		// line (or exits, for ${x:?} and the like) as anywhere else
		r.expansionError(err)
		return
	}
	r.reportErr(err)
	r.exit = 1
	if r.opts.on(optPosix) && special && !r.isInteractive() {
		r.flow = flowExit
		r.exitCode = 1
	}
}

type redirErr struct {
	msg string
	// special is the text after the name of an error of bash's own
	// (ambiguous, noclobber, restricted), which a {var} redirection
	// words with the variable's name (redirection_error)
	special string
}

// specialRedirErr is a redirection error of bash's own about name.
func specialRedirErr(name, text string) *redirErr {
	return &redirErr{msg: name + text, special: text}
}

// assignFdVar stores the fd a {var} redirection allocated; when the
// variable cannot be set bash reports why and then fails the redirection.
// For an external command bash redirects in the child it forked: the
// variable is set there, and the fd closes with the command.
func (r *Runner) assignFdVar(name string, fd int, info *ExecInfo) error {
	if !inShellProcess(info) {
		if v := r.vars.get(name); v == nil || v.attrs&aReadonly == 0 {
			return nil
		}
	}
	set := func() error { return r.setScalar(name, itoa(int64(fd)), false) }
	if strings.IndexByte(name, '[') > 0 {
		set = func() error { return r.assignTo(name, itoa(int64(fd))) } // {a[i]}>file
	}
	if err := set(); err != nil {
		if r.reportErr(err); r.flow == flowExit {
			// a report_error that ended the shell (set -e)
			return &expandError{msg: err.Error(), reported: true, exitNow: r.exitCode}
		}
		return &redirErr{msg: name + ": cannot assign fd to variable"}
	}
	r.varFds = append(r.varFds, fd)
	return nil
}

func (e *redirErr) Error() string { return e.msg }

// redirVarFd is the descriptor {var}>&- closes for var's value, as
// bash's redir_varvalue reads it: -1 (ambiguous) when empty, else
// legal_number's result, which is 0 for text that is not a number (so
// fd=abc; exec {fd}>&- closes standard input), truncated to a C int.
func redirVarFd(val string) int {
	if val == "" {
		return -1
	}
	n, _ := legalNumber(val)
	return int(int32(n))
}

// fdVarValue is the value of the variable of a {var}>&- redirection,
// which may be an array element ({COPROC[1]}>&-).
func (r *Runner) fdVarValue(name string) string {
	if strings.IndexByte(name, '[') > 0 {
		if pe, ok := parseIndirect(name); ok && r.expandRefSubscript(pe) == nil {
			if pv, err := r.paramExp(pe); err == nil && !pv.isList {
				return pv.str
			}
		}
		return ""
	}
	if v := r.lookup(name); v != nil {
		return v.value()
	}
	return ""
}

// fdOverLimit reports whether fd is beyond the open-files limit, where
// bash's dup2 fails with EBADF; the table, a slice, must not grow to
// such a number (00210000000>f asked for 210 million slots).
func (r *Runner) fdOverLimit(fd int) bool {
	if fd < 64 && r.rlimits == nil {
		return false
	}
	return uint64(fd) >= r.getrlimit(syscall.RLIMIT_NOFILE).Cur
}

// openFdLimitErr is the error of an open in bash's process, where the
// file gets the lowest free fd: EMFILE when none is below the open-files
// limit. Only a lowered limit (the ulimit overlay) is checked; nash's own
// process keeps the limit it started with.
func (r *Runner) openFdLimitErr() error {
	if _, ok := r.rlimits[syscall.RLIMIT_NOFILE]; !ok {
		return nil
	}
	if r.fdOverLimit(r.fds.lowestFree(0)) {
		return syscall.EMFILE
	}
	return nil
}

// varFd allocates the fd of a {var} redirection as bash's
// fcntl(F_DUPFD, 10) does: the lowest free fd from 10, which must be
// below the open-files limit (EINVAL when 10 is not, EMFILE when none
// is free). bash reports that failure on its own line first.
func (r *Runner) varFd() (int, error) {
	fd := r.lowestFreeFd()
	if !r.fdOverLimit(fd) {
		return fd, nil
	}
	err := syscall.EMFILE
	if r.fdOverLimit(10) {
		err = syscall.EINVAL
	}
	io.WriteString(r.fds.writer(2), r.errName()+": redirection error: cannot duplicate fd: "+errnoMessage(err)+"\n")
	return -1, err
}

// dupFd reads the word of a >&word or <&word as bash's
// do_redirection_internal does: only digits make an fd (no sign), and
// digits that make no int, or none at all (an empty word), make fd -1,
// whose dup fails with EBADF.
func dupFd(s string) (fd int, ok bool) {
	if s != "" && !isDigits(s) {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		return -1, true
	}
	return int(n), true
}

// isVarRedir reports whether rd is a {var} redirection.
func isVarRedir(rd *syntax.Redirect) bool {
	return rd.N != nil && strings.HasPrefix(rd.N.Value, "{")
}

// redirect applies one redirection to r.fds.
func (r *Runner) redirect(rd *syntax.Redirect, info *ExecInfo) (done func(), err error) {
	fd := -1
	varName := ""
	if rd.N != nil {
		if isVarRedir(rd) {
			varName = strings.TrimSuffix(strings.TrimPrefix(rd.N.Value, "{"), "}")
			defer func() {
				if e, ok := err.(*redirErr); ok && e.special != "" {
					err = specialRedirErr(varName, e.special)
				}
			}()
		} else {
			n, err := strconv.Atoi(rd.N.Value)
			if err != nil {
				return nil, &redirErr{msg: rd.N.Value + ": bad file descriptor"}
			}
			fd = n
		}
	}
	def := redirDefaultFd(rd.Op)
	switch {
	case rd.Op == syntax.RdrAll || rd.Op == syntax.AppAll:
		fd = -1 // both stdout and stderr
	case fd < 0:
		fd = def
	}
	if fd == 0 && varName == "" {
		// bash's check_bash_input: stdin is about to be replaced
		r.syncScript()
	}
	switch rd.Op {
	case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		return r.hereRedirect(rd, fd, varName, info)
	}
	// the target word
	target, err := r.redirTarget(rd)
	if err != nil {
		return nil, err
	}
	switch rd.Op {
	case syntax.DplIn, syntax.DplOut:
		if target == "-" {
			if varName != "" {
				fd = redirVarFd(r.fdVarValue(varName))
				if fd < 0 {
					return nil, &redirErr{msg: varName + ": ambiguous redirect"}
				}
			}
			r.fds.close(fd)
			r.xtraceFDClosed(fd)
			if inShellProcess(info) {
				r.coprocFDClosed(fd)
			}
			return r.gateRedirect(info, &RedirectInfo{Op: opString(rd.Op) + "-", Fd: fd, DupFd: -1}), nil
		}
		move := strings.HasSuffix(target, "-")
		src := strings.TrimSuffix(target, "-")
		n, ok := dupFd(src)
		if !ok {
			if rd.Op == syntax.DplOut && fd == 1 && varName == "" {
				// >&word is &>word, whose word is the text the first
				// expansion gave, expanded again
				path, err := r.bareWordTarget(rd.Word, target)
				if err != nil {
					return nil, err
				}
				return r.fileRedirect(syntax.RdrAll, path, -1, "", info)
			}
			if varName != "" {
				return nil, specialRedirErr("", ": ambiguous redirect")
			}
			return nil, r.ambiguousRedir(rd.Word)
		}
		// bash names the fd written, but for an expanded word it
		// guesses: the word's text when the fd redirected is the
		// operator's default, else that fd
		what := src
		if _, lit := plainLit(rd.Word); (!lit || n < 0) && varName == "" {
			what = r.nodeText(rd.Word)
			if fd != def {
				what = strconv.Itoa(fd)
			}
		}
		if fd == n && varName == "" {
			// bash's do_redirection dups only when the two differ:
			// 4>&4 does nothing, open or closed, and 4>&4- does not
			// close it either
			return r.gateRedirect(info, &RedirectInfo{Op: opString(rd.Op), Fd: fd, DupFd: n, Special: true}), nil
		}
		e := r.fds.entry(n)
		if e == nil {
			if move && fd != n && r.fds.entry(fd) != nil && inShellProcess(info) && !r.redirsInChild() {
				// bash saves n to undo the move's close first
				// (add_undo_redirect), and that dup fails on its own
				// line; in a child it forked for the command there is
				// nothing to undo
				io.WriteString(r.fds.writer(2), r.errName()+": redirection error: cannot duplicate fd: Bad file descriptor\n")
			}
			return nil, &redirErr{msg: what + ": Bad file descriptor"}
		}
		if varName != "" {
			if fd, err = r.varFd(); err != nil {
				return nil, &redirErr{msg: what + ": " + pathErrMsg(err)}
			}
			if err := r.assignFdVar(varName, fd, info); err != nil {
				return nil, err
			}
		}
		if fd != n {
			if r.fdOverLimit(fd) {
				return nil, &redirErr{msg: what + ": Bad file descriptor"}
			}
			wasOpen := r.fds.entry(fd) != nil
			r.fds.set(fd, e.retain())
			// bash gives the copy the close-on-exec flag of the fd
			// copied, above the standard fds (a coprocess's)
			r.fds.setCloexec(fd, fd > 2 && r.fds.cloexec[n])
			if move {
				r.fds.close(n)
				r.xtraceFDClosed(n)
				if inShellProcess(info) {
					r.coprocFDClosed(n)
					if !wasOpen {
						// bash undoes the close of n only when fd was
						// open before (redir.c adds that undo entry
						// only then)
						r.lostFds = append(r.lostFds, n)
					}
				}
			}
		}
		return r.gateRedirect(info, &RedirectInfo{Op: opString(rd.Op), Fd: fd, DupFd: n, Special: true}), nil
	}
	return r.fileRedirect(rd.Op, target, fd, varName, info)
}

// redirTarget expands a redirection word to exactly one field.
func (r *Runner) redirTarget(rd *syntax.Redirect) (string, error) {
	if s, ok := plainLit(rd.Word); ok {
		return s, nil
	}
	dup := rd.Op == syntax.DplIn || rd.Op == syntax.DplOut
	fs, err := r.redirFields(rd.Word, false, !dup)
	if err != nil {
		return "", err
	}
	if len(fs) != 1 {
		if isVarRedir(rd) {
			// named by its variable (redirection_error's REDIR_VARASSIGN)
			return "", specialRedirErr("", ": ambiguous redirect")
		}
		return "", r.ambiguousRedir(rd.Word)
	}
	return fs[0], nil
}

// redirFields expands a redirection word; noComsub leaves its command
// substitutions unrun, their text standing in (bash's W_NOCOMSUB).
// posixNoGlob: a non-interactive shell in POSIX mode does no filename
// expansion on it (bash's W_NOGLOB, for a file's name but not the word
// of >&word).
func (r *Runner) redirFields(w *syntax.Word, noComsub, posixNoGlob bool) ([]string, error) {
	b := &fieldBuilder{ifs: r.ifs(), mb: r.utf8Locale(), noGlob: r.opts.on(optNoglob), noComsub: noComsub}
	if r.opts.on(optPosix) {
		r.posixRedirBuilder(b, posixNoGlob)
	}
	if err := r.expandWordBraces(b, w); err != nil {
		return nil, err
	}
	var out []string
	r.globFields(b, &out)
	if r.pendingErr != nil {
		return nil, r.takeErr()
	}
	return out, nil
}

// bareWordTarget is the file of a >&word whose expanded text is no fd:
// bash makes that text a new word (make_bare_word) and expands it again
// as the word of &>, so quotes, $, ~, braces and globs in it count.
// Text that is not one word is taken as it is.
func (r *Runner) bareWordTarget(orig *syntax.Word, text string) (string, error) {
	w, src, ok := parseWordText(text)
	if !ok {
		return text, nil
	}
	var fs []string
	if w != nil {
		oldSrc := r.curSrc
		r.curSrc = src
		var err error
		fs, err = r.redirFields(w, false, true)
		r.curSrc = oldSrc
		if err != nil {
			return "", err
		}
	}
	if len(fs) != 1 {
		return "", r.ambiguousRedir(orig)
	}
	return fs[0], nil
}

// ambiguousRedir is the error for a redirection word that did not
// expand to one field. bash's redirection_error names the word by
// expanding it again without command substitution: the one field that
// gives, else the word as written. That second expansion's side effects
// and messages happen again, as in bash.
func (r *Runner) ambiguousRedir(w *syntax.Word) error {
	fs, err := r.redirFields(w, true, true)
	if err != nil {
		return err
	}
	if len(fs) == 1 {
		return specialRedirErr(fs[0], ": ambiguous redirect")
	}
	return specialRedirErr(r.shownText(w), ": ambiguous redirect")
}

// posixRedirBuilder sets b up for a redirection word in POSIX mode,
// where bash does not split it (redirection_expand's W_NOSPLIT: the
// elements of $@ and $* are joined with IFS's first character, or a
// space); with noGlob a non-interactive shell does no filename
// expansion on it.
func (r *Runner) posixRedirBuilder(b *fieldBuilder, noGlob bool) {
	sep := firstIFSChar(r.ifs(), r.utf8Locale())
	if sep == "" {
		sep = " "
	}
	b.ifs = ""
	b.joinSep = sep
	b.noGlob = b.noGlob || noGlob && !r.isInteractive()
}

func opString(op syntax.RedirOperator) string { return op.String() }

// fileRedirect opens a path target.
func (r *Runner) fileRedirect(op syntax.RedirOperator, path string, fd int, varName string, info *ExecInfo) (func(), error) {
	var flags int
	switch op {
	case syntax.RdrOut, syntax.RdrAll:
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	case syntax.RdrClob, syntax.RdrAllClob:
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	case syntax.AppOut, syntax.AppAll, syntax.AppClob, syntax.AppAllClob:
		flags = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	case syntax.RdrIn:
		flags = os.O_RDONLY
	case syntax.RdrInOut:
		flags = os.O_RDWR | os.O_CREATE
	default:
		return nil, &redirErr{msg: "unsupported redirection " + op.String()}
	}
	if path == "" {
		return nil, &redirErr{msg: ": No such file or directory"}
	}
	netPath := netRedirPath(path)
	if r.opts.restricted && (op != syntax.RdrIn || netPath) {
		return nil, specialRedirErr(path, ": restricted: cannot redirect output")
	}
	var f *os.File
	var err error
	if netPath {
		r.mayBlockOpen(path, true)
		if f, err = r.netOpen(path); err != nil {
			return nil, &redirErr{msg: path + ": " + pathErrMsg(err)}
		}
	} else if f, flags, err = r.openRedirFile(op, path, flags); err != nil {
		return nil, err
	}
	var offset int64
	special := true
	if typ, size, err := fdTypeSize(f); err == nil {
		special = typ != syscall.S_IFREG
		if flags&os.O_APPEND != 0 {
			offset = size
		}
	}
	s := newShared(f, true)
	if varName != "" {
		if fd, err = r.varFd(); err != nil {
			s.release()
			return nil, &redirErr{msg: path + ": " + pathErrMsg(err)}
		}
		if err := r.assignFdVar(varName, fd, info); err != nil {
			s.release()
			return nil, err
		}
	}
	ri := &RedirectInfo{Op: opString(op), Fd: fd, Path: path, DupFd: -1, File: f, Flags: flags, Special: special, Offset: offset}
	if fd < 0 {
		// &> and &>>: both stdout and stderr
		r.fds.set(1, s)
		r.fds.set(2, s.retain())
		ri.Fd = 1
	} else {
		if r.fdOverLimit(fd) {
			// bash has created the file by then, as here
			s.release()
			return nil, &redirErr{msg: strconv.Itoa(fd) + ": Bad file descriptor"}
		}
		r.fds.set(fd, s)
	}
	return r.gateRedirect(info, ri), nil
}

// openRedirFile opens path for a redirection with flags, as bash's
// redir_open does for a file that is not special; it returns the flags
// used (noclobber takes O_TRUNC off).
func (r *Runner) openRedirFile(op syntax.RedirOperator, path string, flags int) (*os.File, int, error) {
	abs := r.absPath(path)
	if r.opts.on(optNoclobber) && (op == syntax.RdrOut || op == syntax.RdrAll) {
		// bash's noclobber_open: a regular file is refused; a name
		// that stat does not find (a dangling symbolic link too) is
		// created exclusively; nothing is truncated
		fi, err := os.Stat(abs)
		if err == nil && fi.Mode().IsRegular() {
			return nil, 0, specialRedirErr(path, ": cannot overwrite existing file")
		}
		flags &^= os.O_TRUNC
		if err != nil {
			flags |= os.O_EXCL
		}
	}
	if err := r.openFdLimitErr(); err != nil {
		return nil, 0, &redirErr{msg: path + ": " + pathErrMsg(err)}
	}
	r.mayBlockOpen(abs, false)
	f, err := openFile(abs, flags, r.umask)
	if err != nil {
		if flags&os.O_EXCL != 0 && errors.Is(err, syscall.EEXIST) {
			return nil, 0, specialRedirErr(path, ": cannot overwrite existing file")
		}
		return nil, 0, &redirErr{msg: path + ": " + pathErrMsg(err)}
	}
	return f, flags, nil
}

// openFile opens path for a redirection. New files get 0666 minus the
// runner's umask, whatever the process umask is: when the two differ the
// file is created exclusively and its mode set explicitly.
func openFile(path string, flags, umask int) (*os.File, error) {
	if flags&os.O_CREATE == 0 || umask == processUmaskCached() {
		return openRaw(path, flags, 0o666)
	}
	mode := uint32(0o666 &^ umask)
	fd, err := syscall.Open(path, flags|os.O_EXCL|syscall.O_CLOEXEC, mode)
	if err == nil {
		syscall.Fchmod(fd, mode)
		return os.NewFile(uintptr(fd), path), nil
	}
	if err != syscall.EEXIST || flags&os.O_EXCL != 0 {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return openRaw(path, flags&^os.O_CREATE, 0)
}

// openRaw opens path close-on-exec as a blocking *os.File. os.OpenFile
// would start the runtime's poller, whose epoll and eventfd descriptors
// then stay open in the shell where bash has none (children listing
// /proc/$PPID/fd see them), and would make a FIFO non-blocking.
func openRaw(path string, flags int, mode uint32) (*os.File, error) {
	fd, err := openFD(path, flags, mode)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), path), nil
}

// openFD is openRaw's open(2), close-on-exec and retried when a signal
// interrupts it, for a caller that needs no *os.File.
func openFD(path string, flags int, mode uint32) (int, error) {
	for {
		fd, err := syscall.Open(path, flags|syscall.O_CLOEXEC, mode)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return -1, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return fd, nil
	}
}

func pathErrMsg(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errnoMessage(errno)
	}
	return err.Error()
}

// hereRedirect feeds a here-document or here-string through a pipe.
func (r *Runner) hereRedirect(rd *syntax.Redirect, fd int, varName string, info *ExecInfo) (func(), error) {
	var body string
	var err error
	switch rd.Op {
	case syntax.WordHdoc:
		// bash's write_here_string expands the word as an assignment's
		// value (expand_assignment_string_to_string): a ~ after a ':'
		// expands too, but not one after '='
		body, err = r.assignValue(rd.Word)
		body += "\n"
	default:
		// bash expands the body as text read at run time: its $( )
		// count their lines as written, from the command's line
		oldWritten := r.comsubWritten
		r.comsubWritten = true
		defer func() { r.comsubWritten = oldWritten }()
		if w, ok := markedHdocBody(rd); ok {
			body, err = r.document(w)
		} else if err = r.markedHdocError(rd); err != nil {
			return nil, err
		} else if rd.Hdoc != nil {
			if quotedHdocWord(rd.Word) {
				body = r.hdocRaw(rd)
			} else {
				body, err = r.document(rd.Hdoc)
			}
		}
		if rd.Op == syntax.DashHdoc {
			body = stripTabs(body)
		}
	}
	if err != nil {
		return nil, err
	}
	f, err := hereFile(body)
	if err != nil {
		return nil, &redirErr{msg: "cannot create temp file for here-document: " + pathErrMsg(err)}
	}
	if varName != "" {
		fd = r.fds.lowestFree(10)
		if err := r.assignFdVar(varName, fd, info); err != nil {
			f.Close()
			return nil, err
		}
	}
	if r.fdOverLimit(fd) {
		f.Close()
		return nil, &redirErr{msg: strconv.Itoa(fd) + ": Bad file descriptor"}
	}
	r.fds.set(fd, newShared(f, true))
	return r.gateRedirect(info, &RedirectInfo{Op: opString(rd.Op), Fd: fd, DupFd: -1, Heredoc: true, Body: []byte(body)}), nil
}

// hereFile returns a readable file holding body: a pipe when it fits in
// the pipe buffer (no goroutine, no disk), else an unlinked temp file.
func hereFile(body string) (*os.File, error) {
	if len(body) <= 16384 {
		pr, pw, err := newPipe()
		if err != nil {
			return nil, err
		}
		if _, err := pw.WriteString(body); err != nil {
			pr.Close()
			pw.Close()
			return nil, err
		}
		pw.Close()
		return pr, nil
	}
	f, err := os.CreateTemp("", "nash-hdoc")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name())
	if _, err := f.WriteString(body); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(0, 0); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func quotedHdocWord(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		case *syntax.Lit:
			if strings.IndexByte(p.Value, '\\') >= 0 {
				return true
			}
		}
	}
	return false
}

// hdocRaw is the body of a here-document with a quoted delimiter, as
// written. The parser does not always see the quoting (<<"E"OF): it may
// have parsed expansions and line continuations in it, so the source
// text is used when the parts are not all plain literals (the body node
// then ends after the delimiter line, which is cut off).
func (r *Runner) hdocRaw(rd *syntax.Redirect) string {
	var sb strings.Builder
	// read unquoted, plain literals may still have lost a line
	// continuation (a\<nl>b read as ab)
	sawQuoted := parserSawQuoted(rd.Word)
	for _, p := range rd.Hdoc.Parts {
		l, ok := p.(*syntax.Lit)
		if !ok || !sawQuoted {
			text := r.nodeText(rd.Hdoc)
			if d := hdocDelim(rd.Word); d != "" && strings.HasSuffix(text, d) {
				rest := strings.TrimRight(text[:len(text)-len(d)], "\t")
				if rest == "" || strings.HasSuffix(rest, "\n") {
					text = rest
				}
			}
			return text
		}
		sb.WriteString(l.Value)
	}
	return sb.String()
}

// parserSawQuoted reports whether mvdan's parser read the body of the
// here-document delimited by w as quoted: it looks only at the word's
// last part (<<E'O'F and <<'E'OF are unquoted to it).
func parserSawQuoted(w *syntax.Word) bool {
	if len(w.Parts) == 0 {
		return false
	}
	switch p := w.Parts[len(w.Parts)-1].(type) {
	case *syntax.SglQuoted, *syntax.DblQuoted:
		return true
	case *syntax.Lit:
		return strings.IndexByte(p.Value, '\\') >= 0
	}
	return false
}

// hdocDelim is a here-document delimiter after quote removal.
func hdocDelim(w *syntax.Word) string {
	var sb strings.Builder
	inDq := false
	var walk func(parts []syntax.WordPart)
	walk = func(parts []syntax.WordPart) {
		for _, p := range parts {
			switch p := p.(type) {
			case *syntax.Lit:
				sb.WriteString(unescapeDelim(p.Value, inDq))
			case *syntax.SglQuoted:
				sb.WriteString(p.Value)
			case *syntax.DblQuoted:
				inDq = true
				walk(p.Parts)
				inDq = false
			}
		}
	}
	walk(w.Parts)
	return unmarkHdocDelim(sb.String())
}

// unescapeDelim removes the backslashes that quote in s, literal text of
// a delimiter word: each one outside double quotes, one before $ ` " \
// inside them.
func unescapeDelim(s string, inDq bool) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (!inDq || strings.IndexByte("$`\"\\", s[i+1]) >= 0) {
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

func stripTabs(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, "\t")
	}
	return strings.Join(lines, "")
}

// isControlStructure reports whether bash counts c as a shell control
// structure (command.c's shell_control_structure).
func isControlStructure(c syntax.Command) bool {
	switch c.(type) {
	case *syntax.Block, *syntax.Subshell, *syntax.IfClause, *syntax.WhileClause,
		*syntax.ForClause, *syntax.CaseClause, *syntax.ArithmCmd, *syntax.TestClause:
		return true
	}
	return false
}

// setsNoErrLine reports whether c is a compound command bash runs without
// setting line_number_for_err_trap (SET_LINE_NUMBER is for simple
// commands, ( ), (( )), [[ ]], function definitions and pipelines).
func setsNoErrLine(c syntax.Command) bool {
	switch c.(type) {
	case *syntax.Block, *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause, *syntax.CaseClause:
		return true
	}
	return false
}

// stdinRedirects reports whether redirs redirect standard input as bash's
// stdin_redirects counts it: any input-opening operator whatever its fd,
// and a dup or close only of fd 0.
func stdinRedirects(redirs []*syntax.Redirect) bool {
	for _, rd := range redirs {
		if rd.N != nil && strings.HasPrefix(rd.N.Value, "{") {
			continue // {var}< names a new fd
		}
		switch rd.Op {
		case syntax.RdrIn, syntax.RdrInOut, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			return true
		case syntax.DplIn, syntax.DplOut:
			n := 0
			if rd.Op == syntax.DplOut {
				n = 1
			}
			if rd.N != nil {
				n, _ = strconv.Atoi(rd.N.Value)
			}
			w, _ := plainLit(rd.Word)
			if n == 0 && (rd.Op == syntax.DplIn || w == "-") && (w == "-" || !strings.HasSuffix(w, "-")) {
				return true
			}
		}
	}
	return false
}

// stmtLastLine is the last line of st as bash reads it, its
// here-document bodies included: the line bash's messages give for the
// redirections of a compound command, which it applies after reading
// it whole. It is 0 when st has no position.
func stmtLastLine(st *syntax.Stmt) int {
	if !st.End().IsValid() {
		return 0
	}
	return max(int(st.End().Line()), hdocsEnd([]*syntax.Stmt{st}))
}
