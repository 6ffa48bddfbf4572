package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// errorWordText is the message of ${x?word} and ${x:?word}: bash's
// parameter_brace_expand_error runs expand_string on the word as
// written, quoted or not where the expansion stands, as one word: its
// quotes go, its expansions are split on IFS (no pathname expansion)
// and the fields joined with spaces, its own blanks stay: "${x?'a'}"
// says "x: a", ${x?$v} with v="a  b" says "x: a b", ${x?a  b} "x: a  b".
func (r *Runner) errorWordText(w *syntax.Word) (string, error) {
	raw := posixQuoteUnmark(r.nodeText(w), `\$`)
	text := encodeRawBytes(quoteBlanks(raw))
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

// quoteBlanks single-quotes the runs of blanks of the word text s that
// are outside quotes and expansions, so that it reads as one word whose
// blanks are its own.
func quoteBlanks(s string) string {
	if !strings.ContainsAny(s, " \t\n") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		start := i
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			for i+1 < len(s) && strings.IndexByte(" \t\n", s[i+1]) >= 0 {
				i++
			}
			b.WriteString("'" + s[start:i+1] + "'")
			continue
		case c == '\\':
			i++
		case c == '\'':
			if j := strings.IndexByte(s[i+1:], '\''); j >= 0 {
				i += j + 1
			} else {
				i = len(s) - 1
			}
		case c == '"':
			if i = quotedEnd(s, i+1); i < 0 {
				i = len(s) - 1
			}
		case c == '`':
			for i++; i < len(s) && s[i] != '`'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case c == '$' && i+1 < len(s) && s[i+1] == '\'':
			for i += 2; i < len(s) && s[i] != '\''; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case c == '$' && i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '('):
			if i = skipExpansion(s, i); i < 0 {
				i = len(s) - 1
			}
		}
		b.WriteString(s[start:min(i+1, len(s))])
	}
	return b.String()
}
