package interp

import "strings"

// declBracketRewrite quotes the start of a word NAME[… whose "[" is not
// closed before its "=" (or "+=", or the end of the word): bash's parser
// takes such a word for no assignment and the declaration builtin it is
// given to reports it (declare a[=x, export a[), where mvdan's parser
// reads a subscript and fails. at is the offset of the error, in the word.
func declBracketRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		const stop = " \t\n;&|()<>"
		ws := min(at, len(text)-1)
		for ws > 0 && strings.IndexByte(stop, text[ws-1]) < 0 {
			ws--
		}
		k := ws
		for k < len(text) && isNameChar(text[k]) {
			k++
		}
		if k == ws || !isNameStart(text[ws]) || k >= len(text) || text[k] != '[' || at < k {
			return "", nil, false
		}
		e := k + 1
		for e < len(text) && strings.IndexByte(stop+"=]", text[e]) < 0 && !strings.HasPrefix(text[e:], "+=") {
			if strings.IndexByte("\"'$`\\", text[e]) >= 0 {
				return "", nil, false // quoting or expansions in the subscript: not this case
			}
			e++
		}
		if e < len(text) && text[e] == ']' || !declArgWord(text, ws) {
			return "", nil, false
		}
		return quoteRegion(text, ws, e)
	}
}

// declArgWord reports whether the word at offset start is an argument
// of a declaration builtin: as a command's first word, NAME[ is read
// up to its "]" by bash's parser too.
func declArgWord(text string, start int) bool {
	name, ok := cmdNameBefore(text, start, true)
	if !ok {
		return false
	}
	switch name {
	case "declare", "typeset", "local", "export", "readonly":
		return true
	}
	return false
}
