package interp

// assignWordEq returns the index of the '=' that makes s an assignment
// word to bash's general.c assignment(): a name, an optional [subscript],
// an optional '+', then '='; -1 when s is no assignment (";x=1", "a b=1"
// and "=x" are not: declare -f looks them up as function names).
func assignWordEq(s string) int {
	if s == "" || !isNameStart(s[0]) {
		return -1
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '=':
			return i
		case c == '[':
			// the subscript ends at its matching "]", as bash's
			// skipsubscript finds it
			j := matchPair(s, i, '[', ']', false)
			if j < 0 {
				return -1
			}
			j++
			if j+1 < len(s) && s[j] == '+' && s[j+1] == '=' {
				return j + 1
			}
			if j < len(s) && s[j] == '=' {
				return j
			}
			return -1
		case c == '+' && i+1 < len(s) && s[i+1] == '=':
			return i + 1
		case !isNameChar(c):
			return -1
		}
	}
	return -1
}
