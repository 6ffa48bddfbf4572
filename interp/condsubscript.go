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

// condVarWord expands the operand of [[ -v ]] as bash does (Q_ARITH):
// since bash 5.2 each [subscript] is expanded once and backslash-quoted,
// as in an arithmetic expression, so [[ -v A[\$k] ]] shows and looks up
// A[\$k], whose key the lookup expands again (condVarLookup). Under an
// older compatibility level the word is expanded as usual; a process
// substitution in its subscript is the text written.
func (r *Runner) condVarWord(w *syntax.Word) (string, error) {
	if r.compatLevel() > 51 {
		return r.qArithWord(w, true)
	}
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

// condVarLookup reports whether the variable or element s, the operand of
// [[ -v ]] as condVarWord expanded it, is set. The subscript is expanded
// again, as bash's get_array_value does; only an older compatibility
// level keeps assoc_expand_once, which [[ ]] turns off for its -v.
func (r *Runner) condVarLookup(s string) bool {
	return r.varIsSetSub(s, r.compatLevel() > 51 || !r.opts.sh(shAssocExpandOnce))
}
