package interp

import "strings"

// bash's restricted mode (set -r, bash -r): the shell may not change
// directory, name a command or a sourced file by a path, redirect output,
// replace itself with exec, run command -p, hash a path, or change PATH,
// SHELL, ENV, BASH_ENV and HISTFILE; and it stays restricted.

// Restrict makes the shell a restricted one, as bash -r (or started as
// rbash) is once its startup files are read: restricted mode, with the
// restricted_shell shopt on.
func (r *Runner) Restrict() {
	r.restrict()
	r.opts.shopt[shRestrictedShell] = true
}

// restrict turns restricted mode on: the variables it protects become
// readonly, made (unset) where they do not exist, as bash's
// maybe_make_restricted does.
func (r *Runner) restrict() {
	if r.opts.restricted {
		return
	}
	for _, name := range [...]string{"PATH", "SHELL", "ENV", "BASH_ENV", "HISTFILE"} {
		r.vars.own(name).attrs |= aReadonly
	}
	r.opts.restricted = true
}

// restrictedPath reports, with bash's message, a command name or sourced
// file named by a path in restricted mode.
func (r *Runner) restrictedPath(kind, name string) bool {
	if !r.opts.restricted || !strings.Contains(name, "/") {
		return false
	}
	switch kind {
	case "command":
		r.errorf("%s: restricted: cannot specify `/' in command names", name)
	default:
		r.bErr(kind, "%s: restricted", name)
	}
	return true
}

// restrictedBuiltin reports, with bash's message, a builtin (or one of
// its options, what) refused in restricted mode.
func (r *Runner) restrictedBuiltin(name, what string) bool {
	if !r.opts.restricted {
		return false
	}
	if what != "" {
		r.bErr(name, "%s: restricted", what)
	} else {
		r.bErr(name, "restricted")
	}
	return true
}

// restrictedHashOK is bash's check of a path a restricted shell is asked
// to hash (hash -p, BASH_CMDS[k]=path): none with a slash, and only one
// that a PATH search finds. It reports whether the path may be hashed;
// builtin names the reporter ("" for an assignment).
func (r *Runner) restrictedHashOK(builtin, path string) bool {
	if !r.opts.restricted {
		return true
	}
	msg := path + ": not found"
	if strings.Contains(path, "/") {
		msg = path + ": restricted"
	} else if p := r.findCommand(path); p != "" && isExec(r.absPath(p)) {
		return true
	}
	if builtin != "" {
		r.bErr(builtin, "%s", msg)
	} else {
		r.errorf("%s", msg)
	}
	return false
}
