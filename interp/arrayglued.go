package interp

import "strings"

// bash reads name=(…) followed directly by more of a word, a=(4*3)/2, as
// one assignment word: not a compound assignment but the string
// "(4*3)/2", the words between the parentheses joined by one blank, the
// rest of the word expanded as usual (an integer variable evaluates it).
// mvdan's parser rejects it ("inline variables cannot be arrays");
// gluedCompoundRewrite escapes the parentheses and the blanks between
// them, which makes it the plain assignment bash sees.

// gluedCompoundRewrite is that rewrite for the words of the line of
// offset at (mvdan names one of them, not always the first).
func gluedCompoundRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		start := strings.LastIndexByte(text[:at], '\n') + 1
		end := len(text)
		if k := strings.IndexByte(text[at:], '\n'); k >= 0 {
			end = at + k
		}
		var marks []int
		for i := start; i < end; i++ {
			if i > start && strings.IndexByte(" \t;&|(", text[i-1]) < 0 {
				continue
			}
			if m := gluedCompoundMarks(text, i); m != nil {
				marks = append(marks, m...)
				i = m[len(m)-1]
			}
		}
		if len(marks) == 0 {
			return "", nil, false
		}
		// the marks envCompoundRewrite puts, which writtenBlanks
		// reads: the word prints as written
		ins := make([]textInsert, 0, len(marks)+2)
		for _, k := range marks {
			if text[k] == '(' || text[k] == ')' {
				ins = append(ins, textInsert{k, parenMark + `\`})
				continue
			}
			// the blank, a tab too, inside ${__nash_blanks+…}: the
			// words are joined by one escaped space, as bash joins them
			ins = append(ins, textInsert{k, `\ ${` + blanksName + "+"}, textInsert{k + 1, "}"})
		}
		return applyInserts(text, ins)
	}
}

// gluedCompoundMarks returns the offsets to escape in name=(…)word
// starting at offset at (its parentheses and the blanks between them
// outside quotes), or nil when there is no such word there or it is one
// the rewrite cannot keep as bash reads it (nested parentheses, a
// newline, a run of blanks, which bash collapses).
func gluedCompoundMarks(text string, at int) []int {
	i := at
	for i < len(text) && isNameChar(text[i]) {
		i++
	}
	if i == at || !validName(text[at:i]) {
		return nil
	}
	if strings.HasPrefix(text[i:], "+") {
		i++
	}
	if !strings.HasPrefix(text[i:], "=(") {
		return nil
	}
	open := i + 1
	end := matchParen(text, open)
	if end < 0 || end+1 >= len(text) || strings.IndexByte(" \t\n;&|()<>", text[end+1]) >= 0 {
		return nil
	}
	marks := []int{open}
	for k := open + 1; k < end; k++ {
		switch text[k] {
		case '\\':
			k++
		case '\'', '"', '`':
			if k = skipQuoted(text, k); k < 0 || k > end {
				return nil
			}
		case ' ', '\t':
			if k == open+1 || k == end-1 || text[k+1] == ' ' || text[k+1] == '\t' {
				return nil
			}
			marks = append(marks, k)
		case '(', ')', '\n':
			return nil
		}
	}
	return append(marks, end)
}
