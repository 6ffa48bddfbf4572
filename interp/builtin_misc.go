package interp

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

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
	file := a[0]
	path := file
	if !strings.Contains(file, "/") && r.opts.sh(shSourcepath) {
		if p := findInPathAny(r, file); p != "" {
			path = p
		} else if r.opts.on(optPosix) {
			// a POSIX shell does not fall back to the current
			// directory (bash's source_searches_cwd)
			r.bErr(name, "%s: file not found", file)
			if r.inCommandBuiltin == 0 {
				r.flow = flowExit
				r.exitCode = 1
			}
			return 1
		}
	}
	var data []byte
	var err error
	if strings.HasPrefix(path, "/dev/fd/") {
		if n, e := strconv.Atoi(path[8:]); e == nil && r.fds.get(n) != nil {
			data, err = readAllFile(r.fds.get(n))
		} else {
			data, err = os.ReadFile(path)
		}
	} else {
		data, err = os.ReadFile(r.absPath(path))
	}
	if err != nil {
		if errors.Is(err, syscall.EISDIR) {
			// bash checks the file type first, with its own wording
			r.bErr(name, "%s: is a directory", file)
		} else {
			r.errorf("%s: %s", file, pathErrMsg(err))
		}
		// bash's FEVAL_LONGJMP: not when run through command
		if r.opts.on(optPosix) && r.inCommandBuiltin == 0 {
			r.flow = flowExit
			r.exitCode = 1
		}
		return 1
	}
	data, binary := stripSourceNULs(data)
	if binary {
		r.bErr(name, "%s: cannot execute binary file", file)
		return 126
	}
	src := string(data)
	f, perr := Parse(src, file, false)
	if perr != nil {
		old := r.calls
		r.calls = append(r.calls, callFrame{funcName: "source", sourced: true, source: file, line: r.line})
		r.reportSyntaxError(perr, src, file)
		r.calls = old
		return 2
	}
	oldParams := r.params
	if len(a) > 1 {
		r.params = a[1:]
	}
	oldSrc, oldNesting, oldLine, oldOff, oldIn := r.curSrc, r.nesting, r.line, r.lineOff, r.inSource
	r.curSrc = src
	r.lineOff = 0
	r.inSource = true
	r.nesting = Nesting{Depth: oldNesting.Depth + 1, Kind: "source:" + file}
	r.calls = append(r.calls, callFrame{funcName: "source", sourced: true, source: file, line: r.line, args: a[1:]})
	r.gateState(&StateInfo{Op: "source", Names: []string{file}})
	r.exit = 0
	r.traceLevel++
	lastCmd := r.bashCmd
	r.stmtsEchoing(f.Stmts, src)
	r.bashCmd = lastCmd // as eval's: the RETURN trap sees the . command
	r.traceLevel--
	r.calls = r.calls[:len(r.calls)-1]
	r.curSrc, r.nesting, r.line, r.lineOff, r.inSource = oldSrc, oldNesting, oldLine, oldOff, oldIn
	if len(a) > 1 {
		r.params = oldParams
	}
	returned := r.flow == flowReturn
	if returned {
		r.flow = flowNone
	}
	if r.flow == flowNone {
		r.runReturnTrap(returned)
	}
	return r.exit
}

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
	for _, dir := range strings.Split(r.lookup("PATH").value(), ":") {
		if dir == "" {
			dir = "."
		}
		p := dir + "/" + name
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
	path := r.lookPath(a[0])
	if path == "" {
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
	if clearEnv {
		env = []string{} // nil would pass nash's own environment
	}
	full := fullPathname(r.dir, path)
	if r.isSub || r.onExec == nil {
		// a subshell cannot replace the process: run the program and
		// end the subshell with its status
		res := r.runExternalNamed(path, full, argv, env, nil)
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
	r.onExec()
	files := r.fds.files()
	if err := execWithFiles(r.absPath(path), argv, env, r.dir, files, r.umask); err != nil {
		st := r.execFailed(path, full, err)
		if st < 0 {
			st = 126
		}
		if st == 126 {
			r.execCannotExecute(full)
		}
		if !r.opts.sh(shExecfail) {
			r.exitTrapRan = true // bash exits without its EXIT trap
		}
		return r.execFailExit(st)
	}
	return 0
}

// execFailExit ends the shell after a failed exec, as bash does unless
// shopt execfail is on in the main shell (a subshell always exits).
func (r *Runner) execFailExit(st int) int {
	if r.isSub || !r.opts.sh(shExecfail) {
		r.flow = flowExit
		r.exitCode = st
	}
	return st
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

// allTrapNames lists every trap bash knows, in its order: EXIT, the
// signals by number (unnamed ones as numbers), DEBUG, ERR and RETURN.
func allTrapNames() []string {
	out := []string{"EXIT"}
	for n := 1; n <= 64; n++ {
		name := signalName(n)
		if name == "" {
			name = itoa(int64(n))
		}
		out = append(out, name)
	}
	return append(out, "DEBUG", "ERR", "RETURN")
}

// biTrap implements trap.
func biTrap(r *Runner, args []string) int {
	set, a, ok, _ := r.simpleOpts("trap", "lp", args[1:])
	if !ok {
		return r.usageFail()
	}
	if set&optBit('l') != 0 {
		// five entries a line, counting the signals listed (32 and 33
		// have no name); a short last line keeps its tab
		var sb strings.Builder
		col := 0
		for n := 1; n <= 64; n++ {
			name := signalName(n)
			if name == "" {
				continue
			}
			sb.WriteString(padLeft(itoa(int64(n)), 2) + ") SIG" + name)
			if col++; col < 5 {
				sb.WriteByte('\t')
			} else {
				sb.WriteByte('\n')
				col = 0
			}
		}
		if col != 0 {
			sb.WriteByte('\n')
		}
		return r.write("trap", sb.String())
	}
	if len(a) == 0 || set&optBit('p') != 0 {
		// trap -p in POSIX mode shows default dispositions as well
		showAll := set&optBit('p') != 0 && r.opts.on(optPosix)
		var names []string
		if len(a) > 0 {
			for _, s := range a {
				n, _, ok := parseSignal(s, true)
				if !ok {
					r.bErr("trap", "%s: invalid signal specification", s)
					return 1
				}
				names = append(names, n)
			}
		} else if showAll {
			names = allTrapNames()
		} else {
			names = r.traps.names()
		}
		var sb strings.Builder
		for _, n := range names {
			act, ok := r.traps.m[n]
			if !ok && !showAll {
				continue
			}
			sig := n
			if !ok {
				// bash's showtrap with show_default
				sb.WriteString("trap -- - " + n + "\n")
				continue
			}
			if _, num, _ := parseSignal(n, false); num > 0 && !r.opts.on(optPosix) {
				sig = "SIG" + n
			}
			sb.WriteString("trap -- " + singleQuote(act) + " " + sig + "\n")
		}
		return r.write("trap", sb.String())
	}
	if len(a) == 1 {
		// `trap SIG` with one argument resets it; anything else is a usage error
		if _, _, ok := parseSignal(a[0], true); !ok || r.opts.on(optPosix) || a[0] == "-" {
			r.builtinUsage("trap")
			return r.usageFail()
		}
	}
	action := a[0]
	sigs := a[1:]
	reset := false
	if len(sigs) == 0 {
		// `trap SIG` with one argument resets it
		sigs = a
		reset = true
	} else if action == "-" {
		reset = true
	} else if _, err := strconv.Atoi(action); err == nil {
		// a number as first arg means all args are signals to reset
		sigs = a
		reset = true
	}
	status := 0
	for _, s := range sigs {
		name, num, ok := parseSignal(s, true)
		if !ok {
			r.bErr("trap", "%s: invalid signal specification", s)
			status = 1
			continue
		}
		if num > 0 && hardIgnored[syscall.Signal(num)] && !r.isInteractive() {
			continue // ignored at startup: bash silently keeps it so
		}
		r.traps.set(name, action, reset)
		r.watchSignal(name, num, action, reset)
	}
	return status
}

// biKill implements kill [-s SIG | -SIG | -n N] pid… and kill -l.
func biKill(r *Runner, args []string) int {
	a := args[1:]
	sig := syscall.SIGTERM
	if len(a) == 0 {
		r.errw().Write([]byte("kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n"))
		return 2
	}
	if a[0] == "-l" || a[0] == "-L" {
		if len(a) == 1 {
			return biTrap(r, []string{"trap", "-l"})
		}
		var sb strings.Builder
		for _, s := range a[1:] {
			if n, err := strconv.Atoi(s); err == nil {
				if n > 128 {
					n -= 128
				}
				name := signalName(n)
				if name == "" {
					r.bErr("kill", "%s: invalid signal specification", s)
					return 1
				}
				sb.WriteString(name + "\n")
				continue
			}
			_, n, ok := parseSignal(s, false)
			if !ok {
				r.bErr("kill", "%s: invalid signal specification", s)
				return 1
			}
			sb.WriteString(itoa(int64(n)) + "\n")
		}
		return r.write("kill", sb.String())
	}
	switch {
	case (strings.HasPrefix(a[0], "-s") || strings.HasPrefix(a[0], "-n")) && len(a[0]) > 2 && a[0] != "-sys":
		if _, _, ok := parseSignal(a[0][1:], false); !ok {
			// -sNAME / -nNUM: the option with its argument attached
			a = append([]string{a[0][:2], a[0][2:]}, a[1:]...)
		}
	}
	switch {
	case a[0] == "-s" || a[0] == "-n":
		if len(a) < 2 {
			r.bErr("kill", "%s: option requires an argument", a[0])
			return 1
		}
		_, n, ok := parseSignal(a[1], false)
		if a[1] == "0" {
			n, ok = 0, true
		}
		if !ok {
			r.bErr("kill", "%s: invalid signal specification", a[1])
			return 1
		}
		sig = syscall.Signal(n)
		a = a[2:]
	case strings.HasPrefix(a[0], "-") && a[0] != "--" && len(a[0]) > 1:
		_, n, ok := parseSignal(a[0][1:], false)
		if a[0] == "-0" {
			n, ok = 0, true
		}
		if !ok {
			r.bErr("kill", "%s: invalid signal specification", a[0][1:])
			return 1
		}
		sig = syscall.Signal(n)
		a = a[1:]
	}
	if len(a) > 0 && a[0] == "--" {
		a = a[1:]
	}
	if len(a) == 0 {
		r.errw().Write([]byte("kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n"))
		return 2
	}
	status := 0
	for _, s := range a {
		var pid int
		if strings.HasPrefix(s, "%") {
			p, ok := r.killJob(s)
			if !ok {
				status = 1
				continue
			}
			pid = p
		} else {
			n, err := strconv.Atoi(s)
			if err != nil {
				r.bErr("kill", "%s: arguments must be process or job IDs", s)
				status = 1
				continue
			}
			pid = n
		}
		if pid >= fakePIDBase {
			// an in-process job: deliver to its foreground child if any
			if r.signalInProcess(pid, sig) {
				continue
			}
		}
		if err := syscall.Kill(pid, sig); err != nil {
			r.bErr("kill", "(%d) - %s", pid, errnoMessage(err.(syscall.Errno)))
			status = 1
		} else if (pid == r.sh.pid || pid == 0) && r.sh.sigs != nil && sig != 0 && !r.isSub && r.sh.sigs.isCaught(sig) {
			r.sh.sigs.awaitSelf(sig)
		} else if (pid == r.sh.pid || pid == 0) && sig == syscall.SIGPIPE && !r.hasTrapEntry("PIPE") {
			// the runtime drops a SIGPIPE that no write caused; one
			// neither trapped nor ignored must end the shell as in bash
			dieBySignal(sig)
		}
	}
	return status
}

// hasTrapEntry reports whether the shell has a trap or an ignore for the
// signal name (a subshell keeps its parent's ignores).
func (r *Runner) hasTrapEntry(name string) bool {
	if r.traps == nil {
		return false
	}
	a, ok := r.traps.m[name]
	return ok && (a == "" || !r.traps.inherited)
}

// biLet implements let EXPR….
func biLet(r *Runner, args []string) int {
	if len(args) < 2 {
		r.bErr("let", "expression expected")
		return 1
	}
	var n int64
	for _, e := range args[1:] {
		var err error
		n, err = r.arithStringCmd(e, "let")
		if err != nil {
			r.reportErr(err)
			return 1
		}
	}
	return int(b2i(n == 0))
}

// biUmask implements umask [-p] [-S] [mode].
func biUmask(r *Runner, args []string) int {
	symbolic, printMode := false, false
	a := args[1:]
	for len(a) > 0 && strings.HasPrefix(a[0], "-") && len(a[0]) > 1 {
		for _, c := range a[0][1:] {
			switch c {
			case 'S':
				symbolic = true
			case 'p':
				printMode = true
			default:
				r.bErr("umask", "-%c: invalid option", c)
				r.errw().Write([]byte("umask: usage: umask [-p] [-S] [mode]\n"))
				return 2
			}
		}
		a = a[1:]
	}
	if len(a) == 0 {
		m := r.umask
		if symbolic {
			s := "u=" + permString(^m>>6&7) + ",g=" + permString(^m>>3&7) + ",o=" + permString(^m&7)
			if printMode {
				s = "umask -S " + s
			}
			return r.write("umask", s+"\n")
		}
		s := fmt.Sprintf("%04o", m)
		if printMode {
			s = "umask " + s
		}
		return r.write("umask", s+"\n")
	}
	mode := a[0]
	if mode[0] >= '0' && mode[0] <= '9' {
		n, err := strconv.ParseUint(mode, 8, 32)
		if err != nil || n > 0o777 {
			r.bErr("umask", "%s: octal number out of range", mode)
			return 1
		}
		r.umask = int(n)
		return 0
	}
	m, bad, isOp := symbolicUmask(r.umask, mode)
	if bad != 0 {
		if isOp {
			r.bErr("umask", "`%c': invalid symbolic mode operator", bad)
		} else {
			r.bErr("umask", "`%c': invalid symbolic mode character", bad)
		}
		return 1
	}
	r.umask = m
	if symbolic {
		return biUmask(r, []string{"umask", "-S"})
	}
	return 0
}

func permString(p int) string {
	s := ""
	if p&4 != 0 {
		s += "r"
	}
	if p&2 != 0 {
		s += "w"
	}
	if p&1 != 0 {
		s += "x"
	}
	return s
}

// symbolicUmask applies a symbolic mode (u+x,go-w,a=r) to the mask cur. On
// error it returns the offending byte and whether it stood where an
// operator was expected.
func symbolicUmask(cur int, mode string) (mask int, bad byte, isOp bool) {
	perm := ^cur & 0o777
	for _, clause := range strings.Split(mode, ",") {
		i := 0
		who := 0
		for i < len(clause) && strings.IndexByte("ugoa", clause[i]) >= 0 {
			switch clause[i] {
			case 'u':
				who |= 0o700
			case 'g':
				who |= 0o070
			case 'o':
				who |= 0o007
			case 'a':
				who |= 0o777
			}
			i++
		}
		if who == 0 {
			who = 0o777
		}
		if i >= len(clause) {
			return 0, ' ', true
		}
		op := clause[i]
		if op != '+' && op != '-' && op != '=' {
			return 0, op, true
		}
		i++
		bits := 0
		for ; i < len(clause); i++ {
			switch clause[i] {
			case 'r':
				bits |= 0o444
			case 'w':
				bits |= 0o222
			case 'x':
				bits |= 0o111
			default:
				return 0, clause[i], false
			}
		}
		bits &= who
		switch op {
		case '+':
			perm |= bits
		case '-':
			perm &^= bits
		case '=':
			perm = perm&^who | bits
		}
	}
	return ^perm & 0o777, 0, false
}

// biTimes prints the shell's and its children's CPU times.
func biTimes(r *Runner, args []string) int {
	if _, _, ok, st := r.simpleOpts("times", "", args[1:]); !ok {
		return st
	}
	var self, kids syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	f := func(t syscall.Timeval) string {
		d := time.Duration(t.Nano())
		m := int(d.Minutes())
		s := d.Seconds() - float64(m*60)
		return fmt.Sprintf("%dm%.3fs", m, s)
	}
	return r.write("times", f(self.Utime)+" "+f(self.Stime)+"\n"+f(kids.Utime)+" "+f(kids.Stime)+"\n")
}

// biCaller implements caller [N].
func biCaller(r *Runner, args []string) int {
	n := 0
	if len(args) > 1 {
		v, err := strconv.Atoi(args[1])
		if err != nil || v < 0 {
			r.bErr("caller", "%s: invalid number", args[1])
			r.builtinUsage("caller")
			return 2
		}
		n = v
	}
	depth := len(r.calls)
	if depth == 0 && len(args) == 1 {
		return r.write("caller", "0 NULL\n")
	}
	if n >= depth {
		return 1
	}
	fr := r.calls[depth-1-n]
	if len(args) == 1 {
		src := r.topSource()
		if depth-2-n >= 0 {
			src = r.calls[depth-2-n].source
		}
		return r.write("caller", itoa(int64(fr.line))+" "+src+"\n")
	}
	caller := "main"
	src := r.topSource()
	if depth-2-n >= 0 {
		caller = r.calls[depth-2-n].funcName
		src = r.calls[depth-2-n].source
	}
	return r.write("caller", itoa(int64(fr.line))+" "+caller+" "+src+"\n")
}

// biEnable implements enable [-n] [-a] [name…].
func biEnable(r *Runner, args []string) int {
	disable, all, special := false, false, false
	a := args[1:]
	for len(a) > 0 && strings.HasPrefix(a[0], "-") {
		for _, c := range a[0][1:] {
			switch c {
			case 'n':
				disable = true
			case 'a':
				all = true
			case 's':
				// -s restricts a listing to the POSIX special builtins
				special = true
			case 'p':
			default:
				r.bErr("enable", "-%c: invalid option", c)
				r.builtinUsage("enable")
				return 2
			}
		}
		a = a[1:]
	}
	if len(a) == 0 {
		var sb strings.Builder
		names := append([]string(nil), builtinNames...)
		sort.Strings(names)
		for _, n := range names {
			off := r.disabled != nil && r.disabled[n]
			if off && !disable && !all || !off && disable && !all || special && !isSpecialBuiltin(n) {
				continue
			}
			if off {
				sb.WriteString("enable -n " + n + "\n")
			} else {
				sb.WriteString("enable " + n + "\n")
			}
		}
		return r.write("enable", sb.String())
	}
	status := 0
	for _, n := range a {
		if lookupBuiltin(n) == nil {
			r.bErr("enable", "%s: not a shell builtin", n)
			status = 1
			continue
		}
		if r.disabled == nil {
			r.disabled = map[string]bool{}
		}
		if disable {
			r.disabled[n] = true
		} else {
			delete(r.disabled, n)
		}
	}
	return status
}

// biAlias and biUnalias manage aliases.
func biAlias(r *Runner, args []string) int {
	set, a, ok, st := r.simpleOpts("alias", "p", args[1:])
	if !ok {
		return st
	}
	if len(a) == 0 || set != 0 {
		names := make([]string, 0, len(r.aliases))
		for n := range r.aliases {
			names = append(names, n)
		}
		sort.Strings(names)
		var sb strings.Builder
		for _, n := range names {
			sb.WriteString("alias " + n + "=" + singleQuote(r.aliases[n]) + "\n")
		}
		return r.write("alias", sb.String())
	}
	status := 0
	var sb strings.Builder
	for _, s := range a {
		if i := strings.IndexByte(s, '='); i > 0 {
			if !validAliasName(s[:i]) {
				r.bErr("alias", "`%s': invalid alias name", s[:i])
				status = 1
				continue
			}
			if r.ashare || r.aliases == nil {
				m := make(map[string]string, len(r.aliases)+1)
				for k, v := range r.aliases {
					m[k] = v
				}
				r.aliases = m
				r.ashare = false
			}
			r.aliases[s[:i]] = s[i+1:]
			continue
		}
		v, ok := r.aliases[s]
		if !ok {
			r.bErr("alias", "%s: not found", s)
			status = 1
			continue
		}
		sb.WriteString("alias " + s + "=" + singleQuote(v) + "\n")
	}
	if st := r.write("alias", sb.String()); st != 0 {
		return st
	}
	return status
}

// validAliasName reports whether bash accepts s as an alias name: no
// blanks, quotes, expansion or redirection characters.
func validAliasName(s string) bool {
	return s != "" && !strings.ContainsAny(s, " \t\n/$`=&;|<>()'\"\\")
}

func biUnalias(r *Runner, args []string) int {
	set, a, ok, st := r.simpleOpts("unalias", "a", args[1:])
	if !ok {
		return st
	}
	if set != 0 {
		a = []string{"-a"}
	}
	if len(a) == 0 {
		r.builtinUsage("unalias")
		return 2
	}
	if r.ashare {
		m := make(map[string]string, len(r.aliases))
		for k, v := range r.aliases {
			m[k] = v
		}
		r.aliases = m
		r.ashare = false
	}
	if a[0] == "-a" {
		r.aliases = map[string]string{}
		return 0
	}
	status := 0
	for _, n := range a {
		if _, ok := r.aliases[n]; !ok {
			r.bErr("unalias", "%s: not found", n)
			status = 1
			continue
		}
		delete(r.aliases, n)
	}
	return status
}

// tryAlias expands an alias in command position by re-parsing the
// command's text with the alias substituted. It reports whether it ran
// the command.
func (r *Runner) tryAlias(c *syntax.CallExpr, st *syntax.Stmt, args []string) bool {
	if r.aliasesParsed() {
		return false // expanded when the line was parsed
	}
	w, ok := plainLit(c.Args[0])
	if !ok {
		return false
	}
	val, ok := r.aliases[w]
	if !ok || r.aliasDepth > 16 {
		return false
	}
	start := int(c.Args[0].End().Offset())
	end := int(st.End().Offset())
	rest := ""
	if st != nil && start <= end && end <= len(r.curSrc) {
		rest = r.curSrc[start:end]
	}
	src := val + rest
	f, err := Parse(src, "", false)
	if err != nil {
		r.reportSyntaxError(err, src, "alias")
		r.exit = 2
		return true
	}
	oldSrc := r.curSrc
	r.curSrc = src
	r.aliasDepth++
	r.stmts(f.Stmts)
	r.aliasDepth--
	r.curSrc = oldSrc
	return true
}

func biHash(r *Runner, args []string) int {
	if !r.opts.on(optHashall) {
		r.bErr("hash", "hashing disabled")
		return 1
	}
	var set uint64
	pathname := ""
	a, ok, st := r.builtinOpts("hash", "dlp:rt", usageLine("hash"), args[1:], func(c byte, arg string) (bool, int) {
		set |= optBit(c)
		if c == 'p' {
			pathname = arg
		}
		return true, 0
	})
	if !ok {
		return st
	}
	if len(a) == 0 && set&(optBit('d')|optBit('t')) != 0 {
		opt := "-t"
		if set&optBit('d') != 0 {
			opt = "-d"
		}
		r.bErr("hash", "%s: option requires an argument", opt)
		return 1
	}
	if len(a) == 0 && set&optBit('r') == 0 {
		names := r.hashNames()
		var sb strings.Builder
		if len(names) > 0 && set&optBit('l') == 0 {
			sb.WriteString("hits\tcommand\n")
		}
		for _, n := range names {
			e := r.hash[n]
			if set&optBit('l') != 0 {
				sb.WriteString("builtin hash -p " + e.path + " " + n + "\n")
			} else {
				num := itoa(int64(e.hits))
				sb.WriteString(strings.Repeat(" ", max(0, 4-len(num))) + num + "\t" + e.path + "\n")
			}
		}
		if len(names) == 0 && !r.opts.on(optPosix) {
			sb.WriteString("hash: hash table empty\n")
		}
		return r.write("hash", sb.String())
	}
	if set&optBit('r') != 0 {
		r.hash = nil
	}
	status := 0
	var sb strings.Builder
	for _, n := range a {
		if set&optBit('t') != 0 {
			p, ok := r.hashSearch(n)
			switch {
			case !ok:
				r.bErr("hash", "%s: not found", n)
				status = 1
			case set&optBit('l') != 0:
				sb.WriteString("builtin hash -p " + p + " " + n + "\n")
			case len(a) > 1:
				sb.WriteString(n + "\t" + p + "\n")
			default:
				sb.WriteString(p + "\n")
			}
			continue
		}
		switch {
		case strings.IndexByte(n, '/') >= 0:
		case set&optBit('p') != 0:
			if fi, err := os.Stat(r.absPath(pathname)); err == nil && fi.IsDir() {
				r.bErr("hash", "%s: Is a directory", pathname)
				r.bErr("hash", "%s: is a directory", pathname)
				status = 1
				continue
			}
			r.hashInsert(n, pathname, 0)
		case set&optBit('d') != 0:
			if !r.hashRemove(n) {
				r.bErr("hash", "%s: not found", n)
				status = 1
			}
		case r.funcs[n] != nil || r.enabledBuiltin(n) != nil:
		default:
			r.hashRemove(n)
			if p := r.findCommand(n); p != "" && isExec(r.absPath(p)) {
				r.hashInsert(n, p, 0)
			} else {
				r.bErr("hash", "%s: not found", n)
				status = 1
			}
		}
	}
	if st := r.write("hash", sb.String()); st != 0 {
		return st
	}
	return status
}
