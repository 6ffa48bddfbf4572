package interp

import (
	"os"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// isBinding reports whether lookup(name) is v, name's binding in the
// store: name is no special parameter and v no dynamic variable. A
// caller that has v at hand (followRefVar) then needs no second lookup.
func isBinding(name string, v *variable) bool {
	if v == nil || v.dynamic == dynOpts || v.dynamic == dynScalar || name == "" {
		return false
	}
	if v.kind == kIndexed && name == "PIPESTATUS" {
		return false // see lookup
	}
	switch c := name[0]; {
	case c >= '0' && c <= '9':
		return false
	case len(name) == 1 && strings.IndexByte("?#$!-_@*", c) >= 0:
		return false
	}
	return true
}

// lookup returns the variable name refers to, synthesising special and
// dynamic parameters. The result must not be modified.
func (r *Runner) lookup(name string) *variable {
	if len(name) == 0 {
		return nil
	}
	c := name[0]
	if c >= '0' && c <= '9' {
		n, err := strconv.Atoi(name)
		if err != nil {
			return nil
		}
		if n == 0 {
			return strVar(r.arg0)
		}
		if n <= len(r.params) {
			return strVar(r.params[n-1])
		}
		return nil
	}
	switch name {
	case "?":
		return strVar(itoa(int64(r.exit)))
	case "#":
		return strVar(itoa(int64(len(r.params))))
	case "$":
		return strVar(itoa(int64(r.sh.dollar())))
	case "!":
		if r.lastBg == 0 {
			return nil
		}
		return strVar(itoa(int64(r.lastBg)))
	case "-":
		return strVar(r.dashFlags())
	case "_":
		if r.lastArgEnv {
			return &variable{kind: kString, set: true, str: r.lastArg, attrs: aExport}
		}
		return strVar(r.lastArg)
	case "@", "*":
		return strVar(join(r.params, " "))
	}
	v := r.vars.m[name]
	if v != nil && v.dynamic != dynOpts && v.dynamic != dynScalar {
		if name == "PIPESTATUS" && v.kind == kIndexed && r.pipeStatus != nil {
			// bash's set_pipestatus_array rewrites whatever array
			// PIPESTATUS names (a local one too) after each command;
			// a scalar or associative one it leaves alone
			return r.pipeStatusVar(v.attrs)
		}
		// an ordinary variable, or one that unset took the special
		// meaning from
		return v
	}
	switch name {
	case "LINENO":
		return r.dynGot(name, strVar(itoa(int64(r.line))))
	case "BASH_ARGV0":
		// $0 until assigned (the assignment also sets $0)
		if v != nil && v.dynamic != dynScalar {
			return v
		}
		return r.dynGot(name, strVar(r.arg0))
	case "RANDOM":
		if r.randHeld {
			return r.dynGot(name, intVar(itoa(int64(r.randHold))))
		}
		return r.dynGot(name, intVar(itoa(int64(r.random()))))
	case "SRANDOM":
		return r.dynGot(name, intVar(strconv.FormatUint(uint64(r.srandom()), 10)))
	case "HISTCMD":
		return r.dynGot(name, intVar(itoa(int64(r.histCmdNumber()))))
	case "COMP_WORDBREAKS":
		if v != nil {
			return v // unset
		}
		// bash gives it its value when it is first referenced: from
		// then on it is an ordinary variable that set lists
		nv := r.vars.own(name)
		nv.kind, nv.set, nv.str = kString, true, r.initialWordBreaks()
		return nv
	case "SECONDS":
		return r.dynGot(name, intVar(itoa(int64(time.Since(r.secondsBase).Seconds())+r.secondsOff)))
	case "EPOCHSECONDS":
		return r.dynGot(name, strVar(itoa(time.Now().Unix())))
	case "EPOCHREALTIME":
		t := time.Now()
		return r.dynGot(name, strVar(strconv.FormatInt(t.Unix(), 10)+"."+pad6(t.Nanosecond()/1000)))
	case "BASHPID":
		return r.dynGot(name, intVar(itoa(int64(r.bashpid))))
	case "BASH_SUBSHELL":
		return r.dynGot(name, strVar(itoa(int64(r.subLevel+r.subLevelAdj))))
	case "FUNCNAME":
		if !r.funcnameVisible() {
			// bash keeps FUNCNAME declared but unset outside
			// functions, even in a sourced file
			return &variable{kind: kIndexed, arr: &indexedArray{}}
		}
		arr := r.callsArray(func(f callFrame) string { return f.funcName }, "main")
		if !r.scriptFrame() {
			// bash pushes "main" only when it runs a script file
			arr.arr.vals = arr.arr.vals[:len(arr.arr.vals)-1]
		}
		return arr
	case "BASH_SOURCE":
		return r.sourceArray()
	case "BASH_LINENO":
		return r.linenoArray()
	case "PIPESTATUS":
		if r.pipeStatus == nil {
			// bash makes it when the first command completes
			return nil
		}
		return r.pipeStatusVar(0)
	case "SHELLOPTS", "BASHOPTS":
		attrs := aReadonly
		if v != nil {
			attrs = v.attrs // export SHELLOPTS
		}
		s := r.shellopts()
		if name == "BASHOPTS" {
			s = r.bashopts()
		}
		return &variable{kind: kString, set: true, str: s, attrs: attrs}
	case "BASH_COMMAND":
		return r.dynGot(name, strVar(r.bashCommandText()))
	case "BASH_ARGC", "BASH_ARGV":
		return r.argvArrays(name == "BASH_ARGC")
	case "DIRSTACK":
		arr := &indexedArray{vals: append([]string{r.workingDir()}, r.dirStackRev()...)}
		r.dynSeen.dirStack = arr
		return &variable{kind: kIndexed, set: true, arr: arr}
	case "BASH_ALIASES", "BASH_CMDS":
		if v != nil {
			return v // unset: no longer special
		}
		return r.tableArray(name)
	case "GROUPS":
		arr := &indexedArray{}
		gs, _ := os.Getgroups()
		arr.vals = append(arr.vals, itoa(int64(os.Getgid())))
		for _, g := range gs {
			if g != os.Getgid() {
				arr.vals = append(arr.vals, itoa(int64(g)))
			}
		}
		r.dynSeen.groups = arr
		return &variable{kind: kIndexed, set: true, arr: arr}
	}
	return v
}

// dynSeen holds the values bash's dynamic arrays were given when last
// referenced by name: bash computes them only then, and a listing (set,
// declare -p) shows that stored value, empty before any reference.
type dynSeen struct {
	dirStack, groups *indexedArray
	aliases, cmds    *assocArray   // BASH_ALIASES, BASH_CMDS
	argc, argv       *indexedArray // BASH_ARGC/BASH_ARGV without extdebug
	// noTopArgs: started with -O extdebug and no arguments, bash pushed
	// no frame for the top level (StartArgv)
	noTopArgs bool
	scal      [len(dynListNames)]dynListed
}

// listedSpecials are the special arrays bash lists with the variables
// although nash computes them on lookup.
var listedSpecials = [...]string{"BASH_ALIASES", "BASH_ARGC", "BASH_ARGV", "BASH_CMDS", "BASH_LINENO", "BASH_SOURCE", "DIRSTACK", "FUNCNAME", "GROUPS", "PIPESTATUS"}

// listNames returns the sorted names a variable listing shows: the
// store's and bash's special arrays.
func (r *Runner) listNames() []string {
	names := r.vars.names()
	added := false
	for _, n := range listedSpecials {
		if _, ok := r.vars.m[n]; !ok && (n != "PIPESTATUS" || r.pipeStatus != nil) {
			names = append(names, n)
			added = true
		}
	}
	if added {
		sort.Strings(names)
	}
	return names
}

// listingNames returns the sorted names a full listing (set, declare)
// goes through: listNames' and the dynamic scalars bash keeps in its
// table (see dynlist.go).
func (r *Runner) listingNames() []string {
	// bash keeps $_ and the dynamic scalars as variables: listings
	// show them
	return r.withUnbound(r.listNames(), dynScalars[:])
}

// withUnbound adds to names, sorted, those of extra that have no binding
// in the store, keeping them sorted.
func (r *Runner) withUnbound(names, extra []string) []string {
	added := false
	for _, n := range extra {
		if _, ok := r.vars.m[n]; !ok {
			names = append(names, n)
			added = true
		}
	}
	if added {
		sort.Strings(names)
	}
	return names
}

// dynScalars are the special scalars nash computes on lookup that bash
// keeps in its variable table, where ${!prefix@} and compgen -v see them.
// bindExports reports whether bash's bind_variable exports name under
// set -a when it assigns it: not a dynamic variable with an assignment
// function, which takes the value and returns before.
func bindExports(name string) bool {
	switch name {
	case "SECONDS", "RANDOM", "LINENO", "BASHPID", "EPOCHSECONDS", "EPOCHREALTIME",
		"BASH_ARGV0", "BASH_SUBSHELL", "COMP_WORDBREAKS", "FUNCNAME":
		return false
	}
	return true
}

var dynScalars = [...]string{"BASHPID", "BASH_ARGV0", "BASH_COMMAND", "BASH_SUBSHELL", "COMP_WORDBREAKS", "EPOCHREALTIME", "EPOCHSECONDS", "HISTCMD", "LINENO", "RANDOM", "SECONDS", "SRANDOM", "_"}

// visibleNames returns the sorted names of the variables that are set
// (an empty array given its () counts), as ${!prefix@} and compgen -v
// list them, without computing any dynamic value.
func (r *Runner) visibleNames() []string {
	var out []string
	for _, n := range r.listNames() {
		v := r.vars.m[n]
		if v == nil {
			// a special array: FUNCNAME exists only in a function
			if n != "FUNCNAME" || r.funcnameVisible() {
				out = append(out, n)
			}
			continue
		}
		// an array or nameref declared without a value is invisible
		// in bash (att_invisible), as an unset scalar is
		if v.set {
			out = append(out, n)
		}
	}
	return r.withUnbound(out, dynScalars[:])
}

// listValue is name's variable as a listing shows it, without computing
// a dynamic array afresh (see dynSeen).
func (r *Runner) listValue(name string) *variable {
	if tv := r.tempVars[name]; tv != nil && r.vars.m[name] == tv && r.tempDepth[name] == len(r.vars.frames) && r.tempEnv != tempScope {
		// a builtin's prefix assignment is bash's temporary_env, which
		// listings leave out: they show the variable under it, if any
		// (a function's is a scope of its own, listed, and so is that
		// of eval, source and the others of tempOwnScope)
		under := r.temps[name]
		if under == nil || under.removedMarker() {
			return nil
		}
		return under
	}
	if v, ok := r.vars.m[name]; ok && v.removedMarker() {
		return nil
	} else if ok && v.dynamic == dynScalar {
		return v // as its last reference left it
	}
	if _, ok := r.vars.m[name]; !ok {
		if v := r.dynListValue(name); v != nil {
			return v
		}
		arr := func(a *indexedArray) *variable {
			if a == nil {
				a = &indexedArray{}
			}
			return &variable{kind: kIndexed, set: true, arr: a}
		}
		switch name {
		case "BASH_ALIASES", "BASH_CMDS":
			h := r.dynSeen.aliases
			if name == "BASH_CMDS" {
				h = r.dynSeen.cmds
			}
			if h == nil {
				h = newAssoc()
			}
			return &variable{kind: kAssoc, set: true, assoc: h}
		case "BASH_ARGC", "BASH_ARGV":
			if r.opts.sh(shExtdebug) {
				return r.argvArrays(name == "BASH_ARGC")
			}
			if name == "BASH_ARGC" {
				return arr(r.dynSeen.argc)
			}
			return arr(r.dynSeen.argv)
		case "DIRSTACK":
			return arr(r.dynSeen.dirStack)
		case "GROUPS":
			return arr(r.dynSeen.groups)
		}
	}
	return r.lookup(name)
}

func strVar(s string) *variable { return &variable{kind: kString, set: true, str: s} }

// intVar is a dynamic value bash keeps with the integer attribute.
func intVar(s string) *variable {
	return &variable{kind: kString, set: true, str: s, attrs: aInteger}
}

func pad6(n int) string {
	s := strconv.Itoa(n)
	for len(s) < 6 {
		s = "0" + s
	}
	return s
}

// inFunction reports whether a shell function is executing (source
// frames alone do not count).
func (r *Runner) inFunction() bool {
	// (the frames below localsReset lost their local scopes to set -e)
	return r.framesFunction(len(r.calls))
}

// funcnameVisible reports whether FUNCNAME is visible: in a function,
// and after a jump left one or set -e dropped the locals (bash clears
// att_invisible on a call and sets it again only when a call returns
// normally to no function at all: funcnameLeft).
func (r *Runner) funcnameVisible() bool {
	return r.funcnameLeft || r.inFunction()
}

// funcFrame is the frame of the innermost executing function (a file
// sourced from it runs in its scope); inFunction must be true.
func (r *Runner) funcFrame() *callFrame {
	for i := len(r.calls) - 1; i >= 0; i-- {
		if !r.calls[i].sourced {
			return &r.calls[i]
		}
	}
	return nil
}

func (r *Runner) callsArray(f func(callFrame) string, bottom string) *variable {
	arr := &indexedArray{}
	calls := r.shownCalls()
	for i := len(calls) - 1; i >= 0; i-- {
		arr.vals = append(arr.vals, f(calls[i]))
	}
	arr.vals = append(arr.vals, bottom)
	return &variable{kind: kIndexed, set: true, arr: arr}
}

// sourceArray is BASH_SOURCE: for each frame, the file its code came from.
func (r *Runner) sourceArray() *variable {
	arr := &indexedArray{}
	calls := r.shownCalls()
	for i := len(calls) - 1; i >= 0; i-- {
		arr.vals = append(arr.vals, calls[i].source)
	}
	if r.sourceName != "" || r.scriptFrame() {
		arr.vals = append(arr.vals, r.topSource())
	}
	return &variable{kind: kIndexed, set: true, arr: arr}
}

// scriptFrame reports whether the shell runs a script file, whose frame
// is the bottom of BASH_SOURCE, FUNCNAME and BASH_LINENO; a -c string and
// commands read from stdin (a pipe, an interactive shell) have none.
func (r *Runner) scriptFrame() bool { return !r.sh.cmdString && !r.sh.stdinCmds }

func (r *Runner) topSource() string {
	if r.sourceName != "" {
		return r.sourceName
	}
	return r.arg0
}

func (r *Runner) linenoArray() *variable {
	arr := &indexedArray{}
	calls := r.shownCalls()
	for i := len(calls) - 1; i >= 0; i-- {
		arr.vals = append(arr.vals, itoa(int64(calls[i].line)))
	}
	if r.scriptFrame() {
		// the script's own frame, as for BASH_SOURCE and FUNCNAME
		arr.vals = append(arr.vals, "0")
	}
	return &variable{kind: kIndexed, set: true, arr: arr}
}

func (r *Runner) argvArrays(argc bool) *variable {
	ext := r.opts.sh(shExtdebug)
	if !ext {
		// bash's get_bashargcv: a first reference at the top level
		// records the positional parameters
		r.initArgvSeen(r.params)
	}
	// the calls made while extdebug was on pushed their arguments (a .
	// without arguments of its own its path) above what dynSeen holds:
	// what was recorded before (initArgvSeen, initArgvOnce, StartArgv)
	// and the paths of the files read with the option off (sourceArgv)
	arr := &indexedArray{}
	calls := r.shownCalls()
	for i := len(calls) - 1; i >= 0; i-- {
		fr := calls[i]
		if fr.noArgv {
			continue
		}
		a := fr.args
		if fr.sourced && len(a) == 0 && fr.path != "" {
			a = []string{fr.path}
		}
		if argc {
			arr.vals = append(arr.vals, itoa(int64(len(a))))
			continue
		}
		for j := len(a) - 1; j >= 0; j-- {
			arr.vals = append(arr.vals, a[j])
		}
	}
	base := r.dynSeen.argv
	if argc {
		base = r.dynSeen.argc
	}
	switch {
	case base != nil:
		if len(arr.vals) == 0 {
			arr = base
		} else {
			arr.vals = append(arr.vals, base.vals...)
		}
	case !ext, r.dynSeen.noTopArgs:
	case argc:
		arr.vals = append(arr.vals, itoa(int64(len(r.topParams))))
	default:
		for j := len(r.topParams) - 1; j >= 0; j-- {
			arr.vals = append(arr.vals, r.topParams[j])
		}
	}
	return &variable{kind: kIndexed, set: true, arr: arr}
}

// random is bash's RANDOM generator (a 32-bit LCG folded to 15 bits).
func (r *Runner) random() int {
	if !r.randSeeded {
		// a subshell's first draw: bash's seedrand in the child
		r.randState, r.randSeeded = uint32(time.Now().UnixNano())^uint32(r.bashpid), true
	}
	// bash 5.1+: Park-Miller "minimal standard" generator
	s := int64(r.randState)
	if s == 0 {
		s = 123459876
	}
	h := s / 127773
	l := s % 127773
	t := 16807*l - 2836*h
	if t < 0 {
		t += 0x7fffffff
	}
	r.randState = uint32(t)
	ret := int((uint32(t) >> 16) ^ (uint32(t) & 0xffff))
	return ret & 32767
}

func (r *Runner) srandom() uint32 {
	var b [4]byte
	if fd, err := openFD("/dev/urandom", syscall.O_RDONLY, 0); err == nil {
		syscall.Read(fd, b[:])
		syscall.Close(fd)
	}
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

// dynDirStack reports whether DIRSTACK still is the dynamic array of the
// directory stack (no variable of that name has been made).
func (r *Runner) dynDirStack(name string) bool {
	return name == "DIRSTACK" && r.vars.m[name] == nil
}

// setDirStackElem is bash's assign_dirstack: DIRSTACK[i]=val replaces
// entry i of the directory stack; entry 0 (the current directory) and
// indices past the stack are ignored.
func (r *Runner) setDirStackElem(i int64, val string) {
	n := int64(len(r.dirStack))
	if i < 1 || i > n {
		return
	}
	st := append([]string(nil), r.dirStack...)
	st[n-i] = val
	r.dirStack = st
}

// removedMarker reports whether v is only the marker of a dynamic
// variable unset for good: bash removed the variable, which listings
// and declare -p do not show.
func (v *variable) removedMarker() bool {
	return v.dynamic == dynRemoved && !v.set && v.attrs == 0 && v.kind == kString
}

// dynRemoved reports whether unset made the dynamic variable name an
// ordinary one.
func (r *Runner) dynRemoved(name string) bool {
	v := r.vars.m[name]
	return v != nil && v.dynamic == dynRemoved
}

// specialAssign handles assignments to dynamic variables. It reports
// whether the assignment was fully handled. cur is name's binding (nil:
// none), which the caller has at hand: only unset marks one removed.
func (r *Runner) specialAssign(name, val string, cur *variable) bool {
	if cur != nil && (cur.dynamic == dynRemoved || cur.local && cur.dynamic == 0) {
		// unset made it an ordinary variable; a local made without
		// localvar_inherit is one (make_local_variable gives it no
		// assignment function)
		return false
	}
	switch name {
	case "RANDOM":
		n, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
		if err != nil {
			// declare +i RANDOM: assign_random takes only a number
			return true
		}
		r.randState, r.randSeeded = uint32(n), true
		r.dynStored(name, itoa(n))
		return true
	case "SECONDS":
		// assign_seconds: what legal_number refuses, overflow too, is 0
		n, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
		if err != nil {
			n = 0
		}
		r.secondsBase = time.Now()
		r.secondsOff = n
		r.dynStored(name, itoa(n))
		return true
	case "LINENO":
		// assign_lineno: a value that is not a number is 0
		n, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
		if err != nil {
			n = 0
		}
		r.dynStored(name, itoa(n))
		return true
	case "HISTCMD", "SRANDOM", "BASH_COMMAND":
		// no assignment hook in bash: the value is stored, and the
		// next reference replaces it; bind_variable exports it under
		// set -a, as any variable it stores a value in
		r.dynStored(name, val)
		if r.opts.on(optAllexport) {
			r.dynDeclared(name)
			v := r.vars.own(name)
			v.attrs |= aExport
			r.vars.envDirty = true
		}
		return true
	case "BASH_SUBSHELL":
		// assign_subshell: the level from here (and in subshells, one
		// more); a value that is not a number is 0
		n, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
		if err != nil {
			n = 0
		}
		r.subLevelAdj = int(n) - r.subLevel
		return true
	case "BASHPID", "EPOCHSECONDS", "EPOCHREALTIME", "FUNCNAME",
		"BASH_SOURCE", "BASH_LINENO", "BASH_ARGV", "BASH_ARGC":
		return true
	case "DIRSTACK":
		// a scalar assignment is to entry 0, which bash ignores
		return r.dynDirStack(name)
	case "BASH_ALIASES", "BASH_CMDS":
		if !r.dynTableVar(name) {
			return false
		}
		// a scalar assignment is to key 0: alias 0, command 0
		r.setTableElem(name, "0", val, false)
		return true
	case "PIPESTATUS":
		if cur != nil || r.pipeStatus == nil {
			return false
		}
		// bash has made it an array by now (set_pipestatus_array):
		// the value goes to element 0, which the next command's
		// statuses replace (see lookup)
		v := r.vars.own(name)
		v.kind, v.set, v.arr, v.str = kIndexed, true, &indexedArray{vals: []string{val}}, ""
		r.vars.changed(v)
		return true
	case "OPTIND":
		r.setOptindVar(val, true)
	case "POSIXLY_CORRECT":
		r.opts.setLong("posix", true)
	case "IGNOREEOF", "ignoreeof":
		// bash's sv_ignoreeof: the option is on while IGNOREEOF is set
		r.opts.set[optIgnoreeof] = true
	case "BASH_ARGV0":
		r.arg0 = val
		// bash's assign_bash_argv0 sets $0 and leaves the variable's
		// own value (what a listing shows) as the last reference left it
		cur := r.vars.m[name]
		return cur == nil || cur.dynamic == dynScalar
	case "BASH_XTRACEFD":
		r.setXtraceFD(val)
	case "BASH_COMPAT":
		r.setCompat(val)
	case "GLOBIGNORE":
		// bash's setup_glob_ignore: a non-empty pattern list turns dotglob on
		if len(splitIgnoreSpec(val)) > 0 {
			r.opts.shopt[shDotglob] = true
		}
	}
	return false
}

// specialRebound is bash's stupidly_hack_special_variables for a
// variable whose visible binding changed other than by an assignment to
// it (a command's temporary value made or gone, a function's local gone,
// a declaration): the state it controls follows what is visible now.
func (r *Runner) specialRebound(name string) {
	switch name {
	case "POSIXLY_CORRECT", "IGNOREEOF", "ignoreeof", "OPTIND", "PATH", "BASH_COMPAT", "BASH_XTRACEFD", "GLOBIGNORE":
	default:
		return // (a prefix assignment of any other name costs no lookup)
	}
	v := r.vars.get(name)
	set := v != nil && v.set
	switch name {
	case "POSIXLY_CORRECT":
		// sv_strict_posix: posix mode while the variable exists
		r.opts.setLong("posix", set)
	case "IGNOREEOF", "ignoreeof":
		r.opts.set[optIgnoreeof] = set
	case "OPTIND":
		// sv_optind repositions getopts
		val := ""
		if set {
			val = v.value()
		}
		r.setOptindVar(val, set)
	case "PATH":
		r.hash = nil // sv_path flushes the hash table
	case "BASH_COMPAT":
		if set {
			r.setCompat(v.value())
		} else {
			r.setCompatOpts(defaultCompat)
		}
	case "BASH_XTRACEFD":
		r.xtraceRestored()
	case "GLOBIGNORE":
		r.syncGlobIgnore()
	}
}

// syncGlobIgnore is bash's setup_glob_ignore, run whenever GLOBIGNORE
// may have changed other than by a plain assignment (a declaration, a
// function's local going away, a command's temporary value coming and
// going): a non-empty pattern list turns dotglob on, no variable at all
// turns it off, an empty one leaves it.
func (r *Runner) syncGlobIgnore() {
	v := r.lookup("GLOBIGNORE")
	switch {
	case v == nil || !v.set:
		r.opts.shopt[shDotglob] = false
	case len(splitIgnoreSpec(v.value())) > 0:
		r.opts.shopt[shDotglob] = true
	}
}

// dynamic markers on variables: dynRemoved means the special meaning was
// lost by unset (bash: "If RANDOM is unset, it loses its special
// properties").
const (
	dynRemoved = 1
	// dynOpts marks SHELLOPTS and BASHOPTS: readonly, their value
	// computed from the options, their attributes kept in the store
	dynOpts = 2
	// dynScalar marks a dynamic scalar that a declaration put in the
	// store (export RANDOM, declare -i LINENO): its attributes and the
	// value its last reference stored are kept there (see dynlist.go)
	dynScalar = 3
)

// initVars sets the variables bash defines at startup.
func (r *Runner) initVars() {
	set := func(name, val string) {
		v := r.vars.own(name)
		v.kind, v.set, v.str = kString, true, val
	}
	setIfUnset := func(name, val string) {
		if v := r.vars.get(name); v == nil || !v.set {
			set(name, val)
		}
	}
	r.secondsBase = time.Now()
	r.dynImported()
	set("BASH_VERSION", BashVersion)
	vi := r.vars.own("BASH_VERSINFO")
	vi.kind, vi.set = kIndexed, true
	vi.arr = &indexedArray{vals: []string{bashMajor, bashMinor, bashPatch, bashBuild, bashRelStatus, bashMachType}}
	vi.attrs |= aReadonly
	if r.sh.version != "" {
		set("NASH_VERSION", r.sh.version)
	}
	set("IFS", " \t\n")
	set("PS4", "+ ")
	setIfUnset("TERM", "dumb")
	if v := r.vars.get("SHELL"); v == nil || !v.set {
		// bash's get_current_user_info: the password entry's login
		// shell, /bin/sh when there is no entry
		sh := "/bin/sh"
		if f := passwdByUID(itoa(int64(os.Getuid()))); f != nil {
			sh = f[6]
		}
		set("SHELL", sh)
	}
	// bash's compiled-in default (Debian's build), for enable -f
	setIfUnset("BASH_LOADABLES_PATH", "/usr/local/lib/bash:/usr/lib/bash:/opt/local/lib/bash:/usr/pkg/lib/bash:/opt/pkg/lib/bash:.")
	set("OPTIND", "1")
	r.vars.own("OPTIND").attrs |= aInteger // bash makes it an integer variable
	set("OPTERR", "1")
	set("HOSTTYPE", "x86_64")
	set("OSTYPE", "linux-gnu")
	set("MACHTYPE", bashMachType)
	if v := r.vars.m["BASH_ARGV0"]; v == nil || v.dynamic != dynScalar {
		// (one from the environment stays, exported: dynImported)
		set("BASH_ARGV0", r.arg0)
		delete(r.vars.m, "BASH_ARGV0")
	}
	delete(r.vars.m, "COMP_WORDBREAKS") // bash sets its own value
	if h, err := os.Hostname(); err == nil {
		set("HOSTNAME", h)
	}
	uid := itoa(int64(os.Getuid()))
	euid := itoa(int64(os.Geteuid()))
	set("UID", uid)
	r.vars.own("UID").attrs |= aReadonly | aInteger
	set("EUID", euid)
	r.vars.own("EUID").attrs |= aReadonly | aInteger
	set("PPID", itoa(int64(r.sh.ppid)))
	r.vars.own("PPID").attrs |= aReadonly | aInteger
	setIfUnset("PATH", "/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:.")
	// SHLVL: incremented and exported, kept within bash's range
	// (adjust_shell_level)
	var lvl int64
	if v := r.vars.get("SHLVL"); v != nil && v.set {
		if n, ok := legalNumber(v.str); ok {
			lvl = n
		}
	}
	lvl = max(lvl+1, 0)
	if lvl >= 1000 {
		r.startupWarn = append(r.startupWarn, "warning: shell level ("+itoa(lvl)+") too high, resetting to 1")
		lvl = 1
	}
	set("SHLVL", itoa(lvl))
	r.vars.own("SHLVL").attrs |= aExport
	// PWD: kept when it names the current directory, else recomputed
	pwd := r.dir
	if v := r.vars.get("PWD"); v != nil && v.set && sameDir(v.str, r.dir) {
		pwd = v.str
		r.dir = v.str
	}
	if !r.cwdLost {
		// (else bash's get_working_directory failed: PWD stays as
		// imported, or unset)
		set("PWD", pwd)
	}
	if v := r.vars.get("PWD"); v != nil {
		r.vars.own("PWD").attrs |= aExport
	}
	// bash sets BASH after PATH and PWD, from which it may derive it
	set("BASH", r.startBash())
	if v := r.vars.get("OLDPWD"); v == nil || !v.set || !isDir(v.str) {
		ov := r.vars.own("OLDPWD")
		ov.set, ov.str = false, ""
		ov.attrs |= aExport
	}
	// $_ starts as the environment's _ (the pathname the parent ran)
	// or else the name the shell was invoked by
	if v := r.vars.get("_"); v != nil {
		if v.set {
			r.lastArg = v.str
			r.lastArgEnv = v.attrs&aExport != 0
		}
		r.vars.underscoreBorn = v.born
		delete(r.vars.m, "_")
	} else if r.bashByName {
		r.lastArg = r.bashArgv0
	}
	if r.sh.cmdString {
		set("BASH_EXECUTION_STRING", r.execString)
	}
	// SHELLOPTS and BASHOPTS from the environment turn their options on
	// and stay exported; POSIXLY_CORRECT turns posix mode on
	for _, name := range [...]string{"SHELLOPTS", "BASHOPTS"} {
		attrs := aReadonly
		if v := r.vars.get(name); v != nil && v.set {
			attrs |= v.attrs & aExport
			for _, o := range strings.Split(v.str, ":") {
				if name == "SHELLOPTS" {
					r.opts.setLong(o, true)
				} else {
					r.opts.setShopt(o, true)
				}
			}
		}
		r.vars.m[name] = &variable{kind: kString, set: true, attrs: attrs, dynamic: dynOpts, gen: r.vars.gen}
	}
	if v := r.vars.get("POSIXLY_CORRECT"); v != nil && v.set {
		r.opts.setLong("posix", true)
	}
	if v := r.vars.get("BASH_COMPAT"); v != nil && v.set {
		r.setCompat(v.str)
	}
	r.vars.envDirty = true
	r.topParams = r.params
}

func sameDir(a, b string) bool {
	if !strings.HasPrefix(a, "/") {
		return false
	}
	if a == b {
		// the usual start: os.Getwd gave $PWD back, one stat will do
		_, err := os.Stat(a)
		return err == nil
	}
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// startBash is $BASH as the shell sets it at start: derived from the
// invocation name (BashName), else the shell's path.
func (r *Runner) startBash() string {
	if r.bashByName && r.bashPath == "" {
		return r.bashName()
	}
	return r.shellPath()
}

func (r *Runner) shellPath() string {
	if r.bashPath != "" {
		return r.bashPath
	}
	if p, err := os.Executable(); err == nil {
		return p
	}
	return "/bin/bash"
}

// homeOf returns the home directory of user name, or of the current user
// for "", from the password database; "" when name has no entry.
func homeOf(name string) string {
	if name == "" {
		// bash's get_current_user_info: the password entry's directory,
		// "/" without one; the environment's HOME is not consulted (a
		// script may have unset it)
		if f := passwdByUID(itoa(int64(os.Getuid()))); f != nil {
			return f[5]
		}
		return "/"
	}
	if f := passwdByName(name); f != nil {
		return f[5]
	}
	return ""
}

// processUmask reads the process umask by setting and restoring it, as
// New does before the runner's goroutines start, and seeds the value
// processUmaskCached compares against, which otherwise reads
// /proc/self/status (some 2% of a short script's run) at the first spawn.
func processUmask() int {
	m := syscall.Umask(0o022)
	syscall.Umask(m)
	umaskOnce.Do(func() { umaskValue = m })
	return m
}

func accessOK(p string) bool {
	return syscall.Access(p, 1) == nil
}

type rusage struct{ user, sys time.Duration }

func selfRusage() rusage {
	var ru, cu syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	syscall.Getrusage(syscall.RUSAGE_CHILDREN, &cu)
	return rusage{
		user: time.Duration(ru.Utime.Nano() + cu.Utime.Nano()),
		sys:  time.Duration(ru.Stime.Nano() + cu.Stime.Nano()),
	}
}

// pipeStatusVar is PIPESTATUS as the last command left it, with attrs.
func (r *Runner) pipeStatusVar(attrs attr) *variable {
	arr := &indexedArray{}
	for _, s := range r.pipeStatus {
		arr.vals = append(arr.vals, itoa(int64(s)))
	}
	return &variable{kind: kIndexed, set: true, arr: arr, attrs: attrs}
}
