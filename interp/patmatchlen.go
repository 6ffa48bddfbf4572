package interp

import (
	"strings"
	"unicode/utf8"
)

// subMatchLen is bash's MATCHLEN (lib/glob/gm_loop.c) of pattern pat,
// in characters (bytes when bytes is set): the length every match of a
// pattern without * and extglob groups has, else -1. ${x/p/r} tries only
// substrings of that length (match_upattern), which for a bracket
// expression left open is not the length of what the pattern matches:
// bash counts all the rest of the pattern as one bracket, so a=x[[:y;
// ${a//[[:/Q} replaces nothing, while [[:y, the [ a literal, would match.
func subMatchLen(pat string, bytes bool) int {
	cs := patChars(pat, bytes)
	n := 0
	for i := 0; i < len(cs); {
		c := cs[i]
		i++
		next := func() rune {
			if i < len(cs) {
				return cs[i]
			}
			return 0
		}
		switch c {
		case '\\':
			n++
			if i < len(cs) {
				i++
			}
		case '*':
			return -1
		case '?', '+', '!', '@':
			if next() == '(' {
				return -1
			}
			n++
		case '[':
			bl, ok := bracketScan(cs, &i)
			if !ok {
				// no closing ]: all the rest was one bracket
				return n + bl
			}
			n++
		default:
			n++
		}
	}
	return n
}

// bracketScan is MATCHLEN's scan of a bracket expression from cs[*i],
// just after its [: it reports the characters it counted and whether
// a closing ] ended it, *i then past it.
func bracketScan(cs []rune, i *int) (int, bool) {
	at := func(k int) rune {
		if k < len(cs) {
			return cs[k]
		}
		return 0
	}
	// inside[k]: within a [: :], [. .] or [= =] (k indexing ":.="),
	// each opened and closed on its own as in MATCHLEN
	const kinds = ":.="
	var inside [len(kinds)]bool
	bl := 1
	c := at(*i)
	*i++
	for {
		open := strings.IndexRune(kinds, at(*i))
		shut := strings.IndexRune(kinds, c)
		switch {
		case c == 0:
			*i = len(cs)
			return bl, false
		case c == '\\':
			bl++
			if at(*i) == 0 || at(*i+1) == 0 {
				*i = len(cs)
				return bl, false
			}
			*i++
		case c == '[' && open >= 0:
			*i++
			bl++
			if open > 0 && at(*i) == ']' {
				// [.]. and [=]=: a ] right after is the symbol
				*i++
				bl++
			}
			inside[open] = true
		case shut >= 0 && inside[shut] && at(*i) == ']':
			*i++
			bl++
			inside[shut] = false
		default:
			bl++
		}
		c = at(*i)
		*i++
		if c == ']' {
			return bl, true
		}
	}
}

// patChars splits pat into characters: runes, an invalid byte one
// character, or bytes in a single-byte locale.
func patChars(pat string, bytes bool) []rune {
	cs := make([]rune, 0, len(pat))
	for i := 0; i < len(pat); {
		if bytes {
			cs = append(cs, rune(pat[i]))
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(pat[i:])
		if r == utf8.RuneError && n <= 1 {
			r = 0xDC00 | rune(pat[i]) // a character of its own
		}
		cs = append(cs, r)
		i += n
	}
	return cs
}

// replaceLen is replace for a pattern whose subMatchLen, n, is not the
// length of what it matches: bash tries only substrings of n characters.
func (m *compiledPattern) replaceLen(s string, anchor byte, all bool, with func(string) string, n int) string {
	b := m.bounds(s)
	switch anchor {
	case '#':
		if n < len(b) && m.matchString(s[:b[n]]) {
			return with(s[:b[n]]) + s[b[n]:]
		}
		return s
	case '%':
		if k := len(b) - 1 - n; k >= 0 && m.matchString(s[b[k]:]) {
			return s[:b[k]] + with(s[b[k]:])
		}
		return s
	}
	var sb strings.Builder
	last := 0
	for k := 0; k+n < len(b); k++ {
		if !m.matchString(s[b[k]:b[k+n]]) {
			continue
		}
		sb.WriteString(s[last:b[k]])
		sb.WriteString(with(s[b[k]:b[k+n]]))
		last = b[k+n]
		if !all {
			break
		}
		k += n - 1
	}
	sb.WriteString(s[last:])
	return sb.String()
}

// naturalLen is the length of every match of the pattern, when all have
// one, else -1.
func (m *compiledPattern) naturalLen() int {
	if !m.literal {
		return m.fixed
	}
	if m.bytes {
		return len(m.lit)
	}
	return utf8.RuneCountInString(m.lit)
}
