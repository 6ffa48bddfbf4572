package interp

import (
	"strings"
	"unicode/utf8"
)

// In a UTF-8 locale bash's IFS is a set of characters: a multibyte
// character in IFS delimits only where the whole character appears, and
// "$*" joins with the whole first character. Elsewhere IFS is bytes.

// charLen is the length of the character s starts with in a UTF-8
// locale: an invalid byte is a character of its own, as for bash.
func charLen(s string) int {
	_, n := utf8.DecodeRuneInString(s)
	return n
}

// isIFSChar reports whether ch, one character of the text being split
// (one byte unless mb), is one of ifs's characters. A single byte, an
// invalid one included, is looked for among IFS's bytes, as bash's
// strchr does: \xc3 alone splits where IFS has é.
func isIFSChar(ifs, ch string, mb bool) bool {
	if len(ch) == 1 {
		return strings.IndexByte(ifs, ch[0]) >= 0
	}
	for i := 0; i < len(ifs); {
		n := charLen(ifs[i:])
		if ifs[i:i+n] == ch {
			return true
		}
		i += n
	}
	return false
}

// firstIFSChar is IFS's first character, the separator "$*" and the
// elements of an unquoted $* join with ("" when IFS is empty).
func firstIFSChar(ifs string, mb bool) string {
	if ifs == "" {
		return ""
	}
	if !mb {
		return ifs[:1]
	}
	return ifs[:charLen(ifs)]
}
