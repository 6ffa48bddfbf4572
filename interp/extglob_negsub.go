package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// With extglob off, bash's lexer reads "!(cmd)" at the start of a
// pipeline as "!" and a subshell: a negated subshell. mvdan's parser reads
// an extended pattern there, a command word. negatedSubshells, applied
// to the commands read while extglob is off, turns such a pipeline's
// first command into the subshell parsed from the pattern's text, and
// toggles the negation of the pipeline ("! !(false)" negates twice).
// Elsewhere (a later command of a pipeline, a command word with
// arguments) bash reports a syntax error; those are left alone.

// negatedSubshells rewrites the "!(cmd)" pipelines of stmts in place.
func negatedSubshells(stmts []*syntax.Stmt) {
	inner := map[*syntax.Stmt]bool{} // the later commands of pipelines
	for _, st := range stmts {
		walk(st, func(n syntax.Node) bool {
			st, ok := n.(*syntax.Stmt)
			if !ok || inner[st] {
				return true
			}
			first := st
			for {
				b, ok := first.Cmd.(*syntax.BinaryCmd)
				if !ok || b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
					break
				}
				inner[b.Y] = true
				first = b.X
			}
			if sub := negSubshell(first); sub != nil {
				first.Cmd = sub
				st.Negated = !st.Negated
			}
			return true
		})
	}
}

// negSubshell returns the subshell of st when st is a command "!(cmd)"
// alone whose cmd parses, or nil.
func negSubshell(st *syntax.Stmt) *syntax.Subshell {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(call.Args) != 1 {
		return nil
	}
	eg := soleNegation(call.Args[0])
	if eg == nil || eg.Pattern == nil {
		return nil
	}
	lit := eg.Pattern
	stmts, ok := parseInPlace(lit.Value, lit.ValuePos)
	if !ok {
		return nil
	}
	lp, rp := eg.OpPos, lit.ValueEnd
	return &syntax.Subshell{
		Lparen: posShift(lp, 1),
		Rparen: rp,
		Stmts:  stmts,
	}
}

// parseInPlace parses text, which starts at pos in a program, into
// statements positioned as they are in that program: blanks and
// newlines stand for what comes before it.
func parseInPlace(text string, pos syntax.Pos) ([]*syntax.Stmt, bool) {
	off, line, col := int(pos.Offset()), int(pos.Line()), int(pos.Col())
	lead := off - (line - 1) - (col - 1)
	if !pos.IsValid() || lead < 0 {
		return nil, false
	}
	var sb strings.Builder
	sb.Grow(off + len(text))
	sb.WriteString(strings.Repeat(" ", lead))
	sb.WriteString(strings.Repeat("\n", line-1))
	sb.WriteString(strings.Repeat(" ", col-1))
	sb.WriteString(text)
	f, err := parseBash(sb.String(), "")
	if err != nil {
		return nil, false
	}
	return f.Stmts, true
}

// soleNegation returns the "!(…)" that is the whole of w, or nil.
func soleNegation(w *syntax.Word) *syntax.ExtGlob {
	if len(w.Parts) != 1 {
		return nil
	}
	eg, ok := w.Parts[0].(*syntax.ExtGlob)
	if !ok || eg.Op != syntax.GlobExcept {
		return nil
	}
	return eg
}
