package interp

import "strings"

// Quote removal of backslashes where only some bytes can be quoted: a
// backslash before a byte of the set goes, as does a backslash-newline
// pair (a line continuation); any other backslash is literal.
const (
	dblQuotable    = "$`\"\\"  // between double quotes
	opWordQuotable = "$`\"\\}" // the word of ${x:-word} between double quotes
	hdocQuotable   = "$`\\"    // an unquoted here-document's body
)

// unbackslash removes the backslashes that quote a byte of quotable, and
// backslash-newline pairs; with all set, every backslash quotes the byte
// after it, as in an ordinary word.
func unbackslash(s, quotable string, all bool) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			next := s[i+1]
			if next == '\n' {
				i++
				continue
			}
			if all || strings.IndexByte(quotable, next) >= 0 {
				i++
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}
