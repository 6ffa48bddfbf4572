package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash decodes $'…' as it parses, so the \u and \U escapes in it become
// characters in the locale the command was read in: after
// LC_ALL=C; echo $'\u00e9' on one line the é is still UTF-8, and a
// function keeps the characters of the locale it was defined in. nash
// decodes $'…' as it runs; pinANSI makes the two agree by rewriting those
// escapes, when a command is read, into \xHH escapes of the bytes they
// stand for then, which mean the same in any locale.

// mayPinANSI reports whether src may hold a \u or \U escape, or a $"…"
// string, which bash translates as it reads it too (translate.go).
func mayPinANSI(src string) bool {
	return strings.Contains(src, `\u`) || strings.Contains(src, `\U`) || strings.Contains(src, `$"`)
}

// pinANSI rewrites the \u and \U escapes of the $'…' words of the nodes
// for the runner's current locale, and translates their $"…" strings.
// Here-document bodies are left alone (bash reads $'…' there as
// written), and so are the $'…' words of backquoted commands, which bash
// parses again when it runs them (their $"…" strings are translated
// now, close to when bash would).
func (r *Runner) pinANSI(nodes ...syntax.Node) {
	bytes := r.escBytes()
	for _, n := range nodes {
		walkOutsideHeredocs(n, func(node syntax.Node) bool {
			switch n := node.(type) {
			case *syntax.CmdSubst:
				if n.Backquotes {
					// their $"…" strings: translated now, close to
					// bash's reading them when the command runs
					r.translateIn(n)
					return false
				}
			case *syntax.SglQuoted:
				if n.Dollar {
					n.Value = pinUnicodeEscapes(n.Value, bytes)
				}
			case *syntax.DblQuoted:
				if n.Dollar {
					r.translateDollarDQ(n)
				}
			}
			return true
		})
	}
}

// walkOutsideHeredocs is syntax.Walk that leaves out here-document
// bodies, which bash reads as text: no $'…' or $"…" there.
func walkOutsideHeredocs(node syntax.Node, f func(syntax.Node) bool) {
	var visit func(syntax.Node) bool
	visit = func(n syntax.Node) bool {
		if rd, ok := n.(*syntax.Redirect); ok {
			if rd.Word != nil {
				walk(rd.Word, visit)
			}
			return false
		}
		return f(n)
	}
	walk(node, visit)
}

// pinUnicodeEscapes returns the body of a $'…' with each \u and \U escape
// replaced by \xHH escapes of what decodeEscapes makes of it (bytes: the
// locale is not UTF-8). The other escapes are kept as they are, read as
// decodeEscapes reads them, so that \c\u… stays a control character
// followed by text.
func pinUnicodeEscapes(s string, bytes bool) string {
	if !mayPinANSI(s) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			sb.WriteByte(c)
			continue
		}
		e := s[i+1]
		switch e {
		case 'c':
			// \c takes the next character (\\ as one backslash)
			j := i + 2
			if j < len(s) {
				j++
				if s[j-1] == '\\' && j < len(s) && s[j] == '\\' {
					j++
				}
			}
			sb.WriteString(s[i:j])
			i = j - 1
			continue
		case 'u', 'U':
		default:
			sb.WriteString(s[i : i+2])
			i++
			continue
		}
		n, j, ok := unicodeEscape(s, i+1)
		if !ok {
			sb.WriteString(s[i : i+2])
			i++
			continue
		}
		for _, b := range []byte(unicodeChar(n, bytes)) {
			sb.WriteString(`\x`)
			sb.WriteByte(hexDigits[b>>4])
			sb.WriteByte(hexDigits[b&15])
		}
		i = j - 1
	}
	return sb.String()
}

const hexDigits = "0123456789abcdef"

// stmtNodes returns stmts as nodes, for pinANSI.
func stmtNodes(stmts []*syntax.Stmt) []syntax.Node {
	out := make([]syntax.Node, len(stmts))
	for i, st := range stmts {
		out[i] = st
	}
	return out
}
