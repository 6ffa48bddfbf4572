package interp

import (
	"os"
	"strings"
)

// BashName makes $BASH what bash derives from argv0, the name the shell
// was invoked by (variables.c get_bash_name), instead of the path of the
// running binary: "/bin/sh" when started as /bin/sh, the PATH entry when
// started by a bare name. Working that out needs no /proc lookup.
func BashName(argv0 string) Option {
	return func(r *Runner) error {
		r.bashArgv0, r.bashByName = argv0, true
		return nil
	}
}

// bashName computes $BASH from the invocation name as bash does. It runs
// in initVars, once PATH and PWD are set.
func (r *Runner) bashName() string {
	name, login := r.bashArgv0, false
	if strings.HasPrefix(name, "-") && name != "-" {
		name, login = name[1:], true
	}
	if name == "" || name == "-" {
		name = "bash" // bash's PROGRAM
	}
	pwd := r.varString("PWD")
	switch {
	case login && !strings.HasPrefix(name, "/"):
		return userShell()
	case strings.HasPrefix(name, "/"):
		return name
	case strings.HasPrefix(name, "./"):
		if pwd == "" {
			return name
		}
		return pwd + name[1:]
	}
	if p, ok := r.findBashInPath(name); ok {
		if !strings.HasPrefix(p, "/") {
			// full_pathname: the working directory, less a leading ./
			p = strings.TrimSuffix(r.dir, "/") + "/" + strings.TrimPrefix(p, "./")
		}
		return p
	}
	if fi, err := os.Stat(r.absPath(name)); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
		// make_absolute: $PWD, a slash and the name as it is; bash
		// leaves the result uncleaned even for a name starting with a
		// dot, so ../bin/sh is $PWD/../bin/sh and .d/./sh, .d//sh and
		// .d/../.d/sh keep their . , // and ..
		if pwd != "" {
			return pwd + "/" + name
		}
		return name
	}
	return userShell()
}

// findBashInPath is find_user_command for the shell's own name: a name
// with a slash is never found this way; with PATH empty the name itself
// is the answer; else the first executable file along PATH, or failing
// that the first existing one.
func (r *Runner) findBashInPath(name string) (string, bool) {
	if strings.Contains(name, "/") {
		return "", false
	}
	path := r.varString("PATH")
	if path == "" {
		return name, true
	}
	var fallback string
	for _, dir := range strings.Split(path, ":") {
		if dir == "" {
			dir = "."
		}
		p := dir + "/" + name
		if strings.HasSuffix(dir, "/") {
			p = dir + name
		}
		fi, err := os.Stat(r.absPath(p))
		if err != nil || fi.IsDir() {
			continue
		}
		if fi.Mode()&0o111 != 0 {
			return p, true
		}
		if fallback == "" {
			fallback = p
		}
	}
	return fallback, fallback != ""
}

// varString is a set scalar variable's value, or "".
func (r *Runner) varString(name string) string {
	if v := r.vars.get(name); v != nil && v.set {
		return v.str
	}
	return ""
}

// userShell is the login shell of the current user, /bin/sh when
// /etc/passwd has none (bash's get_current_user_info).
func userShell() string {
	if f := passwdByUID(itoa(int64(os.Getuid()))); f != nil && f[6] != "" {
		return f[6]
	}
	return "/bin/sh"
}
