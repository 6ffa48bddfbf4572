package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// mvdan's parser reads extended patterns (@(…), !(…), …) whether or not
// extglob is on; bash's lexer only when it is on at the time it reads the
// command, and otherwise stops at the "(" with a syntax error. So a command
// read while extglob is off is checked for them before it runs, and one
// that holds an extended pattern is reported as the syntax error bash
// gives. Inside [[ ]] bash always reads them, and the text of a ${…} is
// read as a whole, so those places are not checked.

// mayHoldExtGlob is a quick test of the text a command was parsed from:
// an extended pattern has one of ?*+@! right before its "(". Text
// without one needs no walk of its tree.
func mayHoldExtGlob(text string) bool {
	for i := strings.IndexByte(text, '('); i >= 0; {
		if i > 0 && strings.IndexByte("?*+@!", text[i-1]) >= 0 {
			return true
		}
		j := strings.IndexByte(text[i+1:], '(')
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return false
}

// firstExtGlob returns the first extended pattern in stmts that bash would
// reject with extglob off, or nil.
func firstExtGlob(stmts []*syntax.Stmt) *syntax.ExtGlob {
	var found, exempt *syntax.ExtGlob
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if found != nil {
				return false
			}
			switch n := n.(type) {
			case *syntax.TestClause, *syntax.ParamExp:
				return false
			case *syntax.CallExpr:
				// "!(cmd)" as a command: with extglob off bash reads a
				// negated subshell (left as it is here)
				if len(n.Args) > 0 && len(n.Args[0].Parts) == 1 {
					if eg, ok := n.Args[0].Parts[0].(*syntax.ExtGlob); ok && eg.Op == syntax.GlobExcept {
						exempt = eg
					}
				}
			case *syntax.ExtGlob:
				if n != exempt {
					found = n
				}
				return false
			}
			return true
		})
		if found != nil {
			break
		}
	}
	return found
}

// extglobParseError is the syntax error bash reports for stmts, read while
// extglob is off, or nil. It first reads their "!(cmd)" pipelines as bash
// does then (see negatedSubshells).
func (r *Runner) extglobParseError(stmts []*syntax.Stmt, name string) error {
	if r.opts.sh(shExtglob) {
		return nil
	}
	negatedSubshells(stmts)
	eg := firstExtGlob(stmts)
	if eg == nil {
		return nil
	}
	// bash stops at the "(" after the operator character
	p := eg.OpPos
	return syntax.ParseError{
		Filename: name,
		Pos:      syntax.NewPos(p.Offset()+1, p.Line(), p.Col()+1),
		Text:     "extended pattern with extglob off",
	}
}

// reportExtglobError reports err, an extglobParseError of the top-level
// command that starts at byte start of src: bash's words for the text
// from that line on (its earlier lines were read with other settings).
func (r *Runner) reportExtglobError(err error, src string, start int) {
	pe, ok := err.(syntax.ParseError)
	if !ok || start > len(src) {
		r.reportSyntaxError(err, src, "")
		return
	}
	lines := strings.Count(src[:start], "\n")
	pe.Pos = syntax.NewPos(pe.Pos.Offset()-uint(start), pe.Pos.Line()-uint(lines), pe.Pos.Col())
	oldOff := r.lineOff
	r.lineOff += lines
	r.reportSyntaxError(pe, src[start:], "")
	r.lineOff = oldOff
}
