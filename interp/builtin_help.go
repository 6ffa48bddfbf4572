package interp

import (
	"io"
	"sort"
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
		r.helpListing(&sb)
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
		// the header of a pattern is out before bash looks for a match
		io.WriteString(r.out(), sb.String())
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

// runBuiltin runs builtin bi with args (args[0] its name). Given --help
// as its first argument, or among its options, a builtin prints its help instead, as bash's
// builtins do (CHECK_HELPOPT, internal_getopt): the synopsis and long
// description, status 2. echo, test, [, true, false and : take --help
// as an ordinary argument.
func (r *Runner) runBuiltin(bi builtinFunc, args []string) int {
	// a fatal error in it no longer reaches the top level of a forked
	// simple command's child: the builtin runs under its own setjmp
	r.fatalToTop = false
	if args[0] == "exec" {
		// bash makes exec's redirections permanent before exec runs
		// (execute_builtin_or_function), so they outlast its usage
		// error, its --help and, under execfail, a command not found
		defer func() { r.keepRedirs = true }()
	}
	// hash refuses to run under set +h before it looks at its options
	hashOff := args[0] == "hash" && !r.opts.on(optHashall)
	if len(args) > 1 && !hashOff && (args[1] == "--help" || helpAmongOpts(getoptSpec(args[0]), args[1:])) {
		if st, ok := r.builtinHelp(args[0]); ok {
			return st
		}
	}
	if r.ignoresErrexit(args[0]) {
		r.ignoringErrexit++
		inText := len(r.peCalls) > 0 || r.peTop()
		defer func() {
			if r.exitSkipsUnwind(inText) {
				return // set -e stays off for the EXIT trap
			}
			r.ignoringErrexit--
		}()
		if t := r.traps; t.has("ERR") {
			// bash's execute_builtin also takes the ERR trap away for
			// what they run (trap lists none), and sets it back after,
			// over one set meanwhile (set_error_trap)
			act := t.m["ERR"]
			delete(t.m, "ERR")
			delete(t.parsed, "ERR")
			defer func() {
				if r.exitSkipsUnwind(inText) {
					return
				}
				t.m["ERR"] = act
				delete(t.parsed, "ERR")
			}()
		}
	}
	switch args[0] {
	case "eval", "source", ".":
		base := r.ignoreBase
		r.ignoreBase = r.noErrExit
		outer := r.enterPE()
		st := bi(r, args)
		r.ignoreBase = base
		r.leavePE(outer)
		return st
	}
	return bi(r, args)
}

// builtinHelp prints name's help as bash's builtin_help does; ok is
// false for the builtins that have no --help and for unknown names.
func (r *Runner) builtinHelp(name string) (int, bool) {
	switch name {
	case "echo", "test", "[", "true", "false", ":", "bind":
		return 0, false
	}
	for _, t := range helpTopics {
		if t.name == name {
			r.write(name, t.name+": "+t.synopsis+"\n"+t.long)
			// bash's CASE_HELPOPT returns EX_USAGE: a special
			// builtin's --help ends a POSIX shell as a usage error does
			return r.usageFail(), true
		}
	}
	return 0, false
}
