package interp

// quotedCompoundElem reports whether declare NAME[SUB]=VAL, VAL a quoted
// "(…)", assigns VAL as a compound value to the whole of NAME, as bash's
// declare does when it is making an array (-a, -A): declare -a e[10]='(x)'
// replaces e with (x). Without -a or -A the element is assigned, and when
// NAME was no array bash warns that the quoted form is deprecated.
func (r *Runner) quotedCompoundElem(name, sub, val string, o declOpts, arrayExisted bool) bool {
	if o.plainValue || !isCompoundText(val) {
		return false
	}
	if o.array || o.assoc {
		return true
	}
	if !arrayExisted {
		r.errorf("warning: %s[%s]=%s: quoted compound array assignment deprecated", name, sub, val)
	}
	return false
}
