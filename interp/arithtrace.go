package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// arithExpandsFirst reports whether an arithmetic command, whose text is
// raw, is traced only once it is expanded. bash
// expands the whole text first, running its command substitutions (their
// traces come first), prints the result, then evaluates it; for other
// texts nash re-expands a copy for the trace, which would run a command
// substitution twice.
func (r *Runner) arithExpandsFirst(raw string) bool {
	return r.opts.on(optXtrace) && (strings.Contains(raw, "$(") || strings.IndexByte(raw, '`') >= 0)
}

// arithTracedEval expands x, traces the expanded text as bash does,
// "(( text ))", and evaluates it.
func (r *Runner) arithTracedEval(x syntax.ArithmExpr) (int64, error) {
	s, err := r.arithText(x, false)
	if err != nil {
		return 0, textError(err)
	}
	r.traceWrite(r.tracePrefix() + "(( " + s + " ))\n")
	return r.arithStringCmd(s, "((")
}
