package interp

import "strings"

// emptyExtglob is the pattern list standing in for an empty one: bash
// reads "+()" (any of ?*+@! before "()") as an extended pattern, but
// mvdan's parser takes an empty list for the start of a function
// definition and rejects the word. The expansion of an ExtGlob whose
// pattern is this marker is the empty list again, and writtenText shows
// it as written.
const emptyExtglob = "__nash_empty_extglob"

// emptyExtglobRewrite fills the empty pattern list of the extended
// pattern nearest before offset at (or just after it) on its line.
func emptyExtglobRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		k := emptyExtglobAt(text, at)
		if k < 0 {
			return "", nil, false
		}
		// k is the "(" of "X()"
		return text[:k+1] + emptyExtglob + text[k+1:], []parseEdit{{k + 1, len(emptyExtglob)}}, true
	}
}

// emptyExtglobAt returns the offset of the "(" of the "X()" nearest to
// at on its line (at itself, one past it, or before it), or -1.
func emptyExtglobAt(text string, at int) int {
	is := func(k int) bool {
		return k > 0 && k+1 < len(text) && text[k] == '(' && text[k+1] == ')' && isExtOp(text[k-1])
	}
	for _, k := range []int{at, at + 1} {
		if is(k) {
			return k
		}
	}
	for k := min(at, len(text)) - 1; k > 0 && text[k] != '\n'; k-- {
		if is(k) {
			return k
		}
	}
	return -1
}

// writtenEmptyExtglob removes the markers of emptyExtglobRewrite.
func writtenEmptyExtglob(s string) string {
	return strings.ReplaceAll(s, "("+emptyExtglob+")", "()")
}
