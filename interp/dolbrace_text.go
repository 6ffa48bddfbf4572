package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash's parser reads the text of a ${…} with parse_matched_pair, which
// translates each $'…' in it as it reads it: into its value in single
// quotes, or bare between double quotes unless it is in the word of a
// pattern operator (# % / ^ ,), following the "dolbrace state" of the
// braces it is in; a $"…" loses its $; a $(…) is printed back. The
// text stored, shown by declare -f, is the translated one. dolbraceText
// does the same to the text as written of a ${…} nash keeps as text (a
// bad substitution, which has no nodes for the printer to translate).

// The states of a ${…}'s text (bash's DOLBRACE_*).
const (
	dolbraceNone   = iota
	dolbraceParam  // the parameter
	dolbraceOp     // an operator
	dolbraceWord   // the word of a non-pattern operator
	dolbraceQuote  // the word of # % ^ ,
	dolbraceQuote2 // the pattern of /
)

// dolbraceText returns text, a ${…} as written, as bash's parser stores
// it: dq says it is between double quotes; escBytes is ansiC's. It returns
// text itself when it cannot read it.
func dolbraceText(text string, dq, escBytes bool) string {
	if !strings.HasPrefix(text, "${") || !strings.Contains(text, `$'`) && !strings.Contains(text, `$"`) && !strings.Contains(text, "$(") {
		return text
	}
	r := pairReader{s: text, k: 2, escBytes: escBytes}
	body, ok := r.pair(0, '{', '}', pairFlags{dolbrace: true, dquote: dq, firstClose: true})
	if !ok || r.k != len(text) {
		return text
	}
	return "${" + body
}

// dqDolbraceText returns text, a word as written, with each ${…}
// between double quotes in it as bash's parser stores it (dolbraceText).
func dqDolbraceText(text string, escBytes bool) string {
	if !strings.Contains(text, "$'") {
		return text
	}
	var b strings.Builder
	dq := false
	for k := 0; k < len(text); k++ {
		switch c := text[k]; {
		case c == '\\' && k+1 < len(text):
			b.WriteString(text[k : k+2])
			k++
			continue
		case c == '"':
			dq = !dq
		case c == '\'' && !dq:
			if e := closingQuote(text, k); e > 0 {
				b.WriteString(text[k : e+1])
				k = e
				continue
			}
		case c == '$' && dq && k+1 < len(text) && text[k+1] == '{':
			if e := matchBrace(text, k+1); e > 0 {
				b.WriteString(dolbraceText(text[k:e+1], true, escBytes))
				k = e
				continue
			}
		}
		b.WriteByte(text[k])
	}
	return b.String()
}

// dolbraceCloses says whether text, a ${…} between double quotes, has a
// close for its first two that no open quote hides. (A "{" does not
// nest: ${a{b}c} is read to the first "}", as bash's extraction reads it,
// and is a plain bad substitution.)
func dolbraceCloses(text string) bool {
	r := pairReader{s: text, k: 2}
	_, ok := r.pair(0, '{', '}', pairFlags{dolbrace: true, dquote: true, firstClose: true})
	return ok
}

// pairFlags are the flags of parse_matched_pair that matter here.
type pairFlags struct {
	dolbrace   bool // P_DOLBRACE: the text of a ${…}
	dquote     bool // P_DQUOTE: between double quotes
	firstClose bool // P_FIRSTCLOSE: the first close ends it
	allowEsc   bool // P_ALLOWESC: a backslash escapes in '…'
	arith      bool // P_ARITH: $((…)) or $[…]
}

// pairReader reads text as parse_matched_pair does.
type pairReader struct {
	s        string
	k        int
	escBytes bool
}

// pair reads from r.k to the close that ends the construct opened before
// it (qc being the quote it is in, parse_matched_pair's), and returns the
// text read, the close included, translated.
func (r *pairReader) pair(qc, open, close byte, fl pairFlags) (string, bool) {
	rdq := qc == '"' || fl.dquote // rflags' P_DQUOTE
	state := dolbraceNone
	if fl.dolbrace {
		state = dolbraceParam
	}
	var ret []byte
	count := 1
	wasDol, passNext := false, false
	for count > 0 {
		if r.k >= len(r.s) {
			return "", false
		}
		ch := r.s[r.k]
		r.k++
		if passNext {
			passNext = false
			if qc != '\'' && ch == '\n' {
				ret = ret[:len(ret)-1] // a backslash-newline disappears
				continue
			}
			ret = append(ret, ch)
			continue
		}
		switch {
		case ch == close:
			count--
		case open != close && wasDol && open == '{' && ch == open:
			count++
		case !fl.firstClose && ch == open:
			count++
		}
		ret = append(ret, ch)
		if count == 0 {
			break
		}
		if open == '\'' {
			passNext = fl.allowEsc && ch == '\\'
			continue
		}
		if ch == '\\' {
			passNext = true
		}
		if fl.dolbrace {
			state = dolbraceNext(state, ch, len(ret))
		}
		var ok bool
		switch {
		case open != close && (ch == '\'' || ch == '"' || ch == '`'):
			ret, ok = r.quoted(ret, ch, wasDol, rdq, state, fl)
		case open != close && (fl.dolbrace && (ch == '(' || ch == '{' || ch == '[') || fl.arith && ch == '('):
			ok = true
			if wasDol {
				ret, count, ok = r.dollarWord(ret, ch, open, count, rdq)
			}
		case open == close && open == '"' && ch == '`':
			var nest string
			nest, ok = r.pair(0, '`', '`', pairFlags{dquote: rdq})
			ret = append(ret, nest...)
		case open == close && open != '`' && wasDol && (ch == '(' || ch == '{' || ch == '['):
			ret, count, ok = r.dollarWord(ret, ch, open, count, rdq)
		default:
			ok = true
		}
		if !ok {
			return "", false
		}
		wasDol = ch == '$' && !wasDol
	}
	return string(ret), true
}

// dolbraceNext is the state of a ${…}'s text after the character ch,
// the n-th of it.
func dolbraceNext(state int, ch byte, n int) int {
	switch {
	case state == dolbraceParam && n > 1 && (ch == '%' || ch == '#' || ch == '^' || ch == ','):
		return dolbraceQuote
	case state == dolbraceParam && n > 1 && ch == '/':
		return dolbraceQuote2
	case state == dolbraceParam && strings.IndexByte("#%^,~:-=?+/", ch) >= 0:
		return dolbraceOp
	case state == dolbraceOp && strings.IndexByte("#%^,~:-=?+/", ch) < 0:
		return dolbraceWord
	}
	return state
}

// quoted reads the quoted string opened by q, the last byte of ret, and
// returns ret with it: a $'…' or $"…" translated.
func (r *pairReader) quoted(ret []byte, q byte, wasDol, rdq bool, state int, fl pairFlags) ([]byte, bool) {
	var qf pairFlags
	qf.dquote = rdq
	qf.allowEsc = wasDol && q == '\''
	nest, ok := r.pair(q, q, q, qf)
	if !ok {
		return nil, false
	}
	switch {
	case wasDol && q == '\'':
		// (extquote is on: translated also between double quotes)
		v := ansiC(nest[:len(nest)-1], r.escBytes)
		if !rdq || fl.dolbrace && (state == dolbraceQuote || state == dolbraceQuote2) {
			v = singleQuote(v)
		}
		return append(ret[:len(ret)-2], v...), true
	case wasDol && q == '"':
		// (sh_mkdoublequoted: the text as it is, in double quotes)
		return append(append(ret[:len(ret)-2], '"'), nest...), true
	}
	return append(ret, nest...), true
}

// dollarWord reads the $(…), ${…} or $[…] opened by ch, the last byte of
// ret, in a construct opened by open, whose count it returns.
func (r *pairReader) dollarWord(ret []byte, ch, open byte, count int, rdq bool) ([]byte, int, bool) {
	if open == ch {
		count-- // (parse_matched_pair counted it)
	}
	var nest string
	var ok bool
	switch ch {
	case '(':
		if r.k < len(r.s) && r.s[r.k] == '(' {
			// $((…)): parse_comsub reads it as arithmetic
			// (not between double quotes: parse_comsub drops P_DQUOTE)
			nest, ok = r.pair(0, '(', ')', pairFlags{arith: true})
			break
		}
		// parse_comsub prints the command back
		e := matchParen(r.s, r.k-1)
		if e < 0 {
			return nil, 0, false
		}
		nest, ok = reprintComsubText(r.s[r.k:e], r.escBytes)
		r.k = e + 1
	case '{':
		nest, ok = r.pair(0, '{', '}', pairFlags{dolbrace: true, dquote: rdq, firstClose: true})
	case '[':
		nest, ok = r.pair(0, '[', ']', pairFlags{dquote: rdq, arith: true})
	}
	return append(ret, nest...), count, ok
}

// markDquoted records, in p.dqBad and p.dqFunsub, the bad substitutions
// kept as text (badSubstName's) and the ${ …;} and ${|…;} between double
// quotes in n, not in a command substitution nested there: the raw calls
// on the nodes inside n do not see the double quotes around them.
func (p *cmdPrinter) markDquoted(n syntax.Node) {
	walk(n, func(node syntax.Node) bool {
		dq, ok := node.(*syntax.DblQuoted)
		if !ok {
			return true
		}
		walk(dq, func(node syntax.Node) bool {
			switch node := node.(type) {
			case *syntax.CmdSubst:
				if node.TempFile || node.ReplyVar {
					if p.dqFunsub == nil {
						p.dqFunsub = map[*syntax.CmdSubst]bool{}
					}
					p.dqFunsub[node] = true
				}
				return false
			case *syntax.ProcSubst:
				return false
			case *syntax.ParamExp:
				if node.Param != nil && node.Param.Value == badSubstName {
					if p.dqBad == nil {
						p.dqBad = map[*syntax.ParamExp]bool{}
					}
					p.dqBad[node] = true
				}
			}
			return true
		})
		return false
	})
}

// reprintComsubText is body, the text of a $(…), printed back as bash's
// parse_comsub does, with the closing ")".
func reprintComsubText(body string, escBytes bool) (string, bool) {
	f, text, err := parseProgram(body, "")
	if err != nil {
		return "", false
	}
	p := &cmdPrinter{src: text, amount: 4, comsub: true, escBytes: escBytes}
	p.list(f.Stmts)
	p.flushDeferred("")
	return comsubLead(p.sb.String()) + ")", true
}
