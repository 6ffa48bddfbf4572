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
// valid expansion mvdan cannot parse stays a syntax error; the exception
// is a transformation with an operator bash does not know (${x@Z}),
// which bash rejects only when the parameter has a value: paramExp
// decides when it expands it (badTransformValue).

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
		if !surelyBadSubst(body) {
			return "", nil, false
		}
		// right to left: each edit's offset is that of the text before
		// it; a "'" of the text is written '\'' in the quotes
		out := text[:j] + "']" + text[j:]
		edits := []parseEdit{{j, 2}}
		for k := j - 1; k >= i+2; k-- {
			if out[k] == '\'' {
				out = out[:k] + `'\'` + out[k:]
				edits = append(edits, parseEdit{k, 3})
			}
		}
		pre := badSubstName + "['"
		out = out[:i+2] + pre + out[i+2:]
		return out, append(edits, parseEdit{i + 2, len(pre)}), true
	}
}

// matchBrace returns the offset of the "}" matching the "{" at offset
// open (nested braces and quoted text skipped), or -1.
func matchBrace(text string, open int) int { return matchPair(text, open, '{', '}', false) }

// surelyBadSubst reports whether bash rejects the parameter expansion
// ${body}: a parameter (name, number or special character, with a
// subscript after a name) must be followed by nothing or by an operator.
// Forms it cannot judge simply (indirection, ambiguous "#") are not.
func surelyBadSubst(body string) bool {
	if body == "" {
		return true // ${}
	}
	if body[0] == '!' {
		// a transformation of the variable a name refers to: ${!ref@ }
		// (${!ref@} is the names starting with ref)
		if _, ok := indirectTransform(body); ok {
			return !validSubstOp(body[len(body)-len(transformPart(body)):])
		}
		return badIndirectName(body)
	}
	s := body
	length := false
	if s[0] == '#' && len(s) > 1 {
		switch c := s[1]; {
		case isNameStart(c) || isDigit(c):
			s, length = s[1:], true // ${#name}: the length
		case len(s) == 2 && strings.IndexByte("@*#?-$!", c) >= 0:
			return false // ${#*}: the length of a special parameter
		case len(s) == 2:
			return true // ${#/}, ${#+}: an operator of $# without its word
		}
	}
	n := paramLen(s)
	switch {
	case n < 0:
		// a subscript the braces end (${a[}, ${a[1}): bash finds no
		// valid array reference; one holding a command substitution
		// may hold the "}" matchBrace stopped at
		return !strings.Contains(s, "$(") && !strings.Contains(s, "`")
	case n == 0:
		return true
	}
	s = s[n:]
	if length {
		return s != "" // nothing may follow the parameter of ${#…}
	}
	return !validSubstOp(s)
}

// paramLen returns the length of the parameter s starts with: a name
// (with its subscript), a number or a special parameter; 0 when there is
// none, -1 when a subscript is not closed.
func paramLen(s string) int {
	switch {
	case s == "":
		return 0
	case isNameStart(s[0]):
		k := 1
		for k < len(s) && isNameChar(s[k]) {
			k++
		}
		if k < len(s) && s[k] == '[' {
			e := matchBracket(s, k)
			if e < 0 {
				return -1
			}
			k = e + 1
		}
		return k
	case isDigit(s[0]):
		k := 1
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		return k
	case strings.IndexByte("@*#?-$!0", s[0]) >= 0:
		return 1
	}
	return 0
}

// sliceRewrite quotes the offset and length of the substring expansion
// ${param:offset:length} whose "$" is at offset i, arithmetic bash only
// evaluates when it expands it.
func sliceRewrite(i int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		j := matchBrace(text, i+1)
		if j < 0 {
			return "", nil, false
		}
		from := i + 2
		n := paramLen(text[from:j])
		if n <= 0 || from+n >= j || text[from+n] != ':' || strings.IndexByte("-=?+", text[from+n+1]) >= 0 {
			return "", nil, false
		}
		off := from + n + 1
		end := j
		if k, _ := skipArith(text[off:j]); k >= 0 {
			end = off + k
		}
		var edits []parseEdit
		if end+1 == j {
			// ${x:1:}: bash takes an empty length as 0; an empty
			// quoted one is that, and shows as written (writtenText)
			text = text[:j] + synthQuote + `"` + text[j:]
			edits = append(edits, parseEdit{j, len(synthQuote) + 1})
		}
		if end < j && end+1 < j {
			// the length first, from the right
			var ok bool
			if text, _, ok = quoteRegion(text, end+1, j); !ok {
				return "", nil, false
			}
			edits = append(edits, parseEdit{j, 1}, parseEdit{end + 1, len(synthQuote)})
		}
		if end > off {
			var ok bool
			if text, _, ok = quoteRegion(text, off, end); !ok {
				return "", nil, false
			}
			edits = append(edits, parseEdit{end, 1}, parseEdit{off, len(synthQuote)})
		}
		return text, edits, len(edits) > 0
	}
}

// transformOps are the operators of ${param@op}.
const transformOps = "QEPAaUuLKk"

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
		// a transformation: one operator letter; a bad one is
		// rewritten too, and judged when it is expanded (see
		// badTransform)
		return len(s) == 2 && strings.IndexByte(transformOps, s[1]) >= 0
	}
	return false
}

// writtenBadSubst turns the rewritten bad substitutions in s back into
// the text as written.
func writtenBadSubst(s string) string {
	return unquoteRewrite(s, "${"+badSubstName+"['", "']}", "${", "}")
}

// badSubstText returns the text as written of a rewritten bad
// substitution, ${TEXT}.
func badSubstText(pe *syntax.ParamExp) (string, bool) {
	if pe.Index == nil {
		return "", false
	}
	w, ok := pe.Index.(*syntax.Word)
	if !ok || len(w.Parts) == 0 {
		return "", false
	}
	var sb strings.Builder
	sb.WriteString("${")
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			sb.WriteString(p.Value)
		case *syntax.Lit:
			if p.Value != `\'` {
				return "", false
			}
			sb.WriteByte('\'') // a "'" of the text
		default:
			return "", false
		}
	}
	sb.WriteString("}")
	return sb.String(), true
}

// badTransform reports the rewritten bad substitution text, ${…}, when it
// is a transformation with an operator bash does not know (${x@C},
// ${x@}): bash rejects it only when the parameter has a value, fatally,
// and expands it to nothing otherwise. It returns the parameter's text.
func badTransform(text string) (string, bool) {
	body := strings.TrimSuffix(strings.TrimPrefix(text, "${"), "}")
	if ref, ok := indirectTransform(body); ok {
		return "!" + ref, true
	}
	n := paramLen(body)
	if n <= 0 || n >= len(body) || body[n] != '@' {
		return "", false
	}
	return body[:n], true
}

// indirectTransform returns the name of ${!ref@op…}, body being the text
// between the braces, when it is the transformation of the variable ref
// names (with something after the "@": ${!ref@} lists names).
func indirectTransform(body string) (string, bool) {
	if len(body) < 2 || body[0] != '!' || !isNameStart(body[1]) && !isDigit(body[1]) {
		return "", false
	}
	n := paramLen(body[1:])
	if n <= 0 || 1+n+1 >= len(body) || body[1+n] != '@' {
		return "", false
	}
	return body[1 : 1+n], true
}

// transformPart returns what follows the parameter of ${!ref@op…}.
func transformPart(body string) string {
	ref, _ := indirectTransform(body)
	return body[1+len(ref):]
}

// badIndirectName reports whether bash rejects ${body}, body starting
// with "!", for the parameter it reads there (parameter_brace_expand):
// "!" and what follows up to an operator character; after a "!" directly
// followed by one of "#?@*", which may be indirected through, that
// character and the rest up to an operator. Indirection through a name,
// a number or one of "#?@*" needs that to be a valid parameter (${!?x},
// ${!#[0-9]}, ${!1x} are not); otherwise the whole is a parameter (${!}
// is $!, ${!!} and ${!$} are none). ${!prefix*}, ${!prefix@} and
// ${!name[@]} are other expansions, left alone.
func badIndirectName(body string) bool {
	const stops = "#%^,~:-=?+/@}" // with "~", as bash is built
	n := 1
	for n < len(body) && strings.IndexByte(stops, body[n]) < 0 {
		if body[n] == '[' {
			e := matchBracket(body, n)
			if e < 0 {
				return false
			}
			n = e
		}
		n++
	}
	name := body[:n]
	if n == 1 && n < len(body) && strings.IndexByte("#?@*", body[1]) >= 0 {
		n = 2
		for n < len(body) && strings.IndexByte("#%:-=?+/@}", body[n]) < 0 {
			n++
		}
		name = body[:n]
	}
	rest := body[n:]
	if rest == "@" || strings.HasSuffix(name, "*") && rest == "" {
		return false // ${!prefix@}, ${!prefix*}
	}
	if len(name) == 1 {
		return false // $! itself
	}
	switch c := name[1]; {
	case isNameStart(c) || isDigit(c):
		return paramLen(name[1:]) != len(name)-1
	case strings.IndexByte("#?@*", c) >= 0:
		return len(name) > 2
	}
	return true
}
