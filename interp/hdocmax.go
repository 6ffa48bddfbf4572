package interp

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash's parser keeps at most HEREDOC_MAX (16) here-documents waiting
// for their bodies: a 17th operator on one line is a fatal error,
// "maximum here-document count exceeded", and the shell exits with
// status 2 before anything on that line runs.

// hdocMax is bash's HEREDOC_MAX.
const hdocMax = 16

// hdocMaxText is the error's text, as bash words it.
const hdocMaxText = "maximum here-document count exceeded"

// mayExceedHdocMax is a cheap test of a program's text: a line with
// fewer "<<" than that cannot exceed the limit (hdocMaxError counts the
// operators by the line they are written on).
func mayExceedHdocMax(text string) bool {
	if strings.Count(text, "<<") <= hdocMax {
		return false
	}
	for line := range strings.Lines(text) {
		if strings.Count(line, "<<") > hdocMax {
			return true
		}
	}
	return false
}

// hdocMaxError is the error of the first line of stmts with more
// here-document operators than bash keeps, or nil.
func hdocMaxError(stmts []*syntax.Stmt, name string) error {
	perLine := map[uint]int{}
	var at *syntax.Redirect
	for _, st := range stmts {
		walk(st, func(n syntax.Node) bool {
			if at != nil {
				return false
			}
			if rd, ok := n.(*syntax.Redirect); ok && (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc) {
				l := rd.OpPos.Line()
				if perLine[l]++; perLine[l] > hdocMax {
					at = rd
				}
			}
			return true
		})
		if at != nil {
			return syntax.ParseError{Filename: name, Pos: at.OpPos, Text: hdocMaxText}
		}
	}
	return nil
}

// hdocMaxCut is, for the statements of a sourced file or an eval'd text
// that parsed, the statements bash runs before its parser meets a line
// with more here-document operators than it keeps, and that error; nil
// error when there is none. bash's parser exits the shell there (with
// EX_BADSYNTAX, 257: $? in the EXIT trap, status 1), having run the
// lines before it (hdocMaxFatal).
func hdocMaxCut(stmts []*syntax.Stmt, text, name string) ([]*syntax.Stmt, error) {
	if !mayExceedHdocMax(text) {
		return stmts, nil
	}
	err := hdocMaxError(stmts, name)
	if err == nil {
		return stmts, nil
	}
	line := parseErrLine(err)
	var before []*syntax.Stmt
	for _, st := range stmts {
		if st.End().Line() >= line {
			break
		}
		before = append(before, st)
	}
	return before, err
}

// isHdocMaxError reports whether err is hdocMaxError's.
func isHdocMaxError(err error) bool {
	var pe syntax.ParseError
	return errors.As(err, &pe) && pe.Text == hdocMaxText
}

// hdocMaxFatal ends the shell as bash's parser does after that error in
// a sourced file or an eval'd text.
func (r *Runner) hdocMaxFatal() {
	r.exit = exBadSyntax
	r.flow, r.exitCode = flowExit, exBadSyntax
}
