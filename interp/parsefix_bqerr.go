package interp

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash parses the text of a `…` substitution only when it runs it, so a
// syntax error there (`"pwd`, `echo (`) is reported then, "command
// substitution: line N: …", the substitution's status is 2, and the
// script goes on. mvdan's parser parses it with the program and rejects
// the program. bqErrorRewrite makes the text an argument of a marker
// command, `__nash_bq_error 'TEXT'` (each "'" of it written '\''); cmdSubst
// finds the marker (bqErrorText), parses the text again and reports its
// error as bash does.

// bqErrorName is the marker command of a rewritten `…`.
const bqErrorName = "__nash_bq_error"

// comsubErrName names a command substitution's syntax error for
// reportSyntaxErrorLines.
const comsubErrName = "command substitution"

// procSubstErrName is comsubErrName for a <(…) or >(…).
const procSubstErrName = "process substitution"

// isSubstErrName reports whether name is that of a substitution's text
// (comsubErrName, procSubstErrName), which bash parses when it runs it.
func isSubstErrName(name string) bool {
	return name == comsubErrName || name == procSubstErrName
}

// bqErrorRewrites lists a rewrite of each `…` before offset at (the
// error) or on its line, read from offset from (where the statement
// holding the error starts), last first.
func bqErrorRewrites(text string, from, at int) []parseRewrite {
	// an error about a construct left open (a quote that a "'" in a
	// `…` opened) is positioned at its start: the rest of its line too
	to := len(text)
	if nl := strings.IndexByte(text[min(at, len(text)):], '\n'); nl >= 0 {
		to = at + nl
	}
	var out []parseRewrite
	for _, open := range bqOpenings(text, from, to) {
		if len(out) == maxBqErrorCandidates {
			break
		}
		out = append(out, bqErrorRewrite(open))
	}
	return out
}

// bqEncloses reports whether offset at of text lies inside a `…` that
// opens after offset from.
func bqEncloses(text string, from, at int) bool {
	for _, open := range bqOpenings(text, from, at) {
		if end := bqClosing(text, open); end < 0 || end > at {
			return true
		}
	}
	return false
}

// maxBqErrorCandidates bounds the `…` tried for one parse error.
const maxBqErrorCandidates = 4

// bqOpenings returns the offsets of the "`" that open a `…` between
// offsets from and to, reading quotes and comments as bash does, last
// first.
func bqOpenings(text string, from, to int) []int {
	var opens []int
	dq := false
	for k := from; k < len(text) && k < to; k++ {
		switch c := text[k]; {
		case c == '\\':
			k++
		case c == '"':
			dq = !dq
		case c == '\'' && !dq:
			if k = closingQuote(text, k); k < 0 {
				return nil
			}
		case c == '#' && !dq && (k == 0 || isBlankOrOp(text[k-1])):
			e := strings.IndexByte(text[k:], '\n')
			if e < 0 {
				return nil
			}
			k += e
		case c == '`':
			opens = append(opens, k)
			e := bqClosing(text, k)
			if e < 0 {
				k = len(text)
				break
			}
			k = e
		}
	}
	slices.Reverse(opens)
	return opens
}

// bqClosing returns the offset of the "`" closing the one at offset
// open, or -1.
func bqClosing(text string, open int) int {
	for k := open + 1; k < len(text); k++ {
		switch text[k] {
		case '\\':
			k++
		case '`':
			return k
		}
	}
	return -1
}

// bqErrorRewrite turns the `…` whose opening "`" is at offset open into
// `__nash_bq_error '…'`.
func bqErrorRewrite(open int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		end := bqClosing(text, open)
		if end < 0 {
			return "", nil, false
		}
		// right to left: each edit's offset is that of the text before it
		text = text[:end] + "'" + text[end:]
		edits := []parseEdit{{end, 1}}
		for k := end - 1; k > open; k-- {
			if text[k] == '\'' {
				text = text[:k+1] + `\''` + text[k+1:]
				edits = append(edits, parseEdit{k + 1, 3})
			}
		}
		pre := bqErrorName + " '"
		text = text[:open+1] + pre + text[open+1:]
		edits = append(edits, parseEdit{open + 1, len(pre)})
		return text, edits, true
	}
}

// bqErrorText returns the text of a `…` that bqErrorRewrite rewrote.
func bqErrorText(cs *syntax.CmdSubst) (string, bool) {
	if !cs.Backquotes || len(cs.Stmts) != 1 {
		return "", false
	}
	call, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 2 || call.Args[0].Lit() != bqErrorName {
		return "", false
	}
	var sb strings.Builder
	for _, p := range call.Args[1].Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted:
			sb.WriteString(p.Value)
		case *syntax.Lit:
			sb.WriteString(strings.ReplaceAll(p.Value, `\'`, "'"))
		default:
			return "", false
		}
	}
	return sb.String(), true
}

// bqSyntaxError runs the text of a `…` as bash does when it does not
// parse: the commands before the line of the error run (their output is
// the substitution's), then the error is reported, and the substitution's
// status is 2. Text that parses on its own (mvdan's parser can fail on
// the program around it) is run whole.
func (r *Runner) bqSyntaxError(text string) (string, error) {
	f, fixed, perr := parseProgram(text, "")
	before := completeBefore(fixed)
	if perr == nil {
		before = f.Stmts
	}
	var out string
	var err error
	if len(before) > 0 {
		oldSrc := r.curSrc
		r.curSrc = fixed
		if perr == nil {
			// bash's parse of the text warns of here-documents the end
			// of the text delimited, lines counted from the command's
			oldOff := r.lineOff
			r.lineOff = r.line - 1
			r.warnHdocEOF(before, true)
			r.lineOff = oldOff
		}
		lines := strings.Count(fixed, "\n") + 1
		out, err = r.cmdSubst(&syntax.CmdSubst{
			Left:       syntax.NewPos(0, 1, 1),
			Right:      syntax.NewPos(uint(len(fixed)), uint(lines), 1),
			Stmts:      before,
			Backquotes: true,
		})
		r.curSrc = oldSrc
		if err != nil {
			return out, err
		}
	}
	if perr == nil {
		return out, nil
	}
	r.reportSyntaxError(perr, text, comsubErrName)
	r.lastSubStatus = 2
	r.exit = 2
	return out, nil
}

// writtenBqError turns the rewritten `…` in s back into the text as
// written.
func writtenBqError(s string) string {
	return unquoteRewrite(s, "`"+bqErrorName+" '", "'`", "`", "`")
}
