package interp

import (
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"mvdan.cc/sh/v3/syntax"
)

// errReadonly is returned when assigning to a readonly variable.
type varError struct {
	msg      string
	readonly bool // an assignment to a readonly variable
	notArray bool // unset of a scalar's element other than 0
	// named: msg starts with the name of the command running, as
	// bash words the error
	named bool
	// invalidID: bash says it with sh_invalidid, a builtin_error, whose
	// line prefix ignores gnu_errfmt
	invalidID bool
}

func (e *varError) Error() string { return e.msg }

// noassignErr is bash's failure of a compound assignment to one of its
// noassign arrays (GROUPS, FUNCNAME, BASH_SOURCE …): no message, and
// otherwise the failure an assignment to a readonly variable is.
func noassignErr() error {
	return &varError{readonly: true}
}

func readonlyErr(name string) error {
	return &varError{msg: name + ": readonly variable", readonly: true}
}

// isReadonlyErr reports whether err is an assignment to a readonly
// variable: several builtins (export, readonly, printf -v, getopts) report
// it without their own name, as bash's variable code does.
func isReadonlyErr(err error) bool {
	e, ok := err.(*varError)
	return ok && e.readonly
}

// discardError is an assignment error that bash raises while it expands
// a declaration builtin's words (a literal name=(…) argument): reported
// without the builtin's name, it abandons the rest of the command line.
type discardError struct {
	msg      string
	noPrefix bool // bash's report_error rather than builtin_error
	// toTop: an arithmetic error in a subscript or an integer variable's
	// value, after which bash also unwinds eval and source (its
	// top_level_cleanup): the whole top-level command line is abandoned,
	// and a -c shell exits
	toTop bool
	// valueArith: the arithmetic of an integer variable's value, which
	// leaves the status as it was (see valueArithError)
	valueArith bool
	// report: printed with report_error, which exits under set -e
	// (not an arithmetic error's internal_error)
	report bool
}

func (e *discardError) Error() string { return e.msg }

// valueArithError reports an arithmetic error in an integer variable's
// value (not a subscript's): bash's make_variable_value jumps to the top
// level without setting a status, so a script's $? stays what it was
// (keepStatusOnDiscard), where a bad subscript sets it to 1.
func valueArithError(err error) bool {
	switch e := err.(type) {
	case *arithError:
		return e.toTop && !e.inSubscript
	case *discardError:
		return e.valueArith
	}
	return false
}

// abortsToTop reports an assignment error bash raises with its
// top_level_cleanup: arithmetic in a subscript or an integer's value.
func abortsToTop(err error) bool {
	switch e := err.(type) {
	case *arithError:
		return e.toTop
	case *discardError:
		return e.toTop
	}
	return false
}

// topUnwind applies bash's top_level_cleanup after an error that raises
// it (abortsToTop: a subscript's or an integer variable's arithmetic, a
// discardError so marked): the command line is abandoned and, with it,
// the -c string, eval'd text or sourced file. It reports whether it did.
func (r *Runner) topUnwind(err error) bool {
	if !abortsToTop(err) {
		return false
	}
	r.flow = flowAbort
	r.abortTop = true
	if valueArithError(err) {
		r.keepStatusOnDiscard()
	}
	return true
}

// assignFlags modify how assign stores a value.
type assignFlags uint8

const (
	asGlobal assignFlags = 1 << iota
	asLocal
	asDecl // a compound value given to declare & co
)

// expandedAssign expands the value of the assignment a and, when the
// statement is traced, traces it: bash prints the trace between expanding
// and storing, so an expansion error leaves no trace, a readonly variable
// one.
func (r *Runner) expandedAssign(a *syntax.Assign) (string, error) {
	val, err := r.assignValue(a.Value)
	if err != nil {
		return "", err
	}
	r.lastAssigned = val // for the xtrace line of this assignment
	if r.assignTrace == a {
		r.assignTrace = nil
		r.assignTraceFn()
	}
	return val, nil
}

// assign performs one assignment word (x=v, x+=v, x[i]=v, x=(…)).
func (r *Runner) assign(a *syntax.Assign, fl assignFlags) error {
	if a.Name == nil {
		return nil
	}
	if err := r.listElemError(a); err != nil {
		return err
	}
	name := a.Name.Value
	if r.circularLocalRef(name) {
		// bash assigns a function's circular reference (local -n v=v,
		// f v) to the global variable, warning as it looks it up (twice
		// for an element)
		r.errorf("warning: %s: circular name reference", name)
		return r.viaGlobal(name, func() error {
			if v := r.vars.m[name]; a.Index != nil && (v == nil || v.kind != kAssoc) {
				r.errorf("warning: %s: circular name reference", name)
			}
			return r.assign(a, fl)
		})
	}
	// the value expanded (and traced) ahead of an error in the name
	var preVal *string
	v := r.vars.get(name)
	deadEnd := (a.Index != nil || a.Array != nil) && r.refDeadEnd(name)
	noTarget := v != nil && v.kind == kNameRef && !v.set && a.Index != nil || deadEnd && a.Index != nil
	if a.Array == nil && (noTarget || r.circularRef(name)) {
		// bash expands the value and traces the assignment before it
		// looks the name up
		val, err := r.expandedAssign(a)
		if err != nil {
			return err
		}
		preVal = &val
	}
	if r.circularRef(name) {
		// a circular reference outside a function (declare -n a=b b=a):
		// bash warns and drops a plain assignment with the rest of the
		// line; an array or element assignment, after a second warning
		// for an element, replaces the reference with an array
		warning := &varError{msg: "warning: " + name + ": circular name reference"}
		if a.Array == nil && a.Index == nil {
			return warning
		}
		r.errorf("%s", warning.msg)
		if a.Index != nil {
			r.errorf("%s", warning.msg)
		}
		r.vars.unbind(name)
	}
	if v := r.vars.get(name); deadEnd || v != nil && v.kind == kNameRef && !v.set && (a.Array != nil || a.Index != nil) {
		// a reference without a target: bash takes its (empty) value
		// as the name of an element's array, and a compound value
		// makes it an array
		if a.Index != nil {
			// (checked before the reference's empty name is refused)
			if err := r.noVarSubscript(name, a.Index); err != nil {
				return err
			}
			return &varError{msg: "`': not a valid identifier", invalidID: true}
		}
		r.errorf("warning: %s: removing nameref attribute", name)
	}
	if a.Array != nil {
		if r.noassignVar(r.resolveRef(name)) {
			// find_or_make_array_variable finds none to assign
			return noassignErr()
		}
		return r.assignArray(name, a.Array, a.Append, fl)
	}
	var val string
	if preVal != nil {
		val = *preVal
	} else {
		var err error
		if val, err = r.expandedAssign(a); err != nil {
			return err
		}
	}
	if a.Index == nil && r.refDeadEnd(name) {
		return noassignErr()
	}
	target := r.resolveRef(name)
	if r.noassignVar(target) {
		// bind_variable and assign_array_element store nothing;
		// do_assignment_internal's set_exit_status(1) then makes the
		// status a command substitution in the value gave
		if r.lastSubStatus >= 0 {
			r.lastSubStatus = 1
		}
		return nil
	}
	if a.Index != nil {
		if r.isElemRef(target) {
			// ref[k]=v, ref a reference to an element: k is checked,
			// then bash takes the element for the array's name, which
			// it is not
			if err := r.noVarSubscript(name, a.Index); err != nil {
				return err
			}
			return &varError{msg: "`" + r.vars.get(target).str + "': not a valid identifier", invalidID: true}
		}
		if v := r.vars.get(target); target != name && v != nil && v.attrs&aReadonly != 0 {
			// named as written (bash's assign_array_element)
			return readonlyErr(name)
		}
		if target != name {
			// a bad subscript is named as written (assign_array_element's
			// err_badarraysub of its argument)
			return retextBadTarget(r.assignIndexed(target, a.Index, val, a.Append), name+"["+r.nodeText(a.Index)+"]")
		}
		return r.assignIndexed(target, a.Index, val, a.Append)
	}
	if r.isElemRef(target) {
		return r.assignRefElem(target, val, a.Append)
	}
	if a.Append {
		return r.appendScalar(target, val, fl)
	}
	return r.setScalarFlags(target, val, fl)
}

// assignRefElem assigns (or appends) val to the array element that the
// nameref target names (declare -n r='a[1]'; r=v sets a[1]).
func (r *Runner) assignRefElem(target, val string, appendVal bool) error {
	ep, err := r.refElem(target)
	if err != nil || ep == nil {
		return err
	}
	// when the array's name is itself such a reference (local -n
	// v='v[0]'), bash finds no array there
	base := r.resolveRef(ep.Param.Value)
	if bv := r.vars.get(ep.Param.Value); r.isElemRef(base) && bv != nil && bv.kind == kNameRef && !bv.local {
		// a global one (declare -n a=b b='a[1]'; a=v): bash's
		// find_or_make_array_variable makes it the array
		r.errorf("warning: %s: removing nameref attribute", ep.Param.Value)
		v := r.vars.own(ep.Param.Value)
		v.kind, v.str, v.set = kString, "", false
		base = ep.Param.Value
	} else if r.isElemRef(base) {
		return &varError{msg: "`" + r.vars.get(base).str + "': not a valid identifier", invalidID: true}
	}
	if ref := r.vars.get(target).str; r.refAllSubscript(base, ref) {
		return badTargetErr(ref)
	}
	if err := r.assignIndexed(base, ep.Index, val, appendVal); err != nil {
		return err
	}
	if r.opts.on(optAllexport) {
		// bash's bind_variable assigns the element and exports what
		// it assigned, the array
		r.vars.own(base).attrs |= aExport
		r.vars.envDirty = true
	}
	return nil
}

// refAllSubscript reports whether ref, a nameref's value naming an element
// of the associative array base, has the subscript @ or * as written:
// bash's assign_array_element refuses those keys (a bad subscript) unless
// the assignment is a word of its own, h[@]=v.
func (r *Runner) refAllSubscript(base, ref string) bool {
	if v := r.vars.get(base); v == nil || v.kind != kAssoc {
		return false
	}
	i := strings.IndexByte(ref, '[')
	return i > 0 && (ref[i+1:] == "@]" || ref[i+1:] == "*]")
}

func (r *Runner) binding(name string, fl assignFlags) *variable {
	if fl&asGlobal != 0 {
		return r.globalVar(name)
	}
	return r.vars.own(name)
}

// setScalar sets name to val, honouring attributes (integer, case).
func (r *Runner) setScalar(name, val string, global bool) error {
	var fl assignFlags
	if global {
		fl = asGlobal
	}
	return r.setScalarFlags(name, val, fl)
}

func (r *Runner) setScalarFlags(name, val string, fl assignFlags) error {
	if (r.prefixExpanding || r.tempEnv == tempApart) && r.tempVars[name] != nil {
		defer r.setUnderTemp(name, val)
	}
	// one lookup for the checks below: an assignment in a loop is hot
	cur := r.vars.get(name)
	if cur != nil && cur.attrs&aReadonly != 0 && fl&asGlobal == 0 {
		return readonlyErr(name)
	}
	if elemRefVar(cur) {
		// read, printf -v, getopts and arithmetic assign through a
		// reference to an element as an assignment does
		return r.assignRefElem(name, val, false)
	}
	if cur != nil && cur.kind == kNameRef && !validName(val) {
		// a reference declared without a target (declare -n r; r=x)
		// gets the value as its target, which must name a variable
		if pe, ok := parseIndirect(val); !ok || pe.Index == nil {
			// bash's message names the command running (its
			// this_command_name: ((, exec, getopts, read ...)
			msg := "`" + val + "': not a valid identifier"
			if r.thisCmd != "" {
				msg = r.thisCmd + ": " + msg
			}
			return &varError{msg: msg, named: r.thisCmd != "", invalidID: true}
		}
	}
	// bash evaluates an integer variable's value before its special
	// hook sees it (OPTIND=1+1 sets getopts to 2)
	iv := cur
	if (iv == nil || iv.dynamic == dynScalar) && r.dynInteger(name) {
		// RANDOM (and SECONDS once referenced), integers with no
		// stored attributes, take their value's arithmetic (RANDOM=1+1
		// as RANDOM=2); an error is reported and the assignment,
		// seeding nothing, succeeds. SRANDOM and HISTCMD are plain
		// integer variables in bash: an error fails the assignment.
		n, err := r.arithString(val)
		if err != nil {
			if name == "SRANDOM" || name == "HISTCMD" {
				return err
			}
			if r.thisCmd != "" {
				// declare RANDOM=1/0: bash's evalerror names the
				// command running (this_command_name)
				err = fmt.Errorf("%s: %w", r.thisCmd, err)
			}
			r.reportErr(err)
			if name == "SECONDS" {
				r.specialAssign(name, "0", r.vars.get(name))
			}
			return nil
		}
		val = itoa(n)
	}
	val, err := r.integerValue(iv, val)
	if err != nil {
		return err
	}
	scur := cur
	if fl&asGlobal != 0 && cur != nil && cur.local {
		// declare -g assigns the global binding, special or not
		scur = r.vars.globalGet(name)
	}
	if special := r.specialAssign(name, val, scur); special {
		return nil
	}
	v := r.binding(name, fl)
	if v.attrs&aReadonly != 0 {
		return readonlyErr(name)
	}
	val = r.applyCase(v, val)
	storeScalar(v, val)
	if r.opts.on(optAllexport) && bindExports(name) {
		v.attrs |= aExport
	}
	r.vars.changed(v)
	if name == "PATH" {
		r.hash = nil
	}
	if localeVar(name) {
		r.localeAssigned(name, val)
	}
	return nil
}

// storeScalar stores val as v's value: element 0 of an array, the target
// of a reference without one, else the string.
func storeScalar(v *variable, val string) {
	switch v.kind {
	case kIndexed:
		if v.arr == nil {
			v.arr = &indexedArray{}
		}
		v.arr.set(0, val)
	case kAssoc:
		v.assoc.set("0", val)
	case kNameRef:
		v.str = val
	default:
		v.kind, v.str = kString, val
	}
	v.set = true
}

// integerValue is val as a variable with v's attributes stores it: an
// integer variable (declare -i) evaluates it arithmetically.
func (r *Runner) integerValue(v *variable, val string) (string, error) {
	if v == nil || v.attrs&aInteger == 0 {
		return val, nil
	}
	n, err := r.arithString(val)
	if isReadonlyErr(err) {
		// an assignment to a readonly variable in the value's
		// arithmetic: err_readonly (a report_error), then evalexp
		// fails and make_variable_value jumps to the top level, the
		// line (and -c string) abandoned with status 1, whatever
		// builtin was assigning
		return "", &discardError{msg: err.Error(), noPrefix: true, toTop: true, report: true}
	}
	if err != nil {
		return "", unwindsToTop(err)
	}
	return itoa(n), nil
}

// appendValue is old+=val for an element of v: the arithmetic sum when
// v has the integer attribute, else the concatenation.
func (r *Runner) appendValue(v *variable, old, val string) (string, error) {
	if v == nil || v.attrs&aInteger == 0 {
		return old + val, nil
	}
	// the old value is evaluated first, and its error is the
	// assignment's (make_variable_value)
	a, err := r.arithString(old)
	if err != nil {
		return "", unwindsToTop(err)
	}
	b, err := r.arithString(val)
	if err != nil {
		return "", unwindsToTop(err)
	}
	return itoa(a + b), nil
}

// appendOwnValue is appendValue for an element of v, a variable of the
// store's own (varStore.own): a string is appended in place where it
// can be (appendString), so a[k]+=y in a loop is not quadratic.
func (r *Runner) appendOwnValue(v *variable, old, val string) (string, error) {
	if v.attrs&aInteger != 0 {
		return r.appendValue(v, old, val)
	}
	return appendString(&v.buf, old, val), nil
}

// setAssocElem stores val (or old+val when appendVal) as element key of
// the associative array name, applying its integer and case attributes.
func (r *Runner) setAssocElem(name, key, val string, appendVal bool) error {
	v := r.vars.own(name)
	var err error
	if appendVal {
		val, err = r.appendOwnValue(v, v.assoc.m[key], val)
	} else {
		val, err = r.integerValue(v, val)
	}
	if err != nil {
		return err
	}
	val = r.applyCase(v, val)
	v.assoc.set(key, val)
	v.set = true
	r.lastElem = val
	return nil
}

func (r *Runner) appendScalar(name, val string, fl assignFlags) error {
	cur := r.lookup(name)
	if cur != nil && cur.attrs&aReadonly != 0 {
		return readonlyErr(name)
	}
	if cur != nil && cur.attrs&aInteger != 0 {
		sum, err := r.appendValue(cur, cur.value(), val)
		if err != nil {
			return err
		}
		return r.setScalarFlags(name, sum, fl)
	}
	if cur != nil && cur.set && cur.kind == kIndexed {
		s, _ := cur.arr.get(0)
		if r.dynDirStack(name) {
			// as an assignment to entry 0 (ignored)
			return r.setScalarFlags(name, s+val, fl)
		}
		v := r.binding(name, fl)
		if v.arr == nil {
			// the binding of a dynamic array computed on lookup
			v.kind, v.arr, v.set = kIndexed, &indexedArray{}, true
		}
		v.arr.set(0, r.applyCase(v, s+val))
		r.vars.changed(v)
		return nil
	}
	if fl == 0 && cur != nil && cur.set && cur.kind == kString && cur.attrs&(aLower|aUpper|aCapital) == 0 && !isSpecialVarName(name) && cur == r.vars.m[name] {
		// (an ordinary variable, not one computed on lookup)
		v := r.vars.own(name)
		v.str = appendString(&v.buf, v.str, val)
		r.vars.changed(v)
		return nil
	}
	return r.setScalarFlags(name, cur.value()+val, fl)
}

// appendString returns s+t, reusing spare capacity of *buf when s is
// the string *buf holds, so repeated x+=y costs amortised O(len(y)).
// Earlier strings stay valid: bytes already in use are never rewritten.
func appendString(buf *[]byte, s, t string) string {
	b := *buf
	if len(b) == 0 || len(b) != len(s) || unsafe.StringData(s) != &b[0] {
		b = make([]byte, len(s), 2*(len(s)+len(t))+16)
		copy(b, s)
	}
	b = append(b, t...)
	*buf = b
	if len(b) == 0 {
		return "" // "" += "": there is no first byte to point at
	}
	return unsafe.String(&b[0], len(b))
}

func isSpecialVarName(name string) bool {
	switch name {
	case "RANDOM", "SECONDS", "LINENO", "OPTIND", "PATH", "BASH_ARGV0", "IFS":
		return true
	}
	return false
}

// textSubscript returns the text of a subscript written as a quoted
// string (parseProgram quotes one that is not arithmetic, such as [] or
// [*]), which bash checks before evaluating it; ok is false for others.
func (r *Runner) textSubscript(idx syntax.ArithmExpr) (string, bool, error) {
	w, isWord := idx.(*syntax.Word)
	if !isWord || len(w.Parts) == 0 {
		return "", false, nil
	}
	if l, ok := w.Parts[0].(*syntax.Lit); ok && len(w.Parts) == 1 && (l.Value == "*" || l.Value == "@") {
		return l.Value, true, nil
	}
	for _, p := range w.Parts {
		switch p.(type) {
		case *syntax.DblQuoted, *syntax.SglQuoted:
		default:
			return "", false, nil
		}
	}
	t, err := r.assignValue(w)
	return t, err == nil, err
}

// assignIndexed sets one element: a[i]=v or m[k]=v.
// noVarSubscript checks the subscript of name[idx]=v where bash's
// assign_array_element finds no variable through the reference name: it
// evaluates idx as an indexed array's subscript, refusing an empty one, *
// and @, and a negative one (there is no end to count back from).
func (r *Runner) noVarSubscript(name string, idx syntax.ArithmExpr) error {
	if t := r.nodeText(idx); t == "" || t == "*" || t == "@" {
		return badTargetErr(name + "[" + t + "]")
	}
	i, err := r.subscriptIndex(idx)
	if err != nil {
		return err
	}
	if i < 0 {
		return badTargetErr(name + "[" + strings.TrimSpace(r.nodeText(idx)) + "]")
	}
	return nil
}

func (r *Runner) assignIndexed(name string, idx syntax.ArithmExpr, val string, appendVal bool) error {
	if r.dynTableVar(name) {
		k, err := r.indexString(idx)
		if err != nil {
			return err
		}
		if k == "" {
			return badTargetErr(name + "[" + strings.TrimSpace(r.nodeText(idx)) + "]")
		}
		r.setTableElem(name, k, val, appendVal)
		return nil
	}
	cur := r.vars.get(name)
	if cur == nil || cur.kind != kAssoc {
		// an indexed array's subscript is checked before the
		// variable is (a[]=x, a[*]=x, a[-9]=x on a readonly array),
		// as written: only a[]=v, a[*]=v and a[@]=v; a[ ]=v and
		// a[""]=v, like a[$empty]=v, evaluate to element 0, and
		// a["*"]=v is the expression * (not expanded here, so that
		// the subscript's command substitutions run once)
		if t := r.nodeText(idx); t == "" || t == "*" || t == "@" {
			return badTargetErr(name + "[" + t + "]")
		}
		if cur != nil && cur.attrs&aReadonly != 0 {
			// (a scalar counts back from element 0)
			i, err := r.subscriptIndex(idx)
			if err != nil {
				return err
			}
			top := 0
			if cur.kind == kIndexed {
				top = cur.arr.maxIndex()
			}
			if i < 0 && i+int64(top)+1 < 0 {
				return badTargetErr(name + "[" + strings.TrimSpace(r.nodeText(idx)) + "]")
			}
		}
	}
	if cur != nil && cur.attrs&aReadonly != 0 {
		return readonlyErr(name)
	}
	if cur != nil && cur.kind == kAssoc {
		k, err := r.indexString(idx)
		if err != nil {
			return err
		}
		if k == "" {
			// the subscript as bash's parser stored it: $'' as ''
			return badTargetErr(name + "[" + strings.TrimSpace(r.writtenSubscript(idx)) + "]")
		}
		return r.setAssocElem(name, k, val, appendVal)
	}
	i, err := r.subscriptIndex(idx)
	if err != nil {
		return err
	}
	return r.setIndex(name, i, val, appendVal, idx)
}

func (r *Runner) setIndex(name string, i int64, val string, appendVal bool, idx syntax.ArithmExpr) error {
	if r.dynDirStack(name) {
		cur := r.lookup(name).arr
		if i < 0 {
			i += int64(cur.maxIndex()) + 1
		}
		if appendVal {
			old, _ := cur.get(int(i))
			val = old + val
		}
		r.setDirStackElem(i, val)
		return nil
	}
	if i < 0 && r.vars.get(name) == nil {
		// bash refuses a negative subscript of a name that does not
		// exist (printf -v 'a[-1]') without creating the array
		return badTargetErr(name + "[" + strings.TrimSpace(r.nodeText(idx)) + "]")
	}
	v := r.vars.own(name)
	// a negative subscript counts back from the end of an array, and
	// from element 0 of any other variable, a declared one without a
	// value too (bash's assign_array_element_internal: the scalar
	// becomes an array only once the subscript is good)
	top := 0
	if v.kind == kIndexed && v.arr != nil {
		top = v.arr.maxIndex()
	}
	if i < 0 {
		i += int64(top) + 1
		if i < 0 {
			return badTargetErr(name + "[" + strings.TrimSpace(r.nodeText(idx)) + "]")
		}
	}
	if v.kind != kIndexed {
		v.toIndexed()
	}
	if v.arr == nil {
		v.arr = &indexedArray{}
	}
	if appendVal {
		old, _ := v.arr.get(int(i))
		var err error
		if val, err = r.appendOwnValue(v, old, val); err != nil {
			return err
		}
	} else if v.attrs&aInteger != 0 {
		n, err := r.arithString(val)
		if err != nil {
			return unwindsToTop(err)
		}
		val = itoa(n)
	}
	val = r.applyCase(v, val)
	v.arr.set(int(i), val)
	v.set = true
	r.vars.changed(v)
	r.lastElem = val
	return nil
}

// assignArray performs name=(…) and name+=(…).
func (r *Runner) assignArray(name string, ae *syntax.ArrayExpr, appendVal bool, fl assignFlags) error {
	ref, name := name, r.resolveRef(name)
	if r.isElemRef(name) {
		// a reference to an element cannot take a list
		return &varError{msg: "`" + r.vars.get(name).str + "': not a valid identifier", invalidID: true}
	}
	if r.dynTableVar(name) {
		// BASH_ALIASES=(…): each element through the table's hook
		// (assign_aliasvar, assign_hashcmd), which an empty list or
		// no append leaves as it is
		return r.assocElems(name, ae, fl, func(k, val string, appendElem bool) error {
			r.setTableElem(name, k, val, appendElem)
			return nil
		})
	}
	cur := r.vars.get(name)
	dirStack := r.dynDirStack(name)
	if dirStack {
		cur = r.lookup(name)
	}
	if cur != nil && cur.attrs&aReadonly != 0 {
		// named as written: bash's find_or_make_array_variable
		return readonlyErr(ref)
	}
	if cur != nil && cur.kind == kAssoc {
		return r.assignAssocList(name, ae, appendVal, fl)
	}
	// a variable declared but unset (declare -a x, or made by the
	// declare assigning it) stays unset until an element is bound
	// (bash's att_invisible)
	hidden := cur != nil && !cur.set
	elems, err := r.expandCompound(cur, ae)
	if err != nil {
		if fl&asDecl == 0 && !dirStack {
			r.arrayBeforeWords(name, cur, fl)
		}
		return err
	}
	arr := &indexedArray{}
	if appendVal {
		arr = r.appendBase(name, dirStack, fl, arr)
	}
	// bash expanded the values, then made the variable an array and
	// emptied it (or kept it, appending) before it assigns element by
	// element: the arithmetic of a subscript or of an integer array's
	// value sees the elements assigned before it, and those before a
	// failing one stay (assign_compound_array_list)
	if !dirStack {
		if err := r.storeArray(name, arr, false, fl); err != nil {
			return err
		}
		cur = r.vars.get(name)
	}
	if err := r.fillArray(arr, cur, elems); err != nil {
		if cerr := r.storeArray(name, arr, dirStack, fl); cerr != nil {
			return cerr
		}
		if hidden && !dirStack && arr.length() == 0 {
			r.binding(name, fl).set = false
		}
		return err
	}
	return r.storeArray(name, arr, dirStack, fl)
}

// appendBase returns the array name+=(…) appends to, read after the
// words expanded: bash found the variable before expanding them, so what
// an expansion assigned to it stays (a+=( $((a[5]=9)) ) appends after
// [5]). The store's own array is appended to in place, where a copy made
// each appending loop quadratic (a+=(x) 100,000 times took 84 s); a
// scalar becomes element 0 of empty, which is returned for anything else
// (an unset or other variable: the associative ones were assigned before).
func (r *Runner) appendBase(name string, dirStack bool, fl assignFlags, empty *indexedArray) *indexedArray {
	cur := r.vars.get(name)
	if dirStack {
		cur = r.lookup(name)
	}
	switch {
	case cur == nil || !cur.set:
	case cur.kind == kString:
		empty.set(0, cur.str)
	case cur.kind != kIndexed:
	case dirStack || fl&asGlobal != 0:
		return cur.arr.clone()
	default:
		if v := r.vars.own(name); v.arr != nil {
			return v.arr
		}
	}
	return empty
}

// arrayBeforeWords leaves name as a name=(…) whose words failed to expand
// leaves it in bash, whose find_or_make_array_variable ran before the
// words were expanded: a new variable is an empty array, a scalar the
// array of its value (declared, it stays unset); an array is untouched.
func (r *Runner) arrayBeforeWords(name string, cur *variable, fl assignFlags) {
	if cur != nil && cur.kind != kString {
		return
	}
	v := r.binding(name, fl)
	v.toIndexed()
	if cur == nil {
		v.set = true
	}
	r.vars.changed(v)
}

// compoundElem is an element of an indexed compound assignment with its
// words expanded: the values, and the subscript when it holds
// expansions (index set), or the subscript to evaluate as arithmetic
// once the array is emptied (sub).
type compoundElem struct {
	sub        syntax.ArithmExpr
	index      int64
	indexed    bool // a [sub]=value element
	indexSet   bool
	appendElem bool
	text       string // the subscript as written, for its errors
	vals       []string
	err        error // of the subscript's arithmetic, evaluated with its expansions
}

// expandCompound expands the words of a compound assignment to arr, as
// bash does before it assigns any (expand_compound_array_assignment).
// Subscripts holding expansions are evaluated here, whole, with them.
func (r *Runner) expandCompound(cur *variable, ae *syntax.ArrayExpr) ([]compoundElem, error) {
	var out []compoundElem
	for _, el := range ae.Elems {
		if el.Index == nil {
			vals, err := r.fieldsOf([]*syntax.Word{el.Value}, true)
			if err != nil {
				return nil, err
			}
			out = append(out, compoundElem{vals: vals})
			continue
		}
		// a bad subscript is reported with the word as bash expanded
		// it with the others (its value's substitutions run), and the
		// element skipped
		word := func(idx string) (string, error) {
			op, v := "=", ""
			if w, app := appendElemValue(el); w != nil {
				if app {
					op = "+=" // [k]+=v, not the parser's rewrite of it
				}
				if len(w.Parts) > 0 {
					var err error
					if v, err = r.elemValue(w); err != nil {
						return "", err
					}
				}
			}
			return "[" + idx + "]" + op + v, nil
		}
		t, ok, err := r.textSubscript(el.Index)
		if err != nil {
			return nil, err
		} else if ok && (t == "" || t == "*" || t == "@") {
			// [""]=v, but not [ ]=v, which is element 0
			w, err := word(t)
			if err != nil {
				return nil, err
			}
			msg := "%s: cannot assign to non-numeric index"
			if t == "" {
				msg = "%s: bad array subscript"
			}
			if err := r.reportError(msg, w); err != nil {
				return nil, err
			}
			continue
		}
		ce := compoundElem{sub: el.Index, indexed: true, text: strings.TrimSpace(r.nodeText(el.Index))}
		if len(arithParts(el.Index)) > 0 {
			var i int64
			if ok {
				// expanded already: its command substitutions run once
				i, err = r.compoundIndexFrom(t)
			} else {
				i, err = r.compoundIndex(el.Index)
			}
			var ae *arithError
			if errors.As(err, &ae) {
				// raised as bash evaluates it, after emptying the array
				ce.err = err
			} else if err != nil {
				return nil, err
			}
			ce.index, ce.indexSet = i, true
		}
		valWord, appendElem := appendElemValue(el)
		val, err := r.elemValue(valWord)
		if err != nil {
			return nil, err
		}
		ce.vals, ce.appendElem = []string{val}, appendElem
		out = append(out, ce)
	}
	return out, nil
}

// fillArray assigns the expanded elements of a compound assignment to
// arr in order; cur is the variable, for its attributes.
func (r *Runner) fillArray(arr *indexedArray, cur *variable, elems []compoundElem) error {
	next := int64(arr.maxIndex() + 1)
	for _, ce := range elems {
		if ce.indexed {
			i := ce.index
			if ce.err != nil {
				return ce.err
			}
			if !ce.indexSet {
				var err error
				if i, err = r.compoundIndex(ce.sub); err != nil {
					return err
				}
			}
			val := ce.vals[0]
			if i < 0 {
				i += int64(arr.maxIndex()) + 1
				if i < 0 {
					// bash names the element with its value expanded
					op := "="
					if ce.appendElem {
						op = "+="
					}
					if err := r.reportError("[%s]%s%s: bad array subscript", ce.text, op, val); err != nil {
						return err
					}
					continue
				}
			}
			var err error
			if ce.appendElem {
				old, _ := arr.get(int(i))
				val, err = r.appendValue(cur, old, val)
			} else {
				val, err = r.integerValue(cur, val)
			}
			if err != nil {
				return err
			}
			if cur != nil {
				val = r.applyCase(cur, val)
			}
			arr.set(int(i), val)
			next = i + 1
			continue
		}
		for _, val := range ce.vals {
			var err error
			if val, err = r.integerValue(cur, val); err != nil {
				return err
			}
			if cur != nil {
				val = r.applyCase(cur, val)
			}
			arr.set(int(next), val)
			next++
		}
	}
	return nil
}

// storeArray makes arr the value of the indexed array name.
func (r *Runner) storeArray(name string, arr *indexedArray, dirStack bool, fl assignFlags) error {
	if dirStack {
		// element by element, as bash's assign_dirstack
		for _, i := range arr.indices() {
			val, _ := arr.get(i)
			r.setDirStackElem(int64(i), val)
		}
		return nil
	}
	v := r.binding(name, fl)
	if v.attrs&aReadonly != 0 {
		return readonlyErr(name)
	}
	v.kind, v.arr, v.str, v.assoc, v.set = kIndexed, arr, "", nil, true
	r.vars.changed(v)
	return nil
}

// expandArrayElems expands the values of a compound assignment ahead of
// the assignment, each resulting word becoming a single-quoted element
// (an unsubscripted element may expand to several words, or none).
// Subscripts are left for the assignment to evaluate. assoc: the target is
// an associative array, whose unsubscripted words are not split.
func (r *Runner) expandArrayElems(ae *syntax.ArrayExpr, assoc bool) (*syntax.ArrayExpr, error) {
	out := &syntax.ArrayExpr{Lparen: ae.Lparen, Rparen: ae.Rparen}
	lit := func(s string) *syntax.Word {
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: s}}}
	}
	for _, el := range ae.Elems {
		if el.Value == nil {
			out.Elems = append(out.Elems, el)
			continue
		}
		if el.Index != nil {
			w, appendElem := appendElemValue(el)
			elemValue := r.elemValue
			if assoc {
				// no tilde expansion in an associative array's list
				// (assign_compound_array_list)
				elemValue = r.assignValueNoTilde
			}
			val, err := elemValue(w)
			if err != nil {
				return nil, err
			}
			cp := *el
			cp.Value = lit(val)
			if appendElem {
				// keep the marker: the element still appends
				cp.Value.Parts = append([]syntax.WordPart{el.Value.Parts[0]}, cp.Value.Parts...)
			}
			out.Elems = append(out.Elems, &cp)
			continue
		}
		if assocWordOnly(ae, el, assoc) {
			// not a (k v …) list: the word is only reported, as written
			out.Elems = append(out.Elems, el)
			continue
		}
		if assoc {
			// a key or value of an associative (k v …) list is one
			// word, without tilde expansion
			val, err := r.assignValueNoTilde(el.Value)
			if err != nil {
				return nil, err
			}
			cp := *el
			cp.Value = lit(val)
			out.Elems = append(out.Elems, &cp)
			continue
		}
		vals, err := r.fieldsOf([]*syntax.Word{el.Value}, true)
		if err != nil {
			return nil, err
		}
		for _, val := range vals {
			cp := *el
			cp.Value = lit(val)
			out.Elems = append(out.Elems, &cp)
		}
	}
	return out, nil
}

// assignAssocList performs name=(…) and name+=(…) on an associative
// array.
func (r *Runner) assignAssocList(name string, ae *syntax.ArrayExpr, appendVal bool, fl assignFlags) error {
	v := r.binding(name, fl)
	var m *assocArray
	switch {
	case v.kind != kAssoc || v.assoc == nil:
		m = newAssoc()
	case appendVal && v.set:
		m = v.assoc
	default:
		m = newAssocSize(v.assoc.nb)
	}
	put := func(k, val string, appendElem bool) error {
		// [k]+=v appends to the variable's value before this
		// assignment (bash looks the key up in the old table)
		if appendElem && v.kind == kAssoc && v.assoc != nil {
			if old, ok := v.assoc.m[k]; ok {
				var err error
				if val, err = r.appendValue(v, old, val); err != nil {
					return err
				}
			}
		}
		// the value as stored: -i evaluates it, -u/-l/-c convert it
		val, err := r.integerValue(v, val)
		if err != nil {
			return err
		}
		m.set(k, r.applyCase(v, val))
		return nil
	}
	if err := r.assocElems(name, ae, fl, put); err != nil {
		return err
	}
	v.kind, v.assoc, v.set = kAssoc, m, true
	return nil
}

// assocElems expands the elements of a compound assignment to the
// associative array name and hands each key and value to put, in order
// (bash's assign_compound_array_list binds them one by one).
func (r *Runner) assocElems(name string, ae *syntax.ArrayExpr, fl assignFlags, put func(k, val string, appendElem bool) error) error {
	// bash 5.2 also accepts (k1 v1 k2 v2) without subscripts, when the
	// first element has none; otherwise every element needs one
	// (bash's kvpair_assignment_p: a first word as written starting with
	// "[" is no key, and each word without [k]= is then an error; declare
	// sees its words single-quoted)
	kvPairs := len(ae.Elems) > 0 && ae.Elems[0].Index == nil && (fl&asDecl != 0 || !strings.HasPrefix(r.writtenSubscript(ae.Elems[0].Value), "["))
	var pending []string
	var pendingWords []*syntax.Word
	for _, el := range ae.Elems {
		if el.Index != nil && kvPairs {
			// after an unsubscripted first element, [k]=v is a plain
			// word: bash stores its expanded text as a key or value
			val, err := r.assignValueNoTilde(r.kvElemWord(el))
			if err != nil {
				return err
			}
			pending = append(pending, val)
			pendingWords = append(pendingWords, el.Value)
			continue
		}
		if el.Index != nil {
			k, err := r.indexString(el.Index)
			if err != nil {
				return err
			}
			valWord, appendElem := appendElemValue(el)
			if k == "" {
				// bash reports the element and skips it: as written, or
				// as declare sees its expanded words, single-quoted
				text := r.arrayElemText(el)
				if fl&asDecl != 0 {
					val, err := r.assignValueNoTilde(valWord)
					if err != nil {
						return err
					}
					op := "]="
					if appendElem {
						op = "]+="
					}
					text = "[" + singleQuote(k) + op + singleQuote(val)
				}
				if err := r.reportError("%s: bad array subscript", text); err != nil {
					return err
				}
				continue
			}
			val, err := r.assignValueNoTilde(valWord)
			if err != nil {
				return err
			}
			if err := put(k, val, appendElem); err != nil {
				return err
			}
			continue
		}
		if kvPairs {
			// bash expands each key and value as an assignment's right
			// side (no splitting, no globbing); an empty key is reported
			// with the word as written and its pair skipped
			val, err := r.assignValueNoTilde(el.Value)
			if err != nil {
				return err
			}
			pending = append(pending, val)
			pendingWords = append(pendingWords, el.Value)
			continue
		}
		// bash names the word as written, unexpanded (one message per
		// word); declare sees its argument's words single-quoted
		w := r.writtenSubscript(el.Value)
		if fl&asDecl != 0 {
			w = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
		if err := r.reportError("%s: %s: must use subscript when assigning associative array", name, w); err != nil {
			return err
		}
	}
	for i := 0; i < len(pending); i += 2 {
		if pending[i] == "" {
			// declare sees its argument's words expanded and
			// single-quoted: the empty key is ''
			text := "''"
			if fl&asDecl == 0 {
				text = r.writtenSubscript(pendingWords[i])
			}
			if err := r.reportError("%s: bad array subscript", text); err != nil {
				return err
			}
			continue
		}
		val := ""
		if i+1 < len(pending) {
			val = pending[i+1]
		}
		if err := put(pending[i], val, false); err != nil {
			return err
		}
	}
	return nil
}

// unsetVar implements unset NAME and unset NAME[i].
func (r *Runner) unsetVar(name string) error { return r.unsetVarFlags(name, false) }

// unsetVarFlags is unsetVar; oneWord: an associative array's subscript is
// the key as it is (see oneWordAssocRef).
func (r *Runner) unsetVarFlags(name string, oneWord bool) error {
	if i := strings.IndexByte(name, '['); i > 0 && strings.HasSuffix(name, "]") {
		base, key := name[:i], name[i+1:len(name)-1]
		if r.circularLocalRef(base) {
			// a function's circular reference: the global's element
			r.errorf("warning: %s: circular name reference", base)
			return r.viaGlobal(base, func() error { return r.unsetVar(name) })
		}
		if v := r.vars.get(base); v != nil && v.kind == kNameRef && !v.set {
			// a reference to nothing: bash's unset_builtin finds no
			// variable through it, and unsets the name, the
			// subscript unread
			return r.unsetVarFlags(base, oneWord)
		}
		return r.unsetElement(r.resolveRef(base), key, oneWord, false)
	}
	v := r.vars.get(name)
	if r.circularRef(name) {
		// bash warns twice and unsets the reference itself
		r.errorf("warning: %s: circular name reference", name)
		r.errorf("warning: %s: circular name reference", name)
	} else if v != nil && v.kind == kNameRef {
		name = r.resolveRef(name)
		if v := r.vars.get(name); v != nil && v.kind == kNameRef && v.set && strings.IndexByte(v.str, '[') > 0 {
			// a reference to an element unsets the element (see
			// unsetElement); a bad subscript is reported, but bash's
			// unset_builtin does not count it a failure
			ref := v.str
			if !strings.HasSuffix(ref, "]") {
				return nil
			}
			j := strings.IndexByte(ref, '[')
			err := r.unsetElement(r.resolveRef(ref[:j]), ref[j+1:len(ref)-1], false, true)
			if _, ok := err.(*varError); ok {
				r.bErr("unset", "%s", err.Error())
				return nil
			}
			return err
		}
		v = r.vars.get(name)
	}
	if v == nil {
		return nil
	}
	// a reference without a target is none to bash's find_variable, so
	// nothing is readonly: unbind_variable removes the reference itself
	if v.attrs&aReadonly != 0 && !(v.kind == kNameRef && v.str == "") {
		return &varError{msg: name + ": cannot unset: readonly variable"}
	}
	if !r.unsetTemp(name, v) {
		r.vars.unbindScoped(name, r.opts.sh(shLocalvarUnset))
	}
	switch name {
	case "PATH":
		r.hash = nil
	case "BASH_COMPAT":
		// the level of a BASH_COMPAT still visible, or the default
		r.setCompatOpts(r.compatLevel())
	case "LC_ALL", "LANG", "LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "LC_NUMERIC", "LC_TIME":
		// bash's sv_locale runs on unset too, from makunbound (and
		// once more from the unset builtin): the category goes back
		// to LANG's locale, which warns when it is not installed; LC_ALL
		// or LANG unset is reset_locale_vars, silently
		r.localeAssigned(name, r.localeVal(name))
	case "OPTIND":
		// bash's sv_optind runs on unset too: getopts starts over
		// (from whatever OPTIND is still visible, as after a local)
		cur := r.vars.get(name)
		r.setOptindVar(cur.value(), cur != nil && cur.set)
	}
	return nil
}

// literalString expands a string as if it were a word (used for
// subscripts given as text).
func (r *Runner) literalString(s string) (string, error) {
	if !strings.ContainsAny(s, "$`\\'\"~") {
		return s, nil
	}
	w, text, err := parseDocument(s)
	if err != nil {
		return s, nil
	}
	defer r.withSrc(text)() // the nodes' offsets are into text
	return r.document(w)
}

var errNotArray = errors.New("not an array")

// kvElemWord rebuilds the element [k]=v (or [k]+=v) as one word, which is
// how bash reads it in a key-value list: the "[" in front keeps a tilde in
// k or v from expanding.
func (r *Runner) kvElemWord(el *syntax.ArrayElem) *syntax.Word {
	valWord, appendElem := appendElemValue(el)
	op := "]="
	if appendElem {
		op = "]+="
	}
	parts := []syntax.WordPart{&syntax.Lit{Value: "["}}
	if w, ok := el.Index.(*syntax.Word); ok {
		parts = append(parts, w.Parts...)
	} else if start, end := int(el.Index.Pos().Offset()), int(el.Index.End().Offset()); el.Index.Pos().IsValid() && start <= end && end <= len(r.curSrc) {
		// the parser read an arithmetic subscript: its text as written
		parts = append(parts, &syntax.Lit{Value: r.curSrc[start:end]})
	}
	parts = append(parts, &syntax.Lit{Value: op})
	if valWord != nil {
		parts = append(parts, valWord.Parts...)
	}
	return &syntax.Word{Parts: parts}
}

// unsetElement unsets element key of the array base (unset 'a[k]').
// viaRef: reached through a nameref whose value is the element, where
// bash's unset_builtin calls unbind_array_element directly: no readonly
// check, and a subscript a scalar cannot have is silently nothing.
func (r *Runner) unsetElement(base, key string, oneWord, viaRef bool) error {
	v := r.vars.get(base)
	if v == nil || v.kind == kNameRef && !v.set {
		// (through a reference to nothing bash finds no variable)
		return nil
	}
	if v.attrs&aReadonly != 0 && !viaRef {
		return &varError{msg: base + ": cannot unset: readonly variable"}
	}
	switch {
	case (key == "@" || key == "*") && (v.kind == kIndexed || v.kind == kAssoc) && r.compatLevel() <= 51:
		// the array goes (see compat.go)
		r.vars.unbind(base)
	case (key == "@" || key == "*") && v.kind == kIndexed:
		// bash 5.2 empties the array, which stays declared
		r.vars.own(base).arr = &indexedArray{}
	case (key == "@" || key == "*") && v.kind != kAssoc:
		if viaRef {
			return nil
		}
		return &varError{msg: base + ": not an array variable"}
	case v.kind == kAssoc:
		// @ and * are ordinary keys of an associative array
		k := key
		if !oneWord {
			var err error
			if k, err = r.subscriptText(key); err != nil {
				return err
			}
		}
		if k == "" {
			return &varError{msg: "[" + key + "]: bad array subscript"}
		}
		r.vars.own(base).assoc.unset(k)
	case v.kind == kIndexed:
		n, err := r.unsetIndex(key)
		if err != nil {
			return err
		}
		if n < 0 {
			n += int64(v.arr.maxIndex()) + 1
			if n < 0 {
				return &varError{msg: "[" + key + "]: bad array subscript"}
			}
		}
		r.vars.own(base).arr.unset(int(n))
	default:
		n, err := r.unsetIndex(key)
		if err != nil {
			return err
		}
		if n != 0 {
			if viaRef {
				return nil
			}
			return &varError{msg: base + ": not an array variable", notArray: true}
		}
		r.vars.unbindScoped(base, r.opts.sh(shLocalvarUnset))
		if localeVar(base) {
			// unbind_variable's sv_locale (see unsetVarFlags)
			r.localeAssigned(base, r.localeVal(base))
		}
	}
	return nil
}

// unsetIndex is the value of an indexed subscript as unset reads it:
// expanded, then evaluated as arithmetic.
func (r *Runner) unsetIndex(key string) (int64, error) {
	t, err := r.subscriptText(key)
	if err != nil {
		return 0, err
	}
	n, err := r.arithString(t)
	if err != nil {
		return 0, subscriptError(err)
	}
	return n, nil
}
