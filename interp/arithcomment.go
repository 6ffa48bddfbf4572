package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash's parser reads "$(( 3 # 4 ))" as arithmetic, but the expansion
// extracts it again as a command substitution (extract_command_subst,
// extract_delimited_string with SX_COMMAND), where a "#" after a blank
// starts a comment to the end of the line: the closing parentheses are
// swallowed and the expansion fails with "bad substitution: no closing
// `)' in STRING", STRING being the whole string that was being scanned
// (the word, quotes and all, or a here-document's body), status 1, the
// command line abandoned.

// arithCommentError returns that error for the $(( )) p when a comment
// swallows its closing parentheses, else nil.
func (r *Runner) arithCommentError(p *syntax.ArithmExp) error {
	if p.Bracket || !p.Pos().IsValid() {
		return nil
	}
	start, end := int(p.Pos().Offset()), int(p.End().Offset())
	src := r.curSrc
	if start < 0 || end > len(src) || start+2 > end || strings.IndexByte(src[start:end], '#') < 0 {
		return nil
	}
	text := r.nodeText(p) // without the quotes a rewrite added
	if !strings.HasPrefix(text, "$(") || dollarParenCloses(text, 2) >= 0 {
		return nil
	}
	return &expandError{msg: "bad substitution: no closing `)' in " + text, report: true, outer: true}
}

// dollarParenCloses scans text from offset i, just after a "$(", as
// extract_delimited_string does with SX_COMMAND, and returns the offset
// of the ")" that closes it, or -1 when the text ends first.
func dollarParenCloses(text string, i int) int {
	level := 1
	for i < len(text) {
		c := text[i]
		switch {
		case c == '#' && (text[i-1] == '\n' || text[i-1] == ' ' || text[i-1] == '\t'):
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				return -1
			}
			i += j + 1
			continue
		case c == '\\':
			i += 2
			continue
		case c == '$' && i+1 < len(text) && text[i+1] == '(':
			j := dollarParenCloses(text, i+2)
			if j < 0 {
				return -1
			}
			i = j + 1
			continue
		case c == '(':
			level++
		case c == ')':
			level--
			if level == 0 {
				return i
			}
		case c == '`' || c == '\'':
			j := strings.IndexByte(text[i+1:], c)
			if j < 0 {
				return -1
			}
			i += j + 2
			continue
		case c == '"':
			j := i + 1
			for j < len(text) && text[j] != '"' {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
			continue
		}
		i++
	}
	return -1
}
