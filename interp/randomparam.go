package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// paramExp expands a parameter expansion. On RANDOM it also draws from
// the generator as often as bash does, and expands the number bash does:
// every find_variable of RANDOM in bash calls its dynamic value function,
// and how often bash's parameter_brace_expand looks RANDOM up before and
// after taking its value depends on the form (see randomLookups). The
// expansion itself sees one number, held while it runs; a form whose
// subscript or operands draw numbers too (${RANDOM[RANDOM%2]}) is left as
// it is, those draws falling between bash's lookups.
func (r *Runner) paramExp(pe *syntax.ParamExp) (paramValue, error) {
	before, total, ok := r.randomLookups(pe)
	if !ok || r.randHeld || randomOperands(pe) {
		return r.paramExpand(pe)
	}
	for range before {
		r.random()
	}
	r.randHold, r.randHeld = r.random(), true
	pv, err := r.paramExpand(pe)
	r.randHeld = false
	if err == nil {
		for range total - before - 1 {
			r.random()
		}
	}
	return pv, err
}

// randomLookups is how many numbers bash draws for a ${...} expansion of
// RANDOM: before, ahead of the one it expands, and in total. ok is false
// when pe does not expand RANDOM (or RANDOM is an ordinary variable).
func (r *Runner) randomLookups(pe *syntax.ParamExp) (before, total int, ok bool) {
	if pe.Param == nil || pe.Names != 0 || !r.randomLive() {
		return 0, 0, false
	}
	switch {
	case pe.Excl && pe.Index != nil:
		if pe.Param.Value != "RANDOM" {
			return 0, 0, false
		}
		return 0, 1, true // ${!RANDOM[@]}: its keys
	case pe.Excl:
		// ${!name...} through a name whose value is RANDOM
		v := r.vars.get(pe.Param.Value)
		if pe.Length || v == nil || v.kind != kString || v.str != "RANDOM" {
			return 0, 0, false
		}
	case pe.Param.Value != "RANDOM" && r.resolveRef(pe.Param.Value) != "RANDOM":
		// (a nameref to RANDOM is RANDOM to bash's lookups)
		return 0, 0, false
	}
	other := pe.Slice != nil || pe.Repl != nil || pe.Exp != nil && !defaultOp(pe.Exp.Op)
	switch l := indexLit(pe.Index); {
	case pe.Length && pe.Index == nil:
		return 1, 2, true // its length is the second number's
	case pe.Length:
		return 0, 1, true
	case pe.Index == nil && other:
		return 0, 3, true
	case pe.Index == nil:
		return 0, 1, true
	case (l == "@" || l == "*") && other:
		return 1, 3, true
	case other:
		return 3, 4, true // ${RANDOM[0]:0:2}
	}
	return 1, 2, true // ${RANDOM[0]}, ${RANDOM[@]}
}

// randomOperands reports whether the subscript or an operand of pe
// mentions RANDOM.
func randomOperands(pe *syntax.ParamExp) bool {
	found := false
	check := func(n syntax.Node) {
		if n == nil || found {
			return
		}
		walk(n, func(n syntax.Node) bool {
			if l, ok := n.(*syntax.Lit); ok && strings.Contains(l.Value, "RANDOM") {
				found = true
			}
			return !found
		})
	}
	if pe.Index != nil {
		check(pe.Index)
	}
	if pe.Slice != nil {
		if pe.Slice.Offset != nil {
			check(pe.Slice.Offset)
		}
		if pe.Slice.Length != nil {
			check(pe.Slice.Length)
		}
	}
	if pe.Repl != nil {
		if pe.Repl.Orig != nil {
			check(pe.Repl.Orig)
		}
		if pe.Repl.With != nil {
			check(pe.Repl.With)
		}
	}
	if pe.Exp != nil && pe.Exp.Word != nil {
		check(pe.Exp.Word)
	}
	return found
}

// defaultOp reports whether op is one of the operators that test whether
// the parameter is set (-, :-, +, :+, =, :=, ?, :?).
func defaultOp(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.AlternateUnset, syntax.AlternateUnsetOrNull, syntax.DefaultUnset,
		syntax.DefaultUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull,
		syntax.AssignUnset, syntax.AssignUnsetOrNull:
		return true
	}
	return false
}

// randomLive reports whether RANDOM still is the dynamic variable (unset
// has not made it an ordinary one).
func (r *Runner) randomLive() bool {
	v := r.vars.m["RANDOM"]
	return v == nil || v.dynamic == dynScalar
}
