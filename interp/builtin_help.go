package interp

import (
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

// biHelp implements help [-dms] [pattern…] as bash's help_builtin: each
// pattern selects the topics it names exactly or matches as a glob, or
// failing those the topics it is a prefix of; -d prints their one-line
// descriptions, -s their synopses, -m a manual page, and no option the
// synopsis and the long text.
func biHelp(r *Runner, args []string) int {
	desc, syn, man := false, false, false
	a, ok, st := r.builtinOpts("help", "dms", usageLine("help"), args[1:], func(c byte, _ string) (bool, int) {
		switch c {
		case 'd':
			desc = true
		case 'm':
			man = true
		case 's':
			syn = true
		}
		return true, 0
	})
	if !ok {
		return st
	}
	var sb strings.Builder
	if len(a) == 0 {
		sb.WriteString("GNU bash, version " + BashVersion + " (" + bashMachType + ")\n")
		sb.WriteString("These shell commands are defined internally.  Type `help' to see this list.\n")
		sb.WriteString("Type `help name' to find out more about the function `name'.\n")
		sb.WriteString("Use `info bash' to find out more about the shell in general.\n")
		sb.WriteString("Use `man -k' or `info' to find out more about commands not in this list.\n\n")
		sb.WriteString("A star (*) next to a name means that the command is disabled.\n\n")
		for _, t := range helpTopics {
			sb.WriteString(" " + t.synopsis + "\n")
		}
		// bash's listing ignores write errors (no message, status 0)
		io.WriteString(r.out(), sb.String())
		return 0
	}
	if helpGlobP(a[0]) {
		if len(a) > 1 {
			sb.WriteString("Shell commands matching keywords `")
		} else {
			sb.WriteString("Shell commands matching keyword `")
		}
		sb.WriteString(strings.Join(a, ", ") + "'\n\n")
	}
	found := 0
	pat := ""
	for _, pat = range a {
		for pass := 1; pass < 3; pass++ {
			this := false
			for _, t := range helpTopics {
				var m bool
				if pass == 1 {
					m = t.name == pat || helpMatch(r, pat, t.name)
				} else {
					m = strings.HasPrefix(t.name, pat)
				}
				if !m {
					continue
				}
				this = true
				found++
				switch {
				case desc:
					sb.WriteString(t.name + " - " + t.desc + "\n")
				case man:
					sb.WriteString("NAME\n    " + t.name + " - " + t.desc + "\n\n")
					sb.WriteString("SYNOPSIS\n    " + t.synopsis + "\n\n")
					sb.WriteString("DESCRIPTION\n" + t.long + "\n")
					sb.WriteString("SEE ALSO\n    bash(1)\n\n")
					sb.WriteString("IMPLEMENTATION\n    GNU bash, version " + BashVersion + " (" + bashMachType + ")\n")
					sb.WriteString("    Copyright (C) 2022 Free Software Foundation, Inc.\n")
					sb.WriteString("    License GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>\n\n")
				case syn:
					sb.WriteString(t.name + ": " + t.synopsis + "\n")
				default:
					sb.WriteString(t.name + ": " + t.synopsis + "\n" + t.long)
				}
			}
			if pass == 1 && this {
				break
			}
		}
	}
	if found == 0 {
		r.bErr("help", "no help topics match `%s'.  Try `help help' or `man -k %s' or `info %s'.", pat, pat, pat)
		return 1
	}
	return r.write("help", sb.String())
}

// helpMatch is help's strmatch with FNMATCH_EXTFLAG: extended patterns
// always, case kept.
func helpMatch(r *Runner, pat, name string) bool {
	m, _ := r.compilePattern(pat, false, true)
	return m.matchString(name)
}

// helpGlobP is bash's glob_pattern_p returning 1: a * or ?, a [ with a
// later ], or an extended-pattern operator before (.
func helpGlobP(s string) bool {
	bopen := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '*', '?':
			return true
		case '[':
			bopen = true
		case ']':
			if bopen {
				return true
			}
		case '+', '@', '!':
			if i+1 < len(s) && s[i+1] == '(' {
				return true
			}
		case '\\':
			if i+1 < len(s) {
				i++
			}
		}
	}
	return false
}

// compgenActionFlags maps compgen's single-letter options to the action
// each is short for (-a is -A alias).
var compgenActionFlags = map[byte]string{
	'a': "alias", 'b': "builtin", 'c': "command", 'd': "directory",
	'e': "export", 'f': "file", 'k': "keyword", 'u': "user",
	'v': "variable", 'j': "job",
}

// biCompgen implements the generating half of programmable completion:
// compgen [-abcdefgjksuv] [-A action] [-W words] [-P prefix] [-S suffix]
// [-X filter] [word].
func biCompgen(r *Runner, args []string) int {
	a := args[1:]
	var actions []string
	var wordlist, prefix, suffix, filter string
	for len(a) > 0 && len(a[0]) > 1 && a[0][0] == '-' {
		opt := a[0]
		a = a[1:]
		if opt == "--" {
			break
		}
		for i := 1; i < len(opt); i++ {
			c := opt[i]
			needArg := strings.IndexByte("AWPSXGFCo", c) >= 0
			arg := ""
			if needArg {
				if i+1 < len(opt) {
					arg = opt[i+1:]
				} else if len(a) > 0 {
					arg, a = a[0], a[1:]
				} else {
					r.bErr("compgen", "-%c: option requires an argument", c)
					return 2
				}
				i = len(opt)
			}
			if act, ok := compgenActionFlags[c]; ok {
				actions = append(actions, act)
				continue
			}
			switch c {
			case 'A':
				actions = append(actions, arg)
			case 'W':
				wordlist = arg
			case 'P':
				prefix = arg
			case 'S':
				suffix = arg
			case 'X':
				filter = arg
			case 'G', 'F', 'C', 'o':
			default:
				r.bErr("compgen", "-%c: invalid option", c)
				return 2
			}
		}
	}
	word := ""
	if len(a) > 0 {
		word = a[0]
	}
	var cands []string
	add := func(s string) {
		if strings.HasPrefix(s, word) {
			cands = append(cands, s)
		}
	}
	for _, act := range actions {
		switch act {
		case "alias":
			for _, n := range sortedKeys(r.aliases) {
				add(n)
			}
		case "builtin":
			for _, n := range builtinNames {
				add(n)
			}
		case "keyword":
			for _, n := range []string{"if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc"} {
				add(n)
			}
		case "variable":
			for _, n := range r.visibleNames() {
				add(n)
			}
		case "export":
			for _, n := range r.vars.names() {
				if v := r.vars.get(n); v != nil && v.set && v.attrs&aExport != 0 {
					add(n)
				}
			}
		case "function":
			for _, n := range sortedFuncNames(r) {
				add(n)
			}
		case "file", "directory":
			dir, base := "", word
			if i := strings.LastIndexByte(word, '/'); i >= 0 {
				dir, base = word[:i+1], word[i+1:]
			}
			ents, _ := os.ReadDir(r.absPath(strings.TrimSuffix(dir, "/") + map[bool]string{true: ".", false: ""}[dir == ""]))
			for _, e := range ents {
				n := e.Name()
				if !strings.HasPrefix(n, base) || (strings.HasPrefix(n, ".") && !strings.HasPrefix(base, ".")) {
					continue
				}
				isDir := e.IsDir()
				if act == "directory" && !isDir {
					continue
				}
				cands = append(cands, dir+n)
			}
		case "command":
			seen := map[string]bool{}
			for _, dir := range strings.Split(r.lookup("PATH").value(), ":") {
				ents, _ := os.ReadDir(r.absPath(dir))
				for _, e := range ents {
					if n := e.Name(); strings.HasPrefix(n, word) && !seen[n] {
						seen[n] = true
						cands = append(cands, n)
					}
				}
			}
			for _, n := range builtinNames {
				add(n)
			}
			for _, n := range sortedFuncNames(r) {
				add(n)
			}
		case "job":
			for _, j := range r.jobs.all() {
				add(j.cmd)
			}
		case "shopt":
			// bash's shopt table: autocd first, then alphabetical
			add("autocd")
			for _, n := range shoptNames {
				if n != "autocd" {
					add(n)
				}
			}
		case "setopt":
			for _, n := range setOptNames {
				add(n)
			}
		case "helptopic":
			for _, t := range helpTopics {
				add(t.name)
			}
		case "enabled", "disabled":
			names := append([]string(nil), builtinNames...)
			sort.Strings(names)
			for _, n := range names {
				if (r.disabled != nil && r.disabled[n]) == (act == "disabled") {
					add(n)
				}
			}
		case "signal":
			// bash's signal_names table: EXIT, the numbered signals (the
			// two glibc reserves as SIGJUNK), then the pseudo-signals
			add("EXIT")
			for n := 1; n <= 64; n++ {
				if n == 32 || n == 33 {
					add("SIGJUNK(" + strconv.Itoa(n) + ")")
				} else {
					add("SIG" + signalName(n))
				}
			}
			add("DEBUG")
			add("ERR")
			add("RETURN")
		}
	}
	if wordlist != "" {
		b := &fieldBuilder{ifs: r.ifs()}
		b.unquotedExp(wordlist)
		b.finishWord()
		for _, f := range b.fields {
			add(string(f.buf))
		}
	}
	if filter != "" {
		neg := strings.HasPrefix(filter, "!")
		pat := strings.TrimPrefix(filter, "!")
		var kept []string
		for _, c := range cands {
			m := r.match(strings.ReplaceAll(pat, "&", word), c)
			if m == neg {
				kept = append(kept, c)
			}
		}
		cands = kept
	}
	if len(cands) == 0 {
		return 1
	}
	var sb strings.Builder
	for _, c := range cands {
		sb.WriteString(prefix + c + suffix + "\n")
	}
	return r.write("compgen", sb.String())
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedFuncNames(r *Runner) []string {
	out := make([]string, 0, len(r.funcs))
	for k := range r.funcs {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
