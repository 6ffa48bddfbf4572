package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// expandRefSubscript expands, once, the subscript of pe, a reference that
// parseIndirect read from text (the value of a nameref or of ${!x}): bash
// expands such a subscript when it uses the reference, as a word that is
// not split (x[$i], A["a b"], x[$(f)]), and then evaluates it
// arithmetically or uses it as the key. The expanded text replaces the
// subscript; indexString and arith take it verbatim (see
// unpositionedLit). A [@] or [*] subscript is left alone.
func (r *Runner) expandRefSubscript(pe *syntax.ParamExp) error {
	w, ok := pe.Index.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return nil
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok || l.Value == "@" || l.Value == "*" {
		return nil
	}
	s, err := r.subscriptText(l.Value)
	if err != nil {
		return err
	}
	l.Value = s
	return nil
}

// subscriptText expands s as bash's expand_subscript_string does: quotes
// and backslashes removed, parameter, arithmetic and command substitutions
// done, no tilde expansion or word splitting.
func (r *Runner) subscriptText(s string) (string, error) {
	if !strings.ContainsAny(s, "$`\\'\"") {
		return s, nil
	}
	var b strings.Builder
	dq := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			if dq && strings.IndexByte("$`\"\\\n", s[i+1]) < 0 {
				b.WriteByte(c)
			}
			if s[i+1] != '\n' {
				b.WriteByte(s[i+1])
			}
			i += 2
		case c == '"':
			dq = !dq
			i++
		case c == '\'' && !dq:
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				b.WriteString(s[i+1:])
				return b.String(), nil
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 2
		case c == '$' || c == '`':
			t, n, err := r.expansionAt(s[i:])
			if err != nil {
				return "", err
			}
			b.WriteString(t)
			i += n
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), nil
}

// expansionAt expands the expansion ($x, ${…}, $(…), $((…)), `…`) that
// starts s, returning its value and its length; a $ that starts none is
// itself.
func (r *Runner) expansionAt(s string) (string, int, error) {
	w, text, err := parseDocument(s)
	if err != nil || w == nil || len(w.Parts) == 0 {
		return s[:1], 1, nil
	}
	part := w.Parts[0]
	switch part.(type) {
	case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
	default:
		return s[:1], 1, nil
	}
	n := int(part.End().Offset())
	if part.Pos().Offset() != 0 || n <= 0 || n > len(text) {
		return s[:1], 1, nil
	}
	// the new nodes' offsets are into text (nodeText and arithText read them)
	old := r.curSrc
	r.curSrc = text
	n = len(decodeRawBytes(text[:n])) // the length in s
	defer func() { r.curSrc = old }()
	t, err := r.document(&syntax.Word{Parts: []syntax.WordPart{part}})
	return t, n, err
}

// unpositionedLit returns the text of a subscript made from text rather
// than parsed from the script (see parseIndirect), used as it is.
func unpositionedLit(idx syntax.ArithmExpr) (string, bool) {
	w, ok := idx.(*syntax.Word)
	if !ok || len(w.Parts) != 1 || w.Pos().IsValid() {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return l.Value, true
}

// subscriptEnd returns the index of the ] that closes the subscript whose
// [ is at s[open], or -1, skipping what bash's skipsubscript skips:
// nested brackets, quoted text, backslash escapes, `…`, $(…) and ${…}.
func subscriptEnd(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			depth++
		case ']':
			if depth--; depth == 0 {
				return i
			}
		case '\'', '`':
			if i = closingQuote(s, i); i < 0 {
				return -1
			}
		case '"':
			if i = quotedEnd(s, i+1); i < 0 {
				return -1
			}
		case '$':
			if i = skipExpansion(s, i); i < 0 {
				return -1
			}
		}
	}
	return -1
}

// closingQuote returns the index of the ' or ` that closes the one at
// s[i], or -1.
func closingQuote(s string, i int) int {
	j := strings.IndexByte(s[i+1:], s[i])
	if j < 0 {
		return -1
	}
	return i + j + 1
}

// quotedEnd returns the index of the " that ends double-quoted text
// starting at s[i], or -1.
func quotedEnd(s string, i int) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		case '$':
			if i = skipExpansion(s, i); i < 0 {
				return -1
			}
		}
	}
	return -1
}

// skipExpansion steps over a $( ) or ${ } whose $ is s[i]: it returns
// the index of the closing byte, i itself when no group starts there, or
// -1 when the group is not closed.
func skipExpansion(s string, i int) int {
	if i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{') {
		return groupEnd(s, i+1)
	}
	return i
}

// groupEnd returns the index of the ) or } that closes the ( or { at
// s[open], skipping quoted text, or -1.
func groupEnd(s string, open int) int {
	o := s[open]
	c := byte(')')
	if o == '{' {
		c = '}'
	}
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case o:
			depth++
		case c:
			if depth--; depth == 0 {
				return i
			}
		case '\'':
			if i = closingQuote(s, i); i < 0 {
				return -1
			}
		case '"':
			if i = quotedEnd(s, i+1); i < 0 {
				return -1
			}
		}
	}
	return -1
}

// validArrayRef reports whether s is name[subscript] as bash's
// valid_array_reference accepts it: a name, then one non-empty subscript
// whose closing ] ends s.
func validArrayRef(s string) bool {
	i := strings.IndexByte(s, '[')
	return i > 0 && validName(s[:i]) && len(s) > i+2 && subscriptEnd(s, i) == len(s)-1
}

// textSubscriptKey expands sub, the subscript of name[sub] given as text (to
// read, printf -v or declare), once, as bash does before it assigns the
// element. An associative array's key may not be empty; an indexed
// array's subscript is evaluated, the empty expression being element 0.
func (r *Runner) textSubscriptKey(name, sub string) (string, error) {
	k, err := r.subscriptText(sub)
	if err != nil {
		return "", err
	}
	if v := r.vars.get(name); v != nil && v.kind == kAssoc {
		if k == "" {
			return "", badSubscriptErr(name + "[" + sub + "]")
		}
		return k, nil
	}
	// an indexed subscript is evaluated here, once; its arithmetic
	// error is bash's, raised while it assigns: reported without the
	// builtin's name, it abandons the command line
	n, err := r.arithString(k)
	if ae, ok := err.(*arithError); ok {
		return "", &discardError{msg: ae.Error(), noPrefix: true, toTop: true}
	} else if err != nil {
		return "", err
	}
	return itoa(n), nil
}

// discarded reports err, when it is a discardError, as bash does and
// abandons the command line; it reports whether it was one.
func (r *Runner) discarded(err error) bool {
	d, ok := err.(*discardError)
	if !ok {
		return false
	}
	if d.noPrefix {
		r.errorf("%s", d.msg)
		if d.report && r.reportExit() {
			return true // report_error under set -e
		}
	} else {
		r.expansionTimeErr(d.msg)
	}
	r.exit, r.flow = 1, flowAbort
	r.topUnwind(err)
	return true
}
