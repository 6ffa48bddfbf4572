package interp

// What bash's _evalfile does to BASH_ARGV and BASH_ARGC when extdebug is
// off (with it, argvArrays computes them from the call frames).

// initArgvSeen is bash's get_bashargcv: the first reference to BASH_ARGV
// or BASH_ARGC at the top level, not in a function, records params, the
// positional parameters then, as the bottom of both stacks.
func (r *Runner) initArgvSeen(params []string) {
	if r.dynSeen.argc != nil || r.inFunction() || r.opts.sh(shExtdebug) {
		return
	}
	argc := &indexedArray{vals: []string{itoa(int64(len(params)))}}
	argv := &indexedArray{}
	for j := len(params) - 1; j >= 0; j-- {
		argv.vals = append(argv.vals, params[j])
	}
	r.dynSeen.argc, r.dynSeen.argv = argc, argv
}

// initArgvOnce is bash's init_bash_argv, run as shopt -s extdebug turns
// the option on: when nothing recorded the bottom of BASH_ARGV and
// BASH_ARGC yet, the positional parameters now (those of a function or a
// . with arguments too) become it, and stay it whatever set -- or shift
// do later.
func (r *Runner) initArgvOnce() {
	if r.dynSeen.argc != nil {
		return
	}
	argc := &indexedArray{vals: []string{itoa(int64(len(r.params)))}}
	argv := &indexedArray{}
	for j := len(r.params) - 1; j >= 0; j-- {
		argv.vals = append(argv.vals, r.params[j])
	}
	r.dynSeen.argc, r.dynSeen.argv = argc, argv
}

// StartArgv sets BASH_ARGV and BASH_ARGC as bash started with -O extdebug
// leaves them (bind_args, in debugging mode): the positional parameters
// as one frame when push, else no frame at all, as for a script or
// standard input without arguments or a -c string without words after
// it (where bash pushes nothing, while the option's own init_bash_argv
// ran before the arrays existed). Either way a later reference does not
// record the parameters again.
func (r *Runner) StartArgv(push bool) {
	r.dynSeen.argc, r.dynSeen.argv = &indexedArray{}, &indexedArray{}
	r.dynSeen.noTopArgs = !push
	if push {
		r.dynSeen.argc = nil
		r.initArgvSeen(r.params)
	}
}

// sourceArgv runs as a file read for . or source (or BASH_ENV, or fc)
// starts to run. A file without arguments of its own (bash's _evalfile
// without FEVAL_NOPUSHARGS) has its path pushed on BASH_ARGV, with a
// count of 1 on BASH_ARGC, for as long as it runs: pop takes them off.
// (bash's _evalfile also looks both arrays up first, which records the
// file's positional parameters when nothing referred to them yet at the
// top level: biSource calls initArgvSeen for that.)
func (r *Runner) sourceArgv(path string, ownArgs bool) (pop func()) {
	if ownArgs || r.opts.sh(shExtdebug) {
		return func() {}
	}
	// new arrays each time: subshells share the ones they were forked with
	created := r.dynSeen.argc == nil
	argc, argv := r.dynSeen.argc.clone(), r.dynSeen.argv.clone()
	argc.vals = append([]string{"1"}, argc.vals...)
	argv.vals = append([]string{path}, argv.vals...)
	r.dynSeen.argc, r.dynSeen.argv = argc, argv
	return func() {
		r.dynSeen.argc, r.dynSeen.argv = dropFirst(r.dynSeen.argc), dropFirst(r.dynSeen.argv)
		if created && len(r.dynSeen.argc.vals) == 0 {
			// not recorded at the top level yet: a later reference there
			// records the positional parameters
			r.dynSeen.argc, r.dynSeen.argv = nil, nil
		}
	}
}

// dropFirst is a without its first element, as a new array (never
// changed in place: subshells share the ones they were forked with).
func dropFirst(a *indexedArray) *indexedArray {
	if a == nil || len(a.vals) == 0 {
		return &indexedArray{}
	}
	return &indexedArray{vals: a.vals[1:]}
}
