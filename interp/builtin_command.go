package interp

import (
	"os"
	"strings"
)

// biCommand implements command [-pVv] name args.
func biCommand(r *Runner, args []string) int {
	a := args[1:]
	var vflag, Vflag, pflag bool
	for len(a) > 0 && len(a[0]) > 1 && a[0][0] == '-' {
		if a[0] == "--" {
			a = a[1:]
			break
		}
		for _, c := range a[0][1:] {
			switch c {
			case 'v':
				vflag = true
			case 'V':
				Vflag = true
			case 'p':
				pflag = true
			default:
				r.bErr("command", "-%c: invalid option", c)
				r.errw().Write([]byte("command: usage: command [-pVv] command [arg ...]\n"))
				return 2
			}
		}
		a = a[1:]
	}
	if len(a) == 0 {
		return 0
	}
	if vflag || Vflag {
		status := 0
		for _, n := range a {
			if st := r.describe(n, Vflag, false, false, true); st != 0 {
				status = st
			}
		}
		return status
	}
	name := a[0]
	if bi := r.enabledBuiltin(name); bi != nil {
		r.inCommandBuiltin++
		defer func() { r.inCommandBuiltin-- }()
		return bi(r, a)
	}
	path := ""
	if pflag {
		path = findInPath(r, name, "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin")
	} else {
		path = r.lookPath(name)
	}
	if path == "" {
		r.notFound(name)
		return 127
	}
	res := r.runExternal(path, a, r.childEnv(), nil)
	return res.Status
}

// biBuiltin runs a builtin, bypassing functions.
func biBuiltin(r *Runner, args []string) int {
	a, ok, st := r.builtinOpts("builtin", "", usageLine("builtin"), args[1:], nil)
	if !ok {
		return st
	}
	args = append(args[:1:1], a...)
	if len(args) < 2 {
		return 0
	}
	bi := r.enabledBuiltin(args[1])
	if bi == nil {
		r.bErr("builtin", "%s: not a shell builtin", args[1])
		return 1
	}
	return bi(r, args[1:])
}

// biType implements type [-afptP] name….
func biType(r *Runner, args []string) int {
	a := args[1:]
	var all, tflag, pflag, Pflag, fflag bool
	for len(a) > 0 && len(a[0]) > 1 && a[0][0] == '-' {
		if a[0] == "--" {
			a = a[1:]
			break
		}
		for _, c := range a[0][1:] {
			switch c {
			case 'a':
				all = true
			case 't':
				tflag = true
			case 'p':
				pflag = true
			case 'P':
				Pflag = true
			case 'f':
				fflag = true
			default:
				r.bErr("type", "-%c: invalid option", c)
				r.errw().Write([]byte("type: usage: type [-afptP] name [name ...]\n"))
				return 2
			}
		}
		a = a[1:]
	}
	status := 0
	for _, n := range a {
		var st int
		switch {
		case tflag:
			st = r.typeWord(n, all, fflag)
		case pflag || Pflag:
			st = r.typePath(n, all, Pflag)
		default:
			st = r.describeAll(n, all, fflag)
		}
		if st != 0 {
			status = 1
		}
	}
	return status
}

func isKeyword(n string) bool {
	switch n {
	case "if", "then", "else", "elif", "fi", "case", "esac", "for", "select",
		"while", "until", "do", "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc":
		return true
	}
	return false
}

func (r *Runner) typeWord(n string, all, nofunc bool) int {
	var out []string
	if _, ok := r.aliases[n]; ok && r.opts.sh(shExpandAliases) {
		out = append(out, "alias")
	}
	if isKeyword(n) {
		out = append(out, "keyword")
	}
	if r.funcs[n] != nil && !nofunc {
		out = append(out, "function")
	}
	if r.enabledBuiltin(n) != nil {
		out = append(out, "builtin")
	}
	if all {
		for _, p := range r.allPaths(n) {
			_ = p
			out = append(out, "file")
		}
	} else if len(out) == 0 && r.lookPath(n) != "" && strings.IndexByte(n, '/') < 0 || len(out) == 0 && strings.IndexByte(n, '/') >= 0 && isExec(r.absPath(n)) {
		out = append(out, "file")
	}
	if len(out) == 0 {
		return 1
	}
	if !all {
		out = out[:1]
	}
	return r.write("type", strings.Join(out, "\n")+"\n")
}

func isExec(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

func (r *Runner) allPaths(n string) []string {
	if strings.IndexByte(n, '/') >= 0 {
		if isExec(r.absPath(n)) {
			return []string{n}
		}
		return nil
	}
	var out []string
	for _, dir := range strings.Split(r.lookup("PATH").value(), ":") {
		if dir == "" {
			dir = "."
		}
		p := dir + "/" + n
		if isExec(r.absPath(p)) {
			out = append(out, p)
		}
	}
	return out
}

func (r *Runner) typePath(n string, all, force bool) int {
	if !force && (r.funcs[n] != nil || r.enabledBuiltin(n) != nil || isKeyword(n) || r.aliases[n] != "" && r.opts.sh(shExpandAliases)) {
		return 0
	}
	paths := r.allPaths(n)
	if len(paths) == 0 {
		return 1
	}
	if !all {
		paths = []string{r.lookPath(n)}
	}
	return r.write("type", strings.Join(paths, "\n")+"\n")
}

func (r *Runner) describeAll(n string, all, nofunc bool) int {
	return r.describe(n, true, all, nofunc, false)
}

// describe prints what n is, in type's verbose style or command -v's
// terse one.
func (r *Runner) describe(n string, verbose, all, nofunc, commandV bool) int {
	found := false
	var sb strings.Builder
	// bash describes aliases only while they would be expanded
	if v, ok := r.aliases[n]; ok && r.opts.sh(shExpandAliases) {
		found = true
		if verbose {
			sb.WriteString(n + " is aliased to `" + v + "'\n")
		} else {
			sb.WriteString("alias " + n + "=" + singleQuote(v) + "\n")
		}
		if !all {
			return r.write("type", sb.String())
		}
	}
	if isKeyword(n) {
		found = true
		if verbose {
			sb.WriteString(n + " is a shell keyword\n")
		} else {
			sb.WriteString(n + "\n")
		}
		if !all {
			return r.write("type", sb.String())
		}
	}
	if f := r.funcs[n]; f != nil && !nofunc {
		found = true
		if verbose {
			sb.WriteString(n + " is a function\n" + r.funcText(f))
		} else {
			sb.WriteString(n + "\n")
		}
		if !all {
			return r.write("type", sb.String())
		}
	}
	if r.enabledBuiltin(n) != nil {
		found = true
		if verbose {
			if isSpecialBuiltin(n) && r.opts.on(optPosix) {
				sb.WriteString(n + " is a special shell builtin\n")
			} else {
				sb.WriteString(n + " is a shell builtin\n")
			}
		} else {
			sb.WriteString(n + "\n")
		}
		if !all {
			return r.write("type", sb.String())
		}
	}
	var paths []string
	if all {
		paths = r.allPaths(n)
	} else if strings.IndexByte(n, '/') >= 0 {
		if isExec(r.absPath(n)) {
			paths = []string{n}
		}
	} else if p := r.lookPath(n); p != "" && isExec(r.absPath(p)) {
		paths = []string{p}
	}
	for _, p := range paths {
		found = true
		if verbose {
			if !all && r.hash[n] == p && strings.IndexByte(n, '/') < 0 && r.hashedBefore(n) {
				sb.WriteString(n + " is hashed (" + p + ")\n")
			} else {
				sb.WriteString(n + " is " + p + "\n")
			}
		} else {
			sb.WriteString(p + "\n")
		}
	}
	if !found {
		if verbose {
			if commandV {
				r.bErr("command", "%s: not found", n)
			} else {
				r.bErr("type", "%s: not found", n)
			}
		}
		return 1
	}
	return r.write("type", sb.String())
}

func (r *Runner) hashedBefore(n string) bool { return r.hashUsed[n] }
