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
// gives. Inside [[ ]] bash reads them in the pattern operands of its
// matching operators (see patternOperands), and the text of a ${…} is read
// as a whole, so those places are not checked.

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

// extglobStop returns the position of the token bash's parser stops at
// in stmts, read with extglob off, because of an extended pattern: the
// "(" after its operator character, or for a command word "!(cmd)" that
// negatedSubshells left (bash reads "!" and a subshell there), the "!"
// of one that is a later command of a pipeline ("!" may only start one)
// or the word after one that has arguments. It is not valid when there
// is none.
func extglobStop(stmts []*syntax.Stmt) syntax.Pos {
	var stop syntax.Pos
	var exempt *syntax.ExtGlob
	inner := map[*syntax.Stmt]bool{}   // the later commands of pipelines
	var patterns map[*syntax.Word]bool // the pattern operands in [[ ]]
	for _, st := range stmts {
		walk(st, func(n syntax.Node) bool {
			if stop.IsValid() {
				return false
			}
			switch n := n.(type) {
			case *syntax.ParamExp:
				return false
			case *syntax.CmdSubst:
				if n.Backquotes {
					// its text is read only when it runs
					// (substByGroups)
					return false
				}
			case *syntax.TestClause:
				if patterns == nil {
					patterns = map[*syntax.Word]bool{}
				}
				patternOperands(n.X, patterns)
			case *syntax.Word:
				if patterns[n] {
					return false
				}
			case *syntax.BinaryCmd:
				if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
					inner[n.Y] = true
				}
			case *syntax.Stmt:
				if eg := negationWord(n); eg != nil {
					call := n.Cmd.(*syntax.CallExpr)
					switch {
					case inner[n]:
						stop = eg.OpPos
					case len(call.Args) > 1:
						stop = call.Args[1].Pos()
					default:
						// a negated subshell whose text does
						// not parse: left as it is here
						exempt = eg
					}
				}
			case *syntax.ExtGlob:
				if n != exempt {
					p := n.OpPos
					stop = syntax.NewPos(p.Offset()+1, p.Line(), p.Col()+1)
				}
				return false
			}
			return true
		})
		if stop.IsValid() {
			break
		}
	}
	return stop
}

// negationWord returns the "!(…)" that is the whole first word of st's
// command, or nil.
func negationWord(st *syntax.Stmt) *syntax.ExtGlob {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return nil
	}
	return soleNegation(call.Args[0])
}

// extglobParseError is the syntax error bash reports for stmts, read while
// extglob is off, or nil. It first reads their "!(cmd)" pipelines as bash
// does then (see negatedSubshells).
func (r *Runner) extglobParseError(stmts []*syntax.Stmt, name string) error {
	if r.opts.sh(shExtglob) {
		return nil
	}
	negatedSubshells(stmts)
	negatedTests(stmts)
	p := extglobStop(stmts)
	if !p.IsValid() {
		return nil
	}
	return syntax.ParseError{
		Filename: name,
		Pos:      p,
		Text:     "extended pattern with extglob off",
	}
}

// reportExtglobError reports err, an extglobParseError of the top-level
// command that starts at byte start of src: bash's words for the text
// from that line on (its earlier lines were read with other settings).
// written is src as written, before nash's parse rewrites, which keep
// its lines: bash quotes the line from it. keepStatus is as for
// reportSyntaxError.
func (r *Runner) reportExtglobError(err error, src, written string, start int) (keepStatus bool) {
	return r.reportExtglobErrorAs(err, src, written, start, "")
}

// reportExtglobErrorAs is reportExtglobError for a text that name, as
// reportSyntaxError takes it, reads: an eval'd string's lines count from
// the eval's line, here that of the text read from start on.
func (r *Runner) reportExtglobErrorAs(err error, src, written string, start int, name string) (keepStatus bool) {
	pe, ok := err.(syntax.ParseError)
	if !ok || start > len(src) {
		return r.reportSyntaxError(err, src, name)
	}
	lines := strings.Count(src[:start], "\n")
	pe.Pos = syntax.NewPos(pe.Pos.Offset()-uint(start), pe.Pos.Line()-uint(lines), pe.Pos.Col())
	text := written[lineStart(written, lines+1):]
	oldOff, oldLine := r.lineOff, r.line
	r.lineOff += lines
	r.line = r.lineOff + 1
	keepStatus = r.reportSyntaxError(pe, text, name)
	r.lineOff, r.line = oldOff, oldLine
	return keepStatus
}
