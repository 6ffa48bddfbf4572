package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash translates a $'…' inside ${…} as it reads the word (extquote): in
// double quotes or a here-document the parameter itself may be one, and
// names the variable its value names ("${$'x1'%t}" is "${x1%t}");
// elsewhere, and after the operator, the value is put back in single
// quotes, so that ${$'x1'} is the bad substitution ${'x1'}. mvdan's
// parser rejects both, so parsefix_subst.go rewrites them as bad
// substitutions, which are resolved here when they expand.

// ansiParamEnd returns the offset after the $'…' that starts the
// parameter of text, a ${…}, or -1.
func ansiParamEnd(text string) int {
	if !strings.HasPrefix(text, "${$'") {
		return -1
	}
	return dollarQuoteEnd(text, 3)
}

// dollarQuoteEnd returns the offset after the $'…' whose "'" is at
// offset k, or -1.
func dollarQuoteEnd(text string, k int) int {
	for k++; k < len(text); k++ {
		switch text[k] {
		case '\\':
			k++
		case '\'':
			return k + 1
		}
	}
	return -1
}

// requoteAnsi returns text, a ${…}, as bash shows it: each $'…' in it
// as its value in single quotes, but the parameter's own as its value
// when dqParam (in double quotes).
func requoteAnsi(text string, dqParam bool) string {
	return ansiShown(text, func(k int) bool { return dqParam && k == 2 }, false)
}

// funsubShown returns text, a ${ …;} or ${|…;} (bash 5.3's), as bash
// 5.2 shows it in its "bad substitution" error: its parser read the
// braces as a ${…} and translated each $'…' in it (single-quoted, or
// as its value between double quotes, dq) and each $"…" (double-quoted).
func funsubShown(text string, dq bool) string {
	return ansiShown(text, func(int) bool { return dq }, true)
}

// ansiShown returns text with each $'…' in it as bash's parser shows it
// in an error: its value in single quotes, or bare where bare says so
// of the $ at k; with locale, each $"…" also loses its $.
func ansiShown(text string, bare func(k int) bool, locale bool) string {
	if !strings.Contains(text, "$'") && !(locale && strings.Contains(text, `$"`)) {
		return text
	}
	var sb strings.Builder
	for k := 0; k < len(text); k++ {
		c := text[k]
		switch {
		case c == '\\' && k+1 < len(text):
			sb.WriteString(text[k : k+2])
			k++
			continue
		case c == '\'':
			if e := closingQuote(text, k); e > 0 {
				sb.WriteString(text[k : e+1])
				k = e
				continue
			}
		case locale && c == '$' && k+1 < len(text) && text[k+1] == '"':
			continue // the quotes stay
		case c == '$' && k+1 < len(text) && text[k+1] == '\'':
			if e := dollarQuoteEnd(text, k+1); e > 0 {
				v := ansiC(text[k+2:e-1], false)
				if bare(k) {
					sb.WriteString(v)
				} else {
					sb.WriteString(singleQuote(v)) // sh_single_quote
				}
				k = e - 1
				continue
			}
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

// posixAnsiParamShown returns text, holding a double-quoted ${…} whose
// parameter is a $'…', as a POSIX shell's bad substitution shows it: the
// first such ${…} with the $'…' of a pattern operator's word translated
// (single-quoted), the rest as written.
func posixAnsiParamShown(text string) string {
	i := strings.Index(text, "${$'")
	if i < 0 {
		return text
	}
	end := i + ansiParamEnd(text[i:])
	close := matchBrace(text, i+1)
	if end <= i || close < end || end == close || strings.IndexByte("#%/^,", text[end]) < 0 {
		return text
	}
	return text[:end] + ansiShown(text[end:close], func(int) bool { return false }, false) + text[close:]
}

// expandAnsiParam expands, quoted, the rewritten bad substitution text
// whose parameter is a $'…' (see ansiParamEnd): ${NAME…}, NAME being its
// value, or the bad substitution bash reports when that is no parameter.
func (r *Runner) expandAnsiParam(b *fieldBuilder, text string, end int) error {
	if r.opts.on(optPosix) {
		// a POSIX shell's parser takes a single quote in a double-quoted
		// ${…} for an ordinary character outside a pattern operator's
		// word (Austin Group interp 221): the $'…' parameter stays as
		// written, a bad substitution, and only such a word's $'…' is
		// shown translated
		return r.badSubstErr(posixAnsiParamShown(text))
	}
	name := ansiC(text[4:end-1], r.escBytes())
	bad := r.badSubstErr(requoteAnsi(text, true))
	if name == "" || paramLen(name) != len(name) {
		return bad
	}
	src := `"${` + name + text[end:] + `"`
	f, err := parseBash(src, "")
	if err != nil || len(f.Stmts) != 1 {
		return bad
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 1 || len(call.Args[0].Parts) != 1 {
		return bad
	}
	dq, ok := call.Args[0].Parts[0].(*syntax.DblQuoted)
	if !ok || len(dq.Parts) != 1 {
		return bad
	}
	pe, ok := dq.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Param != nil && pe.Param.Value == badSubstName {
		return bad
	}
	return r.expandParamPart(b, pe, true)
}
