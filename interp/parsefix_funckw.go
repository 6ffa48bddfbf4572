package interp

import "strings"

// funcKeywordBodyRewrite handles "function name for …; done": bash takes
// any compound command as a function's body, and with the function
// keyword the parentheses are optional; mvdan's parser reads the words
// after the keyword as the names of a zsh multi-name function. "()" is
// inserted after the name when a compound command's keyword follows it.
func funcKeywordBodyRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		if !strings.HasPrefix(text[at:], "function") || !isCmdStart(text, at) {
			return "", nil, false
		}
		i := skipBlanks(text, at+len("function"))
		if i == at+len("function") {
			return "", nil, false
		}
		name := i
		for i < len(text) && strings.IndexByte(" \t\n;&|()<>", text[i]) < 0 {
			if text[i] == '\\' && i+1 < len(text) {
				i++ // an escaped name (parsefix_funcname.go)
			}
			i++
		}
		end := i
		if end == name {
			return "", nil, false
		}
		j := skipBlanks(text, end)
		rest := text[j:]
		for _, kw := range []string{"for", "while", "until", "if", "case", "select", "[[", "(("} {
			if !strings.HasPrefix(rest, kw) {
				continue
			}
			if kw[0] != '[' && kw[0] != '(' && len(rest) > len(kw) && strings.IndexByte(" \t\n", rest[len(kw)]) < 0 {
				continue // a longer word
			}
			return text[:end] + "()" + text[end:], []parseEdit{{end, 2}}, true
		}
		return "", nil, false
	}
}

// skipBlanks returns the offset of the first byte at or after i that is
// not a space or a tab.
func skipBlanks(text string, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}
