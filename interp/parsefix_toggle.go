package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Bash 5.2 toggles the case of a parameter's value with ${x~pattern}
// (the first character) and ${x~~pattern} (every character), operators
// it does not document and mvdan's parser does not know. Such an
// expansion is rewritten into the matching ${x^pattern} or
// ${x^^pattern} whose word starts with toggleCaseMark; paramExp reads
// the mark (toggleCaseWord) and toggles instead of converting to upper
// case, and writtenText shows the text as written.

// toggleCaseMark starts the pattern of a rewritten case toggle.
const toggleCaseMark = "__nash_toggle_case__"

// toggleCaseRewrite rewrites the ${…~…} whose "$" is at offset i.
func toggleCaseRewrite(i int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		j := matchBrace(text, i+1)
		if j < 0 {
			return "", nil, false
		}
		from := i + 2
		if from < j && text[from] == '!' {
			from++ // ${!ref~}: the value of the variable ref names
		}
		n := paramLen(text[from:j])
		if n <= 0 {
			return "", nil, false
		}
		op := from + n
		if op >= j || text[op] != '~' {
			return "", nil, false
		}
		end := op + 1
		if end < j && text[end] == '~' {
			end++
		}
		conv := strings.Repeat("^", end-op)
		out := text[:op] + conv + toggleCaseMark + text[end:]
		return out, []parseEdit{{end, len(toggleCaseMark)}}, true
	}
}

// toggleCaseWord reports whether w, the word of a ${x^…} or ${x^^…},
// is that of a rewritten case toggle, and returns the pattern as written.
func toggleCaseWord(w *syntax.Word) (*syntax.Word, bool) {
	if w == nil || len(w.Parts) == 0 {
		return w, false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok || !strings.HasPrefix(lit.Value, toggleCaseMark) {
		return w, false
	}
	rest := lit.Value[len(toggleCaseMark):]
	parts := w.Parts[1:]
	if rest != "" {
		l := *lit
		l.Value = rest
		parts = append([]syntax.WordPart{&l}, parts...)
	}
	return &syntax.Word{Parts: parts}, true
}

// writtenToggleCase turns the rewritten case toggles in s back into the
// text as written: ${x^^__nash_toggle_case__p} is ${x~~p}.
func writtenToggleCase(s string) string {
	for {
		i := strings.Index(s, toggleCaseMark)
		if i < 0 {
			return s
		}
		k := i
		for k > 0 && s[k-1] == '^' {
			k--
		}
		s = s[:k] + strings.Repeat("~", i-k) + s[i+len(toggleCaseMark):]
	}
}
