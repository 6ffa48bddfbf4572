package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// errorWordText is the message of ${x?word} and ${x:?word}: bash's
// parameter_brace_expand_error runs expand_string on the word as
// written, quoted or not where the expansion stands, so its quotes go,
// its expansions are split on IFS (no pathname expansion) and the
// fields are joined with spaces: "${x?'a'}" says "x: a", ${x?$v} with
// v="a  b" says "x: a b".
func (r *Runner) errorWordText(w *syntax.Word) (string, error) {
	raw := r.nodeText(w)
	text := encodeRawBytes(raw)
	var words []*syntax.Word
	err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Words(strings.NewReader(text), func(w *syntax.Word) bool {
		words = append(words, w)
		return true
	})
	if err != nil || len(words) == 0 {
		return r.literalTilde(w)
	}
	if len(text) != len(raw) {
		for _, w := range words {
			decodeRawNode(w)
		}
	}
	// expanded as a word of its own, outside any double quotes
	old, dbl, hdoc := r.curSrc, r.dblDepth, r.hdocDepth
	r.curSrc, r.dblDepth, r.hdocDepth = text, 0, 0
	defer func() { r.curSrc, r.dblDepth, r.hdocDepth = old, dbl, hdoc }()
	b := &fieldBuilder{ifs: r.ifs(), mb: r.utf8Locale(), noGlob: true}
	var out []string
	for _, w := range words {
		if err := r.expandWord(b, w, false); err != nil {
			return "", err
		}
		b.finishWord()
		r.globFields(b, &out)
		if r.pendingErr != nil {
			return "", r.takeErr()
		}
	}
	return strings.Join(out, " "), nil
}
