package interp

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// biLet implements let EXPR….
func biLet(r *Runner, args []string) int {
	if len(args) > 1 && args[1] == "--" {
		// bash skips one leading "--" (no other options)
		args = args[1:]
	}
	if len(args) < 2 {
		r.bErr("let", "expression expected")
		return 1
	}
	var n int64
	for _, e := range args[1:] {
		var err error
		n, err = r.arithStringCmd(e, "let")
		if err != nil {
			r.letFailed(err)
			return r.exit
		}
	}
	return int(b2i(n == 0))
}

// biUmask implements umask [-p] [-S] [mode].
func biUmask(r *Runner, args []string) int {
	symbolic, printMode := false, false
	a, ok, st := r.builtinOpts("umask", "Sp", usageLine("umask"), args[1:], func(c byte, _ string) (bool, int) {
		symbolic = symbolic || c == 'S'
		printMode = printMode || c == 'p'
		return true, 0
	})
	if !ok {
		return st
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
	if mode != "" && mode[0] >= '0' && mode[0] <= '9' {
		// bash's read_octal takes up to 07777; the kernel keeps the
		// permission bits
		n, err := strconv.ParseUint(mode, 8, 32)
		if err != nil || n > 0o7777 {
			r.bErr("umask", "%s: octal number out of range", mode)
			return 1
		}
		r.umask = int(n) & 0o777
		if symbolic {
			return biUmask(r, []string{"umask", "-S"})
		}
		return 0
	}
	m, ok, bad, isOp := symbolicUmask(r.umask, mode)
	if !ok {
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

// symbolicUmask applies a symbolic mode (u+x,go-w,a=r) to the mask cur,
// walking it as bash's parse_symbolic_mode does. On error it returns
// ok false, the offending byte (NUL where the text ends: "u", "u=r,")
// and whether it stood where an operator was expected.
func symbolicUmask(cur int, mode string) (mask int, ok bool, bad byte, isOp bool) {
	at := func(i int) byte {
		if i < len(mode) {
			return mode[i]
		}
		return 0
	}
	perm := ^cur & 0o777
	for i := 0; ; {
		who := 0
		for ; strings.IndexByte("ugoa", at(i)) >= 0 && at(i) != 0; i++ {
			switch mode[i] {
			case 'u':
				who |= 0o700
			case 'g':
				who |= 0o070
			case 'o':
				who |= 0o007
			case 'a':
				who |= 0o777
			}
		}
		if who == 0 {
			who = 0o777
		}
		op := at(i)
		if op != '+' && op != '-' && op != '=' {
			return 0, false, op, true
		}
		i++
		bits := 0
		for ; ; i++ {
			switch at(i) {
			case 'r':
				bits |= 0o444
				continue
			case 'w':
				bits |= 0o222
				continue
			case 'x':
				bits |= 0o111
				continue
			}
			break
		}
		if c := at(i); c != 0 && c != ',' {
			return 0, false, c, false
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
		if at(i) == 0 {
			return ^perm & 0o777, true, 0, false
		}
		i++ // past the ','
	}
}

// biTimes prints the shell's and its children's CPU times. A subshell
// runs in this process: it shows the times used since it was forked, as
// bash's child, whose rusage starts afresh, does (what the other
// goroutines used meanwhile is in them, and its own subshells' time shows
// as its own, not its children's).
func biTimes(r *Runner, args []string) int {
	if _, _, ok, st := r.simpleOpts("times", "", args[1:]); !ok {
		return st
	}
	t := processTimes()
	if r.isSub {
		t = t.since(r.timesBase)
	}
	point := r.numericRadix()[:1] // bash's locale_decpoint
	f := func(d time.Duration) string {
		m := int(d.Minutes())
		s := d.Seconds() - float64(m*60)
		return strings.Replace(fmt.Sprintf("%dm%.3fs", m, s), ".", point, 1)
	}
	return r.write("times", f(t.user)+" "+f(t.sys)+"\n"+f(t.kidsUser)+" "+f(t.kidsSys)+"\n")
}

// cpuTimes are the process's CPU times and its waited-for children's.
type cpuTimes struct{ user, sys, kidsUser, kidsSys time.Duration }

func processTimes() cpuTimes {
	var self, kids syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &kids)
	return cpuTimes{
		time.Duration(self.Utime.Nano()), time.Duration(self.Stime.Nano()),
		time.Duration(kids.Utime.Nano()), time.Duration(kids.Stime.Nano()),
	}
}

// since is t less the times in base, none below zero.
func (t cpuTimes) since(base cpuTimes) cpuTimes {
	sub := func(a, b time.Duration) time.Duration { return max(a-b, 0) }
	return cpuTimes{sub(t.user, base.user), sub(t.sys, base.sys), sub(t.kidsUser, base.kidsUser), sub(t.kidsSys, base.kidsSys)}
}

// biCaller implements caller [N].
func biCaller(r *Runner, args []string) int {
	calls := r.shownCalls() // (what FUNCNAME and BASH_SOURCE show)
	if len(calls) == 0 && r.sourceName == "" && !r.scriptFrame() {
		// bash fails at once where BASH_SOURCE is empty (the top level
		// of a -c string), before it looks at its arguments
		return 1
	}
	// no_options: caller takes none, but "--" ends them and an
	// option-looking word is an invalid option, not a bad number
	rest, ok, st := r.builtinOpts("caller", "", usageLine("caller"), args[1:], nil)
	if !ok {
		return st
	}
	args = append(args[:1:1], rest...)
	n := 0
	if len(args) > 1 {
		v, ok := legalNumber(args[1])
		if !ok {
			r.bErr("caller", "%s", invalidNumMsg(args[1]))
			r.builtinUsage("caller")
			return 2
		}
		if v < 0 || v > int64(len(calls)) {
			return 1 // no such frame: bash's array_reference finds nothing
		}
		n = int(v)
	}
	depth := len(calls)
	if depth == 0 && len(args) == 1 {
		return r.writeUnchecked("caller", "0 NULL\n")
	}
	if n >= depth {
		return 1
	}
	fr := calls[depth-1-n]
	// the bottom of BASH_SOURCE, which a -c string does not have
	bottom := "NULL"
	if r.sourceName != "" || r.scriptFrame() {
		bottom = r.topSource()
	}
	if len(args) == 1 {
		src := bottom
		if depth-2-n >= 0 {
			src = calls[depth-2-n].source
		}
		return r.writeUnchecked("caller", itoa(int64(fr.line))+" "+src+"\n")
	}
	caller := "main"
	src := bottom
	if depth-2-n < 0 && bottom == "NULL" {
		return 1 // no frame below: bash finds no FUNCNAME or BASH_SOURCE element
	}
	if depth-2-n >= 0 {
		caller = calls[depth-2-n].funcName
		src = calls[depth-2-n].source
	}
	return r.writeUnchecked("caller", itoa(int64(fr.line))+" "+caller+" "+src+"\n")
}

// biEnable implements enable [-n] [-a] [name…].
func biEnable(r *Runner, args []string) int {
	disable, all, special, unload, print := false, false, false, false, false
	file := ""
	a, ok, st := r.builtinOpts("enable", "adnpsf:", usageLine("enable"), args[1:], func(c byte, arg string) (bool, int) {
		switch c {
		case 'n':
			disable = true
		case 'a':
			all = true
		case 'p':
			print = true
		case 's':
			// -s restricts a listing to the POSIX special builtins
			special = true
		case 'd':
			unload = true
		case 'f':
			file = arg
		}
		return true, 0
	})
	if !ok {
		return st
	}
	if len(a) == 0 || print {
		// as bash: -p lists, whatever names follow
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
	if len(a) > 0 && file != "" {
		// nash loads no shared objects: report what dlopen would for a
		// missing file or one that is not ELF (a name without '/' is
		// looked for in the library path only, not here)
		why := "cannot open shared object file: No such file or directory"
		if b, err := readFileRaw(r.absPath(file)); err == nil && strings.Contains(file, "/") {
			why = "invalid ELF header"
			if bytes.HasPrefix(b, []byte("\x7fELF")) {
				why = "cannot load shared objects"
			}
		}
		r.bErr("enable", "cannot open shared object %s: %s: %s", file, file, why)
		return 1
	}
	if len(a) > 0 && unload {
		status := 0
		for _, n := range a {
			if lookupBuiltin(n) == nil {
				r.bErr("enable", "%s: not a shell builtin", n)
			} else {
				r.bErr("enable", "%s: not dynamically loaded", n)
			}
			status = 1
		}
		return status
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
