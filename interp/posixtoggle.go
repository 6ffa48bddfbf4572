package interp

import "mvdan.cc/sh/v3/syntax"

// Prefix assignments of a special builtin outlive it when the shell is
// in POSIX mode once the builtin is done: bash merges the temporary
// environment after a special builtin only if posixly_correct is still
// set (execute_simple_command), and keeps the builtin scope of eval,
// source and . only if it is set by then (pop_scope, push_builtin_var),
// whatever it was before. A builtin that turns POSIX mode off (set +o
// posix, or an eval or a sourced file doing so) drops them; an eval or
// source that turns it on keeps them.

// posixTogglers are the special builtins that can change POSIX mode.
func posixToggler(name string) bool {
	switch name {
	case "set", "eval", "source", ".":
		return true
	}
	return false
}

// keptTemp is a temporary variable's value and attributes as a builtin
// left it.
type keptTemp struct {
	name, val string
	attrs     attr
}

// tempValues records the temporary variables of as's assignments, for
// keepTemps to bind once they are gone.
func (r *Runner) tempValues(as []*syntax.Assign) []keptTemp {
	var out []keptTemp
	for _, a := range as {
		if a.Name == nil {
			continue
		}
		name := a.Name.Value
		if t := r.resolveRef(name); validName(t) {
			name = t
		}
		if r.temps[name] == tempRevealed {
			// unset removed it: nothing is kept (the binding it
			// revealed stays as it is)
			continue
		}
		if v := r.vars.get(name); v != nil && v.set && v.kind == kString {
			out = append(out, keptTemp{name, v.str, v.attrs & (aExport | aReadonly)})
		}
	}
	return out
}

// keepTemps binds the values tempValues recorded, exported as the
// temporary variables were (push_posix_tempvar_internal).
func (r *Runner) keepTemps(ks []keptTemp) {
	for _, k := range ks {
		if r.setScalar(k.name, k.val, false) == nil {
			r.vars.own(k.name).attrs |= k.attrs | aExport
			r.vars.envDirty = true
		}
	}
}
