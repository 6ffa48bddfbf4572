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
		for _, c := range []byte(a[0][1:]) {
			switch c {
			case 'v':
				vflag, Vflag = true, false
			case 'V':
				vflag, Vflag = false, true
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
	if pflag && r.restrictedBuiltin("command", "-p") {
		return 1
	}
	if len(a) == 0 {
		return 0
	}
	if vflag || Vflag {
		fl := descReusable
		if Vflag {
			fl = descShort | descAbsPath
		}
		if pflag {
			fl |= descStdPath
		}
		found, st := r.describeEach("command", a, fl, Vflag)
		if st != 0 {
			return st
		}
		if found == 0 {
			return 1
		}
		return 0
	}
	name := a[0]
	if bi := r.enabledBuiltin(name); bi != nil {
		r.inCommandBuiltin++
		defer func() { r.inCommandBuiltin-- }()
		if r.tempEnv == tempApart && tempOwnScope(name) {
			// command runs it through execute_builtin as a command of
			// its own, which takes the temporary environment as its scope
			r.tempEnv = tempScope
			defer func() { r.tempEnv = tempApart }()
		}
		st := r.runBuiltin(bi, a)
		// command takes away a special builtin's usage error exit, also
		// at an enclosing eval or source, which would find the mark
		r.specialUsage, r.specialNow = false, false
		return st
	}
	path := ""
	if pflag {
		path = r.lookStdPath(name)
	} else {
		path = r.lookPath(name)
	}
	if v := r.lookup("PATH"); path == "" && !pflag && (v == nil || !v.set || v.value() == "") {
		path = name // as resolve: run from the current directory
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
	st = r.runBuiltin(bi, args[1:])
	r.specialUsage, r.specialNow = false, false // builtin is not special itself (as command)
	if args[1] == "exec" {
		// bash keeps the redirections only of a command it sees as
		// exec, or as command exec, not builtin exec
		r.keepRedirs = false
	}
	return st
}

// biType implements type [-afptP] name….
func biType(r *Runner, args []string) int {
	a := args[1:]
	fl := descShort
	for len(a) > 0 && len(a[0]) > 1 && a[0][0] == '-' {
		if a[0] == "--" {
			a = a[1:]
			break
		}
		// the obsolescent -type, -path and -all (and their -- forms)
		switch strings.TrimPrefix(a[0][1:], "-") {
		case "type":
			a[0] = "-t"
		case "path":
			a[0] = "-p"
		case "all":
			a[0] = "-a"
		}
		for _, c := range []byte(a[0][1:]) {
			switch c {
			case 'a':
				fl |= descAll
			case 'f':
				fl |= descNoFuncs
			case 'p':
				fl = fl&^(descType|descShort) | descPathOnly
			case 't':
				fl = fl&^(descPathOnly|descShort) | descType
			case 'P':
				fl = fl&^(descType|descShort) | descPathOnly | descForcePath
			default:
				r.bErr("type", "-%c: invalid option", c)
				r.errw().Write([]byte("type: usage: type [-afptP] name [name ...]\n"))
				return 2
			}
		}
		a = a[1:]
	}
	found, st := r.describeEach("type", a, fl, fl&(descPathOnly|descType) == 0)
	if st != 0 {
		return st
	}
	if found < len(a) {
		return 1
	}
	return 0
}

// describeEach writes the description of each of names for command -v
// or -V and type (as builtin name), complaining about one not found if
// complain is set. It returns how many were found, or stops with a write
// failure's status.
func (r *Runner) describeEach(name string, names []string, fl descFlags, complain bool) (found, st int) {
	var sb strings.Builder
	for _, n := range names {
		ok := r.describeCommand(&sb, n, fl)
		write := r.write
		if name == "command" {
			// bash's command -v/-V does not check its writes
			write = r.writeUnchecked
		}
		if st := write(name, sb.String()); st != 0 {
			return found, st
		}
		sb.Reset()
		if ok {
			found++
		} else if complain {
			r.bErr(name, "%s: not found", n)
		}
	}
	return found, 0
}

func isKeyword(n string) bool {
	switch n {
	case "if", "then", "else", "elif", "fi", "case", "esac", "for", "select",
		"while", "until", "do", "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc":
		return true
	}
	return false
}

func isExec(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// allPaths lists the executable files named n (type -a), as bash's
// user_command_matches: its file_status also leaves out the names
// EXECIGNORE matches.
func (r *Runner) allPaths(n string) []string {
	ignore := r.execIgnore()
	if strings.IndexByte(n, '/') >= 0 {
		if isExec(r.absPath(n)) && !execIgnored(n, ignore) {
			return []string{n}
		}
		return nil
	}
	var out []string
	for _, dir := range strings.Split(r.lookup("PATH").value(), ":") {
		dir = r.pathElem(dir)
		p := dir + "/" + n
		if isExec(r.absPath(p)) && !execIgnored(p, ignore) {
			out = append(out, p)
		}
	}
	return out
}

// descFlags select what describeCommand reports and how (bash's CDESC_*).
type descFlags uint

const (
	descType      descFlags = 1 << iota // type -t: one word per finding
	descShort                           // type, command -V: "name is …"
	descReusable                        // command -v: reusable as input
	descPathOnly                        // type -p: only file paths
	descForcePath                       // type -P: search PATH even for builtins
	descAll                             // type -a: every finding
	descNoFuncs                         // type -f: skip functions
	descStdPath                         // command -p: search the standard PATH
	descAbsPath                         // command -V: make a found path absolute
)

// describeCommand writes what n is, as bash's describe_command: alias,
// keyword, function, builtin, then file (the hashed one first, unless
// every finding is wanted). It reports whether anything was found; in
// path-only mode a non-file finding is found but prints nothing.
func (r *Runner) describeCommand(sb *strings.Builder, n string, fl descFlags) bool {
	all := fl&descAll != 0
	found := false
	// what prints one finding: word for -t, desc for the long form,
	// short for -v (and path for -p when the finding is a file)
	say := func(word, desc, short string) {
		switch {
		case fl&descType != 0:
			sb.WriteString(word + "\n")
		case fl&descShort != 0:
			sb.WriteString(desc)
		case fl&descReusable != 0:
			sb.WriteString(short + "\n")
		}
	}
	if fl&descForcePath == 0 {
		if v, ok := r.aliases[n]; ok && r.opts.sh(shExpandAliases) {
			say("alias", n+" is aliased to `"+v+"'\n", "alias "+n+"="+singleQuote(v))
			if found = true; !all {
				return true
			}
		}
		if isKeyword(n) {
			say("keyword", n+" is a shell keyword\n", n)
			if found = true; !all {
				return true
			}
		}
		if f := r.funcs[n]; f != nil && fl&descNoFuncs == 0 {
			say("function", n+" is a function\n"+r.funcText(f), n)
			if found = true; !all {
				return true
			}
		}
		if r.enabledBuiltin(n) != nil {
			desc := n + " is a shell builtin\n"
			if isSpecialBuiltin(n) && r.opts.on(optPosix) {
				desc = n + " is a special shell builtin\n"
			}
			say("builtin", desc, n)
			if found = true; !all {
				return true
			}
		}
	}
	sayFile := func(p, desc string) {
		if fl&descPathOnly != 0 {
			sb.WriteString(p + "\n")
			return
		}
		say("file", desc, p)
	}
	if strings.IndexByte(n, '/') >= 0 {
		// bash's file_status, which also leaves out what EXECIGNORE
		// matches
		if isExec(r.absPath(n)) && !execIgnored(n, r.execIgnore()) {
			sayFile(n, n+" is "+n+"\n")
			return true
		}
		return found
	}
	if !all || fl&descForcePath != 0 {
		if p, ok := r.hashSearch(n); ok {
			sayFile(p, n+" is hashed ("+p+")\n")
			return true
		}
	}
	var paths []string
	switch {
	case fl&descStdPath != 0:
		if p := findInPath(r, n, stdPath); p != "" {
			paths = []string{p}
		}
	case !all:
		if p := r.findCommand(n); p != "" {
			paths = []string{p}
		}
	default:
		paths = r.allPaths(n)
	}
	for _, p := range paths {
		if r.opts.on(optPosix) {
			// POSIX mode reports only executable files, and a
			// relative one below the current directory (bash's
			// describe_command, sh_makepath with MP_DOCWD)
			if !isExec(r.absPath(p)) {
				if !all {
					break
				}
				continue
			}
			if !strings.HasPrefix(p, "/") && fl&descType == 0 {
				p = strings.TrimSuffix(r.dir, "/") + "/" + p
			}
		}
		if fl&descAbsPath != 0 && !strings.HasPrefix(p, "/") {
			p = strings.TrimSuffix(r.dir, "/") + "/" + strings.TrimPrefix(p, "./")
		}
		sayFile(p, n+" is "+p+"\n")
		found = true
	}
	return found
}
