package interp

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// isAtExpansion reports whether pe expands to a list when quoted ("$@",
// "${a[@]}" and operations on them other than length and indirection).
func isAtExpansion(pe *syntax.ParamExp) bool {
	if pe.Length || pe.Param == nil {
		return false
	}
	if pe.Param.Value == badSubstName {
		// ${a[@]@C}, rewritten: a list when it expands to nothing
		text, _ := badSubstText(pe)
		param, ok := badTransform(text)
		return ok && (param == "@" || strings.HasSuffix(param, "[@]"))
	}
	if pe.Excl && pe.Names == 0 && pe.Index == nil {
		return false
	}
	if pe.Names == syntax.NamesPrefixWords {
		return true
	}
	if pe.Excl && pe.Names != 0 {
		return false
	}
	if pe.Param.Value == "@" {
		return true
	}
	return indexLit(pe.Index) == "@"
}

func indexLit(idx syntax.ArithmExpr) string {
	if w, ok := idx.(*syntax.Word); ok && len(w.Parts) == 1 {
		if l, ok := w.Parts[0].(*syntax.Lit); ok {
			return l.Value
		}
	}
	return ""
}

// paramValue is the result of looking up a parameter before operators:
// either a scalar or a list (for @ and * forms).
type paramValue struct {
	list   []string
	isList bool
	star   bool // * form: joins with IFS[0] when quoted
	str    string
	set    bool
	name   string // resolved variable name, for messages and assignment
	// varSet: for ${a[@]}, the variable a itself is set (possibly empty)
	varSet bool

	// indirect: a list reached through ${!name} (name holding "a[@]",
	// "@" ...), which bash's :- and :+ in double quotes find null only
	// with no element
	indirect bool

	// noVar: the value of an element reference (ref=a[1]) under an
	// operator, for which bash finds no variable: ${ref@a} and ${ref@A}
	// give nothing
	noVar bool

	// word, when set, is the word of ${x+word} or ${x-word} that was
	// chosen and must be expanded in place by the caller (see inlineOp).
	word *syntax.Word
}

// expandParamPart expands one parameter expansion into b.
func (r *Runner) expandParamPart(b *fieldBuilder, pe *syntax.ParamExp, quoted bool) error {
	if (quoted || r.dblDepth > 0 || r.patDbl) && pe.Param != nil && pe.Param.Value == badSubstName {
		// written in double quotes (a pattern is expanded as unquoted)
		if text, ok := badSubstText(pe); ok {
			if end := ansiParamEnd(text); end > 0 {
				return r.expandAnsiParam(b, text, end)
			}
		}
	}
	if r.hdocDepth > 0 {
		r.hdocParams++ // see pattern
		defer func() { r.hdocParams-- }()
	}
	old, oldJoin := r.inlineOp, r.starJoinIFS
	if inlineOpWord(pe, quoted) || atJoinOp(b, pe, quoted) {
		r.inlineOp = pe
	}
	r.starJoinIFS = quoted || b.patMode
	oldOp := r.op
	r.op = opContext{
		// a POSIX shell's ${x-word} gets no W_TILDEEXP: no ~ after ':'
		assignRHS: b.assignRHS && !quoted && !r.opts.on(optPosix),
		ctlRHS:    b.ctlRHS && !quoted,
		quoted:    quoted,
		// parameter_brace_expand_rhs turns expand_no_split_dollar_star
		// off for the word of an operator other than = when IFS is null
		starSpace: pe.Exp != nil && b.assignRHS && !quoted && r.ifs() == "",
	}
	starSpace := r.op.starSpace
	pv, err := r.paramExp(pe)
	r.inlineOp, r.starJoinIFS, r.op = old, oldJoin, oldOp
	if err != nil {
		return err
	}
	if b.logOn {
		b.ifs = r.ifs() // ${IFS=x} may just have changed it
	}
	if pv.word != nil {
		if starSpace && !b.starSpace {
			// (the word of ${x-word} expands in place)
			b.starSpace = true
			defer func() { b.starSpace = false }()
		}
		return r.expandOpWord(b, pv.word, quoted)
	}
	if quoted && !pv.isList && !pv.set && pe.Exp != nil && r.atListOfNone(pe) &&
		(pe.Exp.Op == syntax.AlternateUnset || pe.Exp.Op == syntax.AlternateUnsetOrNull) {
		// "${@:+x}" or "${a[@]+x}" of no elements makes no word, as
		// "$@" does; "${@:-}" makes its word, empty
		return nil
	}
	if !pv.isList {
		if quoted {
			b.quoted(pv.str)
		} else {
			b.unquotedExp(pv.str)
		}
		return nil
	}
	if b.joinSep != "" && !(quoted && pv.star) {
		if len(pv.list) > 0 {
			s := join(pv.list, b.joinSep)
			if quoted {
				b.quoted(s)
			} else {
				b.unquotedExp(s)
			}
		}
		return nil
	}
	if quoted {
		if pv.star && r.dblAtWord && !b.patMode && quotedIFSJoinOp(pe) {
			r.starSplitJoin(b, pv.list)
			return nil
		}
		if pv.star {
			b.quoted(join(pv.list, r.quotedStarSep(pe)))
			return nil
		}
		if b.patMode && b.assignWord && quotedIFSJoinOp(pe) {
			// string_list_pos_params joins the changed elements with
			// IFS's first character (string_list_dollar_at), which an
			// assignment's value does not split again
			sep := firstIFSChar(r.ifs(), r.utf8Locale())
			if sep == "" {
				sep = " "
			}
			b.quoted(join(pv.list, sep))
			if len(pv.list) > 0 {
				b.atFields = true
			}
			return nil
		}
		for i, s := range pv.list {
			if i > 0 {
				b.forceSplit()
			}
			b.quoted(s)
		}
		if len(pv.list) > 0 {
			b.atFields = true
		}
		return nil
	}
	if b.patMode {
		sep := ifsSep(r.ifs(), r.vars.get("IFS"), r.utf8Locale())
		if !pv.star && !ifsJoinOp(pe) || pv.star && r.hdocDepth > 0 && hdocStarSpace(pe) {
			// where words are not split (foo=$@, case $@ in, [[ $@ ]],
			// <<< $@) bash joins the fields with spaces whatever IFS
			// holds, as it does for "$@"; so does a here-document
			// for most * lists
			sep = " "
		} else if !pv.star && sep == "" {
			// with a null IFS string_list_pos_params joins an @
			// list with spaces (Posix interp 888)
			sep = " "
		} else if sep == "" && (b.elemSpace && !(pe.Excl && pe.Names != 0) || b.starSpace && starJoinsAsAt(pe)) {
			sep = " "
		}
		s := join(pv.list, sep)
		if pv.star && pe.Slice != nil && b.ctlRHS && !b.starSpace {
			s = ctlDequote(s)
		}
		b.unquotedExp(s)
		return nil
	}
	if b.atJoin && !pv.star && pe.Slice == nil && pe.Repl == nil && pe.Exp == nil && !pe.Excl {
		// plain $@ and ${a[@]} keep their elements whole
		for i, s := range pv.list {
			if i > 0 {
				b.forceSplit()
			}
			b.quoted(s)
		}
		return nil
	}
	if arrayRemoveOp(pe) && r.ifs() == "" {
		if v := r.vars.get("IFS"); v != nil && v.set {
			// bash's array_remove_pattern joins the elements with
			// spaces, which a null IFS then leaves one word
			b.unquotedExp(join(pv.list, " "))
			return nil
		}
	}
	for i, s := range pv.list {
		b.listElem(i, s)
		b.unquotedExp(s)
	}
	return nil
}

// arrayRemoveOp reports ${a[@]#pat} and its siblings on an array (not
// on the positional parameters).
func arrayRemoveOp(pe *syntax.ParamExp) bool {
	if pe.Exp == nil || pe.Param == nil || pe.Param.Value == "@" || pe.Param.Value == "*" || pe.Excl {
		return false
	}
	switch pe.Exp.Op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
		// not with a pattern written empty, which leaves the value
		// as it is (see ifsJoinOp)
		return pe.Exp.Word != nil && len(pe.Exp.Word.Parts) > 0
	}
	return false
}

// quotedStarSep is the separator that a quoted star list (pe is $*,
// ${a[*]} or an operation on one) joins its elements with: IFS's first
// character, except in a here-document where hdocStarSpace holds.
func (r *Runner) quotedStarSep(pe *syntax.ParamExp) string {
	if r.hdocDepth > 0 && hdocStarSpace(pe) {
		return " "
	}
	return ifsSep(r.ifs(), r.vars.get("IFS"), r.utf8Locale())
}

// hdocStarSpace reports whether a here-document body joins the star list
// pe expands to with spaces whatever IFS holds. bash expands the body
// with Q_HERE_DOCUMENT, not Q_DOUBLE_QUOTES, and its
// string_list_pos_params joins a '*' list so quoted with spaces: $* and
// every slice, pattern removal, @ transformation and ${!a[*]}. A plain
// ${a[*]} (array_value), ${!pre*}, and the pattern substitution and case
// modification of either (which turn the quoting into Q_DOUBLE_QUOTES)
// keep IFS's first character.
func hdocStarSpace(pe *syntax.ParamExp) bool {
	if pe.Param == nil || pe.Repl != nil || pe.Excl && pe.Names != 0 {
		return false
	}
	if pe.Exp != nil {
		switch pe.Exp.Op {
		case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
			return false
		}
	}
	if pe.Param.Value == "*" || pe.Excl || pe.Slice != nil {
		return true
	}
	return ifsJoinOp(pe)
}

// atListEmpty reports whether the list that pe, a $@ or ${a[@]}
// expansion, operates on has no elements.
func (r *Runner) atListEmpty(pe *syntax.ParamExp) bool {
	if pe.Param.Value == "@" {
		return len(r.params) == 0
	}
	v := r.lookup(r.resolveRef(pe.Param.Value))
	if v == nil || !v.set {
		return true
	}
	n, isArray := arrayLen(v)
	return isArray && n == 0
}

// arrayLen returns the number of elements of v when it is an indexed or
// associative array (counting, not listing, an associative array's keys);
// isArray is false for any other variable.
func arrayLen(v *variable) (n int, isArray bool) {
	switch v.kind {
	case kIndexed:
		if v.arr == nil {
			return 0, true
		}
		return v.arr.length(), true
	case kAssoc:
		if v.assoc == nil {
			return 0, true
		}
		return len(v.assoc.m), true
	}
	return 0, false
}

// ifsJoinOp reports the expansions of a list that bash still joins with
// IFS's first character in an assignment value: ${!prefix@}, ${a[@]#pat}
// and its siblings, and the ${a[@]@op} transformations.
func ifsJoinOp(pe *syntax.ParamExp) bool {
	if pe.Excl && pe.Names != 0 {
		return true
	}
	if pe.Exp == nil {
		return false
	}
	switch pe.Exp.Op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
		// a pattern written empty (${@%}) leaves the value as it is,
		// the list unjoined (param_expand breaks before
		// parameter_brace_remove_pattern)
		return pe.Exp.Word != nil && len(pe.Exp.Word.Parts) > 0
	case syntax.OtherParamOps:
		return true
	}
	return false
}

// starSplitJoin expands the elements of a "${*op}" or "${a[*]op}" in a
// "…" that also holds a "$@" list: string_list_pos_params quotes the
// elements but not the IFS character it joins them with, and bash splits
// a "…" with "$@" in it at unquoted IFS characters, so those separators
// split the word as IFS does ("${*^}${a[@]}" with set -- a b is A, Bx…).
func (r *Runner) starSplitJoin(b *fieldBuilder, list []string) {
	sep := firstIFSChar(r.ifs(), r.utf8Locale())
	for i, s := range list {
		// bash splits the "…" on its own: IFS white space at its
		// start makes no field
		lead := r.dblStart == [2]int{len(b.fields), len(b.cur.buf)} && (sep == " " || sep == "\t" || sep == "\n")
		if i > 0 && sep != "" && !lead {
			b.unquotedExp(sep)
		}
		if s != "" {
			b.quoted(s)
		}
	}
}

// quotedIFSJoinOp reports the expansions of a list, in double quotes,
// that bash makes one string joined with IFS's first character before
// the word is split at those characters again: the keys ${!a[@]}, a
// slice, ${x/p/r}, ${x#p} and its siblings, case changes and @op
// transformations (not ${x-w}/${x+w}, whose value is the list itself).
func quotedIFSJoinOp(pe *syntax.ParamExp) bool {
	if pe.Excl || pe.Slice != nil || pe.Repl != nil {
		return true
	}
	if pe.Exp == nil {
		return false
	}
	switch pe.Exp.Op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix,
		syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll, syntax.OtherParamOps:
		return true
	}
	return false
}

// ifsSep is the separator "$*" joins with: IFS's first character (its
// first byte outside a UTF-8 locale, mb false), a space when IFS is
// unset, nothing when it is empty.
func ifsSep(ifs string, v *variable, mb bool) string {
	if v == nil || !v.set {
		return " "
	}
	return firstIFSChar(ifs, mb)
}

// assignDefaultErr is the expansion error of a ${x:=word} whose
// assignment failed with err: bash's parameter_brace_expand_rhs, finding
// the variable readonly or not assigned (a bad subscript), ends a
// non-interactive POSIX shell and otherwise abandons the command with
// status 2, after err_readonly or err_badarraysub (report_error) said
// why. Other errors (a subscript's arithmetic) pass as they are.
func (r *Runner) assignDefaultErr(err error) error {
	ee, bad := err.(*expandError)
	if bad = bad && ee.badTarget; !bad && !isReadonlyErr(err) {
		return err
	}
	if r.opts.on(optPosix) && !r.isInteractive() {
		return &expandError{msg: err.Error(), fatal: true, report: true, lastStatus: true}
	}
	return &expandError{msg: err.Error(), status: 2, report: true, lastStatus: true}
}

// paramExp evaluates a parameter expansion to a value.
func (r *Runner) paramExpand(pe *syntax.ParamExp) (paramValue, error) {
	if pe.Param == nil {
		return paramValue{}, reportErrf("bad substitution")
	}
	name := pe.Param.Value
	if name == argcName {
		// ${##word}, rewritten (see argcRewrite)
		argc := *pe.Param
		argc.Value = "#"
		npe := *pe
		npe.Param = &argc
		pe, name = &npe, "#"
	}
	if bpe, ok := r.bangParam(pe); ok {
		pe, name = bpe, "!"
	}
	if name == badSubstName && r.opts.on(optPosix) {
		if msg, ok := badSubstText(pe); ok {
			if bpe, ok := bangOpText(pe, msg); ok {
				pe, name = bpe, "!"
			}
		}
	}
	if name == badSubstName {
		if msg, ok := badSubstText(pe); ok {
			if param, ok := badTransform(msg); ok {
				return r.badTransformValue(param, msg)
			}
			// (its $'…' as bash's parser translated them)
			text := dolbraceText(msg, r.op.quoted || r.dblDepth > 0 || r.patDbl, r.escBytes())
			err := r.badSubstErr(text)
			err.(*expandError).quoteCut = !dolbraceCloses(text)
			return paramValue{}, err
		}
	}
	if name == "#" && hashOpNoWord(pe) || badNamesPrefix(pe) || pe.Excl && (name == "!" || name == "$") {
		// ${!!} and ${!$}: bash indirects only through a name, a
		// number and $#, $?, $@, $*; it reads "!!" as a parameter,
		// which is none
		return paramValue{}, r.badSubstErr(r.nodeText(pe))
	}
	// ${!prefix*} and ${!prefix@}
	if pe.Excl && pe.Names != 0 {
		names := r.namesWithPrefix(name)
		return paramValue{list: names, isList: true, star: pe.Names == syntax.NamesPrefix, set: true}, nil
	}
	if pe.Excl && pe.Index == nil && !pe.Length && r.circularRef(name) && !r.circularLocalRef(name) {
		// ${!ref} of a circular reference: no variable to name
		return paramValue{}, reportLastErrf("%s: invalid indirect expansion", name)
	}
	pv, err := r.baseValue(pe, name)
	if err != nil {
		return pv, err
	}
	if r.elemRefOperand(pe, name) {
		pv = r.flattenElemRef(pv)
	}
	indirect := "" // "!name" once ${!name} has been followed
	// ${!name}: indirection (or keys with an index)
	if pe.Excl {
		if l := indexLit(pe.Index); (l == "@" || l == "*") && pe.Exp == nil && pe.Repl == nil && pe.Slice == nil && !pe.Length {
			// ${!a[@]}: keys; ${!a[i]} is indirection through a[i],
			// and so is ${!a[@]} followed by an operator (bash reads
			// keys only for the bare form)
			if r.circularLocalRef(pv.name) {
				var keys paramValue
				_ = r.viaGlobal(pv.name, func() error {
					keys = r.arrayKeys(pv.name, l == "*")
					return nil
				})
				return keys, nil
			}
			if r.circularRef(pv.name) || r.isElemRef(pv.name) {
				// a circular reference, or one to an element, has
				// no keys
				return paramValue{isList: true, star: l == "*", set: true}, nil
			}
			return r.arrayKeys(pv.name, l == "*"), nil
		}
		if v := r.vars.get(name); v != nil && v.kind == kNameRef && !pe.Length && pe.Index == nil {
			t, ok := r.lastRefValue(name)
			if !ok {
				return paramValue{}, reportLastErrf("%s: invalid indirect expansion", name)
			}
			return paramValue{str: t, set: true}, nil
		}
		target := pv.str
		if pv.isList {
			target = join(pv.list, " ")
		}
		if !pv.set && !pv.isList && pe.Index != nil && r.lookup(r.resolveRef(name)) == nil {
			// ${!a[i]} with no variable a at all (bash finds no
			// variable to take the element of)
			return paramValue{}, reportLastErrf("%s[%s]: invalid indirect expansion", name, r.nodeText(pe.Index))
		} else if !pv.set && !pv.isList && pe.Index != nil {
			// ${!a[i]} of an unset element: unset (not an error)
			indirect = "!" + name + "[" + r.nodeText(pe.Index) + "]"
		} else if !pv.set && !pv.isList && (isDigits(name) || r.lookup(name) != nil) {
			// ${!9} with no ninth parameter: unset as well, and so is
			// ${!v} of a variable that exists with no value (declared,
			// or an array with no element 0): bash's error is only
			// for a name with no variable at all
			indirect = "!" + name
		} else {
			if !pv.set && !pv.isList {
				// not an unbound-variable error even under set -u
				return paramValue{}, reportLastErrf("%s: invalid indirect expansion", name)
			}
			if target == "" && pv.isList {
				if len(pv.list) == 0 {
					// ${!@} with no positional parameters: nothing
					return paramValue{}, nil
				}
				return paramValue{}, reportLastErrf(": invalid variable name")
			}
			if target == "" {
				// set but empty: bash names the (empty) target
				return paramValue{}, reportLastErrf(": invalid variable name")
			}
			ipe, ok := parseIndirect(target)
			if !ok {
				return paramValue{}, reportLastErrf("%s: invalid variable name", target)
			}
			if err := r.expandRefSubscript(ipe); err != nil {
				return paramValue{}, err
			}
			ipe.Slice, ipe.Repl, ipe.Exp, ipe.Length = pe.Slice, pe.Repl, pe.Exp, pe.Length
			pv, err = r.baseValue(ipe, ipe.Param.Value)
			if err != nil {
				return pv, err
			}
			pv.indirect = pv.isList
			// the error names the parameter as written, subscript
			// and all (${!h[@]@Q})
			indirect = "!" + name
			if pe.Index != nil {
				indirect += "[" + r.bracketSubscript(pe) + "]"
			}
			pe = ipe
		}
	}
	if indirect != "" && r.opts.on(optNounset) && !pv.set && !overridesUnset(pe) && !r.attrsOfWholeArray(pe, pv) && !r.unsetListOK(pe) {
		return pv, &expandError{msg: indirect + ": unbound variable", fatal: true}
	}
	if pe.Length {
		if pe.Index == nil && r.isElemRef(r.resolveRef(pe.Param.Value)) {
			if !r.opts.on(optNounset) {
				// bash looks for a variable named a[1] and, finding
				// none, counts 0
				return paramValue{str: "0", set: true}, nil
			}
			if pv.isList {
				// with set -u it counts the characters of $ref,
				// a[@]'s elements joined by spaces (string_list),
				// never unbound
				pv = paramValue{str: strings.Join(pv.list, " "), set: true, name: pv.name}
			} else if !pv.set {
				// and an unset element counts 0, not unbound
				return paramValue{str: "0", set: true}, nil
			}
		}
		if pv.isList && pe.Index != nil && !pv.varSet && r.opts.on(optNounset) {
			// ${#a[@]} of an unset (or declared, never assigned) array:
			// an error that does not exit the shell, but bash's
			// err_unboundvar is a report_error, which set -e exits at
			return pv, reportErrf("%s: unbound variable", pe.Param.Value)
		}
		if pe.Index != nil && r.opts.on(optNounset) {
			t := r.resolveRef(pe.Param.Value)
			if v := r.lookup(t); r.isElemRef(t) || v != nil && v.set && v.kind == kString {
				// array_length_reference counts no element of a
				// variable that is not an array: unbound for set -u,
				// even ${#s[0]} and ${#s[@]} of a set scalar s
				return pv, reportErrf("%s: unbound variable", pe.Param.Value)
			}
		}
		if pv.isList {
			return paramValue{str: itoa(int64(len(pv.list))), set: true}, nil
		}
		if !pv.set && r.opts.on(optNounset) && pe.Param.Value != "!" {
			// (${#!} with no job is 0: bash counts no text)
			v := r.lookup(pv.name)
			if pe.Index == nil || v == nil || !v.set || v.kind == kString {
				// ${#x[5]} and ${#1} report x and 1; a missing element
				// of a set array is not an error
				// (an indexed length is bash's array_length_reference,
				// whose error does not exit the shell)
				return pv, &expandError{msg: pe.Param.Value + ": unbound variable", fatal: pe.Index == nil, report: true}
			}
		}
		if !r.utf8Locale() {
			return paramValue{str: itoa(int64(len(pv.str))), set: true}, nil
		}
		return paramValue{str: itoa(int64(utf8.RuneCountInString(pv.str))), set: true}, nil
	}
	if r.opts.on(optNounset) && !pv.set && !overridesUnset(pe) && !r.attrsOfWholeArray(pe, pv) {
		// "$@" and "${a[@]}" are never unbound (bash 5.2), nor is an
		// unbraced $ref to an element: bash's param_expand returns
		// what the element expands to without the check
		if !pv.isList && !(pe.Short && r.isElemRef(r.resolveRef(pe.Param.Value))) {
			return pv, r.unbound(pe, pv)
		}
	}
	switch {
	case pe.Slice != nil:
		return r.sliceValue(pe, pv)
	case pe.Repl != nil:
		if noValue(pv) {
			return pv, nil // the words are not expanded (nor their errors)
		}
		return r.replaceValue(pe, pv)
	case pe.Exp != nil:
		if noValue(pv) && patternOp(pe.Exp.Op) {
			return pv, nil
		}
		return r.expOp(pe, pv, indirect)
	}
	return pv, nil
}

// noValue reports a parameter with no value to work on, an unset one or
// a list of no elements: bash's pattern removal, substitution and case
// modification then return at once, without expanding their words.
func noValue(pv paramValue) bool {
	if pv.isList {
		return len(pv.list) == 0
	}
	return !pv.set
}

// patternOp reports the operators that take a pattern word: # ## % %%
// ^ ^^ , ,,.
func patternOp(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix,
		syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
		return true
	}
	return false
}

// badNamesPrefix reports a ${!prefix*} or ${!prefix@} bash rejects: a
// prefix that cannot start a name (${!1*}, ${!@*}), or text after the *
// or @ (${!x* }, which the parser takes for an operator).
func badNamesPrefix(pe *syntax.ParamExp) bool {
	if !pe.Excl {
		return false
	}
	if pe.Names != 0 {
		c := pe.Param.Value[0]
		return !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
	}
	return pe.Exp != nil && pe.Exp.Op != syntax.OtherParamOps && pe.Exp.Op.String() == "*"
}

// hashOpNoWord reports ${#%}, ${#=}, ${#+} and ${#/}: bash takes these
// for a broken ${#name} and rejects them, where ${#%%}, ${#-} or ${#/x}
// are expansions of $# (or the length of $-).
func hashOpNoWord(pe *syntax.ParamExp) bool {
	if pe.Length || pe.Excl || pe.Index != nil || pe.Slice != nil {
		return false
	}
	if e := pe.Exp; e != nil {
		switch e.Op {
		case syntax.RemSmallSuffix, syntax.AssignUnset, syntax.AlternateUnset:
			return e.Word == nil || len(e.Word.Parts) == 0
		case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
			return true // bash takes ${#^…} for a length and rejects it
		}
		return false
	}
	if rp := pe.Repl; rp != nil && !rp.All {
		return (rp.Orig == nil || len(rp.Orig.Parts) == 0) && (rp.With == nil || len(rp.With.Parts) == 0)
	}
	return false
}

// overridesUnset reports whether pe's operator decides what an unset
// parameter gives (${x-w} and the like), so set -u does not apply.
func overridesUnset(pe *syntax.ParamExp) bool {
	return pe.Exp != nil && wordOp(pe.Exp.Op)
}

func (r *Runner) unbound(pe *syntax.ParamExp, pv paramValue) error {
	name := pe.Param.Value
	switch {
	case (isDigits(name) || name == "!") && pe.Short:
		// bash names $9 and $! as written, and ${9}, ${10} and ${!}
		// without the $
		name = "$" + name
	case pe.Index != nil:
		// bash's err_unboundvar names the parameter as written: the
		// subscript unexpanded (${a[$i]} is a[$i])
		name = name + "[" + r.bracketSubscript(pe) + "]"
	}
	return &expandError{msg: name + ": unbound variable", fatal: true}
}

// bracketSubscript is writtenSubscript of pe's subscript with the
// blanks around it inside the brackets, as bash's messages quote it
// (${a[ 5 ]} is a[ 5 ]).
func (r *Runner) bracketSubscript(pe *syntax.ParamExp) string {
	sub := r.writtenSubscript(pe.Index)
	src := r.curSrc
	if pe.Param == nil || src == "" || !pe.Param.End().IsValid() || !pe.Index.Pos().IsValid() || !pe.Index.End().IsValid() {
		return sub
	}
	open, start, end := int(pe.Param.End().Offset()), int(pe.Index.Pos().Offset()), int(pe.Index.End().Offset())
	if open >= start || end > len(src) || src[open] != '[' {
		return sub
	}
	lead := src[open+1 : start]
	trail := src[end:]
	trail = trail[:len(trail)-len(strings.TrimLeft(trail, " \t\n"))]
	if strings.Trim(lead, " \t\n") != "" || !strings.HasPrefix(src[end+len(trail):], "]") {
		return sub
	}
	return lead + sub + trail
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parseIndirect parses the target of ${!x}: a name, optionally indexed,
// or a positional or special parameter.
func parseIndirect(s string) (*syntax.ParamExp, bool) {
	pe := &syntax.ParamExp{Param: &syntax.Lit{Value: s}}
	if i := strings.IndexByte(s, '['); i > 0 && strings.HasSuffix(s, "]") {
		name, idx := s[:i], s[i+1:len(s)-1]
		if !validArrayRef(s) {
			// an empty or unbalanced subscript (a[], a[x"], a[1]])
			return nil, false
		}
		pe.Param.Value = name
		// an unpositioned literal: its text is the subscript itself,
		// evaluated (or used as a key) when the expansion happens
		pe.Index = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: idx}}}
		return pe, true
	}
	if validName(s) || isDigits(s) {
		return pe, true
	}
	switch s {
	case "@", "*", "#", "?", "-", "$", "!", "0":
		return pe, true
	}
	return nil, false
}

// badSubName is the name bash's INDEX_ERROR gives a bad subscript: the
// variable's, reached through any reference, or the name as written when
// there is none.
func badSubName(pe *syntax.ParamExp, name string, v *variable) string {
	if v != nil && validName(name) {
		return name
	}
	return pe.Param.Value
}

// baseValue looks a parameter up, following namerefs, applying an index.
func (r *Runner) baseValue(pe *syntax.ParamExp, name string) (paramValue, error) {
	switch name {
	case "@", "*":
		return paramValue{list: r.params, isList: true, star: name == "*", set: len(r.params) > 0, name: name}, nil
	}
	if pe.Index != nil && r.nodeText(pe.Index) == "" {
		// ${a[]} or ${!a[]} (which the parser took with a quoted empty
		// subscript): no valid array reference
		return paramValue{}, r.badSubstErr(r.nodeText(pe))
	}
	if r.circularLocalRef(name) {
		// bash resolves a function's circular reference (local -n v=v,
		// f v) to the global variable, warning each time it looks the
		// name up: twice for an element, three times for a slice
		warn := 1
		if pe.Index != nil && !pe.Length && !pe.Excl {
			warn++
			if pe.Slice != nil {
				warn++
			}
		}
		for range warn {
			r.errorf("warning: %s: circular name reference", pe.Param.Value)
		}
		var pv paramValue
		err := r.viaGlobal(name, func() (err error) {
			pv, err = r.baseValue(pe, name)
			return err
		})
		return pv, err
	}
	name, bound, circular := r.followRefVar(name)
	if circular {
		// looked up again for an element
		r.errorf("warning: %s: circular name reference", pe.Param.Value)
		if pe.Index != nil && !pe.Length && !pe.Excl || pe.Index == nil && pe.Length {
			r.errorf("warning: %s: circular name reference", pe.Param.Value)
		}
		if l := indexLit(pe.Index); l == "@" || l == "*" {
			// no elements
			return paramValue{isList: true, star: l == "*", name: pe.Param.Value}, nil
		}
		return paramValue{name: pe.Param.Value}, nil
	}
	if pe.Index == nil && elemRefVar(bound) {
		if ep, err := r.refElem(name); err != nil {
			return paramValue{}, err
		} else if ep != nil {
			// a nameref to an array element: ${ref} is ${arr[i]}
			return r.baseValue(ep, ep.Param.Value)
		}
	}
	v := bound
	if !isBinding(name, v) {
		v = r.lookup(name)
	}
	if pe.Index != nil && elemRefVar(bound) {
		// a[1], the name a reference to an element leads to, is no
		// variable: ${ref[@]} and ${ref[0]} find nothing
		v = nil
	}
	if pe.Index == nil {
		if v == nil || !v.set {
			return paramValue{name: name}, nil
		}
		return paramValue{str: v.value(), set: v.isSetScalar(), name: name}, nil
	}
	switch lit := indexLit(pe.Index); lit {
	case "@", "*":
		pv := paramValue{isList: true, star: lit == "*", name: name}
		if v == nil || !v.set {
			return pv, nil
		}
		pv.set, pv.varSet = true, true
		switch v.kind {
		case kIndexed:
			pv.list = v.arr.vals
		case kAssoc:
			pv.list = v.assoc.values()
		default:
			pv.list = []string{v.str}
		}
		pv.set = len(pv.list) > 0
		return pv, nil
	}
	if (v == nil || !v.set) && pe.Length {
		// array_length_reference: no variable (or one declared,
		// invisible) is length 0, its subscript not evaluated
		return paramValue{name: name}, nil
	}
	if v == nil || !v.set {
		if v != nil && v.kind == kAssoc {
			if k, err := r.indexString(pe.Index); err != nil {
				return paramValue{}, err
			} else if k == "" {
				if err := r.reportError("%s: bad array subscript", badSubName(pe, name, v)); err != nil {
					return paramValue{}, err
				}
			}
			return paramValue{name: name}, nil
		}
		// evaluate the index for its side effects and errors
		i, err := r.indexValue(v, pe.Index)
		if err != nil {
			return paramValue{}, err
		}
		if i < 0 {
			if pe.Length {
				return paramValue{}, r.lengthSubErr(pe)
			}
			// no elements (or no variable): any negative subscript
			// is before the start, which bash reports
			if err := r.reportError("%s: bad array subscript", badSubName(pe, name, v)); err != nil {
				return paramValue{}, err
			}
		}
		return paramValue{name: name}, nil
	}
	switch v.kind {
	case kAssoc:
		k, err := r.indexString(pe.Index)
		if err != nil {
			return paramValue{}, err
		}
		if k == "" {
			// reported, and the expansion goes on unset
			if err := r.reportError("%s: bad array subscript", badSubName(pe, name, v)); err != nil {
				return paramValue{}, err
			}
			return paramValue{name: name}, nil
		}
		if nv := r.lookup(name); nv != nil && nv.set && nv.kind == kAssoc {
			v = nv // the key's expansion may have assigned to it
		}
		s, ok := v.assoc.m[k]
		return paramValue{str: s, set: ok, name: name}, nil
	case kIndexed:
		i, err := r.subscriptIndex(pe.Index)
		if err != nil {
			return paramValue{}, err
		}
		// the subscript may have assigned to the array (a[a[0]--]),
		// which a forked shell's shared values copy on write
		if nv := r.lookup(name); nv != nil && nv.set && nv.kind == kIndexed {
			v = nv
		}
		if i < 0 {
			i += int64(v.arr.maxIndex()) + 1
			if i < 0 {
				if pe.Length {
					return paramValue{}, r.lengthSubErr(pe)
				}
				// bash reports it and goes on with an unset element
				if err := r.reportError("%s: bad array subscript", badSubName(pe, name, v)); err != nil {
					return paramValue{}, err
				}
				return paramValue{name: name}, nil
			}
		}
		s, ok := v.arr.get(int(i))
		return paramValue{str: s, set: ok, name: name}, nil
	default:
		i, err := r.subscriptIndex(pe.Index)
		if err != nil {
			return paramValue{}, err
		}
		if i < 0 {
			if pe.Length {
				return paramValue{}, r.lengthSubErr(pe)
			}
			// bash counts back from the end of indexed arrays only
			if err := r.reportError("%s: bad array subscript", badSubName(pe, name, v)); err != nil {
				return paramValue{}, err
			}
			return paramValue{name: name}, nil
		}
		if nv := r.lookup(name); nv != nil && nv.set && nv.kind == v.kind {
			v = nv // the subscript may have assigned to it (s[s=5,0])
		}
		if i == 0 {
			return paramValue{str: v.str, set: true, name: name}, nil
		}
		return paramValue{name: name}, nil
	}
}

// lengthSubErr is the error of ${#a[i]} whose i is before the start:
// bash's array_length_reference names the subscript as written with its
// ']' and fails the expansion as a bad substitution does (but exits no
// POSIX shell).
func (r *Runner) lengthSubErr(pe *syntax.ParamExp) error {
	t := r.nodeText(pe) // ${#a[ -1 ]}: " -1 ]"
	if i := strings.IndexByte(t, '['); i >= 0 && strings.HasSuffix(t, "}") {
		t = t[i+1 : len(t)-1]
	}
	return &expandError{msg: t + ": bad array subscript", report: true}
}

func (r *Runner) indexValue(v *variable, idx syntax.ArithmExpr) (int64, error) {
	if v != nil && v.kind == kAssoc {
		return 0, nil
	}
	return r.subscriptIndex(idx)
}

// subscriptIndex evaluates an indexed array's subscript; an error in it
// unwinds to the top level, as bash's array_expand_index does.
func (r *Runner) subscriptIndex(idx syntax.ArithmExpr) (int64, error) {
	n, err := r.arith(idx)
	return n, subscriptError(err)
}

// indexString evaluates an associative array subscript as a string.
func (r *Runner) indexString(idx syntax.ArithmExpr) (string, error) {
	if s, ok := unpositionedLit(idx); ok {
		return s, nil
	}
	if w, ok := idx.(*syntax.Word); ok && bareNameRef(w) && w.Pos().IsValid() && int(w.End().Offset()) <= len(r.curSrc) {
		// A[foo[bar]]: the parser read foo[bar] as an element of foo,
		// but an associative key is text: foo[bar] itself
		return r.subscriptText(r.curSrc[w.Pos().Offset():w.End().Offset()])
	}
	if w, ok := idx.(*syntax.Word); ok {
		// quotes in a subscript are removed even inside "…"
		old := r.dblDepth
		r.dblDepth = 0
		defer func() { r.dblDepth = old }()
		s, err := r.literal(w)
		if err != nil {
			return "", err
		}
		// blanks around the word are part of the key: A[ w ]
		src, start, end := r.curSrc, int(w.Pos().Offset()), int(w.End().Offset())
		if w.Pos().IsValid() && start <= end && end <= len(src) {
			lead, trail := start, end
			for lead > 0 && (src[lead-1] == ' ' || src[lead-1] == '\t') {
				lead--
			}
			for trail < len(src) && (src[trail] == ' ' || src[trail] == '\t') {
				trail++
			}
			if lead > 0 && src[lead-1] == '[' && trail < len(src) && src[trail] == ']' {
				s = src[lead:start] + s + src[end:trail]
			}
		}
		return s, nil
	}
	// an expression such as $k+1 or a=b (parsed as arithmetic): the key
	// is the subscript's text, blanks around it kept, with its
	// expansions done and quotes removed
	if src, start := r.curSrc, int(idx.Pos().Offset()); idx.Pos().IsValid() && start <= len(src) && int(idx.End().Offset()) <= len(src) {
		lead := start
		for lead > 0 && (src[lead-1] == ' ' || src[lead-1] == '\t') {
			lead--
		}
		s, err := r.arithText(idx, true)
		if err != nil {
			return "", err
		}
		return src[lead:start] + s, nil
	}
	var sb strings.Builder
	syntax.NewPrinter(syntax.Minify(true)).Print(&sb, idx)
	return sb.String(), nil
}

// bareNameRef reports whether w has a part the parser read as an
// arithmetic variable reference, name[sub] without a $.
func bareNameRef(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if pe, ok := p.(*syntax.ParamExp); ok && !pe.Dollar.IsValid() {
			return true
		}
	}
	return false
}

// isElemRef reports whether name is a nameref whose value is an array
// element (a[1]), without expanding anything.
func (r *Runner) isElemRef(name string) bool { return elemRefVar(r.vars.get(name)) }

// elemRefVar is isElemRef for the variable v bound to the name.
func elemRefVar(v *variable) bool {
	return v != nil && v.kind == kNameRef && v.set && strings.IndexByte(v.str, '[') > 0
}

// refElem reports, for a nameref name whose value is an array element
// such as "arr[$i]", that element as an unpositioned ${arr[1]}, its
// subscript expanded; nil otherwise.
func (r *Runner) refElem(name string) (*syntax.ParamExp, error) {
	if !r.isElemRef(name) {
		return nil, nil
	}
	pe, ok := parseIndirect(r.vars.get(name).str)
	if !ok || pe.Index == nil {
		return nil, nil
	}
	return pe, r.expandRefSubscript(pe)
}

// resolveRef follows namerefs from name to the variable they point at.
func (r *Runner) resolveRef(name string) string {
	name, _ = r.followRef(name)
	return name
}

// refDeadEnd reports whether name is a global nameref with a target
// whose chain ends at a reference to nothing: bash's
// bind_variable_internal then finds no variable to assign (neither the
// target nor the last reference's name) and the assignment fails,
// silently. (A reference to nothing itself takes the value as its
// target; a function's local reference sets the last one's.)
func (r *Runner) refDeadEnd(name string) bool {
	v := r.vars.get(name)
	if v == nil || v.kind != kNameRef || !v.set || v.local {
		return false
	}
	t, circular := r.followRef(name)
	if circular || t == name {
		return false
	}
	tv := r.vars.get(t)
	return tv != nil && tv.kind == kNameRef && !tv.set
}

// circularLocalRef reports whether name is a function's local nameref
// whose chain leads back to itself: bash then resolves it, for reading and
// assigning, to the global variable of that name, not following namerefs.
func (r *Runner) circularLocalRef(name string) bool {
	if len(r.vars.frames) == 0 {
		return false
	}
	v := r.vars.m[name]
	if v == nil || v.kind != kNameRef || !v.local || !v.set {
		return false
	}
	_, circular := r.followRef(name)
	return circular
}

// circularRef reports whether name is a nameref whose chain leads back to
// itself (bash's "circular name reference"); a function's own circular
// local is circularLocalRef's.
func (r *Runner) circularRef(name string) bool {
	v := r.vars.get(name)
	if v == nil || v.kind != kNameRef || !v.set {
		return false
	}
	_, circular := r.followRef(name)
	return circular
}

// viaGlobal runs fn with name bound to its global variable instead of
// the local that shadows it, and puts the (possibly changed) global back.
func (r *Runner) viaGlobal(name string, fn func() error) error {
	var slot *frame
	for _, f := range r.vars.frames {
		if _, ok := f.saved[name]; ok {
			slot = f
			break
		}
	}
	if slot == nil {
		return fn()
	}
	local := r.vars.m[name]
	if g := slot.saved[name]; g == nil {
		delete(r.vars.m, name)
	} else {
		r.vars.m[name] = g
	}
	err := fn()
	slot.saved[name] = r.vars.m[name]
	r.vars.m[name] = local
	r.vars.envDirty = true
	return err
}

// lastRefValue is ${!name} of a nameref: the value of the last reference
// in the chain that starts at name (bash's find_variable_last_nameref), as
// in declare -n a=b b=c, where ${!a} is c. ok is false when the chain ends
// at a reference without a value or has more than eight references (a
// circular one).
func (r *Runner) lastRefValue(name string) (val string, ok bool) {
	v := r.vars.get(name)
	for level := 0; v != nil && v.kind == kNameRef; level++ {
		if level >= 8 || !v.set || v.str == "" {
			return "", false
		}
		val = v.str
		v = r.vars.get(val)
	}
	return val, true
}

// lastRefName is the last reference in the chain of namerefs that starts
// at name (bash's find_variable_last_nameref): the one whose target is
// no nameref. It is "" when name is no nameref or the chain is circular.
func (r *Runner) lastRefName(name string) string {
	last := ""
	v := r.vars.get(name)
	for level := 0; v != nil && v.kind == kNameRef; level++ {
		if level >= 8 {
			return ""
		}
		last = name
		if !v.set || v.str == "" {
			break
		}
		name = v.str
		v = r.vars.get(name)
	}
	return last
}

// followRef is resolveRef that also reports a circular chain (a nameref
// leading back to itself or to the name it started from), which bash
// treats as no variable when reading.
func (r *Runner) followRef(name string) (string, bool) {
	name, _, circular := r.followRefVar(name)
	return name, circular
}

// followRefVar is followRef that also returns r.vars.get of the name it
// returns, which it has at hand: a caller about to look the name up
// (see isBinding) need not do it again.
func (r *Runner) followRefVar(name string) (string, *variable, bool) {
	orig := name
	for i := 0; i < 8; i++ {
		v := r.vars.get(name)
		if v == nil || v.kind != kNameRef || !v.set || v.str == "" {
			return name, v, false
		}
		next := v.str
		if j := strings.IndexByte(next, '['); j > 0 {
			return name, v, false
		}
		if next == orig || next == name {
			return name, v, true
		}
		name = next
	}
	return name, r.vars.get(name), false
}

func (r *Runner) arrayKeys(name string, star bool) paramValue {
	v := r.lookup(name)
	pv := paramValue{isList: true, star: star, set: true}
	if v == nil || !v.set {
		return pv
	}
	switch v.kind {
	case kIndexed:
		for p := 0; p < len(v.arr.vals); p++ {
			pv.list = append(pv.list, itoa(int64(v.arr.index(p))))
		}
	case kAssoc:
		pv.list = v.assoc.keys()
	default:
		pv.list = []string{"0"}
	}
	return pv
}

func (r *Runner) namesWithPrefix(prefix string) []string {
	var out []string
	for _, n := range r.visibleNames() {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	return out
}

func (r *Runner) sliceValue(pe *syntax.ParamExp, pv paramValue) (paramValue, error) {
	var off, length int64
	var err error
	if !pv.set && pe.Param.Value != "@" && pe.Param.Value != "*" {
		// bash evaluates no offset for an unset variable
		return pv, nil
	}
	if err := r.sliceUnclosedParen(pe); err != nil {
		return pv, err
	}
	// arithmetic errors name the parameter, as bash's this_command_name
	name := pe.Param.Value
	if pe.Index != nil {
		name += "[" + strings.TrimSpace(r.nodeText(pe.Index)) + "]"
	}
	if pe.Slice.Offset != nil {
		if off, err = r.arithNode(pe.Slice.Offset, name); err != nil {
			return pv, err
		}
	}
	strAt := false // ${s[@]:…} of a string variable
	if pv.isList && pv.name != "@" && pv.name != "*" && len(pv.list) == 1 {
		if v := r.lookup(pv.name); v != nil && v.kind == kString {
			// ${s[@]:1} of a string variable is a substring, as
			// bash's get_var_and_type takes it for the variable
			strAt = !pv.star
			pv = paramValue{str: pv.list[0], set: pv.set, name: pv.name}
		}
	}
	if r.sliceOffsetOutside(pv, off) {
		// bash's verify_substring_values gives up before it evaluates
		// the length: nothing, and no error for a length that is
		// negative or fails
		if pv.isList || strAt {
			return paramValue{isList: true, star: pv.star, set: pv.set}, nil
		}
		return paramValue{set: pv.set}, nil
	}
	hasLen := pe.Slice.Length != nil
	if hasLen {
		if length, err = r.arithNode(pe.Slice.Length, name); err != nil {
			return pv, err
		}
	}
	if pv.isList {
		if hasLen && length < 0 {
			// bash never counts a length back from the end of a list
			return pv, expErr("%s: substring expression < 0", r.sliceText(pe))
		}
		positional := pv.name == "@" || pv.name == "*"
		if !positional {
			// (the positional parameters are not looked up: that
			// joins them all)
			if v := r.lookup(pv.name); v != nil && v.kind == kIndexed && v.arr.keys != nil {
				return r.sparseSlice(v, pv, off, length, hasLen)
			} else if v != nil && v.kind == kAssoc {
				return assocSlice(pv, off, length, hasLen), nil
			}
		}
		kind, n := sliceArray, int64(len(pv.list))
		if positional {
			// positional parameters: offset 0 is $0
			kind, n = slicePositional, int64(len(r.params))+1
		}
		off, end, ok := sliceRange(off, length, n, hasLen, kind)
		if !ok {
			return paramValue{isList: true, star: pv.star, set: pv.set}, nil
		}
		var list []string
		switch {
		case !positional:
			list = pv.list[off:end]
		case end == 0:
		case off == 0:
			list = append([]string{r.arg0}, r.params[:end-1]...)
		default:
			// no copy of them all for each ${@:i:1} (a loop over
			// them was quadratic); capped, so that no append writes
			// into the parameters
			list = r.params[off-1 : end-1 : end-1]
		}
		return paramValue{list: list, isList: true, star: pv.star, set: pv.set}, nil
	}
	// offsets count characters in a UTF-8 locale (bounds keeps invalid
	// bytes as single characters) and bytes otherwise
	n := int64(len(pv.str))
	multi := false
	if r.utf8Locale() {
		if c := r.charLen(pv.str); c != n {
			n, multi = c, true
		}
	}
	tooFar := off > n
	off, end, ok := sliceRange(off, length, n, hasLen, sliceString)
	if !ok || strAt && tooFar {
		if strAt {
			// no substring at all: "${s[@]:9}" makes no word
			return paramValue{isList: true, set: pv.set}, nil
		}
		return paramValue{set: pv.set}, nil
	}
	if end < off {
		return pv, expErr("%s: substring expression < 0", r.sliceText(pe))
	}
	if multi {
		off, end = charByteOffsets(pv.str, off, end)
	}
	return paramValue{str: pv.str[off:end], set: pv.set}, nil
}

// charLen is the number of characters in s, counted as runeBounds counts
// them (an invalid byte is one). The count of a long string is kept for
// the next call: a loop taking ${s:i:1} over s measures s each time, and
// comparing with the kept string is quick when it is the same one (Go's
// string comparison starts with the pointers).
func (r *Runner) charLen(s string) int64 {
	if len(s) < 64 {
		return int64(utf8.RuneCountInString(s))
	}
	if c := &r.lastCharLen; len(c.s) == len(s) && c.s == s {
		return c.n
	}
	n := int64(utf8.RuneCountInString(s))
	r.lastCharLen.s, r.lastCharLen.n = s, n
	return n
}

// charByteOffsets returns the byte offsets in s of its characters number
// off and end (off <= end <= the character count), walking no further
// than end: ${s:i:1} over a long string stays cheap. Characters are
// counted as runeBounds counts them, an invalid byte as one.
func charByteOffsets(s string, off, end int64) (int64, int64) {
	i, k := 0, int64(0)
	var from int
	for {
		if k == off {
			from = i
		}
		if k == end {
			return int64(from), int64(i)
		}
		_, w := decodeChar(s[i:])
		i += w
		k++
	}
}

// sliceOffsetOutside reports whether the offset of ${x:off…} is outside
// x by bash's measure (verify_substring_values): characters of a string;
// the positional parameters with $0 (and one more at offset 0); the
// highest index of an array, the count of an associative one, either
// one more for a negative offset, which counts back from there.
func (r *Runner) sliceOffsetOutside(pv paramValue, off int64) bool {
	var n int64
	switch {
	case !pv.isList:
		n = int64(len(pv.str))
		if r.utf8Locale() {
			n = r.charLen(pv.str)
		}
	case pv.name == "@" || pv.name == "*":
		n = int64(len(r.params)) + 1
		if off == 0 {
			n++
		}
	default:
		v := r.lookup(pv.name)
		switch {
		case v != nil && v.kind == kIndexed:
			if off < 0 {
				// a negative offset counts from one past the
				// highest index, which may be the largest integer
				return negArrayOffset(off, v) < 0
			}
			n = int64(v.arr.maxIndex())
		case v != nil && v.kind == kAssoc:
			n = int64(len(pv.list))
		default:
			return false
		}
		if off < 0 {
			n++
		}
	}
	if off < 0 {
		off += n
	}
	return off < 0 || off > n
}

// sliceRange resolves the offset and length of ${x:off:len} against n
// elements or characters: a negative offset counts back from the end (ok
// is false when it reaches before the start), a negative length ends that
// far before the end (end < off when that is before the offset, which the
// caller reports). kind says how bash ends a slice whose offset plus
// length passes the largest integer.
func sliceRange(off, length, n int64, hasLen bool, kind sliceKind) (start, end int64, ok bool) {
	if off < 0 {
		off += n
		if off < 0 {
			return 0, 0, false
		}
	}
	if off > n {
		off = n
	}
	end = n
	if hasLen {
		if length < 0 {
			end = n + length
		} else if sum := off + length; sum < 0 && kind != sliceArray {
			end = wrappedSliceEnd(off, sum, n, kind)
		} else if sum >= 0 && sum < n {
			end = sum
		}
	}
	return off, end, true
}

// sliceKind is what ${x:off:len} slices: bash computes the end of a
// string or of the positional parameters as offset plus length, and
// counts elements of an array.
type sliceKind int

const (
	sliceString sliceKind = iota
	slicePositional
	sliceArray
)

// wrappedSliceEnd ends a slice whose end, off plus a length, wrapped past
// the largest integer to sum. bash keeps the wrapped sum (nothing clamps a
// negative one) and passes it as a C int: mb_substring then counts
// int(sum)-off characters, all the rest when that is negative, and
// pos_params takes parameters while the index is below int(sum), but
// always the first one (none when int(sum) is the offset).
func wrappedSliceEnd(off, sum, n int64, kind sliceKind) int64 {
	e := int64(int32(sum))
	switch {
	case kind == sliceString && e < off:
		return n
	case kind == slicePositional && e == off:
		return off
	case kind == slicePositional && e <= off:
		return min(off+1, n)
	}
	return min(e, n)
}

// utf8Locale reports whether the shell's character locale (LC_ALL, else
// LC_CTYPE, else LANG, as bash reads them when they are assigned) is a
// UTF-8 one; otherwise characters are bytes, as in the C locale.
func (r *Runner) utf8Locale() bool { return r.ctypeUTF8(r.ctypeName()) }

// sliceText is the length expression of ${x:off:len} as written, which
// bash names in its "substring expression < 0" message.
func (r *Runner) sliceText(pe *syntax.ParamExp) string {
	n := pe.Slice.Length
	if n == nil {
		return ""
	}
	// bash's text runs from the second colon to the closing brace,
	// blanks included (${x:1: -5} says " -5")
	src := r.curSrc
	start, end := int(n.Pos().Offset()), int(pe.Rbrace.Offset())
	if src == "" || !n.Pos().IsValid() || !pe.Rbrace.IsValid() || start > len(src) || end > len(src) || end < int(n.End().Offset()) {
		return r.nodeText(n)
	}
	for start > 0 && strings.IndexByte(" \t\n", src[start-1]) >= 0 {
		start--
	}
	if start == 0 || src[start-1] != ':' {
		return r.nodeText(n)
	}
	return decodeRawBytes(writtenText(src[start:end]))
}

// assocSlice is ${h[@]:off:len} over an associative array's values in
// iteration order, with bash's counting (assoc_subrange): offsets 0 and 1
// both start at the first value, offset n at the nth; a negative offset
// counts back from n+1; a length of 0 still yields one value.
func assocSlice(pv paramValue, off, length int64, hasLen bool) paramValue {
	out := paramValue{isList: true, star: pv.star, set: pv.set}
	n, limit := int64(len(pv.list)), int64(len(pv.list))
	if off < 0 {
		limit++
		off += limit
	}
	if off < 0 || off > limit || n == 0 {
		return out
	}
	start := max(off-1, 0)
	if start >= n {
		return out
	}
	end := n
	if hasLen {
		end = min(start+max(length, 1), n)
	}
	out.list = pv.list[start:end]
	return out
}

func (r *Runner) sparseSlice(v *variable, pv paramValue, off, length int64, hasLen bool) (paramValue, error) {
	out := paramValue{isList: true, star: pv.star, set: pv.set}
	if off < 0 {
		if off = negArrayOffset(off, v); off < 0 {
			return out, nil
		}
	}
	for p := 0; p < len(v.arr.vals); p++ {
		if int64(v.arr.index(p)) < off {
			continue
		}
		if hasLen && int64(len(out.list)) >= length {
			break
		}
		out.list = append(out.list, v.arr.vals[p])
	}
	return out, nil
}

// negArrayOffset resolves the negative offset off of ${a[@]:off} against
// indexed array v: off+max+1, added in an order that cannot overflow. bash
// lets max+1 wrap, but its checks then come out as for the true sum, so
// ${a[@]: -1} finds an element at index 9223372036854775807.
func negArrayOffset(off int64, v *variable) int64 {
	return off + 1 + int64(v.arr.maxIndex())
}

// mapValue applies f to a scalar or to each list element.
func mapValue(pv paramValue, f func(string) string) paramValue {
	if !pv.isList {
		pv.str = f(pv.str)
		return pv
	}
	out := make([]string, len(pv.list))
	for i, s := range pv.list {
		out[i] = f(s)
	}
	pv.list = out
	return pv
}

// replTemplate is bash's shouldexp_replacement: an &, \& or \\ makes the
// replacement a template for the match.
func replTemplate(rf []byte) bool {
	for i := 0; i < len(rf); i++ {
		switch rf[i] {
		case '\\':
			if i+1 < len(rf) && (rf[i+1] == '&' || rf[i+1] == '\\') {
				return true
			}
			i++
		case '&':
			return true
		}
	}
	return false
}

// slashPattern splits ${x//PAT/REP} as bash does when PAT starts with a
// slash: the pattern's first character is never the delimiter, so in
// ${x////-} the pattern is "/" and in ${x///r/-} it is "/r". mvdan's
// parser ends the pattern at that first slash; the replacement word it
// read holds the rest of the pattern up to the next unquoted slash.
func slashPattern(pe *syntax.ParamExp) (orig, with *syntax.Word) {
	repl := pe.Repl
	orig, with = repl.Orig, repl.With
	if !repl.All || (orig != nil && len(orig.Parts) > 0) {
		return orig, with
	}
	lit := func(v string) *syntax.Lit { return &syntax.Lit{Value: v} }
	if with == nil {
		// ${x///}: the parser kept no word; only the text tells it from ${x//}
		if pe.Param != nil && pe.Rbrace.IsValid() && pe.Rbrace.Offset() == pe.Param.End().Offset()+3 {
			return &syntax.Word{Parts: []syntax.WordPart{lit("/")}}, nil
		}
		return orig, with
	}
	pat := []syntax.WordPart{lit("/")}
	for i, part := range with.Parts {
		l, ok := part.(*syntax.Lit)
		if !ok {
			pat = append(pat, part)
			continue
		}
		for j := 0; j < len(l.Value); j++ {
			if l.Value[j] == '\\' {
				j++
				continue
			}
			if l.Value[j] == '/' {
				if j > 0 {
					pat = append(pat, lit(l.Value[:j]))
				}
				rest := append([]syntax.WordPart{lit(l.Value[j+1:])}, with.Parts[i+1:]...)
				return &syntax.Word{Parts: pat}, &syntax.Word{Parts: rest}
			}
		}
		pat = append(pat, part)
	}
	return &syntax.Word{Parts: pat}, nil
}

func (r *Runner) replaceValue(pe *syntax.ParamExp, pv paramValue) (paramValue, error) {
	origWord, withWord := slashPattern(pe)
	pat, err := r.pattern(origWord)
	if err != nil {
		return pv, err
	}
	mode := byte(0)
	if pe.Repl.All || leadQuoted(origWord) {
		// ${x//#a/b}: after // a # or % is part of the pattern; so is
		// a quoted one (${x/\#/b})
	} else if strings.HasPrefix(pat, "#") {
		mode, pat = '#', pat[1:]
	} else if strings.HasPrefix(pat, "%") {
		mode, pat = '%', pat[1:]
	}
	var with string
	var withPat []byte
	if withWord != nil {
		b := &fieldBuilder{patMode: true, replMode: true}
		// bash 5.2 expands the replacement as if unquoted even inside
		// "${x/pat/rep}": its single quotes are quotes
		oldDbl := r.dblDepth
		r.dblDepth = 0
		err := r.expandWord(b, withWord, false)
		r.dblDepth = oldDbl
		if err != nil {
			return pv, err
		}
		with = string(b.cur.buf)
		withPat = b.cur.pat
	}
	// bash 5.2 (patsub_replacement) keeps a quoted & or \ escaped in the
	// expanded replacement, and only when that text holds an &, \& or \\
	// does it become a template: & is the match, \& and \\ a literal &
	// and \, other backslashes stay (quote_string_for_repl, strcreplace)
	rf := withPat // the template
	useAmp := r.opts.sh(shPatsubReplacement) && replTemplate(rf)
	repl := func(match string) string {
		if !useAmp {
			return with
		}
		var sb strings.Builder
		for i := 0; i < len(rf); i++ {
			c := rf[i]
			switch {
			case c == '\\' && i+1 < len(rf) && (rf[i+1] == '&' || rf[i+1] == '\\'):
				sb.WriteByte(rf[i+1])
				i++
			case c == '&':
				sb.WriteString(match)
			default:
				sb.WriteByte(c)
			}
		}
		return sb.String()
	}
	if pat == "" && mode == 0 || !pv.set && !pv.isList {
		// an unset variable stays unset: only a set empty value can
		// match a pattern
		return pv, nil
	}
	m, err := r.compilePattern(pat, r.opts.sh(shNocasematch), r.opts.sh(shExtglob))
	if err != nil {
		return pv, nil
	}
	// an empty value the pattern matches becomes the replacement (bash's
	// pat_subst); unanchored or anchored at the start, bash's
	// first-character test (match_pattern_char) lets only a pattern
	// starting with * match there
	emptyRepl := m.matchString("") && (pat == "" || mode == '%' || strings.HasPrefix(pat, "*"))
	var endPre *compiledPattern
	if mode == '%' {
		endPre = r.endPrefilter(m)
	}
	return mapValue(pv, func(s string) string {
		if endPre != nil && !r.forText(endPre, s).matchString(s) {
			return s
		}
		if s == "" {
			if emptyRepl {
				return repl("")
			}
			return s
		}
		if !m.bytes && m.invalid {
			// a pattern that does not convert to wide characters
			// makes bash's match_pattern match by bytes throughout
			return r.forText(m, s).replace(s, mode, pe.Repl.All, repl)
		}
		if !m.bytes && !utf8.ValidString(s) {
			return r.replaceMixed(m, s, mode, pe.Repl.All, repl)
		}
		return m.replace(s, mode, pe.Repl.All, repl)
	}), nil
}

// expOp applies pe's operator; indirect is "!name" when pe was reached
// through ${!name}, which bash's errors name.
func (r *Runner) expOp(pe *syntax.ParamExp, pv paramValue, indirect string) (paramValue, error) {
	op := pe.Exp.Op
	null := func() bool {
		if pv.isList && pv.indirect && r.starJoinIFS {
			// in double quotes; unquoted, the usual tests below
			return len(pv.list) == 0
		}
		if pv.isList && pv.star {
			// $* and ${a[*]} are null when their joined value is:
			// with IFS's first character inside quotes (and where
			// words are not split), with a space elsewhere (bash's
			// string_rest_of_args)
			sep := " "
			if r.starJoinIFS {
				sep = r.quotedStarSep(pe)
			}
			return join(pv.list, sep) == ""
		}
		if pv.isList {
			return len(pv.list) == 0 || (len(pv.list) == 1 && pv.list[0] == "")
		}
		return pv.str == ""
	}
	switch op {
	case syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
		if !pv.set || (op == syntax.AlternateUnsetOrNull && null()) {
			return paramValue{}, nil
		}
		if pe.Exp.Word != nil {
			if r.inlineOp == pe {
				return paramValue{word: pe.Exp.Word, set: true}, nil
			}
			return r.wordValue(pe.Exp.Word)
		}
		return paramValue{set: true}, nil
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull:
		if pv.set && !(op == syntax.DefaultUnsetOrNull && null()) {
			return pv, nil
		}
		if pe.Exp.Word != nil {
			if r.inlineOp == pe {
				return paramValue{word: pe.Exp.Word, set: true}, nil
			}
			return r.wordValue(pe.Exp.Word)
		}
		return paramValue{}, nil
	case syntax.AssignUnset, syntax.AssignUnsetOrNull:
		if pv.set && !(op == syntax.AssignUnsetOrNull && null()) {
			return pv, nil
		}
		// bash expands the word as an assignment's value
		// (parameter_brace_expand_rhs: W_ASSIGNRHS)
		oldOp := r.op
		r.op.ctlRHS, r.op.starSpace = !r.op.quoted, false
		var s string
		var err error
		if pe.Exp.Word != nil {
			// a ':' ends the word's tilde prefix (${u=~:$u} is
			// /h: with HOME=/h)
			s, err = r.assignDefaultWord(pe.Exp.Word)
		}
		r.op = oldOp
		if err != nil {
			return pv, err
		}
		name := pe.Param.Value
		if !validName(name) && !(pe.Index != nil && validName(name)) {
			return pv, reportErrf("$%s: cannot assign in this way", name)
		}
		if pe.Index != nil {
			r.lastElem = s // a dynamic table's element keeps the word
			if err := r.assignIndexed(r.resolveRef(name), pe.Index, s, false); err != nil {
				return pv, r.assignDefaultErr(r.namedByCmd(err))
			}
			s = r.lastElem // after -i/-u/-l, as for a variable below
		} else if r.refDeadEnd(name) {
			return pv, r.assignDefaultErr(noassignErr())
		} else if err := r.setScalar(r.resolveRef(name), s, false); err != nil {
			return pv, r.assignDefaultErr(r.namedByCmd(err))
		} else if target := r.resolveRef(name); r.isElemRef(target) {
			// a reference to an element: bash's bind_variable gives
			// back the array, whose value (get_variable_value) is
			// element 0, not the one assigned (bash crashes with no
			// element 0; nothing here)
			ref := r.vars.get(target).str
			s = r.lookup(ref[:strings.IndexByte(ref, '[')]).value()
		} else if v := r.lookup(target); v != nil && v.set {
			// the value after -i/-u/-l: ${a:=4+3} is 7 under declare -i
			s = v.value()
		}
		return paramValue{str: s, set: true}, nil
	case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		if pv.set && !(op == syntax.ErrorUnsetOrNull && null()) {
			return pv, nil
		}
		var s string
		var err error
		if pe.Exp.Word != nil && len(pe.Exp.Word.Parts) > 0 {
			if s, err = r.errorWordText(pe.Exp.Word); err != nil {
				return pv, err
			}
		}
		// bash's parameter_brace_expand_error words the message itself
		// only when no word is written: ${x?$empty} says "x: "
		if w := pe.Exp.Word; w == nil || len(w.Parts) == 0 {
			if op == syntax.ErrorUnsetOrNull {
				s = "parameter null or not set"
			} else {
				s = "parameter not set"
			}
		}
		// named as written: 1, a[0], h[$k], !ref
		name := pe.Param.Value
		if pe.Index != nil {
			name += "[" + r.nodeText(pe.Index) + "]"
		}
		if indirect != "" {
			name = indirect
		}
		return pv, &expandError{msg: name + ": " + s, fatal: true}
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
		pat, err := r.pattern(pe.Exp.Word)
		if err != nil {
			return pv, err
		}
		m, err := r.compilePattern(pat, false, r.opts.sh(shExtglob))
		if err != nil {
			return pv, nil
		}
		suffix := op == syntax.RemSmallSuffix || op == syntax.RemLargeSuffix
		small := op == syntax.RemSmallPrefix || op == syntax.RemSmallSuffix
		return mapValue(pv, func(s string) string { return r.removeIn(m, s, suffix, small) }), nil
	case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
		word, toggle := toggleCaseWord(pe.Exp.Word)
		pat, err := r.pattern(word)
		if err != nil {
			return pv, err
		}
		var m *compiledPattern
		if pat != "" {
			if m, err = r.compilePattern(pat, false, r.opts.sh(shExtglob)); err != nil {
				return pv, nil
			}
		} else if quotedNullPattern(word) {
			// a quoted null pattern matches no character, where an
			// empty one matches each
			return pv, nil
		}
		upper := op == syntax.UpperFirst || op == syntax.UpperAll
		all := op == syntax.UpperAll || op == syntax.LowerAll
		cs := r.charset()
		conv := caseUpper
		switch {
		case toggle:
			conv = caseToggle
		case !upper:
			conv = caseLower
		}
		var match func(string) bool
		if m != nil {
			// each character is matched alone, as bash's sh_modcase
			// hands strmatch the substring: a byte that is not valid
			// UTF-8 is matched as a byte
			match = func(ch string) bool { return r.forText(m, ch).matchString(ch) }
		}
		return mapValue(pv, func(s string) string { return caseConvOp(s, match, conv, all, cs) }), nil
	case syntax.OtherParamOps:
		arg := ""
		if pe.Exp.Word != nil {
			arg = pe.Exp.Word.Lit()
		}
		return r.transformOp(pe, pv, arg)
	}
	return pv, reportErrf("bad substitution")
}

// quotedNullPattern reports whether w, the pattern of a case conversion
// that expanded to nothing, was a quoted null (${y^"$e"}): bash's
// pattern then holds its null marker, which matches no character.
func quotedNullPattern(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, part := range w.Parts {
		switch part.(type) {
		case *syntax.DblQuoted, *syntax.SglQuoted:
			return true
		}
	}
	return false
}

// wordValue expands the word of ${x:-word} keeping "$@"-style lists.
// inlineOpWord reports whether the word of pe, a ${x+word} or ${x-word}
// (with or without the colon), has quoted parts that must survive into
// the enclosing word: ${a[@]+"${a[@]}"} keeps each element a field, and
// ${x+'a b'} is one field. Such a word is expanded in place, as part of
// the word holding pe, instead of being flattened to a string first.
func inlineOpWord(pe *syntax.ParamExp, quoted bool) bool {
	if pe.Exp == nil || pe.Exp.Word == nil || pe.Excl || pe.Length || pe.Slice != nil || pe.Repl != nil {
		return false
	}
	switch pe.Exp.Op {
	case syntax.AlternateUnset, syntax.AlternateUnsetOrNull, syntax.DefaultUnset, syntax.DefaultUnsetOrNull:
	default:
		return false
	}
	dbl, sgl, list, esc, nested, tilde := false, false, false, false, false, false
	for i, part := range pe.Exp.Word.Parts {
		switch p := part.(type) {
		case *syntax.DblQuoted:
			dbl = true
		case *syntax.SglQuoted:
			sgl = true
		case *syntax.ParamExp:
			// unquoted $*, $@, ${a[*]} or ${a[@]} makes one field per
			// element even with a null IFS: ${x- $@ } must do the same
			if p.Param != nil && !p.Length && !p.Excl && (p.Param.Value == "*" || p.Param.Value == "@" || indexLit(p.Index) == "*" || indexLit(p.Index) == "@") {
				list = true
			}
			// a nested one whose own word keeps its quoting:
			// ${u:-${v:-"a  b"}} is one field too
			if inlineOpWord(p, quoted) {
				nested = true
			}
		case *syntax.Lit:
			// a backslash quotes what follows: ${u-a\ b} is one field
			if !quoted && strings.IndexByte(p.Value, '\\') >= 0 {
				esc = true
			}
			// a tilde prefix's expansion is quoted: ${u:-~} is one
			// field, not globbed, when $HOME has spaces or a *
			if !quoted && i == 0 && strings.HasPrefix(p.Value, "~") {
				tilde = true
			}
		case *syntax.CmdSubst, *syntax.ArithmExp:
		default:
			return false
		}
	}
	if quoted {
		// inside "...": single quotes stay literal, handled by the
		// string path; nested "..." are flattened into the outer quotes,
		// and $@ there is quoted too: "${1+ $@ }" makes a field per
		// parameter
		return (dbl || nested || opWordHasAt(pe.Exp.Word)) && !sgl
	}
	return dbl || sgl || list || esc || nested || tilde
}

// expandOpWord expands the chosen word of ${x+word}/${x-word} into b as
// part of the enclosing word; quoted tells whether that word is inside
// double quotes.
func (r *Runner) expandOpWord(b *fieldBuilder, w *syntax.Word, quoted bool) error {
	if !quoted && atJoinIFS(b) && opWordHasAt(w) {
		// bash's W_NOSPLIT2 quirk: an unquoted $@ in the word of an
		// unquoted ${x-word}, with IFS not starting with a space, makes
		// the word split at IFS (the elements of $@ whole), rejoined with
		// spaces and not split again, but at those spaces when IFS has one
		sub := &fieldBuilder{ifs: b.ifs, mb: b.mb, noGlob: true, atJoin: true}
		if err := r.expandOpWord(sub, w, false); err != nil {
			return err
		}
		sub.finishWord()
		if strings.IndexByte(b.ifs, ' ') >= 0 {
			for i, f := range sub.fields {
				if i > 0 {
					b.forceSplit()
				}
				b.quoted(string(f.buf))
			}
			return nil
		}
		var sb strings.Builder
		for i, f := range sub.fields {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.Write(f.buf)
		}
		if sb.Len() > 0 {
			b.quoted(sb.String())
		}
		return nil
	}
	if !quoted {
		skip := 0
		if !b.assignRHS && r.dblDepth == 0 && !b.noTilde {
			var err error
			if skip, err = r.tildeSpanning(b, w.Parts, true); err != nil {
				return err
			}
		}
		for i, part := range w.Parts {
			if i < skip {
				continue // (a tilde prefix read from several parts)
			}
			lit, ok := part.(*syntax.Lit)
			if !ok {
				if err := r.expandWord(b, &syntax.Word{Parts: []syntax.WordPart{part}}, false); err != nil {
					return err
				}
				continue
			}
			v := lit.Value
			// (no tilde where the word reads as in double quotes:
			// $(( ${x:-~} )))
			if i == 0 && strings.HasPrefix(v, "~") && r.dblDepth == 0 && !b.noTilde {
				v = r.tildeLit(b, v, b.assignRHS, len(w.Parts) == 1)
			}
			if b.assignRHS && !b.noTilde && !r.opts.on(optPosix) && strings.Contains(v, ":~") {
				v = r.tildeAfterColons(b, v, i == len(w.Parts)-1)
			}
			r.unquotedLit(b, v, true)
		}
		return nil
	}
	var flat []syntax.WordPart
	for _, part := range w.Parts {
		if q, ok := part.(*syntax.DblQuoted); ok {
			flat = append(flat, innerDbl(q).Parts...)
			continue
		}
		if lit, ok := part.(*syntax.Lit); ok && strings.Contains(lit.Value, `\}`) {
			// the word's own backslash quotes "}" too ("${x+"a"\}}"
			// is a}): unescaped here, re-escaped for expandDbl
			v := opWordUnescape(lit.Value)
			var sb strings.Builder
			for i := 0; i < len(v); i++ {
				if strings.IndexByte("\\$`\"", v[i]) >= 0 {
					sb.WriteByte('\\')
				}
				sb.WriteByte(v[i])
			}
			part = &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: sb.String()}
		}
		flat = append(flat, part)
	}
	return r.expandDbl(b, &syntax.DblQuoted{Parts: flat})
}

// atJoinOp reports a ${x-word} or ${x+word} (with or without the colon)
// whose word bash expands under its W_NOSPLIT2 quirk (see expandOpWord).
func atJoinOp(b *fieldBuilder, pe *syntax.ParamExp, quoted bool) bool {
	if quoted || !atJoinIFS(b) || pe.Exp == nil || pe.Exp.Word == nil || pe.Excl || pe.Length || pe.Slice != nil || pe.Repl != nil {
		return false
	}
	switch pe.Exp.Op {
	case syntax.AlternateUnset, syntax.AlternateUnsetOrNull, syntax.DefaultUnset, syntax.DefaultUnsetOrNull:
		return opWordHasAt(pe.Exp.Word)
	}
	return false
}

func atJoinIFS(b *fieldBuilder) bool {
	return !b.patMode && !b.atJoin && b.ifs != "" && b.ifs[0] != ' '
}

// opWordHasAt reports an unquoted $@ or ${a[@]} among w's parts.
func opWordHasAt(w *syntax.Word) bool {
	for _, part := range w.Parts {
		if pe, ok := part.(*syntax.ParamExp); ok && isAtExpansion(pe) && pe.Param.Value != "*" {
			return true
		}
	}
	return false
}

func (r *Runner) wordValue(w *syntax.Word) (paramValue, error) {
	if len(w.Parts) == 1 {
		if pe, ok := w.Parts[0].(*syntax.ParamExp); ok && isAtExpansion(pe) {
			return r.paramExp(pe)
		}
	}
	s, err := r.opWordText(w)
	return paramValue{str: s, set: true}, err
}

// opWordText expands the word of a ${x-word} or ${x+word}: as
// literalTilde, but in an assignment's value, where bash passes its
// W_ASSIGNRHS on to the word (parameter_brace_expand_rhs), a ~ after a
// ':' expands too (v=${u:-a:~/b}).
func (r *Runner) opWordText(w *syntax.Word) (string, error) {
	if !r.op.assignRHS {
		return r.literalTilde(w)
	}
	b := &fieldBuilder{patMode: true, assignRHS: true, ctlRHS: r.op.ctlRHS, starSpace: r.op.starSpace}
	if err := r.expandWord(b, w, true); err != nil {
		return "", err
	}
	return string(b.cur.buf), nil
}

// assignDefaultWord expands the word of a ${x=word} outside an
// assignment: as literalTilde, but a ':' ends the leading tilde prefix.
func (r *Runner) assignDefaultWord(w *syntax.Word) (string, error) {
	b := &fieldBuilder{patMode: true, colonTilde: true, ctlRHS: r.op.ctlRHS, starSpace: r.op.starSpace}
	if err := r.expandWord(b, w, false); err != nil {
		return "", err
	}
	return string(b.cur.buf), nil
}

func (r *Runner) literalTilde(w *syntax.Word) (string, error) {
	b := &fieldBuilder{patMode: true, ctlRHS: r.op.ctlRHS, starSpace: r.op.starSpace}
	if err := r.expandWord(b, w, false); err != nil {
		return "", err
	}
	return string(b.cur.buf), nil
}

// caseOp is a case conversion of one character.
type caseOp int

const (
	caseUpper  caseOp = iota // ${x^}
	caseLower                // ${x,}
	caseToggle               // ${x~}: upper case to lower, lower to upper
)

func (op caseOp) apply(c rune) rune {
	switch {
	case op == caseUpper:
		return unicode.ToUpper(c)
	case op == caseLower:
		return unicode.ToLower(c)
	case isWUpper(c):
		return unicode.ToLower(c)
	}
	return unicode.ToUpper(c)
}

// caseConv converts the first character of s (every one with all). A
// byte that is not valid UTF-8 is a character of its own and is kept as
// it is, as bash keeps it. In a single-byte locale (bytes) every byte is
// a character and only ASCII letters have a case, as with the C
// library's toupper.
func caseConv(s string, upper, all bool, cs charset) string {
	if upper {
		return caseConvOp(s, nil, caseUpper, all, cs)
	}
	return caseConvOp(s, nil, caseLower, all, cs)
}

// caseConvOp is caseConv with any conversion, of the characters match
// accepts (any with a nil match).
func caseConvOp(s string, match func(string) bool, conv caseOp, all bool, cs charset) string {
	bytes := cs.bytes
	var sb strings.Builder
	sb.Grow(len(s))
	tail := ""
	if !bytes && match == nil {
		s, tail = splitPartialRune(s)
	}
	for i := 0; i < len(s); {
		c, n := utf8.DecodeRuneInString(s[i:])
		if bytes {
			c, n = rune(s[i]), 1
		}
		ch := s[i : i+n]
		first := i == 0
		i += n
		invalid := !bytes && c == utf8.RuneError && n == 1
		// ${x~}: bash's sh_modcase toggles the first character and every
		// one that is not alphanumeric (an invalid byte is not), which
		// shows on invalid bytes and on the rare cased symbols
		convert := all || first || conv == caseToggle && !bytes && (invalid || !isCtype(c, ctAlnum))
		if !all && !first && conv != caseToggle {
			sb.WriteString(s[i-n:])
			break
		}
		switch {
		case !convert, match != nil && !match(ch):
			sb.WriteString(ch)
		case invalid && conv == caseToggle:
			// bash toggles an invalid byte as the Latin-1 character of
			// its value and keeps the low byte of the result (ÿ's Ÿ,
			// U+0178, gives "x")
			sb.WriteByte(byte(conv.apply(rune(ch[0]))))
		case bytes && cs.ct != nil:
			sb.WriteByte(cs.ct.convert(ch[0], conv))
		case invalid, bytes && c >= utf8.RuneSelf:
			sb.WriteString(ch)
		default:
			sb.WriteRune(conv.apply(c))
		}
	}
	if tail != "" {
		caseConvTail(&sb, tail, conv, all)
	}
	return sb.String()
}

// splitPartialRune splits off the end of s that is the start of a UTF-8
// character cut short (a lead byte and too few continuation bytes).
func splitPartialRune(s string) (head, tail string) {
	for k := 1; k <= 3 && k <= len(s); k++ {
		if c := s[len(s)-k]; c >= 0xC0 {
			if !utf8.FullRuneInString(s[len(s)-k:]) {
				return s[:len(s)-k], s[len(s)-k:]
			}
			break
		} else if c < 0x80 {
			break
		}
	}
	return s, ""
}

// caseConvTail converts p, a character cut short at the end of the
// string, as bash's sh_modcase does: its mbrtowc on the lead byte (-2)
// leaves the bytes in the mbstate_t, the lead is copied as a byte, and the
// next call completes the character with p's own continuation bytes, so
// "\xe2\x82" comes out as \xe2 and U+2082, "\xe2\xe2\x82\x82". (With a
// pattern bash steps over the lead with the state restored first, and
// nothing shows.)
func caseConvTail(sb *strings.Builder, p string, conv caseOp, all bool) {
	oneByte := func(b byte) {
		if conv == caseToggle {
			// an invalid byte toggles as its Latin-1 character
			b = byte(conv.apply(rune(b)))
		}
		sb.WriteByte(b)
	}
	oneByte(p[0])
	pend := []byte(p) // the mbstate_t: bytes of a character begun
	need := utf8Len(p[0])
	for j := 1; j < len(p); {
		buf := append(append([]byte(nil), pend...), p[j:]...)
		switch {
		case len(pend) > 0 && len(buf) >= need:
			if c, n := utf8.DecodeRune(buf[:need]); n == need {
				if all || conv == caseToggle {
					c = conv.apply(c)
				}
				sb.WriteRune(c)
			} else {
				oneByte(p[j])
			}
			pend = nil
		case len(pend) > 0:
			oneByte(p[j])
			pend = buf
		default:
			oneByte(p[j])
		}
		// ADVANCE_CHAR: mbrlen from j with that state
		if len(pend) > 0 && len(pend)+len(p)-j >= need {
			j += need - len(pend)
			pend = nil
		} else {
			j++
		}
	}
}

func (r *Runner) transformOp(pe *syntax.ParamExp, pv paramValue, op string) (paramValue, error) {
	name := pv.name
	if pv.noVar && (op == "a" || op == "A") {
		return paramValue{}, nil
	}
	if v := r.vars.get(name); (op == "a" || op == "A") && v != nil && v.kind == kNameRef && (!v.set || v.str == "") {
		// a reference without a target: bash's find_variable finds
		// nothing through it
		return paramValue{}, nil
	}
	switch op {
	case "Q":
		if !pv.set && !pv.isList {
			return pv, nil
		}
		return mapValue(pv, r.q().shell), nil
	case "E":
		bytes := r.escBytes()
		nullIFS := r.ifs() == ""
		return mapValue(pv, func(s string) string {
			// bash's ansicstr quotes the CTLESC and CTLNUL escapes
			// make, and dequote_escapes then removes the quoting
			// (with any \x01 of the value before one of them)
			return dequoteEscapes(ansiCQuoting(s, bytes, true), nullIFS)
		}), nil
	case "P":
		return mapValue(pv, r.promptString), nil
	case "U", "L":
		upper, cs := op == "U", r.charset()
		return mapValue(pv, func(s string) string { return caseConv(s, upper, true, cs) }), nil
	case "u":
		cs := r.charset()
		return mapValue(pv, func(s string) string { return caseConv(s, true, false, cs) }), nil
	case "a":
		v := r.lookup(name)
		if pv.isList && v != nil && !v.set {
			// a declared, unset array still has its attributes
			return paramValue{str: attrFlags(v), set: true}, nil
		}
		return mapValue(pv, func(string) string { return attrFlags(v) }), nil
	case "A":
		if name == "@" || name == "*" {
			// the positional parameters as the set command making them
			if len(pv.list) == 0 {
				// none: "${@@A}" is no word, as "$@" is
				return paramValue{isList: true, star: name == "*"}, nil
			}
			q := mapValue(pv, r.q().shell).list
			if r.atSplitsWords(name == "*") && !(name == "*" && r.starJoinIFS) {
				// (not a $* where words are not split: joined with
				// the null IFS, as bash's list_transform quotes it)
				// "${@@A}": set and -- are split as words of their own
				words := r.splitATPrefix("set -- ", q[0])
				return paramValue{list: append(words, q[1:]...), isList: true, set: true}, nil
			}
			q[0] = "set -- " + q[0]
			return paramValue{list: q, isList: true, star: name == "*", set: true}, nil
		}
		if !validName(name) {
			// a special or positional parameter ($1, or ${!x} with
			// x=#): bash's find_variable finds no variable for it
			return paramValue{}, nil
		}
		v := r.lookup(name)
		if v == nil {
			// no variable: "${u[@]@A}" is no word, as "${u[@]}" is
			return paramValue{isList: pv.isList, star: pv.star}, nil
		}
		if !v.set {
			// declared without a value: the declare with its
			// attributes alone, nothing without any
			if flags := attrFlags(v); flags != "" {
				line := "declare -" + flags + " " + name
				if pv.isList && r.atSplitsWords(pv.star) && (v.kind == kIndexed || v.kind == kAssoc) {
					// (a declared scalar's "${v[@]@A}" is one word)
					return paramValue{list: r.splitATPrefix(line, ""), isList: true, set: true}, nil
				}
				return paramValue{str: line, set: true}, nil
			}
			return paramValue{}, nil
		}
		if pv.isList && v.kind != kString {
			line := r.declareLine(name, v, "")
			if r.atSplitsWords(pv.star) {
				// "${a[@]@A}": bash's declare, the flags and the name
				// are split as the words of "${@@A}" are
				if i := strings.IndexByte(line, '='); i >= 0 {
					return paramValue{list: r.splitATPrefix(line[:i+1], line[i+1:]), isList: true, set: true}, nil
				}
			}
			return paramValue{str: line, set: true}, nil
		}
		if !pv.set && v.kind != kString {
			// ${a@A} of an array whose element 0 is unset: the
			// attributes alone, as for a declared variable
			return paramValue{str: "declare -" + attrFlags(v) + " " + name, set: true}, nil
		}
		// an array or reference always has flags (a, A or n)
		flags := attrFlags(v)
		val := pv.str
		if pv.isList && len(pv.list) > 0 {
			val = pv.list[0] // ${x[@]@A} of a scalar: its one element
		}
		s := r.q().shell(val)
		if flags == "" {
			return paramValue{str: name + "=" + s, set: true}, nil
		}
		return paramValue{str: "declare -" + flags + " " + name + "=" + s, set: true}, nil
	case "K", "k":
		if !pv.set && !pv.isList {
			// an unset value stays unset, as with @Q
			return pv, nil
		}
		v := r.lookup(name)
		if v == nil || !v.set || !pv.isList || name == "@" || name == "*" ||
			v.kind != kIndexed && v.kind != kAssoc {
			// a scalar's "${v[@]@K}" is its value quoted, as bash's
			// string_transform gives for a non-array
			return mapValue(pv, r.q().shell), nil
		}
		// @K quotes keys and values as bash's assoc_to_kvpair does
		// and gives one word (with a trailing space after an
		// associative array's last pair); @k gives keys and values as
		// separate, unquoted words
		quoteKey, quoteVal := r.q().assocKey, r.q().dquote
		if op == "k" {
			quoteKey = func(s string) string { return s }
			quoteVal = quoteKey
		}
		var out []string
		switch v.kind {
		case kAssoc:
			for _, k := range v.assoc.keys() {
				out = append(out, quoteKey(k), quoteVal(v.assoc.m[k]))
			}
		case kIndexed:
			for p := range v.arr.vals {
				out = append(out, itoa(int64(v.arr.index(p))), quoteVal(v.arr.vals[p]))
			}
		}
		if op == "k" || len(out) == 0 {
			// no elements: "${x[@]@K}" is no word at all, as
			// "${x[@]}" is
			return paramValue{list: out, isList: true, star: pv.star, set: true}, nil
		}
		s := join(out, " ")
		if v.kind == kAssoc && len(out) > 0 {
			s += " "
		}
		return paramValue{str: s, set: true}, nil
	}
	return pv, reportErrf("%s: bad substitution", "${"+pe.Param.Value+"@"+op+"}")
}

func attrFlags(v *variable) string {
	if v == nil {
		return ""
	}
	var b []byte
	switch v.kind {
	case kIndexed:
		b = append(b, 'a')
	case kAssoc:
		b = append(b, 'A')
	}
	if v.attrs&aInteger != 0 {
		b = append(b, 'i')
	}
	if v.kind == kNameRef {
		b = append(b, 'n')
	}
	if v.attrs&aReadonly != 0 {
		b = append(b, 'r')
	}
	if v.attrs&aTrace != 0 {
		b = append(b, 't')
	}
	if v.attrs&aExport != 0 {
		b = append(b, 'x')
	}
	if v.attrs&aCapital != 0 {
		b = append(b, 'c')
	}
	if v.attrs&aLower != 0 {
		b = append(b, 'l')
	}
	if v.attrs&aUpper != 0 {
		b = append(b, 'u')
	}
	return string(b)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// badTransformValue expands ${param@op} with an operator bash does not
// know (text is the expansion as written): like bash, nothing when the
// parameter has no value (an unbound variable under set -u), and a fatal
// bad substitution when it has one, even an empty one.
func (r *Runner) badTransformValue(param, text string) (paramValue, error) {
	if ref, ok := strings.CutPrefix(param, "!"); ok {
		// ${!ref@Z}: the variable ref names, as ${!ref} finds it
		ipe, ok := parseIndirect(ref)
		if !ok {
			return paramValue{}, reportErrf("%s: bad substitution", text)
		}
		ipe.Excl = true
		pv, err := r.paramExp(ipe)
		if err != nil || !pv.set && !pv.isList {
			return pv, err
		}
		if pv.isList && len(pv.list) == 0 {
			return paramValue{isList: true, star: pv.star}, nil
		}
		return paramValue{}, &expandError{msg: text + ": bad substitution", fatal: true, report: true}
	}
	pe, ok := parseIndirect(param)
	if !ok {
		return paramValue{}, reportErrf("%s: bad substitution", text)
	}
	pv, err := r.baseValue(pe, pe.Param.Value)
	if err != nil {
		return pv, err
	}
	if pv.isList {
		pv.set = len(pv.list) > 0
	}
	if !pv.set {
		if r.opts.on(optNounset) && !pv.isList {
			return pv, r.unbound(pe, pv)
		}
		return paramValue{isList: pv.isList, star: pv.star}, nil
	}
	return paramValue{}, &expandError{msg: text + ": bad substitution", fatal: true, report: true}
}

// atSplitsWords reports whether an @A transformation of a list is split
// into words by splitATPrefix: in double quotes unless it is of * (which
// joins), and outside them when IFS is null (splitting otherwise happens
// as for any unquoted expansion).
func (r *Runner) atSplitsWords(star bool) bool {
	if r.dblDepth > 0 {
		return !star
	}
	return r.ifs() == ""
}

// splitATPrefix returns the words of an @A transformation of a list,
// which bash splits even in double quotes (or with a null IFS): the
// command, its options and the name in prefix are split at IFS
// characters (at spaces when IFS is null), and the quoted value, body,
// ends the last word.
func (r *Runner) splitATPrefix(prefix, body string) []string {
	ifs := r.ifs()
	if ifs == "" {
		ifs = " "
	}
	b := &fieldBuilder{ifs: ifs, mb: r.utf8Locale(), noGlob: true, bufOnly: true}
	b.unquotedExp(prefix)
	if body != "" {
		b.quoted(body)
	}
	b.finishWord()
	words := make([]string, len(b.fields))
	for i, f := range b.fields {
		words[i] = string(f.buf)
	}
	return words
}

// attrsOfWholeArray reports whether pe is ${a@a} or ${a@A} (or ${!r@a})
// of a variable with elements: bash looks at the whole array for these
// two, so under set -u an array without an element 0 is not unbound.
func (r *Runner) attrsOfWholeArray(pe *syntax.ParamExp, pv paramValue) bool {
	if pe.Index != nil || pe.Excl || pe.Exp == nil || pe.Exp.Op != syntax.OtherParamOps || pe.Exp.Word == nil {
		return false
	}
	if op := pe.Exp.Word.Lit(); op != "a" && op != "A" {
		return false
	}
	v := r.lookup(pv.name)
	if v == nil || !v.set {
		return false
	}
	n, _ := arrayLen(v)
	return n > 0
}

// bareParamExp reports whether pe has no operator, index or length: ${!x}.
func bareParamExp(pe *syntax.ParamExp) bool {
	return pe.Names == 0 && pe.Index == nil && !pe.Length && !pe.Width && !pe.IsSet &&
		pe.Exp == nil && pe.Repl == nil && pe.Slice == nil
}

// starJoinsAsAt reports whether the * list pe is one that bash, where it
// does not split but its expand_no_split_dollar_star is off, joins as $@
// (string_list_dollar_at: with spaces when IFS is null): $* itself
// (param_expand) and whatever string_list_pos_params joins: slices,
// pattern removal and @ transformations of $* and of ${a[*]}, ${!a[*]},
// and ${*/pat/rep}. A plain ${a[*]}, ${a[*]/pat/rep}, case modification,
// ${!name} and ${!prefix*} are joined with IFS's first character.
func starJoinsAsAt(pe *syntax.ParamExp) bool {
	if pe.Param == nil || pe.Excl && pe.Index == nil || pe.Length {
		return false
	}
	if pe.Exp != nil {
		switch pe.Exp.Op {
		case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
			return false
		}
	}
	if pe.Param.Value == "*" || pe.Excl || pe.Slice != nil || ifsJoinOp(pe) {
		return true
	}
	return false
}

// ctlDequote is what bash's quote removal leaves of a slice of $* or
// ${a[*]} (${*:1}, ${a[*]:0:2}) expanded unquoted as an assignment's
// right-hand side: pos_params and array_subrange join it without
// escaping the bytes bash uses as its own quoting marks (Posix interp
// 888), so an unescaped CTLNUL (\177) goes (remove_quoted_nulls) and a
// CTLESC (\001) goes, keeping the byte after it (dequote_string). bash's
// own tests (dollar-at-star9.sub) expect this.
func ctlDequote(s string) string {
	if !strings.ContainsAny(s, "\x01\x7f") {
		return s
	}
	// remove_quoted_nulls: unescaped CTLNULs go
	kept := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case 0x01:
			kept = append(kept, s[i])
			if i+1 < len(s) {
				i++
				kept = append(kept, s[i])
			}
		case 0x7f:
		default:
			kept = append(kept, s[i])
		}
	}
	// dequote_string, which leaves a lone CTLESC as it is
	if len(kept) == 1 && kept[0] == 0x01 {
		return string(kept)
	}
	out := kept[:0]
	for i := 0; i < len(kept); i++ {
		if kept[i] == 0x01 {
			i++
			if i == len(kept) {
				break
			}
		}
		out = append(out, kept[i])
	}
	return string(out)
}

// sliceUnclosedParen is the error of a slice whose offset holds a "("
// with no ")": bash finds the colon ending the offset with skip_to_delim
// (skiparith), which reads a "(" to its ")" with extract_delimited_string,
// and that fails the expansion when the text ends first, with "bad
// substitution: no closing `)' in TEXT", TEXT all that follows the first
// colon as written, before the offset is expanded or evaluated.
func (r *Runner) sliceUnclosedParen(pe *syntax.ParamExp) error {
	x := pe.Slice.Offset
	src := r.curSrc
	if x == nil || !x.Pos().IsValid() || !pe.Rbrace.IsValid() || src == "" {
		return nil
	}
	start, end := int(x.Pos().Offset()), int(pe.Rbrace.Offset())
	if start < 0 || end > len(src) || start > end || strings.IndexByte(src[start:end], '(') < 0 {
		return nil
	}
	// back to the colon: the blanks before the offset are its text
	for start > 0 && src[start-1] != ':' {
		start--
	}
	text := writtenText(src[start:end])
	if _, closed := skipArith(text); closed {
		return nil
	}
	return &expandError{msg: "bad substitution: no closing `)' in " + text, report: true}
}
