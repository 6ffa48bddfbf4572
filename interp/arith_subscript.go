package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash 5.2 expands an array subscript in an arithmetic expression once:
// while it expands the expression's text ((( )), $(( )), slices), each
// [subscript] is expanded as a word on its own and the characters that
// would start another expansion or end the subscript are backslash-quoted
// (expand_array_subscript), so that the evaluator takes a key such as
// `x],b[$(cmd)' from (( a[$key]++ )) as it is instead of parsing or
// running it. It does so only when the text has something to expand.

// arithExpChars are the characters that make bash expand an arithmetic
// expression's text (ARITH_EXP_CHAR); without one it only removes quotes.
const arithExpChars = "$`~"

// arithExpands reports whether the source text s of an expression holds
// one of arithExpChars as written: the "$" of the double quotes a parse
// rewrite put around the text (synthQuote) is none of the script's.
func arithExpands(s string) bool {
	if strings.Contains(s, synthQuote) {
		s = strings.ReplaceAll(s, synthQuote, "")
	}
	return strings.ContainsAny(s, arithExpChars)
}

// subscriptQuoteChars are the characters bash backslash-quotes in an
// expanded arithmetic subscript.
const subscriptQuoteChars = "[]$`~\\'\""

// quoteArithSubscript backslash-quotes s as expand_array_subscript does.
func quoteArithSubscript(s string) string {
	if !strings.ContainsAny(s, subscriptQuoteChars) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(subscriptQuoteChars, s[i]) >= 0 {
			sb.WriteByte('\\')
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// arithPartsText expands src[from:to], the text of an arithmetic
// expression whose expansions are parts (in order, within the range), as
// between double quotes, expanding each [subscript] once and quoting it
// (see above). A double-quoted part is expanded the same way inside.
// word: the text is a word's ([[ ]] operands), whose backslashes all
// quote, rather than an expression's.
func (r *Runner) arithPartsText(src string, from, to int, parts []syntax.WordPart, word bool) (string, error) {
	return r.arithPartsTextIn(src, from, to, parts, word, false)
}

// arithPartsTextIn is arithPartsText; dq: the text is between double
// quotes, which bash extracts first (string_extract_double_quoted), a
// backslash before a double quote dropped, so a subscript's \"k\" is "k"
// when it is expanded, and then k.
func (r *Runner) arithPartsTextIn(src string, from, to int, parts []syntax.WordPart, word, dq bool) (string, error) {
	var b strings.Builder
	run := from // start of the literal text not yet written
	flush := func(i int) {
		b.WriteString(arithUnescape(src[run:i], word))
	}
	pi := 0
	for i := from; i < to; {
		if pi < len(parts) && int(parts[pi].Pos().Offset()) == i {
			p := parts[pi]
			pe := int(p.End().Offset())
			flush(i)
			var s string
			var err error
			if dq, ok := p.(*syntax.DblQuoted); ok && !dq.Dollar {
				s, err = r.arithPartsTextIn(src, i+1, pe-1, expansionParts(dq.Parts), false, true)
			} else if sq, ok := p.(*syntax.SglQuoted); ok && !sq.Dollar && !word {
				s, err = r.arithSglText(sq)
			} else {
				s, err = r.literal(&syntax.Word{Parts: []syntax.WordPart{p}})
			}
			if err != nil {
				return "", err
			}
			b.WriteString(r.arithAnsiC(p, s, word))
			i, run = pe, pe
			pi++
			continue
		}
		switch src[i] {
		case '\\':
			i += 2
			continue
		case '[':
			q := subscriptEnd(src[:to], i)
			if q <= i+1 {
				break
			}
			// the parts inside the subscript
			pj := pi
			for pj < len(parts) && int(parts[pj].Pos().Offset()) < q {
				pj++
			}
			var key string
			var err error
			inner := parts[pi:pj]
			if plainBetween(src, i+1, q, inner) {
				// [$k], ["$k"], [k$((i%7))]: plain text and the parts'
				// values, without parsing the text again
				key, err = r.joinParts(src, i+1, q, inner)
			} else if sub := src[i+1 : q]; dq {
				key, err = r.subscriptText(strings.ReplaceAll(sub, `\"`, `"`))
			} else {
				key, err = r.subscriptText(sub)
			}
			if err != nil {
				return "", err
			}
			flush(i)
			b.WriteString("[" + quoteArithSubscript(key) + "]")
			i, run, pi = q+1, q+1, pj
			continue
		}
		i++
	}
	if run < to {
		flush(to)
	}
	return b.String(), nil
}

// plainBetween reports whether src[from:to] outside parts has nothing
// that quotes or expands (so the text between the parts is literal) and
// no part is a process substitution, which a subscript does not expand.
func plainBetween(src string, from, to int, parts []syntax.WordPart) bool {
	at := from
	for _, p := range parts {
		if _, ok := p.(*syntax.ProcSubst); ok {
			return false // no process substitution in a subscript
		}
		if strings.ContainsAny(src[at:p.Pos().Offset()], "\\'\"$`~") {
			return false
		}
		at = int(p.End().Offset())
	}
	return !strings.ContainsAny(src[at:to], "\\'\"$`~")
}

// joinParts is src[from:to] with each part replaced by its value.
func (r *Runner) joinParts(src string, from, to int, parts []syntax.WordPart) (string, error) {
	var b strings.Builder
	at := from
	for _, p := range parts {
		b.WriteString(src[at:p.Pos().Offset()])
		v, err := r.literal(&syntax.Word{Parts: []syntax.WordPart{p}})
		if err != nil {
			return "", err
		}
		b.WriteString(v)
		at = int(p.End().Offset())
	}
	b.WriteString(src[at:to])
	return b.String(), nil
}

// expansionParts returns the parts of a double-quoted word that expand.
func expansionParts(ps []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for _, p := range ps {
		switch p.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
			out = append(out, p)
		}
	}
	return out
}

// arithSubscriptText is the text of an indexed array's subscript as the
// evaluator expands it before evaluating it (array_expand_index): as
// between double quotes, with its own subscripts expanded once, when it
// has something to expand; otherwise with quotes removed.
func (r *Runner) arithSubscriptText(s string) (string, error) {
	if !strings.ContainsAny(s, arithExpChars) {
		if !strings.ContainsAny(s, "\\\"") {
			return s, nil
		}
		return dquoteRemoval(s), nil
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			if strings.IndexByte(dblQuotable, s[i+1]) < 0 {
				b.WriteByte(c)
			}
			if s[i+1] != '\n' {
				b.WriteByte(s[i+1])
			}
			i += 2
		case c == '"':
			i++
		case c == '$' || c == '`':
			t, n, err := r.expansionAt(s[i:])
			if err != nil {
				return "", err
			}
			b.WriteString(t)
			i += n
		case c == '[':
			q := subscriptEnd(s, i)
			if q <= i+1 {
				b.WriteByte(c)
				i++
				continue
			}
			key, err := r.subscriptText(s[i+1 : q])
			if err != nil {
				return "", err
			}
			b.WriteString("[" + quoteArithSubscript(key) + "]")
			i = q + 1
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), nil
}

// dquoteRemoval removes quotes from s as bash's string_quote_removal does
// for text between double quotes: double quotes go, single quotes stay,
// a backslash goes only before a character it quotes there.
func dquoteRemoval(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			if strings.IndexByte(dblQuotable, s[i+1]) < 0 {
				b.WriteByte(c)
			}
			i++
			if s[i] != '\n' {
				b.WriteByte(s[i])
			}
		case c == '"':
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// condArithWord expands an operand of a [[ ]] arithmetic comparison, whose
// subscripts bash expands once as in (( )) (cond_expand_word with
// Q_ARITH), and in which a process substitution is text (see
// condsubscript.go). expand_word_internal does that for every [ it
// meets under Q_ARITH, between double quotes too, whether or not the
// word holds anything else to expand (unlike expand_arith_string), so
// the quotes of "arr['1']" go as the subscript is expanded.
func (r *Runner) condArithWord(w *syntax.Word) (string, error) {
	return r.qArithWord(w, true)
}

// qArithWord expands w as bash's cond_expand_word does with Q_ARITH,
// quoting each [subscript] once expanded. always: every subscript is
// quoted ([[ -v ]]); otherwise only when the word has something to
// expand.
func (r *Runner) qArithWord(w *syntax.Word, always bool) (string, error) {
	src := r.curSrc
	if w == nil || !w.Pos().IsValid() || src == "" {
		return r.literal(w)
	}
	start, end := int(w.Pos().Offset()), int(w.End().Offset())
	if start < 0 || end > len(src) || start > end || strings.IndexByte(src[start:end], '[') < 0 || !always && !arithExpands(src[start:end]) && !subscriptProcSubst(w) {
		return r.literal(w)
	}
	var parts []syntax.WordPart
	for _, p := range w.Parts {
		if _, ok := p.(*syntax.Lit); !ok {
			parts = append(parts, p)
		}
	}
	s, err := r.arithPartsText(src, start, end, parts, true)
	// the source's bytes as written (rawbytes.go)
	return decodeRawBytes(s), err
}
