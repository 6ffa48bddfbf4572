package interp

import (
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

// mayExceedHdocMax is a cheap test of a program's text: fewer "<<" than
// that cannot exceed the limit.
func mayExceedHdocMax(text string) bool {
	return strings.Count(text, "<<") > hdocMax
}

// hdocMaxError is the error of the first line of stmts with more
// here-document operators than bash keeps, or nil.
func hdocMaxError(stmts []*syntax.Stmt, name string) error {
	perLine := map[uint]int{}
	var at *syntax.Redirect
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
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
