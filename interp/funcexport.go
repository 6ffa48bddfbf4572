package interp

// ownFuncs makes the function map the runner's own (copying it if it is
// shared with a parent or child subshell) before it is written.
func (r *Runner) ownFuncs() {
	if !r.fshare {
		return
	}
	m := make(map[string]*funcDef, len(r.funcs))
	for k, v := range r.funcs {
		m[k] = v
	}
	r.funcs = m
	r.fshare = false
}

// ownFunc returns name's definition ready to be modified (export, trace
// attributes): the function map and the definition are copied first, so
// that a subshell sharing them with its parent changes only its own.
func (r *Runner) ownFunc(name string) *funcDef {
	f := r.funcs[name]
	if f == nil {
		return nil
	}
	r.ownFuncs()
	c := *f
	r.funcs[name] = &c
	return &c
}
