package interp

import "slices"

// tempHere returns the prefix-assignment variable bound to name when it is
// the visible binding, and whether it belongs to the command now running
// (x=1 export x) rather than to a function call that is running
// (x=1 f, then export x inside f).
func (r *Runner) tempHere(name string) (tv *variable, current bool) {
	tv = r.tempVars[name]
	if tv == nil || r.vars.m[name] != tv {
		return nil, false
	}
	d, ok := r.tempDepth[name]
	return tv, ok && d == len(r.vars.frames)
}

// declThroughTemp handles declare, export, readonly and local naming a
// variable that is a prefix assignment of the command itself, as bash's
// set_var_attribute and make_local_variable do: a local (x=1 local x) is
// made in the function's scope and takes the temporary value and export
// attribute; export or readonly (x=1 export x) binds the temporary value
// in the scope under the temporary variable, so it outlives the command.
// A prefix assignment of a running function (x=1 f) given the export or
// readonly attribute is marked to pass to the caller when f returns
// (att_propagate). done is false when the declaration goes the usual way.
func (r *Runner) declThroughTemp(variant string, a declArg, o declOpts, local bool, name string) (n string, err error, done bool) {
	tv, current := r.tempHere(name)
	if tv == nil || o.global {
		return "", nil, false
	}
	attrs := o.set & (aExport | aReadonly)
	if !current {
		if !local && attrs != 0 && !slices.Contains(r.posixProp, name) {
			r.posixProp = append(r.posixProp, name)
		}
		return "", nil, false
	}
	if !local && attrs == 0 {
		return "", nil, false
	}
	if local && len(r.vars.frames) == 0 {
		return "", nil, false
	}
	under := r.temps[name]
	// reveal the binding under the temporary variable
	if under == nil {
		delete(r.vars.m, name)
	} else {
		r.vars.m[name] = under
	}
	if local {
		v, ok := r.vars.makeLocal(name)
		if ok && v.attrs&aReadonly == 0 {
			if tv.set && tv.kind == kString {
				v.kind, v.str, v.set = kString, tv.str, true
			}
			v.attrs |= tv.attrs & aExport
		}
	} else if tv.set && tv.kind == kString {
		if v := r.vars.get(name); v == nil || v.attrs&aReadonly == 0 {
			if e := r.setScalar(name, tv.str, false); e != nil {
				r.vars.m[name] = tv
				return "", e, true
			}
			r.vars.own(name).attrs |= tv.attrs & aExport
		}
	}
	n, err = r.declareOne(variant, a, o, local)
	// the binding under the temporary variable is now the declared one;
	// the temporary variable follows its value and attributes
	nv := r.vars.m[name]
	r.temps[name] = nv
	if nv != nil {
		if nv.set && nv.kind == kString {
			tv.str, tv.set = nv.str, true
		}
		tv.attrs |= nv.attrs & (aExport | aReadonly)
	}
	r.vars.m[name] = tv
	r.vars.envDirty = true
	return n, err, true
}

// declGlobalShadowed runs declare -g for a name a function's local or a
// global prefix assignment (x=1 f) shadows: like bash's declare -g, which
// looks the name up and assigns it in the global table only, the
// declaration (attributes and value) goes to the global binding while the
// shadowing one stays visible. done is false when nothing shadows name.
func (r *Runner) declGlobalShadowed(variant string, a declArg, o declOpts, name string) (n string, err error, done bool) {
	if !o.global {
		return "", nil, false
	}
	var global *variable
	var frame *frame
	for _, f := range r.vars.frames {
		if old, ok := f.saved[name]; ok {
			global, frame = old, f
			break
		}
	}
	under, viaTemp := r.globalTempUnder(name)
	if viaTemp {
		global = under
	} else if frame == nil {
		return "", nil, false
	}
	cur, had := r.vars.m[name]
	if global == nil {
		delete(r.vars.m, name)
	} else {
		r.vars.m[name] = global
	}
	o.global = false
	n, err = r.declareOne(variant, a, o, false)
	if viaTemp {
		r.temps[name] = r.vars.m[name]
	} else {
		frame.saved[name] = r.vars.m[name]
	}
	if had {
		r.vars.m[name] = cur
	} else {
		delete(r.vars.m, name)
	}
	r.vars.envDirty = true
	return n, err, true
}

// tempForLocal returns the variable of a prefix assignment of a running
// function call (x=1 f) that a local of the same name made in f is to
// take the value of (in bash that local is the temporary variable), or
// nil.
func tempForLocal(r *Runner, name string, local bool) *variable {
	if !local || r.vars.isLocalHere(name) {
		return nil
	}
	cur := r.vars.get(name)
	if cur == nil || cur != r.tempVars[name] || !cur.set || cur.kind != kString {
		return nil
	}
	return cur
}

// setUnderTemp assigns val to the binding under name's prefix-assignment
// variable of the command being set up, when there is one (see
// prefixValue); the variable itself has the value already.
func (r *Runner) setUnderTemp(name, val string) {
	tv, current := r.tempHere(name)
	if tv == nil || !current {
		return
	}
	under := r.temps[name]
	if under == nil {
		delete(r.vars.m, name)
	} else {
		r.vars.m[name] = under
	}
	if r.setScalar(name, val, false) == nil {
		r.temps[name] = r.vars.m[name]
	}
	r.vars.m[name] = tv
}

// tempRevealed stands, in Runner.temps, for the binding under a prefix
// assignment that unset removed (unsetTemp): the binding visible when the
// command ends stays. It is never bound or changed.
var tempRevealed = &variable{}

// unsetTemp unsets v, name's visible binding, when it is a prefix
// assignment's variable (x=1 unset x, x=1 f with f unsetting x): as
// bash's unset removes the variable from the temporary environment, the
// binding under it is revealed, and it is what a second unset removes
// and what stays after the command. It reports whether v was one.
func (r *Runner) unsetTemp(name string, v *variable) bool {
	if tv := r.tempVars[name]; tv == nil || tv != v || r.vars.m[name] != tv {
		return false
	}
	if v.local {
		// a local made over a call's prefix assignment (v=1 f, local v
		// in f), which it took the place of, is unset as a local
		return false
	}
	under, ok := r.temps[name]
	if !ok || under == tempRevealed {
		return false
	}
	if under == nil {
		delete(r.vars.m, name)
	} else {
		r.vars.m[name] = under
	}
	r.temps[name] = tempRevealed
	r.vars.envDirty = true
	return true
}

// mergeCallTemp records that the local just made for name in the
// innermost frame took over the running function's own prefix-assignment
// variable (x=1 f; local x in f). bash merges a function's temporary
// environment into its local scope, so that local is the temporary
// variable itself, not a new one over it: once unexported or unset it
// exports nothing, and the binding under the temporary variable (the
// caller's) shows through instead. A caller's temporary variable (x=1 f,
// and local x in g called by f) stays a separate, exported one.
func (r *Runner) mergeCallTemp(name string) {
	n := len(r.vars.frames)
	if d, ok := r.tempDepth[name]; !ok || d != n-1 {
		return
	}
	f := r.vars.frames[n-1]
	if f.merged == nil {
		f.merged = map[string]*variable{}
	}
	f.merged[name] = r.temps[name]
}

// globalTempUnder returns the binding under a prefix assignment's
// variable that sits in the global scope (x=1 f, x=1 declare …), when
// that variable is what the global scope shows for name. bash keeps the
// temporary environment apart from the global table, and declare -g
// looks in the table only, so it reaches the binding under it. A
// prefix assignment nested under another one (x=1 f, x=2 g in f) keeps
// the outer one's binding out of reach: declare -g then gets the outer
// temporary variable.
func (r *Runner) globalTempUnder(name string) (under *variable, ok bool) {
	g := r.vars.globalGet(name)
	if g == nil || !g.tempEnv {
		return nil, false
	}
	if d, in := r.tempDepth[name]; !in || d != 0 {
		return nil, false
	}
	under, ok = r.temps[name]
	if !ok || under == tempRevealed {
		return nil, false
	}
	return under, true
}

// globalVar is varStore.global seen past a global prefix assignment: the
// outermost binding of name, owned by this store, made if unbound.
func (r *Runner) globalVar(name string) *variable {
	under, ok := r.globalTempUnder(name)
	if !ok {
		return r.vars.global(name)
	}
	if under == nil {
		under = &variable{gen: r.vars.gen, born: bornCounter.Add(1)}
	} else if under.gen != r.vars.gen {
		under = under.clone(r.vars.gen)
	}
	r.temps[name] = under
	r.vars.envDirty = true
	return under
}

// globalGetVar is varStore.globalGet seen past a global prefix
// assignment.
func (r *Runner) globalGetVar(name string) *variable {
	if under, ok := r.globalTempUnder(name); ok {
		return under
	}
	return r.vars.globalGet(name)
}

// runTempBuiltin runs builtin bi (args[0] its name) for a command, with
// prefix assignments when temps is set. bash keeps those in its
// temporary environment while most builtins run, and its bind_variable
// assigns a variable found there in the scope under it too: a value the
// builtin gives one of them (x=1 printf -v x 2, OPTIND=1 getopts,
// PWD=/ cd /tmp) outlives the command, and listings (set, compgen -v)
// leave them out. source, eval, unset, mapfile, read and fc make the
// temporary environment a scope of their own (execute_builtin's
// VC_BLTNENV), where what they assign stays and which listings show.
func (r *Runner) runTempBuiltin(bi builtinFunc, args []string, temps bool) int {
	if !temps {
		return r.runBuiltin(bi, args)
	}
	old := r.tempEnv
	r.tempEnv = tempApart
	if tempOwnScope(args[0]) {
		r.tempEnv = tempScope
	}
	defer func() { r.tempEnv = old }()
	return r.runBuiltin(bi, args)
}

// tempEnvMode is how the builtin running holds its command's prefix
// assignments.
type tempEnvMode uint8

const (
	tempNone  tempEnvMode = iota // no builtin with prefix assignments
	tempApart                    // bash's temporary_env: assigned through, not listed
	tempScope                    // a scope of the builtin's own (VC_BLTNENV): listed
)

// tempOwnScope reports whether bash's execute_builtin gives builtin name
// its temporary environment as a scope of its own (isbltinenv).
func tempOwnScope(name string) bool {
	switch name {
	case "source", ".", "eval", "unset", "mapfile", "readarray", "read", "fc":
		return true
	}
	return false
}
