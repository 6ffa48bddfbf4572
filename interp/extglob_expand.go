package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// expandExtglobPattern expands the text inside an extended pattern, which
// mvdan's parser keeps as one literal: bash expands the parameters,
// substitutions and quotes there as in the rest of the word ("+($e)"
// matches what $e holds; a quoted part matches literally), and keeps the
// pattern characters.
func (r *Runner) expandExtglobPattern(b *fieldBuilder, pat string) error {
	return extglobPieces(pat, func(lit string) {
		// backslashes quote as elsewhere in the word: an unmatched
		// word shows ]?(.) for ]?(\.)
		if b.trace != nil {
			b.trace.extLit = true
			defer func() { b.trace.extLit = false }()
		}
		r.unquotedLit(b, lit, false)
	}, func(chunk string) error {
		return r.expandPatternChunk(b, chunk)
	})
}

// extglobPieces splits the text of an extended pattern: lit gets each
// run of text outside quotes and expansions (a backslash and the byte
// after it included), chunk each quoted string or expansion; an error of
// chunk ends the split.
func extglobPieces(pat string, lit func(string), chunk func(string) error) error {
	for i := 0; i < len(pat); {
		j := i
		for j < len(pat) && strings.IndexByte("$`'\"", pat[j]) < 0 {
			if pat[j] == '\\' {
				j++
			}
			j++
		}
		j = min(j, len(pat))
		if j > i {
			lit(pat[i:j])
		}
		if j >= len(pat) {
			break
		}
		end := expansionEnd(pat, j)
		if err := chunk(pat[j:end]); err != nil {
			return err
		}
		i = end
	}
	return nil
}

// expandPatternChunk expands one quoted string or expansion of an
// extended pattern; text that does not parse stays literal.
func (r *Runner) expandPatternChunk(b *fieldBuilder, chunk string) error {
	w, src, ok := chunkWord(chunk)
	if !ok {
		b.literal(chunk)
		return nil
	}
	oldSrc := r.curSrc
	r.curSrc = src // the new nodes' offsets are into src
	defer func() { r.curSrc = oldSrc }()
	return r.expandWord(b, w, false)
}

// chunkWord reads chunk, a quoted string or expansion of an extended
// pattern, as a word of its own, and returns it with the text its
// positions refer to; ok is false when it is not one word.
func chunkWord(chunk string) (*syntax.Word, string, bool) {
	// the chunk is text as written, which may hold bytes that are not
	// UTF-8 or carriage returns (rawbytes.go)
	f, src, err := parseRawFile(": "+chunk, "")
	if err != nil || len(f.Stmts) != 1 || len(f.Stmts[0].Redirs) > 0 {
		return nil, "", false
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil, "", false
	}
	return call.Args[1], src, true
}

// extglobText is the text between an extended pattern's parentheses.
func extglobText(p *syntax.ExtGlob) string {
	if p.Pattern.Value == emptyExtglob {
		return "" // see emptyExtglobRewrite
	}
	return p.Pattern.Value
}

// expansionEnd returns the end of the quoted string or expansion that
// starts at s[i] ($name, ${…}, $(…), $((…)), `…`, '…', "…").
func expansionEnd(s string, i int) int {
	switch s[i] {
	case '\'':
		if k := strings.IndexByte(s[i+1:], '\''); k >= 0 {
			return i + k + 2
		}
		return len(s)
	case '"', '`':
		q := s[i]
		k := i + 1
		for k < len(s) && s[k] != q {
			if s[k] == '\\' {
				k++
			}
			k++
		}
		return min(k+1, len(s))
	}
	// '$'
	if i+1 >= len(s) {
		return len(s)
	}
	switch c := s[i+1]; {
	case c == '{' || c == '(':
		closing := byte('}')
		if c == '(' {
			closing = ')'
		}
		depth := 0
		for k := i + 1; k < len(s); k++ {
			switch s[k] {
			case '\\':
				k++
			case c:
				depth++
			case closing:
				depth--
				if depth == 0 {
					return k + 1
				}
			}
		}
		return len(s)
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		k := i + 1
		for k < len(s) && (s[k] == '_' || s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z' || s[k] >= '0' && s[k] <= '9') {
			k++
		}
		return k
	case c >= '0' && c <= '9' || strings.IndexByte("@*#?-$!", c) >= 0:
		return i + 2
	case c == '\'' || c == '"':
		return expansionEnd(s, i+1) // $'…' and $"…"
	}
	return i + 1
}
