package interp

import "strings"

// In a compound assignment's list bash reads a word that starts with "["
// up to the matching "]" as one word, blanks included, and only then
// decides whether it is an element assignment ([k]=v): without the "="
// it is an ordinary word, a glob pattern like any other. So
// a=(grep [ 123 ] \*) has three elements, "[ 123 ]" the second, and
// a=([abc]) globs. mvdan's parser takes every such "[" for a subscript
// and rejects one not followed by "="; bracketWordRewrite makes it an
// ordinary word: bracketWordMarker (an empty expansion) before the "["
// and a backslash before each blank up to the "]" (escaped blanks match
// themselves in a pattern). writtenBracketWords undoes both where the
// text is shown (declare -f, xtrace).

// bracketWordName is the never-set parameter of bracketWordMarker.
const bracketWordName = "__nash_brk"

// bracketWordMarker is the text inserted before such a "[".
const bracketWordMarker = "${" + bracketWordName + "+}"

// bracketWordKept is bracketWordMarker for a word with a blank escaped
// as written, whose backslashes are shown.
const bracketWordKept = "${" + bracketWordName + "-}"

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
		marker := bracketWordMarker
		if strings.Contains(text[i:j], "\\ ") || strings.Contains(text[i:j], "\\\t") {
			// a blank escaped as written: the backslashes stay shown
			marker = bracketWordKept
		}
		var sb strings.Builder
		sb.WriteString(text[:i])
		sb.WriteString(marker)
		// each edit is at an offset of the text with the ones before
		n := len(marker)
		edits := []parseEdit{{i, n}}
		from, added := i, n
		for k := i; k < j; k++ {
			if text[k] == '\\' {
				k++ // escaped already
				continue
			}
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

// writtenBracketWords removes, from text shown as written, the marker of
// each bracket word and the backslashes put before its blanks.
func writtenBracketWords(s string) string {
	s = strings.ReplaceAll(s, bracketWordKept, "")
	for {
		i := strings.Index(s, bracketWordMarker)
		if i < 0 {
			return s
		}
		s = s[:i] + s[i+len(bracketWordMarker):]
		j := matchBracket(s, i)
		if j < 0 {
			continue
		}
		var sb strings.Builder
		sb.WriteString(s[:i])
		for k := i; k < j; k++ {
			if s[k] == '\\' && k+1 < j && (s[k+1] == ' ' || s[k+1] == '\t') {
				continue
			}
			sb.WriteByte(s[k])
		}
		sb.WriteString(s[j:])
		s = sb.String()
	}
}
