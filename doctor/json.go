package doctor

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The report is written by hand, in exactly the form encoding/json's
// Encoder with SetIndent("", "  ") gives (doctor_test.go compares them):
// doctor is linked into nash, and encoding/json's package initialisation
// would run on every shell start for the sake of this one command.

// field is one member of a JSON object; omitted when omit is set.
type field struct {
	key  string
	val  any // string, bool, int, []string, object or []object
	omit bool
}

type object []field

func (r Report) object() object {
	shells := []object(nil)
	if r.Shells != nil {
		shells = []object{}
	}
	for _, s := range r.Shells {
		shells = append(shells, object{
			{"path", s.Path, false},
			{"resolved", s.Resolved, s.Resolved == ""},
			{"isNash", s.IsNash, false},
			{"error", s.Error, s.Error == ""},
		})
	}
	rb, c := r.RealBash, r.Collector
	return object{
		{"version", r.Version, false},
		{"nash", r.Nash, false},
		{"shells", shells, false},
		{"realBash", object{
			{"path", rb.Path, rb.Path == ""},
			{"source", rb.Source, rb.Source == ""},
			{"found", rb.Found, false},
			{"note", rb.Note, rb.Note == ""},
		}, false},
		{"collector", object{
			{"socket", c.Socket, false},
			{"reachable", c.Reachable, false},
			{"healthz", c.Healthz, c.Healthz == 0},
			{"hookUrl", c.HookURL, c.HookURL == ""},
			{"error", c.Error, c.Error == ""},
		}, false},
		{"session", object{
			{"id", r.Session.ID, r.Session.ID == ""},
			{"hasToken", r.Session.HasToken, false},
		}, false},
		{"capture", r.Capture, false},
		{"healthy", r.Healthy, false},
		{"problems", r.Problems, false},
	}
}

// marshalIndent renders v with two-space indentation and a final newline.
func marshalIndent(v any) []byte {
	var b strings.Builder
	writeJSON(&b, v, "")
	b.WriteByte('\n')
	return []byte(b.String())
}

func writeJSON(b *strings.Builder, v any, indent string) {
	inner := indent + "  "
	switch v := v.(type) {
	case string:
		writeString(b, v)
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int:
		b.WriteString(strconv.Itoa(v))
	case []string:
		writeArray(b, v, indent)
	case []object:
		writeArray(b, v, indent)
	case object:
		n := 0
		b.WriteByte('{')
		for _, f := range v {
			if f.omit {
				continue
			}
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			b.WriteString("\n" + inner)
			writeString(b, f.key)
			b.WriteString(": ")
			writeJSON(b, f.val, inner)
		}
		if n > 0 {
			b.WriteString("\n" + indent)
		}
		b.WriteByte('}')
	}
}

// writeArray writes items as an indented JSON array, or null for a nil
// slice (as encoding/json does).
func writeArray[T any](b *strings.Builder, items []T, indent string) {
	if items == nil {
		b.WriteString("null")
		return
	}
	b.WriteByte('[')
	for i, it := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n" + indent + "  ")
		writeJSON(b, it, indent+"  ")
	}
	if len(items) > 0 {
		b.WriteString("\n" + indent)
	}
	b.WriteByte(']')
}

// writeString quotes s as encoding/json does by default: HTML-sensitive
// characters, U+2028 and U+2029 escaped, invalid UTF-8 as U+FFFD.
func writeString(b *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c == '\t':
				b.WriteString(`\t`)
			case c == '\b':
				b.WriteString(`\b`)
			case c == '\f':
				b.WriteString(`\f`)
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&0xf])
			default:
				b.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case r == '\u2028' || r == '\u2029':
			b.WriteString(`\u202`)
			b.WriteByte(hex[r&0xf])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
}
