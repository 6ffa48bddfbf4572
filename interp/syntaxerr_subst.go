package interp

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash parses the text of $(…), <(…) and >(…) with a parser of its own
// (parse_comsub), and a syntax error there leaves the shell by another
// way than other syntax errors: a -c string ends with status 127 where a
// script ends with status 2. The end of the text met inside it, or an
// unclosed quote, is an error like others, status 2.

// substSyntaxStatus is the status bash's -c string ends with after a
// syntax error inside a command or process substitution.
const substSyntaxStatus = 127

// inSubstError reports whether the syntax error err, positioned in
// text, is inside a command or process substitution.
func inSubstError(err error, text string) bool {
	var pe syntax.ParseError
	var le syntax.LangError
	if errors.As(err, &le) {
		// a construct of another shell (() { :; }, an anonymous
		// function): a syntax error to bash, where it stands
		return inSubstAt(text, int(le.Pos.Offset()))
	}
	if !errors.As(err, &pe) || pe.Incomplete || strings.Contains(pe.Text, "without closing quote") {
		return false // the end of the text, or a quote left open: status 2
	}
	return inSubstAt(text, int(pe.Pos.Offset()))
}

// inSubstAt reports whether offset off of text is inside a $(…), <(…)
// or >(…) left open there (not $((…)), arithmetic). Quotes, escapes and
// comments are skipped as bash reads them; the quotes of a substitution
// are its own.
func inSubstAt(text string, off int) bool {
	type open struct {
		subst, dq bool // a substitution, and the double quotes around it
	}
	var stack []open
	substs, dq := 0, false
	for k := 0; k < len(text) && k < off; k++ {
		switch c := text[k]; {
		case c == '\\':
			k++
		case c == '"':
			dq = !dq
		case c == '\'' && !dq:
			if k = closingQuote(text, k); k < 0 {
				return false
			}
		case c == '`':
			// the error of a `…` left open is its own
			if k = bqClosing(text, k); k < 0 || k >= off {
				return false
			}
		case c == '#' && !dq && (k == 0 || isBlankOrOp(text[k-1])):
			for k < len(text) && k < off && text[k] != '\n' {
				k++
			}
		case k+1 < len(text) && text[k+1] == '(' && (c == '$' || !dq && (c == '<' || c == '>')):
			// (an escaped "$" was skipped with its backslash)
			k++
			if c == '$' && k+1 < len(text) && text[k+1] == '(' {
				k++ // $((: arithmetic
				stack = append(stack, open{false, dq}, open{false, dq})
				continue
			}
			stack = append(stack, open{true, dq})
			substs++
			dq = false
		case c == '(' && !dq:
			stack = append(stack, open{false, dq})
		case c == ')' && !dq && len(stack) > 0:
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if top.subst {
				substs--
			}
			dq = top.dq
		}
	}
	return substs > 0
}

// isBlankOrOp reports whether c may come before a comment's "#".
func isBlankOrOp(c byte) bool {
	switch c {
	case ' ', '\t', '\n', ';', '&', '|', '(', ')':
		return true
	}
	return false
}

// substSyntaxExit ends the shell as bash does after a syntax error err
// (positioned in text) inside a substitution of a string that eval,
// source or a trap action parses (name, as reportSyntaxError takes it):
// parse_comsub's error unwinds past them with the status its
// report_syntax_error left, EX_BADSYNTAX (1 once truncated) for a
// builtin's text, EX_BADUSAGE (2) for a trap's; 127 for a -c string at
// its top level, as when the string itself fails. In the EXIT trap the
// jump ends the action only: the shell is exiting with its own status.
// It reports whether it ended the shell.
func (r *Runner) substSyntaxExit(err error, text, name string) bool {
	if name == "exit trap" || !inSubstError(err, text) {
		return false
	}
	r.exit = 1
	if strings.HasSuffix(name, "trap") {
		r.exit = 2
	}
	if r.sh.cmdString && r.subLevel == 0 {
		r.exit = substSyntaxStatus
	}
	r.flow = flowExit
	r.exitCode = r.exit
	return true
}
