package interp

import (
	"os"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

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
	f, text, err := parseProgram(src, "")
	if err != nil {
		r.reportSyntaxError(err, src, "alias")
		r.exit = 2
		return true
	}
	oldSrc := r.curSrc
	r.curSrc = text
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
