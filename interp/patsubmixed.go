package interp

import (
	"strings"
	"unicode/utf8"
)

// replaceMixed is m.replace for a value that is not valid UTF-8, m being
// compiled for UTF-8. bash's pat_subst calls match_pattern on the rest
// of the value after each match, and match_pattern matches the rest by
// bytes when it does not convert to wide characters (match_upattern,
// where ? takes one byte, even one of a valid character), else by
// characters: ${y//?/r} with y=$'\xc3\xa9\xff' gives rrr (é split, the
// rest invalid each time), with y=$'\xff\xc3\xa9' rr (é whole, the rest
// valid after the first match). An anchored replacement is one call on
// the whole value, which tries the prefixes (or suffixes) at every byte,
// each matched in its own mode (see replaceMixedAnchored).
func (r *Runner) replaceMixed(m *compiledPattern, s string, anchor byte, all bool, with func(string) string) string {
	b := r.forText(m, s)
	if anchor != 0 {
		return r.replaceMixedAnchored(m, b, s, anchor, with)
	}
	if !all || b.subLen > 0 && b.subLen != b.naturalLen() || m.subLen > 0 && m.subLen != m.naturalLen() {
		return b.replace(s, anchor, all, with)
	}
	var sb strings.Builder
	i := 0
	valid := false // the rest converts: it stays so
	var float *compiledPattern
	for i < len(s) {
		var start, end int
		var ok bool
		if valid = valid || utf8.ValidString(s[i:]); valid {
			start, end, ok = m.findAt(s, i)
		} else {
			// match_upattern first matches the rest against the
			// pattern made to float at both ends, by bytes, and
			// gives up when that fails: [[:space:]] then matches
			// no multibyte blank even in a part that converts
			if float == nil {
				float, _ = r.compilePatternIn(floatPattern(m.src, m.extglob, true, true), m.fold, m.extglob, true)
			}
			if float != nil && !float.matchString(s[i:]) {
				break
			}
			start, end, ok = byteStepFind(m, b, s, i)
		}
		if !ok {
			break
		}
		sb.WriteString(s[i:start])
		sb.WriteString(with(s[start:end]))
		if end == start {
			// an empty match: the next character is kept, as the
			// locale reads it (pat_subst's ADVANCE_CHAR), in either
			// mode
			if end == len(s) {
				i = end
				break
			}
			_, n := m.dec(s[end:])
			sb.WriteString(s[end : end+n])
			end += n
		}
		i = end
	}
	sb.WriteString(s[i:])
	return sb.String()
}

// floatPattern is src made to match anywhere from its front or its back
// as match_upattern makes it: a * before it unless it starts with one
// (that is not an extended group's), a * after it unless it ends with an
// unescaped one.
func floatPattern(src string, extglob, front, back bool) string {
	if back && (!strings.HasSuffix(src, "*") || (len(src)-len(strings.TrimRight(src[:len(src)-1], "\\")))%2 == 1) {
		src += "*"
	}
	if front && (!strings.HasPrefix(src, "*") || extglob && strings.HasPrefix(src, "*(")) {
		src = "*" + src
	}
	return src
}

// byteStepFind is match_upattern's search of s from i, by bytes: at
// each byte offset, the substrings of the pattern's length in bytes
// (all lengths, longest first, for a pattern without one), each matched
// by characters when it converts, else by bytes (xstrmatch). m and b are
// the pattern compiled for UTF-8 and for bytes.
func byteStepFind(m, b *compiledPattern, s string, i int) (int, int, bool) {
	n := b.naturalLen()
	match := func(t string) bool {
		if utf8.ValidString(t) && !m.invalid {
			return m.matchString(t)
		}
		return b.matchString(t)
	}
	for p := i; p < len(s); p++ {
		if n >= 0 {
			if e := p + n; e <= len(s) && match(s[p:e]) {
				return p, e, true
			}
			continue
		}
		for e := len(s); e >= p; e-- {
			if match(s[p:e]) {
				return p, e, true
			}
		}
	}
	return 0, 0, false
}

// replaceMixedAnchored is ${x/#p/r} and ${x/%p/r} on a value that is not
// valid UTF-8: match_upattern tries the prefixes from the longest (the
// suffixes from the longest) at every byte, or only the one of the
// pattern's length in bytes when it has one, and strmatch matches each by
// characters when it converts, else by bytes: with x=$'日é\xff',
// ${x/#?/r} replaces a byte ('?' is one byte long), ${x/#?@(|b)/r} the
// whole 日.
func (r *Runner) replaceMixedAnchored(m, b *compiledPattern, s string, anchor byte, with func(string) string) string {
	match := func(t string) bool { return r.forText(m, t).matchString(t) }
	// match_upattern first matches the whole value against the pattern
	// made to float at its other end ("pat*", "*pat"), and gives up
	// when that fails: by bytes, as the value does not convert, so
	// [[:alnum:]]* matches no $'日\xff本' although it matches 日
	src := floatPattern(m.src, m.extglob, anchor != '#', anchor != '%')
	if f, err := r.compilePatternIn(src, m.fold, m.extglob, true); err == nil && !f.matchString(s) {
		return s
	}
	lo, hi := 0, len(s)
	if n := b.subLen; n >= 0 {
		if n > len(s) {
			return s
		}
		lo, hi = n, n
		if anchor == '%' {
			lo, hi = len(s)-n, len(s)-n
		}
	}
	if anchor == '#' {
		for p := hi; p >= lo; p-- {
			if match(s[:p]) {
				return with(s[:p]) + s[p:]
			}
		}
		return s
	}
	for p := lo; p <= hi; p++ {
		if match(s[p:]) {
			return s[:p] + with(s[p:])
		}
	}
	return s
}
