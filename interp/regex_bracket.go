package interp

// unquoteRegexBrackets returns the right side of =~ as bash hands it to
// regcomp (quote_string_for_globbing with QGLOB_REGEXP): inside a bracket
// expression, where a backslash would stand for itself, bash writes quoted
// characters bare, so they lose their quoting there. Its scan of the
// bracket skips quoted characters, so [a"]".] is the bracket [a].] and a
// quoted ] does not end it, while regcomp then reads [a] followed by .]
// with . matching any character.
func unquoteRegexBrackets(cs []reChar) []reChar {
	var out []reChar
	for i := 0; i < len(cs); i++ {
		if cs[i].quoted || cs[i].c != '[' {
			continue
		}
		end := regexBracketEnd(cs, i+1)
		if end < 0 {
			continue
		}
		for k := i + 1; k < end; k++ {
			if cs[k].quoted {
				if out == nil {
					out = append([]reChar(nil), cs...)
				}
				out[k].quoted = false
			}
		}
		i = end
	}
	if out == nil {
		return cs
	}
	return out
}

// regexBracketEnd returns the index of the unquoted ] that closes the
// bracket expression whose body starts at expr[i], or -1 when it is not
// closed (bash then reads the [ as an ordinary character). As in bash's
// scan, the first character of the body (after an optional ^ and ]) never
// closes it, and the ] of a [:class:], [=x=] or [.x.] is taken with the
// character before it.
func regexBracketEnd(expr []reChar, i int) int {
	raw := func(k int, b byte) bool { return k < len(expr) && !expr[k].quoted && expr[k].c == b }
	if raw(i, '^') {
		i++
	}
	if raw(i, ']') {
		i++
	}
	var cclass, equiv, collsym bool
	for ; i < len(expr); i++ {
		switch {
		case raw(i, '[') && raw(i+1, ':'):
			cclass = true
			i++
		case cclass && raw(i, ':') && raw(i+1, ']'):
			cclass = false
			i++
		case raw(i, '[') && (raw(i+1, '=') || raw(i+1, '.')):
			equiv, collsym = equiv || expr[i+1].c == '=', collsym || expr[i+1].c == '.'
			i++
			if raw(i+1, ']') {
				i++ // a ] right after [= or [. is the character itself
			}
		case equiv && raw(i, '=') && raw(i+1, ']'):
			equiv = false
			i++
		case collsym && raw(i, '.') && raw(i+1, ']'):
			collsym = false
			i++
		}
		if raw(i+1, ']') {
			return i + 1
		}
	}
	return -1
}
