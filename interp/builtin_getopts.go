package interp

import (
	"strconv"
	"strings"
)

// optindState remembers getopts' position inside a bundle of options.
type optindState struct {
	arg  int // OPTIND value the state belongs to
	char int // index within that argument
}

// biGetopts implements getopts OPTSTRING NAME [ARGS].
func biGetopts(r *Runner, args []string) int {
	var setErr error
	st := getopts(r, args, &setErr)
	if setErr != nil {
		// bash reports a failed assignment to NAME (readonly) and
		// returns 2, after parsing as usual
		r.errorf("%s", setErr.Error())
		return 2
	}
	return st
}

func getopts(r *Runner, args []string, setErr *error) int {
	a, ok, st := r.builtinOpts("getopts", "", usageLine("getopts"), args[1:], nil)
	if !ok {
		return st
	}
	args = append(args[:1:1], a...)
	if len(args) < 3 {
		r.errw().Write([]byte("getopts: usage: getopts optstring name [arg ...]\n"))
		return 2
	}
	optstr, name := args[1], args[2]
	params := r.params
	if len(args) > 3 {
		params = args[3:]
	}
	silent := strings.HasPrefix(optstr, ":")
	if silent {
		optstr = optstr[1:]
	}
	optind := 1
	if v := r.lookup("OPTIND"); v != nil && v.set {
		if n, err := strconv.Atoi(strings.TrimSpace(v.value())); err == nil && n > 0 {
			optind = n
		}
	}
	if r.optind.arg != optind {
		r.optind = optindState{arg: optind, char: 1}
	}
	opterr := true
	if v := r.lookup("OPTERR"); v != nil && v.value() == "0" {
		opterr = false
	}
	setOpt := func(c string) {
		if err := r.setScalar(name, c, false); err != nil && *setErr == nil {
			*setErr = err
		}
	}
	// assigning OPTIND resets the bundle position (a user doing OPTIND=1
	// restarts parsing), so getopts restores its own state afterwards
	setOptind := func(n int) {
		st := r.optind
		r.setScalar("OPTIND", strconv.Itoa(n), false)
		r.optind = st
	}
	finish := func() int {
		setOpt("?")
		setOptind(optind)
		r.optind = optindState{arg: optind, char: 1}
		return 1
	}
	if optind-1 >= len(params) {
		return finish()
	}
	arg := params[optind-1]
	if r.optind.char == 1 {
		if len(arg) < 2 || arg[0] != '-' {
			return finish()
		}
		if arg == "--" {
			optind++
			return finish()
		}
	}
	c := arg[r.optind.char]
	r.optind.char++
	advance := func() {
		if r.optind.char >= len(arg) {
			optind++
			r.optind = optindState{arg: optind, char: 1}
		}
	}
	i := strings.IndexByte(optstr, c)
	if i < 0 || c == ':' {
		if silent {
			setOpt("?")
			r.setScalar("OPTARG", string(c), false)
		} else {
			if opterr {
				r.writeErrLine(r.arg0 + ": illegal option -- " + string(c))
			}
			setOpt("?")
			r.unsetVar("OPTARG")
		}
		advance()
		setOptind(optind)
		r.optind.arg = optind
		return 0
	}
	if i+1 < len(optstr) && optstr[i+1] == ':' {
		if r.optind.char < len(arg) {
			r.setScalar("OPTARG", arg[r.optind.char:], false)
			optind++
		} else if optind < len(params) {
			r.setScalar("OPTARG", params[optind], false)
			optind += 2
		} else {
			if silent {
				setOpt(":")
				r.setScalar("OPTARG", string(c), false)
			} else {
				if opterr {
					r.writeErrLine(r.arg0 + ": option requires an argument -- " + string(c))
				}
				setOpt("?")
				r.unsetVar("OPTARG")
			}
			optind++
			r.optind = optindState{arg: optind, char: 1}
			setOptind(optind)
			return 0
		}
		r.optind = optindState{arg: optind, char: 1}
		setOpt(string(c))
		setOptind(optind)
		return 0
	}
	setOpt(string(c))
	r.unsetVar("OPTARG")
	advance()
	setOptind(optind)
	r.optind.arg = optind
	return 0
}
