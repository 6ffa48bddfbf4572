package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// declBraceWord is the plain word a declaration's scalar assignment
// argument becomes when brace expansion applies to it. bash brace-expands
// the arguments of declare, export, local and readonly (all but name=(…)),
// and a word that brace expansion changed loses its assignment flags: each
// resulting word is split, globbed and not tilde-expanded, then taken as
// name=value text (declare y={c,d} declares y=c then y=d). ok is false
// when the argument stays an assignment.
func (r *Runner) declBraceWord(as *syntax.Assign) (*syntax.Word, bool) {
	if as.Name == nil || as.Naked || as.Value == nil || as.Array != nil || !r.opts.on(optBraceexpand) || !hasBraceCandidate(as.Value) {
		return nil, false
	}
	bw := &syntax.Word{Parts: append([]syntax.WordPart(nil), as.Value.Parts...)}
	if !braceExpands(bw) {
		return nil, false
	}
	prefix := as.Name.Value
	if as.Index != nil {
		idx := r.nodeText(as.Index)
		if strings.ContainsAny(idx, "$`{") {
			// the subscript would need expanding as part of the word
			return nil, false
		}
		prefix += "[" + idx + "]"
	}
	if as.Append {
		prefix += "+"
	}
	prefix += "="
	parts := append([]syntax.WordPart{&syntax.Lit{ValuePos: as.Pos(), ValueEnd: as.Value.Pos(), Value: prefix}}, as.Value.Parts...)
	return &syntax.Word{Parts: parts}, true
}
