package interp

import (
	resyntax "regexp/syntax"
	"unicode"
	"unicode/utf8"
)

// glibc's regcomp takes back-references (\1 to \9) in an extended regular
// expression, which Go's regexp cannot match. ereToGo writes each as a
// group of two marker runes, reBackrefBase+n and reBackrefEnd (below the
// stand-ins, runes no text holds in practice; two, so that Go's parser
// never folds one into a character class with other single runes of an
// alternation, and grouped, so that a repetition takes both), and such an
// expression is matched by backrefRE, a
// backtracking matcher over the parsed expression: at the leftmost start
// that matches it takes the longest match, and the submatches of the first
// way (trying longer repetitions and earlier alternatives first) that
// reaches it.

// reBackrefBase+n, reBackrefEnd mark back-reference n in a translated
// expression.
const (
	reBackrefBase = 0x10FF00
	reBackrefEnd  = 0x10FF10
)

// backrefSteps bounds the work of one match: backtracking is exponential
// in the worst case, and a shell must not hang on a pathological pattern.
// A search that runs out reports the longest match found so far.
const backrefSteps = 1 << 22

// reMatcher is what [[ =~ ]] needs of a compiled expression.
type reMatcher interface {
	FindStringSubmatchIndex(s string) []int
}

// backrefRE matches an expression holding back-references.
type backrefRE struct {
	re   *resyntax.Regexp
	ncap int
}

// hasBackref reports whether t holds a back-reference marker.
func hasBackref(t *resyntax.Regexp) bool {
	if t.Op == resyntax.OpLiteral {
		for x := 0; x < len(t.Rune); x++ {
			r := t.Rune[x]
			if isBackrefMarker(r) && x+1 < len(t.Rune) && t.Rune[x+1] == reBackrefEnd {
				x++
				return true
			}
		}
	}
	for _, s := range t.Sub {
		if hasBackref(s) {
			return true
		}
	}
	return false
}

func isBackrefMarker(r rune) bool {
	return r > reBackrefBase && r <= reBackrefBase+9
}

// backrefSearch is the state of one search.
type backrefSearch struct {
	s        string
	caps     []int
	best     []int
	bestEnd  int
	steps    int
	start    int
	stopping bool
}

// FindStringSubmatchIndex is regexp's method of that name: nil when
// nothing matches, else the pairs of byte offsets of the match and of
// each group (-1 for a group that took no part).
func (b *backrefRE) FindStringSubmatchIndex(s string) []int {
	st := &backrefSearch{s: s, caps: make([]int, 2*(b.ncap+1)), best: make([]int, 2*(b.ncap+1))}
	for start := 0; start <= len(s); {
		for i := range st.caps {
			st.caps[i] = -1
		}
		st.start, st.bestEnd = start, -1
		st.match(b.re, start, st.record)
		if st.bestEnd >= 0 {
			return st.best
		}
		if st.stopping || start == len(s) {
			break
		}
		_, n := utf8.DecodeRuneInString(s[start:])
		start += n
	}
	return nil
}

// record keeps a match ending at end if it is the longest yet; it stops
// the search when no longer one is possible.
func (st *backrefSearch) record(end int) bool {
	if end > st.bestEnd {
		st.bestEnd = end
		copy(st.best, st.caps)
		st.best[0], st.best[1] = st.start, end
	}
	return end == len(st.s)
}

// match tries t at i and calls k with each position where a match of t
// could end, in preference order; it returns true as soon as k does (or
// the step budget is spent).
func (st *backrefSearch) match(t *resyntax.Regexp, i int, k func(int) bool) bool {
	st.steps++
	if st.steps > backrefSteps {
		st.stopping = true
		return true
	}
	s := st.s
	switch t.Op {
	case resyntax.OpNoMatch:
		return false
	case resyntax.OpEmptyMatch:
		return k(i)
	case resyntax.OpLiteral:
		fold := t.Flags&resyntax.FoldCase != 0
		for x := 0; x < len(t.Rune); x++ {
			r := t.Rune[x]
			if isBackrefMarker(r) && x+1 < len(t.Rune) && t.Rune[x+1] == reBackrefEnd {
				x++
				n := int(r - reBackrefBase)
				a, e := st.caps[2*n], st.caps[2*n+1]
				if a < 0 || e < 0 {
					return false
				}
				j, ok := matchRunes(s, i, s[a:e], fold)
				if !ok {
					return false
				}
				i = j
				continue
			}
			if i >= len(s) {
				return false
			}
			c, n := utf8.DecodeRuneInString(s[i:])
			if c != r && !(fold && equalFold(c, r)) {
				return false
			}
			i += n
		}
		return k(i)
	case resyntax.OpCharClass:
		if i >= len(s) {
			return false
		}
		c, n := utf8.DecodeRuneInString(s[i:])
		for j := 0; j+1 < len(t.Rune); j += 2 {
			if c >= t.Rune[j] && c <= t.Rune[j+1] {
				return k(i + n)
			}
		}
		return false
	case resyntax.OpAnyChar, resyntax.OpAnyCharNotNL:
		if i >= len(s) || t.Op == resyntax.OpAnyCharNotNL && s[i] == '\n' {
			return false
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		return k(i + n)
	case resyntax.OpBeginLine, resyntax.OpBeginText:
		return i == 0 && k(i)
	case resyntax.OpEndLine, resyntax.OpEndText:
		return i == len(s) && k(i)
	case resyntax.OpWordBoundary, resyntax.OpNoWordBoundary:
		at := (i > 0 && isWordByte(s[i-1])) != (i < len(s) && isWordByte(s[i]))
		return at == (t.Op == resyntax.OpWordBoundary) && k(i)
	case resyntax.OpCapture:
		n := t.Cap
		oldA, oldE := st.caps[2*n], st.caps[2*n+1]
		st.caps[2*n] = i
		stop := st.match(t.Sub[0], i, func(j int) bool {
			prevE := st.caps[2*n+1]
			st.caps[2*n+1] = j
			if k(j) {
				return true
			}
			st.caps[2*n+1] = prevE
			return false
		})
		st.caps[2*n], st.caps[2*n+1] = oldA, oldE
		return stop
	case resyntax.OpConcat:
		return st.concat(t.Sub, i, k)
	case resyntax.OpAlternate:
		for _, sub := range t.Sub {
			if st.match(sub, i, k) {
				return true
			}
		}
		return false
	case resyntax.OpQuest:
		return st.repeat(t.Sub[0], i, 0, 0, 1, k)
	case resyntax.OpStar:
		return st.repeat(t.Sub[0], i, 0, 0, -1, k)
	case resyntax.OpPlus:
		return st.repeat(t.Sub[0], i, 0, 1, -1, k)
	case resyntax.OpRepeat:
		return st.repeat(t.Sub[0], i, 0, t.Min, t.Max, k)
	}
	return false
}

func (st *backrefSearch) concat(subs []*resyntax.Regexp, i int, k func(int) bool) bool {
	if len(subs) == 0 {
		return k(i)
	}
	return st.match(subs[0], i, func(j int) bool { return st.concat(subs[1:], j, k) })
}

// repeat matches t between min and max (-1: unbounded) more times, having
// matched it n times, longest first. An iteration that matches nothing
// ends the repetition once min is reached, so that x** terminates.
func (st *backrefSearch) repeat(t *resyntax.Regexp, i, n, min, max int, k func(int) bool) bool {
	if max < 0 || n < max {
		stop := st.match(t, i, func(j int) bool {
			if j == i && n >= min {
				// an empty iteration ends the repetition (its groups
				// are set, as in glibc: (a*)*\1 matches "b")
				return k(j)
			}
			return st.repeat(t, j, n+1, min, max, k)
		})
		if stop {
			return true
		}
	}
	return n >= min && k(i)
}

// matchRunes matches the text want at s[i:], folding case if fold.
func matchRunes(s string, i int, want string, fold bool) (int, bool) {
	if !fold {
		if len(s)-i < len(want) || s[i:i+len(want)] != want {
			return 0, false
		}
		return i + len(want), true
	}
	for _, w := range want {
		if i >= len(s) {
			return 0, false
		}
		c, n := utf8.DecodeRuneInString(s[i:])
		if c != w && !equalFold(c, w) {
			return 0, false
		}
		i += n
	}
	return i, true
}

// equalFold reports whether a and b are the same letter in another case.
func equalFold(a, b rune) bool {
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}

func isWordByte(b byte) bool {
	return isAlnumByte(b) || b == '_'
}
