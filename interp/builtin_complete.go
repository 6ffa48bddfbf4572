package interp

import (
	"slices"
	"strings"
)

// compActs are bash's completion actions in its compacts table order
// (the order complete -p prints them in), with the option letter that
// stands for each (0: only -A name).
var compActs = [...]struct {
	name string
	opt  byte
}{
	{"alias", 'a'}, {"arrayvar", 0}, {"binding", 0}, {"builtin", 'b'},
	{"command", 'c'}, {"directory", 'd'}, {"disabled", 0}, {"enabled", 0},
	{"export", 'e'}, {"file", 'f'}, {"function", 0}, {"helptopic", 0},
	{"hostname", 0}, {"group", 'g'}, {"job", 'j'}, {"keyword", 'k'},
	{"running", 0}, {"service", 's'}, {"setopt", 0}, {"shopt", 0},
	{"signal", 0}, {"stopped", 0}, {"user", 'u'}, {"variable", 'v'},
}

// compOptNames are the -o options in bash's compopts table order.
var compOptNames = [...]string{"bashdefault", "default", "dirnames", "filenames", "noquote", "nosort", "nospace", "plusdirs"}

// The names complete -D, -E and -I store their compspecs under.
const (
	compDefault = "_DefaultCmD_"
	compEmpty   = "_EmptycmD_"
	compInitial = "_InitialWorD_"
)

// compSpec is one completion specification. One complete command gives
// the same compSpec to every name it lists, so compopt on one of them
// changes them all, as in bash.
type compSpec struct {
	actions uint32 // bit i: compActs[i]
	opts    uint32 // bit i: compOptNames[i]
	// the string arguments, nil when not given
	glob, words, prefix, suffix, filter, command, funcName *string
}

// compTable is the set of compspecs: names in the order of bash's
// progcomp hash table (512 buckets), which complete -p walks.
type compTable struct {
	order *assocArray
	specs map[string]*compSpec
}

// compBuckets is bash's COMPLETE_HASH_BUCKETS.
const compBuckets = 512

func newCompTable() *compTable {
	return &compTable{order: newAssocSize(compBuckets), specs: map[string]*compSpec{}}
}

// clone copies the table, keeping compspecs shared between names shared
// in the copy.
func (t *compTable) clone() *compTable {
	c := &compTable{order: t.order.clone(), specs: make(map[string]*compSpec, len(t.specs))}
	copied := map[*compSpec]*compSpec{}
	for name, cs := range t.specs {
		n, ok := copied[cs]
		if !ok {
			cp := *cs
			n = &cp
			copied[cs] = n
		}
		c.specs[name] = n
	}
	return c
}

// ownComps makes r's compspec table its own before a change: a subshell
// shares its parent's until one of them writes.
func (r *Runner) ownComps() *compTable {
	switch {
	case r.comps == nil:
		r.comps = newCompTable()
	case r.cshare:
		r.comps = r.comps.clone()
	}
	r.cshare = false
	return r.comps
}

// compArgs is what complete, compgen and compopt read from their options.
type compArgs struct {
	spec                compSpec
	print, remove       bool
	dflag, eflag, iflag bool
	given               bool // any option at all
}

// parseCompOpts reads the options of complete or compgen (bash's
// build_actions); flags says -p, -r, -D, -E and -I are allowed. It
// returns the remaining words, or ok false with the status.
func (r *Runner) parseCompOpts(name string, args []string, flags bool) (ca compArgs, rest []string, ok bool, st int) {
	usage := usageLine(name)
	str := func(s string) *string { return &s }
	rest, ok, st = r.builtinOpts(name, "abcdefgjko:prsuvA:G:W:P:S:X:F:C:DEI", usage, args, func(c byte, arg string) (bool, int) {
		ca.given = true
		cs := &ca.spec
		for i, a := range compActs {
			if a.opt == c {
				cs.actions |= 1 << i
				return true, 0
			}
		}
		switch c {
		case 'p', 'r', 'D', 'E', 'I':
			if !flags {
				r.bErr(name, "-%c: invalid option", c)
				r.builtinUsage(name)
				return false, 2
			}
			switch c {
			case 'p':
				ca.print = true
			case 'r':
				ca.remove = true
			case 'D':
				ca.dflag = true
			case 'E':
				ca.eflag = true
			case 'I':
				ca.iflag = true
			}
		case 'o':
			i := slices.Index(compOptNames[:], arg)
			if i < 0 {
				r.bErr(name, "%s: invalid option name", arg)
				return false, 2
			}
			cs.opts |= 1 << i
		case 'A':
			i := -1
			for j, a := range compActs {
				if a.name == arg {
					i = j
				}
			}
			if i < 0 {
				r.bErr(name, "%s: invalid action name", arg)
				return false, 2
			}
			cs.actions |= 1 << i
		case 'F':
			// bash's check_identifier checks the name only in POSIX
			// mode; a metacharacter is always refused
			bad := strings.ContainsAny(arg, "()<>;&| \t\n")
			if r.opts.on(optPosix) && !validName(arg) {
				// check_identifier says so itself (internal_error,
				// no builtin named), then complete does
				r.errorf("`%s': not a valid identifier", arg)
				bad = true
			}
			if bad {
				r.bErr(name, "`%s': not a valid identifier", arg)
				return false, 2
			}
			cs.funcName = str(arg)
		case 'G':
			cs.glob = str(arg)
		case 'W':
			cs.words = str(arg)
		case 'P':
			cs.prefix = str(arg)
		case 'S':
			cs.suffix = str(arg)
		case 'X':
			cs.filter = str(arg)
		case 'C':
			cs.command = str(arg)
		}
		return true, 0
	})
	return ca, rest, ok, st
}

// specialCompName is the name -D, -E or -I stands for, or "".
func (ca *compArgs) specialCompName() string {
	switch {
	case ca.dflag:
		return compDefault
	case ca.eflag:
		return compEmpty
	case ca.iflag:
		return compInitial
	}
	return ""
}

// biComplete stores, removes and prints completion specifications, as
// bash's complete builtin (no completion ever runs in a shell without
// readline, but scripts such as bash-completion define and list them).
func biComplete(r *Runner, args []string) int {
	if len(args) == 1 {
		return r.printAllComps()
	}
	ca, list, ok, st := r.parseCompOpts("complete", args[1:], true)
	if !ok {
		return st
	}
	if n := ca.specialCompName(); n != "" {
		list = []string{n}
	}
	if ca.print || len(list) == 0 && !ca.given {
		if len(list) == 0 {
			return r.printAllComps()
		}
		return r.printComps(list)
	}
	if ca.remove {
		if len(list) == 0 {
			if r.comps != nil && len(r.comps.specs) > 0 {
				t := r.ownComps()
				// bash's hash_flush keeps the table's size
				t.order = newAssocSize(t.order.nb)
				t.specs = map[string]*compSpec{}
			}
			return 0
		}
		status := 0
		for _, n := range list {
			if r.comps == nil {
				// bash's progcomp_remove succeeds before the table
				// exists (no compspec was ever defined)
				continue
			}
			if r.comps.specs[n] == nil {
				r.bErr("complete", "%s: no completion specification", n)
				status = 1
				continue
			}
			t := r.ownComps()
			delete(t.specs, n)
			t.order.unset(n)
		}
		return status
	}
	if len(list) == 0 {
		r.builtinUsage("complete")
		return 2
	}
	t := r.ownComps()
	cs := new(compSpec)
	*cs = ca.spec
	for _, n := range list {
		t.order.set(n, "")
		t.specs[n] = cs
	}
	return 0
}

// printAllComps prints every compspec in bash's table order.
func (r *Runner) printAllComps() int {
	if r.comps == nil {
		return 0
	}
	var sb strings.Builder
	for _, n := range r.comps.order.keys() {
		writeCompSpec(&sb, n, r.comps.specs[n])
	}
	// bash checks the writes of complete -p NAME only
	return r.writeUnchecked("complete", sb.String())
}

// printComps prints the compspecs of names, complaining about the ones
// that have none.
func (r *Runner) printComps(names []string) int {
	status := 0
	for _, n := range names {
		var cs *compSpec
		if r.comps != nil {
			cs = r.comps.specs[n]
		}
		if cs == nil {
			r.bErr("complete", "%s: no completion specification", n)
			status = 1
			continue
		}
		var sb strings.Builder
		writeCompSpec(&sb, n, cs)
		if st := r.write("complete", sb.String()); st != 0 {
			return st
		}
	}
	return status
}

// writeCompSpec writes the complete command that recreates cs for name,
// as bash's print_one_completion.
func writeCompSpec(sb *strings.Builder, name string, cs *compSpec) {
	sb.WriteString("complete ")
	writeCompOpts(sb, cs.opts, false)
	for i, a := range compActs {
		if a.opt != 0 && cs.actions&(1<<i) != 0 {
			sb.WriteString("-" + string(a.opt) + " ")
		}
	}
	for i, a := range compActs {
		if a.opt == 0 && cs.actions&(1<<i) != 0 {
			sb.WriteString("-A " + a.name + " ")
		}
	}
	arg := func(s *string, flag string, quote bool) {
		if s == nil {
			return
		}
		v := *s
		if quote {
			v = singleQuote(v)
		}
		sb.WriteString(flag + " " + v + " ")
	}
	arg(cs.glob, "-G", true)
	arg(cs.words, "-W", true)
	arg(cs.prefix, "-P", true)
	arg(cs.suffix, "-S", true)
	arg(cs.filter, "-X", true)
	arg(cs.command, "-C", true)
	arg(cs.funcName, "-F", cs.funcName != nil && containsShellMetas(*cs.funcName))
	sb.WriteString(compCmdName(name) + "\n")
}

// writeCompOpts writes "-o name " for each option set, and with full
// "+o name " for each one not set.
func writeCompOpts(sb *strings.Builder, opts uint32, full bool) {
	for i, n := range compOptNames {
		if opts&(1<<i) != 0 {
			sb.WriteString("-o " + n + " ")
		} else if full {
			sb.WriteString("+o " + n + " ")
		}
	}
}

// compCmdName is how complete -p and compopt show a command name.
func compCmdName(name string) string {
	switch {
	case name == compDefault:
		return "-D"
	case name == compEmpty:
		return "-E"
	case name == compInitial:
		return "-I"
	case name == "":
		return "''"
	case containsShellMetas(name):
		return singleQuote(name)
	}
	return name
}

// biCompopt changes or prints the -o options of stored compspecs. With
// no name it would change the completion being generated, which never
// runs here.
func biCompopt(r *Runner, args []string) int {
	var on, off uint32
	var ca compArgs
	a := args[1:]
	for len(a) > 0 && len(a[0]) > 1 && (a[0][0] == '-' || a[0][0] == '+') {
		opt := a[0]
		a = a[1:]
		if opt == "--" {
			break
		}
		for j := 1; j < len(opt); j++ {
			c := opt[j]
			switch c {
			case 'o':
				var arg string
				if j+1 < len(opt) {
					arg = opt[j+1:]
				} else if len(a) > 0 {
					arg, a = a[0], a[1:]
				} else {
					r.bErr("compopt", "-%c: option requires an argument", c)
					r.builtinUsage("compopt")
					return 2
				}
				j = len(opt)
				i := slices.Index(compOptNames[:], arg)
				if i < 0 {
					r.bErr("compopt", "%s: invalid option name", arg)
					return 2
				}
				if opt[0] == '-' {
					on |= 1 << i
				} else {
					off |= 1 << i
				}
			case 'D':
				ca.dflag = true
			case 'E':
				ca.eflag = true
			case 'I':
				ca.iflag = true
			default:
				r.bErr("compopt", "%c%c: invalid option", opt[0], c)
				r.builtinUsage("compopt")
				return 2
			}
		}
	}
	if n := ca.specialCompName(); n != "" {
		a = []string{n}
	}
	if len(a) == 0 && r.compOpts != nil {
		// the completion running
		if on == 0 && off == 0 {
			var sb strings.Builder
			sb.WriteString("compopt ")
			writeCompOpts(&sb, *r.compOpts, true)
			return r.write("compopt", strings.TrimSuffix(sb.String(), " ")+"\n")
		}
		*r.compOpts = *r.compOpts&^off | on
		return 0
	}
	if len(a) == 0 {
		r.bErr("compopt", "not currently executing completion function")
		return 1
	}
	status := 0
	var sb strings.Builder
	for _, n := range a {
		if r.comps == nil || r.comps.specs[n] == nil {
			r.bErr("compopt", "%s: no completion specification", n)
			status = 1
			continue
		}
		if on == 0 && off == 0 {
			sb.WriteString("compopt ")
			writeCompOpts(&sb, r.comps.specs[n].opts, true)
			sb.WriteString(compCmdName(n) + "\n")
			continue
		}
		cs := r.ownComps().specs[n]
		cs.opts = cs.opts&^off | on
	}
	if sb.Len() > 0 {
		if st := r.write("compopt", sb.String()); st != 0 {
			return st
		}
	}
	return status
}
