package interp

// quoteArith is quoteRegion for the text of arithmetic, which may also
// hold double-quoted strings: bash expands that text as between double
// quotes but with a nested "…" read as its own string, whose quotes go
// (expand_word_internal under Q_ARITH): $(( "1" + 2 )) is 3, and
// $(( eval 'echo "x"'; )) fails on the text "eval 'echo x'; ". Each such
// string ends the added quotes and another opens after it, so the
// expanded text is the same, and writtenText pairs every opening with
// the quote that ends it.
func quoteArith(text string, from, to int) (string, []parseEdit, bool) {
	var sb editBuilder
	sb.WriteString(text[:from])
	add := sb.insert
	add(synthQuote)
	last := from
	for k := from; k < to; k++ {
		switch c := text[k]; {
		case c == '\\':
			// between double quotes a backslash quotes $ ` " \ and a
			// newline, and stays before anything else, as in bash's
			// expansion of the text; one at the end would quote the
			// closing quote
			if k+1 == to {
				return "", nil, false
			}
			k++
		case c == '$' && k+1 < to && (text[k+1] == '{' || text[k+1] == '('):
			// a substitution is read whole, its quotes its own
			closing := byte(')')
			if text[k+1] == '{' {
				closing = '}'
			}
			e := matchPair(text, k+1, text[k+1], closing, false)
			if e < 0 || e >= to {
				return "", nil, false
			}
			k = e
		case c == '`':
			e := skipQuoted(text, k)
			if e < 0 || e >= to {
				return "", nil, false
			}
			k = e
		case c == '"':
			e := skipQuoted(text, k)
			if e < 0 || e >= to {
				return "", nil, false
			}
			sb.WriteString(text[last:k])
			add(`"`)
			sb.WriteString(text[k : e+1])
			add(synthQuote)
			last, k = e+1, e
		}
	}
	sb.WriteString(text[last:to])
	add(`"`)
	sb.WriteString(text[to:])
	return sb.String(), sb.edits, true
}
