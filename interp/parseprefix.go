package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// completeBefore returns the statements of text that bash runs before it
// meets the first syntax error: bash parses and runs one line at a time
// (eval and source included), so the statements on the line where the
// failing command starts are not among them. text is parseProgram's
// fixed-up text.
func completeBefore(text string) []*syntax.Stmt {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	raw := hasRawRunes(text)
	var done, group []*syntax.Stmt
	lastLine, lastEnd := uint(0), 0
	err := stmtsUntil(p, strings.NewReader(text), func(st *syntax.Stmt) bool {
		if len(group) > 0 && st.Pos().Line() > lastLine {
			done = append(done, group...)
			group = nil
		}
		if raw {
			decodeRawNode(st)
		}
		group = append(group, st)
		lastLine, lastEnd = st.End().Line(), int(st.End().Offset())
		return true
	})
	if err == nil || brokenLineAfter(text, lastEnd) {
		done = append(done, group...)
	}
	return done
}

// brokenLineAfter reports whether the line holding the statement that
// ends at off is finished before the next command starts: only blanks
// and a comment stand between off and a newline. The statement's own
// ';' or '&' is part of it (Stmt.End): another one is the failing token
// of the same line (echo a; ;), which bash reads whole.
func brokenLineAfter(text string, off int) bool {
	for i := off; i < len(text); i++ {
		switch text[i] {
		case ' ', '\t':
		case '\n':
			return true
		case '#':
			return strings.IndexByte(text[i:], '\n') >= 0
		default:
			return false
		}
	}
	return false
}
