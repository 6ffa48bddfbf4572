package interp

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// glibc's regexec matches characters of the locale, Go's regexp runes of
// UTF-8. The text and the pattern are brought to Go's terms by giving
// each byte that is not a character of the locale (any byte above 0x7f
// outside UTF-8, an undecodable one in UTF-8) a stand-in rune of its own
// from the end of plane 16's private use area.

// reStandInBase + b is the stand-in of byte b (0x80 to 0xff).
const reStandInBase = 0x10FF00

// reStandInRange is the set of all stand-ins, for a bracket expression.
const reStandInRange = `\x{10FF80}-\x{10FFFF}`

// reStandIn is byte b's stand-in as Go regexp syntax.
func reStandIn(b byte) string {
	return `\x{` + strconv.FormatInt(int64(reStandInBase+int(b)), 16) + `}`
}

// reBracketStandIn is byte b as a member of a bracket expression. In
// UTF-8 glibc's brackets take no undecodable byte: its member is a rune
// below the stand-ins that no text holds (nor does a mapped one).
func reBracketStandIn(b byte, bytes bool) string {
	if bytes {
		return reStandIn(b)
	}
	return `\x{` + strconv.FormatInt(int64(reStandInBase-0x100+int(b)), 16) + `}`
}

// reByteMap marks the bytes of a pattern that stand for themselves only.
type reByteMap struct {
	bytes bool       // a single-byte locale: every byte above 0x7f
	bad   []bool     // in UTF-8: the undecodable bytes (nil: none)
	fold  bool       // the expression is compiled ignoring case
	ct    *byteCtype // a single-byte locale's classes and case (bytes)
	// noCollRules: the collation locale has no rules (C.UTF-8), so a
	// range may not end in a multibyte character
	noCollRules bool
}

// caseAlike is, under fold in a single-byte locale, the class body of the
// bytes that regcomp's REG_ICASE translation (tolower) makes one with
// the pattern byte c above 0x7f: their stand-ins, and an ASCII one as
// itself. Empty when c has no case there.
func (m reByteMap) caseAlike(c byte) string {
	if !m.fold || m.ct == nil {
		return ""
	}
	low := func(b byte) byte {
		if m.ct.class[b]&isUpperBit != 0 {
			return m.ct.lower[b]
		}
		return b
	}
	var sb strings.Builder
	n := 0
	for b := 0; b < 256; b++ {
		if b == 0 || low(byte(b)) != low(c) {
			continue
		}
		n++
		if b < utf8.RuneSelf {
			sb.WriteString(regexp.QuoteMeta(string(rune(b))))
		} else {
			sb.WriteString(reStandIn(byte(b)))
		}
	}
	if n < 2 {
		return ""
	}
	return sb.String()
}

func newReByteMap(cs []reChar, bytes bool) reByteMap {
	m := reByteMap{bytes: bytes}
	if bytes {
		return m
	}
	raw := make([]byte, len(cs))
	ascii := true
	for i, c := range cs {
		raw[i] = c.c
		ascii = ascii && c.c < utf8.RuneSelf
	}
	if ascii || utf8.Valid(raw) {
		return m
	}
	m.bad = make([]bool, len(raw))
	for i := 0; i < len(raw); {
		r, n := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && n == 1 {
			m.bad[i] = true
		}
		i += n
	}
	return m
}

// mapped reports whether pattern byte i, c, is written as its stand-in.
func (m reByteMap) mapped(i int, c byte) bool {
	if m.bytes {
		return c >= utf8.RuneSelf
	}
	return m.bad != nil && m.bad[i]
}

// mapReSubject returns s with its stand-ins in place and, when it made
// any, back: for each byte offset of the result (and its end), the offset
// in s it came from.
func mapReSubject(s string, bytes bool) (string, []int) {
	if bytes {
		ascii := true
		for i := 0; i < len(s); i++ {
			if s[i] >= utf8.RuneSelf {
				ascii = false
				break
			}
		}
		if ascii {
			return s, nil
		}
	} else if utf8.ValidString(s) {
		return s, nil
	}
	var sb strings.Builder
	back := make([]int, 0, len(s)+16)
	for i := 0; i < len(s); {
		c := s[i]
		n := 1
		stand := false
		switch {
		case c < utf8.RuneSelf:
		case bytes:
			stand = true
		default:
			var r rune
			r, n = utf8.DecodeRuneInString(s[i:])
			stand = r == utf8.RuneError && n == 1
		}
		if stand {
			w := sb.Len()
			sb.WriteRune(rune(reStandInBase + int(c)))
			for k := w; k < sb.Len(); k++ {
				back = append(back, i)
			}
		} else {
			sb.WriteString(s[i : i+n])
			for k := 0; k < n; k++ {
				back = append(back, i+k)
			}
		}
		i += n
	}
	back = append(back, len(s))
	return sb.String(), back
}

// reClass is a [:name:] class inside a bracket expression. Go's classes
// are ASCII, glibc's C locale's too; in UTF-8 they take the characters
// isCtype gives them (the glob matcher's classes), without stand-ins. In
// another single-byte locale (ct) the stand-ins of the bytes above 0x7f
// that its table puts in the class are added.
func reClass(name string, bytes bool, ct *byteCtype) string {
	ascii := "[:" + name + ":]"
	if bytes {
		t, ok := ctypeName(name)
		if ct == nil || !ok || t == ctAscii {
			return ascii
		}
		var sb strings.Builder
		sb.WriteString(ascii)
		for b := 0x80; b < 0x100; b++ {
			if inClass(0xDC00+rune(b), t, ct) {
				sb.WriteString(reStandIn(byte(b)))
			}
		}
		return sb.String()
	}
	// private use without the stand-ins (a Go class cannot subtract)
	const co = `\x{E000}-\x{F8FF}\x{F0000}-\x{FFFFD}\x{100000}-\x{10FF7F}`
	const nbsp = `\x{A0}\x{2007}\x{202F}`
	switch name {
	case "alpha":
		return `\p{L}\p{Nl}` + nonASCIIRanges(unicode.Nd) + nonASCIIRanges(unicode.Other_Alphabetic)
	case "alnum":
		return `\p{L}\p{Nd}\p{Nl}` + nonASCIIRanges(unicode.Other_Alphabetic)
	case "upper":
		return classRanges(isWUpper, unicode.Lu, unicode.Lt, unicode.Other_Uppercase)
	case "lower":
		return classRanges(isWLower, unicode.Ll, unicode.Lt, unicode.Other_Lowercase)
	case "space":
		return `\t-\r \x{1680}\x{2000}-\x{2006}\x{2008}-\x{200A}\x{2028}\x{2029}\x{205F}\x{3000}`
	case "blank":
		return ` \t\x{1680}\x{2000}-\x{2006}\x{2008}-\x{200A}\x{205F}\x{3000}`
	case "cntrl":
		return `\x00-\x1F\x7F-\x{9F}\x{2028}\x{2029}`
	case "print":
		return `\x20-\x7E\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\p{Cf}` + co
	case "graph":
		return `\p{L}\p{M}\p{N}\p{P}\p{S}\p{Cf}` + co + nbsp
	case "punct":
		notAlpha := func(c rune) bool { return !isWAlpha(c) }
		return classRanges(notAlpha, unicode.M, unicode.No, unicode.P, unicode.S, unicode.Cf) + co + nbsp
	}
	return ascii
}

// classRanges writes, as a class body, the characters of the tables that
// in admits, in runs: the classes whose glibc definition is a Unicode
// category less some of its members.
func classRanges(in func(rune) bool, tables ...*unicode.RangeTable) string {
	var cs []rune
	for _, t := range tables {
		for _, r := range t.R16 {
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				if in(c) {
					cs = append(cs, c)
				}
			}
		}
		for _, r := range t.R32 {
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				if in(c) {
					cs = append(cs, c)
				}
			}
		}
	}
	slices.Sort(cs)
	var sb strings.Builder
	for i := 0; i < len(cs); {
		j := i
		for j+1 < len(cs) && cs[j+1] <= cs[j]+1 {
			j++
		}
		sb.WriteString(`\x{` + strconv.FormatUint(uint64(cs[i]), 16) + `}`)
		if cs[j] != cs[i] {
			sb.WriteString(`-\x{` + strconv.FormatUint(uint64(cs[j]), 16) + `}`)
		}
		i = j + 1
	}
	return sb.String()
}

// nonASCIIRanges writes the ranges of t above 0x7f as a class body.
func nonASCIIRanges(t *unicode.RangeTable) string {
	var sb strings.Builder
	add := func(lo, hi, stride uint32) {
		for c := lo; c <= hi; c += stride {
			if c < utf8.RuneSelf {
				continue
			}
			if stride == 1 {
				sb.WriteString(`\x{` + strconv.FormatUint(uint64(c), 16) + `}-\x{` + strconv.FormatUint(uint64(hi), 16) + `}`)
				return
			}
			sb.WriteString(`\x{` + strconv.FormatUint(uint64(c), 16) + `}`)
		}
	}
	for _, r := range t.R16 {
		add(uint32(r.Lo), uint32(r.Hi), uint32(r.Stride))
	}
	for _, r := range t.R32 {
		add(r.Lo, r.Hi, r.Stride)
	}
	return sb.String()
}
