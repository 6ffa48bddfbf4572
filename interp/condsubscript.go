package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash expands the operands of [[ ]]'s arithmetic comparisons and of its
// -v with Q_ARITH, under which each [subscript] is expanded as a word of
// its own without process substitution (expand_array_subscript): in
// [[ index[7<(4+2)] -le 1 ]] the subscript is the expression 7<(4+2),
// not 7 and a file name. mvdan's parser reads the <( ) as a process
// substitution all the same.

// subscriptProcSubst reports whether a part of w is a process
// substitution inside a [subscript] (after a "[" not yet closed in the
// literal text before it).
func subscriptProcSubst(w *syntax.Word) bool {
	depth := 0
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			depth = max(0, depth+strings.Count(p.Value, "[")-strings.Count(p.Value, "]"))
		case *syntax.ProcSubst:
			if depth > 0 {
				return true
			}
		}
	}
	return false
}

// condVarWord expands the operand of [[ -v ]]: a process substitution in
// its subscript is the text written.
func (r *Runner) condVarWord(w *syntax.Word) (string, error) {
	if w == nil || !subscriptProcSubst(w) {
		return r.literal(w)
	}
	parts := make([]syntax.WordPart, len(w.Parts))
	depth := 0
	for i, p := range w.Parts {
		parts[i] = p
		switch p := p.(type) {
		case *syntax.Lit:
			depth = max(0, depth+strings.Count(p.Value, "[")-strings.Count(p.Value, "]"))
		case *syntax.ProcSubst:
			if depth > 0 {
				parts[i] = &syntax.SglQuoted{Left: p.Pos(), Right: p.End(), Value: r.nodeText(p)}
			}
		}
	}
	return r.literal(&syntax.Word{Parts: parts})
}
