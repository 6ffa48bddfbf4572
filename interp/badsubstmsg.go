package interp

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash names, in a "bad substitution" error, the whole string it was
// expanding, not the ${…} alone: the word (A${-3}B, quotes and all), the
// text between double quotes, the word of an operator (${x:-${-3}}) or a
// here-document's body. placeBadSubst gives an error from expanding node
// that text; the innermost such string counts.

// placeBadSubst returns err with the text of node in its message when err
// is a bad substitution that no inner string has named yet.
func (r *Runner) placeBadSubst(err error, node syntax.Node) error {
	if e, ok := err.(*expandError); ok && e.outer {
		text := r.nodeText(node)
		if e.quoteCut {
			text = dqDolbraceText(text, r.escBytes())
		}
		return placeBadSubstText(err, text)
	}
	if !unplacedBadSubst(err) {
		return err
	}
	text := r.nodeText(node)
	if _, ok := node.(*syntax.DblQuoted); ok && (unclosedSubscriptSubst(err) || quoteInSubst(err)) {
		// (bash's extract_dollar_brace_string gives up the command
		// line: DISCARD, never fatal, in POSIX mode too)
		e := err.(*expandError)
		text = dqDolbraceText(text, r.escBytes())
		e.msg, e.outer, e.fatal = "bad substitution: no closing `}' in "+text, true, false
		return err
	}
	if _, ok := node.(*syntax.DblQuoted); ok {
		text = strings.TrimPrefix(text, "$")
		if len(text) >= 2 && text[0] == '"' && text[len(text)-1] == '"' {
			text = text[1 : len(text)-1]
		}
	}
	return placeBadSubstText(err, text)
}

// unclosedSubscriptSubst reports whether err rejects a ${name[…} whose
// subscript has no closing "]". Between double quotes bash extracts the
// ${…} first (string_extract_double_quoted, extract_dollar_brace_string),
// skipping the subscript of the parameter's name to its "]": the "}"
// goes with it, the scan runs off the end of the word, and the error is
// "bad substitution: no closing `}' in WORD".
func unclosedSubscriptSubst(err error) bool {
	e, ok := err.(*expandError)
	if !ok {
		return false
	}
	body, ok := strings.CutSuffix(e.msg, "}: bad substitution")
	if !ok || !strings.HasPrefix(body, "${") {
		return false
	}
	body = body[2:]
	i := 0
	for i < len(body) && isNameChar(body[i]) {
		i++
	}
	if i == 0 || !isNameStart(body[0]) || i == len(body) || body[i] != '[' {
		return false
	}
	return subscriptEnd(body, i) < 0
}

// quoteInSubst reports whether err rejects a ${…} leaving a quote open,
// which dqAnsiFix made of a "${x-$'\"'}": between double quotes bash's
// extraction of the ${…} runs off the end of the word at it, as for
// unclosedSubscriptSubst.
func quoteInSubst(err error) bool {
	e, ok := err.(*expandError)
	return ok && e.quoteCut
}

// placeBadSubstText is placeBadSubst with the text given.
func placeBadSubstText(err error, text string) error {
	var e *expandError
	if errors.As(err, &e) && e.outer {
		if i := strings.Index(e.msg, " in "); i >= 0 {
			e.msg = e.msg[:i+len(" in ")] + text
		}
		return err
	}
	if !errors.As(err, &e) || !unplacedBadSubst(err) {
		return err
	}
	// only around the ${…} as written (a ${$'x'} bash names as it
	// rewrote it, ${'x'}, keeps that name)
	inner := strings.TrimSuffix(e.msg, ": bad substitution")
	if !strings.Contains(text, inner) {
		// a ${ …;} names its text with its $'…' translated, as bash
		// put it in the string (funsubShown)
		for _, dq := range []bool{true, false} {
			if d := funsubShown(text, dq); strings.Contains(d, inner) {
				text = d
				break
			}
		}
		if d := posixAnsiParamShown(text); !strings.Contains(text, inner) && strings.Contains(d, inner) {
			text = d // see expandAnsiParam
		}
	}
	if strings.Contains(text, inner) {
		e.msg = text + ": bad substitution"
	}
	e.placed = true
	return err
}

// unplacedBadSubst reports whether err is a bad substitution that names
// the ${…} alone.
func unplacedBadSubst(err error) bool {
	var e *expandError
	return errors.As(err, &e) && !e.placed && strings.HasPrefix(e.msg, "${") && strings.HasSuffix(e.msg, ": bad substitution")
}

// hdocBodyText is the text of a here-document body as written.
func (r *Runner) hdocBodyText(w *syntax.Word) string {
	var sb strings.Builder
	for _, p := range w.Parts {
		if lit, ok := p.(*syntax.Lit); ok {
			sb.WriteString(lit.Value)
			continue
		}
		sb.WriteString(r.nodeText(p))
	}
	return sb.String()
}

// renameBadSubst has a bad substitution error that names the string from
// name the string to instead.
func renameBadSubst(err error, from, to string) {
	var e *expandError
	if !errors.As(err, &e) {
		return
	}
	if strings.HasPrefix(e.msg, from+": bad substitution") {
		e.msg = to + e.msg[len(from):]
	} else if e.outer && strings.HasSuffix(e.msg, " in "+from) {
		e.msg = e.msg[:len(e.msg)-len(from)] + to
	}
}
