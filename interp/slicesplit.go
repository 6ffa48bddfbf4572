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
			if i = quotedEnd(s, i+1); i < 0 {
				return -1, true
			}
		case '?':
			pending++
		case ':':
			if pending == 0 {
				return i, true
			}
			pending--
		case '(':
			j := groupEnd(s, i)
			if j < 0 {
				return -1, false
			}
			i = j
		case '$':
			if i = skipExpansion(s, i); i < 0 {
				return -1, true
			}
		}
	}
	return -1, true
}
