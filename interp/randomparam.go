package interp

import "mvdan.cc/sh/v3/syntax"

// paramExp expands a parameter expansion. On RANDOM it also draws from
// the generator as often as bash does: every find_variable of RANDOM in
// bash calls its dynamic value function, and ${#RANDOM} looks the
// variable up once before it expands it (its length is that of the second
// number), while a pattern, substring, case or transform operator looks
// it up twice more after expanding it (the next $RANDOM is the fourth),
// through an indirection (${!name:0:2} with name=RANDOM) too.
func (r *Runner) paramExp(pe *syntax.ParamExp) (paramValue, error) {
	if !r.randomParam(pe) {
		return r.paramExpand(pe)
	}
	before, total := randomLookups(pe)
	start := r.randDraws
	for r.randDraws-start < before {
		r.random()
	}
	pv, err := r.paramExpand(pe)
	for err == nil && r.randDraws-start < total {
		r.random()
	}
	return pv, err
}

// randomParam reports whether pe expands RANDOM, without a subscript,
// itself or through a ${!name} indirection.
func (r *Runner) randomParam(pe *syntax.ParamExp) bool {
	if pe.Param == nil || pe.Index != nil || pe.Names != 0 || !r.randomLive() {
		return false
	}
	if !pe.Excl {
		return pe.Param.Value == "RANDOM"
	}
	v := r.vars.get(pe.Param.Value)
	return !pe.Length && v != nil && v.kind == kString && v.str == "RANDOM"
}

// randomLookups is how many numbers bash draws for ${RANDOM...} with no
// subscript: before, ahead of the one it expands, and in total.
func randomLookups(pe *syntax.ParamExp) (before, total int) {
	switch {
	case pe.Length:
		return 1, 2
	case pe.Slice != nil, pe.Repl != nil:
		return 0, 3
	case pe.Exp != nil:
		switch pe.Exp.Op {
		case syntax.AlternateUnset, syntax.AlternateUnsetOrNull, syntax.DefaultUnset,
			syntax.DefaultUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull,
			syntax.AssignUnset, syntax.AssignUnsetOrNull:
			return 0, 1
		}
		return 0, 3
	}
	return 0, 1
}

// randomLive reports whether RANDOM still is the dynamic variable (unset
// has not made it an ordinary one).
func (r *Runner) randomLive() bool {
	v := r.vars.m["RANDOM"]
	return v == nil || v.dynamic == dynScalar
}
