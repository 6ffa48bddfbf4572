package interp

import (
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Bash reads a script as bytes: a word may hold bytes that are not UTF-8
// (a Latin-1 script, binary bytes printed by printf), and they are
// ordinary word characters. mvdan's lexer decodes UTF-8 and rejects such
// a byte. Before parsing, each byte that is not part of valid UTF-8 is
// therefore mapped to a rune of its own, rawRuneBase+b, in plane 16's
// private use area (a word character to the lexer in every context), and
// after parsing the literal strings of the tree are mapped back, so the
// expander sees the bytes as written. The text the tree's positions refer
// to stays mapped: what shows a slice of it (syntax errors, the printer)
// maps it back.
//
// A carriage return is mapped the same way: to bash it is an ordinary
// word character (a script with CRLF line ends runs `echo hi\r`, and
// `then\r` is no keyword), while mvdan's lexer drops it before a newline
// and takes it for a blank elsewhere.
//
// Mapping is idempotent (valid UTF-8 is left as it is), so text that was
// mapped once may be parsed again. The price is that a script that
// itself holds one of these 129 private-use runes has it read as the byte
// it stands for.

// rawRuneBase + b is the rune standing for the byte b (b >= 0x80, or a
// carriage return).
const rawRuneBase = 0x10FF00

// rawCR is the rune standing for a carriage return.
const rawCR = rawRuneBase + '\r'

// encodeRawBytes maps each byte of s that is not valid UTF-8, and each
// carriage return, to its rune.
func encodeRawBytes(s string) string {
	if utf8.ValidString(s) && strings.IndexByte(s, '\r') < 0 {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w == 1 || r == '\r' {
			sb.WriteRune(rawRuneBase + rune(s[i]))
		} else {
			sb.WriteString(s[i : i+w])
		}
		i += w
	}
	return sb.String()
}

// hasRawRunes reports whether s holds a rune standing for a byte: their
// UTF-8 encodings all start with F4 8F BE or F4 8F BF (F4 8F BC 8D for
// a carriage return).
func hasRawRunes(s string) bool {
	for {
		i := strings.Index(s, "\xf4\x8f")
		if i < 0 || i+2 >= len(s) {
			return false
		}
		if c := s[i+2]; c == 0xbe || c == 0xbf || c == 0xbc && strings.HasPrefix(s[i:], string(rune(rawCR))) {
			return true
		}
		s = s[i+2:]
	}
}

// decodeRawBytes maps the runes standing for bytes back to the bytes.
func decodeRawBytes(s string) string {
	if !hasRawRunes(s) {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if r >= rawRuneBase+0x80 && r <= rawRuneBase+0xff || r == rawCR {
			sb.WriteByte(byte(r - rawRuneBase))
		} else {
			sb.WriteString(s[i : i+w])
		}
		i += w
	}
	return sb.String()
}

// decodeRawNode maps back the literal strings of a tree parsed from text
// mapped by encodeRawBytes; callers skip it when hasRawRunes(text) is
// false (checked once per text: a script has many statements).
func decodeRawNode(n syntax.Node) {
	walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Lit:
			n.Value = decodeRawBytes(n.Value)
		case *syntax.SglQuoted:
			n.Value = decodeRawBytes(n.Value)
		}
		return true
	})
}

// parseDocument parses s as the contents of a double-quoted word (here
// the text of a runtime value, which may hold any bytes). It returns the
// word and the text its positions refer to.
func parseDocument(s string) (*syntax.Word, string, error) {
	text := encodeRawBytes(s)
	w, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Document(strings.NewReader(text))
	if err == nil && w != nil && len(text) != len(s) {
		decodeRawNode(w)
	}
	return w, text, err
}

// withSrc makes text the source that nodes' offsets refer to (nodeText
// reads subscripts back from it) and returns the function restoring the
// previous one.
func (r *Runner) withSrc(text string) func() {
	old := r.curSrc
	r.curSrc = text
	return func() { r.curSrc = old }
}

// parseRawFile parses s, a program held by a runtime value, with mvdan's
// parser alone. It returns the program and the text its positions refer
// to.
func parseRawFile(s, name string) (*syntax.File, string, error) {
	text := encodeRawBytes(s)
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), name)
	if err == nil && len(text) != len(s) {
		decodeRawNode(f)
	}
	return f, text, err
}
