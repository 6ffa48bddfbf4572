package interp

import (
	"mvdan.cc/sh/v3/syntax"
)

// arithTracedEval expands x, traces the expanded text as bash does,
// "(( text ))", and evaluates it: bash expands the whole text once,
// running its substitutions (their traces come first) and quoting each
// [subscript] (arith_subscript.go), prints the result, then evaluates
// it. An expansion error ends the command untraced.
func (r *Runner) arithTracedEval(x syntax.ArithmExpr) (int64, error) {
	s, err := r.arithText(x, false)
	if err != nil {
		return 0, textError(err)
	}
	r.traceWrite(r.tracePrefix() + "(( " + s + " ))\n")
	return r.arithStringCmd(s, "((")
}
