package interp

import "mvdan.cc/sh/v3/syntax"

// preAssign is a prefix assignment of a command whose value was expanded
// ahead of the command's redirections (expandPrefix).
type preAssign struct {
	a        *syntax.Assign
	val      string
	readonly bool // the variable is readonly: reported already, not bound
	// appended is the value a NAME+=word binds (tempAppend), worked
	// out once: an integer's sum may have side effects
	appended    string
	hasAppended bool
	// warned: the name is a circular reference, reported already
	warned bool
}

// prefixWarned reports whether expandPrefix reported a's name as a
// circular reference already.
func (r *Runner) prefixWarned(a *syntax.Assign) bool {
	for _, p := range r.prefixVals {
		if p.a == a {
			return p.warned
		}
	}
	return false
}

// expandPrefix expands the values of c's prefix assignments (v=$(cmd)
// prog >file) before the redirections, as bash does: its
// expand_word_list_internal expands the words, then the assignments into
// the temporary environment, and only then does execute_simple_command
// perform the redirections, so a command substitution in a value runs
// first and an expansion error there abandons the command before a
// redirection is tried. The values are bound while later ones expand
// (a=1 b=$a prog) and unbound again; withTempAssigns and prefixEnv take
// them from the result instead of expanding twice. nil means there is
// nothing to expand ahead (every value is a literal); ok is false when
// the command is abandoned, the error reported.
//
// With trace, each assignment is traced as soon as it is bound (bash's
// assign_in_env), so a command substitution in a later value traces
// after it; traced reports that it was done (never when pre is nil).
func (r *Runner) expandPrefix(c *syntax.CallExpr, trace bool) (pre []preAssign, traced, ok bool) {
	needed := false
	for _, a := range c.Assigns {
		if a.Name == nil || a.Array != nil || a.Index != nil {
			continue
		}
		// a readonly one is reported here too, before the redirections,
		// and so is a circular reference
		if v := r.vars.get(a.Name.Value); v != nil && v.attrs&aReadonly != 0 || r.circularRef(a.Name.Value) {
			needed = true
			break
		}
		if a.Value != nil {
			if _, lit := plainLit(a.Value); !lit {
				needed = true
				break
			}
		}
		if v := r.vars.get(r.resolveRef(a.Name.Value)); a.Append && v != nil && v.attrs&aInteger != 0 {
			// the sum is evaluated as it is bound: its error ends the
			// command before it is traced
			needed = true
			break
		}
	}
	if !needed {
		return nil, false, true
	}
	if trace {
		for _, a := range c.Assigns {
			if a.Name != nil && a.Name.Value == "BASH_XTRACEFD" {
				// it moves the trace lines: traceCall binds it first
				trace = false
				break
			}
		}
	}
	var saved []tempSaved
	var names []string // of the temporary variables made
	var idx []int      // the entry of pre of each
	var bound []string // the value each was bound to
	defer func() { r.untempAll(saved) }()
	for i, a := range c.Assigns {
		r.flushEnvElems(i) // those written before it
		if a.Name == nil || a.Array != nil || a.Index != nil {
			continue
		}
		name := a.Name.Value
		if v := r.vars.get(name); v != nil && v.attrs&aReadonly != 0 {
			if r.tempReadonly(name) {
				return nil, trace, false
			}
			pre = append(pre, preAssign{a: a, readonly: true})
			continue
		}
		// bash looks the name up (and warns of a circular reference)
		// before it expands the value
		warned := r.circularRef(name)
		if warned {
			r.errorf("warning: %s: circular name reference", name)
		}
		val, err := r.prefixValue(a.Value)
		if err != nil {
			r.expansionError(err)
			return nil, trace, false
		}
		pre = append(pre, preAssign{a: a, val: val, warned: warned})
		if !r.circularRef(name) {
			if t := r.resolveRef(name); validName(t) {
				name = t
			}
		}
		if a.Append {
			if val, err = r.tempAppend(name, val); err != nil {
				r.expansionError(err)
				return nil, trace, false
			}
			pre[len(pre)-1].appended, pre[len(pre)-1].hasAppended = val, true
		}
		saved = append(saved, r.tempScalar(name, val))
		if trace {
			// once bound: bash's assign_in_env traces it in the
			// temporary environment, where PS4 sees it
			r.traceNameValue(a.Name.Value, "=", val)
		}
		names = append(names, name)
		bound = append(bound, val)
		idx = append(idx, len(pre)-1)
	}
	r.flushEnvElems(-1)
	// an expansion may have assigned one made before it (X= Y=${X:=b});
	// one left as bound keeps its value as expanded (x+="" is not the
	// old value appended twice)
	for k, name := range names {
		if tv := r.tempVars[name]; tv != nil && tv.set && tv.kind == kString && tv.str != bound[k] {
			pre[idx[k]].val = tv.str
		}
	}
	return pre, trace, true
}

// tempAppend is the value a prefix assignment NAME+=val binds: the old
// value with val appended, or for an integer variable the sum of the two
// (bash's assign_in_env calls make_variable_value with ASS_APPEND).
func (r *Runner) tempAppend(name, val string) (string, error) {
	for _, p := range r.prefixVals {
		if p.hasAppended && p.a.Name != nil && p.a.Name.Value == name && p.val == val {
			return p.appended, nil
		}
	}
	cur := r.lookup(name)
	if cur == nil {
		return val, nil
	}
	return r.appendValue(cur, cur.value(), val)
}

// prefixVal returns the value expandPrefix found for a prefix assignment
// of the running command.
func (r *Runner) prefixVal(a *syntax.Assign) (preAssign, bool) {
	for _, p := range r.prefixVals {
		if p.a == a {
			return p, true
		}
	}
	return preAssign{}, false
}

// prefixWordVal is prefixVal by the assignment's value word (for xtrace).
func (r *Runner) prefixWordVal(w *syntax.Word) (string, bool) {
	for _, p := range r.prefixVals {
		if p.a.Value == w && !p.readonly {
			return p.val, true
		}
	}
	return "", false
}

// tempAssignValue is the value of a prefix assignment about to be bound:
// the one expandPrefix found, else expanded now. skip is true for a
// readonly variable (reported, and not bound); ok is false when the
// command is abandoned.
func (r *Runner) tempAssignValue(a *syntax.Assign) (val string, skip, ok bool) {
	if p, found := r.prefixVal(a); found {
		return p.val, p.readonly, true
	}
	name := a.Name.Value
	if v := r.vars.get(name); v != nil && v.attrs&aReadonly != 0 {
		if r.tempReadonly(name) {
			return "", true, false
		}
		return "", true, true
	}
	val, err := r.prefixValue(a.Value)
	if err != nil {
		r.expansionError(err)
		return "", false, false
	}
	return val, false, true
}

// prefixValue expands the value of a prefix assignment. Meanwhile an
// assignment to a variable of the temporary environment made so far
// (X= Y=${X:=b} cmd) also binds the variable under it (setUnderTemp),
// as bash's bind_variable binds both.
func (r *Runner) prefixValue(w *syntax.Word) (string, error) {
	old := r.prefixExpanding
	r.prefixExpanding = true
	val, err := r.assignValue(w)
	r.prefixExpanding = old
	return val, err
}
