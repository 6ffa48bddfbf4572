package interp

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds nash's own glob pattern matcher, following the semantics
// of bash's strmatch (lib/glob/sm_loop.c): a pattern is compiled once into
// a small node program (literal characters, ?, *, bracket expressions and
// ksh-style extended groups) that a backtracking matcher runs over the
// characters of the subject. Characters are Unicode code points; a byte
// that is not valid UTF-8 stands for itself (mapped to 0xDC00+byte, a
// value valid text never decodes to).

type patOp uint8

const (
	opLit   patOp = iota // one character, r
	opAny                // ?
	opStar               // *
	opClass              // [...]
	opExt                // ?( ) *( ) +( ) @( ) !( )
	opFail               // a malformed bracket that can never match
	opRest               // an unclosed extended group: the rest compares as text
	opBrack              // [...] matched by brackMatch, with the rest of the pattern
)

type patNode struct {
	op   patOp
	r    rune // opLit: the character; opStar: 2 for a run of stars
	cls  *charClass
	ext  *extGroup
	rest string // opRest: the remaining pattern text, compared literally
	brk  *rawBracket
}

// extGroup is an extended pattern: kind is one of ? * + @ !, alts the
// |-separated sub-patterns.
type extGroup struct {
	kind byte
	alts [][]patNode
}

// charClass is a compiled bracket expression.
type charClass struct {
	negate   bool
	ascii    [4]uint32  // set bits for ASCII members (singles, ranges)
	clsASCII [4]uint32  // ASCII characters in the named classes (tested unfolded)
	singles  []rune     // non-ASCII single members
	ranges   []rune     // start/end pairs reaching beyond ASCII
	classes  []ctype    // named classes, tested on non-ASCII characters
	ct       *byteCtype // the single-byte locale's classes of bytes above 0x7f
	fold     bool
}

type ctype uint8

const (
	ctNone ctype = iota
	ctAlnum
	ctAlpha
	ctAscii
	ctBlank
	ctCntrl
	ctDigit
	ctGraph
	ctLower
	ctPrint
	ctPunct
	ctSpace
	ctUpper
	ctWord
	ctXdigit
)

// ctypeName returns the class a [:name:] bracket expression names.
func ctypeName(name string) (ctype, bool) {
	switch name {
	case "alnum":
		return ctAlnum, true
	case "alpha":
		return ctAlpha, true
	case "ascii":
		return ctAscii, true
	case "blank":
		return ctBlank, true
	case "cntrl":
		return ctCntrl, true
	case "digit":
		return ctDigit, true
	case "graph":
		return ctGraph, true
	case "lower":
		return ctLower, true
	case "print":
		return ctPrint, true
	case "punct":
		return ctPunct, true
	case "space":
		return ctSpace, true
	case "upper":
		return ctUpper, true
	case "word":
		return ctWord, true
	case "xdigit":
		return ctXdigit, true
	}
	return 0, false
}

// isCtype reports whether c is in the class, as glibc's C.UTF-8 iswctype
// answers (exact for ASCII).
func isCtype(c rune, t ctype) bool {
	if c < 0x80 {
		b := byte(c)
		isUpper := 'A' <= b && b <= 'Z'
		isLower := 'a' <= b && b <= 'z'
		isDigit := '0' <= b && b <= '9'
		isAlpha := isUpper || isLower
		isGraph := 0x21 <= b && b <= 0x7e
		switch t {
		case ctAlnum:
			return isAlpha || isDigit
		case ctAlpha:
			return isAlpha
		case ctAscii:
			return true
		case ctBlank:
			return b == ' ' || b == '\t'
		case ctCntrl:
			return b < 0x20 || b == 0x7f
		case ctDigit:
			return isDigit
		case ctGraph:
			return isGraph
		case ctLower:
			return isLower
		case ctPrint:
			return isGraph || b == ' '
		case ctPunct:
			return isGraph && !isAlpha && !isDigit
		case ctSpace:
			return b == ' ' || ('\t' <= b && b <= '\r')
		case ctUpper:
			return isUpper
		case ctWord:
			return isAlpha || isDigit || b == '_'
		case ctXdigit:
			return isDigit || ('a' <= b && b <= 'f') || ('A' <= b && b <= 'F')
		}
		return false
	}
	if c >= 0xDC80 && c <= 0xDCFF {
		return false // an undecodable byte is in no class
	}
	switch t {
	case ctAlnum, ctWord, ctAlpha:
		return isWAlpha(c)
	case ctBlank:
		return unicode.Is(unicode.Zs, c) && c != 0xa0 && c != 0x2007 && c != 0x202f
	case ctCntrl:
		return unicode.IsControl(c) || c == 0x2028 || c == 0x2029
	case ctGraph:
		return isWPrint(c) && !isWSpace(c)
	case ctLower:
		return isWLower(c)
	case ctPrint:
		return isWPrint(c)
	case ctPunct:
		return isWPrint(c) && !isWSpace(c) && !isWAlpha(c)
	case ctSpace:
		return isWSpace(c)
	case ctUpper:
		return isWUpper(c)
	}
	return false
}

// isWAlpha is glibc's alpha class above ASCII (its localedata's
// unicode_utils.is_alpha): the Alphabetic property (letters, letter
// numbers such as Ⅰ, and combining marks like the Hebrew points), and the
// decimal digits of every script, which C keeps out of [:digit:].
func isWAlpha(c rune) bool {
	return unicode.IsLetter(c) || unicode.IsDigit(c) || unicode.Is(unicode.Nl, c) ||
		unicode.Is(unicode.Other_Alphabetic, c)
}

// isWUpper is glibc's upper class: a character with a lower case
// mapping (the title case ǅ too), or an Uppercase one (Lu, and Other_Uppercase
// such as Ⓐ and Ⅰ).
func isWUpper(c rune) bool {
	return unicode.ToLower(c) != c || unicode.IsUpper(c) || unicode.Is(unicode.Other_Uppercase, c)
}

// isWLower is glibc's lower class: a character with an upper case
// mapping (ǅ again), ß, or a Lowercase one (Ll, and Other_Lowercase such
// as ª and the modifier letters).
func isWLower(c rune) bool {
	return unicode.ToUpper(c) != c || c == 0xdf || unicode.IsLower(c) || unicode.Is(unicode.Other_Lowercase, c)
}

// decodeChar returns the first character of s and its width; s must not
// be empty. Invalid bytes decode to 0xDC00+byte.
func decodeChar(s string) (rune, int) {
	c := s[0]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 {
		return 0xDC00 + rune(c), 1
	}
	return r, n
}

// decodeCharIn is decodeChar, or in a single-byte locale (bytes) the
// first byte as one character: a byte above 0x7f decodes as 0xDC00+byte,
// as an invalid byte does in a UTF-8 locale, so widths stay byte counts.
func decodeCharIn(s string, bytes bool) (rune, int) {
	if bytes && s[0] >= utf8.RuneSelf {
		return 0xDC00 + rune(s[0]), 1
	}
	return decodeChar(s)
}

// lastCharLenIn is lastCharLen, or 1 in a single-byte locale.
func lastCharLenIn(s string, bytes bool) int {
	if bytes {
		return 1
	}
	return lastCharLen(s)
}

// foldRune is bash's FOLD under FNM_CASEFOLD (towlower).
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	if r >= 0xDC80 && r <= 0xDCFF {
		return r
	}
	return unicode.ToLower(r)
}

func (c *charClass) setASCII(r rune) {
	c.ascii[r>>5] |= 1 << (r & 31)
}

func (c *charClass) addRange(lo, hi rune) {
	for r := lo; r <= hi && r < utf8.RuneSelf; r++ {
		c.setASCII(r)
	}
	if hi >= utf8.RuneSelf {
		if lo < utf8.RuneSelf {
			lo = utf8.RuneSelf
		}
		c.ranges = append(c.ranges, lo, hi)
	}
}

// contains reports whether the bracket expression matches r; orig is the
// character before case folding (named classes test it, as bash does).
func (c *charClass) contains(r, orig rune) bool {
	in := false
	if r < utf8.RuneSelf && c.ascii[r>>5]&(1<<(r&31)) != 0 {
		in = true
	} else if orig < utf8.RuneSelf && c.clsASCII[orig>>5]&(1<<(orig&31)) != 0 {
		in = true
	} else if r >= utf8.RuneSelf || orig >= utf8.RuneSelf {
		for _, s := range c.singles {
			if s == r {
				in = true
				break
			}
		}
		for i := 0; !in && i < len(c.ranges); i += 2 {
			in = c.ranges[i] <= r && r <= c.ranges[i+1]
		}
		for _, t := range c.classes {
			if !in && inClass(orig, t, c.ct) {
				in = true
			}
		}
	}
	return in != c.negate
}

// bracket compile results besides success.
const (
	brOK      = iota
	brLiteral // no closing ]: the [ is an ordinary character
	brFail    // malformed in a way that never matches
)

// compileBracket parses the bracket expression whose '[' is at pat[i-1]
// (i is just past it). It returns the class and the index after the
// closing ']'.
func compileBracket(pat string, i int, fold, bytes bool, ct *byteCtype) (*charClass, int, int) {
	negate := i < len(pat) && (pat[i] == '!' || pat[i] == '^')
	if negate {
		i++
	}
	c := &charClass{fold: fold, negate: negate, ct: ct}
	at := func(j int) byte {
		if j < len(pat) {
			return pat[j]
		}
		return 0
	}
	next := func() (rune, bool) { // reads one character at i
		if i >= len(pat) {
			return 0, false
		}
		r, n := decodeCharIn(pat[i:], bytes)
		i += n
		return r, true
	}
	f := func(r rune) rune {
		if fold {
			return foldIn(r, ct)
		}
		return r
	}
	addSingle := func(r rune) {
		if r < utf8.RuneSelf {
			c.setASCII(r)
		} else {
			c.singles = append(c.singles, r)
		}
	}
	ch, ok := next()
	for {
		if !ok {
			return nil, i, brLiteral
		}
		start := ch
		collStart := false
		// [=c=]: an equivalence class (in C.UTF-8, just the character)
		if ch == '[' && at(i) == '=' && i+1 < len(pat) {
			r, n := decodeCharIn(pat[i+1:], bytes)
			if at(i+1+n) == '=' && at(i+2+n) == ']' {
				addSingle(f(r))
				i += 3 + n
				if ch, ok = next(); !ok {
					return nil, i, brLiteral
				}
				if ch == ']' {
					return c, i, brOK
				}
				continue
			}
		}
		// [:name:]
		if ch == '[' && at(i) == ':' {
			close := strings.Index(pat[i+1:], ":]")
			if close >= 0 {
				name := unescapePattern(pat[i+1 : i+1+close])
				if t, ok := ctypeName(name); ok {
					c.classes = append(c.classes, t)
					for r := rune(0); r < utf8.RuneSelf; r++ {
						if isCtype(r, t) {
							c.clsASCII[r>>5] |= 1 << (r & 31)
						}
					}
				}
				i += 1 + close + 2
			}
			if ch, ok = next(); !ok {
				return nil, i, brLiteral
			}
			if ch == ']' {
				return c, i, brOK
			}
			continue
		}
		// [.sym.]
		valid := true
		if ch == '[' && at(i) == '.' {
			var v rune
			v, valid, i = parseCollSym(pat, i)
			if i >= len(pat) && !valid {
				return nil, i, brLiteral
			}
			start = v
			collStart = true
		}
		if ch == '\\' && !collStart {
			if start, ok = next(); !ok {
				return nil, i, brFail
			}
		}
		start = f(start)
		if ch, ok = next(); !ok {
			return nil, i, brLiteral
		}
		if ch == '-' && at(i) != ']' {
			end, ok2 := next()
			if ok2 && end == '\\' {
				end, ok2 = next()
			}
			if !ok2 {
				return nil, i, brFail
			}
			endValid := true
			if end == '[' && at(i) == '.' {
				end, endValid, i = parseCollSym(pat, i)
			}
			end = f(end)
			if ch, ok = next(); !ok {
				return nil, i, brLiteral
			}
			if valid && endValid && start <= end {
				c.addRange(start, end)
			}
		} else if valid {
			addSingle(start)
		}
		if ch == ']' {
			return c, i, brOK
		}
	}
}

// parseCollSym parses [.sym.] with pat[i] the '.', returning the symbol's
// character, whether it is valid, and the index after ".]".
func parseCollSym(pat string, i int) (rune, bool, int) {
	i++
	end := strings.Index(pat[i:], ".]")
	if end < 0 {
		return 0, false, len(pat)
	}
	r, ok := collSymValue(pat[i : i+end])
	return r, ok, i + end + 2
}

// collSymValue is the character a collating symbol's name stands for: a
// single character or one of the POSIX names.
func collSymValue(name string) (rune, bool) {
	if r, n := decodeChar(name + "\x00"); n == len(name) && name != "" {
		return r, true
	}
	for _, c := range collNames {
		if c.name == name {
			return c.r, true
		}
	}
	return 0, false
}

// collNames are the POSIX names of the portable character set (a table,
// not a map, so that no package init builds it at each shell start).
var collNames = [...]struct {
	name string
	r    rune
}{
	{"NUL", 0}, {"SOH", 1}, {"STX", 2}, {"ETX", 3}, {"EOT", 4}, {"ENQ", 5},
	{"ACK", 6}, {"alert", 7}, {"backspace", 8}, {"tab", 9}, {"newline", 10},
	{"vertical-tab", 11}, {"form-feed", 12}, {"carriage-return", 13},
	{"SO", 14}, {"SI", 15}, {"DLE", 16}, {"DC1", 17}, {"DC2", 18},
	{"DC3", 19}, {"DC4", 20}, {"NAK", 21}, {"SYN", 22}, {"ETB", 23},
	{"CAN", 24}, {"EM", 25}, {"SUB", 26}, {"ESC", 27}, {"IS4", 28},
	{"FS", 28}, {"IS3", 29}, {"GS", 29}, {"IS2", 30}, {"RS", 30}, {"IS1", 31},
	{"US", 31}, {"space", ' '}, {"exclamation-mark", '!'},
	{"quotation-mark", '"'}, {"number-sign", '#'}, {"dollar-sign", '$'},
	{"percent-sign", '%'}, {"ampersand", '&'}, {"apostrophe", '\''},
	{"left-parenthesis", '('}, {"right-parenthesis", ')'}, {"asterisk", '*'},
	{"plus-sign", '+'}, {"comma", ','}, {"hyphen", '-'},
	{"hyphen-minus", '-'}, {"period", '.'}, {"full-stop", '.'},
	{"slash", '/'}, {"solidus", '/'}, {"zero", '0'}, {"one", '1'},
	{"two", '2'}, {"three", '3'}, {"four", '4'}, {"five", '5'}, {"six", '6'},
	{"seven", '7'}, {"eight", '8'}, {"nine", '9'}, {"colon", ':'},
	{"semicolon", ';'}, {"less-than-sign", '<'}, {"equals-sign", '='},
	{"greater-than-sign", '>'}, {"question-mark", '?'},
	{"commercial-at", '@'}, {"left-square-bracket", '['},
	{"backslash", '\\'}, {"reverse-solidus", '\\'},
	{"right-square-bracket", ']'}, {"circumflex", '^'},
	{"circumflex-accent", '^'}, {"underscore", '_'}, {"low-line", '_'},
	{"grave-accent", '`'}, {"left-brace", '{'}, {"left-curly-bracket", '{'},
	{"vertical-line", '|'}, {"right-brace", '}'},
	{"right-curly-bracket", '}'}, {"tilde", '~'}, {"DEL", 0x7f},
}

// patScan finds the end of an extended group's sub-pattern the way bash's
// PATSCAN does, tracking nested groups and brackets: with delim '|' it
// stops after a top-level '|' or the closing ')', with delim 0 only after
// the ')'. It returns the index just past the delimiter, or -1.
func patScan(pat string, i int, delim byte) int {
	pnest, bnest := 0, 0
	var cchar byte
	bfirst := -1
	if i >= len(pat) {
		return -1
	}
	for ; i < len(pat); i++ {
		switch c := pat[i]; c {
		case '\\':
			i++
		case '[':
			if bnest == 0 {
				bfirst = i + 1
				if bfirst < len(pat) && (pat[bfirst] == '!' || pat[bfirst] == '^') {
					bfirst++
				}
				bnest++
			} else if i+1 < len(pat) && (pat[i+1] == ':' || pat[i+1] == '.' || pat[i+1] == '=') {
				cchar = pat[i+1]
			}
		case ']':
			if bnest > 0 {
				if cchar != 0 && pat[i-1] == cchar {
					cchar = 0
				} else if i != bfirst {
					bnest--
					bfirst = -1
				}
			}
		case '(':
			if bnest == 0 {
				pnest++
			}
		case ')':
			if bnest == 0 {
				if pnest <= 0 {
					return i + 1
				}
				pnest--
			}
		case '|':
			if bnest == 0 && pnest == 0 && delim == '|' {
				return i + 1
			}
		}
	}
	return -1
}

func isExtOp(c byte) bool {
	return c == '?' || c == '*' || c == '+' || c == '@' || c == '!'
}

// afterStar reports whether nodes end in a run of * and ? containing a *.
func afterStar(nodes []patNode) bool {
	for k := len(nodes) - 1; k >= 0; k-- {
		switch nodes[k].op {
		case opStar:
			return true
		case opAny:
			continue
		}
		return false
	}
	return false
}

// compileNodes compiles pattern text into a node program.
func compileNodes(pat string, fold, extglob, bytes bool, ct *byteCtype) []patNode {
	nodes := make([]patNode, 0, len(pat))
	for i := 0; i < len(pat); {
		c := pat[i]
		if extglob && isExtOp(c) && i+1 < len(pat) && pat[i+1] == '(' {
			end := patScan(pat, i+2, 0)
			if end < 0 {
				if (c == '?' || c == '*') && afterStar(nodes) {
					// bash's * loop skips an unclosed ?( or *( and with
					// it the rest of the pattern
					return nodes
				}
				nodes = append(nodes, patNode{op: opRest, rest: pat[i:]})
				return nodes
			}
			g := &extGroup{kind: c}
			for p := i + 2; ; {
				q := patScan(pat, p, '|')
				if q < 0 { // cannot happen once the group is closed
					q = end
				}
				g.alts = append(g.alts, compileNodes(pat[p:q-1], fold, extglob, bytes, ct))
				if q >= end {
					break
				}
				p = q
			}
			nodes = append(nodes, patNode{op: opExt, ext: g})
			i = end
			continue
		}
		switch c {
		case '?':
			nodes = append(nodes, patNode{op: opAny})
			i++
		case '*':
			if len(nodes) == 0 || nodes[len(nodes)-1].op != opStar {
				nodes = append(nodes, patNode{op: opStar})
			} else {
				nodes[len(nodes)-1].r = 2 // a run of stars (see match)
			}
			i++
		case '[':
			cls, end, res := compileBracket(pat, i+1, fold, bytes, ct)
			switch res {
			case brOK:
				if needsRawBracket(pat, i+1, end) {
					// the rest of the pattern is in the node
					return append(nodes, patNode{op: opBrack, brk: newRawBracket(pat, i+1, fold, extglob, bytes, ct)})
				}
				nodes = append(nodes, patNode{op: opClass, cls: cls})
				i = end
			case brLiteral:
				nodes = append(nodes, patNode{op: opLit, r: '['})
				i++
			default:
				nodes = append(nodes, patNode{op: opFail})
				i = len(pat)
			}
		case '\\':
			if i+1 >= len(pat) {
				// a trailing backslash matches itself
				nodes = append(nodes, patNode{op: opLit, r: '\\'})
				i++
				continue
			}
			r, n := decodeCharIn(pat[i+1:], bytes)
			if fold {
				r = foldIn(r, ct)
			}
			nodes = append(nodes, patNode{op: opLit, r: r})
			i += 1 + n
		default:
			r, n := decodeCharIn(pat[i:], bytes)
			if fold {
				r = foldIn(r, ct)
			}
			nodes = append(nodes, patNode{op: opLit, r: r})
			i += n
		}
	}
	return nodes
}

// matchFlags are the strmatch flags that depend on the caller.
type matchFlags uint8

const (
	mfFold     matchFlags = 1 << iota // FNM_CASEFOLD
	mfPeriod                          // FNM_PERIOD: a leading '.' must be matched explicitly
	mfDotDot                          // FNM_DOTDOT: wildcards never match a whole "." or ".."
	mfPathname                        // FNM_PATHNAME: wildcards never match '/'
	mfBytes                           // a single-byte locale: every byte is a character
)

// matcher runs a node program. start tells whether the text begins the
// subject (where the leading-period rules apply).
type matcher struct {
	flags  matchFlags
	ct     *byteCtype // a single-byte locale's case (mfFold), nil for C
	nested bool       // matching inside an extended group's alternative
}

func (m matcher) dec(s string) (rune, int) { return decodeCharIn(s, m.flags&mfBytes != 0) }

func (m matcher) char(s string) (rune, rune, int) {
	r, n := m.dec(s)
	if m.flags&mfFold != 0 {
		return foldIn(r, m.ct), r, n
	}
	return r, r, n
}

// leadingDotBlocked reports whether a wildcard may not match at the start
// of s (bash's FNM_PERIOD and FNM_DOTDOT checks).
func (m matcher) leadingDotBlocked(s string, start bool) bool {
	if !start || s == "" || s[0] != '.' {
		return false
	}
	if m.flags&mfPeriod != 0 {
		return true
	}
	return m.flags&mfDotDot != 0 && (s == "." || s == "..")
}

// match reports whether the whole of s matches p.
func (m matcher) match(p []patNode, s string, start bool) bool {
	for len(p) > 0 {
		nd := &p[0]
		switch nd.op {
		case opLit, opAny, opClass:
			if nd.op == opLit && s != "" && s[0] < utf8.RuneSelf && nd.r < utf8.RuneSelf && m.flags&mfFold == 0 {
				if rune(s[0]) != nd.r {
					return false
				}
				s = s[1:]
				break
			}
			n, ok := m.oneChar(nd, s, start)
			if !ok {
				return false
			}
			s = s[n:]
		case opBrack:
			if s == "" || m.leadingDotBlocked(s, start) || s[0] == '/' && m.flags&mfPathname != 0 {
				return false
			}
			r, orig, n := m.char(s)
			next := nd.brk.brackMatch(r, orig, m.flags&mfPathname != 0)
			if next < 0 {
				return false
			}
			return m.match(nd.brk.cont(next), s[n:], false)
		case opFail:
			return false
		case opRest:
			return s == nd.rest
		case opExt:
			return m.matchExt(nd.ext, p[1:], s, start)
		case opStar:
			if m.leadingDotBlocked(s, start) {
				return false
			}
			if nd.r > 1 && s != "" && s[0] == '/' && m.flags&mfPathname != 0 {
				return false // strmatch checks the slash once per star of a run
			}
			// like bash, take a run of * and ? together: each ? eats a
			// character before the star is tried; under FNM_PATHNAME a
			// slash stops the run, but a run that ends the pattern
			// matches the rest, slashes and all (strmatch's shortcut)
			// a ?( ) or *( ) group in the run is tried here, then
			// dropped: ?( ) where the star stops, *( ) after each
			// length of star but the whole rest (sm_loop.c)
			for p = p[1:]; len(p) > 0; p = p[1:] {
				op := p[0].op
				grp := op == opExt && (p[0].ext.kind == '?' || p[0].ext.kind == '*')
				if op != opStar && op != opAny && !grp {
					break
				}
				if s != "" && s[0] == '/' && m.flags&mfPathname != 0 {
					return false
				}
				switch {
				case op == opAny:
					if s == "" {
						return false
					}
					_, n := m.dec(s)
					s = s[n:]
					start = false
				case grp && p[0].ext.kind == '?':
					if m.matchExt(p[0].ext, p[1:], s, start) {
						return true
					}
				case grp:
					for i := 0; i < len(s); {
						if m.matchExt(p[0].ext, p[1:], s[i:], start && i == 0) {
							return true
						}
						_, n := m.dec(s[i:])
						i += n
					}
				}
			}
			limit := len(s) // how far the star may reach
			if m.flags&mfPathname != 0 {
				if j := strings.IndexByte(s, '/'); j >= 0 {
					limit = j
				}
			}
			if len(p) == 0 {
				return true
			}
			if p[0].op == opExt || p[0].op == opRest {
				kind := byte('?')
				if p[0].op == opExt {
					kind = p[0].ext.kind
				} else {
					kind = p[0].rest[0]
				}
				if s == "" && kind == '!' {
					// bash's strmatch answers a star at the end of the
					// subject followed by !( ) this way
					return !m.nested
				}
				if kind == '+' || kind == '@' || kind == '!' {
					// and it never tries these on the empty rest
					if limit == len(s) {
						if limit == 0 {
							return false
						}
						limit -= lastCharLenIn(s, m.flags&mfBytes != 0)
					}
				}
			}
			if k := m.starSegment(p); k > 0 {
				// *A*…: the earliest place A matches is the one to
				// take, as a later one leaves less for the next star
				// to choose from; trying them all made a pattern of
				// several stars polynomial in its subject's length
				// (*a*a*a*b over 3,000 a's ran for minutes)
				for i := 0; ; {
					if n, ok := m.segmentAt(p[:k], s[i:], start && i == 0); ok {
						return m.match(p[k:], s[i+n:], false)
					}
					if i >= len(s) {
						return false
					}
					_, n := m.dec(s[i:])
					i += n
				}
			}
			// a literal next: only try positions where it occurs
			if p[0].op == opLit && p[0].r < utf8.RuneSelf && m.flags&mfFold == 0 {
				c := byte(p[0].r)
				for i := 0; i <= limit && i < len(s); i++ {
					j := strings.IndexByte(s[i:], c)
					if j < 0 {
						return false
					}
					i += j
					if i > limit {
						return false
					}
					if m.match(p[1:], s[i+1:], false) {
						return true
					}
				}
				return false
			}
			for i := 0; ; {
				if m.match(p, s[i:], start && i == 0) {
					return true
				}
				if i >= limit {
					return false
				}
				_, n := m.dec(s[i:])
				i += n
			}
		}
		p = p[1:]
		start = false
	}
	return s == ""
}

// oneChar matches nd, a node of one character (a literal, ? or a
// class), at the start of s, and returns the bytes it took.
func (m matcher) oneChar(nd *patNode, s string, start bool) (int, bool) {
	if s == "" {
		return 0, false
	}
	if nd.op != opLit && (m.leadingDotBlocked(s, start) || s[0] == '/' && m.flags&mfPathname != 0) {
		return 0, false
	}
	r, orig, n := m.char(s)
	switch nd.op {
	case opLit:
		return n, r == nd.r
	case opClass:
		return n, nd.cls.contains(r, orig)
	}
	return n, true
}

// segmentAt matches seg, nodes of one character each, at the start of s
// and returns the bytes they took.
func (m matcher) segmentAt(seg []patNode, s string, start bool) (int, bool) {
	at := 0
	for k := range seg {
		n, ok := m.oneChar(&seg[k], s[at:], start && at == 0)
		if !ok {
			return 0, false
		}
		at += n
	}
	return at, true
}

// starSegment returns the length of the run of one-character nodes that
// p starts with when another star follows it and p holds only such nodes
// and stars (no extended group or bracket, whose matches bash's quirks
// make depend on what is left), or 0; always 0 for file names, whose
// stars stop at a slash.
func (m matcher) starSegment(p []patNode) int {
	if m.flags&mfPathname != 0 {
		return 0
	}
	k := -1
	for i := range p {
		switch p[i].op {
		case opLit, opAny, opClass:
		case opStar:
			if k < 0 {
				k = i
			}
		default:
			return 0
		}
	}
	return max(k, 0)
}

func (m matcher) matchAlts(alts [][]patNode, s string, start bool) bool {
	m.nested = true
	for _, a := range alts {
		if m.match(a, s, start) {
			return true
		}
	}
	return false
}

// matchExt matches an extended group followed by the rest of the pattern.
func (m matcher) matchExt(g *extGroup, rest []patNode, s string, start bool) bool {
	bounds := func(yield func(int) bool) {
		for i := 0; ; {
			if !yield(i) || i >= len(s) {
				return
			}
			_, n := m.dec(s[i:])
			i += n
		}
	}
	switch g.kind {
	case '?', '@':
		if g.kind == '?' && m.match(rest, s, start) {
			return true
		}
		for k := range bounds {
			if m.matchAlts(g.alts, s[:k], start) && m.match(rest, s[k:], start && k == 0) {
				return true
			}
		}
		return false
	case '*', '+':
		if g.kind == '*' && m.match(rest, s, start) {
			return true
		}
		for k := range bounds {
			if !m.matchAlts(g.alts, s[:k], start) {
				continue
			}
			st := start && k == 0
			// after one occurrence, any number more (g again, or none)
			if m.match(rest, s[k:], st) || k > 0 && m.matchExt(g, rest, s[k:], st) {
				return true
			}
		}
		return false
	case '!':
		for k := range bounds {
			if m.matchAlts(g.alts, s[:k], start) {
				continue
			}
			if m.leadingDotBlocked(s, start) {
				return false
			}
			if m.match(rest, s[k:], start && k == 0) {
				return true
			}
		}
		return false
	}
	return false
}

// isWPrint is glibc's iswprint in a UTF-8 locale: graphic characters and
// spaces, and also format characters (U+200B, U+FEFF, soft hyphen) and
// private-use ones, which Go's unicode.IsPrint leaves out.
func isWPrint(c rune) bool {
	return unicode.IsGraphic(c) || unicode.In(c, unicode.Cf, unicode.Co)
}

// isWSpace is glibc's iswspace: Unicode white space but the no-break
// spaces and NEL.
func isWSpace(c rune) bool {
	return unicode.IsSpace(c) && c != 0xa0 && c != 0x2007 && c != 0x202f && c != 0x85
}
