package interp

import (
	"maps"
	"sort"
	"sync/atomic"
	"unicode/utf8"
)

type varKind uint8

const (
	kString varKind = iota
	kIndexed
	kAssoc
	kNameRef
)

// attr is a set of variable attributes, as declare shows them.
type attr uint16

const (
	aExport attr = 1 << iota
	aReadonly
	aInteger
	aLower
	aUpper
	aTrace
	aCapital
)

// variable is one shell variable. A variable reachable from more than one
// Runner (after a subshell fork) is shared until written: gen records which
// store owns it, and a store clones any variable it does not own before
// changing it.
type variable struct {
	kind    varKind
	set     bool
	attrs   attr
	local   bool
	dynamic uint8 // see dynRemoved
	// tempvar marks a local made from a function call's prefix
	// assignment (x=1 f; local x in f), bash's att_tempvar: unset keeps
	// its export attribute
	tempvar bool
	// tempEnv marks a prefix assignment's binding for a builtin or a
	// function (tempScalar): bash's temporary environment, exported
	// ahead of the global table
	tempEnv bool
	// buf backs str after in-place appends (x+=y); see appendString.
	// It is never shared between two variables.
	buf   []byte
	str   string
	arr   *indexedArray
	assoc *assocArray
	gen   uint64
	// born orders the creation of the binding (envorder.go); 0 for
	// bindings made other than by own and makeLocal
	born uint64
}

func (v *variable) clone(gen uint64) *variable {
	c := *v
	c.gen = gen
	c.buf = nil
	if v.arr != nil {
		c.arr = v.arr.clone()
	}
	if v.assoc != nil {
		c.assoc = v.assoc.clone()
	}
	return &c
}

// toIndexed makes v an indexed array, its scalar value (when set) element
// 0, as bash's convert_var_to_array.
func (v *variable) toIndexed() {
	arr := &indexedArray{}
	if v.set && v.kind == kString {
		arr.set(0, v.str)
	}
	v.kind, v.arr, v.str = kIndexed, arr, ""
}

// value is the variable's value as a scalar: element 0 of an array.
func (v *variable) value() string {
	if v == nil || !v.set {
		return ""
	}
	switch v.kind {
	case kIndexed:
		s, _ := v.arr.get(0)
		return s
	case kAssoc:
		return v.assoc.m["0"]
	}
	return v.str
}

// isSetScalar reports whether $name would be considered set.
func (v *variable) isSetScalar() bool {
	if v == nil || !v.set {
		return false
	}
	switch v.kind {
	case kIndexed:
		_, ok := v.arr.get(0)
		return ok
	case kAssoc:
		_, ok := v.assoc.m["0"]
		return ok
	}
	return true
}

// genCounter hands out store generations; it is the only package-level
// mutable state and is process-unique by design (an atomic counter).
var genCounter atomic.Uint64

// frame is one function call's scope: the bindings its locals shadow.
type frame struct {
	saved map[string]*variable // nil value: the name was unbound
	// merged maps a name whose local here took over the call's own
	// prefix-assignment variable (x=1 f; local x in f) to the binding
	// under that variable: in bash the local is the temporary variable,
	// so exporting looks past it (see mergeCallTemp)
	merged map[string]*variable
}

// varStore holds a runner's variables with dynamic scoping by shallow
// binding: m always maps a name to its innermost visible binding, and
// each function frame remembers what its locals shadowed.
type varStore struct {
	m        map[string]*variable
	gen      uint64
	frames   []*frame
	envCache []string
	envDirty bool
	ctype    ctypeState // the character locale bash last set (locale.go)
	// underscoreBorn is when the environment's _ was imported: while
	// $_ is still that one, it is exported from there (childEnv)
	underscoreBorn uint64
	// invalidEnv holds the environment entries whose names cannot be
	// variables (a-b=1, v[0]=x): bash keeps them apart (invalid_env)
	// and passes them on to the commands it runs
	invalidEnv []string
}

func newVarStore() *varStore {
	return &varStore{m: make(map[string]*variable, 64), gen: genCounter.Add(1), envDirty: true}
}

// fork returns an independent copy sharing variable values copy-on-write.
// Both the parent and the copy move to fresh generations, so neither
// writes into a variable the other can see.
func (s *varStore) fork() *varStore {
	c := &varStore{m: make(map[string]*variable, len(s.m)), gen: genCounter.Add(1), envCache: s.envCache, envDirty: s.envDirty, ctype: s.ctype, invalidEnv: s.invalidEnv, underscoreBorn: s.underscoreBorn}
	for k, v := range s.m {
		c.m[k] = v
	}
	if len(s.frames) > 0 {
		c.frames = make([]*frame, len(s.frames))
		for i, f := range s.frames {
			nf := &frame{saved: make(map[string]*variable, len(f.saved))}
			for k, v := range f.saved {
				nf.saved[k] = v
			}
			if f.merged != nil {
				nf.merged = maps.Clone(f.merged)
			}
			c.frames[i] = nf
		}
	}
	s.gen = genCounter.Add(1)
	return c
}

func (s *varStore) get(name string) *variable { return s.m[name] }

// own returns the variable bound to name, owned by this store so it may be
// modified in place; it creates an unset one when name is unbound.
func (s *varStore) own(name string) *variable {
	v := s.m[name]
	if v == nil {
		v = &variable{gen: s.gen, born: bornCounter.Add(1)}
		s.m[name] = v
		return v
	}
	if v.gen != s.gen {
		v = v.clone(s.gen)
		s.m[name] = v
	}
	if v.attrs&aExport != 0 {
		s.envDirty = true
	}
	return v
}

func (s *varStore) changed(v *variable) {
	if v.attrs&aExport != 0 {
		s.envDirty = true
	}
}

// unbind removes name's innermost binding. Inside a function that made
// name local, the local stays declared but unset, as in bash.
func (s *varStore) unbind(name string) { s.unbindScoped(name, false) }

// unbindScoped is unbind; keepCallers (shopt localvar_unset) treats a
// caller's local as the function's own: it stays declared but unset,
// still hiding what it shadowed (bash's makunbound).
func (s *varStore) unbindScoped(name string, keepCallers bool) {
	v := s.m[name]
	if v == nil {
		return
	}
	if v.attrs&aExport != 0 {
		s.envDirty = true
	}
	if v.local && len(s.frames) > 0 {
		top := s.frames[len(s.frames)-1]
		if _, ok := top.saved[name]; ok || keepCallers {
			// unset in the scope that declared it: stays local, unset
			nv := &variable{gen: s.gen, local: true, tempvar: v.tempvar}
			if v.tempvar {
				nv.attrs = v.attrs & aExport
			}
			s.m[name] = nv
			return
		}
		// a caller's local: remove that binding, revealing what it shadowed
		for i := len(s.frames) - 2; i >= 0; i-- {
			f := s.frames[i]
			if old, ok := f.saved[name]; ok {
				delete(f.saved, name)
				if old == nil {
					delete(s.m, name)
				} else {
					s.m[name] = old
				}
				return
			}
		}
	}
	delete(s.m, name)
}

// isLocalHere reports whether name is local to the innermost function.
func (s *varStore) isLocalHere(name string) bool {
	if len(s.frames) == 0 {
		return false
	}
	_, ok := s.frames[len(s.frames)-1].saved[name]
	return ok
}

// pushFrame starts a function call's scope; its saved map is made when
// the first local is (a call that declares none allocates no map).
func (s *varStore) pushFrame() { s.frames = append(s.frames, &frame{}) }

func (s *varStore) popFrame() {
	if len(s.frames) == 0 {
		return // dropped by dropFrames, on the way out of an exit
	}
	f := s.frames[len(s.frames)-1]
	s.frames = s.frames[:len(s.frames)-1]
	for name, old := range f.saved {
		if cur := s.m[name]; cur != nil && cur.attrs&aExport != 0 {
			s.envDirty = true
		}
		if old == nil {
			delete(s.m, name)
		} else {
			if old.attrs&aExport != 0 {
				s.envDirty = true
			}
			s.m[name] = old
		}
	}
}

// dropFrames ends every function scope at once, the innermost first,
// putting back what the locals shadowed (bash's reset_local_contexts).
func (s *varStore) dropFrames() {
	for len(s.frames) > 0 {
		s.popFrame()
	}
}

// makeLocal declares name local to the innermost function frame and
// returns the new binding (unset, inheriting nothing).
func (s *varStore) makeLocal(name string) (*variable, bool) {
	if len(s.frames) == 0 {
		return nil, false
	}
	f := s.frames[len(s.frames)-1]
	if _, ok := f.saved[name]; ok {
		return s.own(name), true
	}
	old := s.m[name]
	if f.saved == nil {
		f.saved = map[string]*variable{}
	}
	f.saved[name] = old
	if old != nil && old.attrs&aExport != 0 {
		s.envDirty = true
	}
	v := &variable{gen: s.gen, local: true, born: bornCounter.Add(1)}
	if old != nil && old.attrs&aExport != 0 {
		v.attrs |= aExport
	}
	s.m[name] = v
	return v, true
}

// global returns the outermost binding of name for declare -g, owned by
// this store.
func (s *varStore) global(name string) *variable {
	for _, f := range s.frames {
		if old, ok := f.saved[name]; ok {
			if old == nil {
				old = &variable{gen: s.gen}
			} else if old.gen != s.gen {
				old = old.clone(s.gen)
			}
			f.saved[name] = old
			s.envDirty = true
			return old
		}
	}
	return s.own(name)
}

// globalGet returns the outermost (global) binding of name, or nil.
func (s *varStore) globalGet(name string) *variable {
	for _, f := range s.frames {
		if old, ok := f.saved[name]; ok {
			return old
		}
	}
	return s.m[name]
}

// environ returns NAME=value pairs of exported, set, scalar variables,
// in bash's order (envorder.go): the environment's invalid entries, the
// locals, then the global variables.
func (s *varStore) environ() []string {
	if !s.envDirty && s.envCache != nil {
		return s.envCache
	}
	s.envCache = s.buildEnviron(nil)
	s.envDirty = false
	return s.envCache
}

// buildEnviron makes environ's list, with extra (if not nil) among the
// global variables.
func (s *varStore) buildEnviron(extra *envEntry) []string {
	var locals, globals []envEntry
	if extra != nil {
		globals = append(globals, *extra)
	}
	for name, v := range s.m {
		if v.attrs&aExport == 0 || !v.set {
			// bash exports, for each name, the innermost binding that
			// is set and exported: an unset or unexported local does
			// not hide a caller's or the global exported variable
			if v = s.exportedBelow(name); v == nil {
				continue
			}
		}
		if v.kind == kIndexed || v.kind == kAssoc {
			continue // bash does not export arrays
		}
		e := envEntry{name: name, kv: name + "=" + v.str, born: v.born}
		if v.local || v.tempEnv {
			locals = append(locals, e)
		} else {
			globals = append(globals, e)
		}
	}
	env := make([]string, 0, len(s.invalidEnv)+len(locals)+len(globals)+1)
	env = append(env, s.invalidEnv...)
	env = append(env, orderSmallEnv(locals)...)
	orderGlobalEnv(globals)
	for _, e := range globals {
		env = append(env, e.kv)
	}
	if ign := ignoredDflSignals(); ign != "" {
		env = append(env, sigIgnEnv+"="+ign)
	}
	return env
}

// exportedBelow returns the binding of name that a function's locals
// shadow and that is set and exported, the innermost such, or nil.
func (s *varStore) exportedBelow(name string) *variable {
	for i := len(s.frames) - 1; i >= 0; i-- {
		old, ok := s.frames[i].saved[name]
		if !ok {
			continue
		}
		if under, ok := s.frames[i].merged[name]; ok {
			// the saved binding is the local itself (bash's tempvar)
			old = under
		}
		if old == nil {
			return nil
		}
		if old.attrs&aExport != 0 && old.set {
			return old
		}
	}
	return nil
}

// names returns all bound names, sorted.
func (s *varStore) names() []string {
	out := make([]string, 0, len(s.m))
	for k := range s.m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// applyCase applies declare -c, -l or -u to a value being assigned; in a
// single-byte locale the C library's toupper and tolower convert bytes,
// which change only ASCII letters in C and POSIX.
func (r *Runner) applyCase(v *variable, s string) string {
	if v.attrs&(aCapital|aLower|aUpper) == 0 {
		return s
	}
	cs := r.charset()
	switch {
	case v.attrs&aCapital != 0:
		// declare -c: the first character upper case, the rest lower.
		// bash's sh_modcase converts each character from its own
		// value, so a first character whose lower case has another
		// upper case keeps its own (İ stays İ, not I from i)
		if _, n := utf8.DecodeRuneInString(s); !cs.bytes && n > 1 {
			return caseConv(s[:n], true, false, cs) + caseConv(s[n:], false, true, cs)
		}
		l := caseConv(s, false, true, cs)
		return caseConv(l, true, false, cs)
	case v.attrs&aLower != 0:
		return caseConv(s, false, true, cs)
	default:
		return caseConv(s, true, true, cs)
	}
}
