package interp

import (
	"math"
	"strconv"
	"strings"
)

// optindState is getopts' parser position, kept apart from $OPTIND as
// bash keeps it: ind is the index of the next argument to look at (0
// means "start over at 1"), and when inBundle is set the next option
// character is byte char of argument cur. Assigning OPTIND sets ind only
// (see setOptindVar), so a bundle position survives OPTIND=N for N > 1.
type optindState struct {
	ind      int
	cur      int
	char     int
	inBundle bool
}

// setOptindVar is the hook for an assignment of val to OPTIND: like
// bash's sv_optind it moves the parser to atoi(val), where 1, an empty
// or a negative value restarts it.
func (r *Runner) setOptindVar(val string, set bool) {
	n := 0
	if set && val != "" {
		n = cAtoi(val)
		if n < 0 || n == 1 {
			n = 0
		}
	}
	r.optind.ind = n
}

// cStrtol is C's strtol(s, &end, 10): leading blanks, an optional sign,
// digits, saturating at the limits of a long. rest is what follows the
// digits; digits is false when there were none (end is then s).
func cStrtol(s string) (n int64, rest string, digits bool) {
	t := strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	if t != "" && (t[0] == '-' || t[0] == '+') {
		neg = t[0] == '-'
		t = t[1:]
	}
	var u uint64
	i := 0
	for ; i < len(t) && isDigit(t[i]); i++ {
		if u > (1<<63)/10 {
			u = 1 << 63 // far past either limit: saturate
			continue
		}
		u = u*10 + uint64(t[i]-'0')
	}
	if i == 0 {
		return 0, s, false
	}
	switch {
	case neg && u >= 1<<63:
		n = math.MinInt64
	case neg:
		n = -int64(u)
	case u > math.MaxInt64:
		n = math.MaxInt64
	default:
		n = int64(u)
	}
	return n, t[i:], true
}

// cAtoi is C's atoi, (int)strtol(s, NULL, 10): the cast to int keeps the
// low 32 bits, so 4294967298 is 2 and a huge value -1.
func cAtoi(s string) int {
	n, _, _ := cStrtol(s)
	return int(int32(n))
}

// biGetopts implements getopts OPTSTRING NAME [ARGS].
func biGetopts(r *Runner, args []string) int {
	a, ok, st := r.builtinOpts("getopts", "", usageLine("getopts"), args[1:], nil)
	if !ok {
		return st
	}
	if len(a) < 2 {
		r.errw().Write([]byte("getopts: usage: getopts optstring name [arg ...]\n"))
		return 2
	}
	optstr, name := a[0], a[1]
	argv := append([]string{r.arg0}, r.params...)
	if len(a) > 2 {
		argv = append([]string{r.arg0}, a[2:]...)
	}
	silent := strings.HasPrefix(optstr, ":")
	if silent {
		optstr = optstr[1:]
	}
	opterr := !silent
	if v := r.lookup("OPTERR"); v != nil && v.value() != "" && cAtoi(v.value()) == 0 {
		// sv_opterr: atoi of a set, non-empty OPTERR
		opterr = false
	}
	c, optarg, hasArg := r.nextOpt(argv, optstr, opterr)
	// getopts sets OPTIND in any case; that assignment must not move the
	// parser as a user's would
	st0 := r.optind
	r.setScalar("OPTIND", strconv.Itoa(r.optind.ind), false)
	r.optind = st0

	bindName := func(val string) int {
		if !validName(name) {
			r.bErr("getopts", "`%s': not a valid identifier", name)
			return 1
		}
		// through a reference, to its target (an element too)
		if err := r.setScalar(r.resolveRef(name), val, false); err != nil {
			r.reportErr(err)
			if v := r.vars.get(r.resolveRef(name)); v != nil && v.attrs&aReadonly != 0 {
				return 2
			}
			return 1
		}
		return 0
	}
	// bash's getopts_unbind_variable: OPTARG itself, not a nameref's
	// target, and even when it is readonly
	unbindOptarg := func() { r.vars.unbind("OPTARG") }
	bindOptarg := func(val string) {
		if err := r.setScalar("OPTARG", val, false); err != nil {
			r.reportErr(err)
		}
	}
	switch {
	case c < 0: // end of options
		unbindOptarg()
		bindName("?")
		return 1
	case c == '?' && !hasArg: // invalid option
		st := bindName("?")
		if silent {
			bindOptarg(optarg[:1])
		} else {
			unbindOptarg()
		}
		return st
	case c == '?': // missing argument; optarg holds the option
		if silent {
			st := bindName(":")
			bindOptarg(optarg)
			return st
		}
		st := bindName("?")
		unbindOptarg()
		return st
	}
	if hasArg {
		bindOptarg(optarg)
	} else {
		// bash binds OPTARG to a null value: declared but unset
		if r.unsetVar("OPTARG") == nil {
			r.vars.own(r.resolveRef("OPTARG"))
		}
	}
	return bindName(string([]byte{byte(c)})) // the byte, as bash sees it
}

// nextOpt is bash's sh_getopt over argv (argv[0] is $0). It returns the
// option character, or -1 at the end of the options. For an invalid
// option it returns '?' with optarg holding the character and hasArg
// false; for a missing argument '?' (or ':') with optarg holding the
// character and hasArg true.
func (r *Runner) nextOpt(argv []string, optstr string, opterr bool) (c int, optarg string, hasArg bool) {
	s := &r.optind
	argc := len(argv)
	if s.ind >= argc || s.ind < 0 {
		s.ind = argc
		return -1, "", false
	}
	if s.ind == 0 {
		s.ind = 1
		s.inBundle = false
	}
	// the bundle is found again in the current argv, as bash does
	rest := ""
	if s.inBundle && s.cur < argc && s.char <= len(argv[s.cur]) {
		rest = argv[s.cur][s.char:]
	}
	if rest == "" {
		if s.ind >= argc {
			return -1, "", false
		}
		arg := argv[s.ind]
		if arg == "--" {
			s.ind++
			return -1, "", false
		}
		if len(arg) < 2 || arg[0] != '-' {
			return -1, "", false
		}
		s.cur, s.char, s.inBundle = s.ind, 1, true
		rest = arg[1:]
	}
	ch := rest[0]
	chs := rest[:1] // the option byte as a string (not its rune's UTF-8)
	rest = rest[1:]
	s.char++
	if rest == "" {
		s.ind++
		s.inBundle = false
	}
	i := strings.IndexByte(optstr, ch)
	if i < 0 || ch == ':' {
		if opterr {
			r.writeErrLine(argv[0] + ": illegal option -- " + chs)
		}
		return '?', chs, false
	}
	if i+1 < len(optstr) && optstr[i+1] == ':' {
		switch {
		case rest != "":
			optarg = rest
			s.ind++
		case s.ind == argc:
			if opterr {
				r.writeErrLine(argv[0] + ": option requires an argument -- " + chs)
			}
			s.inBundle = false
			if strings.HasPrefix(optstr, ":") {
				// only with "::": bash then reports ':' as an option
				return ':', "", true
			}
			return '?', chs, true
		default:
			optarg = argv[s.ind]
			s.ind++
		}
		s.inBundle = false
		return int(ch), optarg, true
	}
	return int(ch), "", false
}
