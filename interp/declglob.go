package interp

import (
	"slices"

	"mvdan.cc/sh/v3/syntax"
)

// An argument a[sub] of a declaration builtin with no value is no
// assignment word for bash: it is expanded and globbed as any word is, so
// with nullglob (and no file a1) declare -p a[1] loses it, and a file a1
// makes it declare -p a1. nakedElemFields reads such an argument again as
// a word and returns its fields when globbing changed them; otherwise the
// argument stays an element reference, but for one whose subscript has a
// command or arithmetic substitution: its fields, as expanded once.

// nakedElemFields returns the fields of a, a naked a[sub], and true when
// they are to replace it.
func (r *Runner) nakedElemFields(a *syntax.Assign) ([]string, bool, error) {
	if !a.Naked || a.Name == nil || a.Index == nil || r.opts.on(optNoglob) {
		return nil, false, nil
	}
	f, parsed, err := parseRawFile("x "+r.nodeText(a), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false, nil
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 2 || len(ce.Assigns) != 0 {
		return nil, false, nil
	}
	old := r.curSrc
	r.curSrc = parsed
	defer func() { r.curSrc = old }()
	b := &fieldBuilder{ifs: r.ifs(), mb: r.utf8Locale()}
	if err := r.expandWordBraces(b, ce.Args[1]); err != nil {
		return nil, false, err
	}
	lit := make([]string, 0, len(b.fields))
	for _, fl := range b.fields {
		lit = append(lit, string(fl.buf))
	}
	var out []string
	r.globFields(b, &out)
	if r.pendingErr != nil {
		return nil, true, r.takeErr()
	}
	return out, hasSideEffects(ce.Args[1]) || !slices.Equal(lit, out), nil
}
