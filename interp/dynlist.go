package interp

import (
	"strconv"
	"strings"
)

// bash keeps its dynamic scalars (RANDOM, LINENO, SECONDS …) as ordinary
// table entries whose value a getter refreshes on each reference by name
// and some assignments store. A variable listing (declare -p, declare,
// set) prints the table as it is: a name never referenced has no value
// (declare -- LINENO), one referenced shows the value it had then. nash
// computes these values on lookup and records here what bash's table
// would hold.

// dynListNames are the dynamic scalars a listing shows, sorted; their
// index is the slot in dynSeen.scal.
var dynListNames = [...]string{"BASHPID", "BASH_ARGV0", "BASH_COMMAND", "BASH_SUBSHELL", "COMP_WORDBREAKS", "EPOCHREALTIME", "EPOCHSECONDS", "HISTCMD", "LINENO", "RANDOM", "SECONDS", "SRANDOM"}

// dynListed is one dynamic scalar's table entry as bash would list it.
type dynListed struct {
	val string
	has bool // a value was stored (bash's value cell is not NULL)
	// integer: the getter turned the integer attribute on (SECONDS's
	// set_int_value(…, 1)); RANDOM and the like have it from the start
	integer bool
}

// dynBornInteger are the dynamic scalars bash creates with the integer
// attribute.
func dynBornInteger(name string) bool {
	switch name {
	case "BASHPID", "HISTCMD", "RANDOM", "SRANDOM":
		return true
	}
	return false
}

func dynListIndex(name string) int {
	for i, n := range dynListNames {
		if n == name {
			return i
		}
	}
	return -1
}

// dynGot records the value a reference to the dynamic scalar name gave,
// as bash's getter stores it, and returns the variable: v with the
// attributes of the store's entry, when a declaration made one.
func (r *Runner) dynGot(name string, v *variable) *variable {
	i := dynListIndex(name)
	if i < 0 {
		return v
	}
	s := &r.dynSeen.scal[i]
	s.val, s.has = v.str, true
	if name == "SECONDS" {
		s.integer = true
	}
	if cur := r.vars.m[name]; cur != nil && cur.dynamic == dynScalar {
		// the getter changes the value without marking the export
		// environment for rebuilding: an exported one goes out with
		// the value it had when the environment was last made
		e := cur
		if e.gen != r.vars.gen {
			e = e.clone(r.vars.gen)
			r.vars.m[name] = e
		}
		e.str, e.set = v.str, true
		if dynGetterInteger(name) {
			// set_int_value(…, 1) turns the attribute back on
			e.attrs |= aInteger
		}
		return &variable{kind: kString, set: true, str: v.str, attrs: e.attrs}
	}
	return v
}

// dynRegenExports gives the exported LINENO, EPOCHSECONDS and
// EPOCHREALTIME their current values when the export environment is to
// be made again, as bash regenerates its att_regenerate variables then.
func (r *Runner) dynRegenExports() {
	if !r.vars.envDirty {
		return
	}
	for _, name := range [...]string{"EPOCHREALTIME", "EPOCHSECONDS", "LINENO"} {
		if v := r.vars.m[name]; v != nil && v.dynamic == dynScalar && v.attrs&aExport != 0 {
			r.lookup(name)
		}
	}
}

// dynGetterInteger reports whether bash's getter for name gives the
// variable the integer attribute.
func dynGetterInteger(name string) bool {
	switch name {
	case "BASHPID", "RANDOM", "SECONDS", "SRANDOM":
		return true
	}
	return false
}

// dynStored records a value an assignment stored in the table entry of
// the dynamic scalar name.
func (r *Runner) dynStored(name, val string) {
	if i := dynListIndex(name); i >= 0 {
		s := &r.dynSeen.scal[i]
		s.val, s.has = val, true
	}
	if cur := r.vars.m[name]; cur != nil && cur.dynamic == dynScalar {
		e := r.vars.own(name)
		e.str, e.set = val, true
		r.vars.changed(e)
	}
}

// dynDeclared prepares a declaration of name (declare, export, readonly
// at the top level): bash looks the name up first, which for a dynamic
// scalar refreshes its value, and the declaration then changes that
// table entry, which stays dynamic. nash makes the store entry here.
func (r *Runner) dynDeclared(name string) {
	i := dynListIndex(name)
	if i < 0 || name == "BASH_ARGV0" || name == "COMP_WORDBREAKS" {
		return // these two become ordinary variables when made
	}
	cur := r.vars.m[name]
	if cur != nil && cur.dynamic != dynScalar {
		return // unset for good, or a local
	}
	r.lookup(name)
	if cur != nil {
		return
	}
	s := r.dynSeen.scal[i]
	e := r.vars.own(name)
	e.kind, e.dynamic, e.set, e.str = kString, dynScalar, s.has, s.val
	if s.integer || dynBornInteger(name) {
		e.attrs |= aInteger
	}
}

// dynListValue is the table entry of the dynamic scalar name for a
// listing, or nil when name is not one.
func (r *Runner) dynListValue(name string) *variable {
	i := dynListIndex(name)
	if i < 0 {
		return nil
	}
	s := r.dynSeen.scal[i]
	v := &variable{kind: kString, set: s.has, str: s.val}
	if s.integer || dynBornInteger(name) {
		v.attrs = aInteger
	}
	return v
}

// dynInteger reports whether an assignment to the dynamic scalar name
// is evaluated as arithmetic: it has the integer attribute in bash's
// table and was not unset.
func (r *Runner) dynInteger(name string) bool {
	i := dynListIndex(name)
	if i < 0 || r.dynRemoved(name) || name == "BASHPID" {
		return false // BASHPID ignores assignments
	}
	if cur := r.vars.m[name]; cur != nil && cur.dynamic == dynScalar {
		return cur.attrs&aInteger != 0
	}
	return dynBornInteger(name) || r.dynSeen.scal[i].integer
}

// dynImported makes the dynamic variables the environment gave values
// to what bash's initialize_dynamic_variables leaves of them: exported
// table entries that stay dynamic, their value dropped (bind_variable
// with none), except SECONDS, which counts from the value given, LINENO
// and the epoch times, which bash's first export environment computed
// (when it makes one that early),
// and BASH_ARGV0, which sets $0 (set_argv0).
func (r *Runner) dynImported() {
	// bash builds that environment as it starts only when LC_ALL does
	// not set the locale (its locale set-up exports the variables)
	lc := r.vars.m["LC_ALL"]
	earlyEnv := lc == nil || !lc.set || lc.str == ""
	for _, name := range dynListNames {
		v := r.vars.m[name]
		if v == nil || name == "COMP_WORDBREAKS" {
			continue
		}
		val := v.str
		e := r.vars.own(name)
		e.kind, e.dynamic, e.set, e.str = kString, dynScalar, false, ""
		if dynBornInteger(name) {
			e.attrs |= aInteger
		}
		switch name {
		case "SECONDS":
			n, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
			if err != nil {
				n = 0
			}
			r.secondsOff = n
			e.set, e.str = true, val
		case "LINENO":
			if earlyEnv {
				e.set, e.str = true, "0"
			}
		case "EPOCHSECONDS", "EPOCHREALTIME":
			if earlyEnv {
				r.lookup(name)
			}
		case "BASH_ARGV0":
			r.arg0 = val
		}
	}
}
