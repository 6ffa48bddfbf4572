package interp

import "mvdan.cc/sh/v3/syntax"

// indirectList returns, for ${!name} whose name holds a reference to a
// list ("a[@]" or "@"), that reference parsed: "${!name}" then expands
// as "${a[@]}" does, to no word at all when the list is empty (bash
// expands the target as if written in its place; python-build's
// "${!PACKAGE_MAKE_OPTS_ARRAY}" with no such array passes make nothing).
// It returns nil for any other expansion, and for a nameref (whose
// ${!ref} is the name it points to).
func (r *Runner) indirectList(pe *syntax.ParamExp) *syntax.ParamExp {
	if !pe.Excl || pe.Names != 0 || pe.Index != nil || pe.Length || pe.Param == nil {
		return nil
	}
	v := r.lookup(pe.Param.Value)
	if v == nil || !v.set || v.kind != kString {
		return nil
	}
	ipe, ok := parseIndirect(v.str)
	if !ok || !isAtExpansion(ipe) {
		return nil
	}
	return ipe
}

// atListOfNone reports whether pe is "$@"-like ("$@", "${a[@]}", or
// ${!name} through a reference to one) and its list has no element.
func (r *Runner) atListOfNone(pe *syntax.ParamExp) bool {
	if isAtExpansion(pe) {
		return r.atListEmpty(pe)
	}
	if ipe := r.indirectList(pe); ipe != nil {
		return r.atListEmpty(ipe)
	}
	return false
}

// unsetListOK reports whether set -u lets the target pe of ${!name} be
// an empty or unset list: bash never complains of an "a[@]" or "@"
// target, and of an "a[*]" or "*" one only in double quotes.
func (r *Runner) unsetListOK(pe *syntax.ParamExp) bool {
	if isAtExpansion(pe) {
		return true
	}
	star := pe.Param != nil && pe.Param.Value == "*" || indexLit(pe.Index) == "*"
	return star && !r.starJoinIFS
}
