package interp

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A regex word is made of characters that came from quoted text (which
// match themselves) and unquoted ones (which are regular expression
// syntax). bash quotes the former for regcomp only outside bracket
// expressions; inside one quoting is simply removed, so a quoted "[=d=]"
// there is still an equivalence class.
type reChar struct {
	c      byte
	quoted bool
}

func appendReChars(dst []reChar, s string, quoted bool) []reChar {
	for i := 0; i < len(s); i++ {
		dst = append(dst, reChar{s[i], quoted})
	}
	return dst
}

var errBadRegex = errors.New("invalid regular expression")

// ereToGo translates a POSIX extended regular expression as glibc's
// regcomp reads it (with its GNU escapes \w \W \s \S \b \B \< \> \` \')
// into Go's regexp syntax. Quoted characters match literally. The text
// it will match is mapped by mapReSubject for the locale (bytes is true
// outside UTF-8): a byte that is not a character there is one
// stand-in rune, which only that byte in the pattern matches, and which
// . and [^...] skip in a UTF-8 locale as glibc's regexec does.
func ereToGo(cs []reChar, bytes, fold, noCollRules bool, ct *byteCtype) (string, error) {
	m := newReByteMap(cs, bytes)
	m.fold, m.ct, m.noCollRules = fold, ct, noCollRules
	var e ereOut
	for i := 0; i < len(cs); i++ {
		c := cs[i]
		if m.mapped(i, c.c) {
			e.atom(m.byteAtom(c.c))
			continue
		}
		if c.quoted {
			e.atom(regexp.QuoteMeta(string([]byte{c.c})))
			continue
		}
		switch c.c {
		case '\\':
			if i+1 >= len(cs) {
				return "", errBadRegex // trailing backslash
			}
			i++
			n := cs[i].c
			if m.mapped(i, n) {
				// an escaped byte that is not a character (every
				// byte above ASCII outside UTF-8) is that byte, as
				// regcomp takes any character after a backslash
				e.atom(m.byteAtom(n))
				continue
			}
			switch {
			case strings.IndexByte("wWsS", n) >= 0 && !cs[i].quoted:
				e.atom(gnuClassEscape(n, bytes, ct))
			case (n == 'b' || n == 'B') && !cs[i].quoted:
				e.anchor(`\` + string([]byte{n}))
			case (n == '<' || n == '>') && !cs[i].quoted:
				e.anchor(`\b`)
			case n == '`' && !cs[i].quoted:
				e.anchor(`\A`)
			case n == '\'' && !cs[i].quoted:
				e.anchor(`\z`)
			case n >= '1' && n <= '9' && !cs[i].quoted:
				// a back-reference: to a group already closed, else
				// regcomp fails (REG_ESUBREG)
				k := int(n - '0')
				if e.closed&groupBit(k) == 0 {
					return "", errBadRegex
				}
				e.atom(`(?:\x{` + strconv.FormatInt(int64(reBackrefBase+k), 16) + `}\x{` + strconv.FormatInt(reBackrefEnd, 16) + `})`)
			default:
				e.atom(regexp.QuoteMeta(string([]byte{n})))
			}
		case '.':
			if bytes {
				e.atom(".")
			} else {
				e.atom("[^" + reStandInRange + "]")
			}
		case '[':
			var sb strings.Builder
			j, err := bracketToGo(&sb, cs, i, m)
			if err != nil {
				return "", err
			}
			e.atom(sb.String())
			i = j
		case '^', '$':
			e.anchor(string([]byte{c.c}))
		case '(':
			e.ngroups++
			e.groups = append(e.groups, len(e.out))
			e.numbers = append(e.numbers, e.ngroups)
			e.alts = append(e.alts, ereAlt{initial: e.closed})
			e.out = append(e.out, '(')
			e.prev = ereNone
		case ')':
			k := len(e.groups)
			if k == 0 {
				// glibc's ERE syntax (RE_UNMATCHED_RIGHT_PAREN_ORD)
				// takes a ) that closes no group as itself
				e.atom(`\)`)
				continue
			}
			start := e.groups[k-1]
			e.closed |= e.alts[len(e.alts)-1].acc | groupBit(e.numbers[k-1])
			e.groups, e.numbers, e.alts = e.groups[:k-1], e.numbers[:k-1], e.alts[:len(e.alts)-1]
			e.out = append(e.out, ')')
			e.start, e.prev = start, ereAtom
		case '|':
			e.alt()
			e.out = append(e.out, '|')
			e.prev = ereNone
		case '*', '+', '?':
			if err := e.repeat(string([]byte{c.c})); err != nil {
				return "", err
			}
		case '{':
			// an interval: {n}, {n,}, {,m} or {n,m}; anything else is
			// invalid
			j := i + 1
			for j < len(cs) && (cs[j].c >= '0' && cs[j].c <= '9' || cs[j].c == ',') && !cs[j].quoted {
				j++
			}
			if j == i+1 || j >= len(cs) || cs[j].c != '}' || cs[j].quoted || strings.Count(reText(cs[i+1:j]), ",") > 1 {
				return "", errBadRegex
			}
			iv := reText(cs[i : j+1])
			if strings.HasPrefix(iv, "{,") {
				iv = "{0" + iv[1:] // glibc's {,m} is {0,m}
			}
			if err := e.repeat(iv); err != nil {
				return "", err
			}
			i = j
		default:
			e.atom(string([]byte{c.c}))
		}
	}
	return string(e.out), nil
}

// byteAtom is the atom for byte c that m maps to a stand-in rune: the
// stand-in, or the bracket of it and its case partner when matching
// ignores case.
func (m reByteMap) byteAtom(c byte) string {
	if alike := m.caseAlike(c); alike != "" {
		return "[" + alike + "]"
	}
	return reStandIn(c)
}

// gnuClassEscape translates glibc's \w \W \s \S: the locale's
// [[:alnum:]_] and [[:space:]] and their complements, as regcomp builds
// them (Go's own escapes are ASCII-only, so \w missed an é).
func gnuClassEscape(n byte, bytes bool, ct *byteCtype) string {
	body := reClass("space", bytes, ct)
	if n == 'w' || n == 'W' {
		body = reClass("alnum", bytes, ct) + "_"
	}
	if n == 'w' || n == 's' {
		return "[" + body + "]"
	}
	if !bytes {
		// an undecodable byte is in no set, its complement neither
		body = reStandInRange + body
	}
	return "[^" + body + "]"
}

// ereOut is the Go expression ereToGo builds, with what it needs to
// place repetition operators as glibc's regcomp reads them.
type ereOut struct {
	out     []byte
	prev    int   // ereNone, ereAnchor, ereAtom or ereRepeat
	start   int   // where the last atom (or group) starts in out
	groups  []int // where the open groups start
	numbers []int // the open groups' numbers
	ngroups int   // groups opened so far
	// back-references may name the groups closed before them in their
	// own branch: regcomp's completed_bkref_map, which each | of an
	// alternation resets to what it was where the alternation began
	// (alts holds that, and what the branches so far closed, for each
	// open group and the whole expression)
	closed uint64
	alts   []ereAlt
}

// ereAlt is an alternation's state for back-references.
type ereAlt struct{ initial, acc uint64 }

// groupBit is group n's bit in ereOut.closed (0 beyond 63 groups; only 1
// to 9 can be referred to).
func groupBit(n int) uint64 {
	if n >= 64 {
		return 0
	}
	return 1 << n
}

// what the last token of an ereOut was
const (
	ereNone   = iota // nothing: the start, after ( or |
	ereAnchor        // ^ $ \b \B \< \> \` \'
	ereAtom
	ereRepeat
)

// alt starts another branch of the innermost alternation.
func (e *ereOut) alt() {
	if len(e.alts) == 0 {
		e.alts = append(e.alts, ereAlt{}) // the whole expression's
	}
	a := &e.alts[len(e.alts)-1]
	a.acc |= e.closed
	e.closed = a.initial
}

func (e *ereOut) atom(s string) {
	if e.prev != ereAtom || s == "" || s[0]&0xc0 != 0x80 {
		// (a UTF-8 continuation byte is part of the atom before it)
		e.start = len(e.out)
	}
	e.prev = ereAtom
	e.out = append(e.out, s...)
}

func (e *ereOut) anchor(s string) {
	e.out = append(e.out, s...)
	e.prev = ereAnchor
}

// repeat applies the repetition operator op to the last atom. With no
// atom before it (at the start, after ( or |, or an anchor) glibc's
// regcomp fails (REG_BADRPT); a second operator repeats the repeated
// atom (a** is (a*)*, a*? is (a*)? and not Go's lazy star).
func (e *ereOut) repeat(op string) error {
	switch e.prev {
	case ereNone, ereAnchor:
		return errBadRegex
	case ereRepeat:
		e.out = append(e.out[:e.start], append([]byte("(?:"), e.out[e.start:]...)...)
		e.out = append(e.out, ')')
	}
	e.out = append(e.out, op...)
	e.prev = ereRepeat
	return nil
}

// bracketToGo translates the bracket expression starting at cs[start]
// ('['), returning the index of its closing ']'.
func bracketToGo(sb *strings.Builder, cs []reChar, start int, m reByteMap) (int, error) {
	var out strings.Builder
	out.WriteByte('[')
	i := start + 1
	if i < len(cs) && cs[i].c == '^' {
		out.WriteByte('^')
		if !m.bytes {
			// an undecodable byte is in no set, its complement neither
			out.WriteString(reStandInRange)
		}
		i++
	}
	first := true
	// glibc's parse_bracket_exp and build_range_exp: a class or an
	// equivalence class is no end of a range, and a '-' after a range is
	// a range operator with nothing to start from unless the ']' follows
	// (both REG_ERANGE); without collation rules (C.UTF-8's LC_COLLATE is
	// code point order) a multibyte character or collating symbol has no
	// collation sequence value to be one (REG_ECOLLATE). prevClass, prevMB
	// and prevEnd say what the last member was (prevEnd: the end of a
	// range); rangeEnd that a range operator came after it.
	prevClass, prevMB, prevEnd, rangeEnd := false, false, false, false
	member := func(class, mb bool) error {
		if rangeEnd && (class || mb && m.noCollRules) {
			return errBadRegex
		}
		prevEnd, rangeEnd = rangeEnd, false
		prevClass, prevMB = class, mb
		return nil
	}
	lit := func(b byte) {
		if b < 0x80 && !isAlnumByte(b) {
			out.WriteByte('\\')
		}
		out.WriteByte(b)
	}
	for ; i < len(cs); i++ {
		c := cs[i]
		if c.c == ']' && !first {
			out.WriteByte(']')
			sb.WriteString(out.String())
			return i, nil
		}
		isFirst := first
		first = false
		if c.c == '[' && i+1 < len(cs) {
			switch d := cs[i+1].c; d {
			case ':', '=', '.':
				// [:class:], [=c=], [.c.]: find the closing d]
				k := i + 2
				for k+1 < len(cs) && !(cs[k].c == d && cs[k+1].c == ']') {
					k++
				}
				if k+1 >= len(cs) {
					return 0, errBadRegex
				}
				var name []byte
				for _, x := range cs[i+2 : k] {
					name = append(name, x.c)
				}
				if err := member(d != '.', d == '.' && len(name) > 1 && !m.bytes); err != nil {
					return 0, err
				}
				if d == ':' {
					cls := string(name)
					if t, ok := ctypeName(cls); !ok || t == ctAscii || t == ctWord {
						// glibc's build_charclass knows the twelve
						// POSIX classes only (REG_ECTYPE): ascii and
						// word are the glob matcher's, and Go's
						return 0, errBadRegex
					}
					if m.fold && (cls == "upper" || cls == "lower") {
						// glibc's regcomp with REG_ICASE reads both
						// as alpha (build_charclass)
						cls = "alpha"
					}
					out.WriteString(reClass(cls, m.bytes, m.ct))
				} else {
					if len(name) != 1 {
						return 0, errBadRegex
					}
					lit(name[0])
				}
				i = k + 1
				continue
			}
		}
		if m.mapped(i, c.c) {
			if err := member(false, false); err != nil {
				return 0, err
			}
			if alike := m.caseAlike(c.c); alike != "" {
				out.WriteString(alike)
			} else {
				out.WriteString(reBracketStandIn(c.c, m.bytes))
			}
			continue
		}
		if c.c == '-' && !rangeEnd && !isFirst && i+1 < len(cs) && cs[i+1].c != ']' {
			// a range operator: a '-' is literal first, last, or as
			// the end of a range
			if prevEnd || prevClass || prevMB && m.noCollRules {
				return 0, errBadRegex
			}
			out.WriteByte('-')
			rangeEnd = true
			continue
		}
		if c.c >= utf8.RuneSelf && !m.bytes {
			// a multibyte character, its bytes written as they are
			n := 1
			for n < utf8.UTFMax && i+n < len(cs) && !utf8.FullRuneInString(reText(cs[i:i+n])) {
				n++
			}
			if err := member(false, true); err != nil {
				return 0, err
			}
			for _, x := range cs[i : i+n] {
				out.WriteByte(x.c)
			}
			i += n - 1
			continue
		}
		if err := member(false, false); err != nil {
			return 0, err
		}
		lit(c.c)
	}
	return 0, errBadRegex // unterminated bracket
}

func isAlnumByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

func reText(cs []reChar) string {
	b := make([]byte, len(cs))
	for i, c := range cs {
		b[i] = c.c
	}
	return string(b)
}
