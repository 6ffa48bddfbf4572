package interp

import "mvdan.cc/sh/v3/syntax"

// elemRefOperand reports whether pe applies an operator (a default,
// pattern, slice, case or @ transformation) to a nameref whose value is an
// array element, ${ref#x} with ref=a[@]. bash's parameter_brace_expand_word
// expands such a reference to one string (the elements joined), and the
// operator's get_var_and_type, finding no variable named "a[@]", works on
// that string alone: no list, no attributes.
func (r *Runner) elemRefOperand(pe *syntax.ParamExp, name string) bool {
	if pe.Excl || pe.Length || pe.Index != nil || (pe.Exp == nil && pe.Slice == nil && pe.Repl == nil) {
		return false
	}
	_, bound, _ := r.followRefVar(name)
	return elemRefVar(bound)
}

// flattenElemRef makes pv, the value of an element reference under an
// operator, the one string bash works on: a list's elements joined with
// IFS's first character, or a space when IFS is unset or null.
func (r *Runner) flattenElemRef(pv paramValue) paramValue {
	pv.noVar = true
	if !pv.isList {
		return pv
	}
	sep := " "
	if ifs := r.ifs(); ifs != "" {
		sep = ifsSep(ifs, r.vars.get("IFS"), r.utf8Locale())
	}
	pv.isList, pv.star, pv.indirect = false, false, false
	pv.set = len(pv.list) > 0
	pv.str = join(pv.list, sep)
	pv.list = nil
	return pv
}
