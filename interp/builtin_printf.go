package interp

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
)

// biPrintf implements printf [-v var] FORMAT [ARGS].
func biPrintf(r *Runner, args []string) int {
	a := args[1:]
	varName := ""
	if len(a) > 0 && a[0] == "-v" {
		if len(a) < 2 {
			r.bErr("printf", "-v: option requires an argument")
			r.errw().Write([]byte("printf: usage: printf [-v var] format [arguments]\n"))
			return 2
		}
		varName = a[1]
		a = a[2:]
	}
	if len(a) > 0 && a[0] == "--" {
		a = a[1:]
	}
	if len(a) == 0 {
		r.errw().Write([]byte("printf: usage: printf [-v var] format [arguments]\n"))
		return 2
	}
	format, rest := a[0], a[1:]
	out, status := r.printfFormat(format, rest)
	if varName != "" {
		if err := r.assignTo(varName, out); err != nil {
			r.bErr("printf", "%s", err.Error())
			return 1
		}
		return status
	}
	if st := r.write("printf", out); st != 0 {
		return st
	}
	return status
}

// printfFormat formats like bash's printf, reusing the format until the
// arguments run out.
func (r *Runner) printfFormat(format string, args []string) (string, int) {
	var sb strings.Builder
	cfg := &expand.Config{}
	for {
		s, n, err := expand.Format(cfg, format, args)
		if err != nil {
			r.bErr("printf", "%s", err.Error())
			return sb.String(), 1
		}
		sb.WriteString(s)
		if n <= 0 || n >= len(args) {
			break
		}
		args = args[n:]
	}
	return sb.String(), 0
}

// assignTo assigns to NAME or NAME[index] given as text.
func (r *Runner) assignTo(name, val string) error {
	if i := strings.IndexByte(name, '['); i > 0 && strings.HasSuffix(name, "]") {
		base, idx := name[:i], name[i+1:len(name)-1]
		if !validName(base) {
			return &varError{msg: "`" + name + "': not a valid identifier"}
		}
		return r.declSetValue(r.resolveRef(base), idx, val, false, nil)
	}
	if !validName(name) {
		return &varError{msg: "`" + name + "': not a valid identifier"}
	}
	return r.setScalar(r.resolveRef(name), val, false)
}
