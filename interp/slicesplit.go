package interp

import "strings"

// bash finds the colon that ends the offset of ${x:off:len} in the text
// as written with skip_to_delim's SD_ARITHEXP (skiparith): a ? takes the
// next colon into the offset, parentheses and quotes are skipped.
// sliceRewrite splits an offset mvdan's parser rejects there.

// skipArith is skip_to_delim(s, ":", SD_ARITHEXP): the index of the
// colon ending an offset (-1 for none) and whether every ( it met closed.
func skipArith(s string) (int, bool) {
	pending := 0 // ?s waiting for their colon
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			i++
		case '\'':
			if j := strings.IndexByte(s[i+1:], '\''); j >= 0 {
				i += j + 1
			} else {
				return -1, true
			}
		case '"':
			i = skipDquoted(s, i+1)
		case '?':
			pending++
		case ':':
			if pending == 0 {
				return i, true
			}
			pending--
		case '(':
			j := matchClose(s, i+1, '(', ')')
			if j < 0 {
				return -1, false
			}
			i = j
		case '$':
			if i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '(') {
				open, cl := s[i+1], byte('}')
				if open == '(' {
					cl = ')'
				}
				j := matchClose(s, i+2, open, cl)
				if j < 0 {
					return -1, true
				}
				i = j
			}
		}
	}
	return -1, true
}

// skipDquoted returns the index of the double quote closing the text
// that starts at i (len(s)-1 when there is none).
func skipDquoted(s string, i int) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return len(s) - 1
}

// matchClose returns the index of the cl that closes an open already
// seen, from i, skipping quotes; -1 when there is none.
func matchClose(s string, i int, open, cl byte) int {
	depth := 1
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return -1
			}
			i += j + 1
		case c == '"':
			i = skipDquoted(s, i+1)
		case c == open:
			depth++
		case c == cl:
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}
