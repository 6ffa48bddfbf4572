package interp

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// containsShellMetas reports whether s needs quoting to be read back as
// one word (bash's sh_contains_shell_metas).
func containsShellMetas(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\'', '"', '\\', '|', '&', ';', '(', ')', '<', '>',
			'!', '{', '}', '*', '[', '?', ']', '^', '$', '`':
			return true
		case '~':
			if i == 0 || s[i-1] == '=' || s[i-1] == ':' {
				return true
			}
		case '#':
			if i == 0 {
				return true
			}
		}
	}
	return false
}

// singleQuote wraps s in single quotes, writing each quote inside as
// quote, backslash, quote, quote.
func singleQuote(s string) string {
	if s == "'" {
		return `\'`
	}
	var sb strings.Builder
	sb.Grow(len(s) + 2)
	sb.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		if s[i] == '\'' {
			sb.WriteString(`'\''`)
			continue
		}
		sb.WriteByte(s[i])
	}
	sb.WriteByte('\'')
	return sb.String()
}

// quoter quotes text for the shell to read back, as bash's quoting
// functions do in the current locale: with bytes (a locale that is not
// UTF-8, such as C or POSIX), every byte above 0x7f is non-printable,
// as isprint says there, and is written as an octal escape, unless ctype
// (a single-byte locale such as KOI8-R) says it is printable.
type quoter struct {
	bytes bool
	ctype *byteCtype
}

// q is the quoter for the runner's locale (LC_ALL, LC_CTYPE, LANG).
func (r *Runner) q() quoter {
	cs := r.charset()
	return quoter{bytes: cs.bytes, ctype: cs.ct}
}

// bytePrint reports whether the byte c, a character of a locale that is
// not UTF-8, is printable there.
func (q quoter) bytePrint(c byte) bool {
	if c >= ' ' && c < 0x7f {
		return true
	}
	return c > 0x7f && q.ctype != nil && q.ctype.printable(c)
}

// needsANSI reports whether s has non-printable characters.
func (q quoter) needsANSI(s string) bool {
	if q.bytes {
		for i := 0; i < len(s); i++ {
			if !q.bytePrint(s[i]) {
				return true
			}
		}
		return false
	}
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && n == 1 {
			return true
		}
		if !isWPrint(r) {
			return true
		}
		s = s[n:]
	}
	return false
}

// ansi writes s as $'…'.
func (q quoter) ansi(s string) string {
	var sb strings.Builder
	sb.WriteString("$'")
	for len(s) > 0 {
		c := s[0]
		var printable bool
		n := 1
		if q.bytes {
			printable = q.bytePrint(c)
		} else {
			var r rune
			r, n = utf8.DecodeRuneInString(s)
			printable = !(r == utf8.RuneError && n == 1) && isWPrint(r)
		}
		switch c {
		case 0x1b:
			sb.WriteString(`\E`)
		case '\a':
			sb.WriteString(`\a`)
		case '\v':
			sb.WriteString(`\v`)
		case '\b':
			sb.WriteString(`\b`)
		case '\f':
			sb.WriteString(`\f`)
		case '\n':
			sb.WriteString(`\n`)
		case '\r':
			sb.WriteString(`\r`)
		case '\t':
			sb.WriteString(`\t`)
		case '\\':
			sb.WriteString(`\\`)
		case '\'':
			sb.WriteString(`\'`)
		default:
			if !printable {
				for i := 0; i < n; i++ {
					b := s[i]
					sb.WriteByte('\\')
					sb.WriteByte('0' + (b>>6)&7)
					sb.WriteByte('0' + (b>>3)&7)
					sb.WriteByte('0' + b&7)
				}
			} else {
				sb.WriteString(s[:n])
			}
		}
		s = s[n:]
	}
	sb.WriteByte('\'')
	return sb.String()
}

// trace quotes a word for set -x output.
func (q quoter) trace(s string) string {
	switch {
	case s == "":
		return "''"
	case containsShellMetas(s):
		return singleQuote(s)
	case q.needsANSI(s):
		return q.ansi(s)
	}
	return s
}

// shell is ${x@Q} and printf %q-style reusable quoting: $'…' for
// non-printable text, else single quotes.
func (q quoter) shell(s string) string {
	if q.needsANSI(s) {
		return q.ansi(s)
	}
	return singleQuote(s)
}

// dquote writes s in double quotes with \ " $ ` escaped (declare -p).
func (q quoter) dquote(s string) string {
	if q.needsANSI(s) {
		return q.ansi(s)
	}
	return doubleQuote(s)
}

// doubleQuote wraps s in double quotes with \ " $ ` escaped (bash's
// sh_double_quote).
func doubleQuote(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '\\', '$', '`':
			sb.WriteByte('\\')
		}
		sb.WriteByte(s[i])
	}
	sb.WriteByte('"')
	return sb.String()
}

// ansiC decodes the backslash escapes of $'…'; bytes as for quoter.
func ansiC(s string, bytes bool) string { return ansiCQuoting(s, bytes, false) }

// ansiCQuoting is ansiC; with quoteCtl, the \x01 and \x7f bytes escapes
// make are quoted with CTLESC, as bash's ansicstr does for its parser.
func ansiCQuoting(s string, bytes, quoteCtl bool) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	out, _ := decodeEscapes(s, false, bytes, quoteCtl)
	// shell strings end at a NUL: $'a\0b' is "a"
	if i := strings.IndexByte(out, 0); i >= 0 {
		out = out[:i]
	}
	return out
}

// decodeEscapes decodes C escapes. In echo mode (echo -e, printf %b),
// \0nnn is octal with a leading zero and \c stops output (reported by the
// second result).
func decodeEscapes(s string, echo, bytes, quoteCtl bool) (string, bool) {
	var sb strings.Builder
	esc := escWriter{&sb, quoteCtl}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			sb.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			esc.put('\a')
		case 'b':
			esc.put('\b')
		case 'e', 'E':
			esc.put(0x1b)
		case 'f':
			esc.put('\f')
		case 'n':
			esc.put('\n')
		case 'r':
			esc.put('\r')
		case 't':
			esc.put('\t')
		case 'v':
			esc.put('\v')
		case '\\':
			esc.put('\\')
		case '\'':
			if echo {
				esc.putString(`\'`)
			} else {
				esc.put('\'')
			}
		case '"':
			if echo {
				esc.putString(`\"`)
			} else {
				esc.put('"')
			}
		case '?':
			if echo {
				esc.putString(`\?`)
			} else {
				esc.put('?')
			}
		case 'c':
			if echo {
				return sb.String(), true
			}
			if i+1 < len(s) {
				i++
				ch := s[i]
				if ch == '\\' && i+1 < len(s) && s[i+1] == '\\' {
					i++
				}
				if ch == '?' {
					esc.put(0x7f) // \c? is DEL
				} else {
					esc.put(ch & 0x1f)
				}
			} else {
				esc.putString(`\c`)
			}
		case 'x':
			if !echo && i+1 < len(s) && s[i+1] == '{' {
				// $'\x{HHH}' (bash's ansicstr): any number of hex
				// digits, of whose value the low byte counts, and an
				// optional closing brace; \x{} is a NUL
				j := i + 2
				var n byte
				for ; j < len(s) && isHex(s[j]); j++ {
					n = n<<4 | byte(hexVal(s[j]))
				}
				if j < len(s) && s[j] == '}' {
					j++
				}
				esc.put(n)
				i = j - 1
				continue
			}
			j := i + 1
			for j < len(s) && j < i+3 && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				esc.putString(`\x`)
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 8)
			esc.put(byte(n))
			i = j - 1
		case 'u', 'U':
			n, j, ok := unicodeEscape(s, i)
			if !ok {
				esc.put('\\')
				esc.put(e)
				continue
			}
			esc.putString(unicodeChar(n, bytes))
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			start := i
			max := 3
			if echo {
				if e != '0' {
					esc.put('\\')
					esc.put(e)
					continue
				}
				start = i + 1
				max = 3
			}
			j := start
			for j < len(s) && j < start+max && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			var n uint64
			if j > start {
				n, _ = strconv.ParseUint(s[start:j], 8, 16)
			}
			esc.put(byte(n))
			i = j - 1
		default:
			esc.put('\\')
			esc.put(e)
		}
	}
	return sb.String(), false
}

// unicodeEscape reads the hex digits of a \u (up to 4) or \U (up to 8)
// escape whose letter is s[i]: the value and the index after the digits;
// not ok without a digit.
func unicodeEscape(s string, i int) (uint32, int, bool) {
	max := 4
	if s[i] == 'U' {
		max = 8
	}
	j := i + 1
	for j < len(s) && j < i+1+max && isHex(s[j]) {
		j++
	}
	if j == i+1 {
		return 0, j, false
	}
	n, _ := strconv.ParseUint(s[i+1:j], 16, 32)
	return uint32(n), j, true
}

// u32toutf8 is bash's encoder for what wctomb refuses too: UTF-8 in the
// original scheme of up to six bytes, so surrogates and values past
// U+10FFFF are encoded as they come, and nothing at all from 2^31 up.
func u32toutf8(v uint32) string {
	switch {
	case v < 0x80:
		return string([]byte{byte(v)})
	case v >= 0x80000000:
		return ""
	}
	n, lead := 2, byte(0xc0)
	switch {
	case v >= 0x4000000:
		n, lead = 6, 0xfc
	case v >= 0x200000:
		n, lead = 5, 0xf8
	case v >= 0x10000:
		n, lead = 4, 0xf0
	case v >= 0x800:
		n, lead = 3, 0xe0
	}
	b := make([]byte, n)
	for i := n - 1; i > 0; i-- {
		b[i] = byte(v&0x3f) | 0x80
		v >>= 6
	}
	b[0] = lead | byte(v)
	return string(b)
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// unicodeChar is the character \u or \U names, as bash's u32cconv
// writes it: UTF-8 in a UTF-8 locale; in any other (bytes), ASCII as
// itself and anything beyond as the escape, \uXXXX or \UXXXXXXXX in
// upper-case hex, since the locale has no such character. Not quite
// anything: u32cconv hands its UTF-8 to iconv and escapes only what iconv
// refuses, and glibc's iconv drops the language tags U+E0000-U+E007F
// without complaint, as it gets no bytes at all from 2^31 up.
func unicodeChar(v uint32, bytes bool) string {
	switch {
	case v <= 0x7f:
		return string([]byte{byte(v)})
	case !bytes:
		return u32toutf8(v)
	case v>>7 == 0xe0000>>7 || v >= 0x80000000:
		return ""
	case v < 0x10000:
		return fmt.Sprintf("\\u%04X", v)
	}
	return fmt.Sprintf("\\U%08X", v)
}

// dequoteEscapes is bash's dequote_escapes, which ${v@E} runs on what
// ansicstr made of the value as if it were quoted text: a \x01 (CTLESC)
// before a \x01 or \x7f (CTLNUL), or before a space when IFS is null, is
// removed.
func dequoteEscapes(s string, nullIFS bool) string {
	if strings.IndexByte(s, ctlESC) < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == ctlESC && i+1 < len(s) && (s[i+1] == ctlESC || s[i+1] == ctlNUL || nullIFS && s[i+1] == ' ') {
			i++
		}
		b = append(b, s[i])
	}
	return string(b)
}

// escWriter writes what an escape sequence stands for; with quoteCtl a
// \x01 (CTLESC) or \x7f (CTLNUL) made so is quoted with a CTLESC, as
// bash's ansicstr does for the parser (flags&2).
type escWriter struct {
	sb       *strings.Builder
	quoteCtl bool
}

func (w escWriter) put(c byte) {
	if w.quoteCtl && (c == ctlESC || c == ctlNUL) {
		w.sb.WriteByte(ctlESC)
	}
	w.sb.WriteByte(c)
}

func (w escWriter) putString(s string) {
	if len(s) == 1 {
		w.put(s[0])
		return
	}
	w.sb.WriteString(s)
}
