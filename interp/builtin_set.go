package interp

import (
	"io"
	"sort"
	"strings"
	"syscall"
)

// setListing is what set without arguments prints (so does declare
// without any): the variables as NAME=value, then the functions.
func (r *Runner) setListing() string {
	var sb strings.Builder
	names := r.listingNames() // $_ included
	for _, n := range names {
		v := r.listValue(n)
		if n == "_" {
			v = strVar(r.lastArg)
		}
		if v != nil && v.set {
			sb.WriteString(r.setLine(n, v))
		}
	}
	if !r.opts.on(optPosix) {
		// POSIX mode lists no functions
		r.listFuncs(&sb)
	}
	return sb.String()
}

// biSet implements set: options, positional parameters, and listing.
func biSet(r *Runner, args []string) int {
	if len(args) == 1 {
		return r.write("set", r.setListing())
	}
	listSt := 0 // a failed set -o listing
	if w, c, bad := badSetLetter(args[1:]); bad {
		// bash checks every option letter before it applies any, so
		// "set -e -l" fails without turning errexit on
		r.bErr("set", "%c%c: invalid option", w, c)
		r.builtinUsage("set")
		return r.usageFail()
	}
	i := 1
	setParams := false
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			setParams = true
			break
		}
		if a == "-" {
			r.opts.set[optXtrace] = false
			r.opts.set[optVerbose] = false
			i++
			setParams = i < len(args)
			break
		}
		if a == "" || (a[0] != '-' && a[0] != '+') {
			// a lone + is an empty flag word, skipped as bash does
			setParams = true
			break
		}
		on := a[0] == '-'
		for j := 1; j < len(a); j++ {
			c := a[j]
			if c == 'o' {
				if !setOptName(args, i+1) {
					// bash's sh_chkwrite: a write error is the status,
					// checked only for a -o that ends the arguments (one
					// before another option leaves it in stdio's buffer)
					if r.printOptions(on, i+1 == len(args)) != 0 {
						listSt = 1
					}
					continue
				}
				i++
				name := args[i]
				if !r.setLongOpt(name, on) {
					r.bErr("set", "%s: invalid option name", name)
					return r.usageFail()
				}
				continue
			}
			if c == 'r' && (on || !r.opts.restricted) {
				// set -r restricts the shell (restricted.go); +r may
				// not undo it, and does nothing otherwise
				if on {
					r.restrict()
				}
				continue
			}
			if !r.opts.setShort(c, on) {
				r.bErr("set", "%c%c: invalid option", a[0], c)
				r.errw().Write([]byte("set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n"))
				return r.usageFail()
			}
		}
	}
	if setParams || i < len(args) {
		r.params = append([]string(nil), args[i:]...)
		r.setParamsTop = r.setParamsTop || !r.inFunction()
	}
	return listSt
}

func (r *Runner) setLongOpt(name string, on bool) bool {
	if !r.opts.setLong(name, on) {
		return false
	}
	if name == "ignoreeof" {
		r.syncIgnoreEOF()
	}
	if (name == "vi" || name == "emacs") && on && r.rlVars != nil {
		// bash's set_edit_mode binds readline's editing-mode, which
		// also takes the mode's keymap
		r.rlSetVar("editing-mode", name)
	}
	if name == "history" {
		r.peRemember = on // (bash_history_enable, _disable)
		if on {
			r.histEnabled()
			if h := r.hist; h != nil && !h.live && r.curSrc != "" {
				// the lines bash reads from now on are remembered,
				// the blank and comment lines before the next
				// command among them
				h.src, h.line, h.live = r.curSrc, r.verboseLine, true
			}
		}
	}
	if name == "posix" {
		// bash binds POSIXLY_CORRECT=y with posix mode, unbinds it without
		if on {
			r.setScalar("POSIXLY_CORRECT", "y", false)
		} else if v := r.vars.get("POSIXLY_CORRECT"); v != nil && v.attrs&aReadonly == 0 {
			r.vars.unbind("POSIXLY_CORRECT")
		}
	}
	return true
}

// syncIgnoreEOF binds IGNOREEOF=10 when the ignoreeof option is set and
// unbinds it when not, as bash's set_ignoreeof does.
func (r *Runner) syncIgnoreEOF() {
	if r.opts.on(optIgnoreeof) {
		r.setScalar("IGNOREEOF", "10", false)
	} else if v := r.vars.get("IGNOREEOF"); v != nil && v.attrs&aReadonly == 0 {
		r.vars.unbind("IGNOREEOF")
	}
}

// printOptions implements set -o (on) and set +o (off) listings. It
// returns the status of the write.
// printOptions lists the set -o options, as a table for set -o (human)
// or as commands for set +o. A write error is reported when checked,
// and otherwise ignored (one to a closed pipe still ends a subshell).
func (r *Runner) printOptions(human, checked bool) int {
	var sb strings.Builder
	for i, n := range setOptNames {
		if human {
			state := "off"
			if r.opts.set[i] {
				state = "on"
			}
			sb.WriteString(padRight(n, 15) + "\t" + state + "\n")
		} else {
			flag := "+o"
			if r.opts.set[i] {
				flag = "-o"
			}
			sb.WriteString("set " + flag + " " + n + "\n")
		}
	}
	if checked {
		return r.write("set", sb.String())
	}
	if _, err := io.WriteString(r.out(), sb.String()); err != nil {
		if errno, ok := underlyingErrno(err); ok && errno == syscall.EPIPE {
			return r.writeFailed("set", err)
		}
	}
	return 0
}

func padRight(s string, n int) string {
	for len(s) < n {
		s += " "
	}
	return s
}

// biShopt implements shopt -s/-u/-p/-q/-o.
func biShopt(r *Runner, args []string) int {
	var set, unset, print, quiet, oflag bool
	i := 1
	for ; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' {
			break
		}
		if a == "--" {
			i++
			break
		}
		for _, c := range []byte(a[1:]) {
			switch c {
			case 's':
				set = true
			case 'u':
				unset = true
			case 'p':
				print = true
			case 'q':
				quiet = true
			case 'o':
				oflag = true
			default:
				r.bErr("shopt", "-%c: invalid option", c)
				r.errw().Write([]byte("shopt: usage: shopt [-pqsu] [-o] [optname ...]\n"))
				return 2
			}
		}
	}
	if set && unset {
		r.bErr("shopt", "cannot set and unset shell options simultaneously")
		return 1
	}
	names := args[i:]
	var sb strings.Builder
	line := func(name string, on bool) {
		switch {
		case print && oflag:
			f := "+o"
			if on {
				f = "-o"
			}
			sb.WriteString("set " + f + " " + name + "\n")
		case print:
			f := "-u"
			if on {
				f = "-s"
			}
			sb.WriteString("shopt " + f + " " + name + "\n")
		default:
			st := "off"
			if on {
				st = "on"
			}
			sb.WriteString(padRight(name, 15) + "\t" + st + "\n")
		}
	}
	get := func(name string) (bool, bool) {
		if oflag {
			o, ok := setOptIndex(name)
			return ok && r.opts.on(o), ok
		}
		o, ok := shoptIndex(name)
		return ok && r.opts.sh(o), ok
	}
	if len(names) == 0 {
		if oflag {
			for j, n := range setOptNames {
				on := r.opts.set[j]
				if set && !on || unset && on {
					continue
				}
				line(n, on)
			}
		} else {
			// bash's table: autocd first, then alphabetical
			all := append([]string(nil), shoptNames[:]...)
			sort.Slice(all, func(a, b int) bool {
				if (all[a] == "autocd") != (all[b] == "autocd") {
					return all[a] == "autocd"
				}
				return all[a] < all[b]
			})
			for _, n := range all {
				on, _ := get(n)
				if set && !on || unset && on {
					continue
				}
				line(n, on)
			}
		}
		if quiet {
			return 0
		}
		return r.write("shopt", sb.String())
	}
	status := 0
	for _, n := range names {
		on, ok := get(n)
		if !ok {
			if oflag {
				// the set -o lookup's wording; bash's shopt -os/-ou
				// then still succeeds
				r.flushListing(&sb)
				r.bErr("shopt", "%s: invalid option name", n)
				if !set && !unset {
					status = 1
				}
				continue
			}
			r.flushListing(&sb)
			r.bErr("shopt", "%s: invalid shell option name", n)
			status = 1
			if set || unset {
				// toggle_shopts sets $BASHOPTS again all the same
				r.opts.bashoptsShown = nil
			}
			continue
		}
		switch {
		case set || unset:
			if !oflag {
				// bash's toggle_shopts sets $BASHOPTS again
				r.opts.bashoptsShown = nil
			}
			if oflag {
				r.setLongOpt(n, set)
			} else if opt, ok := shoptIndex(n); ok && isCompatShopt(opt) {
				r.shoptCompat(opt, set)
			} else {
				r.opts.setShopt(n, set)
				if n == "extdebug" && set {
					r.initArgvOnce()
				}
				if n == "hostcomplete" {
					r.hostCompleteBreaks(set)
				}
			}
		case quiet:
			if !on {
				status = 1
			}
		default:
			line(n, on)
			if !on {
				status = 1
			}
		}
	}
	if st := r.write("shopt", sb.String()); st != 0 {
		return st
	}
	return status
}

// biUnset implements unset [-fvn] name….
func biUnset(r *Runner, args []string) int {
	funcs, vars, nref := false, false, false
	i := 1
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		for _, c := range []byte(a[1:]) {
			switch c {
			case 'f':
				funcs = true
			case 'v':
				vars = true
			case 'n':
				nref = true
			default:
				r.bErr("unset", "-%c: invalid option", c)
				r.errw().Write([]byte("unset: usage: unset [-f] [-v] [-n] [name ...]\n"))
				return r.usageFail()
			}
		}
	}
	if funcs && vars {
		r.bErr("unset", "cannot simultaneously unset a function and a variable")
		return 1
	}
	status := 0
	var names []string
	for _, name := range args[i:] {
		if funcs && !vars {
			if !r.unsetFuncNamed(name) {
				status = 1
			}
			continue
		}
		base := name
		// an empty or unbalanced subscript (h[], a[80's]) is no
		// array reference
		_, _, oneWord := r.rawAssocElem(name, true)
		// (with -n a subscript is never one: bash's unset -v -n 'a[1]'
		// fails, an invalid identifier)
		if j := strings.IndexByte(name, '['); j > 0 && !nref && (validArrayRef(name) || oneWord) {
			base = name[:j]
		}
		if !validName(base) && !vars {
			// without -v a name that cannot be a variable is taken as
			// a function name, silently when there is none
			if !r.unsetFuncNamed(name) {
				status = 1
			}
			continue
		}
		if !validName(base) {
			r.bErr("unset", "`%s': not a valid identifier", name)
			status = 1
			continue
		}
		if nref {
			if v := r.vars.get(name); v != nil && v.kind == kNameRef {
				if v.attrs&aReadonly != 0 {
					r.bErr("unset", "%s: cannot unset: readonly variable", name)
					status = 1
					continue
				}
				r.vars.unbind(name)
				continue
			}
			// bash's unbind_nameref: anything but a reference stays
			// (a readonly variable is still refused first)
			if v := r.vars.get(name); v != nil && v.attrs&aReadonly != 0 {
				r.bErr("unset", "%s: cannot unset: readonly variable", name)
				status = 1
			}
			continue
		}
		v := r.vars.get(base)
		if v == nil && !vars && r.funcs[name] != nil {
			if !r.unsetFuncNamed(name) {
				status = 1
			}
			continue
		}
		switch base {
		case "BASH_ARGC", "BASH_ARGV", "BASH_LINENO", "BASH_SOURCE":
			r.bErr("unset", "%s: cannot unset", base)
			status = 1
			continue
		case "RANDOM", "SRANDOM", "SECONDS", "EPOCHSECONDS", "EPOCHREALTIME", "LINENO", "HISTCMD",
			"BASHPID", "BASH_SUBSHELL", "BASH_ARGV0", "BASH_COMMAND", "FUNCNAME", "GROUPS", "DIRSTACK",
			"BASH_ALIASES", "BASH_CMDS":
			// bash: unset, each loses its special meaning for good
			if (v == nil || v.dynamic == dynScalar && v.attrs&aReadonly == 0) && !strings.Contains(name, "[") {
				if v != nil {
					r.vars.changed(v) // export RANDOM; unset RANDOM
				}
				r.vars.m[base] = &variable{dynamic: dynRemoved, gen: r.vars.gen}
				continue
			}
		case "COMP_WORDBREAKS":
			// unset for good: a marker keeps a lookup from giving it
			// bash's value again
			if cur := r.vars.m[base]; name == base && (cur == nil || !cur.local && cur.attrs&aReadonly == 0) {
				r.vars.m[base] = &variable{dynamic: dynRemoved, gen: r.vars.gen}
				continue
			}
		}
		if err := r.unsetVarFlags(name, oneWord); err != nil {
			if abandonsLine(err) {
				// a subscript's arithmetic error: no builtin name, and
				// the rest is abandoned (array_expand_index)
				r.errorf("%s", err.Error())
				r.exit = 1
				r.topUnwind(err)
				return 1
			}
			if ee, ok := err.(*expandError); ok && ee.fatal {
				// set -u: an unbound variable in a subscript is an
				// expansion error, the builtin not named, that ends
				// the shell (err_unboundvar)
				r.expansionError(err)
				return 1
			}
			r.bErr("unset", "%s", err.Error())
			status = 1
			continue
		}
		if base == "POSIXLY_CORRECT" {
			r.opts.setLong("posix", false)
		}
		if localeVar(base) {
			// unset_builtin's own sv_locale, after makunbound's: a
			// locale that is not installed warns again (of the name
			// without its subscript, which bash cut off in place)
			r.localeAssigned(base, r.localeVal(base))
		}
		switch base {
		case "IGNOREEOF", "ignoreeof", "BASH_XTRACEFD":
			r.specialRebound(base)
		case "GLOBIGNORE":
			r.opts.shopt[shDotglob] = false // unsetting GLOBIGNORE ends its dotglob
		}
		names = append(names, base)
	}
	if len(names) > 0 {
		r.gateState(&StateInfo{Op: "unset", Names: names})
	}
	return status
}

// unsetFuncNamed is unset -f of one name: false (and bash's message)
// when the function is readonly.
func (r *Runner) unsetFuncNamed(name string) bool {
	if r.readonlyFuncs[name] {
		r.bErr("unset", "%s: cannot unset: readonly function", name)
		return false
	}
	r.unsetFunc(name)
	return true
}

func (r *Runner) unsetFunc(name string) {
	if r.funcs[name] == nil {
		return
	}
	r.ownFuncs()
	delete(r.funcs, name)
}

// badSetLetter finds the first option letter of set's arguments that is
// not a set option (-i, -s and -c are invocation-only), walking the words
// as biSet does; sign is the word's '-' or '+'.
func badSetLetter(args []string) (sign, c byte, bad bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || len(a) < 2 || (a[0] != '-' && a[0] != '+') {
			return 0, 0, false
		}
		for j := 1; j < len(a); j++ {
			if a[j] == 'o' {
				if setOptName(args, i+1) {
					i++ // the option name, checked when it is applied
				}
				continue
			}
			if _, ok := setOptLetter(a[j]); !ok && a[j] != 'r' {
				return a[0], a[j], true
			}
		}
	}
	return 0, 0, false
}

// setOptName reports whether args[i] is the name for a -o/+o: a word
// that is there, not empty and not option-looking. Otherwise set lists
// the options and goes on with that word (set -o -- a b).
func setOptName(args []string, i int) bool {
	return i < len(args) && args[i] != "" && args[i][0] != '-' && args[i][0] != '+'
}
