package interp

import (
	"strings"
	"unicode/utf8"
)

type patKey struct {
	pat     string
	nocase  bool
	extglob bool
	bytes   bool
	ct      *byteCtype
}

// compiledPattern is a glob pattern compiled once and cached by source
// text (with its case and extglob flags), so loops over case or ${x#pat}
// never recompile.
type compiledPattern struct {
	src     string
	literal bool   // no pattern characters: plain string compare
	lit     string // the unescaped literal for literal patterns
	nodes   []patNode
	fold    bool
	bytes   bool       // compiled for a single-byte locale: a byte is a character
	ct      *byteCtype // that locale's classes and case, nil for C
	extglob bool
	invalid bool // the pattern is not valid UTF-8 (see forText)
	// shape of patterns that remove/replace can answer with string search:
	// shapeStarLit is "*LIT", shapeLitStar is "LIT*" (LIT in lit).
	shape int
	// re is set only on the entries compileRegex caches for [[ =~ ]].
	re reMatcher
	// fixed is the number of characters every match has when the
	// pattern is made of single-character nodes only (?, [...], literal
	// characters), else -1: findAt then tries one length, not all.
	fixed int
	// subLen is bash's idea of that length (subMatchLen), which
	// replace follows where it differs
	subLen int
}

const (
	shapeNone = iota
	shapeStarLit
	shapeLitStar
)

// compilePattern compiles pat for the current locale: outside a UTF-8
// one bash matches bytes, not characters.
func (r *Runner) compilePattern(pat string, nocase, extglob bool) (*compiledPattern, error) {
	return r.compilePatternIn(pat, nocase, extglob, !r.utf8Locale())
}

// byteLocaleFor is the locale choice for matching s against pat: ASCII
// text matches alike in both, so the common case skips looking up the
// locale variables on every case item and [[ == ]].
func (r *Runner) byteLocaleFor(pat, s string) bool {
	if asciiOnly(pat) && asciiOnly(s) {
		return false
	}
	// in a UTF-8 locale bash's xstrmatch matches bytes when the pattern
	// or the text does not convert to wide characters
	return !r.utf8Locale() || !utf8.ValidString(pat) || !utf8.ValidString(s)
}

// forText returns the pattern to match the whole of s with: m, or, when m
// was compiled for UTF-8 and it or s is not valid UTF-8, m compiled for
// bytes, as bash's xstrmatch then matches bytes. (remove_pattern and
// pat_subst try substrings, each matched in its own mode: not done here.)
func (r *Runner) forText(m *compiledPattern, s string) *compiledPattern {
	if m.bytes || !m.invalid && utf8.ValidString(s) {
		return m
	}
	b, _ := r.compilePatternIn(m.src, m.fold, m.extglob, true)
	return b
}

func asciiOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// compilePatternIn compiles pat, cached, for a byte locale or a UTF-8 one.
func (r *Runner) compilePatternIn(pat string, nocase, extglob, bytes bool) (*compiledPattern, error) {
	var ct *byteCtype
	if bytes {
		ct = r.charset().ct
	}
	k := patKey{pat, nocase, extglob, bytes, ct}
	if m := r.patMemo.get(k); m != nil {
		return m, nil
	}
	r.sh.mu.Lock()
	m := r.sh.patterns[k]
	r.sh.mu.Unlock()
	if m != nil {
		r.patMemo.put(k, m)
		return m, nil
	}
	m = newPattern(pat, nocase, extglob, bytes, ct)
	r.patMemo.put(k, m)
	r.sh.mu.Lock()
	if len(r.sh.patterns) > 8192 {
		r.sh.patterns = map[patKey]*compiledPattern{}
	}
	r.sh.patterns[k] = m
	r.sh.mu.Unlock()
	return m, nil
}

// newPattern compiles pat (quoted characters backslash-escaped).
func newPattern(pat string, nocase, extglob, bytes bool, ct *byteCtype) *compiledPattern {
	m := &compiledPattern{src: pat, fold: nocase, bytes: bytes, ct: ct, extglob: extglob, subLen: subMatchLen(pat, bytes),
		invalid: !utf8.ValidString(pat)}
	if lit, ok := literalPattern(pat, extglob); ok && !nocase {
		m.literal, m.lit = true, lit
		return m
	}
	m.nodes = compileNodes(pat, nocase, extglob, bytes, ct)
	m.fixed = fixedLength(m.nodes)
	if !nocase && len(m.nodes) >= 2 {
		n := m.nodes
		switch {
		case n[0].op == opStar && allLit(n[1:]):
			m.shape, m.lit = shapeStarLit, litText(n[1:])
		case n[len(n)-1].op == opStar && allLit(n[:len(n)-1]):
			m.shape, m.lit = shapeLitStar, litText(n[:len(n)-1])
		}
	}
	return m
}

// leadsWithGroup reports whether nodes start, after any ? and *, with
// an extended group (or an unclosed one), which a star before it may
// never try on the empty rest (see the opStar case of match).
func leadsWithGroup(nodes []patNode) bool {
	for _, n := range nodes {
		if n.op != opAny && n.op != opStar {
			return n.op == opExt || n.op == opRest
		}
	}
	return false
}

// endPrefilter is, for a pattern that starts with an extended group
// (after any ? and *), "*" and the pattern: ${x/%pat/r} first matches the
// whole value against it (bash's match_upattern), and a star never tries
// a +( ) @( ) or !( ) group on the empty rest and tries ?( ) and *( ) only
// where it stops, so a value the pattern matches only at its very end
// can be left alone. It is nil for other patterns (bash adds no star to
// one that starts with a star, but it does to one starting with *( )).
func (r *Runner) endPrefilter(m *compiledPattern) *compiledPattern {
	pat := m.src
	if !leadsWithGroup(m.nodes) || strings.HasPrefix(pat, "*") && !(m.extglob && strings.HasPrefix(pat, "*(")) {
		return nil
	}
	pre, err := r.compilePatternIn("*"+pat, m.fold, m.extglob, m.bytes)
	if err != nil {
		return nil
	}
	return pre
}

// fixedLength is the number of characters nodes match when each node
// matches exactly one, else -1.
func fixedLength(nodes []patNode) int {
	for _, n := range nodes {
		switch n.op {
		case opLit, opAny, opClass, opFail:
		default:
			return -1
		}
	}
	return len(nodes)
}

func allLit(n []patNode) bool {
	for _, x := range n {
		if x.op != opLit || x.r >= 0xDC80 && x.r <= 0xDCFF {
			return false
		}
	}
	return true
}

func litText(n []patNode) string {
	var sb strings.Builder
	for _, x := range n {
		sb.WriteRune(x.r)
	}
	return sb.String()
}

// literalPattern reports whether pat has no unescaped pattern characters,
// returning its unescaped text.
func literalPattern(pat string, extglob bool) (string, bool) {
	if !strings.ContainsAny(pat, "*?[\\+@!(") {
		return pat, true
	}
	var sb strings.Builder
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch c {
		case '\\':
			if i+1 < len(pat) {
				i++
				sb.WriteByte(pat[i])
				continue
			}
			sb.WriteByte(c)
		case '*', '?', '[':
			return "", false
		case '+', '@', '!':
			if extglob && i+1 < len(pat) && pat[i+1] == '(' {
				return "", false
			}
			sb.WriteByte(c)
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String(), true
}

func unescapePattern(pat string) string {
	if strings.IndexByte(pat, '\\') < 0 {
		return pat
	}
	var sb strings.Builder
	for i := 0; i < len(pat); i++ {
		if pat[i] == '\\' && i+1 < len(pat) {
			i++
		}
		sb.WriteByte(pat[i])
	}
	return sb.String()
}

func (m *compiledPattern) matchString(s string) bool {
	if m.literal {
		return s == m.lit
	}
	var f matchFlags
	if m.fold {
		f = mfFold
	}
	return matcher{flags: f | m.byteFlag(), ct: m.ct}.match(m.nodes, s, true)
}

// matchName matches a file name during pathname expansion: a leading '.'
// must be matched explicitly unless dotglob (period), and with dotglob
// wildcards still never match "." or "..".
func (m *compiledPattern) matchName(s string, dotglob bool) bool {
	if m.literal {
		return s == m.lit
	}
	f := mfPeriod
	if dotglob {
		f = mfDotDot
	}
	if m.fold {
		f |= mfFold
	}
	return matcher{flags: f | m.byteFlag(), ct: m.ct}.match(m.nodes, s, true)
}

// removeIn is remove as bash's remove_pattern does it: when the pattern
// or s is not valid UTF-8 in a UTF-8 locale, remove_upattern tries the
// prefixes or suffixes at every byte, and strmatch matches each in its
// own mode (characters when it is valid text, else bytes).
func (r *Runner) removeIn(m *compiledPattern, s string, suffix, small bool) string {
	if m.bytes || !m.invalid && utf8.ValidString(s) {
		return m.remove(s, suffix, small)
	}
	if s == "" || m.src == "" {
		return s
	}
	match := func(t string) bool { return r.forText(m, t).matchString(t) }
	n := len(s)
	switch {
	case !suffix && small:
		for p := 0; p <= n; p++ {
			if match(s[:p]) {
				return s[p:]
			}
		}
	case !suffix:
		for p := n; p >= 0; p-- {
			if match(s[:p]) {
				return s[p:]
			}
		}
	case small:
		for p := n; p >= 0; p-- {
			if match(s[p:]) {
				return s[:p]
			}
		}
	default:
		for p := 0; p <= n; p++ {
			if match(s[p:]) {
				return s[:p]
			}
		}
	}
	return s
}

// remove implements ${x#p} ${x##p} ${x%p} ${x%%p}.
func (m *compiledPattern) remove(s string, suffix, small bool) string {
	if m.literal {
		if suffix {
			return strings.TrimSuffix(s, m.lit)
		}
		return strings.TrimPrefix(s, m.lit)
	}
	switch {
	case m.shape == shapeStarLit && !suffix: // ${x#*/} ${x##*/}
		i := -1
		if small {
			i = strings.Index(s, m.lit)
		} else {
			i = strings.LastIndex(s, m.lit)
		}
		if i < 0 {
			return s
		}
		return s[i+len(m.lit):]
	case m.shape == shapeLitStar && suffix: // ${x%.*} ${x%%.*}
		i := -1
		if small {
			i = strings.LastIndex(s, m.lit)
		} else {
			i = strings.Index(s, m.lit)
		}
		if i < 0 {
			return s
		}
		return s[:i]
	case m.shape == shapeStarLit && suffix:
		if !strings.HasSuffix(s, m.lit) {
			return s
		}
		if small {
			return s[:len(s)-len(m.lit)]
		}
		return ""
	case m.shape == shapeLitStar && !suffix:
		if !strings.HasPrefix(s, m.lit) {
			return s
		}
		if small {
			return s[len(m.lit):]
		}
		return ""
	}
	if !suffix {
		if small {
			for i := 0; ; {
				if m.matchString(s[:i]) {
					return s[i:]
				}
				if i >= len(s) {
					return s
				}
				_, n := m.dec(s[i:])
				i += n
			}
		}
		for i := len(s); ; {
			if m.matchString(s[:i]) {
				return s[i:]
			}
			if i == 0 {
				return s
			}
			i -= lastCharLenIn(s[:i], m.bytes)
		}
	}
	if small {
		for i := len(s); ; {
			if m.matchString(s[i:]) {
				return s[:i]
			}
			if i == 0 {
				return s
			}
			i -= lastCharLenIn(s[:i], m.bytes)
		}
	}
	for i := 0; ; {
		if m.matchString(s[i:]) {
			return s[:i]
		}
		if i >= len(s) {
			return s
		}
		_, n := m.dec(s[i:])
		i += n
	}
}

// lastCharLen is the width of the last character of s (not empty).
func lastCharLen(s string) int {
	r, n := utf8.DecodeLastRuneInString(s)
	if r == utf8.RuneError && n <= 1 {
		return 1
	}
	return n
}

// byteFlag is the matcher flag for the pattern's locale.
func (m *compiledPattern) byteFlag() matchFlags {
	if m.bytes {
		return mfBytes
	}
	return 0
}

// dec decodes the first character of s in the pattern's locale.
func (m *compiledPattern) dec(s string) (rune, int) { return decodeCharIn(s, m.bytes) }

// bounds is runeBounds in the pattern's locale.
func (m *compiledPattern) bounds(s string) []int {
	if !m.bytes {
		return runeBounds(s)
	}
	b := make([]int, len(s)+1)
	for i := range b {
		b[i] = i
	}
	return b
}

// runeBounds returns the byte offsets of every character boundary of s,
// 0 and len(s) included: an invalid UTF-8 byte counts as one character.
func runeBounds(s string) []int {
	b := make([]int, 0, len(s)+1)
	for i := 0; i < len(s); {
		b = append(b, i)
		_, n := decodeChar(s[i:])
		i += n
	}
	return append(b, len(s))
}

// replace implements ${x/p/r}, ${x//p/r}, ${x/#p/r} and ${x/%p/r}.
func (m *compiledPattern) replace(s string, anchor byte, all bool, with func(string) string) string {
	if n := m.subLen; n > 0 && n != m.naturalLen() {
		return m.replaceLen(s, anchor, all, with, n)
	}
	switch anchor {
	case '#':
		bounds := m.bounds(s)
		for k := len(bounds) - 1; k >= 0; k-- {
			if m.matchString(s[:bounds[k]]) {
				if bounds[k] == 0 && !m.matchString("") {
					continue
				}
				return with(s[:bounds[k]]) + s[bounds[k]:]
			}
		}
		return s
	case '%':
		for _, i := range m.bounds(s) {
			if m.matchString(s[i:]) {
				return s[:i] + with(s[i:])
			}
		}
		return s
	}
	var sb strings.Builder
	i := 0
	done := false
	for i <= len(s) && !done {
		start, end, ok := m.findAt(s, i)
		if !ok {
			break
		}
		sb.WriteString(s[i:start])
		sb.WriteString(with(s[start:end]))
		if end == start {
			if end < len(s) {
				// the next character is kept whole, as the
				// locale reads it: one byte in a C locale
				_, n := m.dec(s[end:])
				sb.WriteString(s[end : end+n])
				end += n
			} else {
				i = end + 1
				done = true
				break
			}
		}
		i = end
		if !all {
			done = true
		}
	}
	if i <= len(s) {
		sb.WriteString(s[i:])
	}
	return sb.String()
}

// findAt finds the leftmost-longest match starting at or after i (an
// empty one only before the end of s).
func (m *compiledPattern) findAt(s string, i int) (int, int, bool) {
	if m.literal {
		if m.lit == "" {
			return 0, 0, false
		}
		j := strings.Index(s[i:], m.lit)
		if j < 0 {
			return 0, 0, false
		}
		return i + j, i + j + len(m.lit), true
	}
	if m.fixed >= 0 {
		// every match is m.fixed characters long: one try per start
		for p := i; m.fixed > 0 && p < len(s); {
			e := p
			for k := 0; k < m.fixed && e < len(s); k++ {
				_, n := m.dec(s[e:])
				e += n
			}
			if e > p && m.matchString(s[p:e]) {
				return p, e, true
			}
			_, n := m.dec(s[p:])
			p += n
		}
		return 0, 0, false
	}
	// a pattern that matches the empty string matches it wherever it
	// finds nothing longer, as bash's match_upattern tries every length
	// down to zero (but not at the end of the string: pat_subst stops)
	empty := m.matchString("")
	for p := i; p <= len(s); {
		// longest match anchored at p
		for e := len(s); e > p; e -= lastCharLenIn(s[p:e], m.bytes) {
			if m.matchString(s[p:e]) {
				return p, e, true
			}
		}
		if p == len(s) {
			break
		}
		if empty {
			return p, p, true
		}
		_, n := m.dec(s[p:])
		p += n
	}
	return 0, 0, false
}

// match reports whether s matches the pattern of a case item: extended
// patterns only under shopt -s extglob, nocasematch folds case.
func (r *Runner) match(pat, s string) bool {
	m, _ := r.compilePatternIn(pat, r.opts.sh(shNocasematch), r.opts.sh(shExtglob), r.byteLocaleFor(pat, s))
	return m.matchString(s)
}

// condMatch is [[ s == pat ]]: bash turns extglob on for the match.
func (r *Runner) condMatch(pat, s string) bool {
	m, _ := r.compilePatternIn(pat, r.opts.sh(shNocasematch), true, r.byteLocaleFor(pat, s))
	return m.matchString(s)
}
