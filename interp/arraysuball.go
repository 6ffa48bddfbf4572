package interp

// allSubscriptErr is bash's refusal (assign_array_element) of a
// builtin's assignment to name[@] or name[*], name[sub] being given as
// text (read a[@], printf -v 'a[*]'): an indexed array, or a variable
// that is none yet, has no such element. An associative array takes
// "@" and "*" as keys. The error is reported without the builtin's name
// and the builtin goes on.
func (r *Runner) allSubscriptErr(name, base, sub string) error {
	if sub != "@" && sub != "*" {
		return nil
	}
	if v := r.vars.get(base); v != nil && v.kind == kAssoc {
		return nil
	}
	return &varError{msg: name + ": bad array subscript", named: true}
}

// warnRefToArray warns, as bash does, when a builtin makes name, a
// reference without a target, an indexed array (mapfile, read -a,
// coproc): the array replaces the reference.
func (r *Runner) warnRefToArray(name string) {
	if v := r.vars.get(name); v != nil && v.kind == kNameRef && !v.set {
		r.errorf("warning: %s: removing nameref attribute", name)
	}
}
