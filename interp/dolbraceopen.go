package interp

// dolbraceOpen reports whether the syntax error err, from parsing text,
// lies inside a ${ that no } closes yet (echo ${HO at the end of a line,
// the parameter's name cut by the newline). bash's parse_matched_pair
// reads on for the closing brace, across lines, before the word is
// judged (a newline in the name is a bad substitution when it is
// expanded), so a line-at-a-time reader reads the next line.
func dolbraceOpen(err error, text string) bool {
	pos, _, ok := parseErrorPos(err)
	if !ok {
		return false
	}
	at := min(int(pos.Offset()), len(text))
	for i := at - 1; i >= 0; i-- {
		if text[i] == '{' && i > 0 && text[i-1] == '$' {
			return matchBrace(text, i) < 0
		}
		if text[i] == '}' {
			return false
		}
	}
	return false
}
