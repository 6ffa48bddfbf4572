package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"nash/interp"
)

// invocation is bash's command line, parsed.
type invocation struct {
	argv0     string
	name      string // basename of argv0 without a leading '-'
	login     bool
	interact  bool
	command   *string // -c
	stdin     bool    // -s
	posix     bool
	posixOpt  bool // --posix given (not only the name sh)
	noProfile bool
	noRC      bool
	rcFile    string // --rcfile/--init-file: read instead of ~/.bashrc
	setOpts   []optSet
	shopts    []optSet
	args      []string // script and its arguments, or $0 and args for -c
	version   bool
	help      bool
	noexec    bool
	verbose   bool
	noEditing bool // --noediting: an interactive shell without readline
	// restricted: -r, or started as rbash; the shell restricts itself
	// once its startup files are read
	restricted bool
	// dump: -D or --dump-strings (1), --dump-po-strings (2): list the
	// $"…" strings instead of running the script (interp.DumpStrings)
	dump int
	// debugger: --debugger, bash's debugging mode (extdebug), which
	// starts its debugger once the shell is set up
	debugger bool
	// pretty: --pretty-print, the script's commands printed back instead
	// of run (interp.PrettyPrint)
	pretty bool
}

type optSet struct {
	name string
	on   bool
}

// invalidOption is an unknown single-letter option. bash sets each option
// as it reads it, and its report_error exits at once, status 1 without
// the usage, when -e (or -o errexit) came before.
type invalidOption struct {
	sign, c byte // sign is the option's '-' or '+'
	errexit bool
}

func (e invalidOption) Error() string { return fmt.Sprintf("%c%c: invalid option", e.sign, e.c) }

// errexitSet reports whether the options set so far leave errexit on.
func errexitSet(opts []optSet) bool {
	on := false
	for _, o := range opts {
		if o.name == "e" || o.name == "errexit" {
			on = o.on
		}
	}
	return on
}

// parseArgs parses argv as bash does; the error is already worded.
func parseArgs(argv []string) (*invocation, error) {
	inv := &invocation{argv0: argv[0]}
	base := filepath.Base(argv[0])
	if strings.HasPrefix(argv[0], "-") {
		inv.login = true
		base = strings.TrimPrefix(base, "-")
	}
	inv.name = base
	inv.restricted = base == "rbash"
	if base == "sh" {
		inv.posix = true
	}
	a := argv[1:]
	// long options come first
	for len(a) > 0 && strings.HasPrefix(a[0], "--") && len(a[0]) > 2 {
		switch a[0] {
		case "--login":
			inv.login = true
		case "--noprofile":
			inv.noProfile = true
		case "--norc":
			inv.noRC = true
		case "--posix":
			inv.posix, inv.posixOpt = true, true
		case "--version":
			inv.version = true
		case "--help":
			inv.help = true
		case "--verbose":
			inv.verbose = true
		case "--rcfile", "--init-file":
			if len(a) > 1 {
				a = a[1:]
				inv.rcFile = a[0]
			}
		case "--noediting":
			inv.noEditing = true
		case "--restricted":
			inv.restricted = true
		case "--dump-strings":
			inv.setDump(1)
		case "--dump-po-strings":
			inv.setDump(2)
		case "--debugger":
			inv.debugger = true
		case "--pretty-print":
			inv.pretty = true
		case "--debug":
		default:
			return nil, fmt.Errorf("%s: invalid option", a[0])
		}
		a = a[1:]
	}
	cmdNext := false
	for len(a) > 0 {
		s := a[0]
		if s == "--" || s == "-" {
			a = a[1:]
			break
		}
		// a lone + is an empty option word, skipped
		if s == "" || (s[0] != '-' && s[0] != '+') {
			break
		}
		a = a[1:]
		on := s[0] == '-'
		for i := 1; i < len(s); i++ {
			c := s[i]
			switch c {
			case 'c':
				cmdNext = true
			case 's':
				inv.stdin = true
			case 'i':
				inv.interact = true
			case 'l':
				inv.login = true
			case 'r':
				inv.restricted = on
			case 'D':
				inv.setDump(1)
			case 'o', 'O':
				if len(a) == 0 {
					if c == 'o' {
						inv.setOpts = append(inv.setOpts, optSet{"", on})
						continue
					}
					return nil, fmt.Errorf("-%c: option requires an argument", c)
				}
				if c == 'o' {
					inv.setOpts = append(inv.setOpts, optSet{a[0], on})
				} else {
					inv.shopts = append(inv.shopts, optSet{a[0], on})
				}
				a = a[1:]
			case 'n':
				inv.noexec = on
				inv.setOpts = append(inv.setOpts, optSet{string(c), on})
			case 'v':
				inv.verbose = on
				inv.setOpts = append(inv.setOpts, optSet{string(c), on})
			default:
				if strings.IndexByte("abefhkmnptuvxBCEHPT", c) < 0 {
					return nil, invalidOption{sign: s[0], c: c, errexit: errexitSet(inv.setOpts)}
				}
				inv.setOpts = append(inv.setOpts, optSet{string(c), on})
			}
		}
	}
	if cmdNext {
		if len(a) == 0 {
			return nil, fmt.Errorf("-c: option requires an argument")
		}
		c := a[0]
		inv.command = &c
		a = a[1:]
	}
	inv.args = a
	// bash's shell.c: without -i a shell is still interactive when it
	// reads its commands from a terminal (no -c string, no script
	// operand unless -s) and its standard error is one too, as when a
	// terminal, tmux, pexpect or `docker exec -it` starts plain `bash`
	if !inv.interact && inv.command == nil && (len(inv.args) == 0 || inv.stdin) && interp.IsTerminal(0) && interp.IsTerminal(2) {
		inv.interact = true
	}
	return inv, nil
}

const helpText = `GNU bash, version %s-(x86_64-pc-linux-gnu)
Usage:	%s [GNU long option] [option] ...
	%s [GNU long option] [option] script-file ...
GNU long options:
	--debug
	--debugger
	--dump-po-strings
	--dump-strings
	--help
	--init-file
	--login
	--noediting
	--noprofile
	--norc
	--posix
	--pretty-print
	--rcfile
	--restricted
	--verbose
	--version
Shell options:
	-ilrsD or -c command or -O shopt_option		(invocation only)
	-abefhkmnptuvxBCEHPT or -o option
Type ` + "`%s -c \"help set\"'" + ` for more information about shell options.
Type ` + "`%s -c help'" + ` for more information about shell builtin commands.
Use the ` + "`bashbug'" + ` command to report bugs.

bash home page: <http://www.gnu.org/software/bash>
General help using GNU software: <http://www.gnu.org/gethelp/>
`

func printVersion(w io.Writer) {
	fmt.Fprintf(w, "GNU bash, version %s (x86_64-pc-linux-gnu)\n", bashVersion)
	fmt.Fprintf(w, "Copyright (C) 2022 Free Software Foundation, Inc.\n")
	fmt.Fprintf(w, "License GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>\n\n")
	fmt.Fprintf(w, "This is free software; you are free to change and redistribute it.\n")
	fmt.Fprintf(w, "There is NO WARRANTY, to the extent permitted by law.\n")
	fmt.Fprintf(w, "nash %s: observing shell compatible with the bash above\n", version)
}

var _ = os.Stdout

// setDump asks for the $"…" strings to be listed in format (1: -D, 2: the
// gettext po format, which wins whichever came first); as in bash it
// implies -n.
func (inv *invocation) setDump(format int) {
	inv.dump = max(inv.dump, format)
	inv.noexec = true
	inv.setOpts = append(inv.setOpts, optSet{"n", true})
}
