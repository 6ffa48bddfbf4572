package interp

import "strings"

// In a compound assignment's list bash reads a word that starts with "["
// up to the matching "]" as one word, blanks included, and only then
// decides whether it is an element assignment ([k]=v): without the "="
// it is an ordinary word, a glob pattern like any other. So
// a=(grep [ 123 ] \*) has three elements, "[ 123 ]" the second, and
// a=([abc]) globs. mvdan's parser takes every such "[" for a subscript
// and rejects one not followed by "="; bracketWordRewrite makes it an
// ordinary word: an empty "" before the "[" and a backslash before each
// blank up to the "]" (escaped blanks match themselves in a pattern).

// bracketWordError is mvdan's message for a "[" of a list's word that is
// not followed by "=".
const bracketWordError = "must be followed by `=`"

// bracketWordAt reports whether the parse error err, at offset at of
// text, is mvdan's refusal of a list's word starting with "[".
func bracketWordAt(err error, text string, at int) bool {
	return err != nil && strings.Contains(err.Error(), bracketWordError) && at < len(text) && text[at] == '['
}

// bracketWordRewrite is that rewrite for the "[" at offset i.
func bracketWordRewrite(i int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		j := matchBracket(text, i)
		if j < 0 || strings.HasPrefix(text[j+1:], "=") || strings.HasPrefix(text[j+1:], "+=") {
			return "", nil, false
		}
		var sb strings.Builder
		sb.WriteString(text[:i])
		sb.WriteString(`""`)
		// each edit is at an offset of the text with the ones before
		edits := []parseEdit{{i, 2}}
		from, added := i, 2
		for k := i; k < j; k++ {
			if c := text[k]; c == ' ' || c == '\t' {
				sb.WriteString(text[from:k])
				sb.WriteByte('\\')
				edits = append(edits, parseEdit{k + added, 1})
				from, added = k, added+1
			}
		}
		sb.WriteString(text[from:])
		return sb.String(), edits, true
	}
}
