package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// declExpandFirst expands the values of a declaration's scalar
// assignments before any of them is made, as bash expands all the words
// of a command before it runs the builtin: in "local a=1 b=$a", b gets
// the a from before the command. Each assignment takes its value as
// expanded. bash carries out a compound assignment (x=(…)) while it
// expands the words (expand_declaration_argument), so a later word sees
// it: it is made here (see declCompoundNow) when a value to expand
// follows one, when the builtin's options would make it otherwise
// (splitOptions), before a temporary environment (env: a=1 declare …)
// is bound, and for local outside a function, whose internal
// declare assigns the global before local reports itself. Otherwise
// the builtin makes it in order, as it would have been.
//
// An expansion error ends the command before the builtin runs (nothing
// is assigned, "local" outside a function is not reported), as the
// builtin reports a word's error; declExpandFirst reports false then.
func (r *Runner) declExpandFirst(variant string, args []declArg, env bool) bool {
	for i, a := range args {
		as := a.assign
		if as != nil && as.Index != nil && (variant == "export" || variant == "readonly") {
			// they take no element, and report it as expanded: a
			// substitution in the subscript runs once, here
			if src := r.nodeText(as.Index); !pureSubscriptText(src) {
				if s, err := r.subscriptText(src); err == nil {
					args[i].sub, args[i].subSet = s, true
				}
			}
		}
		if as != nil && as.Array != nil {
			if !laterValues(args[i+1:]) && (variant != "local" || r.inFunction()) && !splitOptions(args[:i]) && !env && !r.opts.on(optXtrace) {
				// the builtin makes it in order as well, as bash's
				// internal declare would
				break
			}
			ok, done, failed := r.declCompoundNow(variant, args[:i], a)
			if !ok {
				return false
			}
			if !done {
				break
			}
			args[i] = declArg{text: as.Name.Value, failed: failed}
			continue
		}
		if as == nil || as.Naked || as.Value == nil {
			continue
		}
		if _, ok := plainLit(as.Value); ok {
			continue
		}
		v, err := r.declValue(as.Value)
		if err != nil {
			return r.declWordFailed(variant, a, err)
		}
		done := *as
		done.Value = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Left: as.Value.Pos(), Right: as.Value.End(), Value: v}}}
		args[i].assign = &done
	}
	return true
}

// declWordFailed reports err, met expanding the value of argument a, as
// the builtin reports it (see declare), and whether the command goes on
// regardless: only for an error the builtin itself would meet again.
func (r *Runner) declWordFailed(variant string, a declArg, err error) bool {
	switch e := err.(type) {
	case *expandError:
		// bash expands the argument as one word: its error names all
		// of it and drops the line
		if a.assign.Value != nil {
			renameBadSubst(err, r.nodeText(a.assign.Value), r.nodeText(a.assign))
		}
		r.expansionError(err)
	case *arithError:
		r.errorf("%s", e.Error())
		r.exit, r.flow = 1, flowAbort
		r.topUnwind(err)
	default:
		return true
	}
	return false
}

// splitOptions reports whether the option words of a declaration, before
// its first other argument, make bash's internal declare of a compound
// value differ from the builtin's: -n, which it leaves to the builtin,
// +i +l +u +c, which the builtin applies only after the value was made
// with them on (declare -i +i v=(1+1) holds 2), or both -a and -A.
func splitOptions(args []declArg) bool {
	indexed, assoc := false, false
	for _, b := range args {
		if b.assign != nil || b.text == "--" || len(b.text) < 2 || b.text[0] != '-' && b.text[0] != '+' {
			break
		}
		// (+a or +A: the internal declare makes the array, then the
		// builtin refuses to destroy it)
		if b.text[0] == '-' && strings.IndexByte(b.text, 'n') > 0 || b.text[0] == '+' && strings.ContainsAny(b.text, "ilucaA") {
			return true
		}
		if b.text[0] == '-' {
			indexed = indexed || strings.IndexByte(b.text, 'a') > 0
			assoc = assoc || strings.IndexByte(b.text, 'A') > 0
		}
	}
	// -aA: the internal declare's -A alone makes the value, then the
	// builtin refuses -a for it
	return indexed && assoc
}

// laterValues reports whether args hold a scalar assignment whose value
// needs expanding.
func laterValues(args []declArg) bool {
	for _, a := range args {
		if as := a.assign; as != nil && !as.Naked && as.Value != nil && as.Array == nil {
			if _, ok := plainLit(as.Value); !ok {
				return true
			}
		}
	}
	return false
}

// declCompoundNow carries out the compound assignment a while the words
// are expanded, as bash's expand_declaration_argument does, whatever the
// builtin: an internal declare of the name with the options that shape
// the value (-a, -A, -g and -i, -l, -u, -c, -I from the option words
// before it, before), traced first, then the assignment; the builtin
// then takes the name alone, with all its options (declare -n v=(1)
// makes an array the builtin cannot make a reference). done is false
// when the value is left to the builtin. ok is false when the command
// ends here: bash drops the line when the assignment fails, except in a
// function for declare, typeset and local.
func (r *Runner) declCompoundNow(variant string, before []declArg, a declArg) (ok, done, failed bool) {
	sign := byte(0)
	var shape, attrs string
	for _, b := range before {
		if b.assign != nil || b.text == "--" || len(b.text) < 2 || b.text[0] != '-' && b.text[0] != '+' {
			break
		}
		if b.text[0] == '-' {
			switch {
			case strings.IndexByte(b.text, 'A') > 0:
				shape = strings.ReplaceAll(shape, "a", "") + "A"
			case strings.IndexByte(b.text, 'a') > 0 && !strings.Contains(shape, "A"):
				shape += "a"
			}
			if strings.IndexByte(b.text, 'g') > 0 {
				shape += "g"
			}
		}
		for _, c := range b.text[1:] {
			if strings.ContainsRune("ilucI", c) && !strings.ContainsRune(attrs, c) {
				if sign == 0 {
					sign = b.text[0]
				}
				attrs += string(c)
			}
		}
	}
	if shape != "" {
		sign = '-'
	}
	opt := "--"
	if sign != 0 {
		opt = string(sign) + shape + attrs
	}
	internal := variant
	if variant == "local" && !r.inFunction() {
		// bash declares it as declare would: outside a function, a
		// global; local then reports itself
		internal = "declare"
	}
	if r.opts.on(optXtrace) {
		// bash traces the assignment with its values expanded, after
		// the substitutions in them have run (and traced)
		v := r.vars.get(a.assign.Name.Value)
		assoc := strings.Contains(shape, "A") || v != nil && v.kind == kAssoc
		pre, err := r.preexpandCompound(a.assign, assoc)
		if err != nil {
			return r.declWordFailed(variant, a, err), false, false
		}
		a.assign = pre
		// bash traces [k]=v as a plain word only under -A, and traces
		// nothing when the internal declare fails (the assignment,
		// which traces, is not made)
		// (the line is made now, before a local hides what its
		// values expand)
		if line, ok := r.compoundTraceLine(pre, strings.Contains(shape, "A")); ok {
			r.compoundTrace = func() { r.traceWrite(line) }
		}
	}
	forceLocal := variant != "export" && variant != "readonly" && r.inFunction()
	r.declInternal.on, r.declInternal.redone = forceLocal, false
	st := r.declare(internal, []declArg{{text: opt}, a})
	redone := r.declInternal.redone
	r.declInternal.on, r.declInternal.redone, r.compoundTrace = false, false, nil
	if r.flow != flowNone {
		return false, false, false
	}
	if redone {
		// the builtin, given the bare name, reports the error again
		// itself, after its trace
		return true, true, false
	}
	if st != 0 && !forceLocal {
		// bash's W_FORCELOCAL: in a function, a failing internal
		// declare of declare, typeset or local is no fatal error
		r.exit, r.flow = st, flowAbort
		return false, false, false
	}
	return true, true, st != 0
}

// preexpandCompound returns as with the values of its compound
// assignment that have side effects (substitutions) expanded, as
// literal words, so that tracing and assigning it run them once. The
// words of an associative array's key-value list are not split.
func (r *Runner) preexpandCompound(as *syntax.Assign, assoc bool) (*syntax.Assign, error) {
	var elems []*syntax.ArrayElem
	changed := false
	for _, el := range as.Array.Elems {
		if w, ok := el.Index.(*syntax.Word); ok && hasSideEffects(w) {
			// the subscript first, once: the trace shows it and the
			// assignment takes it as expanded
			k, err := r.literal(w)
			if err != nil {
				return nil, err
			}
			cp := *el
			cp.Index = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Left: w.Pos(), Right: w.End(), Value: k}}}
			el, changed = &cp, true
		}
		if el.Value == nil || !hasSideEffects(el.Value) || assocWordOnly(as.Array, el, assoc) {
			elems = append(elems, el)
			continue
		}
		changed = true
		lit := func(v string) *syntax.Word {
			return &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Left: el.Value.Pos(), Right: el.Value.End(), Value: v}}}
		}
		if el.Index == nil && !assoc {
			fs, err := r.fieldsOf([]*syntax.Word{el.Value}, true)
			if err != nil {
				return nil, err
			}
			for _, f := range fs {
				e := *el
				e.Value = lit(f)
				elems = append(elems, &e)
			}
			continue
		}
		expand := r.declValue
		if r.opts.on(optPosix) || el.Index == nil || assoc {
			// (no tilde expansion for an associative array's values)
			expand = r.assignValueNoTilde
		}
		w, appendElem := appendElemValue(el)
		v, err := expand(w)
		if err != nil {
			return nil, err
		}
		e := *el
		e.Value = lit(v)
		if appendElem {
			// keep the marker: the element still appends
			e.Value.Parts = append([]syntax.WordPart{el.Value.Parts[0]}, e.Value.Parts...)
		}
		elems = append(elems, &e)
	}
	if !changed {
		return as, nil
	}
	out := *as
	arr := *as.Array
	arr.Elems = elems
	out.Array = &arr
	return &out, nil
}

// assocWordOnly reports whether el, an element of the compound value ae
// of an associative array, is a word without a subscript in a list that
// is not a key-value list (its first element has one): bash reports the
// word as written and expands nothing in it.
func assocWordOnly(ae *syntax.ArrayExpr, el *syntax.ArrayElem, assoc bool) bool {
	return assoc && el.Index == nil && len(ae.Elems) > 0 && ae.Elems[0].Index != nil
}
