package interp

import "strings"

// bash expands the word of a double-quoted ${x-word} (or one in a
// here-document) as a double-quoted string from which it first strips
// the unescaped double quotes (string_extract_double_quoted with
// SX_STRIPDQ): a single quote there is a plain character, and a double
// quote inside it still opens or closes: "${u-'"'hey}" is ''hey. Between
// such a quote and the next, a backslash quotes any character, as
// outside double quotes ("${u-'"\p'}" is 'p).

// stripInnerDq returns the text s between the single quotes of such a
// word with its unescaped double quotes removed, written so that
// opWordUnescape still reads it (a backslash kept only before $ ` " \);
// $(…), ${…} and `…` are kept whole. A quote left open does not extend
// past s.
func stripInnerDq(s string) string {
	if strings.IndexByte(s, '"') < 0 {
		return s
	}
	var sb strings.Builder
	inner := false
	for k := 0; k < len(s); k++ {
		c := s[k]
		switch {
		case c == '\\' && k+1 < len(s):
			k++
			n := s[k]
			switch {
			case !inner:
				sb.WriteByte(c)
				sb.WriteByte(n)
			case n == '\n':
				// a line joined outside double quotes
			case strings.IndexByte("$`\"\\", n) >= 0:
				sb.WriteByte(c)
				sb.WriteByte(n)
			default:
				sb.WriteByte(n)
			}
		case c == '"':
			inner = !inner
		case c == '$' && k+1 < len(s) && (s[k+1] == '(' || s[k+1] == '{'):
			end := matchParen(s, k+1)
			if s[k+1] == '{' {
				end = matchBrace(s, k+1)
			}
			if end < 0 {
				end = len(s) - 1
			}
			sb.WriteString(s[k : end+1])
			k = end
		case c == '`':
			end := skipQuoted(s, k)
			if end < 0 {
				end = len(s) - 1
			}
			sb.WriteString(s[k : end+1])
			k = end
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}
