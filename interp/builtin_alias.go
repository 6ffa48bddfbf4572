package interp

import (
	"os"
	"sort"
	"strings"
	"unsafe"

	"mvdan.cc/sh/v3/syntax"
)

// biAlias and biUnalias manage aliases.
func biAlias(r *Runner, args []string) int {
	set, a, ok, st := r.simpleOpts("alias", "p", args[1:])
	if !ok {
		return st
	}
	// POSIX mode prints name=value without "alias " unless -p is given
	reusable := !r.opts.on(optPosix) || set != 0
	var sb strings.Builder
	if len(a) == 0 || set != 0 {
		if len(r.aliases) == 0 {
			// bash returns before looking at the arguments
			return 0
		}
		names := make([]string, 0, len(r.aliases))
		for n := range r.aliases {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			sb.WriteString(aliasLine(n, r.aliases[n], reusable))
		}
		if len(a) == 0 {
			return r.write("alias", sb.String())
		}
		// with -p, the arguments are still defined or printed
	}
	status := 0
	flush := func() {
		// bash's print_alias flushes each line: it comes before a
		// later error
		if sb.Len() > 0 {
			if st := r.writeUnchecked("alias", sb.String()); st != 0 {
				status = st
			}
			sb.Reset()
		}
	}
	for _, s := range a {
		if i := strings.IndexByte(s, '='); i > 0 {
			if !validAliasName(s[:i]) {
				flush()
				r.bErr("alias", "`%s': invalid alias name", s[:i])
				status = 1
				continue
			}
			r.defineAlias(s[:i], s[i+1:])
			continue
		}
		v, ok := r.aliases[s]
		if !ok {
			flush()
			r.bErr("alias", "%s: not found", s)
			status = 1
			continue
		}
		sb.WriteString(aliasLine(s, v, reusable))
	}
	// only the listing of all aliases is checked (sh_chkwrite); what
	// print_alias writes for names is not
	if st := r.writeUnchecked("alias", sb.String()); st != 0 {
		return st
	}
	return status
}

// validAliasName reports whether bash accepts s as an alias name
// (legal_alias_name): no blanks, metacharacters, quotes, $ or /. An =
// is allowed, which only BASH_ALIASES can give (alias splits at it).
func validAliasName(s string) bool {
	return s != "" && !strings.ContainsAny(s, " \t\n/$`&;|<>()'\"\\")
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
	if a[0] == "-a" {
		// a fresh table: nothing of the old one (maybe a parent's) to copy
		r.aliases, r.aliasSeq, r.ashare = map[string]string{}, nil, false
		return 0
	}
	r.ownAliases()
	status := 0
	for _, n := range a {
		if _, ok := r.aliases[n]; !ok {
			r.bErr("unalias", "%s: not found", n)
			status = 1
			continue
		}
		delete(r.aliases, n)
		delete(r.aliasSeq, n)
	}
	return status
}

// ownAliases makes the alias table this runner's own before it changes
// it (a subshell shares its parent's until then).
func (r *Runner) ownAliases() {
	if !r.ashare && r.aliases != nil {
		return
	}
	m := make(map[string]string, len(r.aliases)+1)
	for k, v := range r.aliases {
		m[k] = v
	}
	seq := make(map[string]uint64, len(r.aliasSeq)+1)
	for k, v := range r.aliasSeq {
		seq[k] = v
	}
	r.aliases, r.aliasSeq, r.ashare = m, seq, false
}

// defineAlias is bash's add_alias: a new alias is numbered (see
// aliasSeq), a redefined one keeps its place.
func (r *Runner) defineAlias(name, val string) {
	r.ownAliases()
	if _, ok := r.aliases[name]; !ok {
		if r.aliasSeq == nil {
			r.aliasSeq = map[string]uint64{}
		}
		r.aliasN++
		r.aliasSeq[name] = r.aliasN
	}
	r.aliases[name] = val
}

// tryAlias expands an alias in command position by re-parsing the
// command's text with the alias substituted. It reports whether it ran
// the command.
func (r *Runner) tryAlias(c *syntax.CallExpr, st *syntax.Stmt, args []string) bool {
	if r.aliasesParsed() {
		return false // expanded when the line was parsed
	}
	w, ok := aliasName(c.Args[0])
	if !ok {
		return false
	}
	val, ok := r.aliases[w]
	if !ok || r.aliasDepth > 16 {
		return false
	}
	if g := r.aliasGuard; g != nil && g.names[w] && sameString(g.src, r.curSrc) && int(c.Args[0].Pos().Offset()) < g.end {
		// the word comes from this alias's own text: bash does not
		// expand an alias again while reading its value
		return false
	}
	seen := map[string]bool{w: true}
	chain := endsInBlank(val)
	val = r.aliasValue(w, val, seen)
	// the blank bash's reader adds after a value (aliasNeedsSpace) does
	// not make the next word an alias candidate: only the value's own does
	rest := r.aliasRest(c, st, chain)
	if aliasNeedsSpace(val) {
		val += " "
	}
	src := val + rest
	f, text, err := parseProgram(src, "")
	if err != nil {
		r.reportSyntaxError(err, src, "alias")
		r.exit = 2
		return true
	}
	oldSrc, oldGuard := r.curSrc, r.aliasGuard
	r.curSrc = text
	r.aliasGuard = &aliasGuard{src: text, end: len(val), names: seen}
	r.aliasDepth++
	r.stmts(f.Stmts)
	r.aliasDepth--
	r.curSrc, r.aliasGuard = oldSrc, oldGuard
	return true
}

// aliasRest is the text of st after the alias word c.Args[0]; while an
// alias's value ends in a blank (chain, for the first) the next word is
// expanded as an alias too, as bash does.
func (r *Runner) aliasRest(c *syntax.CallExpr, st *syntax.Stmt, chain bool) string {
	last, end := int(c.Args[0].End().Offset()), int(st.End().Offset())
	if last > end || end > len(r.curSrc) {
		return ""
	}
	var sb strings.Builder
	for i := 1; i < len(c.Args) && chain; i++ {
		w, ok := aliasName(c.Args[i])
		if !ok {
			break
		}
		val, ok := r.aliases[w]
		if !ok {
			break
		}
		from, to := int(c.Args[i].Pos().Offset()), int(c.Args[i].End().Offset())
		if from < last || to > end {
			break
		}
		chain = endsInBlank(val)
		val = r.aliasValue(w, val, map[string]bool{w: true})
		sb.WriteString(r.curSrc[last:from])
		sb.WriteString(val)
		if aliasNeedsSpace(val) {
			sb.WriteByte(' ')
		}
		last = to
	}
	sb.WriteString(r.curSrc[last:end])
	return sb.String()
}

// aliasGuard marks the text of an alias being expanded at run time: the
// aliases in names are not expanded again in src before offset end.
type aliasGuard struct {
	src   string
	end   int
	names map[string]bool
}

// sameString reports whether a and b are the same string in memory.
func sameString(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// aliasNeedsSpace reports whether bash's reader ends the text of alias
// value v with a space (shell_getc at the end of a pushed alias string):
// so that foo>&2 with foo='echo 0' is not read as echo 0>&2. Not after a
// blank, a metacharacter, an unquoted backslash or inside open quotes.
func aliasNeedsSpace(v string) bool {
	if v == "" || strings.IndexByte(" \t\n|&;()<>", v[len(v)-1]) >= 0 {
		return false
	}
	var quote byte
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case c == '\\':
			if i+1 == len(v) {
				return false
			}
			i++
		case quote == '"':
			if c == '"' {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		}
	}
	return quote == 0
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
		// hash -l stays silent on an empty table, as bash's
		// print_hashed_commands caller does above compat level 50
		if len(names) == 0 && !r.opts.on(optPosix) && (set&optBit('l') == 0 || r.compatLevel() <= 50) {
			sb.WriteString("hash: hash table empty\n")
		}
		return r.write("hash", sb.String())
	}
	if set&optBit('p') != 0 && !r.restrictedHashOK("hash", pathname) {
		return 1
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
				r.flushListing(&sb)
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
			// bash's phash_remove finds nothing to complain about
			// before its table exists (no command was ever hashed)
			if !r.hashRemove(n) && r.hashSeq > 0 {
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

// aliasLine is how alias prints one definition (print_alias): reusable
// as input, bash puts "alias " before it, and "-- " before a name that
// starts with '-'.
func aliasLine(name, value string, reusable bool) string {
	if !reusable {
		return name + "=" + singleQuote(value) + "\n"
	}
	dd := ""
	if strings.HasPrefix(name, "-") {
		dd = "-- "
	}
	return "alias " + dd + name + "=" + singleQuote(value) + "\n"
}

// lastWordAfter is the last word of args as $_ takes it once the command
// ran: bash binds the word's own string, and the alias builtin (run
// directly, or through builtin or command) cuts each NAME=VALUE word at
// its "=" in place, so after "alias x=y" $_ is x.
func lastWordAfter(kind cmdKind, args []string) string {
	last := args[len(args)-1]
	viaAlias := args[0] == "alias" || len(args) > 1 && (args[0] == "builtin" || args[0] == "command") && args[1] == "alias"
	if kind != cmdBuiltin && kind != cmdSpecial || !viaAlias || strings.HasPrefix(last, "-") {
		// (an option word: alias takes none with a value)
		return last
	}
	if i := strings.IndexByte(last, '='); i > 0 {
		return last[:i]
	}
	return last
}

// aliasName is the word w as a candidate alias name: a plain literal, its
// backslash-newlines left out, as bash's reader drops them before the
// lexer looks the word up ("al\<newline>" is "al").
func aliasName(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	s := dropLineJoins(l.Value)
	return s, plainText(s)
}
