package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A parameter expansion bash's parser accepts (it only matches the
// braces) but rejects when it expands it, with "${…}: bad substitution",
// may not parse with mvdan's parser at all (${H*}, ${-3}, ${x@}). Such an
// expansion is rewritten into one that parses and that paramExp reports
// as bash does: ${__nash_bad_substitution['TEXT']}, the text as written
// in single quotes. Only text bash surely rejects is rewritten, so a
// valid expansion mvdan cannot parse stays a syntax error.

// badSubstName is the parameter of a rewritten bad substitution.
const badSubstName = "__nash_bad_substitution"

// badSubstRewrite rewrites the ${…} whose "$" is at offset i when bash
// would reject its text.
func badSubstRewrite(i int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		j := matchBrace(text, i+1)
		if j < 0 {
			return "", nil, false
		}
		body := text[i+2 : j]
		if strings.ContainsAny(body, "'\n") || !surelyBadSubst(body) {
			return "", nil, false
		}
		pre := badSubstName + "['"
		out := text[:i+2] + pre + body + "']" + text[j:]
		return out, []parseEdit{{i + 2, len(pre)}, {j + len(pre), 2}}, true
	}
}

// matchBrace returns the offset of the "}" matching the "{" at offset
// open (nested braces and quoted text skipped), or -1.
func matchBrace(text string, open int) int {
	depth := 0
	for k := open; k < len(text); k++ {
		switch text[k] {
		case '\\':
			k++
		case '\'', '"', '`':
			if k = skipQuoted(text, k); k < 0 {
				return -1
			}
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// surelyBadSubst reports whether bash rejects the parameter expansion
// ${body}: a parameter (name, number or special character, with a
// subscript after a name) must be followed by nothing or by an operator.
// Forms it cannot judge simply (indirection, ambiguous "#") are not.
func surelyBadSubst(body string) bool {
	if body == "" || body[0] == '!' {
		return false
	}
	s := body
	if s[0] == '#' && len(s) > 1 && (isNameStart(s[1]) || isDigit(s[1])) {
		s = s[1:] // ${#name}: the length
	}
	switch {
	case isNameStart(s[0]):
		k := 1
		for k < len(s) && isNameChar(s[k]) {
			k++
		}
		s = s[k:]
		if strings.HasPrefix(s, "[") {
			e := matchBracket(s, 0)
			if e < 0 {
				return false
			}
			s = s[e+1:]
		}
	case isDigit(s[0]):
		k := 1
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		s = s[k:]
	case strings.IndexByte("@*#?-$!0", s[0]) >= 0:
		s = s[1:]
	default:
		return true
	}
	return !validSubstOp(s)
}

// validSubstOp reports whether s, what follows the parameter of an
// expansion, is empty or starts an operator bash knows.
func validSubstOp(s string) bool {
	if s == "" {
		return true
	}
	switch s[0] {
	case '-', '=', '?', '+', '#', '%', '/', '^', ',', '~':
		return true
	case ':':
		return len(s) > 1
	case '@':
		// a transformation: bash rejects a bad one only when the
		// parameter is set, and then fatally; not judged here
		return true
	}
	return false
}

// writtenBadSubst turns the rewritten bad substitutions in s back into
// the text as written.
func writtenBadSubst(s string) string {
	pre := "${" + badSubstName + "['"
	for {
		i := strings.Index(s, pre)
		if i < 0 {
			return s
		}
		j := strings.Index(s[i+len(pre):], "']}")
		if j < 0 {
			return s
		}
		j += i + len(pre)
		s = s[:i] + "${" + s[i+len(pre):j] + "}" + s[j+3:]
	}
}

// badSubstText returns the text as written of a rewritten bad
// substitution, ${TEXT}.
func badSubstText(pe *syntax.ParamExp) (string, bool) {
	if pe.Index == nil {
		return "", false
	}
	w, ok := pe.Index.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return "", false
	}
	sq, ok := w.Parts[0].(*syntax.SglQuoted)
	if !ok || sq.Dollar {
		return "", false
	}
	return "${" + sq.Value + "}", true
}
