package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// declExpandFirst expands the values of a declaration's scalar
// assignments before any of them is made, as bash expands all the words
// of a command before it runs the builtin: in "local a=1 b=$a", b gets
// the a from before the command. Each assignment takes its value as
// expanded. bash carries out a compound assignment (x=(…)) while it
// expands the words (expand_declaration_argument), so a later word sees
// it: when a value to expand follows one, it is made here (see
// declCompoundNow). For local outside a function, which assigns
// nothing, all the values are expanded.
//
// An expansion error ends the command before the builtin runs (nothing
// is assigned, "local" outside a function is not reported), as the
// builtin reports a word's error; declExpandFirst reports false then.
func (r *Runner) declExpandFirst(variant string, args []declArg) bool {
	for i, a := range args {
		as := a.assign
		if as != nil && as.Index != nil && (variant == "export" || variant == "readonly") {
			// they take no element, and report it as expanded: a
			// substitution in the subscript runs once, here
			if src := r.nodeText(as.Index); !pureSubscriptText(src) {
				if s, err := r.subscriptText(src); err == nil {
					args[i].sub, args[i].subSet = s, true
				}
			}
		}
		if as != nil && as.Array != nil {
			if variant == "local" && !r.inFunction() {
				// local outside a function assigns nothing: only
				// the expansion's errors and side effects count
				if _, err := r.expandArrayElems(as.Array, false); err != nil {
					return r.declWordFailed(variant, a, err)
				}
				continue
			}
			if !laterValues(args[i+1:]) {
				break // the builtin makes it in order as well
			}
			ok, done, failed := r.declCompoundNow(variant, args[:i], a)
			if !ok {
				return false
			}
			if !done {
				break
			}
			args[i] = declArg{text: as.Name.Value, failed: failed}
			continue
		}
		if as == nil || as.Naked || as.Value == nil {
			continue
		}
		if _, ok := plainLit(as.Value); ok {
			continue
		}
		v, err := r.assignValue(as.Value)
		if err != nil {
			return r.declWordFailed(variant, a, err)
		}
		done := *as
		done.Value = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Left: as.Value.Pos(), Right: as.Value.End(), Value: v}}}
		args[i].assign = &done
	}
	return true
}

// declWordFailed reports err, met expanding the value of argument a, as
// the builtin reports it (see declare), and whether the command goes on
// regardless: only for an error the builtin itself would meet again.
func (r *Runner) declWordFailed(variant string, a declArg, err error) bool {
	switch e := err.(type) {
	case *expandError:
		// bash expands the argument as one word: its error names all
		// of it and drops the line
		if a.assign.Value != nil {
			renameBadSubst(err, r.nodeText(a.assign.Value), r.nodeText(a.assign))
		}
		r.expansionError(err)
	case *arithError:
		r.errorf("%s", e.Error())
		r.exit, r.flow = 1, flowAbort
		r.topUnwind(err)
	default:
		return true
	}
	return false
}

// laterValues reports whether args hold a scalar assignment whose value
// needs expanding.
func laterValues(args []declArg) bool {
	for _, a := range args {
		if as := a.assign; as != nil && !as.Naked && as.Value != nil && as.Array == nil {
			if _, ok := plainLit(as.Value); !ok {
				return true
			}
		}
	}
	return false
}

// declCompoundNow carries out the compound assignment a while the words
// are expanded, as bash's expand_declaration_argument does: declared with
// the options before it (before, the arguments that precede a), traced
// first, the builtin then taking its name alone. done is false when the
// options are not plain ones (a listing, functions), left to the builtin;
// ok is false when the command ends here: bash drops the line when the
// assignment fails, except for local, for which it has failed.
func (r *Runner) declCompoundNow(variant string, before []declArg, a declArg) (ok, done, failed bool) {
	var opts []declArg
	for _, b := range before {
		if b.assign != nil || b.text == "--" || len(b.text) < 2 || b.text[0] != '-' && b.text[0] != '+' {
			break
		}
		if strings.ContainsAny(b.text, "fFp") {
			return true, false, false
		}
		opts = append(opts, b)
	}
	if r.opts.on(optXtrace) {
		r.traceCompound(a.assign)
	}
	st := r.declare(variant, append(opts[:len(opts):len(opts)], a))
	if r.flow != flowNone {
		return false, false, false
	}
	if st != 0 && variant != "local" {
		r.exit, r.flow = st, flowAbort
		return false, false, false
	}
	return true, true, st != 0
}
