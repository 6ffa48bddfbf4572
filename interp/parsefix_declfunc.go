package interp

import "strings"

// declFuncRewrite lets a function be named after a declaration builtin,
// "export() { …; }", which bash accepts outside POSIX mode (and rejects
// there, when it defines it, as a special builtin's name); mvdan's parser
// reads the name as the builtin and stops at the "(". The definition gets
// the keyword "function" before the name, which parses as the same
// function. at is the offset of the "(".
func declFuncRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		rest := strings.TrimLeft(text[at+1:], " \t")
		if !strings.HasPrefix(rest, ")") {
			return "", nil, false
		}
		end := at
		for end > 0 && (text[end-1] == ' ' || text[end-1] == '\t') {
			end--
		}
		start := end
		for start > 0 && isNameChar(text[start-1]) {
			start--
		}
		switch text[start:end] {
		case "export", "declare", "typeset", "local", "readonly":
		default:
			return "", nil, false
		}
		if !isCmdStart(text, start) {
			return "", nil, false
		}
		const kw = "function "
		return text[:start] + kw + text[start:], []parseEdit{{start, len(kw)}}, true
	}
}
